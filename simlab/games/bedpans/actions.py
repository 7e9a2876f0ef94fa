"""Bedpans & Broomsticks actions: frozen dataclasses with rulebook-like text, and the parser.

Residents are named by colour and token (``red 1``, ``red 2``): other
players cannot tell which token is the Elder, so the text never says it,
except where the rules reveal it (placing the Decoy).

Examples
--------
>>> a = Step("N")
>>> str(a), parse_action(str(a)) == a
('step N', True)
>>> str(PlaceTile("T05", ("U", 1, 0), 1))
'place tile T05 at U 1,0 turned 1'
>>> parse_action("move Nurse 3")
ChooseMover(mover='Nurse 3')
>>> parse_action("roll 4")
Roll(result=4)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from simlab.core.action_text import ActionPatterns, read_action, worded
from simlab.core.api import Action
from simlab.games.bedpans.board import Space, parse_space, space_text

__all__ = [
    "ChooseMover",
    "ChooseStart",
    "Closer",
    "Discard",
    "DrawStuff",
    "DrawTile",
    "Exchange",
    "Explore",
    "LeaveStation",
    "Pass",
    "PlaceDecoy",
    "PlaceStuff",
    "PlaceTile",
    "PlayDoor",
    "Reenter",
    "Roll",
    "RollDice",
    "SendStaffer",
    "Step",
    "Stop",
    "TakeStuff",
    "PlayStuff",
    "TryDoor",
    "DoorResult",
    "GuessCode",
    "parse_action",
]


class BedpansAction(Action):
    """A Bedpans & Broomsticks action: in the text its template
    (:func:`~simlab.core.action_text.worded`) makes, a field of type ``Space`` reads
    ``U 2,1``.

    Examples
    --------
    >>> str(PlaceDecoy(("G1", 0, -1)))
    'place Decoy at G1 0,-1'
    """

    __slots__ = ()

    #: How a field of each declared type is told (see :func:`~simlab.core.action_text.worded`).
    shown: ClassVar[Mapping[str, Callable[[Any], str]]] = MappingProxyType({"Space": space_text})


@worded("roll {result}")
class Roll(BedpansAction):
    """Chance: the movement result of the dice just rolled (already read for the mover)."""

    result: int


@worded("draw tile {tile}")
class DrawTile(BedpansAction):
    """Chance: a tile drawn (from the stack, the Elevator tiles or the Exit tiles)."""

    tile: str


@worded("draw Stuff {kind}")
class DrawStuff(BedpansAction):
    """Chance: the Stuff-marker a player draws or picks up turns out to be ``kind``."""

    kind: str


@worded("start on tile {tile}")
class ChooseStart(BedpansAction):
    """Set-up: the first Elder-player chooses the start tile (option ``start_tile=chosen``,
    "Special – Start Tiles", ruling B13).

    Examples
    --------
    >>> str(ChooseStart("T03")), parse_action("start on tile T03")
    ('start on tile T03', ChooseStart(tile='T03'))
    """

    tile: str


@worded("place Elder and Decoy on the bed at {space}")
class Reenter(BedpansAction):
    """A neutralized Elder and its Decoy come back on a bed of their colour."""

    space: Space


@worded("place Decoy at {space}")
class PlaceDecoy(BedpansAction):
    """At the start of the turn, the Decoy goes to the Elder's space or a bed of its colour."""

    space: Space


@worded("pass")
class Pass(BedpansAction):
    """Do nothing now: leave the Decoy, play no Stuff, keep the hand."""


@worded("play Door-marker between {a} and {b}")
class PlayDoor(BedpansAction):
    """Play a Door-marker on the wall between two spaces of two tiles."""

    a: Space
    b: Space


@worded("move {mover}")
class ChooseMover(BedpansAction):
    """Choose the Character to roll for and move: ``red 1``, ``Doctor``, ``Nurse 3``."""

    mover: str


