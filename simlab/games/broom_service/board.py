"""The realm as a networkx graph, and analyses over it.

Nodes are regions with attributes ``landscape``, ``castle``, ``pos`` and
``towers`` (tuple of tower ids); edges are borders with attribute ``space``
(the cloud space id, or ``None``).  Which clouds lie where is occupancy and
lives in the state: analyses take it as a mapping ``space -> cloud id or
None``.

Examples
--------
>>> g = realm_graph()
>>> g.nodes["Bramble Wood"]["landscape"]
'forest'
>>> g.edges["Goblin Hill", "Frostpeak"]["space"]
'C1'
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass

import networkx as nx

from simlab.games.broom_service.components import Components, Tower, load_components

__all__ = [
    "Realm",
    "build_graph",
    "open_graph",
    "realm",
    "realm_graph",
    "towers_in_reach",
    "witch_distance",
    "witch_moves",
]


def _natural(text: str) -> tuple:
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", text))


def build_graph(components: Components) -> nx.Graph:
    """Build the realm graph from components (a pure function).

    Examples
    --------
    >>> g = build_graph(load_components())
    >>> g.number_of_nodes(), g.number_of_edges()
    (20, 31)
    """
    g = nx.Graph()
    for r in components.regions:
        towers = tuple(t.id for t in components.towers if t.region == r.name)
        g.add_node(r.name, landscape=r.landscape, castle=r.castle, pos=(r.x, r.y), towers=towers)
    for b in components.borders:
        g.add_edge(b.a, b.b, space=b.space)
    return g


def realm_graph(components: Components | None = None) -> nx.Graph:
    """The realm graph of ``components`` (a game's ``data``; the shipped set when omitted),
    built once a component set.

    Do not change the returned graph; copy it first.

    Examples
    --------
    >>> sorted(realm_graph().neighbors("Castle Emberkeep"))
    ['Goblin Hill', 'Misty Crag', 'Stone Giant Peaks', 'Willow Glen']
    """
    return _built(components if components is not None else load_components())[0]


#: id(components) -> (components, their graph, their lookup tables), built on first use.
#: Keyed by the loaded set itself (held, so its id is not reused), never by a region or
#: tower name: two sets in one process never share an entry.
_BUILT: dict[int, tuple[Components, nx.Graph, list[Realm]]] = {}


def _built(c: Components) -> tuple[nx.Graph, list[Realm]]:
    found = _BUILT.get(id(c))
    if found is None or found[0] is not c:
        found = _BUILT[id(c)] = (c, build_graph(c), [])
    return found[1], found[2]


@dataclass(frozen=True)
class Realm:
    """Lookup tables over the realm graph, for fast rules.

    Attributes
    ----------
    landscape : dict
        Region -> landscape.
    neighbours : dict
        Region -> tuple of ``(neighbour, cloud space or None)``.
    towers_in : dict
        Region -> tuple of :class:`Tower`.
    towers : dict
        Tower id -> :class:`Tower`.
    spaces : tuple
        Cloud space ids in natural order (the order clouds are placed).
    space_regions : dict
        Cloud space -> the two regions it separates.
    """

    landscape: dict[str, str]
    neighbours: dict[str, tuple[tuple[str, str | None], ...]]
    towers_in: dict[str, tuple[Tower, ...]]
    towers: dict[str, Tower]
    spaces: tuple[str, ...]
    space_regions: dict[str, tuple[str, str]]


def realm(components: Components | None = None) -> Realm:
    """Lookup tables of the realm of ``components`` (built once a component set; the
    shipped set when omitted).

    Examples
    --------
    >>> r = realm()
    >>> r.spaces[:3], len(r.spaces)
    (('C1', 'C2', 'C3'), 14)
    >>> [t.id for t in r.towers_in["Clover Knolls"]]
    ['T10', 'S1']
    """
    c = components if components is not None else load_components()
    g, made = _built(c)
    if made:
        return made[0]
    towers = {t.id: t for t in c.towers}
    spaces = tuple(sorted(c.cloud_spaces, key=_natural))
    made.append(Realm(
        landscape={n: d["landscape"] for n, d in g.nodes(data=True)},
        neighbours={
            n: tuple((m, g.edges[n, m]["space"]) for m in sorted(g.neighbors(n))) for n in g.nodes
        },
        towers_in={n: tuple(towers[t] for t in d["towers"]) for n, d in g.nodes(data=True)},
        towers=towers,
        spaces=spaces,
        space_regions={d["space"]: (a, b) for a, b, d in g.edges(data=True) if d["space"]},
    ))
    return made[0]


def _blocked(space: str | None, clouds: Mapping[str, int | None]) -> bool:
    return space is not None and clouds.get(space) is not None


def open_graph(graph: nx.Graph, clouds: Mapping[str, int | None]) -> nx.Graph:
    """The subgraph of borders that no heavy cloud blocks.

    Examples
    --------
    >>> g = realm_graph()
    >>> open_graph(g, {"C1": 5}).has_edge("Goblin Hill", "Frostpeak")
    False
    >>> open_graph(g, {"C1": None}).has_edge("Goblin Hill", "Frostpeak")
    True
    """
    keep = [(a, b) for a, b, s in graph.edges(data="space") if not _blocked(s, clouds)]
    return graph.edge_subgraph(keep).copy() if keep else nx.Graph()


def witch_moves(
    graph: nx.Graph, region: str, landscape: str, clouds: Mapping[str, int | None]
) -> list[str]:
    """Regions a Witch of ``landscape`` may move a pawn to from ``region``.

    Adjacent regions of the matching landscape, not across a border with a cloud.

    Examples
    --------
    >>> witch_moves(realm_graph(), "Castle Emberkeep", "forest", {})
    ['Willow Glen']
    >>> witch_moves(realm_graph(), "Goblin Hill", "mountain", {"C1": 3})
    []
    """
    return sorted(
        m
        for m in graph.neighbors(region)
        if graph.nodes[m]["landscape"] == landscape
        and not _blocked(graph.edges[region, m]["space"], clouds)
    )


def witch_distance(
    graph: nx.Graph, start: str, goal: str, clouds: Mapping[str, int | None]
) -> int | None:
    """Fewest Witch moves from ``start`` to ``goal`` (any landscapes), or ``None``.

    Each move crosses one border without a cloud; the landscape of each step
    fixes which Witch it needs.

    Examples
    --------
    >>> witch_distance(realm_graph(), "Castle Emberkeep", "Elder Grove", {})
    3
    >>> witch_distance(realm_graph(), "Castle Emberkeep", "Castle Emberkeep", {})
    0
    """
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return seen[here]
        for m in graph.neighbors(here):
            if m not in seen and not _blocked(graph.edges[here, m]["space"], clouds):
                seen[m] = seen[here] + 1
                queue.append(m)
    return None


def towers_in_reach(
    graph: nx.Graph, start: str, moves: int, clouds: Mapping[str, int | None]
) -> list[str]:
    """Tower ids in regions at most ``moves`` Witch moves from ``start``.

    Examples
    --------
    >>> towers_in_reach(realm_graph(), "Castle Roseguard", 1, {})
    ['S1', 'T10', 'T13', 'T14', 'T17']
    """
    reach = open_graph(graph, clouds)
    reach.add_node(start)
    lengths = nx.single_source_shortest_path_length(reach, start, cutoff=moves)
    return sorted(t for r in lengths for t in graph.nodes[r]["towers"])
