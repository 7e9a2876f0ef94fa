"""Broom Service components: load and validate the files in ``data/broom_service``.

Every file is a simple line format: ``#`` starts a comment, fields are
separated by ``|``.  Most of the contents are reconstructed (the rulebook
names the components but not what they show); see
``docs/rulings/broom_service.md``.

Examples
--------
>>> c = load_components()
>>> len(c.roles), len(c.clouds), len(c.events), len(c.colours)
(10, 24, 10, 5)
>>> c.role("Witch (Forest)").kind
'witch'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from simlab.core.data import component_loader, last_line, line_problems, problem, read_table
from simlab.core.errors import DataError

__all__ = [
    "EVENT_EFFECTS",
    "LANDSCAPES",
    "POTIONS",
    "ROLE_KINDS",
    "Border",
    "Cloud",
    "Components",
    "EventCard",
    "Region",
    "Role",
    "Tower",
    "load_components",
]

#: Potion colours, in the order used for every per-colour list.
POTIONS: tuple[str, ...] = ("orange", "green", "purple")
LANDSCAPES: tuple[str, ...] = ("forest", "hill", "mountain")
ROLE_KINDS: tuple[str, ...] = ("gatherer", "witch", "druid", "fairy")
#: Event timing -> effects allowed with it.
EVENT_EFFECTS: dict[str, tuple[str, ...]] = {
    "choose": ("hand_size",),
    "round": (
        "cowardly_gather",
        "tower_bonus",
        "charm_cost",
        "druid_bonus",
        "brave_bonus",
        "bewitched_penalty",
    ),
    "flip": ("gain_wands",),
    "end": ("wand_tax", "helping_hand"),
}
#: The roles the rulebook lists, each once per colour.
RULEBOOK_ROLES: tuple[str, ...] = (
    "Gatherer (orange)",
    "Gatherer (green)",
    "Gatherer (purple)",
    "Witch (Forest)",
    "Witch (Hill)",
    "Witch (Mountain)",
    "Druid (Forest)",
    "Druid (Hill)",
    "Druid (Peak)",
    "Weather Fairy",
)
CLOUD_COUNT = 24
EVENT_COUNT = 10


@dataclass(frozen=True, slots=True)
class Region:
    """A region of the realm: its landscape, board position and whether it is a castle."""

    name: str
    landscape: str
    x: float
    y: float
    castle: bool


@dataclass(frozen=True, slots=True)
class Tower:
    """A circular tower (one delivery, VP and bonus wands) or a square tower (always open)."""

    id: str
    region: str
    kind: str
    colour: str
    vp: int
    wands: int

    @property
    def square(self) -> bool:
        """Whether this is a square tower."""
        return self.kind == "square"


@dataclass(frozen=True, slots=True)
class Border:
    """A border between two regions, with the id of its cloud space (or ``None``)."""

    a: str
    b: str
    space: str | None


@dataclass(frozen=True, slots=True)
class Cloud:
    """A heavy cloud: stars (wands to charm it away) and lightning symbols."""

    id: int
    stars: int
    lightning: int


@dataclass(frozen=True, slots=True)
class EventCard:
    """An event card: when it acts, its effect key, an amount and its text."""

    name: str
    when: str
    effect: str
    amount: int
    text: str


@dataclass(frozen=True, slots=True)
class Role:
    """A role card: its kind and what it is "of" (potion colour, landscape or ``None``)."""

    name: str
    kind: str
    of: str | None
    brave: str
    cowardly: str


_Card = TypeVar("_Card", "Role", "EventCard")


def _named(cards: tuple[_Card, ...], name: str) -> _Card:
    """The card of ``cards`` called ``name`` (KeyError if none is)."""
    for card in cards:
        if card.name == name:
            return card
    raise KeyError(name)


@dataclass(frozen=True)
class Components:
    """Every component of the game, validated."""

    regions: tuple[Region, ...]
    towers: tuple[Tower, ...]
    borders: tuple[Border, ...]
    clouds: tuple[Cloud, ...]
    lightning: tuple[int, ...]
    events: tuple[EventCard, ...]
    roles: tuple[Role, ...]
    colours: tuple[str, ...]

    def role(self, name: str) -> Role:
        """The role card called ``name``.

        Examples
        --------
        >>> load_components().role("Druid (Peak)").of
        'mountain'
        """
        return _named(self.roles, name)

    def event(self, name: str) -> EventCard:
        """The event card called ``name``.

        Examples
        --------
        >>> load_components().event("More or Less").amount
        5
        """
        return _named(self.events, name)

    def lightning_vp(self, symbols: int) -> int:
        """VP for ``symbols`` collected lightning symbols (the last row counts for more).

        Examples
        --------
        >>> c = load_components()
        >>> c.lightning_vp(0), c.lightning_vp(3), c.lightning_vp(99) == c.lightning[-1]
        (0, 7, True)
        """
        return self.lightning[min(symbols, len(self.lightning) - 1)]

    @property
    def castles(self) -> tuple[str, ...]:
        """The two castle regions, where the pawns start."""
        return tuple(r.name for r in self.regions if r.castle)

    @property
    def cloud_spaces(self) -> tuple[str, ...]:
        """The cloud space ids in file order."""
        return tuple(b.space for b in self.borders if b.space is not None)



def _int(text: str, what: str, path: Path, line: int, low: int = 0) -> int:
    if not re.fullmatch(r"-?\d+", text):
        raise DataError(f"{what} must be a whole number, not {text!r}", file=str(path), line=line)
    value = int(text)
    if value < low:
        raise DataError(f"{what} must be at least {low}, not {value}", file=str(path), line=line)
    return value


def _choice(text: str, allowed: tuple[str, ...], what: str, path: Path, line: int) -> str:
    if text not in allowed:
        raise DataError(
            f"{what} must be one of {', '.join(allowed)}, not {text!r}", file=str(path), line=line
        )
    return text


def _regions(path: Path) -> tuple[Region, ...]:
    out: list[Region] = []
    seen: set[str] = set()
    for line, (name, land, x, y, castle) in read_table(path, 5):
        with line_problems():
            if name in seen:
                raise DataError(f"region {name!r} is listed twice", file=str(path), line=line)
            seen.add(name)
            _choice(land, LANDSCAPES, "landscape", path, line)
            _choice(castle, ("yes", "no"), "castle", path, line)
            try:
                fx, fy = float(x), float(y)
            except ValueError:
                raise DataError(f"x and y must be numbers, not {x!r}, {y!r}", file=str(path),
                                line=line) from None
            out.append(Region(name, land, fx, fy, castle == "yes"))
    if sum(r.castle for r in out) != 2:
        problem(DataError("the realm needs exactly two castle regions",
            file=str(path), key="castle"))
    return tuple(out)


def _towers(path: Path, regions: set[str]) -> tuple[Tower, ...]:
    out: list[Tower] = []
    seen: set[str] = set()
    for line, (tid, region, kind, colour, vp, wands) in read_table(path, 6):
        with line_problems():
            if tid in seen:
                raise DataError(f"tower {tid!r} is listed twice", file=str(path), line=line)
            seen.add(tid)
            if region not in regions:
                raise DataError(f"unknown region {region!r}", file=str(path), line=line)
            _choice(kind, ("circular", "square"), "tower kind", path, line)
            allowed = ("any",) if kind == "square" else POTIONS
            _choice(colour, allowed, f"a {kind} tower's colour", path, line)
            out.append(Tower(tid, region, kind, colour, _int(vp, "VP", path, line),
                             _int(wands, "bonus wands", path, line)))
    return tuple(out)


def _borders(path: Path, regions: set[str]) -> tuple[Border, ...]:
    out: list[Border] = []
    pairs: set[frozenset[str]] = set()
    spaces: set[str] = set()
    for line, (a, b, space) in read_table(path, 3):
        with line_problems():
            for r in (a, b):
                if r not in regions:
                    raise DataError(f"unknown region {r!r}", file=str(path), line=line)
            if a == b:
                raise DataError(f"a border needs two different regions, not {a!r} twice",
                                file=str(path), line=line)
            pair = frozenset((a, b))
            if pair in pairs:
                raise DataError(f"border {a} | {b} is listed twice", file=str(path), line=line)
            pairs.add(pair)
            sid = None if space == "-" else space
            if sid is not None:
                if sid in spaces:
                    raise DataError(f"cloud space {sid!r} is used twice", file=str(path), line=line)
                spaces.add(sid)
            out.append(Border(a, b, sid))
    if len(spaces) > CLOUD_COUNT:
        problem(DataError(f"{len(spaces)} cloud spaces but only {CLOUD_COUNT} heavy clouds",
                        file=str(path), key="cloud space"))
    return tuple(out)


def _clouds(path: Path) -> tuple[Cloud, ...]:
    out: list[Cloud] = []
    for line, (cid, stars, lightning) in read_table(path, 3):
        with line_problems():
            ident = _int(cid, "cloud id", path, line, low=1)
            if any(c.id == ident for c in out):
                raise DataError(f"cloud {ident} is listed twice", file=str(path), line=line)
            out.append(Cloud(ident, _int(stars, "stars", path, line, low=1),
                             _int(lightning, "lightning", path, line)))
    if len(out) != CLOUD_COUNT:
        problem(DataError(f"expected {CLOUD_COUNT} heavy clouds, found {len(out)}", file=str(path),
                        line=last_line(path)))
    return tuple(out)


def _lightning(path: Path) -> tuple[int, ...]:
    table: list[int] = []
    last = False
    for line, (count, vp) in read_table(path, 2):
        with line_problems():
            if last:
                raise DataError("no row may follow the 'N+' row", file=str(path), line=line)
            last = count.endswith("+")
            n = _int(count.rstrip("+"), "lightning count", path, line)
            if n != len(table):
                raise DataError(f"expected lightning count {len(table)}, found {n}", file=str(path),
                                line=line)
            table.append(_int(vp, "VP", path, line))
    if not table:
        problem(DataError("empty lightning table", file=str(path)))
    return tuple(table)


def _events(path: Path) -> tuple[EventCard, ...]:
    out: list[EventCard] = []
    for line, (name, when, effect, amount, text) in read_table(path, 5):
        with line_problems():
            if any(e.name == name for e in out):
                raise DataError(f"event {name!r} is listed twice", file=str(path), line=line)
            _choice(when, tuple(EVENT_EFFECTS), "event timing", path, line)
            _choice(effect, EVENT_EFFECTS[when], f"effect of a {when!r} event", path, line)
            out.append(EventCard(name, when, effect, _int(amount, "amount", path, line), text))
    if len(out) != EVENT_COUNT:
        problem(DataError(f"expected {EVENT_COUNT} event cards, found {len(out)}", file=str(path),
                        line=last_line(path)))
    if not any(e.name == "More or Less" for e in out):
        problem(DataError("the rulebook's event 'More or Less' is missing", file=str(path),
                        key="More or Less"))
    return tuple(out)


def _roles(path: Path) -> tuple[Role, ...]:
    out: list[Role] = []
    for line, (name, kind, of, brave, cowardly) in read_table(path, 5):
        with line_problems():
            if name not in RULEBOOK_ROLES:
                raise DataError(f"unknown role {name!r}; roles: {', '.join(RULEBOOK_ROLES)}",
                                file=str(path), line=line)
            if any(r.name == name for r in out):
                raise DataError(f"role {name!r} is listed twice", file=str(path), line=line)
            _choice(kind, ROLE_KINDS, "role kind", path, line)
            if kind == "gatherer":
                _choice(of, POTIONS, "a Gatherer's potion colour", path, line)
            elif kind in ("witch", "druid"):
                _choice(of, LANDSCAPES, f"a {kind}'s landscape", path, line)
            else:
                _choice(of, ("-",), "the Weather Fairy's 'of' field", path, line)
            out.append(Role(name, kind, None if of == "-" else of, brave, cowardly))
    if len(out) != len(RULEBOOK_ROLES):
        problem(DataError(f"expected {len(RULEBOOK_ROLES)} roles, found {len(out)}",
                        file=str(path), line=last_line(path)))
    return tuple(out)


def _colours(path: Path) -> tuple[str, ...]:
    out: list[str] = []
    for line, (colour,) in read_table(path, 1):
        with line_problems():
            if colour in out:
                raise DataError(f"colour {colour!r} is listed twice", file=str(path), line=line)
            out.append(colour)
    if len(out) != 5:
        problem(DataError(f"expected 5 player colours, found {len(out)}", file=str(path),
                        line=last_line(path)))
    return tuple(out)


def load_from(folder: Path) -> Components:
    """Load and validate every component file in ``folder``.

    Raises
    ------
    DataError
        A file is missing or wrong; the message names the file and line (or key).

    Examples
    --------
    >>> from simlab.core.data import data_dir
    >>> load_from(data_dir("broom_service")).castles
    ('Castle Emberkeep', 'Castle Roseguard')
    """
    regions = _regions(folder / "regions.txt")
    names = {r.name for r in regions}
    return Components(
        regions=regions,
        towers=_towers(folder / "towers.txt", names),
        borders=_borders(folder / "borders.txt", names),
        clouds=_clouds(folder / "clouds.txt"),
        lightning=_lightning(folder / "lightning.txt"),
        events=_events(folder / "events.txt"),
        roles=_roles(folder / "roles.txt"),
        colours=_colours(folder / "colours.txt"),
    )


@component_loader("broom_service")
def load_components(folder: Path) -> Components:
    """The game's components (a game's own set is ``game.data``).

    Examples
    --------
    >>> sum(t.square for t in load_components().towers)
    3
    """
    return load_from(folder)
