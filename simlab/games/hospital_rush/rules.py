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

Nothing is hidden: the patient stack is unordered here (every draw is a
uniform chance node over the cards left), and its contents follow from the
cards in the beds and in the face-up discard pile.

Examples
--------
>>> import simlab
>>> game = HospitalRushGame(players=3)
>>> state = game.new_initial_state()
>>> state.current_player == simlab.CHANCE
True
>>> final = simlab.run(game, seed=1)
>>> final.is_terminal, len(final.outcome.scores)
(True, 3)
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, ClassVar

from simlab.core.api import CHANCE, TERMINAL, Action, Event, Game, Option, Outcome, State
from simlab.core.errors import ConfigError
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.components import Components, Patient, load_components

__all__ = ["HospitalRushGame", "HospitalRushState", "component_totals"]

#: Indices into a bed: ``[patient name, tiles placed (patch, colour 0-2), marker, watcher]``.
NAME, TILES, MARKER, WATCHER = 0, 1, 2, 3
BUCKS_PER_MEDICINE = 2  # Kurt von Schneider's "sells medicine for 2 bucks apiece"
THEO_SKILL_PRICE = 3
BRIBES = {3: 1, 5: 2}

_place = functools.cache(A.Place)
_take = functools.cache(A.TakeMedicine)
_treat = functools.cache(A.Treat)
_tile = functools.cache(A.PlaceTile)
_steal = functools.cache(A.Steal)
_penalty = functools.cache(A.Penalty)
_DONE = A.Done()


@functools.cache
def _fraction(n: int) -> Fraction:
    return Fraction(1, n)


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
    )

    def __init__(self, players: int | None = None, variants: Any = (), **options: Any) -> None:
        super().__init__(players, variants, **options)
        if self.options["max_rounds"] < 1:
            raise ConfigError("option 'max_rounds' must be at least 1")
        self.data: Components = load_components()
        data = self.data
        self.colours = data.colours
        self.tiles = ("patch", *data.colours)
        self.patients: dict[str, Patient] = {p.name: p for p in data.patients}
        spaces = data.spaces_for(self.players)
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
        return A.parse_action(text)

    def policy_names(self) -> list[str]:
        """Registered policies (see :mod:`simlab.games.hospital_rush.policies`)."""
        return ["random", "honest", "opportunist", "greedy"]

    def make_policy(self, name: str, seat: int):
        """Build a registered policy."""
        from simlab.games.hospital_rush import policies

        return policies.make(name, seat)


