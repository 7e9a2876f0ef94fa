"""Hospital Rush rules: the Game and its State.

Set-up deals a random player board to each seat and fills the four beds
(chance, one card at a time).  A round: every seat, from the starting
player clockwise, places its first action marker and performs the action;
then its second; phase 3 discharges cured patients; phase 4 ends the game
if anyone has 10 or more prestige; phase 5 discharges bed 4 preterm, slides
the patients toward bed 4 and refills the beds from the patient stack
(chance; the discards are reshuffled when the stack runs out).

An action that asks for choices (which tile, which patient, which opponent)
becomes a queue of *tasks*, each decided by one seat with one small action
at a time; ``Done`` forfeits the rest of a task.  A task that has nothing
left to choose but ``Done`` ends by itself.  Readings of unclear rules:
``docs/rulings/hospital_rush.md``.

The state is put together from mixins, one concern each:
:class:`.treatment.Treatment` (treating patients, when a patient is cured,
discharging them), :class:`.main_board.MainBoard` (the action spaces of the
main board) and :class:`.player_boards.PlayerBoards` (the action spaces of
the player boards); each holds the legality of the tasks it queues.  This
module holds the turn sequence (placing, tasks, chance), the end of the game
and of the round, and the dispatch tables that tie actions, action spaces
and tasks to the mixins' methods.

Nothing is hidden: the patient stack is unordered here (every draw is a
uniform chance node over the cards left), and its contents follow from the
cards in the beds and in the face-up discard pile.

Examples
--------
>>> import simlab
>>> state = HospitalRushGame(players=3).new_initial_state()
>>> while state.current_player == simlab.CHANCE:   # set-up and phase 1 (chance)
...     _ = state.apply(state.chance_outcomes()[0][0])
>>> state.phase, str(state.legal_actions()[0])      # phase 2: the first action marker
(<Phase.PLACE: 'place'>, 'Seat 0 places on fetch medicine (2 free)')
"""

from __future__ import annotations

import enum
import functools
from fractions import Fraction
from typing import Any, TypeVar

from simlab.core.api import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    LegalCache,
    Option,
    Outcome,
)
from simlab.core.chance import uniform_index
from simlab.core.errors import ConfigError, SimlabError
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush import main_board, player_boards, treatment
from simlab.games.hospital_rush import tasks as T
from simlab.games.hospital_rush.components import Components, Patient, load_components
from simlab.games.hospital_rush.fields import _DONE, Bed
from simlab.games.hospital_rush.main_board import BRIBES, MainBoard, learnable
from simlab.games.hospital_rush.player_boards import (
    BUCKS_PER_MEDICINE,
    THEO_SKILL_PRICE,
    PlayerBoards,
)
from simlab.games.hospital_rush.treatment import Treatment

__all__ = [
    "BRIBES",
    "BUCKS_PER_MEDICINE",
    "Bed",
    "THEO_SKILL_PRICE",
    "HospitalRushGame",
    "Phase",
    "HospitalRushState",
    "component_totals",
    "learnable",
]

class Phase(enum.StrEnum):
    """Where a round stands: boards dealt (set-up), beds filled (phase 1, chance), markers placed
    (phase 2), discharges and the end of the round (phases 3 to 5), the game over."""

    BOARDS = "boards"
    BEDS = "beds"
    PLACE = "place"
    DISCHARGE = "discharge"
    OVER = "over"


_T = TypeVar("_T", bound=T.Task)


@functools.cache
def _fraction(n: int) -> Fraction:
    return Fraction(1, n)


#: Seat names: the player colours the rulebook lets each player choose (render draws them).
COLOUR_NAMES = ("Red", "Blue", "Green", "Orange", "Purple")


