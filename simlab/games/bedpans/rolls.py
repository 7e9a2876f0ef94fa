"""Movement rolls of Bedpans & Broomsticks as the rules read them ("Elder-player Turn
Sequence", "Staff-player Turn Sequence", "Special – Movement"), and the Stuff that changes
them (Hurry Up, Detector, Walker: rulings M3-M6, S3).

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`: which dice a mover reads
(:meth:`Rolls._staffer_roll`), a movement roll's chance outcomes (:meth:`Rolls._roll_outcomes`)
and the roll applied (:meth:`Rolls._roll`).  :mod:`.movement` simulates the same dice
independently (for the ``bedpans-movement`` study), so that each checks the other.

Examples
--------
>>> [(v, str(p)) for v, p in roll_distribution("elder1")]
[(2, '7/27'), (3, '1/3'), (4, '7/27'), (5, '1/9'), (6, '1/27')]
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

from simlab.core.api import Action, Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.components import STAFFERS
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.parts import Lasting, Phase

__all__ = ["ROLL_DRAWS", "Rolls", "read_roll", "roll_distribution"]


@functools.lru_cache(maxsize=1_000)
def _rolled(mover: str, result: int, seat: int) -> Event:
    """The event of ``mover``'s movement roll in ``seat``'s turn (made once: an event is an
    immutable record)."""
    return Event(f"{mover} rolls {result}", "roll", seat)


def roll_distribution(kind: str) -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of a movement result, by enumerating the three-sided dice.

    ``kind``: ``elder1`` (3 dice, lowest 2), ``elder2`` (2 dice), ``nurse1``
    (first Nurse: 3 dice, highest 2), ``nurse`` (lowest 2), ``doctor`` (red
    die plus the lower white die).  Same as :mod:`.movement`'s expressions.

    Examples
    --------
    >>> [(v, str(p)) for v, p in roll_distribution("elder2")]
    [(2, '1/9'), (3, '2/9'), (4, '1/3'), (5, '2/9'), (6, '1/9')]
    """
    return _ROLLS[kind]


def read_roll(kind: str, dice: tuple[int, ...]) -> int:
    """The movement result of the dice as ``kind`` reads them (the red die first).

    Examples
    --------
    >>> read_roll("elder1", (2, 1, 3))   # "He rolls 2, 1, 3. The sum of the lowest 2 ... is 3"
    3
    >>> read_roll("elder1", (3, 2, 2))   # the rulebook says 3: a misprint (ruling B16)
    4
    >>> read_roll("doctor", (3, 1, 2)), read_roll("nurse1", (3, 1, 2))
    (4, 5)
    """
    if kind == "doctor":
        return dice[0] + min(dice[1], dice[2])
    if kind == "nurse1":
        return sum(sorted(dice)[-2:])
    return sum(sorted(dice)[:2])


def _enumerate(kind: str) -> tuple[tuple[int, Fraction], ...]:
    counts: dict[int, int] = {}
    n = 2 if kind == "elder2" else 3
    for dice in itertools.product((1, 2, 3), repeat=n):
        value = read_roll(kind, dice)
        counts[value] = counts.get(value, 0) + 1
    total = 3**n
    return tuple((v, Fraction(c, total)) for v, c in sorted(counts.items()))


_ROLLS = {k: _enumerate(k) for k in ("elder1", "elder2", "nurse1", "nurse", "doctor")}
#: Each movement roll's outcomes as actions; and each outcome after the running total of
#: the chances up to it as :func:`~simlab.core.chance.sample_chance` adds them up (for
#: ``BedpansState._sample_chance``).
_ROLL_OUTCOMES = {k: tuple((A.Roll(v), p) for v, p in d) for k, d in _ROLLS.items()}
ROLL_DRAWS = {k: tuple(zip(itertools.accumulate(p.numerator / p.denominator for _, p in d),
                           (action for action, _ in _ROLL_OUTCOMES[k]), strict=True))
              for k, d in _ROLLS.items()}


def _staff_dice() -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
    """The red die and the two white dice (lower first), with their chances."""
    counts: dict[tuple[int, int, int], int] = {}
    for red, a, b in itertools.product((1, 2, 3), repeat=3):
        key = (red, min(a, b), max(a, b))
        counts[key] = counts.get(key, 0) + 1
    return tuple((k, Fraction(c, 27)) for k, c in sorted(counts.items()))