class HospitalRushState(State):
    """A Hospital Rush position (everything is public).

    Attributes
    ----------
    phase : str
        ``"boards"`` / ``"beds"`` (chance), ``"place"``, ``"discharge"``, ``"over"``.
    beds : list
        Four beds (index 0 is bed 1); each ``None`` or ``[patient, tiles, marker, watcher]``
        where ``tiles`` counts (patches, colour 0, 1, 2) on the patient, ``marker`` is the
        treating seat and ``watcher`` Marina Clementina's seat ("I'll just watch and learn").
    occupied : dict
        Action space id -> seats whose action markers are on it this round.
    tasks : list
        Pending decisions ``(kind, seat, ...)``; the first is being decided.
    steals : list
        ``(thief, victim, item)`` for every steal of the game (the steal graph).
    """

    _TRANSIENT: ClassVar[frozenset[str]] = frozenset({"_legal"})
    game: HospitalRushGame

    def __init__(self, game: HospitalRushGame) -> None:
        super().__init__(game)
        n = game.players
        sup = game.data.supply
        self.phase = "boards"
        self.round = 1
        self.boards: list[str | None] = [None] * n
        self.bank = sup["bucks"] - n * sup["starting_bucks"]
        self.bucks = [sup["starting_bucks"]] * n
        self.chest = [game.data.medicine_per_colour(n)] * 3
        self.medicine = [[0, 0, 0] for _ in range(n)]
        self.patches = sup["patches"]
        self.study_markers = sup["study_markers"]
        self.skills: list[list[str]] = [[] for _ in range(n)]
        self.exam = [False] * n
        self.prestige = [0] * n
        self.beds: list[list[Any] | None] = [None] * sup["beds"]
        self.stack = sorted(game.patients)
        self.discard: list[str] = []
        self.occupied: dict[str, list[int]] = {}
        self.placed = 0
        self.start = 0
        self.next_start: int | None = None
        self.tasks: list[tuple[Any, ...]] = []
        self.steals: list[tuple[int, int, str]] = []
        self.end_reason = ""
        self._legal: list[Action] | None = None

    # -- generic fast copy ---------------------------------------------------------
    # -- who acts ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        if self.tasks:
            return self.tasks[0][1]
        phase = self.phase
        if phase == "place":
            return (self.start + self.placed) % self.game.players
        if phase == "over":
            return TERMINAL
        return CHANCE

    @property
    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        pts = self.prestige
        best = max(pts)
        top = [s for s in range(len(pts)) if pts[s] == best]
        reason = self.end_reason
        if len(top) > 1:
            left = {s: sum(self.medicine[s]) + self.bucks[s] for s in top}
            most = max(left.values())
            top = [s for s in top if left[s] == most]
            reason += (
                "; tie broken by most tiles left"
                if len(top) == 1
                else ("; shared victory (tied on prestige and tiles left)")
            )
        return Outcome(tuple(top), tuple(float(p) for p in pts), reason)

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
        out = [s for s in game.main_spaces if game.space[s] == "unlimited" or s not in occ]
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

    def patient_of(self, seat: int) -> int | None:
        """The bed index (0-3) holding ``seat``'s patient marker (treating or watching)."""
        for i, bed in enumerate(self.beds):
            if bed is not None and (bed[MARKER] == seat or bed[WATCHER] == seat):
                return i
        return None

    def needs(self, bed: int) -> list[int]:
        """Tiles still missing on the patient in bed index ``bed`` (patch, colours)."""
        b = self.beds[bed]
        assert b is not None
        need = self.game.patients[b[NAME]].needs
        return [n - t for n, t in zip(need, b[TILES], strict=True)]

    def is_cured(self, bed: int) -> bool:
        """All tiles of the left side of the card are on the patient."""
        b = self.beds[bed]
        return b is not None and tuple(b[TILES]) == self.game.patients[b[NAME]].needs

    def is_cured_early(self, bed: int) -> bool:
        """All tiles of the right side (if any) are on the patient."""
        b = self.beds[bed]
        if b is None:
            return False
        early = self.game.patients[b[NAME]].early
        return early is not None and all(t >= e for t, e in zip(b[TILES], early, strict=True))

    # -- legal actions -----------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[Action]:
        if self.tasks:
            task = self.tasks[0]
            return _TASK_LEGAL[task[0]](self, task)
        seat = self.current_player
        return [_place(seat, s) for s in self.available_spaces(seat)]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        if self.phase == "boards":
            seat = self.boards.index(None)
            left = [b for b in self.game.data.boards if b not in self.boards]
            p = _fraction(len(left))
            return [(A.DealBoard(seat, b), p) for b in left]
        bed = self.beds.index(None) + 1
        p = _fraction(len(self.stack))
        return [(A.Admit(bed, name), p) for name in self.stack]

    # -- transitions -----------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        self._legal = None
        events = _HANDLERS[type(action)](self, action)
        if self.phase == "place":
            self._management(events)
        self._advance(events)
        return events

    def _management(self, events: list[Event]) -> None:
        """Management: "As soon as a patient of yours is fully cured, discharge that patient
        immediately" -- however it became cured or became yours (a tile placed by anyone, a
        marker moved onto a cured patient, Theo's take-over, Management learned or stolen)."""
        skills = self.skills
        if not any("Management" in k for k in skills):
            return
        for i, bed in enumerate(self.beds):
            if (
                bed is not None
                and bed[MARKER] is not None
                and "Management" in skills[bed[MARKER]]
                and self.is_cured(i)
            ):
                self._discharge(i, events, front=True)

    def _advance(self, events: list[Event]) -> None:
        """Run everything that needs no decision until someone must decide or draw."""
        game = self.game
        while True:
            if self.tasks:
                legal = self._compute_legal()
                if legal and legal != [_DONE]:
                    self._legal = legal
                    return
                self.tasks.pop(0)
                continue
            phase = self.phase
            if phase == "place" and self.placed >= 2 * game.players:
                self.phase = "discharge"
                self._phase3(events)
                continue
            if phase == "discharge":
                self._end_of_round(events)
                continue
            if phase == "beds":
                if None not in self.beds:
                    self.phase = "place"
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
            self.phase = "beds"
        return [Event(str(action), "board", action.seat)]

    def _admit(self, action: A.Admit) -> list[Event]:
        self.stack.remove(action.patient)
        self.beds[action.bed - 1] = [action.patient, [0, 0, 0, 0], None, None]
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
        events = [Event(str(action), "place", seat)]
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

    def _score(self, seat: int, points: int) -> None:
        self.prestige[seat] = max(self.game.low, min(self.game.high, self.prestige[seat] + points))

    def _lift_marker(self, seat: int) -> None:
        """Take ``seat``'s patient marker back from wherever it is (tiles stay)."""
        for bed in self.beds:
            if bed is None:
                continue
            if bed[WATCHER] == seat:
                bed[WATCHER] = None
            elif bed[MARKER] == seat:
                bed[MARKER], bed[WATCHER] = bed[WATCHER], None

    # main-board spaces
    def _fx_fetch(self, seat: int, space: str, events: list[Event]) -> None:
        free = self.game.amount.get(space, 1)
        self.tasks.append(("fetch", seat, free, 1 if free == 1 else 0))

    def _fx_treat(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(("claim", seat, self.game.amount[space], 0, True, True))

    def _fx_night_shift(self, seat: int, space: str, events: list[Event]) -> None:
        got = self._gain(seat, self.game.amount[space])
        events.append(Event(f"Seat {seat} takes {got} bucks for the night shift", "bucks", seat))
        if space == "night_shift_1":
            self.tasks.append(("appoint", seat))

    def _fx_study(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(("study", seat))

    def _fx_rat_out(self, seat: int, space: str, events: list[Event]) -> None:
        n = self.game.players
        got = self._gain(seat, 1 + self.red_markers())
        events.append(Event(f"Seat {seat} rats out and takes {got} bucks", "rat_out", seat))
        for k in range(1, n):
            victim = (seat + k) % n
            count = self.red_markers(victim)
            if count:
                self.tasks.append(("penalty", victim, count, 1))
                events.append(Event(f"Seat {victim} is ratted out ({count} red)", "ratted", victim))

    def _fx_final_exam(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(("exam", seat, self.game.amount[space]))

    def _final_exam(self, action: A.FinalExam) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        events: list[Event] = []
        self._take_exam(seat, action.bucks, events)
        return events

    def _take_exam(self, seat: int, cost: int, events: list[Event]) -> None:
        self._pay(seat, cost)
        self.study_markers -= 1
        self.exam[seat] = True
        points = len(self.skills[seat])
        self._score(seat, points)
        events.append(Event(f"Seat {seat} takes the final exam: +{points} prestige", "exam", seat))

    def _fx_sabotage(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(("sabotage", seat, (), space == "cook_the_books"))

    def _fx_bribe(self, seat: int, space: str, events: list[Event]) -> None:
        cost = self.game.amount[space]
        self.tasks.append(("bribe", seat, tuple(BRIBES) if cost == 0 else (cost,)))

    def _bribe(self, seat: int, cost: int, events: list[Event]) -> None:
        self._pay(seat, cost)
        self._score(seat, BRIBES[cost])
        events.append(Event(f"Seat {seat} bribes for {BRIBES[cost]} prestige", "bribe", seat))

    # player-board spaces
    def _fx_task(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append((space, seat))

    def _fx_favor(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(("favor_steal", seat))
        self.tasks.append(("claim", seat, 0, 0, True, True))

    def _fx_pickpocket(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(("pickpocket", seat, -1))

    def _fx_feel_good(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(("claim", seat, 0, 1, False, False))

    def _fx_chillax(self, seat: int, space: str, events: list[Event]) -> None:
        if self.beds[3] is not None:
            if self.is_cured(3):
                self._discharge(3, events)
            elif self.is_cured_early(3) and self.game.options["chillax_right_side"] == "early":
                self._discharge(3, events, points=1)
            else:
                self._preterm(3, events)
        self._slide()
        if self.beds[0] is None and self.discard:
            self.tasks.append(("readmit", seat))

    def _fx_telling_the_boss(self, seat: int, space: str, events: list[Event]) -> None:
        n = self.game.players
        self._gain(seat, 1)
        for k in range(1, n):
            victim = (seat + k) % n
            if self.red_markers(victim):
                self.tasks.append(("penalty", victim, 1, 2))
                events.append(Event(f"Seat {victim} is reported to the boss", "ratted", victim))

    def _fx_free_samples(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(("fetch", seat, 3 if space == "raid_the_chest" else 1, 0))

    def _fx_overtime(self, seat: int, space: str, events: list[Event]) -> None:
        got = self._gain(seat, 2)
        events.append(Event(f"Seat {seat} works overtime: {got} bucks", "bucks", seat))

    # decisions ----------------------------------------------------------------------
    def _done(self, action: A.Done) -> list[Event]:
        task = self.tasks.pop(0)
        return [Event(f"Seat {task[1]} is done", "done", task[1])]

    def _take_medicine(self, action: A.TakeMedicine) -> list[Event]:
        _, seat, free, paid = self.tasks[0]
        c = self.game.colours.index(action.colour)
        if free:
            free -= 1
        else:
            paid -= 1
            self._pay(seat, 1)
        self.chest[c] -= 1
        self.medicine[seat][c] += 1
        self.tasks[0] = ("fetch", seat, free, paid)
        return [Event(f"Seat {seat}: {action}", "medicine", seat)]

    def _treat_patient(self, action: A.Treat) -> list[Event]:
        _, seat, free, patch_free, paid, intensive = self.tasks[0]
        i = action.bed - 1
        bed = self.beds[i]
        assert bed is not None
        if bed[MARKER] is None:
            self._lift_marker(seat)
            bed[MARKER] = seat
        if intensive and bed[MARKER] == seat and "Intensive care" in self.skills[seat]:
            patch_free += 1
        self.tasks[0] = ("tiles", seat, i, free, patch_free, paid)
        return [Event(f"Seat {seat}: {action}", "treat", seat)]

    def _place_tile(self, action: A.PlaceTile) -> list[Event]:
        _, seat, i, free, patch_free, paid = self.tasks[0]
        k = self.game.tiles.index(action.tile)
        if k == 0:
            self.patches -= 1
            if patch_free:
                patch_free -= 1
            elif free:
                free -= 1
            else:
                self._pay(seat, 1)
        else:
            self.medicine[seat][k - 1] -= 1
            if free:
                free -= 1
            else:
                self._pay(seat, 1)
        bed = self.beds[i]
        assert bed is not None
        bed[TILES][k] += 1
        self.tasks[0] = ("tiles", seat, i, free, patch_free, paid)
        events = [Event(f"Seat {seat}: {action} on bed {i + 1}", "tile", seat)]
        if bed[MARKER] == seat and "Management" in self.skills[seat] and self.is_cured(i):
            self.tasks.pop(0)
            self._discharge(i, events, front=True)
        return events

    def _appoint(self, action: A.Appoint) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        self.next_start = action.seat
        return [Event(f"Seat {seat}: {action}", "appoint", seat)]

    def _learn(self, action: A.Learn) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        self._pay(seat, self.game.data.supply["study_cost"])
        self.study_markers -= 1
        self.skills[seat].append(action.skill)
        return [Event(f"Seat {seat}: {action}", "study", seat)]

    def _penalty(self, action: A.Penalty) -> list[Event]:
        _, seat, count, amount = self.tasks[0]
        if action.bucks:
            self._pay(seat, action.bucks)
        else:
            self._score(seat, -1)
        if count > 1:
            self.tasks[0] = ("penalty", seat, count - 1, amount)
        else:
            self.tasks.pop(0)
        return [Event(f"Seat {seat}: {action}", "penalty", seat)]

    def _steal_it(self, action: A.Steal) -> list[Event]:
        task = self.tasks[0]
        kind, seat = task[0], task[1]
        v, item = action.victim, action.item
        if item == "buck":
            self.bucks[v] -= action.count
            self.bucks[seat] += action.count
        else:
            c = self.game.colours.index(item)
            if action.bed:
                bed = self.beds[action.bed - 1]
                assert bed is not None
                bed[TILES][c + 1] -= 1
            else:
                self.medicine[v][c] -= 1
            self.medicine[seat][c] += 1
        for _ in range(action.count):
            self.steals.append((seat, v, item))
        if kind == "sabotage":
            taken = (*task[2], v)
            self.tasks[0] = ("sabotage", seat, taken, task[3])
            if len(taken) == 2:
                self.tasks.pop(0)
        elif kind == "pickpocket" and item != "buck" and task[2] == -1:
            self.tasks[0] = ("pickpocket", seat, v)
        else:
            self.tasks.pop(0)
        return [Event(f"Seat {seat}: {action}", "steal", seat)]

    def _bribe_choice(self, action: A.Bribe) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        events: list[Event] = []
        self._bribe(seat, action.bucks, events)
        return events

    def _steal_skill(self, action: A.StealSkill) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        v = action.victim
        self.bucks[seat] -= THEO_SKILL_PRICE
        self.bucks[v] += THEO_SKILL_PRICE
        self.skills[v].remove(action.skill)
        self.skills[seat].append(action.skill)
        self.steals.append((seat, v, "skill"))
        return [Event(f"Seat {seat}: {action}", "steal", seat)]

    def _take_over(self, action: A.TakeOver) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        bed = self.beds[action.bed - 1]
        assert bed is not None
        v = bed[MARKER]
        price = sum(bed[TILES])
        self.bucks[seat] -= price
        self.bucks[v] += price
        self._lift_marker(seat)
        bed[MARKER] = seat
        self.steals.append((seat, v, "patient"))
        return [Event(f"Seat {seat}: {action} from Seat {v} for {price} bucks", "steal", seat)]

    def _sell(self, action: A.Sell) -> list[Event]:
        seat = self.tasks[0][1]
        c = self.game.colours.index(action.colour)
        self.medicine[seat][c] -= 1
        self.chest[c] += 1
        self._gain(seat, BUCKS_PER_MEDICINE)
        return [Event(f"Seat {seat}: {action}", "sell", seat)]

    def _watch(self, action: A.Watch) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        self._lift_marker(seat)
        bed = self.beds[action.bed - 1]
        assert bed is not None
        bed[WATCHER] = seat
        return [Event(f"Seat {seat}: {action}", "watch", seat)]

    def _readmit(self, action: A.Readmit) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        self.discard.remove(action.patient)
        if action.mark:
            self._lift_marker(seat)
        self.beds[0] = [action.patient, [0, 0, 0, 0], seat if action.mark else None, None]
        return [Event(f"Seat {seat}: {action}", "readmit", seat)]

    def _malinger(self, action: A.Malinger) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        i = action.bed - 1
        bed = self.beds[i]
        assert bed is not None
        events = [Event(f"Seat {seat}: {action}", "discard", seat)]
        if self.is_cured(i):
            self._score(seat, 1)
            own_twice = self.game.options["malingerer_own_patient"] == "two"
            if bed[MARKER] is not None and (bed[MARKER] != seat or own_twice):
                self._score(bed[MARKER], 1)
        self._clear(i)
        return events

    def _early(self, action: A.EarlyDischarge) -> list[Event]:
        seat = self.tasks.pop(0)[1]
        i = action.bed - 1
        events = [Event(f"Seat {seat}: {action}", "early" if action.discharge else "keep", seat)]
        if action.discharge:
            self._discharge(i, events, points=1, front=True)
        return events

    # discharge, slide, refill ----------------------------------------------------------
    def _clear(self, i: int) -> None:
        """Remove the patient in bed index ``i``: tiles back, markers back, card discarded."""
        bed = self.beds[i]
        assert bed is not None
        tiles = bed[TILES]
        self.patches += tiles[0]
        for c in range(3):
            self.chest[c] += tiles[c + 1]
        self.discard.append(bed[NAME])
        self.beds[i] = None

    def _discharge(
        self, i: int, events: list[Event], points: int | None = None, front: bool = False
    ) -> None:
        """Discharge a cured patient: prestige, Finance, Pharmacy, watcher's point."""
        bed = self.beds[i]
        assert bed is not None
        marker, watcher = bed[MARKER], bed[WATCHER]
        full = points is None
        gain = self.game.patients[bed[NAME]].prestige if full else points
        assert gain is not None
        if marker is not None:
            self._score(marker, gain)
            skills = self.skills[marker]
            if "Finance" in skills:
                self._gain(marker, 2)
            if "Pharmacy" in skills:
                task = ("fetch", marker, 1, 0)
                if front:
                    self.tasks.insert(0, task)
                else:
                    self.tasks.append(task)
        if watcher is not None and full:
            self._score(watcher, 1)
        kind = "discharge" if full else "early"
        events.append(
            Event(
                f"{bed[NAME]} in bed {i + 1} is discharged cured "
                f"({gain} prestige to Seat {marker})",
                kind,
                marker,
            )
        )
        self._clear(i)

    def _preterm(self, i: int, events: list[Event]) -> None:
        bed = self.beds[i]
        assert bed is not None
        events.append(
            Event(f"{bed[NAME]} in bed {i + 1} is discharged preterm", "preterm", bed[MARKER])
        )
        self._clear(i)

    def _slide(self) -> None:
        """Slide the patients toward bed 4, keeping their order."""
        patients = [b for b in self.beds if b is not None]
        self.beds = [None] * (len(self.beds) - len(patients)) + patients

    def _phase3(self, events: list[Event]) -> None:
        stay = self.game.options["cured_without_marker"] == "stay"
        for i in range(len(self.beds)):
            bed = self.beds[i]
            if bed is not None and self.is_cured(i) and not (stay and bed[MARKER] is None):
                self._discharge(i, events)
        for i, bed in enumerate(self.beds):
            if bed is not None and bed[MARKER] is not None and self.is_cured_early(i):
                self.tasks.append(("early", bed[MARKER], i))

    def _end_of_round(self, events: list[Event]) -> None:
        game = self.game
        if max(self.prestige) >= game.goal:
            self.phase = "over"
            self.end_reason = f"a player reached {game.goal} prestige"
            events.append(Event(f"Game over: {self.end_reason}", "end"))
            return
        if self.round >= game.options["max_rounds"]:
            self.phase = "over"
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
        self.phase = "beds"


# -- task legality -------------------------------------------------------------------------


def _legal_fetch(s: HospitalRushState, task: tuple) -> list[Action]:
    _, seat, free, paid = task
    if not free and not (paid and s.bucks[seat] >= 1):
        return []
    out: list[Action] = [_take(c) for c, n in zip(s.game.colours, s.chest, strict=True) if n]
    out.append(_DONE)
    return out


def _legal_claim(s: HospitalRushState, task: tuple) -> list[Action]:
    seat = task[1]
    out: list[Action] = [
        _treat(i + 1)
        for i, b in enumerate(s.beds)
        if b is not None and (b[MARKER] is None or b[MARKER] == seat or b[WATCHER] == seat)
    ]
    out.append(_DONE)
    return out


def _legal_tiles(s: HospitalRushState, task: tuple) -> list[Action]:
    _, seat, i, free, patch_free, paid = task
    bed = s.beds[i]
    if bed is None:
        return []
    can_pay = paid and s.bucks[seat] >= 1
    if not (free or patch_free or can_pay):
        return []
    need = s.game.patients[bed[NAME]].needs
    tiles = bed[TILES]
    out: list[Action] = []
    if need[0] > tiles[0] and s.patches:
        out.append(_tile("patch"))
    if free or can_pay:
        med = s.medicine[seat]
        for c in range(3):
            if need[c + 1] > tiles[c + 1] and med[c]:
                out.append(_tile(s.game.colours[c]))
    out.append(_DONE)
    return out


def _legal_appoint(s: HospitalRushState, task: tuple) -> list[Action]:
    return [A.Appoint(p) for p in range(s.game.players)]


def _legal_study(s: HospitalRushState, task: tuple) -> list[Action]:
    seat = task[1]
    if s.bucks[seat] < s.game.data.supply["study_cost"] or not s.study_markers:
        return []
    return [*(A.Learn(k) for k in learnable(s.skills[seat])), _DONE]


def learnable(skills: list[str]) -> list[str]:
    """Skills not yet learned that may be learned (Management needs 2 others first).

    Examples
    --------
    >>> learnable(["Finance"])
    ['Intensive care', 'Pharmacy']
    >>> learnable(["Finance", "Pharmacy"])
    ['Intensive care', 'Management']
    """
    from simlab.games.hospital_rush.components import SKILLS

    out = [k for k in SKILLS if k not in skills]
    if len(skills) < 2 and "Management" in out:
        out.remove("Management")
    return out


def _legal_penalty(s: HospitalRushState, task: tuple) -> list[Action]:
    _, seat, _count, amount = task
    if s.bucks[seat] >= amount:
        return [_penalty(amount), _penalty(0)]
    return [_penalty(0)]


def _legal_sabotage(s: HospitalRushState, task: tuple) -> list[Action]:
    _, seat, taken, bucks_only = task
    out: list[Action] = []
    for v in range(s.game.players):
        if v == seat or v in taken:
            continue
        if s.bucks[v]:
            out.append(_steal(v, "buck", 1, 0))
        if not bucks_only:
            out.extend(
                _steal(v, c, 1, 0) for c, n in zip(s.game.colours, s.medicine[v], strict=True) if n
            )
    out.append(_DONE)
    return out


def _legal_bribe(s: HospitalRushState, task: tuple) -> list[Action]:
    _, seat, costs = task
    money = s.bucks[seat]
    return [*(A.Bribe(c) for c in costs if money >= c), _DONE]


def _legal_exam(s: HospitalRushState, task: tuple) -> list[Action]:
    _, seat, cost = task
    if s.exam[seat] or s.bucks[seat] < cost or not s.study_markers:
        return []
    return [A.FinalExam(cost), _DONE]


def _legal_steal_skill(s: HospitalRushState, task: tuple) -> list[Action]:
    seat = task[1]
    if s.bucks[seat] < THEO_SKILL_PRICE:
        return []
    mine = s.skills[seat]
    ok = learnable(mine)
    out: list[Action] = [
        A.StealSkill(v, k)
        for v in range(s.game.players)
        if v != seat
        for k in s.skills[v]
        if k in ok
    ]
    out.append(_DONE)
    return out


def _legal_take_over(s: HospitalRushState, task: tuple) -> list[Action]:
    seat = task[1]
    out: list[Action] = [
        A.TakeOver(i + 1)
        for i, b in enumerate(s.beds)
        if b is not None
        and b[MARKER] is not None
        and b[MARKER] != seat
        and s.bucks[seat] >= sum(b[TILES])
    ]
    out.append(_DONE)
    return out


def _legal_favor_steal(s: HospitalRushState, task: tuple) -> list[Action]:
    seat = task[1]
    colours = s.game.colours
    out: list[Action] = []
    for v in range(s.game.players):
        if v == seat:
            continue
        out.extend(_steal(v, c, 1, 0) for c, n in zip(colours, s.medicine[v], strict=True) if n)
    for i, b in enumerate(s.beds):
        if b is not None and b[MARKER] is not None and b[MARKER] != seat:
            out.extend(_steal(b[MARKER], colours[c], 1, i + 1) for c in range(3) if b[TILES][c + 1])
    out.append(_DONE)
    return out


def _legal_sell(s: HospitalRushState, task: tuple) -> list[Action]:
    seat = task[1]
    out: list[Action] = [
        A.Sell(c) for c, n in zip(s.game.colours, s.medicine[seat], strict=True) if n
    ]
    out.append(_DONE)
    return out


def _legal_pickpocket(s: HospitalRushState, task: tuple) -> list[Action]:
    _, seat, victim = task
    colours = s.game.colours
    out: list[Action] = []
    for v in range(s.game.players) if victim == -1 else (victim,):
        if v == seat:
            continue
        if victim == -1 and s.bucks[v]:
            out.append(_steal(v, "buck", min(2, s.bucks[v]), 0))
        out.extend(_steal(v, c, 1, 0) for c, n in zip(colours, s.medicine[v], strict=True) if n)
    out.append(_DONE)
    return out


def _legal_watch(s: HospitalRushState, task: tuple) -> list[Action]:
    seat = task[1]
    out: list[Action] = [
        A.Watch(i + 1)
        for i, b in enumerate(s.beds)
        if b is not None and b[MARKER] is not None and b[MARKER] != seat and b[WATCHER] is None
    ]
    out.append(_DONE)
    return out


def _legal_readmit(s: HospitalRushState, task: tuple) -> list[Action]:
    if s.beds[0] is not None:
        return []
    names = sorted(set(s.discard))
    out: list[Action] = [A.Readmit(n, m) for n in names for m in (False, True)]
    out.append(_DONE)
    return out


def _legal_malinger(s: HospitalRushState, task: tuple) -> list[Action]:
    out: list[Action] = [A.Malinger(i + 1) for i, b in enumerate(s.beds) if b is not None]
    out.append(_DONE)
    return out


def _legal_early(s: HospitalRushState, task: tuple) -> list[Action]:
    _, seat, i = task
    bed = s.beds[i]
    if bed is None or bed[MARKER] != seat or not s.is_cured_early(i) or s.is_cured(i):
        return []
    return [A.EarlyDischarge(i + 1, True), A.EarlyDischarge(i + 1, False)]


_TASK_LEGAL: dict[str, Any] = {
    "fetch": _legal_fetch,
    "claim": _legal_claim,
    "tiles": _legal_tiles,
    "appoint": _legal_appoint,
    "study": _legal_study,
    "penalty": _legal_penalty,
    "sabotage": _legal_sabotage,
    "bribe": _legal_bribe,
    "exam": _legal_exam,
    "steal_skill": _legal_steal_skill,
    "my_patient_now": _legal_take_over,
    "favor_steal": _legal_favor_steal,
    "sell_medicine": _legal_sell,
    "pickpocket": _legal_pickpocket,
    "watch_and_learn": _legal_watch,
    "readmit": _legal_readmit,
    "malingerer": _legal_malinger,
    "early": _legal_early,
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
    A.Penalty: S._penalty,
    A.Steal: S._steal_it,
    A.Bribe: S._bribe_choice,
    A.FinalExam: S._final_exam,
    A.StealSkill: S._steal_skill,
    A.TakeOver: S._take_over,
    A.Sell: S._sell,
    A.Watch: S._watch,
    A.Readmit: S._readmit,
    A.Malinger: S._malinger,
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
        markers.extend(x for x in (b[MARKER], b[WATCHER]) if x is not None)
    return {
        "bucks": state.bank + sum(state.bucks),
        "medicine": [
            state.chest[c] + sum(m[c] for m in state.medicine) + sum(b[TILES][c + 1] for b in beds)
            for c in range(3)
        ],
        "patches": state.patches + sum(b[TILES][0] for b in beds),
        "study_markers": state.study_markers + sum(map(len, state.skills)) + sum(state.exam),
        "patients": len(beds) + len(state.stack) + len(state.discard),
        "patient_markers_ok": len(markers) == len(set(markers)),
        "negative": min(
            [state.bank, state.patches, state.study_markers, *state.bucks, *state.chest]
            + [x for m in state.medicine for x in m]
            + [x for b in beds for x in b[TILES]]
        )
        < 0,
    }
