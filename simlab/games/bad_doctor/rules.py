"""Bad Doctor rules: the Game (options, components) and the State (a position).

A turn follows the rulebook's four steps: two actions (draw or place a
Treatment Tile), then remove and score Cured Patients, add Complication
Cubes to unvisited Patients (deaths), and prepare the next shift.  Work
that the rules chain together (bonuses, draws, deaths, refills) waits on a
small stack ``queue`` of frozen values (:mod:`.pending`); :meth:`BadDoctorState._advance` runs
what needs nobody and stops at the next decision or chance node.  Every
draw is a chance node: outcomes are the kinds of tile left in the deck,
each with its exact probability.  Hands are face-up and the decks are kept
as unordered (sorted) piles, so nothing is hidden from any seat.

The state is put together from mixins, one section of the rulebook each:
:class:`.take_actions.TakeActions` (Step 1: drawing and placing Treatment
Tiles, the stuck rule, taking a Doctor Marker back),
:class:`.bonuses.Bonuses` (the Treatment Tile Bonuses) and
:class:`.cures_and_deaths.CuresAndDeaths` (Steps 2 and 3: Cured Patients
scored, Complication Cubes added, deaths); :mod:`.fields` declares what
they share for the type checker.  This module holds the turn sequence (the
queue, :meth:`BadDoctorState._advance` and the decisions waiting on it),
the draws (chance) and what they hide, Step 4 and the end of the game, and
the table that dispatches each action to its handler.

Rulings (docs/rulings/bad_doctor.md) are game options; the rulebook's
Variation is the variant ``two_fewer_wilds``.

Examples
--------
>>> import simlab
>>> state = simlab.load_game("bad_doctor", players=3).new_initial_state()
>>> while state.current_player == simlab.CHANCE:   # set-up: each player draws two tiles
...     _ = state.apply(state.chance_outcomes()[0][0])
>>> state.hands[0], state.actions_left, str(state.legal_actions()[0])   # Step 1
(['T01', 'T04'], 2, 'draw a Treatment Tile')
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from fractions import Fraction
from typing import Any

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
from simlab.core.errors import ConfigError, IllegalActionError, SimlabError
from simlab.games.bad_doctor import board
from simlab.games.bad_doctor import pending as W
from simlab.games.bad_doctor.action_table import ActionTable, action_table
from simlab.games.bad_doctor.actions import (
    ActivateBonus,
    AddCube,
    ChooseSide,
    DeclineBonus,
    DiscardTile,
    DrawTile,
    MoveCube,
    NoMarker,
    Pass,
    PlaceTile,
    RemoveCube,
    RemoveMarker,
    RemoveTile,
    RevealPatient,
    RevealTile,
    TakeBackMarker,
    parse_action,
)
from simlab.games.bad_doctor.board import NO_MARKER as NO_MARKER  # re-exported, as before
from simlab.games.bad_doctor.board import Patient
from simlab.games.bad_doctor.bonuses import _DRAWING, HOSPITAL_MAX, Bonuses
from simlab.games.bad_doctor.components import Components, load_components
from simlab.games.bad_doctor.cures_and_deaths import CuresAndDeaths
from simlab.games.bad_doctor.take_actions import HAND_LIMIT, TakeActions

__all__ = ["HAND_LIMIT", "HOSPITAL_MAX", "HOSPITAL_SIZE", "BadDoctorGame", "BadDoctorState",
           "take_card"]

#: Patients the hospital is refilled to.
HOSPITAL_SIZE = 4
#: A Patient brought in at the end of a shift (one frozen value serves every refill).
_REFILL = W.RefillPatient(HOSPITAL_SIZE)


def take_card(deck: list[str], discard: list[str], card: str, reshuffled: str) -> list[Event]:
    """Take the drawn ``card`` out of ``deck``; an empty ``deck`` first takes the
    ``discard`` pile shuffled (told by the event ``reshuffled``).

    The Treatment Deck and the Patient Deck are drawn alike ("if the deck runs out,
    shuffle the discard pile"); the chance node has already picked ``card`` from the
    pile it was drawn from (the deck, or the discards when the deck is empty).

    Examples
    --------
    >>> deck, discard = [], ["T2", "T5"]
    >>> take_card(deck, discard, "T5", "the discards are shuffled")
    [Event(text='the discards are shuffled', kind='reshuffle', seat=None, seen_by=None)]
    >>> deck, discard
    (['T2'], [])
    >>> take_card(deck, discard, "T2", "the discards are shuffled"), deck
    ([], [])
    """
    events = []
    if not deck:
        deck.extend(discard)
        discard.clear()
        events.append(Event(reshuffled, "reshuffle"))
    deck.remove(card)
    return events


class BadDoctorGame(Game):
    """Bad Doctor for 2 to 4 players.

    Options
    -------
    two_fewer_wilds : bool (variant)
        The rulebook Variation: two wild Treatment Tiles are removed.
    starting_side : {"A", "B", "random"}
        Which side of the Starting Patients is up (ruling).
    cubes_run_out : {"spare", "die"}
        A Patient due a Complication Cube when none is left: spared, or dies.
    patient_deck_empty : {"reshuffle", "shrink"}
        Refill from the reshuffled Patient discard pile, or let the hospital shrink.
    optional_bonuses : bool
        Every Treatment Tile Bonus may be declined (ruling).
    goal : int
        Score Pile size that ends the game (8).
    max_shifts : int
        Guard: the game ends after this many turns.

    Examples
    --------
    >>> game = BadDoctorGame(players=2, variants=["two_fewer_wilds"])
    >>> game.seat_names()
    ['Dr. A. Achoo', 'Dr. Eror']
    >>> len(game.tile_ids)
    35
    """

    NAME = "bad_doctor"
    TITLE = "Bad Doctor"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    DEFAULT_PLAYERS = 4
    OPTIONS = (
        Option("two_fewer_wilds", False,
               "Variation: remove two wild Treatment Tiles for added difficulty", variant=True),
        Option("starting_side", "A", "which side of the Starting Patients is up (ruling)",
               choices=("A", "B", "random")),
        Option("cubes_run_out", "spare",
               "a Patient due a cube when the pile is empty is spared or dies (ruling)",
               choices=("spare", "die")),
        Option("patient_deck_empty", "reshuffle",
               "empty Patient Deck: reshuffle the discards or let the hospital shrink (ruling)",
               choices=("reshuffle", "shrink")),
        Option("optional_bonuses", False, "every Treatment Tile Bonus may be declined (R9)",
               choices=(False, True)),
        Option("remove_placed_tile", True,
               "Remove Tile may take the tile whose bonus it is, the tile just placed (R11)",
               choices=(True, False)),
        Option("stuck_costs_action", False,
               "a stuck player's discard-and-draw is one of the turn's two actions (R6)",
               choices=(False, True)),
        Option("added_patient_token", "unvisited",
               "the Shift Token of a Patient brought in by Add Patient: Unvisited side up, "
               "so it gets a cube this turn unless visited, or Visited side up (R12)",
               choices=("unvisited", "visited")),
        Option("extra_cube_spaces", 0,
               "reconstruction knob (not a rule): every Patient has this many more spaces for "
               "Complication Cubes than data/bad_doctor/patients.txt gives (C3)",
               choices=(0, 1, 2, 3, -1)),
        Option("max_tile_ends", 3,
               "reconstruction knob (not a rule): Treatment Tiles with more Malady ends than "
               "this stay in the box (C2)", choices=(3, 2, 1)),
        Option("goal", 8, "Doctor Markers in a Score Pile that end the game"),
        Option("max_shifts", 300, "guard: the game ends after this many turns (ruling)"),
    )

    def __init__(self, players: int | None = None, variants=(), **options: Any) -> None:
        super().__init__(players, variants, **options)
        if self.options["goal"] < 1 or self.options["max_shifts"] < 1:
            raise ConfigError("bad_doctor: goal and max_shifts must be at least 1")
        parts = self.parts
        removed = parts.variation_removes if self.options["two_fewer_wilds"] else ()
        most = self.options["max_tile_ends"]
        removed = (*removed, *(t for t, tile in parts.tiles.items()
                               if len(tile.ends) > most and t not in removed))
        #: Cube spaces every Patient has beyond its card (the reconstruction knob).
        self.extra_cube_spaces: int = self.options["extra_cube_spaces"]
        #: Tiles in play (the Variation leaves two wild tiles in the box).
        self.tile_ids: tuple[str, ...] = tuple(t for t in parts.tiles if t not in removed)
        self.removed_tiles: tuple[str, ...] = tuple(removed)
        self.markers = parts.markers_for_players[self.players]
        #: The doctors by seat, and the Treatment Tiles by id (looked up at every action).
        self.doctors: tuple[str, ...] = tuple(parts.doctors)
        self.tiles = parts.tiles
        #: Facts of this set's tiles, looked up at every decision: tile id -> the ends that
        #: join each Malady (filled when asked), and tile id -> its kind (ends and bonus,
        #: for grouping identical tiles).  Held by the game, never by tile id alone: two
        #: component sets in one process have tiles of the same ids.
        self.tile_ends: dict[str, board.TileEnds] = {
            t: board.TileEnds(tile) for t, tile in parts.tiles.items()}
        self.tile_kinds: dict[str, tuple] = {t: tile.kind for t, tile in parts.tiles.items()}
        #: The actions that name this set's tiles and Patients, made once (they tell their
        #: facts): the table of this set, shared by the games on it and by no other set.
        self.action_table: ActionTable = action_table(self.component_set)

    @property
    def parts(self) -> Components:
        """The validated components of this game's set (loaded once)."""
        return load_components(self.component_set)

    def components(self) -> dict[str, str]:
        """A one-line summary of each kind of component (for ``simlab info``).

        Examples
        --------
        >>> BadDoctorGame(players=2).components()["doctor markers"]
        '80 (20 per doctor; 20 each with 2 players)'
        """
        parts = self.parts
        tiles = parts.tiles.values()
        wild = sum(t.is_wild for t in tiles)
        ends = {n: sum(len(t.ends) == n for t in tiles) for n in (1, 2, 3)}
        counts = parts.counts
        return {
            "treatment tiles": f"{len(parts.tiles)} ({ends[1]} one-ended, {ends[2]} two-ended, "
            f"{ends[3]} three-ended, {wild} with a wild end; {len(self.tile_ids)} in play; "
            "reconstructed)",
            "patients": f"{len(parts.patients)} in the Patient Deck and {len(parts.starting)} "
            "double-sided Starting Patients (reconstructed)",
            "complication cubes": str(counts["complication_cubes"]),
            "shift tokens": str(counts["shift_tokens"]),
            "doctor markers": f"{counts['doctor_markers'] * counts['doctor_boards']} "
            f"({counts['doctor_markers']} per doctor; {self.markers} each with "
            f"{self.players} players)",
            "doctors": ", ".join(parts.doctors),
        }

    def seat_names(self) -> list[str]:
        """The doctors, in seat order."""
        return list(self.parts.doctors[: self.players])

    def new_initial_state(self) -> BadDoctorState:
        """Set-up: Starting Patients in the hospital, two tiles drawn per player (chance)."""
        return BadDoctorState(self)

    def parse_action(self, text: str) -> Action:
        """Read an action from its text (see :mod:`simlab.games.bad_doctor.actions`)."""
        return parse_action(text, self.parts)


class BadDoctorState(TakeActions, Bonuses, CuresAndDeaths, LegalCache):
    """A Bad Doctor position (every attribute is plain data, compared and copied generically).

    Attributes
    ----------
    hands : list of list of str
        Each seat's face-up Treatment Tiles (sorted ids).
    deck, discard : list of str
        Treatment Deck and discard pile (sorted: the order is chance).
    patient_deck, patient_discard, patients_out : list of str
        Patient Deck, Patient discard pile, Starting Patients out of the game.
    hospital : list of Patient
        The Patients in play, in arrival order.
    complication_cubes : int
        Cubes in the pile.
    supply, score_pile, removed : list of int
        Doctor Markers per seat: in the supply, in the Score Pile, removed
        from the game by deaths.
    seat, actions_left, first_turn, drew, placed, shift
        Whose turn, actions still to take, who has not finished a first
        turn, draws and placements this turn, and the turn count.
    queue : list of Pending
        Pending work (top last; :mod:`.pending`).
    departures : list of Departure
        Each Patient who left: who, the shifts it arrived and left on, and
        whether it was ``"cured"`` or ``"died"`` (:class:`.board.Departure`),
        for studies.
    cubes_added : int
        Complication Cubes added in Step 3 so far, for studies.
    result : Outcome or None
        How the game ended.
    to_move : int
        The seat to act, ``CHANCE`` or ``TERMINAL`` (kept by ``_advance``).
    """

    game: BadDoctorGame
    #: ``_legal`` (:class:`~simlab.core.api.LegalCache`) is set by ``_advance`` too; ``_apply``
    #: clears it.

    def __init__(self, game: BadDoctorGame) -> None:
        super().__init__(game)
        # Each field's type is declared once, in fields.StateFields (for the mixins too).
        n = game.players
        parts = game.parts
        self.hands = [[] for _ in range(n)]
        self.deck = sorted(game.tile_ids)
        self.discard = []
        self.patient_deck: list[str] = sorted(parts.patients)
        self.patient_discard = []
        self.patients_out = []
        #: Side shown by each dead Starting Patient in the Patient discard pile or deck (R4).
        self.starting_sides = {}
        self.hospital = []
        self.complication_cubes = parts.counts["complication_cubes"]
        self.supply = [game.markers] * n
        self.score_pile = [0] * n
        self.removed = [0] * n
        self.seat = 0
        self.actions_left = 2
        self.first_turn = [True] * n
        self.drew = 0
        self.placed = 0
        self.shift = 0
        self.departures = []
        self.cubes_added = 0
        self.result: Outcome | None = None
        self.to_move = CHANCE
        self._legal = None
        queue: list[W.Pending] = []
        side = game.options["starting_side"]
        for pid in sorted(parts.starting):
            if side == "random":
                queue.append(W.ChooseStartingSide(pid))
            else:
                self.hospital.append(board.new_patient(parts.card(pid, side),
                                                       extra=game.extra_cube_spaces))
        for _ in range(2):
            queue.extend(W.draw(s) for s in range(n))
        self.queue = queue[::-1]
        self._advance([])

    # -- copying ---------------------------------------------------------------
    def clone(self) -> BadDoctorState:
        """An independent copy: each attribute copied as deep as it holds mutable values.

        Written out for this state's fields (:data:`_COPIED`, the hands and the
        Patients); every other field holds immutable values (numbers, the Game, the
        cached legal actions, the result), which the copy shares, as the generic
        :meth:`State.clone` would.  The piles, the queue and the departures hold
        strings, numbers and frozen records, so one ``copy`` each suffices.  A field
        set by other code is copied by :func:`simlab.core.api.plain_copy`.
        ``tests/games/bad_doctor/test_clone.py`` checks that no mutable value is
        shared with the original.  Nothing is hidden in Bad Doctor, so a view and
        ``resample_hidden`` are this copy too.

        Examples
        --------
        >>> s = BadDoctorGame(players=2).new_initial_state()
        >>> c = s.clone()
        >>> c.hands[1].append("T01"); c.hospital[0].visited = True
        >>> s.hands[1], s.hospital[0].visited, c == s, s.clone() == s
        ([], False, False, True)
        """
        d = self._copied_fields(_COPIED, ("hands",))  # numbers, the game, the result: shared
        d["hospital"] = [board.copy_patient(p) for p in d["hospital"]]
        return self._finish_clone(d, _FIELDS)  # a field set by other code: plain_copy

    # -- the API ---------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.to_move

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        item = self.queue[-1]
        if isinstance(item, W.Draw):
            return list(self.game.action_table.tile_outcomes(tuple(self.deck or self.discard)))
        if isinstance(item, W.RefillPatient):
            pile = tuple(self.patient_deck or self.patient_discard)
            return list(self.game.action_table.patient_outcomes(pile))
        if isinstance(item, W.ChooseStartingSide):
            return [(ChooseSide(item.patient, s), Fraction(1, 2)) for s in ("A", "B")]
        return []  # pragma: no cover - only asked at chance nodes

    def _sample_chance(self, rng: Any) -> Action:
        """A draw from the Treatment Deck or the Patient Deck: one card, all equally likely.

        The same draw as the generic one from :meth:`_chance_outcomes`, without
        building an outcome and a Fraction for every card in the pile.
        """
        item = self.queue[-1]
        if isinstance(item, W.Draw):
            pile = self.deck or self.discard
            return self.game.action_table.reveal[pile[uniform_index(len(pile), rng)]]
        if isinstance(item, W.RefillPatient):
            pile = self.patient_deck or self.patient_discard
            return self.game.action_table.arrive[pile[uniform_index(len(pile), rng)]]
        return super()._sample_chance(rng)

    def _build_legal(self) -> list[Action]:
        return self._decisions(self.queue[-1]) if self.queue else self._turn_actions()

    def _apply(self, action: Action) -> list[Event]:
        self._legal = None  # the position changes: its legal actions are built anew
        events = _HANDLERS[type(action)](self, action)
        self._advance(events)
        return events

    # -- lookups ---------------------------------------------------------------
    def patient(self, pid: str) -> Patient:
        """The Patient ``pid`` in the hospital.

        Raises
        ------
        IllegalActionError
            No Patient ``pid`` is in the hospital.
        """
        for p in self.hospital:
            if p.id == pid:
                return p
        raise IllegalActionError(f"Patient {pid} is not in the hospital")

    def _name(self, seat: int) -> str:
        return self.game.doctors[seat]

    # -- decisions waiting on the queue (bonus, marker, death) -------------------
    def _decisions(self, item: W.Pending) -> list[Action]:
        if isinstance(item, W.PendingBonus):
            bonus = item.bonus
            actions: list[Action] = ([ActivateBonus(bonus)] if bonus in _DRAWING
                                     else self._bonus_targets(bonus, item.tile))
            return [*actions, DeclineBonus()] if item.may_decline else actions
        if isinstance(item, W.PendingMarker):
            seat = self.seat
            return [*(TakeBackMarker(p.id, space) for p in self.hospital if p.id != item.patient
                      for space in board.marker_spaces(p, seat)), NoMarker()]
        if isinstance(item, W.Death):
            return [RemoveMarker(p.id, space) for p in self.hospital
                    for space in board.marker_spaces(p, self.seat)]
        raise SimlabError(f"bad_doctor: no decision waits on {item!r}")  # pragma: no cover

    # -- the automatic part of the rules ----------------------------------------
    def _advance(self, log: list[Event]) -> None:
        """Run everything that needs no decision; stop at a decision or chance node.

        The top of the queue says what comes next; its step (:data:`_STEPS`, one a kind
        of pending work) either does it and takes it off, or stops at the decision or
        draw it waits on (and returns True).  With the queue empty the seat takes its
        actions, then the turn ends.  What happens on the way (cures, cubes, deaths,
        the end) goes to ``log``.
        """
        queue, steps = self.queue, _STEPS
        while self.result is None:
            if not queue:
                if self.actions_left > 0:
                    self.to_move = self.seat
                    return
                queue.append(W.TURN_END)
            item = queue[-1]
            if steps[type(item)](self, item, log):
                return
        self.to_move = TERMINAL

    # The steps of _advance: each returns True when it stops at a decision or a draw.
    def _at_draw(self, item: W.Draw, log: list[Event]) -> bool:
        """A draw: a chance node, unless the hand is full or no tile is left."""
        if self._can_draw(item.seat):
            self.to_move = CHANCE
            return True
        self.queue.pop()
        return False

    def _at_refill(self, item: W.RefillPatient, log: list[Event]) -> bool:
        """A Patient comes in (a draw) while the hospital has room and a Patient is left."""
        if len(self.hospital) < item.upto and (
            self.patient_deck or (self.patient_discard and self._reshuffle_patients())
        ):
            self.to_move = CHANCE
            return True
        self.queue.pop()
        return False

    def _at_starting_side(self, item: W.ChooseStartingSide, log: list[Event]) -> bool:
        """The side of a Starting Patient: always a chance node."""
        self.to_move = CHANCE
        return True

    def _at_bonus(self, item: W.PendingBonus, log: list[Event]) -> bool:
        """A Treatment Tile Bonus: a drawing bonus is taken at once unless it may be
        declined; any other waits on the seat if it has a target, else lapses."""
        bonus = item.bonus
        if bonus in _DRAWING and not item.may_decline:
            self.queue.pop()
            self._drawing_bonus(bonus)
            return False
        if bonus in _DRAWING:
            self.to_move = self.seat
            return True
        targets = self._bonus_targets(bonus, item.tile)
        if targets:  # the seat decides among them: they are its legal actions
            self._legal = (*targets, *([DeclineBonus()] * item.may_decline))
            self.to_move = self.seat
            return True
        self.queue.pop()
        return False

    def _at_marker(self, item: W.PendingMarker, log: list[Event]) -> bool:
        """A Doctor Marker the seat may take back: its decision."""
        self.to_move = self.seat
        return True

    def _at_death(self, item: W.Death, log: list[Event]) -> bool:
        """A death: the seat removes a Doctor Marker from its supply, or from a Patient
        it chooses (its decision) when the supply is empty; then the Patient is buried."""
        seat = self.seat
        if self.supply[seat] > 0:
            self.supply[seat] -= 1
            self.removed[seat] += 1
            log.append(Event(f"{self._name(seat)} takes a Doctor Marker from the "
                             "supply and removes it from the game", "marker", seat))
        elif any(board.markers_of(p, seat) for p in self.hospital):
            self.to_move = seat
            return True
        self.queue.pop()
        self._bury(item.patient, log)
        return False

    def _at_turn_end(self, item: W.TurnEnd, log: list[Event]) -> bool:
        self.queue.pop()
        self._turn_end(log)
        return False

    def _at_shift_end(self, item: W.ShiftEnd, log: list[Event]) -> bool:
        self.queue.pop()
        self._shift_end(log)
        return False

    def _at_next_turn(self, item: W.NextTurn, log: list[Event]) -> bool:
        self.queue.pop()
        self._next_turn(log)
        return False

    def _reshuffle_patients(self) -> bool:
        return self.game.options["patient_deck_empty"] == "reshuffle"

    # -- Step 4 and the end of the game ------------------------------------------
    def _shift_end(self, log: list[Event]) -> None:
        """Step 4: the end at the goal, or flip Shift Tokens and refill the hospital."""
        goal = self.game.options["goal"]
        if max(self.score_pile) >= goal:
            self._finish(f"a Score Pile reached {goal} Doctor Markers", log)
            return
        if not any(self.supply) and not any(
            owner >= 0 for p in self.hospital for _, owner in p.junctions.values()
        ):
            self._finish("no Doctor Marker is left in any supply or the hospital", log)
            return
        if self.shift + 1 >= self.game.options["max_shifts"]:
            self._finish(f"the guard of {self.game.options['max_shifts']} turns was reached", log)
            return
        for patient in self.hospital:
            patient.visited = False
        self.shift += 1
        self.queue.append(W.NEXT_TURN)
        self.queue.extend([_REFILL] * (HOSPITAL_SIZE - len(self.hospital)))

    def _next_turn(self, log: list[Event]) -> None:
        if not self.hospital:
            self._finish("no Patients are left to treat", log)
            return
        self.first_turn[self.seat] = False
        self.seat = (self.seat + 1) % self.game.players
        self.actions_left = 2
        self.drew = self.placed = 0
        log.append(Event(f"{self._name(self.seat)}'s shift begins", "turn", self.seat))

    def on_board(self, seat: int) -> int:
        """``seat``'s Doctor Markers on Patients in the hospital.

        Examples
        --------
        >>> BadDoctorGame(players=2).new_initial_state().on_board(0)
        0
        """
        return sum(board.markers_of(p, seat) for p in self.hospital)

    def markers_on_board(self) -> list[int]:
        """Each seat's Doctor Markers on Patients in the hospital (:meth:`on_board` of
        every seat, in one pass).

        Examples
        --------
        >>> state = BadDoctorGame(players=3).new_initial_state()
        >>> state.hospital[0].junctions[1] = ("T01", 2)
        >>> state.markers_on_board(), [state.on_board(s) for s in range(3)]
        ([0, 0, 1], [0, 0, 1])
        """
        return board.markers_by_seat(self.game.players, *self.hospital)

    def component_totals(self) -> dict[str, int]:
        """Count every tile, Doctor Marker and Complication Cube wherever it is.

        Conservation: the counts always equal the components of the box
        (37 tiles, 80 markers, 15 cubes); tests and the benchmark check it.

        Examples
        --------
        >>> import simlab
        >>> state = simlab.run(simlab.load_game("bad_doctor", players=2), seed=3)
        >>> state.component_totals()
        {'tiles': 37, 'doctor_markers': 80, 'complication_cubes': 15}
        """
        game = self.game
        counts = game.parts.counts
        placed = sum(len(p.junctions) for p in self.hospital)
        tiles = (len(self.deck) + len(self.discard) + sum(map(len, self.hands)) + placed
                 + len(game.removed_tiles))
        in_box = counts["doctor_markers"] * counts["doctor_boards"] - game.markers * game.players
        markers = in_box + sum(
            self.supply[s] + self.score_pile[s] + self.removed[s] + self.on_board(s)
            for s in range(game.players)
        )
        cubes = self.complication_cubes + sum(p.complication_cubes for p in self.hospital)
        return {"tiles": tiles, "doctor_markers": markers, "complication_cubes": cubes}

    def _finish(self, reason: str, log: list[Event]) -> None:
        n = self.game.players
        keys = [(self.score_pile[s], -self.removed[s], self.on_board(s)) for s in range(n)]
        best = max(keys)
        winners = tuple(s for s in range(n) if keys[s] == best)
        self.result = Outcome(winners, tuple(float(x) for x in self.score_pile), reason)
        names = " and ".join(self._name(s) for s in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        log.append(Event(f"the game is over ({reason}); {names} {verb}", "end"))

    # -- chance: the draws -----------------------------------------------------
    def _reveal_tile(self, action: RevealTile) -> list[Event]:
        item = self.queue.pop()
        if not isinstance(item, W.Draw):  # pragma: no cover - only drawn at a Draw
            raise SimlabError("bad_doctor: a tile is revealed with no draw waiting")
        seat = item.seat
        events = take_card(self.deck, self.discard, action.tile,
                           "the discard pile is shuffled into the Treatment Deck")
        bisect.insort(self.hands[seat], action.tile)
        tile = self.game.tiles[action.tile]
        events.append(Event(f"{self._name(seat)} draws {tile}", "reveal", seat))
        return events

    def _reveal_patient(self, action: RevealPatient) -> list[Event]:
        item = self.queue.pop()
        events = take_card(self.patient_deck, self.patient_discard, action.patient,
                           "the Patient discard pile is shuffled into the Patient Deck")
        card = self.game.parts.card(action.patient, self.starting_sides.pop(action.patient, ""))
        self.hospital.append(board.new_patient(card, arrived=self.shift,
                                               extra=self.game.extra_cube_spaces))
        if (isinstance(item, W.RefillPatient) and item.upto > HOSPITAL_SIZE  # Add Patient
                and self.game.options["added_patient_token"] == "visited"):
            self.hospital[-1].visited = True
        events.append(Event(f"Patient {card.id} ({card.name}) arrives", "patient"))
        return events

    def _choose_side(self, action: ChooseSide) -> list[Event]:
        self.queue.pop()
        card = self.game.parts.card(action.patient, action.side)
        self.hospital.append(board.new_patient(card, extra=self.game.extra_cube_spaces))
        return [Event(f"Starting Patient {card.id} shows side {card.side}", "patient")]

    # -- display ---------------------------------------------------------------
    def __str__(self) -> str:
        lines = [f"Bad Doctor, turn {self.shift + 1}: {self._name(self.seat)} to act"
                 f" ({self.actions_left} actions left)"]
        for p in self.hospital:
            spaces = ", ".join(f"{m} {s}" for s, m in board.open_spaces(p)) or "none"
            lines.append(f"  Patient {p.id}: open {spaces}; cubes {p.complication_cubes}/"
                         f"{p.cube_spaces}; {'visited' if p.visited else 'unvisited'}")
        for s in range(self.game.players):
            lines.append(f"  {self._name(s)}: hand {' '.join(self.hands[s]) or '-'}; "
                         f"supply {self.supply[s]}; score {self.score_pile[s]}")
        return "\n".join(lines)


#: Fields :meth:`BadDoctorState.clone` copies with one ``copy`` (flat lists and dicts of
#: strings, numbers and frozen records).
_COPIED = ("deck", "discard", "patient_deck", "patient_discard", "patients_out",
           "starting_sides", "supply", "score_pile", "removed", "first_turn", "departures",
           "queue")
#: Every field a state sets (the others shared by the clone: numbers, the game, the result,
#: the cached legal actions).
_FIELDS = frozenset({*_COPIED, "game", "hands", "hospital", "complication_cubes", "seat",
                     "actions_left", "drew", "placed", "shift", "cubes_added", "result",
                     "to_move", "_legal"})

#: Each kind of pending work to its step in :meth:`BadDoctorState._advance`.
_STEPS: dict[type, Callable[[BadDoctorState, Any, list[Event]], bool]] = {
    W.Draw: BadDoctorState._at_draw,
    W.RefillPatient: BadDoctorState._at_refill,
    W.ChooseStartingSide: BadDoctorState._at_starting_side,
    W.PendingBonus: BadDoctorState._at_bonus,
    W.PendingMarker: BadDoctorState._at_marker,
    W.Death: BadDoctorState._at_death,
    W.TurnEnd: BadDoctorState._at_turn_end,
    W.ShiftEnd: BadDoctorState._at_shift_end,
    W.NextTurn: BadDoctorState._at_next_turn,
}

#: Each action to its handler: TakeActions' (DrawTile to NoMarker), Bonuses' (MoveCube to
#: DeclineBonus), CuresAndDeaths' (RemoveMarker) and this module's (the chance outcomes).
_HANDLERS: dict[type, Callable[[BadDoctorState, Any], list[Event]]] = {
    DrawTile: BadDoctorState._draw,
    PlaceTile: BadDoctorState._place,
    DiscardTile: BadDoctorState._discard,
    Pass: BadDoctorState._pass,
    TakeBackMarker: BadDoctorState._take_back,
    NoMarker: BadDoctorState._no_marker,
    MoveCube: BadDoctorState._cube,
    AddCube: BadDoctorState._cube,
    RemoveCube: BadDoctorState._cube,
    RemoveTile: BadDoctorState._remove_tile,
    ActivateBonus: BadDoctorState._activate,
    DeclineBonus: BadDoctorState._decline,
    RemoveMarker: BadDoctorState._remove_marker,
    RevealTile: BadDoctorState._reveal_tile,
    RevealPatient: BadDoctorState._reveal_patient,
    ChooseSide: BadDoctorState._choose_side,
}
