"""Bedpans & Broomsticks components: load and validate ``data/bedpans``.

The rulebook names 21 room tiles but does not show them; ``tiles.txt``
holds a reconstructed set as ASCII art that an owner of the game can
correct (``docs/rulings/bedpans.md``, C1).  ``stuff.txt`` is the deck of 48
Stuff-markers (C2), ``components.txt`` the counted pieces.

A tile is 3 x 3 spaces drawn on 7 x 7 characters::

    tile S start
    +-+o+-+      '+' corners; edges: '-' '|' wall, 'd' door,
    |R . B|      ' ' open (inside), 'o' open edge (on the border)
    + + + +
    o . $ o      spaces: '.' plain, R B Y G beds, N Nurse station,
    + + + +      D Doctor station, E Elevator, S Stairs, X Exit,
    |Y . G|      '$' a Stuff-marker at set-up
    +-+o+-+

Examples
--------
>>> c = load_components()
>>> len(c.tiles), c.tile("S").beds
(21, ('R', 'B', 'Y', 'G'))
>>> sum(k.count for k in c.stuff), c.counts["Door-markers"]
(48, 8)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from simlab.core.data import component_loader, last_line, line_problems, problem, read_text
from simlab.core.errors import DataError

__all__ = [
    "BED_COLOURS",
    "COLOURS",
    "STAFFERS",
    "DIRECTIONS",
    "FEATURES",
    "Components",
    "StuffKind",
    "TileSpec",
    "load_components",
    "read_stuff",
    "read_tiles",
    "start_candidates",
]

#: Resident colours, in seat order (seat 1 is red, ...).
COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green")
#: Staffer names by index: the Doctor and 5 Nurses.
STAFFERS: tuple[str, ...] = ("Doctor", "Nurse 1", "Nurse 2", "Nurse 3", "Nurse 4", "Nurse 5")
#: Bed letter of each colour.
BED_COLOURS: dict[str, str] = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}
#: Directions in clockwise order; index 0..3.
DIRECTIONS: tuple[str, ...] = ("N", "E", "S", "W")
#: Space letters and what they mean.
FEATURES: dict[str, str] = {
    ".": "plain",
    "R": "red bed",
    "B": "blue bed",
    "Y": "yellow bed",
    "G": "green bed",
    "N": "white (Nurse) station",
    "D": "black (Doctor) station",
    "E": "Elevator",
    "S": "Stairs",
    "X": "Exit",
    "$": "Stuff-marker at set-up",
}
_TAGS = ("start", "exit-sign", "exit")
WALL, DOOR, OPEN = "w", "d", "o"


@dataclass(frozen=True, slots=True)
class TileSpec:
    """One room tile as printed (rotation 0).

    Parameters
    ----------
    id : str
        Tile name in the file (``S``, ``T01`` ...).
    kind : str
        ``start``, ``room``, ``elevator`` or ``exit``.
    exit_sign : bool
        Whether the tile shows an Exit sign.
    pair : str or None
        The Elevator pair (``"1"``, ``"2"``) of an Elevator tile.
    features : tuple of str
        The 9 space letters, row by row from the north-west corner.
    edges : tuple of str
        For each space, 4 edge letters (N, E, S, W): ``w`` wall, ``d`` door,
        ``o`` open (an open edge where the space is on the border).
    line : int
        Line of the header in the file (for error messages).
    """

    id: str
    kind: str
    exit_sign: bool
    pair: str | None
    features: tuple[str, ...]
    edges: tuple[str, ...]
    line: int = 0

    @property
    def beds(self) -> tuple[str, ...]:
        """Bed letters on the tile, in R B Y G order."""
        return tuple(b for b in BED_COLOURS if b in self.features)

    def stations(self, letter: str) -> int:
        """How many stations of ``letter`` (``N`` or ``D``) the tile has."""
        return self.features.count(letter)


@dataclass(frozen=True, slots=True)
class StuffKind:
    """A kind of Stuff-marker: name, count in the deck, duration and who it affects."""

    name: str
    count: int
    duration: str
    affects: str


@dataclass(frozen=True, slots=True)
class Components:
    """Everything in ``data/bedpans``."""

    tiles: tuple[TileSpec, ...]
    stuff: tuple[StuffKind, ...]
    counts: dict[str, int]

    def tile(self, tile_id: str) -> TileSpec:
        """The tile named ``tile_id``.

        Raises
        ------
        DataError
            No tile has that name.
        """
        for t in self.tiles:
            if t.id == tile_id:
                return t
        raise DataError(f"no tile {tile_id!r} (tiles: {', '.join(t.id for t in self.tiles)})",
                        file="tiles.txt")

    def __hash__(self) -> int:
        return hash((self.tiles, self.stuff))


def _strip(raw: str) -> str:
    return raw.rstrip("\n").rstrip("\r")


def _parse_art(tile_id: str, rows: list[tuple[int, str]], file: str) -> tuple[tuple, tuple]:
    if len(rows) != 7:
        line = rows[-1][0] if rows else 0
        raise DataError(f"tile {tile_id}: expected 7 lines of art, found {len(rows)}",
                        file=file, line=line)
    for number, text in rows:
        with line_problems():
            if len(text) != 7:
                raise DataError(f"tile {tile_id}: art lines are 7 characters, found {len(text)}: "
                                f"{text!r}", file=file, line=number)
    art = [text for _, text in rows]
    for r in range(0, 7, 2):
        for c in range(0, 7, 2):
            if art[r][c] != "+":
                raise DataError(f"tile {tile_id}: expected '+' at a corner, found {art[r][c]!r}",
                                file=file, line=rows[r][0])
    features = []
    for r in range(3):
        for c in range(3):
            ch = art[2 * r + 1][2 * c + 1]
            if ch not in FEATURES:
                raise DataError(f"tile {tile_id}: unknown space letter {ch!r} "
                                f"(known: {''.join(FEATURES)})", file=file, line=rows[2 * r + 1][0])
            features.append(ch)

    def edge(r: int, c: int, border: bool, wall: str) -> str:
        ch = art[r][c]
        if ch == wall:
            return WALL
        if ch == "d":
            return DOOR
        if border and ch == "o":
            return OPEN
        if not border and ch == " ":
            return OPEN
        expected = f"'{wall}', 'd' or " + ("'o'" if border else "' '")
        raise DataError(f"tile {tile_id}: bad edge {ch!r} (expected {expected})",
                        file=file, line=rows[r][0])

    edges = []
    for r in range(3):
        for c in range(3):
            n = edge(2 * r, 2 * c + 1, r == 0, "-")
            e = edge(2 * r + 1, 2 * c + 2, c == 2, "|")
            s = edge(2 * r + 2, 2 * c + 1, r == 2, "-")
            w = edge(2 * r + 1, 2 * c, c == 0, "|")
            edges.append(n + e + s + w)
    return tuple(features), tuple(edges)


def read_tiles(path: str | Path) -> tuple[TileSpec, ...]:
    """Read and check a tile file (see the module docstring for the format).

    Raises
    ------
    DataError
        A malformed tile or a set that breaks the rulebook's counts, naming
        the file and the line.

    Examples
    --------
    >>> from simlab.core.data import data_dir
    >>> tiles = read_tiles(data_dir("bedpans") / "tiles.txt")
    >>> [t.id for t in tiles if t.kind == "exit"]
    ['X1', 'X2', 'X3']
    """
    path = Path(path)
    file = path.name
    lines = read_text(path).splitlines()
    tiles: list[TileSpec] = []
    header: tuple[int, str, list[str]] | None = None
    rows: list[tuple[int, str]] = []

    def finish() -> None:
        if header is None:
            return
        number, tile_id, tags = header
        features, edges = _parse_art(tile_id, rows, file)
        kind, pair, exit_sign = "room", None, False
        for tag in tags:
            if tag.startswith("elevator="):
                kind, pair = "elevator", tag.split("=", 1)[1]
            elif tag == "exit-sign":
                exit_sign = True
            elif tag in ("start", "exit"):
                kind = tag
            else:
                raise DataError(f"tile {tile_id}: unknown tag {tag!r} "
                                f"(known: {', '.join(_TAGS)}, elevator=PAIR)", file=file,
                                line=number)
        tile = TileSpec(tile_id, kind, exit_sign, pair, features, edges, number)
        _check_tile(tile, file)
        tiles.append(tile)

    for number, raw in enumerate(lines, start=1):
        with line_problems():
            text = _strip(raw)
            if text.startswith("#"):
                continue
            if text.startswith("tile "):
                finish()
                words = text.split()
                if len(words) < 2:
                    raise DataError("a tile header needs a name: 'tile ID [tags]'", file=file,
                                    line=number)
                header, rows = (number, words[1], words[2:]), []
            elif text.strip() == "":
                continue
            else:
                if header is None:
                    raise DataError(f"art outside a tile (expected 'tile ID'): {text!r}", file=file,
                                    line=number)
                rows.append((number, text))
    finish()
    _check_set(tiles, file)
    return tuple(tiles)


_CORNERS = (0, 2, 6, 8)


def _check_tile(tile: TileSpec, file: str) -> None:
    def fail(message: str) -> None:
        problem(DataError(f"tile {tile.id}: {message}", file=file, line=tile.line))

    f = tile.features
    if "$" in f and tile.kind != "start":
        fail("only the start tile shows a set-up Stuff-marker '$'")
    border_open = sum(
        1 for i in range(9) for d in range(4)
        if tile.edges[i][d] == OPEN and _on_border(i, d)
    )
    if border_open == 0:
        fail("a tile needs at least one open edge 'o' on its border")
    if tile.kind == "elevator":
        if f.count("E") != 1 or f.count("S") != 2:
            fail("an Elevator tile has 1 Elevator space 'E' and 2 Stairs spaces 'S'")
        if sum(1 for i in _CORNERS if f[i] == "S") != 1:
            fail("exactly one Stairs space of an Elevator tile is in a corner")
    elif "E" in f or "S" in f:
        fail("only Elevator tiles have Elevator or Stairs spaces")
    if tile.kind == "exit":
        exits = [i for i in range(9) if f[i] == "X"]
        if len(exits) != 1:
            fail("an Exit tile has exactly one Exit space 'X'")
        sides = [d for d in range(4) if _on_border(exits[0], d)]
        if len(sides) != 1:
            fail("the Exit space is in the middle of a side, not in a corner or the centre")
        if tile.edges[exits[0]][sides[0]] != WALL:
            fail("the Exit space's outer edge must be a wall")
    elif "X" in f:
        fail("only Exit tiles have an Exit space")


def _on_border(index: int, d: int) -> bool:
    r, c = divmod(index, 3)
    return (d == 0 and r == 0) or (d == 1 and c == 2) or (d == 2 and r == 2) or (d == 3 and c == 0)


def _check_set(tiles: list[TileSpec], file: str) -> None:
    def fail(message: str, line: int = 0) -> None:
        problem(DataError(message, file=file, line=line or None))

    seen: dict[str, int] = {}
    for t in tiles:
        if t.id in seen:
            fail(f"tile {t.id} is defined twice (first at line {seen[t.id]})", t.line)
        seen[t.id] = t.line
    if len(tiles) != 21:
        fail(f"the game has 21 room tiles, found {len(tiles)}")
    starts = [t for t in tiles if t.kind == "start"]
    if len(starts) != 1 or starts[0].beds != ("R", "B", "Y", "G"):
        fail("exactly one start tile, with one bed of each colour R B Y G")
    elevators = [t for t in tiles if t.kind == "elevator"]
    pairs: dict[str, list[TileSpec]] = {}
    for t in elevators:
        pairs.setdefault(t.pair or "", []).append(t)
    if len(elevators) != 4 or sorted(len(p) for p in pairs.values()) != [2, 2]:
        fail("4 Elevator tiles in 2 pairs (elevator=PAIR)")
    for pair in pairs.values():
        a, b = pair
        same = all((a.features[i] in "ES") == (b.features[i] in "ES") for i in range(9))
        if not same:
            fail(f"Elevator tiles {a.id} and {b.id} must have their Elevator and Stairs spaces "
                 "in the same places", b.line)
    if sum(t.kind == "exit" for t in tiles) != 3:
        fail("the game has 3 Exit tiles")
    rooms = [t for t in tiles if t.kind == "room"]
    if not any(t.beds == ("R", "B", "Y") for t in rooms):
        fail("at least one room tile with 3 beds (R B Y), a 3-player start tile")
    if not any(t.beds == ("R", "B") for t in rooms):
        fail("at least one room tile with 2 beds (R B), a 2-player start tile")
    for players in (2, 3, 4):
        for start in start_candidates(tiles, players):
            # "Shuffle the rest of the Room-tiles": every tile but the start one goes in
            stack = [t for t in tiles if t.kind in ("room", "start") and t.id != start]
            if sum(t.exit_sign for t in stack) < 7:
                fail(f"with start tile {start}, only {sum(t.exit_sign for t in stack)} tiles "
                     "of the stack show an Exit sign: the Exit-sign sequence needs 7 (the 7th "
                     "places the 3rd Exit)", seen[start])


def start_candidates(tiles: tuple[TileSpec, ...] | list[TileSpec], players: int) -> list[str]:
    """The tiles play may start on ("Special – Start Tiles"): the 4-bed tile, and with 3
    players the 3-bed tiles, with 2 players the 2-bed tiles (ruling B13).

    Examples
    --------
    >>> tiles = load_components().tiles
    >>> start_candidates(tiles, 2), start_candidates(tiles, 3), start_candidates(tiles, 4)
    (['S', 'T03', 'T04'], ['S', 'T01', 'T02'], ['S'])
    """
    beds = {2: ("R", "B"), 3: ("R", "B", "Y")}.get(players)
    start = [t.id for t in tiles if t.kind == "start"]
    return start + [t.id for t in tiles if t.kind == "room" and beds and t.beds == beds]


def read_stuff(path: str | Path) -> tuple[StuffKind, ...]:
    """Read the Stuff deck (``name | count | duration | affects``).

    Examples
    --------
    >>> from simlab.core.data import data_dir
    >>> deck = read_stuff(data_dir("bedpans") / "stuff.txt")
    >>> deck[0]
    StuffKind(name='Bed Bump', count=2, duration='P', affects='all')
    """
    path = Path(path)
    kinds = []
    for number, raw in enumerate(read_text(path).splitlines(), start=1):
        with line_problems():
            text = raw.split("#", 1)[0].strip()
            if not text:
                continue
            fields = [f.strip() for f in text.split("|")]
            if len(fields) != 4:
                raise DataError("expected 'name | count | duration | affects'", file=path.name,
                                line=number)
            name, count, duration, affects = fields
            if not count.isdigit() or int(count) < 1:
                raise DataError(f"count of {name!r} must be a positive whole number, not {count!r}",
                                file=path.name, line=number)
            if duration not in ("X", "R", "T", "P"):
                raise DataError(f"duration of {name!r} is one of X R T P, not {duration!r}",
                                file=path.name, line=number)
            if affects not in ("all", "staff", "residents"):
                raise DataError(f"{name!r} affects all, staff or residents, not {affects!r}",
                                file=path.name, line=number)
            kinds.append(StuffKind(name, int(count), duration, affects))
    if sum(k.count for k in kinds) != 48:
        problem(DataError(f"the Stuff deck has 48 markers, found {sum(k.count for k in kinds)}",
                          file=path.name, line=last_line(path)))
    return tuple(kinds)


def _read_counts(path: Path) -> dict[str, int]:
    counts = {}
    where: dict[str, int] = {}
    for number, raw in enumerate(read_text(path).splitlines(), start=1):
        with line_problems():
            text = raw.split("#", 1)[0].strip()
            if not text:
                continue
            name, _, count = (f.strip() for f in text.partition("|"))
            if not count.isdigit():
                raise DataError(f"expected 'name | count', found {text!r}", file=path.name,
                                line=number)
            counts[name] = int(count)
            where[name] = number
    for name, need in (("Door-markers", 8), ("Nurses", 5), ("Doctor", 1)):
        if counts.get(name) != need:
            problem(DataError(f"{name}: the rulebook has {need}, found {counts.get(name)}",
                              file=path.name, line=where.get(name),
                              key=None if name in where else name))
    return counts


@component_loader("bedpans")
def load_components(folder: Path) -> Components:
    """Load and check every component file: ``tiles.txt``, ``stuff.txt`` and
    ``components.txt`` (a game's own set is ``game.data``).
    """
    return Components(
        tiles=read_tiles(folder / "tiles.txt"),
        stuff=read_stuff(folder / "stuff.txt"),
        counts=_read_counts(folder / "components.txt"),
    )