class HospitalRushGame(Game):
    """Hospital Rush for 3 to 5 players.

    Examples
    --------
    >>> game = HospitalRushGame(players=5)
    >>> game.parse_action("Seat 0 places on bribe (5 bucks)")
    Place(seat=0, space='bribe_2')
    >>> sorted(s for s in game.red_spaces if s in game.main_spaces)
    ['bribe_1', 'bribe_2', 'sabotage']
    """

    NAME = "hospital_rush"
    TITLE = "Hospital Rush"
    MIN_PLAYERS = 3
    MAX_PLAYERS = 5
    DEFAULT_PLAYERS = 4
    OPTIONS = (
        Option(
            "max_rounds",
            200,
            "guard: the game also ends after this many rounds (random play may never reach "
            "10 prestige); docs/rulings/hospital_rush.md",
        ),
        Option(
            "cured_without_marker",
            "discharge",
            "a cured patient with no patient marker in phase 3 is discharged without points "
            "('discharge') or stays in its bed ('stay'); docs/rulings/hospital_rush.md",
            choices=("discharge", "stay"),
        ),
        Option(
            "reshuffle",
            "when_drawing",
            "'If the patient stack should run out, shuffle the discards': shuffle when a card "
            "must be drawn from the empty stack ('when_drawing') or as soon as its last card is "
            "drawn ('when_empty'); docs/rulings/hospital_rush.md",
            choices=("when_drawing", "when_empty"),
        ),
        Option(
            "malingerer_own_patient",
            "one",
            "Vanessa discards her own fully cured patient: 1 point in all ('one') or 1 as Vanessa "
            "and 1 as the treating player ('two'); docs/rulings/hospital_rush.md",
            choices=("one", "two"),
        ),
        Option(
            "chillax_right_side",
            "preterm",
            "Freddie's 'Chillax, man' on a bed-4 patient cured only on the right side of its "
            "card: preterm ('preterm') or an early discharge for 1 point ('early'); "
            "docs/rulings/hospital_rush.md",
            choices=("preterm", "early"),
        ),
        Option(
            "chillax_readmit",
            "any",
            "Freddie's 'Chillax, man' may readmit to bed 1 any patient of the discard pile, the "
            "one it just discharged included ('any'), or any but that one ('other'); "
            "docs/rulings/hospital_rush.md",
            choices=("any", "other"),
        ),
        Option(
            "payouts",
            "in-full",
            "the bucks of night shift, rat out, overtime and I'm telling the boss are paid in "
            "full ('in-full') or are a choice that may be forfeited ('may-forfeit', l.285); "
            "docs/rulings/hospital_rush.md ruling 6",
            choices=("in-full", "may-forfeit"),
        ),
        Option(
            "malingerer_skills",
            False,
            "Pharmacy and Finance also act when 'What a malingerer' discards a fully cured "
            "patient of yours, read as 'a cured patient of yours is discharged'; "
            "docs/rulings/hospital_rush.md ruling 12",
            choices=(False, True),
        ),
        Option(
            "night_shift_4",
            False,
            "the 5-player side has a 4th night-shift space paying 4 bucks (reconstructed; the "
            "rulebook lists 3 spaces, '2, 3 or 4', and no 4th among the 5-player differences); "
            "docs/rulings/hospital_rush.md",
            choices=(False, True),
        ),
    )

    def __init__(self, players: int | None = None, variants: Any = (), **options: Any) -> None:
        super().__init__(players, variants, **options)
        if self.options["max_rounds"] < 1:
            raise ConfigError("option 'max_rounds' must be at least 1")
        self.data: Components = load_components(self.component_set)
        data = self.data
        self.colours = data.colours
        self.tiles = ("patch", *data.colours)
        self.patients: dict[str, Patient] = {p.name: p for p in data.patients}
        spaces = tuple(
            s
            for s in data.spaces_for(self.players)
            if s.id != "night_shift_4" or self.options["night_shift_4"]
        )
        #: space id -> kind ("blue", "red", "unlimited", "night") for main and board spaces.
        self.space: dict[str, str] = {s.id: s.kind for s in spaces}
        self.amount: dict[str, int] = {s.id: s.amount for s in spaces}
        self.main_spaces = tuple(s.id for s in spaces if s.kind != "night")
        self.night_spaces = tuple(s.id for s in spaces if s.kind == "night")
        self.board_spaces: dict[str, tuple[str, ...]] = {}
        for a in data.board_actions:
            self.space[a.id] = a.kind
            self.board_spaces.setdefault(a.board, ())
            self.board_spaces[a.board] += (a.id,)
        self.red_spaces = frozenset(s for s, k in self.space.items() if k == "red")
        #: space id -> its title, for main-board and player-board spaces (action texts).
        self.titles: dict[str, str] = A.titles(data)
        #: (seat, space id) -> the action that places there, made once, with its title.
        self.places: dict[tuple[int, str], A.Place] = {
            (seat, space): A.Place(seat, space, title)
            for seat in range(self.players) for space, title in self.titles.items()}
        self.goal = data.supply["prestige_goal"]
        self.low = data.supply["prestige_min"]
        self.high = data.supply["prestige_max"]

    def components(self) -> dict[str, str]:
        """A one-line summary of each kind of component (for ``simlab info``).

        Examples
        --------
        >>> HospitalRushGame().components()["patient cards"]
        '23 (6 named in the rulebook, tiles reconstructed)'
        """
        d = self.data
        named = sum(not p.reconstructed for p in d.patients)
        return {
            "main board": f"{len(self.main_spaces) + len(self.night_spaces)} action spaces on "
            f"the {'5' if self.players >= 5 else '3/4'} side (kinds reconstructed)",
            "patient cards": f"{len(d.patients)} ({named} named in the rulebook, tiles "
            "reconstructed)",
            "player boards": ", ".join(d.boards) + " (2 reconstructed)",
            "medicine": f"{d.medicine_per_colour(self.players)} of each of {', '.join(d.colours)}",
            "supply": f"{d.supply['bucks']} bucks, {d.supply['patches']} patches, "
            f"{d.supply['study_markers']} study markers",
        }

    def new_initial_state(self) -> HospitalRushState:
        """The position before set-up chance (dealing player boards)."""
        return HospitalRushState(self)

    def parse_action(self, text: str) -> Action:
        """Read an action from its text (see :func:`actions.parse_action`)."""
        return A.parse_action(text, self.data)

    def seat_names(self) -> list[str]:
        """The player colours, ``Red`` ... in seat order."""
        return list(COLOUR_NAMES[: self.players])

