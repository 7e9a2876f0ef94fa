"""Bad Doctor actions: frozen dataclasses with rulebook words, and their parser.

Decisions of the player to act and chance outcomes (tiles and Patients
revealed from the decks, the side of a Starting Patient) are all actions;
``str(action)`` reads like the rulebook and :func:`parse_action` reads that
text back against a game's components.

An action that names a Treatment Tile or a Patient tells its ends, bonus or
Maladies: the game's rules build it with those facts of the game's own component
set (the field ``facts``, left out of equality and ``repr``), so that its text
is the same in any thread and next to any other set.  One built by hand,
without them, is told with the shipped set.

Examples
--------
>>> a = PlaceTile("T17", "P03", 2, "red", 0)
>>> str(a)
'place tile T17 (red/green, Draw 2) on Patient P03 at red space 2'
>>> parts = load_components()        # the shipped set
>>> parse_action(str(a), parts) == a
True
>>> str(parse_action("add cube to Patient P07", parts))
'add cube to Patient P07'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from simlab.core.action_text import ActionPatterns, plain, read_action, worded
from simlab.core.api import Action
from simlab.core.errors import IllegalActionError
from simlab.games.bad_doctor.components import (
    Components,
    PatientCard,
    TreatmentTile,
    load_components,
    matches,
)

__all__ = [
    "ActivateBonus",
    "AddCube",
    "ChooseSide",
    "DeclineBonus",
    "DiscardTile",
    "DrawTile",
    "MoveCube",
    "NoMarker",
    "Pass",
    "PlaceTile",
    "RemoveCube",
    "RemoveMarker",
    "RemoveTile",
    "RevealPatient",
    "RevealTile",
    "TakeBackMarker",
    "default_end",
    "parse_action",
    "patient_facts",
]


@functools.lru_cache(maxsize=512)
def default_end(ends: tuple[str, ...], malady: str) -> int:
    """The tile end that joins a ``malady`` space when the text names none.

    An end of the same Malady first, then a wild end, then any end that fits.

    Examples
    --------
    >>> default_end(("wild", "red"), "red"), default_end(("wild", "red"), "blue")
    (1, 0)
    >>> default_end(("green", "yellow"), "wild")
    0
    """
    for i, end in enumerate(ends):
        if end == malady:
            return i
    for i, end in enumerate(ends):
        if end == "wild":
            return i
    for i, end in enumerate(ends):
        if matches(end, malady):
            return i
    return -1


@worded("draw a Treatment Tile")
class DrawTile(Action):
    """Action: draw a Treatment Tile (from the deck; the tile itself is chance)."""


@dataclass(frozen=True, slots=True)
class TileAction(Action):
    """An action that names Treatment Tile ``tile``; its text tells the tile's ends and bonus.

    ``facts`` (keyword only, left out of equality and ``repr``) is the tile as the
    game's component set has it; one built by hand, without them, is told with the
    shipped set.

    Examples
    --------
    >>> RevealTile("T17").named, RevealTile("T99").named
    ('T17 (red/green, Draw 2)', 'T99')
    >>> RevealTile("T17") == RevealTile("T17", facts=load_components().tiles["T17"])
    True
    """

    tile: str
    #: The tile's ends and bonus in the game's component set.
    facts: TreatmentTile | None = field(default=None, compare=False, repr=False, kw_only=True)

    @property
    def tile_facts(self) -> TreatmentTile | None:
        """The tile's ends and bonus: its own ``facts``, or the shipped tile's."""
        return self.facts if self.facts is not None else load_components().tiles.get(self.tile)

    @property
    def named(self) -> str:
        """The tile as the action's text names it: its id with ends and bonus, if known."""
        tile = self.tile_facts
        return self.tile if tile is None else str(tile)


@dataclass(frozen=True, slots=True)
class PlaceTile(TileAction):
    """Place ``tile`` at open Malady ``space`` of ``patient``, joining its end ``end``."""

    patient: str
    space: int
    malady: str
    end: int

    def __str__(self) -> str:
        tile = self.tile_facts
        text = (f"place tile {tile if tile is not None else self.tile} on Patient "
                f"{self.patient} at {self.malady} space {self.space}")
        if tile is not None and self.end != default_end(tile.ends, self.malady):
            text += f" with its {tile.ends[self.end]} end"
        return text


