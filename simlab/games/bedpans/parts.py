"""The small records a Bedpans & Broomsticks position is made of, named as the rulebook names
them (issues 14 and 36): who acts next, the Stuff effects that last the turn, a blocked door,
an open edge to explore, and the work a new tile brings ("Placing New Tiles").

They are frozen, slotted dataclasses: immutable values with named fields only (no position
to unpack by, no tuple to slice), shared (not copied) by a clone; the tags they carry are
enums whose members equal their rulebook text.

- :class:`Decide`, :class:`Chance`, :data:`OVER`: ``state.need``, the next step of the turn
  machine; :class:`Decision` and :class:`Draw` name what is decided or drawn, and
  :class:`Phase` the step of the turn (``state.phase``).
- :class:`Lasting` and :class:`TurnEffect`: ``state.fx``, the effects of Stuff that last the
  turn, by kind, each on whom it was played and by whom.
- :class:`BlockedDoor`, :class:`DoorStuff`: an entry of ``state.blocked`` (Jammed Door,
  Door Code).
- :class:`OpenEdge`: an open edge in view with no tile beyond (``state.target``).
- :class:`Station`, :class:`ExtraNurse`, :class:`OneStuff`, :class:`CornerStuff`,
  :class:`DrawSpecial`, :class:`PlaceSpecial`: the items of ``state.queue``.
- :class:`Nudge`: a 1-space move closer to a bed still to be made (``state.nudges``).

Examples
--------
>>> need = Decide(1, Decision.MOVE)
>>> need.seat, need.decision == "move", need
(1, True, Decide(seat=1, decision=<Decision.MOVE: 'move'>))
>>> Chance(Draw.TILE).draw
<Draw.TILE: 'tile'>
>>> edge = OpenEdge("U", 1, 0, 2, 1, 1)
>>> edge.position, edge.side
(('U', 1, 0), 1)
>>> import dataclasses
>>> code = BlockedDoor(DoorStuff.DOOR_CODE, order="231", player=1)
>>> dataclasses.replace(code, wrong=("123",)).wrong, code.stuff == "Door Code"
(('123',), True)
>>> TurnEffect("red", 1)
TurnEffect(on='red', player=1, space=None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = [
    "ON_STRIKE",
    "OVER",
    "BlockedDoor",
    "Chance",
    "CornerStuff",
    "Decide",
    "Decision",
    "DoorStuff",
    "Draw",
    "DrawSpecial",
    "ExtraNurse",
    "Lasting",
    "Nudge",
    "OneStuff",
    "OpenEdge",
    "Over",
    "Phase",
    "PlaceSpecial",
    "QueueItem",
    "Station",
    "TurnEffect",
]

#: A space of the layout: ``(floor, x, y)`` (re-exported by :mod:`.board`).
Space = tuple[str, int, int]
#: A tile position: ``(floor, tx, ty)``.
TilePos = tuple[str, int, int]


class Decision(StrEnum):
    """What a seat decides (``Decide.decision``); equal to its text, e.g. ``"move"``."""

    START_TILE = "start-tile"  #: the first Elder-player picks the start tile (ruling B13)
    REENTER = "reenter"  #: a neutralized Elder re-enters on a bed
    DECOY = "decoy"  #: reposition the Decoy, or pass
    WINDOW = "window"  #: a Stuff window: play Stuff or a Door-marker, or pass
    CHOOSE = "choose"  #: which Character moves next
    MOVE = "move"  #: a step, a door tried, Stuff taken, or stop
    CHAIR = "chair"  #: Power-Chair's free moves
    CLOSER = "closer"  #: where a move "closer to the closest bed" goes
    GUESS = "guess"  #: a Door Code guess
    DISCARD = "discard"  #: over the hand limit: discard
    EXCHANGE = "exchange"  #: the end-of-turn exchange of 2 Stuff for 1, or pass
    EXPLORE = "explore"  #: the Staff-player picks the open edge to explore
    PLACE = "place"  #: turn and place the drawn tile
    SPECIAL = "special"  #: place the drawn Elevator or Exit tile
    STATION = "station"  #: which Staffer goes to a new station
    EXTRA = "extra"  #: New Shift: a second Nurse, or not
    STUFF_PLACE = "stuff-place"  #: where a new tile's Stuff goes


class Phase(StrEnum):
    """The step of the turn the machine is at (``state.phase``; the steps are the table
    :data:`.turn_sequence.PHASES`); equal to its text, e.g. ``"window1"``."""

    SETUP = "setup"  #: before the set-up (only while the state is made)
    START_TILE = "start-tile"  #: the first Elder-player picks the start tile (ruling B13)
    START = "start"  #: the start of a turn
    REENTER = "reenter"  #: a neutralized Elder re-enters
    DECOY = "decoy"  #: the Decoy may be placed
    WINDOW1 = "window1"  #: the Stuff window before the moves
    MOVES = "moves"  #: between moves: the next Character to move, or the moves are over
    ROLL = "roll"  #: the movement dice are rolled
    MOVE = "move"  #: a Character moves, one step at a time
    WINDOW2 = "window2"  #: the Stuff window after the moves
    EXCHANGE = "exchange"  #: the end-of-turn exchange of 2 Stuff for 1
    END = "end"  #: the end of the turn


class Draw(StrEnum):
    """What chance decides (``Chance.draw``)."""

    STUFF = "stuff"  #: a Stuff-marker drawn from the pile
    TILE = "tile"  #: a Room-tile that fits the open edge
    ELEVATOR = "elevator"  #: an Elevator tile
    EXIT = "exit"  #: an Exit tile
    ROLL = "roll"  #: the movement dice
    DOOR = "door"  #: Jammed Door: doubles or not


@dataclass(frozen=True, slots=True)
class Decide:
    """``seat`` decides ``decision``."""

    seat: int
    decision: Decision


@dataclass(frozen=True, slots=True)
class Chance:
    """Chance draws ``draw``."""

    draw: Draw


@dataclass(frozen=True, slots=True)
class Over:
    """The game is over."""


#: The game is over.
OVER = Over()


#: Marks, in ``state.dormant``, an Elevator tile whose Staffers Staffers on Strike keep off
#: (option ``strike_elevator=elevator-tile``, ruling S12).
ON_STRIKE = " (on strike)"


class Lasting(StrEnum):
    """The keys of ``state.fx``: Stuff whose effect lasts the turn ("Remove at end of turn",
    printed T; Walker "as stated", until the end of the turn), by its rulebook name."""

    HURRY_UP = "Hurry Up"
    DETECTOR = "Detector"
    WALKER = "Walker"
    FLYING_BEDPAN = "Flying Bedpan"
    COFFEE_BREAK = "Coffee Break"
    BINGO_ON_TV = "Bingo on TV"
    NEW_SHIFT = "New Shift"
    STAFFERS_ON_STRIKE = "Staffers on Strike"
    DISGUISE = "Disguise"


@dataclass(frozen=True, slots=True)
class TurnEffect:
    """A Stuff-marker of a :class:`Lasting` kind in play this turn (``state.fx[kind]``).

    ``on``: whom it affects, as the rulebook says "Choose ...": a colour (an Elder & Decoy:
    Hurry Up, Detector, Bingo on TV, Disguise, Walker: the player's own), a Character's
    name (Hurry Up on a Staffer, Flying Bedpan), or ``""`` (Coffee Break, New Shift,
    Staffers on Strike: every Staffer).  ``player``: the seat that played it (New Shift:
    who places the Nurses).  ``space``: Disguise's space, whose Staffers the pair ignores.
    """

    on: str
    player: int
    space: Space | None = None


class DoorStuff(StrEnum):
    """The Stuff that blocks a door (``BlockedDoor.stuff``), by its rulebook name."""

    JAMMED_DOOR = "Jammed Door"
    DOOR_CODE = "Door Code"


@dataclass(frozen=True, slots=True)
class BlockedDoor:
    """A door blocked by Stuff: ``stuff`` is :class:`DoorStuff` (Jammed Door, Door Code).

    Jammed Door counts its failed ``tries``; Door Code keeps the ``order`` of its markers
    (``"?"`` to a seat that may not see it), the ``wrong`` orders guessed so far, and the
    seat that played it (``player``).
    """

    stuff: DoorStuff
    tries: int = 0
    wrong: tuple[str, ...] = ()
    order: str = ""
    player: int | None = None


@dataclass(frozen=True, slots=True)
class OpenEdge:
    """An open edge in view with no tile beyond (ruling B2): the empty tile position
    ``(floor, tx, ty)``, and the space ``(x, y)`` from which it lies on ``side``
    (0 N, 1 E, 2 S, 3 W)."""

    floor: str
    tx: int
    ty: int
    x: int
    y: int
    side: int

    @property
    def position(self) -> TilePos:
        """The empty tile position ``(floor, tx, ty)``."""
        return (self.floor, self.tx, self.ty)


@dataclass(frozen=True, slots=True)
class Station:
    """A new tile's station ``space`` (``letter`` ``N`` or ``D``) waits for its Staffer."""

    space: Space
    letter: str


@dataclass(frozen=True, slots=True)
class ExtraNurse:
    """New Shift: the player in ``seat`` may send a second Nurse to ``space`` (ruling S12)."""

    space: Space
    seat: int


@dataclass(frozen=True, slots=True)
class OneStuff:
    """One Stuff-marker goes on the new Elevator or Exit tile at ``pos`` (the Staff picks)."""

    pos: TilePos


@dataclass(frozen=True, slots=True)
class CornerStuff:
    """Stuff goes on the corners of the new tile at ``pos`` away from its ``side``."""

    pos: TilePos
    side: int


@dataclass(frozen=True, slots=True)
class DrawSpecial:
    """An Exit-sign tile at ``anchor`` calls for an Elevator or Exit tile (``kind``)."""

    kind: str
    anchor: TilePos


@dataclass(frozen=True, slots=True)
class PlaceSpecial:
    """The drawn Elevator or Exit ``tile`` (``kind``) is to be placed, near ``anchor``."""

    tile: str
    anchor: TilePos
    kind: str


@dataclass(frozen=True, slots=True)
class Nudge:
    """The Character ``name`` moves 1 space closer to a bed; ``chooser`` picks where."""

    name: str
    chooser: int


#: An item of ``state.queue``: the work a new tile brings, in order.
QueueItem = Station | ExtraNurse | OneStuff | CornerStuff | DrawSpecial | PlaceSpecial