class HospitalRushState(Treatment, MainBoard, PlayerBoards, LegalCache):
    """A Hospital Rush position (everything is public).

    Attributes
    ----------
    phase : str
        ``"boards"`` / ``"beds"`` (chance), ``"place"``, ``"discharge"``, ``"over"``.
    beds : list
        Four beds (index 0 is bed 1); each ``None`` or a :class:`~.fields.Bed`: its
        patient, the tiles on it (patches, colour 0, 1, 2), the treating seat's patient
        marker and Marina Clementina's watcher ("I'll just watch and learn").
    occupied : dict
        Action space id -> seats whose action markers are on it this round.
    tasks : list of Task
        Pending decisions (:mod:`.tasks`); the first is being decided.
    steals : list
        ``(thief, victim, item)`` for every steal of the game (the steal graph).
    """

    game: HospitalRushGame

    def __init__(self, game: HospitalRushGame) -> None:
        super().__init__(game)
        # Each field's type is declared once, in fields.StateFields (for the mixins too).
        n = game.players
        sup = game.data.supply
        self.phase: Phase = Phase.BOARDS
        self.round = 1
        self.boards = [None] * n
        self.bank = sup["bucks"] - n * sup["starting_bucks"]
        self.bucks = [sup["starting_bucks"]] * n
        self.chest = [game.data.medicine_per_colour(n)] * 3
        self.medicine = [[0, 0, 0] for _ in range(n)]
        self.patches = sup["patches"]
        self.study_markers = sup["study_markers"]
        self.skills = [[] for _ in range(n)]
        self.exam = [False] * n
        self.prestige = [0] * n
        self.beds = [None] * sup["beds"]
        self.stack = sorted(game.patients)
        self.discard = []
        self.occupied = {}
        self.placed = 0
        self.start = 0
        self.next_start = None
        self.tasks = []
        self.steals = []
        self.end_reason = ""
        self._legal = None

    # -- copying -------------------------------------------------------------------
    def clone(self) -> HospitalRushState:
        """An independent copy: each attribute copied as deep as it holds mutable values.

        Written out for this state's fields (:data:`_COPIED` once, :data:`_NESTED` a
        list a seat, the beds and the occupied spaces); every other field holds
        immutable values (numbers, strings, the phase, the cached legal actions), which
        the copy shares, as the generic :meth:`State.clone` would.  A field set by other
        code is copied by :func:`simlab.core.api.plain_copy`.
        ``tests/games/hospital_rush/test_clone.py`` checks that no mutable value is
        shared with the original.

        Examples
        --------
        >>> s = HospitalRushGame(players=3).new_initial_state()
        >>> s.beds[0] = Bed("Al Furry")
        >>> c = s.clone()
        >>> c.beds[0].tiles[0] += 1; c.medicine[1][2] = 3
        >>> s.beds[0].tiles, s.medicine[1], c == s, s.clone() == s
        ([0, 0, 0, 0], [0, 0, 0], False, True)
        """
        d = self._copied_fields(_COPIED, _NESTED)  # numbers, strings, the phase, the game: shared
        d["beds"] = [None if b is None else Bed(b.patient, b.tiles.copy(), b.patient_marker,
                                                 b.watcher) for b in d["beds"]]
        d["occupied"] = {space: seats.copy() for space, seats in d["occupied"].items()}
        return self._finish_clone(d, _FIELDS)  # a field set by other code: plain_copy

    # -- who acts ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.tasks:
            return self.tasks[0].seat
        phase = self.phase
        if phase == Phase.PLACE:
            return (self.start + self.placed) % self.game.players
        if phase == Phase.OVER:
            return TERMINAL
        return CHANCE

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        left = [sum(medicine) + bucks
                for medicine, bucks in zip(self.medicine, self.bucks, strict=True)]
        return Outcome.most_points(self.prestige, self.end_reason, left,
                                   "; tie broken by most tiles left",
                                   "; shared victory (tied on prestige and tiles left)")

    # -- queries -------------------------------------------------------------------
    def placement_index(self, seat: int) -> int:
        """0 for the starting player, up to players - 1 for the last in the round."""
        return (seat - self.start) % self.game.players

    def available_spaces(self, seat: int) -> list[str]:
        """Action spaces ``seat`` may place a marker on now.

        Examples
        --------
        >>> s = HospitalRushGame(players=3).new_initial_state()
        >>> s.boards[0] = "Otto Claves"
        >>> s.available_spaces(0)[-3:]
        ['night_shift_1', 'overtime', 'cook_the_books']
        """
        game = self.game
        occ = self.occupied
        kind = game.space
        out = [s for s in game.main_spaces if s not in occ or kind[s] == "unlimited"]
        for s in game.night_spaces:
            if s not in occ:
                out.append(s)
                break
        board = self.boards[seat]
        if board is not None:
            out.extend(s for s in game.board_spaces[board] if s not in occ)
        return out

    def red_markers(self, seat: int | None = None) -> int:
        """Action markers on red spaces (of ``seat``, or of everyone)."""
        red = self.game.red_spaces
        return sum(
            1
            for s, seats in self.occupied.items()
            if s in red
            for x in seats
            if seat is None or x == seat
        )

    def red_opponents(self, seat: int) -> tuple[int, ...]:
        """The opponents of ``seat`` with an action marker on a red space, clockwise from it.

        Examples
        --------
        >>> s = HospitalRushGame(players=4).new_initial_state()
        >>> s.occupied = {"sabotage": [1], "bribe": [3], "rat_out": [2]}
        >>> s.red_opponents(2), s.red_opponents(3)
        ((3, 1), (1,))
        """
        n = self.game.players
        return tuple(v for v in ((seat + k) % n for k in range(1, n)) if self.red_markers(v))

    def _task(self, kind: type[_T]) -> _T:
        """The task being decided, which the action applied answers (checked legal before)."""
        task = self.tasks[0] if self.tasks else None
        if not isinstance(task, kind):  # pragma: no cover - legality is checked before
            raise SimlabError(f"hospital_rush: no {kind.__name__} is being decided")
        return task

    # -- legal actions -----------------------------------------------------------------
    def _build_legal(self) -> list[Action]:
        if self.tasks:
            task = self.tasks[0]
            return _TASK_LEGAL[type(task)](self, task)  # type: ignore[no-any-return]
        seat = self.current_player
        places = self.game.places
        return [places[seat, s] for s in self.available_spaces(seat)]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == Phase.BOARDS:
            seat = self.boards.index(None)
            left = [b for b in self.game.data.boards if b not in self.boards]
            p = _fraction(len(left))
            return [(A.DealBoard(seat, b), p) for b in left]
        bed = self.beds.index(None) + 1
        p = _fraction(len(self.stack))
        return [(A.Admit(bed, name), p) for name in self.stack]

    def _sample_chance(self, rng: Any) -> Action:
        """A board dealt or a patient admitted: one of the left ones, all equally likely.

        The same draw as the generic one from :meth:`_chance_outcomes`
        (:func:`~simlab.core.chance.uniform_index`), without building an outcome
        and a Fraction for every patient in the stack.
        """
        if self.phase == Phase.BOARDS:
            return super()._sample_chance(rng)
        stack = self.stack
        return A.Admit(self.beds.index(None) + 1, stack[uniform_index(len(stack), rng)])

    # -- transitions -----------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        events = _HANDLERS[type(action)](self, action)
        if self.phase == Phase.PLACE:
            self._management(events)
        self._advance(events)
        return events

    def _advance(self, events: list[Event]) -> None:
        """Run everything that needs no decision until someone must decide or draw."""
        game = self.game
        while True:
            if self.tasks:
                legal = self._build_legal()
                if legal and legal != [_DONE]:
                    self._legal = tuple(legal)
                    return
                self.tasks.pop(0)
                continue
            phase = self.phase
            if phase == Phase.PLACE and self.placed >= 2 * game.players:
                self.phase = Phase.DISCHARGE
                self._phase3(events)
                continue
            if phase == Phase.DISCHARGE:
                self._end_of_round(events)
                continue
            if phase == Phase.BEDS:
                if None not in self.beds:
                    self.phase = Phase.PLACE
                    continue
                if not self.stack:
                    self.stack = sorted(self.discard)
                    self.discard = []
                    events.append(
                        Event("The discards are shuffled into a new patient stack", "reshuffle")
                    )
            return

    # chance -------------------------------------------------------------------------
    def _deal_board(self, action: A.DealBoard) -> list[Event]:
        self.boards[action.seat] = action.board
        if None not in self.boards:
            self.phase = Phase.BEDS
        return [Event(str(action), "board", action.seat)]

    def _admit(self, action: A.Admit) -> list[Event]:
        self.stack.remove(action.patient)
        self.beds[action.bed - 1] = Bed(action.patient)
        events = [Event(str(action), "admit")]
        if not self.stack and self.discard and self.game.options["reshuffle"] == "when_empty":
            self.stack = sorted(self.discard)
            self.discard = []
            events.append(Event("The discards are shuffled into a new patient stack", "reshuffle"))
        return events

    # placing ------------------------------------------------------------------------
    def _place_marker(self, action: A.Place) -> list[Event]:
        seat, space = action.seat, action.space
        self.occupied.setdefault(space, []).append(seat)
        self.placed += 1
        events = [Event(f"Seat {seat} places on {self.game.titles.get(space, space)}", "place",
                        seat)]
        _SPACE_EFFECTS[space](self, seat, space, events)
        return events

    def _gain(self, seat: int, bucks: int) -> int:
        got = min(bucks, self.bank)
        self.bank -= got
        self.bucks[seat] += got
        return got

    def _pay(self, seat: int, bucks: int) -> None:
        self.bucks[seat] -= bucks
        self.bank += bucks

    def _score(self, seat: int, points: int) -> int | None:
        """Add ``points`` prestige (kept within the track); the change, for the event that
        tells it (``None``: none)."""
        before = self.prestige[seat]
        self.prestige[seat] = max(self.game.low, min(self.game.high, before + points))
        return (self.prestige[seat] - before) or None

    # decisions ----------------------------------------------------------------------
    def _done(self, action: A.Done) -> list[Event]:
        task = self.tasks.pop(0)
        return [Event(f"Seat {task.seat} is done", "done", task.seat)]

    # game end, next round ---------------------------------------------------------------
    def _end_of_round(self, events: list[Event]) -> None:
        game = self.game
        if max(self.prestige) >= game.goal:
            self.phase = Phase.OVER
            self.end_reason = f"a player reached {game.goal} prestige"
            events.append(Event(f"Game over: {self.end_reason}", "end"))
            return
        if self.round >= game.options["max_rounds"]:
            self.phase = Phase.OVER
            self.end_reason = f"round limit ({game.options['max_rounds']}) reached"
            events.append(Event(f"Game over: {self.end_reason}", "end"))
            return
        if self.beds[3] is not None:
            self._preterm(3, events)
        self._slide()
        self.occupied = {}
        self.placed = 0
        if self.next_start is not None:
            self.start = self.next_start
            self.next_start = None
        self.round += 1
        self.phase = Phase.BEDS