@dataclass(frozen=True, slots=True)
class DiscardTile(TileAction):
    """The stuck rule: discard ``tile`` (then draw a new one)."""

    def __str__(self) -> str:
        return f"discard tile {self.named} because stuck"


@worded("pass (no action possible)")
class Pass(Action):
    """Lose an action that nothing allows (no tile to draw or place; a ruling)."""


@worded("take back the Doctor Marker at space {space} of Patient {patient}")
class TakeBackMarker(Action):
    """Empty supply: take back your Doctor Marker at Malady ``space`` of another Patient."""

    patient: str
    space: int


@worded("place no Doctor Marker")
class NoMarker(Action):
    """Empty supply: place the tile without a Doctor Marker."""


@worded("move cube from Patient {source} to Patient {target}")
class MoveCube(Action):
    """Bonus: move a Complication Cube between Patients."""

    source: str
    target: str


@worded("add cube to Patient {patient}")
class AddCube(Action):
    """Bonus: add a Complication Cube to a Patient."""

    patient: str


@worded("remove cube from Patient {patient}")
class RemoveCube(Action):
    """Bonus: remove a Complication Cube from a Patient."""

    patient: str


@dataclass(frozen=True, slots=True)
class RemoveTile(TileAction):
    """Bonus: remove a Treatment Tile at an edge of a Patient."""

    patient: str

    def __str__(self) -> str:
        return f"remove tile {self.named} from Patient {self.patient}"


@worded("activate the bonus ({bonus})")
class ActivateBonus(Action):
    """Take a bonus that the rules make optional."""

    bonus: str


@worded("decline the bonus")
class DeclineBonus(Action):
    """Leave a bonus that the rules make optional."""


@dataclass(frozen=True, slots=True)
class RemoveMarker(Action):
    """Death with an empty supply: remove your marker at ``space`` of ``patient`` from the game."""

    patient: str
    space: int

    def __str__(self) -> str:
        return (f"remove the Doctor Marker at space {self.space} of Patient {self.patient} "
                "from the game")


@dataclass(frozen=True, slots=True)
class RevealTile(TileAction):
    """Chance: the Treatment Tile a draw turns up."""

    def __str__(self) -> str:
        return f"reveal tile {self.named}"


@dataclass(frozen=True, slots=True)
class RevealPatient(Action):
    """Chance: the Patient drawn from the Patient Deck."""

    patient: str
    #: How the game's component set describes the Patient (:func:`patient_facts`).
    facts: str | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        said = self.facts if self.facts is not None else patient_facts(self.patient,
                                                                       load_components())
        return f"reveal Patient {self.patient}" + (f" ({said})" if said else "")


def patient_facts(patient: str, parts: Components) -> str:
    """What the text of a Patient's reveal says of it in ``parts`` (``""``: nothing).

    Examples
    --------
    >>> parts = load_components()
    >>> patient_facts("P11", parts), patient_facts("S1", parts), patient_facts("X9", parts)
    ('red/red, 2 cube spaces', 'Starting Patient', '')
    """
    card: PatientCard | None = parts.patients.get(patient)
    if card is not None:
        return card.describe()
    if patient in parts.starting:  # a dead Starting Patient, back from the discards
        return "Starting Patient"
    return ""


@worded("Starting Patient {patient} shows side {side}")
class ChooseSide(Action):
    """Chance: which side of a Starting Patient is up (option ``starting_side=random``)."""

    patient: str
    side: str


def _check_tile(tile_id: str, described: str | None, parts: Components) -> TreatmentTile:
    tile = parts.tiles.get(tile_id)
    if tile is None:
        raise IllegalActionError(f"bad_doctor has no Treatment Tile {tile_id!r}")
    if described is not None and described != tile.describe():
        raise IllegalActionError(
            f"tile {tile_id} is ({tile.describe()}), not ({described})"
        )
    return tile