_STAFF_DICE = _staff_dice()


#: The phases a roll leads to, read from their enum once (see ``turn_sequence._MOVE``).
_MOVING, _BETWEEN_MOVES = Phase.MOVE, Phase.MOVES


class Rolls(StateFields):
    """Movement rolls for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def _staffer_roll(self, name: str) -> str:
        """How the Staffer ``name`` moved next reads its dice (ruling M3, option
        ``first_nurse``): "When moving the first Nurse, you must use the sum of the 2 highest
        die results" -- the first Nurse moved in the turn, or (``first-staffer-moved``) a
        Nurse only when no Staffer has moved before it."""
        if name == "Doctor":
            return "doctor"
        if self.game.options["first_nurse"] == "first-staffer-moved":
            return "nurse1" if self.moves_done == 0 else "nurse"
        return "nurse" if any(m.startswith("Nurse") for m in self.moved) else "nurse1"

    def dice_result(self, name: str) -> int:
        """The movement result the Staff's rolled dice give the Staffer ``name`` if chosen
        now ("Roll Movement Dice & Assign", ruling V10; Hurry Up included).

        Examples
        --------
        >>> from simlab.games.bedpans.rules import BedpansGame
        >>> s = BedpansGame(players=2).new_initial_state()
        >>> s.dice = (3, 1, 2)
        >>> s.dice_result("Doctor"), s.dice_result("Nurse 1")
        (4, 5)
        """
        bonus = self._hurry_bonus() if name in self._affected(Lasting.HURRY_UP) else 0
        return read_roll(self._staffer_roll(name), self.dice) + bonus

    def _hurry_bonus(self) -> int:
        """What Hurry Up adds to a move: 1 on each of the 2 dice read, or 1 (ruling M4)."""
        return 2 if self.game.options["hurry_up"] == "dice+1" else 1

    def _roll_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The movement result under Hurry Up, Detector and Walker (rulings M4-M6, S3).

        Each mover adds up 2 dice, so under the default readings ("die result": the number
        on one die) Detector makes a move 2, Hurry Up adds 2 and Walker offers 4; under the
        other readings (the movement result) they give 1, +1 and 2.
        """
        if self.roll_kind == "staff-dice":
            return [(A.RollDice(d), p) for d, p in _STAFF_DICE]
        base = _ROLLS[self.roll_kind]
        fx = self.fx
        if not fx:
            return list(_ROLL_OUTCOMES[self.roll_kind])
        name = self.mover or self.colour_of(self.active)
        key = name if name in STAFFERS else name.split()[0]
        opts = self.game.options
        if key in self._affected(Lasting.DETECTOR):
            base = ((2 if opts["detector"] == "dice-1" else 1, Fraction(1)),)
        if key in self._affected(Lasting.HURRY_UP):
            bonus = self._hurry_bonus()
            base = tuple((v + bonus, p) for v, p in base)
        if key in self._affected(Lasting.WALKER):
            least = 4 if opts["walker"] == "dice-2" else 2
            merged: dict[int, Fraction] = {}
            for v, p in base:
                merged[max(v, least)] = merged.get(max(v, least), Fraction(0)) + p
            base = tuple(sorted(merged.items()))
        return [(A.Roll(v), p) for v, p in base]

    def _door_chance(self) -> Fraction:
        """Jammed Door: doubles on 2 three-sided dice (ruling S9)."""
        return Fraction(1, 3)

    def _roll(self, action: A.Roll) -> list[Event]:
        if self.mover is None:  # rolled before the token is chosen (ruling V10)
            self.pending = action.result
            self.phase = _BETWEEN_MOVES
            who = self.game.seat_names()[self.active]
            return [Event(f"{who} rolls {action.result}", "roll", self.active)]
        self.points = action.result
        self.phase = _MOVING
        return [_rolled(self.mover, action.result, self.active)]

    def _roll_dice(self, action: A.RollDice) -> list[Event]:
        self.dice = action.dice
        self.phase = _BETWEEN_MOVES
        return [Event(f"the Staff rolls {str(action)[5:]}", "roll", 0)]