# -- dispatch --------------------------------------------------------------------------------

#: Task class -> its legal choices, a function of (state, task); each mixin's module lists its own.
_TASK_LEGAL: dict[type, Any] = {
    **treatment.TASK_LEGAL,
    **main_board.TASK_LEGAL,
    **player_boards.TASK_LEGAL,
}

S = HospitalRushState
_SPACE_EFFECTS: dict[str, Any] = {
    "fetch_medicine_2": S._fx_fetch,
    "fetch_medicine_1": S._fx_fetch,
    "treat_patient_2": S._fx_treat,
    "treat_patient_1": S._fx_treat,
    "night_shift_1": S._fx_night_shift,
    "night_shift_2": S._fx_night_shift,
    "night_shift_3": S._fx_night_shift,
    "night_shift_4": S._fx_night_shift,
    "study": S._fx_study,
    "rat_out": S._fx_rat_out,
    "final_exam": S._fx_final_exam,
    "final_exam_2": S._fx_final_exam,
    "sabotage": S._fx_sabotage,
    "bribe": S._fx_bribe,
    "bribe_1": S._fx_bribe,
    "bribe_2": S._fx_bribe,
    "steal_skill": S._fx_task,
    "my_patient_now": S._fx_task,
    "calling_in_a_favor": S._fx_favor,
    "sell_medicine": S._fx_task,
    "pickpocket": S._fx_pickpocket,
    "watch_and_learn": S._fx_task,
    "chillax": S._fx_chillax,
    "feel_good_music": S._fx_feel_good,
    "malingerer": S._fx_task,
    "telling_the_boss": S._fx_telling_the_boss,
    "free_samples": S._fx_free_samples,
    "raid_the_chest": S._fx_free_samples,
    "overtime": S._fx_overtime,
    "cook_the_books": S._fx_sabotage,
}

