"""Bad Doctor components: load and validate ``data/bad_doctor/``.

Three human-editable line files hold the components: ``tiles.txt`` (the 37
Treatment Tiles), ``patients.txt`` (22 Patients and the two sides of the 4
Starting Patients) and ``components.txt`` (the counted components and the
doctors).  Every mistake raises :class:`~simlab.core.errors.DataError`
naming the file and line.  Loading is lazy and cached.

Examples
--------
>>> parts = load_components()
>>> len(parts.tiles), len(parts.patients), len(parts.starting)
(37, 22, 4)
>>> str(parts.tiles["T17"])
'T17 (red/green, Draw 2)'
>>> parts.markers_for_players[4]
15
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from simlab.core.data import component_loader, line_problems, problem, read_text
from simlab.core.errors import DataError

__all__ = [
    "BONUSES",
    "MALADIES",
    "WILD",
    "Components",
    "PatientCard",
    "TreatmentTile",
    "load_components",
    "load_counts",
    "load_patients",
    "load_tiles",
    "matches",
]

#: The four Maladies (colour -> rulebook name).
MALADIES: dict[str, str] = {
    "red": "Injury",
    "green": "Acute Illness",
    "yellow": "Chronic Illness",
    "blue": "Medical Error",
}
#: The wild Malady, which connects with any Malady.
WILD = "wild"
#: Treatment Tile Bonuses of the glossary (short name as printed in the data).
BONUSES: tuple[str, ...] = (
    "Draw 1",
    "Draw 2",
    "All Draw 1",
    "Move Cube",
    "Add Cube",
    "Remove Cube",
    "Place Tile",
    "Remove Tile",
    "Add Patient",
)


def matches(end: str, space: str) -> bool:
    """Whether a tile end of Malady ``end`` completes an open ``space`` Malady.

    Examples
    --------
    >>> matches("red", "red"), matches("wild", "blue"), matches("red", "wild")
    (True, True, True)
    >>> matches("red", "green")
    False
    """
    return end in (space, WILD) or space == WILD


@dataclass(frozen=True, slots=True)
class TreatmentTile:
    """One Treatment Tile: its Malady ends and its bonus (``""`` for none).

    Examples
    --------
    >>> t = TreatmentTile("T35", ("wild",), "")
    >>> t.describe(), t.is_wild, str(t)
    ('wild', True, 'T35 (wild)')
    """

    id: str
    ends: tuple[str, ...]
    bonus: str = ""
    #: ``str(tile)``, made once: the log names a tile at every draw and placement.
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", f"{self.id} ({self.describe()})")

    @property
    def kind(self) -> tuple[tuple[str, ...], str]:
        """What tells two tiles apart in play (ends and bonus, not the id)."""
        return (self.ends, self.bonus)

    @property
    def is_wild(self) -> bool:
        """Whether any end is wild."""
        return WILD in self.ends

    def describe(self) -> str:
        """Ends and bonus as in an action text: ``red/green, Draw 2``."""
        ends = "/".join(self.ends)
        return f"{ends}, {self.bonus}" if self.bonus else ends

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class PatientCard:
    """One Patient card, or one side of a Starting Patient.

    Examples
    --------
    >>> p = PatientCard("P11", "", ("red", "red"), 2, "Double Fracture")
    >>> p.describe()
    'red/red, 2 cube spaces'
    """

    id: str
    side: str
    maladies: tuple[str, ...]
    cube_spaces: int
    name: str = ""

    def describe(self) -> str:
        """Maladies and cube spaces as in an action text."""
        return f"{'/'.join(self.maladies)}, {self.cube_spaces} cube spaces"


@dataclass(frozen=True)
class Components:
    """Every component of the game, validated.

    Attributes
    ----------
    tiles : dict
        Tile id -> :class:`TreatmentTile`, in file order.
    patients : dict
        Patient id -> :class:`PatientCard` (the Patient Deck).
    starting : dict
        Starting Patient id -> {side: :class:`PatientCard`}.
    counts : dict
        Counted components (``complication_cubes``, ``shift_tokens``...).
    doctors : tuple of str
        The four doctors, in seat order.
    markers_for_players : dict
        Player count -> Doctor Markers each player takes.
    variation_removes : tuple of str
        The two wild tiles the Variation takes out.
    """

    tiles: dict[str, TreatmentTile]
    patients: dict[str, PatientCard]
    starting: dict[str, dict[str, PatientCard]]
    counts: dict[str, int]
    doctors: tuple[str, ...]
    markers_for_players: dict[int, int]
    variation_removes: tuple[str, ...]

    def card(self, patient: str, side: str = "") -> PatientCard:
        """The card of a Patient id (a Starting Patient needs its side)."""
        if side:
            return self.starting[patient][side]
        return self.patients[patient]


def _lines(path: Path) -> Iterator[tuple[int, list[str]]]:
    """Yield (line number, whitespace-split fields) of the data lines of ``path``."""
    for number, raw in enumerate(read_text(path).splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            yield number, line.split()


def _maladies(text: str, path: Path, number: int, allow_wild: bool) -> tuple[str, ...]:
    names = tuple(text.split("/"))
    allowed = set(MALADIES) | ({WILD} if allow_wild else set())
    for name in names:
        if name not in allowed:
            expected = ", ".join(sorted(allowed))
            raise DataError(f"unknown malady {name!r} (expected {expected})", file=str(path),
                            line=number)
    return names


def _whole(text: str, what: str, path: Path, number: int, low: int = 0) -> int:
    try:
        value = int(text)
    except ValueError:
        raise DataError(f"{what} must be a whole number, not {text!r}", file=str(path),
                        line=number) from None
    if value < low:
        raise DataError(f"{what} must be at least {low}, not {value}", file=str(path),
                        line=number)
    return value


def load_tiles(path: Path) -> dict[str, TreatmentTile]:
    """Read and check a tiles file.

    Raises
    ------
    DataError
        A line with a bad id, malady or bonus, or a repeated id (file and line).

    Examples
    --------
    >>> from simlab.core.data import data_dir
    >>> tiles = load_tiles(data_dir("bad_doctor") / "tiles.txt")
    >>> tiles["T33"].ends
    ('wild', 'red')
    """
    tiles: dict[str, TreatmentTile] = {}
    for number, fields in _lines(path):
        with line_problems():
            if len(fields) < 3:
                raise DataError("expected: id, malady ends, bonus (or -)", file=str(path),
                                line=number)
            tile_id, ends_text, bonus = fields[0], fields[1], " ".join(fields[2:])
            if not (tile_id.startswith("T") and tile_id[1:].isdigit()):
                raise DataError(f"tile id must read T<number>, not {tile_id!r}", file=str(path),
                                line=number)
            if tile_id in tiles:
                raise DataError(f"tile {tile_id} is listed twice", file=str(path), line=number)
            ends = _maladies(ends_text, path, number, allow_wild=True)
            if not 1 <= len(ends) <= 3:
                raise DataError(f"a tile has 1 to 3 malady ends, not {len(ends)}", file=str(path),
                                line=number)
            if bonus == "-":
                bonus = ""
            elif bonus not in BONUSES:
                raise DataError(f"unknown bonus {bonus!r} (expected one of {', '.join(BONUSES)})",
                                file=str(path), line=number)
            tiles[tile_id] = TreatmentTile(tile_id, ends, bonus)
    return tiles


def load_patients(
    path: Path,
) -> tuple[dict[str, PatientCard], dict[str, dict[str, PatientCard]]]:
    """Read and check a patients file: (Patient Deck, Starting Patients by side).

    Raises
    ------
    DataError
        A bad id, side, malady or cube-space count, a repeat, or a Starting
        Patient without both sides (file and line).

    Examples
    --------
    >>> from simlab.core.data import data_dir
    >>> deck, starting = load_patients(data_dir("bad_doctor") / "patients.txt")
    >>> sorted(starting["S1"]), deck["P11"].maladies
    (['A', 'B'], ('red', 'red'))
    """
    deck: dict[str, PatientCard] = {}
    starting: dict[str, dict[str, PatientCard]] = {}
    first_line: dict[str, int] = {}
    for number, fields in _lines(path):
        with line_problems():
            if len(fields) < 4:
                raise DataError("expected: id, side (A, B or -), maladies, cube spaces, name",
                                file=str(path), line=number)
            pid, side, maladies_text, spaces_text = fields[:4]
            name = " ".join(fields[4:])
            maladies = _maladies(maladies_text, path, number, allow_wild=False)
            spaces = _whole(spaces_text, "cube spaces", path, number, low=1)
            if side == "-":
                if not (pid.startswith("P") and pid[1:].isdigit()):
                    raise DataError(f"patient id must read P<number>, not {pid!r}",
                                    file=str(path), line=number)
                if pid in deck:
                    raise DataError(f"patient {pid} is listed twice", file=str(path), line=number)
                deck[pid] = PatientCard(pid, "", maladies, spaces, name)
            elif side in ("A", "B"):
                if not (pid.startswith("S") and pid[1:].isdigit()):
                    raise DataError(f"starting patient id must read S<number>, not {pid!r}",
                                    file=str(path), line=number)
                sides = starting.setdefault(pid, {})
                if side in sides:
                    raise DataError(f"side {side} of {pid} is listed twice", file=str(path),
                                    line=number)
                first_line.setdefault(pid, number)
                sides[side] = PatientCard(pid, side, maladies, spaces, name)
            else:
                raise DataError(f"side must be A, B or -, not {side!r}", file=str(path),
                                line=number)
    for pid, sides in starting.items():
        if sorted(sides) != ["A", "B"]:
            problem(DataError(f"starting patient {pid} needs a side A and a side B",
                            file=str(path), line=first_line[pid]))
    return deck, starting


_COUNT_KEYS = (
    "treatment_tiles",
    "patients",
    "starting_patients",
    "complication_cubes",
    "shift_tokens",
    "doctor_markers",
    "doctor_boards",
)


def load_counts(path: Path) -> tuple[dict[str, int], tuple[str, ...], dict[int, int],
                                     tuple[str, ...], dict[str, int]]:
    """Read ``components.txt``: counts, doctors, markers per player count, variation.

    The last item maps each key to its line (for later cross-checks).

    Raises
    ------
    DataError
        An unknown or missing key or a bad number (file and line).

    Examples
    --------
    >>> from simlab.core.data import data_dir
    >>> counts, doctors, markers, removes, _ = load_counts(
    ...     data_dir("bad_doctor") / "components.txt")
    >>> counts["complication_cubes"], doctors[2], markers[3], removes
    (15, 'Dr. Paine', 18, ('T36', 'T37'))
    """
    counts: dict[str, int] = {}
    doctors: list[str] = []
    markers: dict[int, int] = {}
    removes: tuple[str, ...] = ()
    lines: dict[str, int] = {}
    for number, fields in _lines(path):
        with line_problems():
            key, values = fields[0], fields[1:]
            lines.setdefault(key, number)
            if not values:
                raise DataError(f"{key} needs a value", file=str(path), line=number)
            if key in _COUNT_KEYS:
                if len(values) != 1:
                    raise DataError(f"{key} takes one number", file=str(path), line=number)
                counts[key] = _whole(values[0], key, path, number, low=1)
            elif key == "doctor":
                doctors.append(" ".join(values))
            elif key == "markers_for_players":
                if len(values) != 2:
                    raise DataError("markers_for_players takes: players markers", file=str(path),
                                    line=number)
                players = _whole(values[0], "players", path, number, low=2)
                markers[players] = _whole(values[1], "markers", path, number, low=1)
            elif key == "variation_removes":
                removes = tuple(values)
            else:
                expected = ", ".join((*_COUNT_KEYS, "doctor", "markers_for_players",
                                      "variation_removes"))
                raise DataError(f"unknown key {key!r} (expected one of {expected})",
                                file=str(path), line=number)
    for key in _COUNT_KEYS:
        if key not in counts:
            problem(DataError(f"missing key {key!r}", file=str(path), key=key))
    return counts, tuple(doctors), markers, removes, lines


def _check(components: Components, folder: Path, lines: dict[str, int]) -> None:
    """Cross-check the three files against each other and the rulebook counts."""
    c = components.counts
    cfile = str(folder / "components.txt")

    def fail(message: str, key: str, file: str = cfile) -> None:
        problem(DataError(message, file=file, line=lines.get(key), key=None))

    for key, found, what, file in (
        ("treatment_tiles", len(components.tiles), "Treatment Tiles", "tiles.txt"),
        ("patients", len(components.patients), "Patients", "patients.txt"),
        ("starting_patients", len(components.starting), "Starting Patients", "patients.txt"),
    ):
        if found != c[key]:
            fail(f"expected {c[key]} {what} ({key}), found {found} in {file}", key)
    if len(components.doctors) != c["doctor_boards"]:
        fail(f"expected {c['doctor_boards']} doctors, found {len(components.doctors)}",
             "doctor")
    for players, markers in components.markers_for_players.items():
        if markers > c["doctor_markers"]:
            fail(f"{players} players cannot take {markers} of {c['doctor_markers']} markers",
                 "markers_for_players")
    if sorted(components.markers_for_players) != [2, 3, 4]:
        fail("markers_for_players must give 2, 3 and 4 players", "markers_for_players")
    if c["shift_tokens"] < c["starting_patients"] + 1:
        fail("need a Shift Token for each of the 5 Patients a hospital can hold",
             "shift_tokens")
    for tile_id in components.variation_removes:
        tile = components.tiles.get(tile_id)
        if tile is None or not tile.is_wild:
            fail(f"variation_removes names {tile_id!r}, which is not a wild tile",
                 "variation_removes")
    if len(components.variation_removes) != 2:
        fail("variation_removes names exactly two wild tiles", "variation_removes")


#: The counts of the rulebook's Components and Set Up lists (``simlab data check``).
RULEBOOK_COUNTS: dict[str, int] = {
    "treatment_tiles": 37,
    "patients": 22,
    "starting_patients": 4,
    "complication_cubes": 15,
    "shift_tokens": 5,
    "doctor_markers": 20,
    "doctor_boards": 4,
}
#: Doctor Markers per player by player count (Set Up, step 1).
RULEBOOK_MARKERS: dict[int, int] = {2: 20, 3: 18, 4: 15}


def rulebook_problems(folder: Path) -> None:
    """Report each count of ``components.txt`` that is not the rulebook's (file and line).

    A game loads with other counts (a designer's prototype); ``simlab data
    check`` reports them.

    Examples
    --------
    >>> from simlab.core.data import collect_problems, data_dir
    >>> collect_problems(lambda: rulebook_problems(data_dir("bad_doctor")))
    []
    """
    path = folder / "components.txt"
    for number, fields in _lines(path):
        key, values = fields[0], fields[1:]
        if key in RULEBOOK_COUNTS and values != [str(RULEBOOK_COUNTS[key])]:
            problem(DataError(f"{key}: the rulebook has {RULEBOOK_COUNTS[key]}, not "
                              f"{' '.join(values)}", file=str(path), line=number))
        elif key == "markers_for_players" and len(values) == 2 and values[0].isdigit():
            need = RULEBOOK_MARKERS.get(int(values[0]))
            if need is not None and values[1] != str(need):
                problem(DataError(f"markers_for_players {values[0]}: the rulebook has {need}, "
                                  f"not {values[1]}", file=str(path), line=number))


@component_loader("bad_doctor")
def load_components(folder: Path) -> Components:
    """Load and validate every component file (a game's own set is ``game.parts``).

    Raises
    ------
    DataError
        Any file at fault, with its line.

    Examples
    --------
    >>> sum(t.is_wild for t in load_components().tiles.values())
    5
    """
    tiles = load_tiles(folder / "tiles.txt")
    deck, starting = load_patients(folder / "patients.txt")
    counts, doctors, markers, removes, lines = load_counts(folder / "components.txt")
    parts = Components(tiles, deck, starting, counts, doctors, markers, removes)
    _check(parts, folder, lines)
    return parts
