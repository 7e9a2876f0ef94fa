"""The turn machine of Bedpans & Broomsticks ("Sequence of Play", "Elder-player Turn
Sequence", "Staff-player Turn Sequence", "Special – Your Decoy").

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`.  Seat 0 is the
Staff-player; the Elder-players play first in a round, the Staff last.  An Elder turn:
re-entry (after a neutralization) or the Decoy's repositioning, a Stuff window (the
active player first, then clockwise), two moves (3 dice, the lowest 2; then 2 dice for
the other token), a second Stuff window, the end-of-turn exchange.  A Staff turn: Stuff
window, 3 Staffers moved (2 with 2 players), Stuff window, exchange.

:meth:`TurnSequence._settle` runs the machine to the next decision or chance node: what
is pending first (Stuff to draw, a door tried, a hand over the limit, a new tile's work,
Stuff's forced moves), else the step of the turn's phase (the table :data:`PHASES`).

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> s.phase, s.need
(<Phase.START: 'start'>, Chance(draw=<Draw.STUFF: 'stuff'>))
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from simlab.core.api import Action, Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import Space, space_text
from simlab.games.bedpans.components import COLOURS, STAFFERS
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.parts import OVER, Chance, Decide, Decision, Draw, Lasting, Phase
from simlab.games.bedpans.stuff_markers import HAND_LIMIT, IN_FRONT

__all__ = ["PHASES", "TurnSequence"]

#: Status-markers removed at the end of the round.
_ROUND_MARKERS = ("Just Cleaned", "Puddle")
#: The Stuff in front of the players that leaves at the end of an Elder's turn, and at
#: the end of the Staff's (the end of the round).
_UNTIL_TURN_END = tuple(k for k, until in IN_FRONT.items() if until == "turn")
_UNTIL_ROUND_END = tuple(k for k, until in IN_FRONT.items() if until in ("turn", "round"))
#: The names of each colour's two tokens.
_PAIR = {c: (f"{c} 1", f"{c} 2") for c in COLOURS}
#: Actions offered again and again, made once (they are frozen values).
_PASS = A.Pass()
_CHOOSE = {name: A.ChooseMover(name) for name in
           (*(f"{c} {i + 1}" for c in COLOURS for i in (0, 1)), *STAFFERS)}
#: What chance draws, made once.
_DRAW_STUFF, _DRAW_DOOR, _DRAW_ROLL = Chance(Draw.STUFF), Chance(Draw.DOOR), Chance(Draw.ROLL)
#: Names the turn machine reads at every step, read from their enums once: in Python 3.11
#: reading a member from its class (``Decision.MOVE``) goes through ``enum``'s class
#: ``__getattr__`` hook, several times the cost of a module constant.
_MOVE, _WINDOW, _CHOOSE_MOVER, _DECOY = Decision.MOVE, Decision.WINDOW, Decision.CHOOSE, \
    Decision.DECOY
_FLYING_BEDPAN, _COFFEE_BREAK = Lasting.FLYING_BEDPAN, Lasting.COFFEE_BREAK
_ROLLING, _MOVING, _BETWEEN_MOVES = Phase.ROLL, Phase.MOVE, Phase.MOVES
_TURN_START, _REENTERING, _PLACING_DECOY = Phase.START, Phase.REENTER, Phase.DECOY
_FIRST_WINDOW, _SECOND_WINDOW = Phase.WINDOW1, Phase.WINDOW2
_EXCHANGING, _TURN_END = Phase.EXCHANGE, Phase.END
#: The decisions whose legal actions :meth:`TurnSequence._decide` lists as it finds them,
#: by seat and kind, made once.
_LISTED = tuple({kind: Decide(seat, kind) for kind in (Decision.WINDOW, Decision.MOVE,
                                                        Decision.CHOOSE, Decision.CHAIR)}
                for seat in range(5))  # at most 5 players
#: The action that places the Decoy on a space: those offered so far, made once (they are
#: frozen values; the beds of many layouts at most).
_decoy_at = functools.lru_cache(maxsize=10_000)(A.PlaceDecoy)


class TurnSequence(StateFields):
    """The turn machine of :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def _settle(self) -> None:
        """Run the machine to the next decision or chance node: what is pending first
        (:meth:`_pending_step`), else the next step of the turn in its phase (a table,
        :data:`PHASES`); each step says whether it stopped.

        A hand goes over the hand limit only by a Stuff-marker drawn, an action: the
        machine's own steps never add to a hand, so the hands are looked at once, here."""
        over_limit = False  # (a loop: max(map(len, ...)) takes twice as long)
        for hand in self.hands:
            if len(hand) > HAND_LIMIT:
                over_limit = True
                break
        while True:
            if self.winner is not None or self.reason:
                self.need = OVER
                return
            if (self.draws or self.trying is not None or self.queue or self.explore is not None
                    or self.nudges or self.chair or over_limit):
                stop = self._pending_step()
            else:
                stop = PHASES[self.phase](self)
            if stop:
                return

    def _pending_step(self) -> bool:
        """One step of what the turn waits on, in this order: Stuff-markers to draw, a
        blocked door tried, a hand over the limit, tiles, Staffers and Stuff to place, a
        tile to explore, Stuff's moves closer to a bed, Power-Chair's free moves.  True
        when it stops at a decision or a chance node."""
        if self.draws:
            self.need = _DRAW_STUFF
            return True
        if self.trying is not None:
            if self.blocked[self.trying].stuff == "Door Code":
                self.need = Decide(self.active, Decision.GUESS)
            else:
                self.need = _DRAW_DOOR
            return True
        if max(map(len, self.hands)) > HAND_LIMIT:
            seat = next(s for s, hand in enumerate(self.hands) if len(hand) > HAND_LIMIT)
            self.need = Decide(seat, Decision.DISCARD)
            return True
        if self.queue:
            return self._queue_step()
        if self.explore is not None:
            return self._explore_step()
        if self.nudges:
            return self._nudge_step()
        return self._chair_step()  # called with a chair pending

    def _start_tile_phase(self) -> bool:
        self.need = Decide(1, Decision.START_TILE)  # the first Elder-player chooses (B13)
        return True

    def _start_phase(self) -> bool:
        seat = self.active
        self.moves_done, self.moved, self.took = 0, [], 0
        if seat == 0:
            self._open_window(_FIRST_WINDOW)
        elif self.colour_of(seat) in self.out:
            self.phase = _TURN_END
        elif all(p is None for p in self.tokens[self.colour_of(seat)]):
            self.phase = _REENTERING
        else:
            self.phase = _PLACING_DECOY
        return False

    def _reenter_phase(self) -> bool:
        self.need = Decide(self.active, Decision.REENTER)
        return True

    def _decoy_phase(self) -> bool:
        self.need = Decide(self.active, _DECOY)
        return True

    def _window_phase(self) -> bool:
        while self.window:  # the seats with nothing to play are passed over
            plays = self._window_plays(self.window[0])
            if plays:
                self._decide(self.window[0], _WINDOW, [_PASS, *plays])
                return True
            self.window.pop(0)
        self.phase = _BETWEEN_MOVES if self.phase == _FIRST_WINDOW else _EXCHANGING
        return False

    def _roll_phase(self) -> bool:
        self.need = _DRAW_ROLL
        return True

    def _move_phase(self) -> bool:
        options = self._move_options()
        if not options:  # no step left, or the mover is gone
            self.moves_done += 1
            self.moved.append(self.mover)  # type: ignore[arg-type]
            self.mover, self.points, self.can_take = None, 0, False
            self.phase = _BETWEEN_MOVES
            return False
        self._decide(self.active, _MOVE, options)
        return True

    def _exchange_phase(self) -> bool:
        seat = self.active
        if len(self.hands[seat]) >= 2:
            self.need = Decide(seat, Decision.EXCHANGE)
            return True
        self.phase = _TURN_END
        return False

    def _end_phase(self) -> bool:
        self._end_turn()
        return False

    def _decide(self, seat: int, kind: Decision, legal: Sequence[Action]) -> None:
        """``seat`` decides ``kind`` among ``legal`` (kept for :meth:`_legal_actions`, with
        the decision: the record of :data:`_LISTED`, which only this method sets as
        ``need``, so that ``_ready`` is that of the decision whenever ``need`` is it)."""
        self.need = need = _LISTED[seat][kind]
        self._ready = (need, tuple(legal))

    def _open_window(self, phase: Phase) -> None:
        active = self.active  # the active player first, then clockwise
        self.window = [*range(active, self.game.players), *range(active)]
        self.phase = phase

    def _affected(self, kind: Lasting) -> tuple[str, ...]:
        """Whom the Stuff of ``kind`` played this turn affects (:attr:`.TurnEffect.on`)."""
        return tuple([effect.on for effect in self.fx.get(kind, ())])

    def _movers_available(self) -> list[str]:
        seat = self.active
        if seat == 0:
            names, places = STAFFERS, self.staffers
        else:
            colour = self.colour_of(seat)
            names, places = _PAIR[colour], self.tokens[colour]
        moved = self.moved
        frozen = self._affected(_FLYING_BEDPAN) if self.fx else ()
        out = []  # (a loop: a comprehension makes a function at each call in Python 3.11)
        for i, name in enumerate(names):
            if places[i] is not None and name not in moved and name not in frozen:
                out.append(name)
        return out

    def _moves_allowed(self) -> int:
        if self.active != 0:
            return 2
        if _COFFEE_BREAK in self.fx:
            return 1
        if self.game.players == 2 or (self.escaped and self.game.options["all_or_nothing"]):
            return 2
        return 3

    def _next_move(self) -> bool:
        available = self._movers_available()
        if self.moves_done >= self._moves_allowed() or not available:
            self._open_window(_SECOND_WINDOW)
            return False
        if self.game.options["roll_and_assign"] and not self.pending and not self.dice:
            if self.active:
                self.mover = None
                self.roll_kind = "elder1" if self.moves_done == 0 else "elder2"
                self.phase = _ROLLING
                return False
            if self.game.options["assign_for"] == "everyone":
                self.mover, self.roll_kind, self.phase = None, "staff-dice", _ROLLING
                return False
        if len(available) > 1:
            self._decide(self.active, _CHOOSE_MOVER, [*map(_CHOOSE.__getitem__, available)])
            return True
        self._start_move(available[0])
        return False

    def _start_move(self, name: str) -> None:
        self.mover = name
        if self.pending:  # Roll Movement Dice & Assign: the result is already rolled
            self.points, self.pending, self.phase = self.pending, 0, _MOVING
            return
        if self.dice:  # ... and the Staff's dice, read for the Staffer chosen (ruling V10)
            self.points, self.dice, self.phase = self.dice_result(name), (), _MOVING
            return
        if self.active != 0:
            self.roll_kind = "elder1" if self.moves_done == 0 else "elder2"
        else:
            self.roll_kind = self._staffer_roll(name)
        self.phase = _ROLLING

    def _end_turn(self) -> None:
        n = self.game.players
        for entry in self.fx.get(Lasting.DISGUISE, ()):  # the Disguise ends: caught after all?
            self._resolve(entry.space)  # type: ignore[arg-type]  # a Disguise has its space
        if self.winner is not None or self.reason:
            return
        self.fx = {}
        if self.in_front:  # Walker ends with the turn, Just Cleaned and Plans! the round
            for kind in _UNTIL_TURN_END if self.active else _UNTIL_ROUND_END:
                self._lay_aside(kind)
        if self.game.options["limited_occupancy"]:
            self._limit_occupancy()
        if self.active == 0:
            self.status = {s: k for s, k in self.status.items() if k not in _ROUND_MARKERS}
            self.planner = 0
            if self.escaped:
                self._finish_escapes()
                if self.reason:
                    return
            if self.round >= self.game.options["round_limit"]:
                self.reason = f"round limit ({self.round} rounds) reached: no winner"
                return
            self.round += 1
        self.active = (self.active + 1) % n
        self.phase = _TURN_START

    def _pass(self, action: A.Pass) -> list[Event]:
        kind = self.need.decision  # type: ignore[union-attr]  # a decision
        if kind == "decoy":
            self._open_window(_FIRST_WINDOW)
        elif kind == "window":
            self.window.pop(0)
        elif kind == "exchange":
            self.phase = _TURN_END
        return []

    def _choose(self, action: A.ChooseMover) -> list[Event]:
        self._start_move(action.mover)
        return []

    def _decoy_spaces(self, seat: int) -> list[Space]:
        colour = self.colour_of(seat)
        elder = self.elder[colour]
        elder_at = self.tokens[colour][elder]
        decoy_at = self.tokens[colour][1 - elder]
        spaces = set(self.beds(colour))
        if elder_at is not None:
            spaces.add(elder_at)
        spaces.discard(decoy_at)  # type: ignore[arg-type]
        return sorted(spaces)

    def _place_decoy(self, action: A.PlaceDecoy) -> list[Event]:
        colour = self.colour_of(self.active)
        decoy = 1 - self.elder[colour]
        self.tokens[colour][decoy] = action.space
        toks = self.tokens[colour]
        self.known[colour] = toks[0] != toks[1]
        self._resolve(action.space)
        self._open_window(_FIRST_WINDOW)
        return [Event(f"{colour} Decoy placed at {space_text(action.space)}", "decoy",
                      self.active)]

    def _legal_choose(self, seat: int) -> list[Action]:
        """Which Character moves next."""
        return [_CHOOSE[m] for m in self._movers_available()]

    def _legal_decoy(self, seat: int) -> list[Action]:
        """The start of an Elder's turn: pass, or place the Decoy (Special – Your Decoy)."""
        return [_PASS, *map(_decoy_at, self._decoy_spaces(seat))]


#: The steps of a turn, by phase (:meth:`TurnSequence._settle`): each says whether it
#: stopped at a decision or a chance node.
PHASES: dict[Phase, Callable[[TurnSequence], bool]] = {
    Phase.START_TILE: TurnSequence._start_tile_phase,
    Phase.START: TurnSequence._start_phase,
    Phase.REENTER: TurnSequence._reenter_phase,
    Phase.DECOY: TurnSequence._decoy_phase,
    Phase.WINDOW1: TurnSequence._window_phase,
    Phase.MOVES: TurnSequence._next_move,
    Phase.ROLL: TurnSequence._roll_phase,
    Phase.MOVE: TurnSequence._move_phase,
    Phase.WINDOW2: TurnSequence._window_phase,
    Phase.EXCHANGE: TurnSequence._exchange_phase,
    Phase.END: TurnSequence._end_phase,
}