_HANDLERS: dict[type, Any] = {
    A.DealBoard: S._deal_board,
    A.Admit: S._admit,
    A.Place: S._place_marker,
    A.Done: S._done,
    A.TakeMedicine: S._take_medicine,
    A.Treat: S._treat_patient,
    A.PlaceTile: S._place_tile,
    A.Appoint: S._appoint,
    A.Learn: S._learn,
    A.RatOut: S._denounce,
    A.TellTheBoss: S._denounce,
    A.Penalty: S._penalty,
    A.Steal: S._steal_it,
    A.Bribe: S._bribe_choice,
    A.FinalExam: S._final_exam,
    A.TakeBucks: S._take_bucks,
    A.StealSkill: S._steal_skill,
    A.TakeOver: S._take_over,
    A.Sell: S._sell,
    A.Watch: S._watch,
    A.Chillax: S._chillax,
    A.Readmit: S._readmit,
    A.Malinger: S._malinger_then_skills,
    A.EarlyDischarge: S._early,
}
del S


def component_totals(state: HospitalRushState) -> dict[str, Any]:
    """Every component counted wherever it is (for conservation checks).

    Examples
    --------
    >>> import simlab
    >>> game = HospitalRushGame(players=4)
    >>> start = component_totals(game.new_initial_state())
    >>> component_totals(simlab.run(game, seed=3)) == start
    True
    >>> start["bucks"], start["medicine"], start["patients"]
    (33, [3, 3, 3], 23)
    """
    beds = [b for b in state.beds if b is not None]
    markers: list[int] = []
    for b in beds:
        markers.extend(x for x in (b.patient_marker, b.watcher) if x is not None)
    return {
        "bucks": state.bank + sum(state.bucks),
        "medicine": [
            state.chest[c] + sum(m[c] for m in state.medicine) + sum(b.tiles[c + 1] for b in beds)
            for c in range(3)
        ],
        "patches": state.patches + sum(b.tiles[0] for b in beds),
        "study_markers": state.study_markers + sum(map(len, state.skills)) + sum(state.exam),
        "patients": len(beds) + len(state.stack) + len(state.discard),
        "patient_markers_ok": len(markers) == len(set(markers)),
        "negative": min(
            [state.bank, state.patches, state.study_markers, *state.bucks, *state.chest]
            + [x for m in state.medicine for x in m]
            + [x for b in beds for x in b.tiles]
        )
        < 0,
    }


#: Fields :meth:`HospitalRushState.clone` copies with one ``copy`` (flat lists of numbers,
#: strings, tuples of them and frozen tasks), and those it copies a list a seat.
_COPIED = ("boards", "bucks", "chest", "exam", "prestige", "stack", "discard", "tasks",
           "steals")
_NESTED = ("medicine", "skills")
#: Every field a state sets (the others shared by the clone).
_FIELDS = frozenset({*_COPIED, *_NESTED, "beds", "occupied", "game", "phase", "round", "bank",
                     "patches", "study_markers", "placed", "start", "next_start", "end_reason",
                     "_legal"})
