"""Broom Service actions: frozen dataclasses with rulebook-like text, and the parser.

Examples
--------
>>> a = PlayRole(2, "Witch (Forest)", brave=True)
>>> str(a)
'Seat 2 plays Witch (Forest) brave'
>>> from simlab.games.broom_service.components import load_components
>>> parts = load_components()        # the shipped set; a game parses with its own
>>> parse_action(str(a), parts) == a
True
>>> str(Deliver("orange", "T3", 4))
'deliver orange potion to tower T3 (4 VP)'
>>> parse_action("Next!", parts)
Next()
"""

from __future__ import annotations

import re

from simlab.core.action_text import ActionPatterns, known_name, read_action, worded
from simlab.core.api import Action
from simlab.games.broom_service.components import POTIONS, Components

__all__ = [
    "Bewitch",
    "Charm",
    "ChooseRole",
    "Deliver",
    "DoNothing",
    "DoneChoosing",
    "Gather",
    "Move",
    "Next",
    "PlaceCloud",
    "PlayRole",
    "RevealEvent",
    "parse_action",
]


@worded("place heavy cloud {cloud} on cloud space {space}")
class PlaceCloud(Action):
    """Chance: a heavy cloud drawn from the shuffled pile onto a cloud space (set-up)."""

    cloud: int
    space: str


@worded("reveal event {event}")
class RevealEvent(Action):
    """Chance: the next event card is flipped face up."""

    event: str


@worded("bewitch {role}")
class Bewitch(Action):
    """Chance: a role card of the unused colour is revealed as bewitched."""

    role: str


@worded("Seat {seat} chooses {role}")
class ChooseRole(Action):
    """A seat secretly takes a role card into its hand for the round."""

    seat: int
    role: str


@worded("Seat {seat} is done choosing")
class DoneChoosing(Action):
    """A seat stops choosing (only while fewer cards than the most are allowed)."""

    seat: int


@worded("Seat {seat} plays {role} {brave?brave|cowardly}")
class PlayRole(Action):
    """A seat plays a role card and reads its brave or cowardly text."""

    seat: int
    role: str
    brave: bool


@worded("Next!")
class Next(Action):
    """A follower without the role card says "Next!"."""


@worded("take {count} {colour} potion{count*s}")
class Gather(Action):
    """A Gatherer takes potions of its colour from the supply."""

    colour: str
    count: int


@worded("move pawn {pawn} to {region}")
class Move(Action):
    """A Witch moves pawn 1 or 2 to an adjacent region."""

    pawn: int
    region: str


@worded("deliver {colour} potion to {square?square tower|tower} {tower} ({vp} VP)")
class Deliver(Action):
    """Deliver one potion to a tower (``vp`` is the VP printed on the tower)."""

    colour: str
    tower: str
    vp: int
    square: bool = False


@worded("charm away the cloud on {space} ({wands} wand{wands*s})")
class Charm(Action):
    """The Weather Fairy charms away the cloud on a cloud space, paying wands."""

    space: str
    wands: int


@worded("do nothing")
class DoNothing(Action):
    """Voluntary skip: perform no (more of the) action."""


def _role(name: str, c: Components) -> str:
    return known_name(name, {x.name for x in c.roles}, "broom_service has no role")


def _region(name: str, c: Components) -> str:
    return known_name(name, {x.name for x in c.regions}, "broom_service has no region")


def _event(name: str, c: Components) -> str:
    return known_name(name, {x.name for x in c.events}, "broom_service has no event")


_COLOUR = "(" + "|".join(POTIONS) + ")"
#: Each text's pattern and its reader ``(match, the game's components) -> action``.
_PATTERNS: ActionPatterns = (
    (re.compile(r"Next!"), lambda m, c: Next()),
    (re.compile(r"do nothing"), lambda m, c: DoNothing()),
    (re.compile(r"Seat (\d+) plays (.+) (brave|cowardly)"),
     lambda m, c: PlayRole(int(m[1]), _role(m[2], c), m[3] == "brave")),
    (re.compile(r"Seat (\d+) chooses (.+)"),
     lambda m, c: ChooseRole(int(m[1]), _role(m[2], c))),
    (re.compile(r"Seat (\d+) is done choosing"), lambda m, c: DoneChoosing(int(m[1]))),
    (re.compile(rf"take (\d+) {_COLOUR} potions?"), lambda m, c: Gather(m[2], int(m[1]))),
    (re.compile(r"move pawn ([12]) to (.+)"),
     lambda m, c: Move(int(m[1]), _region(m[2], c))),
    (re.compile(rf"deliver {_COLOUR} potion to (square )?tower (\S+) \((\d+) VP\)"),
     lambda m, c: Deliver(m[1], m[3], int(m[4]), m[2] is not None)),
    (re.compile(r"charm away the cloud on (\S+) \((\d+) wands?\)"),
     lambda m, c: Charm(m[1], int(m[2]))),
    (re.compile(r"place heavy cloud (\d+) on cloud space (\S+)"),
     lambda m, c: PlaceCloud(int(m[1]), m[2])),
    (re.compile(r"reveal event (.+)"), lambda m, c: RevealEvent(_event(m[1], c))),
    (re.compile(r"bewitch (.+)"), lambda m, c: Bewitch(_role(m[1], c))),
)


def parse_action(text: str, components: Components) -> Action:
    """Read an action back from its text, checking the roles, regions and events it names
    against ``components`` (a game's own: ``game.data``).

    Raises
    ------
    IllegalActionError
        The text is not the text of any Broom Service action.

    Examples
    --------
    >>> from simlab.games.broom_service.components import load_components
    >>> parts = load_components()
    >>> parse_action("move pawn 1 to Bramble Wood", parts)
    Move(pawn=1, region='Bramble Wood')
    >>> parse_action("charm away the cloud on C3 (2 wands)", parts)
    Charm(space='C3', wands=2)
    >>> parse_action("move pawn 1 to Atlantis", parts)
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: broom_service has no region 'Atlantis'
    >>> parse_action("fly to the moon", parts)
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: broom_service has no action 'fly to the moon'
    """
    return read_action("broom_service", _PATTERNS, text, components)
