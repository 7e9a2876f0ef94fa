"""The work a Bad Doctor turn chains together, waiting on the state's ``queue`` (top last).

Each item is a small frozen value named from the rulebook: a draw, a Patient to bring in,
the side of a Starting Patient, a Treatment Tile Bonus, a Doctor Marker to take back, a
death, and the steps of the turn's end.  :meth:`.rules.BadDoctorState._advance` runs what
needs nobody and stops at the next decision or chance node.

Examples
--------
>>> Draw(seat=1)
Draw(seat=1)
>>> PendingBonus("Remove Tile", may_decline=False, tile="T15").tile
'T15'
>>> TURN_END == TurnEnd()
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

__all__ = [
    "NEXT_TURN",
    "SHIFT_END",
    "TURN_END",
    "ChooseStartingSide",
    "Death",
    "Draw",
    "NextTurn",
    "Pending",
    "PendingBonus",
    "PendingMarker",
    "RefillPatient",
    "ShiftEnd",
    "TurnEnd",
    "bonus_of",
    "death",
    "draw",
]


@dataclass(frozen=True, slots=True)
class Pending:
    """Something the rules still have to do."""


@dataclass(frozen=True, slots=True)
class Draw(Pending):
    """``seat`` draws a Treatment Tile (a chance node, unless the hand is full or no tile is
    left)."""

    seat: int


@dataclass(frozen=True, slots=True)
class RefillPatient(Pending):
    """A Patient comes in from the Patient Deck if the hospital holds fewer than ``upto``."""

    upto: int


@dataclass(frozen=True, slots=True)
class ChooseStartingSide(Pending):
    """Chance: which side of Starting Patient ``patient`` is up (``starting_side=random``)."""

    patient: str


@dataclass(frozen=True, slots=True)
class PendingBonus(Pending):
    """The Treatment Tile Bonus of ``tile``, just placed (``may_decline``: optional)."""

    bonus: str
    may_decline: bool
    tile: str


@dataclass(frozen=True, slots=True)
class PendingMarker(Pending):
    """Empty supply: the player may take back a Doctor Marker for ``space`` of ``patient``."""

    patient: str
    space: int


@dataclass(frozen=True, slots=True)
class Death(Pending):
    """Step 3: ``patient`` dies."""

    patient: str


@dataclass(frozen=True, slots=True)
class TurnEnd(Pending):
    """Steps 2 and 3 after the two actions."""


@dataclass(frozen=True, slots=True)
class ShiftEnd(Pending):
    """Step 4: the end, or the next shift prepared."""


@dataclass(frozen=True, slots=True)
class NextTurn(Pending):
    """The next player's shift begins."""


TURN_END = TurnEnd()
SHIFT_END = ShiftEnd()
NEXT_TURN = NextTurn()


@functools.lru_cache(maxsize=64)
def draw(seat: int) -> Draw:
    """``Draw(seat)``, built once a seat: turns queue draws again and again (a frozen value
    is shared safely).

    Examples
    --------
    >>> draw(1) == Draw(1), draw(1) is draw(1)
    (True, True)
    """
    return Draw(seat)


@functools.lru_cache(maxsize=256)
def death(patient: str) -> Death:
    """``Death(patient)``, built once a Patient (as :func:`draw`)."""
    return Death(patient)


@functools.lru_cache(maxsize=512)
def bonus_of(bonus: str, may_decline: bool, tile: str) -> PendingBonus:
    """``PendingBonus(bonus, may_decline, tile)``, built once a tile (as :func:`draw`)."""
    return PendingBonus(bonus, may_decline, tile)