@worded("step {direction}")
class Step(BedpansAction):
    """Move the current mover one space (``down``/``up``: Elevator shaft or Stairs)."""

    direction: str


#: The step on the floor in each direction ``d`` (0-3: N E S W), made once (frozen values).
STEP_TO = tuple(Step(label) for label in "NESW")


@worded("stop")
class Stop(BedpansAction):
    """End the current move early (movement is up to the result: ruling M1)."""


@worded("take Stuff")
class TakeStuff(BedpansAction):
    """Take a Stuff-marker from the mover's space into the hand."""


@worded("discard {kind}")
class Discard(BedpansAction):
    """Discard a Stuff-marker down to the hand limit of 3."""

    kind: str


@worded("exchange {first} and {second}")
class Exchange(BedpansAction):
    """End of turn: discard 2 Stuff-markers and draw 1."""

    first: str
    second: str


@worded("explore tile position {position}")
class Explore(BedpansAction):
    """The Staff-player announces the open edge (its empty tile position) to fill next."""

    position: Space


@worded("place tile {tile} at {position} turned {rot}")
class PlaceTile(BedpansAction):
    """Place the drawn tile at a tile position, turned clockwise ``rot`` quarter turns."""

    tile: str
    position: Space
    rot: int


@worded("place Stuff at {space}")
class PlaceStuff(BedpansAction):
    """Put a Stuff-marker on a space of the tile just placed (Staff-player's choice)."""

    space: Space


@worded("send {staffer} to the station at {space}")
class SendStaffer(BedpansAction):
    """Displace a Staffer to a new station (no unplaced Staffer of that type is left)."""

    staffer: str
    space: Space


@worded("leave the station at {space} empty")
class LeaveStation(BedpansAction):
    """Leave a new station empty instead of displacing a Staffer."""

    space: Space


@worded("play {kind}{target?: |}{target}")
class PlayStuff(BedpansAction):
    """Play a Stuff-marker of ``kind`` from the hand, on ``target`` (a Character, a colour,
    a space or a door, as the kind asks; empty when it needs none).

    Examples
    --------
    >>> str(PlayStuff("Laughing Gas", "Nurse 2"))
    'play Laughing Gas: Nurse 2'
    >>> parse_action("play Coffee Break")
    PlayStuff(kind='Coffee Break', target='')
    """

    kind: str
    target: str = ""


@worded("try the blocked door {direction}")
class TryDoor(BedpansAction):
    """Spend 1 space of movement on the blocked door in ``direction`` (Jammed Door: roll
    for doubles; Door Code: guess the order)."""

    direction: str


@worded("the door {opened?opens|stays blocked}")
class DoorResult(BedpansAction):
    """Chance: whether the blocked door just tried opens."""

    opened: bool


@worded("guess the Door Code {order}")
class GuessCode(BedpansAction):
    """Guess the order, top to bottom, of the Door Code's facedown 1, 2, 3 markers."""

    order: str


@worded("roll red {dice[0]} and white {dice[1]}, {dice[2]}")
class RollDice(BedpansAction):
    """Chance: the Staff's 3 dice, rolled before the Staffer is chosen (Variation "Roll
    Movement Dice & Assign" with ``assign_for=everyone``, ruling V10): the red die, then
    the two white dice, lower first.  The chosen Staffer reads them (ruling M3).

    Examples
    --------
    >>> str(RollDice((3, 1, 2)))
    'roll red 3 and white 1, 2'
    >>> parse_action("roll red 3 and white 1, 2")
    RollDice(dice=(3, 1, 2))
    """

    dice: tuple[int, int, int]


@worded("move {name} closer to {space}")
class Closer(BedpansAction):
    """Move ``name`` one space closer to its closest bed, to ``space`` (Lost Teeth, My
    Plants!, Nurse Call: where 2+ spaces are one move closer, its player chooses; ruling
    S10).

    Examples
    --------
    >>> str(Closer("red 1", ("U", 2, 1)))
    'move red 1 closer to U 2,1'
    >>> parse_action("move Nurse 2 closer to U 0,1")
    Closer(name='Nurse 2', space=('U', 0, 1))
    """

    name: str
    space: Space


