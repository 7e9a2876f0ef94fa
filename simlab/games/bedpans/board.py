"""The Village layout: spaces of placed room tiles, and analyses over it.

A space is ``(floor, x, y)``: ``floor`` is ``"U"`` (the upper floor, where
play starts) or ``"G1"``/``"G2"`` (the two ground-floor groups, which are
not joined on the ground floor, so each has its own grid); ``x`` grows to
the east and ``y`` to the south.  A tile occupies the 3 x 3 spaces of tile
position ``(floor, tx, ty)`` (tiles are placed on a grid: ruling B1), turned
clockwise by ``rot`` quarter turns.

The rules engine uses the fast primitives (:func:`passage`,
:func:`view_targets`); :func:`layout_graph` builds the networkx graph
(nodes are spaces with their features, edges ``open``/``door``/``marker``
on a floor, ``elevator`` and ``stairs`` between floors), over which
:func:`reachable`, :func:`line_of_sight`, :func:`open_edges_in_view`,
:func:`bed_distance` and :func:`nearest_station` answer questions.

Examples
--------
>>> from simlab.games.bedpans.components import load_components
>>> tiles = {("U", 0, 0): ("S", 0)}
>>> G = layout_graph(tiles, {}, {}, load_components())
>>> G.number_of_nodes(), G.nodes["U", 0, 0]["feature"]
(9, 'R')
>>> sorted(len(s) for s in reachable(G, ("U", 0, 0), 2).values())
[1, 2, 3]
>>> open_edges_in_view(G, ("U", 1, 0))
[('U', 1, 0, 'N'), ('U', 1, 2, 'S')]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import networkx as nx

from simlab.core.errors import IllegalActionError
from simlab.games.bedpans.components import DIRECTIONS, DOOR, OPEN, WALL, Components, TileSpec
from simlab.games.bedpans.parts import OpenEdge, Space, TilePos

__all__ = [
    "DX",
    "DY",
    "FLOORS",
    "MARKER",
    "Space",
    "TileGeometry",
    "bed_distance",
    "geometry",
    "geometry_table",
    "layout_graph",
    "line_of_sight",
    "nearest_station",
    "open_edges_in_view",
    "parse_space",
    "passage",
    "passages",
    "tile_passages",
    "reachable",
    "space_text",
    "view_targets",
]

#: Floors: the upper floor and the two ground-floor groups.
FLOORS: tuple[str, ...] = ("U", "G1", "G2")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)
#: How many spaces an Elder sees in a straight line, its own space included (ruling B2).
SIGHT = 3
#: The code of a wall made passable by a played Door-marker in the layout's passages
#: (:attr:`~simlab.games.bedpans.layout.Layout.ways`): what it is (an open edge or a
#: door) depends on the option ``door_marker`` (ruling B18).
MARKER = "m"


def space_text(space: Space) -> str:
    """Text of a space: ``"U 3,-1"``.

    Examples
    --------
    >>> space_text(("G1", 3, -1))
    'G1 3,-1'
    >>> parse_space("G1 3,-1")
    ('G1', 3, -1)
    """
    return f"{space[0]} {space[1]},{space[2]}"


def parse_space(text: str) -> Space:
    """Inverse of :func:`space_text`; raises IllegalActionError on bad text."""
    floor, _, rest = text.strip().partition(" ")
    x, comma, y = rest.partition(",")
    try:
        space = (floor, int(x), int(y))
    except ValueError:  # not whole numbers
        space = None
    if space is None or not comma or floor not in FLOORS:
        raise IllegalActionError(f"bedpans: not a space {text!r} (expected e.g. 'U 3,-1')")
    return space


@dataclass(frozen=True, slots=True)
class TileGeometry:
    """A tile turned by ``rot`` quarter turns clockwise.

    ``features[i]`` and ``edges[i]`` (4 letters N E S W: ``w``, ``d``, ``o``)
    for local space ``i = 3 * row + col``.
    """

    id: str
    rot: int
    features: tuple[str, ...]
    edges: tuple[str, ...]

    def exit_side(self) -> int | None:
        """Direction the Exit space faces (its outer wall), or None."""
        if "X" not in self.features:
            return None
        i = self.features.index("X")
        r, c = divmod(i, 3)
        for d, on in ((0, r == 0), (1, c == 2), (2, r == 2), (3, c == 0)):
            if on:
                return d
        return None


def _rotate(g: TileGeometry) -> TileGeometry:
    features = [""] * 9
    edges = [""] * 9
    for i in range(9):
        r, c = divmod(i, 3)
        j = 3 * c + (2 - r)  # (col, row) -> (2 - row, col)
        features[j] = g.features[i]
        e = g.edges[i]
        edges[j] = e[3] + e[0] + e[1] + e[2]  # what faced N now faces E, ...
    return TileGeometry(g.id, g.rot + 1, tuple(features), tuple(edges))


@functools.lru_cache(maxsize=64)
def geometry(tile: TileSpec) -> tuple[TileGeometry, ...]:
    """The 4 turned geometries of a tile (index = quarter turns clockwise).

    Examples
    --------
    >>> from simlab.games.bedpans.components import load_components
    >>> g = geometry(load_components().tile("S"))
    >>> g[0].features[0], g[1].features[2], g[2].features[8]
    ('R', 'R', 'R')
    """
    g = TileGeometry(tile.id, 0, tile.features, tile.edges)
    turned = [g]
    for _ in range(3):
        turned.append(_rotate(turned[-1]))
    return tuple(turned)


@functools.lru_cache(maxsize=4)
def geometry_table(components: Components) -> dict[str, tuple[TileGeometry, ...]]:
    """Tile id -> its 4 turned geometries."""
    return {t.id: geometry(t) for t in components.tiles}


Geo = Mapping[str, tuple[TileGeometry, ...]]
Tiles = Mapping[TilePos, tuple[str, int]]


def _locate(tiles: Tiles, geo: Geo, space: Space) -> tuple[TileGeometry, int] | None:
    floor, x, y = space
    placed = tiles.get((floor, x // 3, y // 3))
    if placed is None:
        return None
    return geo[placed[0]][placed[1]], 3 * (y % 3) + (x % 3)


def marker_key(a: Space, b: Space) -> tuple[Space, Space]:
    """The key of the edge between two spaces (order-free)."""
    return (a, b) if a <= b else (b, a)


def passage(tiles: Tiles, geo: Geo, markers: Mapping, space: Space, d: int,
            marker: str = DOOR) -> str | None:
    """How ``space`` joins its neighbour in direction ``d``: ``"o"``, ``"d"``, or None.

    A Door-marker on a wall between two tiles makes it passable, as ``marker``: ``"d"``
    (a door, the default here) or ``"o"`` ("This creates an open edge", the game's default
    reading, ruling B18).

    Examples
    --------
    >>> from simlab.games.bedpans.components import load_components
    >>> geo = geometry_table(load_components())
    >>> tiles = {("U", 0, 0): ("S", 0)}
    >>> passage(tiles, geo, {}, ("U", 0, 0), 0), passage(tiles, geo, {}, ("U", 0, 0), 1)
    (None, 'o')
    """
    found = _locate(tiles, geo, space)
    if found is None:
        return None
    g, i = found
    return _way(tiles, geo, markers, space, g.edges[i][d], d, marker)


def passages(tiles: Tiles, geo: Geo, markers: Mapping, space: Space,
             marker: str = DOOR) -> tuple[str | None, ...]:
    """:func:`passage` in the 4 directions N E S W (the space's own tile read once).

    Examples
    --------
    >>> from simlab.games.bedpans.components import load_components
    >>> geo = geometry_table(load_components())
    >>> passages({("U", 0, 0): ("S", 0)}, geo, {}, ("U", 0, 0))
    (None, 'o', 'o', None)
    """
    found = _locate(tiles, geo, space)
    if found is None:
        return (None, None, None, None)
    g, i = found
    edges = g.edges[i]
    border = _BORDER[i]  # the directions in which the space faces another tile
    return tuple(_way(tiles, geo, markers, space, edges[d], d, marker)
                 if d in border or edges[d] == WALL else edges[d] for d in range(4))


def tile_passages(tiles: Tiles, geo: Geo, markers: Mapping, pos: TilePos,
                  marker: str = DOOR) -> dict[Space, tuple[str | None, ...]]:
    """:func:`passages` of the 9 spaces of the tile at ``pos``, reading the tile beyond each
    of its 4 sides once: inside the tile its own edges, across a side the edges that meet.

    Examples
    --------
    >>> from simlab.games.bedpans.components import load_components
    >>> geo = geometry_table(load_components())
    >>> tiles = {("U", 0, 0): ("S", 0)}
    >>> tile_passages(tiles, geo, {}, ("U", 0, 0))[("U", 0, 0)]
    (None, 'o', 'o', None)
    """
    floor, tx, ty = pos
    tid, rot = tiles[pos]
    g = geo[tid][rot]
    beyond = []
    for d in range(4):
        other = tiles.get((floor, tx + DX[d], ty + DY[d]))
        beyond.append(None if other is None else geo[other[0]][other[1]])
    out = {}
    for i in range(9):
        x, y = 3 * tx + i % 3, 3 * ty + i // 3
        space = (floor, x, y)
        edges = g.edges[i]
        border = _BORDER[i]
        ways: list[str | None] = []
        for d in range(4):
            kind = edges[d]
            if d not in border:  # inside the tile
                if kind == WALL:  # a Door-marker inside a tile (Variation "Door-markers")
                    ways.append(marker if markers and marker_key(
                        space, (floor, x + DX[d], y + DY[d])) in markers else None)
                else:
                    ways.append(kind)
                continue
            og = beyond[d]
            if og is None:
                ways.append(None)
                continue
            nx_, ny_ = x + DX[d], y + DY[d]
            back = og.edges[3 * (ny_ % 3) + nx_ % 3][(d + 2) % 4]
            if kind == WALL or back == WALL:
                ways.append(marker if marker_key(space, (floor, nx_, ny_)) in markers else None)
            else:
                ways.append(DOOR if DOOR in (kind, back) else OPEN)
        out[space] = tuple(ways)
    return out


#: The directions (N E S W) in which local space ``i = 3 * row + col`` of a tile faces its
#: border: a passage there reads the tile beyond; inside the tile, the tile's own edge.
_BORDER = tuple(frozenset(d for d, edge in enumerate((i < 3, i % 3 == 2, i >= 6, i % 3 == 0))
                          if edge) for i in range(9))


def _way(tiles: Tiles, geo: Geo, markers: Mapping, space: Space, kind: str, d: int,
         marker: str) -> str | None:
    """:func:`passage` once the edge of ``space`` facing ``d`` is known (``kind``)."""
    floor, x, y = space
    nx_, ny_ = x + DX[d], y + DY[d]
    if nx_ // 3 == x // 3 and ny_ // 3 == y // 3:
        if kind == WALL:  # a Door-marker inside a tile (Variation "Door-markers")
            return marker if markers and marker_key(space, (floor, nx_, ny_)) in markers \
                else None
        return kind
    other = _locate(tiles, geo, (floor, nx_, ny_))
    if other is None:
        return None
    og, oi = other
    back = og.edges[oi][(d + 2) % 4]
    if kind == WALL or back == WALL:
        return marker if marker_key(space, (floor, nx_, ny_)) in markers else None
    return DOOR if DOOR in (kind, back) else OPEN


def view_targets(
    tiles: Tiles, geo: Geo, space: Space, blocked: Iterable[TilePos] = (),
    markers: Mapping | None = None, marker: str = DOOR,
    ways: Mapping[Space, tuple[str | None, ...]] | None = None,
) -> list[OpenEdge]:
    """Open edges in view from ``space`` with no tile beyond (ruling B2).

    Looks in the 4 straight lines through open edges (not doors or walls)
    over at most 3 spaces, its own included; a Door-marker (``markers``) passes sight
    when it counts as an open edge (``marker="o"``, ruling B18).  ``ways``: the layout's
    passages (:attr:`~simlab.games.bedpans.layout.Layout.ways`, a Door-marker as
    :data:`MARKER`), read instead of :func:`passage` when given.  Returns
    :class:`~simlab.games.bedpans.parts.OpenEdge` records ``(floor, tx, ty, x, y, side)``:
    the empty tile position, and the space ``(x, y)`` beyond which it lies on ``side``;
    one entry per position, sorted.
    """
    floor, x0, y0 = space
    blocked = set(blocked)
    markers = markers or {}
    found: dict[TilePos, OpenEdge] = {}
    for d in range(4):
        x, y = x0, y0
        for _ in range(SIGHT):
            if (floor, x // 3, y // 3) not in tiles:  # no tile here
                break
            nx_, ny_ = x + DX[d], y + DY[d]
            pos = (floor, nx_ // 3, ny_ // 3)
            if pos not in tiles:  # the edge of the layout: open, with no tile beyond?
                g, i = _locate(tiles, geo, (floor, x, y))  # type: ignore[misc]  # a tile here
                if g.edges[i][d] == OPEN and pos not in blocked and pos not in found:
                    found[pos] = OpenEdge(floor, pos[1], pos[2], x, y, d)
                break
            if ways is None:
                way = passage(tiles, geo, markers, (floor, x, y), d, marker)
            else:
                way = ways[(floor, x, y)][d]
                if way == MARKER:
                    way = marker
            if way != OPEN:
                break
            x, y = nx_, ny_
    return [edge for _, edge in sorted(found.items())]


# -- the networkx graph --------------------------------------------------------------------


def layout_graph(
    tiles: Tiles,
    links: Mapping[Space, tuple[Space, str]],
    markers: Mapping,
    components: Components,
    marker: str = DOOR,
) -> nx.Graph:
    """The layout as a graph: spaces, and the edges a Character may move along.

    Node attributes: ``floor``, ``pos`` (x, y), ``tile``, ``feature`` (the
    space letter), ``open_edges`` (directions of open edges with no tile
    beyond).  Edge attribute ``kind``: ``open``, ``door`` (doors, and
    Door-markers unless ``marker="o"``: then they are open, ruling B18), ``elevator``
    or ``stairs``.
    """
    geo = geometry_table(components)
    G = nx.Graph()
    for (floor, tx, ty), (tid, rot) in tiles.items():
        g = geo[tid][rot]
        for i in range(9):
            r, c = divmod(i, 3)
            space = (floor, 3 * tx + c, 3 * ty + r)
            open_edges = tuple(
                DIRECTIONS[d] for d in range(4)
                if g.edges[i][d] == OPEN
                and (floor, (space[1] + DX[d]) // 3, (space[2] + DY[d]) // 3) != (floor, tx, ty)
                and (floor, (space[1] + DX[d]) // 3, (space[2] + DY[d]) // 3) not in tiles
            )
            G.add_node(space, floor=floor, pos=(space[1], space[2]), tile=tid,
                       feature=g.features[i], open_edges=open_edges)
    for space in list(G.nodes):
        for d in (1, 2):
            kind = passage(tiles, geo, markers, space, d, marker)
            if kind is not None:
                other = (space[0], space[1] + DX[d], space[2] + DY[d])
                G.add_edge(space, other, kind="open" if kind == OPEN else "door", direction=d)
    for a, (b, kind) in links.items():
        if a in G and b in G:
            G.add_edge(a, b, kind=kind)
    return G


def reachable(G: nx.Graph, start: Space, roll: int) -> dict[int, set[Space]]:
    """Spaces reachable from ``start`` in at most ``roll`` steps, by distance.

    Ignores who stands where (the rules engine applies the stopping rules).

    Examples
    --------
    >>> from simlab.games.bedpans.components import load_components
    >>> G = layout_graph({("U", 0, 0): ("S", 0)}, {}, {}, load_components())
    >>> sorted(reachable(G, ("U", 1, 1), 1)[1])
    [('U', 0, 1), ('U', 1, 0), ('U', 1, 2), ('U', 2, 1)]
    """
    dist = nx.single_source_shortest_path_length(G, start, cutoff=roll)
    out: dict[int, set[Space]] = {}
    for node, k in dist.items():
        out.setdefault(k, set()).add(node)
    return out


def line_of_sight(G: nx.Graph, start: Space, direction: str) -> list[Space]:
    """The spaces seen in a straight line from ``start`` (itself first, at most 3).

    The line goes through open edges only: walls and doors block it.

    Examples
    --------
    >>> from simlab.games.bedpans.components import load_components
    >>> G = layout_graph({("U", 0, 0): ("S", 0)}, {}, {}, load_components())
    >>> line_of_sight(G, ("U", 0, 0), "E")
    [('U', 0, 0), ('U', 1, 0), ('U', 2, 0)]
    """
    d = DIRECTIONS.index(direction)
    seen = [start]
    here = start
    while len(seen) < SIGHT:
        nxt = (here[0], here[1] + DX[d], here[2] + DY[d])
        data = G.get_edge_data(here, nxt)
        if data is None or data["kind"] != "open":
            break
        seen.append(nxt)
        here = nxt
    return seen


def open_edges_in_view(G: nx.Graph, start: Space) -> list[tuple[str, int, int, str]]:
    """Open edges with no tile beyond that an Elder on ``start`` sees: (floor, x, y, dir)."""
    found = []
    for direction in DIRECTIONS:
        for space in line_of_sight(G, start, direction):
            if direction in G.nodes[space]["open_edges"]:
                found.append((*space, direction))
                break
    return sorted(found)


def bed_distance(G: nx.Graph, space: Space, colour: str | None = None) -> int | None:
    """Distance to the closest bed ("Special – Closest Bed"), of ``colour`` if given.

    Doors count as connections (even blocked ones), and the two spaces of an
    Elevator shaft are connected; None if no bed can be reached.

    Examples
    --------
    >>> from simlab.games.bedpans.components import load_components
    >>> G = layout_graph({("U", 0, 0): ("S", 0)}, {}, {}, load_components())
    >>> bed_distance(G, ("U", 1, 1)), bed_distance(G, ("U", 1, 1), "red")
    (2, 2)
    """
    letters = {"red": "R", "blue": "B", "yellow": "Y", "green": "G"}
    wanted = {letters[colour]} if colour else set(letters.values())
    edges = [(a, b) for a, b, k in G.edges(data="kind") if k != "stairs"]
    H = G.edge_subgraph(edges) if edges else G
    if space not in H:
        return 0 if G.nodes[space]["feature"] in wanted else None
    for node, k in sorted(nx.single_source_shortest_path_length(H, space).items(),
                          key=lambda item: item[1]):
        if G.nodes[node]["feature"] in wanted:
            return k
    return None


def nearest_station(G: nx.Graph, space: Space, letter: str) -> Space | None:
    """The nearest station (``"N"`` Nurse, ``"D"`` Doctor) by moves; ties: the smallest space.

    Examples
    --------
    >>> from simlab.games.bedpans.components import load_components
    >>> tiles = {("U", 0, 0): ("S", 0), ("U", 0, -1): ("T13", 0)}
    >>> G = layout_graph(tiles, {}, {}, load_components())
    >>> nearest_station(G, ("U", 1, 1), "D")
    ('U', 0, -1)
    """
    dist = nx.single_source_shortest_path_length(G, space)
    best = [(k, n) for n, k in dist.items() if G.nodes[n]["feature"] == letter]
    return min(best)[1] if best else None
