"""Hospital Rush board graph and steal graph (networkx).

The board graph is a :class:`networkx.DiGraph` built from ``data/hospital_rush``:

- the patient path: ``stack`` -> ``bed 1`` -> ``bed 2`` -> ``bed 3`` -> ``bed 4``
  -> ``discard`` (edges ``kind="slide"``; patients slide toward bed 4 and
  leave from it), every bed -> ``discard`` (``kind="discharge"``), and
  ``discard`` -> ``stack`` (``kind="reshuffle"``);
- the supplies: ``bank``, ``medicine chest``, ``patch supply``,
  ``study supply``, ``players``, ``patients`` (the tiles on patients in beds);
- the action spaces of the side in use and of every player board, each
  joined to the supplies it moves: ``supply -> space`` where it takes from
  that supply and ``space -> supply`` where it puts into it (``kind="flow"``,
  ``items`` the set of things moved).

Occupancy (markers, tiles, bucks) lives in the state, never in the graph.
The steal graph of a game is a directed multigraph-like ``DiGraph`` of seats:
an edge ``thief -> victim`` with a ``count`` and a count per item.

Examples
--------
>>> g = board_graph(4)
>>> bed_path(g)
['bed 1', 'bed 2', 'bed 3', 'bed 4']
>>> rounds_to_preterm(g, "bed 2")
3
>>> sorted(spaces_taking_from(g, "medicine chest"))[:2]
['fetch_medicine_1', 'fetch_medicine_2']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

import networkx as nx

from simlab.games.hospital_rush.components import Components, load_components

__all__ = [
    "SUPPLIES",
    "bed_path",
    "board_graph",
    "rounds_to_preterm",
    "spaces_giving_to",
    "spaces_taking_from",
    "steal_graph",
    "sum_steal_graphs",
]

SUPPLIES = ("bank", "medicine chest", "patch supply", "study supply", "players", "patients")
BANK, CHEST, PATCHES, STUDY, PLAYERS, PATIENTS = SUPPLIES

#: What each action space moves: (from, to, item).
FLOWS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "fetch_medicine_2": ((CHEST, PLAYERS, "medicine"),),
    "fetch_medicine_1": ((CHEST, PLAYERS, "medicine"), (PLAYERS, BANK, "bucks")),
    "treat_patient_2": (
        (PLAYERS, PATIENTS, "medicine"),
        (PATCHES, PATIENTS, "patch"),
        (PLAYERS, BANK, "bucks"),
    ),
    "treat_patient_1": (
        (PLAYERS, PATIENTS, "medicine"),
        (PATCHES, PATIENTS, "patch"),
        (PLAYERS, BANK, "bucks"),
    ),
    "night_shift_1": ((BANK, PLAYERS, "bucks"),),
    "night_shift_2": ((BANK, PLAYERS, "bucks"),),
    "night_shift_3": ((BANK, PLAYERS, "bucks"),),
    "night_shift_4": ((BANK, PLAYERS, "bucks"),),
    "study": ((PLAYERS, BANK, "bucks"), (STUDY, PLAYERS, "study marker")),
    "rat_out": ((BANK, PLAYERS, "bucks"), (PLAYERS, BANK, "bucks")),
    "final_exam": ((PLAYERS, BANK, "bucks"), (STUDY, PLAYERS, "study marker")),
    "final_exam_2": ((PLAYERS, BANK, "bucks"), (STUDY, PLAYERS, "study marker")),
    "sabotage": ((PLAYERS, PLAYERS, "bucks"), (PLAYERS, PLAYERS, "medicine")),
    "bribe": ((PLAYERS, BANK, "bucks"),),
    "bribe_1": ((PLAYERS, BANK, "bucks"),),
    "bribe_2": ((PLAYERS, BANK, "bucks"),),
    "steal_skill": ((PLAYERS, PLAYERS, "bucks"), (PLAYERS, PLAYERS, "study marker")),
    "my_patient_now": ((PLAYERS, PLAYERS, "bucks"),),
    "calling_in_a_favor": (
        (PLAYERS, PLAYERS, "medicine"),
        (PATIENTS, PLAYERS, "medicine"),
        (PLAYERS, PATIENTS, "medicine"),
        (PATCHES, PATIENTS, "patch"),
        (PLAYERS, BANK, "bucks"),
    ),
    "sell_medicine": ((PLAYERS, CHEST, "medicine"), (BANK, PLAYERS, "bucks")),
    "pickpocket": ((PLAYERS, PLAYERS, "bucks"), (PLAYERS, PLAYERS, "medicine")),
    "watch_and_learn": (),
    "chillax": ((PATIENTS, CHEST, "medicine"), (PATIENTS, PATCHES, "patch")),
    "feel_good_music": ((PATCHES, PATIENTS, "patch"),),
    "malingerer": ((PATIENTS, CHEST, "medicine"), (PATIENTS, PATCHES, "patch")),
    "telling_the_boss": ((BANK, PLAYERS, "bucks"), (PLAYERS, BANK, "bucks")),
    "free_samples": ((CHEST, PLAYERS, "medicine"),),
    "raid_the_chest": ((CHEST, PLAYERS, "medicine"),),
    "overtime": ((BANK, PLAYERS, "bucks"),),
    "cook_the_books": ((PLAYERS, PLAYERS, "bucks"),),
}


def board_graph(
    players: int = 4, data: Components | None = None, night_shift_4: bool = False
) -> nx.DiGraph:
    """The board graph for ``players`` players (the 3/4 side, or the 5 side).

    Parameters
    ----------
    players : int
        3, 4 or 5.
    data : Components, optional
        Loaded components (a game's ``data``); the shipped set when omitted.
    night_shift_4 : bool
        The game option of that name: the 5 side's reconstructed 4th night-shift space.

    Examples
    --------
    >>> g = board_graph(5)
    >>> g.nodes["bribe_2"]["kind"], g.nodes["bribe_2"]["amount"]
    ('red', 5)
    >>> g.nodes["chillax"]["board"]
    'Freddie Funster'
    >>> g.edges["bank", "night_shift_1"]["items"]
    frozenset({'bucks'})
    """
    data = data or load_components()
    g = nx.DiGraph(players=players, side="5" if players >= 5 else "3/4")
    g.add_node("stack", role="patients")
    g.add_node("discard", role="patients")
    beds = [f"bed {i}" for i in range(1, data.supply["beds"] + 1)]
    for i, bed in enumerate(beds):
        g.add_node(bed, role="bed", number=i + 1)
        g.add_edge("stack", bed, kind="admit")
        g.add_edge(bed, "discard", kind="discharge")
    for a, b in itertools.pairwise(beds):
        g.add_edge(a, b, kind="slide")
    g.edges[beds[-1], "discard"]["kind"] = "slide"  # preterm: leaves from bed 4
    g.add_edge("discard", "stack", kind="reshuffle")
    for supply in SUPPLIES:
        g.add_node(supply, role="supply")
    for s in data.spaces_for(players):
        if s.id == "night_shift_4" and not night_shift_4:
            continue
        g.add_node(s.id, role="space", title=s.title, kind=s.kind, amount=s.amount, board=None)
    for action in data.board_actions:
        g.add_node(
            action.id,
            role="space",
            title=action.title,
            kind=action.kind,
            amount=0,
            board=action.board,
        )
    for space in [n for n, d in g.nodes(data=True) if d["role"] == "space"]:
        for source, target, item in FLOWS.get(space, ()):
            for u, v in ((source, space), (space, target)):
                items = g.edges[u, v]["items"] if g.has_edge(u, v) else frozenset()
                g.add_edge(u, v, kind="flow", items=items | {item})
    return g


def bed_path(g: nx.DiGraph) -> list[str]:
    """The beds in the order patients slide through them."""
    path = nx.shortest_path(
        g.edge_subgraph((u, v) for u, v, d in g.edges(data=True) if d["kind"] == "slide"),
        "bed 1",
        "discard",
    )
    return path[:-1]


def rounds_to_preterm(g: nx.DiGraph, bed: str) -> int:
    """Rounds a patient in ``bed`` stays before its preterm discharge from bed 4.

    A patient in bed 4 leaves at the end of this round (1); every bed further
    left adds one round, the slide edges being the way out.

    Examples
    --------
    >>> rounds_to_preterm(board_graph(3), "bed 4")
    1
    """
    slide = g.edge_subgraph((u, v) for u, v, d in g.edges(data=True) if d["kind"] == "slide")
    return nx.shortest_path_length(slide, bed, "discard")


def spaces_taking_from(g: nx.DiGraph, supply: str) -> set[str]:
    """Action spaces that take something from ``supply``."""
    return {v for v in g.successors(supply) if g.nodes[v]["role"] == "space"}


def spaces_giving_to(g: nx.DiGraph, supply: str) -> set[str]:
    """Action spaces that put something into ``supply``.

    Examples
    --------
    >>> sorted(spaces_giving_to(board_graph(3), "patients"))[:2]
    ['calling_in_a_favor', 'feel_good_music']
    """
    return {u for u in g.predecessors(supply) if g.nodes[u]["role"] == "space"}


def steal_graph(steals: Iterable[tuple[int, int, str]], players: int) -> nx.DiGraph:
    """The "who took what from whom" graph of one game.

    Parameters
    ----------
    steals : iterable of (thief, victim, item)
        ``state.steals`` of a game (item: ``"buck"``, a colour, ``"skill"``, ``"patient"``).
    players : int
        Seats 0 .. players - 1 are nodes even without steals.

    Examples
    --------
    >>> g = steal_graph([(0, 1, "buck"), (0, 1, "purple"), (2, 0, "buck")], 3)
    >>> g.edges[0, 1]["count"], g.edges[0, 1]["items"]
    (2, {'buck': 1, 'purple': 1})
    >>> dict(g.out_degree(weight="count"))
    {0: 2, 1: 0, 2: 1}
    """
    g = nx.DiGraph()
    g.add_nodes_from(range(players))
    for thief, victim, item in steals:
        if g.has_edge(thief, victim):
            data = g.edges[thief, victim]
            data["count"] += 1
            data["items"][item] = data["items"].get(item, 0) + 1
        else:
            g.add_edge(thief, victim, count=1, items={item: 1})
    return g


def sum_steal_graphs(graphs: Iterable[nx.DiGraph]) -> nx.DiGraph:
    """Add up steal graphs (counts and item counts) over many games.

    Examples
    --------
    >>> a = steal_graph([(0, 1, "buck")], 2)
    >>> sum_steal_graphs([a, a]).edges[0, 1]["count"]
    2
    """
    total = nx.DiGraph()
    for g in graphs:
        total.add_nodes_from(g.nodes)
        for u, v, d in g.edges(data=True):
            if total.has_edge(u, v):
                t = total.edges[u, v]
                t["count"] += d["count"]
                for item, n in d["items"].items():
                    t["items"][item] = t["items"].get(item, 0) + n
            else:
                total.add_edge(u, v, count=d["count"], items=dict(d["items"]))
    return total