_SPACE = r"((?:U|G1|G2) -?\d+,-?\d+)"
_PATTERNS: ActionPatterns = (
    (re.compile(r"roll (\d+)"), lambda m: Roll(int(m[1]))),
    (re.compile(r"roll red ([123]) and white ([123]), ([123])"),
     lambda m: RollDice((int(m[1]), int(m[2]), int(m[3])))),
    (re.compile(rf"move ((?:red|blue|yellow|green) [12]|Doctor|Nurse [1-5]) closer to {_SPACE}"),
     lambda m: Closer(m[1], parse_space(m[2]))),
    (re.compile(r"draw tile (\S+)"), lambda m: DrawTile(m[1])),
    (re.compile(r"start on tile (\S+)"), lambda m: ChooseStart(m[1])),
    (re.compile(r"draw Stuff (.+)"), lambda m: DrawStuff(m[1])),
    (re.compile(rf"place Elder and Decoy on the bed at {_SPACE}"),
     lambda m: Reenter(parse_space(m[1]))),
    (re.compile(rf"place Decoy at {_SPACE}"), lambda m: PlaceDecoy(parse_space(m[1]))),
    (re.compile(r"pass"), lambda m: Pass()),
    (re.compile(rf"play Door-marker between {_SPACE} and {_SPACE}"),
     lambda m: PlayDoor(parse_space(m[1]), parse_space(m[2]))),
    (re.compile(r"move ((?:red|blue|yellow|green) [12]|Doctor|Nurse [1-5])"),
     lambda m: ChooseMover(m[1])),
    (re.compile(r"step (N|E|S|W|down|up)"), lambda m: Step(m[1])),
    (re.compile(r"stop"), lambda m: Stop()),
    (re.compile(r"try the blocked door (N|E|S|W)"), lambda m: TryDoor(m[1])),
    (re.compile(r"the door opens"), lambda m: DoorResult(True)),
    (re.compile(r"guess the Door Code ([123]{3})"), lambda m: GuessCode(m[1])),
    (re.compile(r"the door stays blocked"), lambda m: DoorResult(False)),
    (re.compile(r"take Stuff"), lambda m: TakeStuff()),
    (re.compile(r"exchange (.+) and (.+)"), lambda m: Exchange(m[1], m[2])),
    (re.compile(r"discard (.+)"), lambda m: Discard(m[1])),
    (re.compile(rf"explore tile position {_SPACE}"), lambda m: Explore(parse_space(m[1]))),
    (re.compile(rf"place tile (\S+) at {_SPACE} turned ([0-3])"),
     lambda m: PlaceTile(m[1], parse_space(m[2]), int(m[3]))),
    (re.compile(rf"place Stuff at {_SPACE}"), lambda m: PlaceStuff(parse_space(m[1]))),
    (re.compile(r"play ([^:]+): (.+)"), lambda m: PlayStuff(m[1], m[2])),
    (re.compile(r"play ([^:]+)"), lambda m: PlayStuff(m[1])),
    (re.compile(rf"send (Doctor|Nurse [1-5]) to the station at {_SPACE}"),
     lambda m: SendStaffer(m[1], parse_space(m[2]))),
    (re.compile(rf"leave the station at {_SPACE} empty"),
     lambda m: LeaveStation(parse_space(m[1]))),
)


def parse_action(text: str) -> Action:
    """Read an action back from its text.

    Raises
    ------
    IllegalActionError
        ``text`` is not the text of any Bedpans & Broomsticks action.

    Examples
    --------
    >>> parse_action("play Door-marker between U 2,1 and U 3,1")
    PlayDoor(a=('U', 2, 1), b=('U', 3, 1))
    >>> parse_action("fly away")
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: bedpans has no action 'fly away'
    """
    return read_action("bedpans", _PATTERNS, text)