def _place(m: re.Match[str], parts: Components) -> Action:
    tile_id, described, patient, malady, space, end_text = m.groups()
    tile = _check_tile(tile_id, described, parts)
    ends = tile.ends
    if end_text is None:
        end = default_end(ends, malady)
    elif end_text in ends:
        end = ends.index(end_text)
    else:
        raise IllegalActionError(f"tile {tile_id} has no {end_text} end")
    return PlaceTile(tile_id, patient, int(space), malady, end, facts=tile)


def _with_tile(build: Callable[..., Action]) -> Callable[[re.Match[str], Components], Action]:
    def make(m: re.Match[str], parts: Components) -> Action:
        tile = _check_tile(m[1], m[2], parts)
        return build(m[1], *m.groups()[2:], facts=tile)

    return make


def _patient(m: re.Match[str], parts: Components) -> Action:
    if m[1] in parts.starting and m[2] in (None, "Starting Patient"):
        return RevealPatient(m[1], patient_facts(m[1], parts))
    card = parts.patients.get(m[1])
    if card is None:
        raise IllegalActionError(f"bad_doctor has no Patient {m[1]!r} in the Patient Deck")
    if m[2] is not None and m[2] != card.describe():
        raise IllegalActionError(f"Patient {m[1]} is ({card.describe()}), not ({m[2]})")
    return RevealPatient(m[1], patient_facts(m[1], parts))


_ID = r"([A-Z]\d+)"
_TILE = r"(T\d+)(?: \(([^)]*)\))?"
_PATTERNS: ActionPatterns = (
    (re.compile(r"draw a Treatment Tile"), plain(lambda m: DrawTile())),
    (re.compile(rf"place tile {_TILE} on Patient {_ID} at (\w+) space (\d+)"
                r"(?: with its (\w+) end)?"), _place),
    (re.compile(rf"discard tile {_TILE} because stuck"), _with_tile(DiscardTile)),
    (re.compile(r"pass \(no action possible\)"), plain(lambda m: Pass())),
    (re.compile(rf"take back the Doctor Marker at space (\d+) of Patient {_ID}"),
     plain(lambda m: TakeBackMarker(m[2], int(m[1])))),
    (re.compile(r"place no Doctor Marker"), plain(lambda m: NoMarker())),
    (re.compile(rf"move cube from Patient {_ID} to Patient {_ID}"),
     plain(lambda m: MoveCube(m[1], m[2]))),
    (re.compile(rf"add cube to Patient {_ID}"), plain(lambda m: AddCube(m[1]))),
    (re.compile(rf"remove cube from Patient {_ID}"), plain(lambda m: RemoveCube(m[1]))),
    (re.compile(rf"remove tile {_TILE} from Patient {_ID}"), _with_tile(RemoveTile)),
    (re.compile(r"activate the bonus \(([A-Za-z0-9 ]+)\)"),
     plain(lambda m: ActivateBonus(m[1]))),
    (re.compile(r"decline the bonus"), plain(lambda m: DeclineBonus())),
    (re.compile(rf"remove the Doctor Marker at space (\d+) of Patient {_ID} from the game"),
     plain(lambda m: RemoveMarker(m[2], int(m[1])))),
    (re.compile(rf"reveal tile {_TILE}"), _with_tile(RevealTile)),
    (re.compile(rf"reveal Patient {_ID}(?: \(([^)]*)\))?"), _patient),
    (re.compile(rf"Starting Patient {_ID} shows side ([AB])"),
     plain(lambda m: ChooseSide(m[1], m[2]))),
)


def parse_action(text: str, parts: Components) -> Action:
    """Read an action from its text, checking the tiles and Patients it names in ``parts``
    (a game's components: ``game.parts``).

    Raises
    ------
    IllegalActionError
        The text is not that of a Bad Doctor action, or names a tile that
        does not exist or with the wrong description.

    Examples
    --------
    >>> parts = load_components()
    >>> parse_action("place tile T33 (wild/red, Draw 1) on Patient S1 at red space 1", parts)
    PlaceTile(tile='T33', patient='S1', space=1, malady='red', end=1)
    >>> parse_action("reveal tile T33 (red)", parts)
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: tile T33 is (wild/red, Draw 1), not (red)
    >>> parse_action("cure everyone", parts)
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: bad_doctor has no action 'cure everyone'
    """
    return read_action("bad_doctor", _PATTERNS, text, parts)
