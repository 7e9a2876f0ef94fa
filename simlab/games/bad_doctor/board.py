"""The hospital: each Patient with the Treatment Tiles joined to it, as a graph.

A Patient in play is a :class:`Patient` record (plain data kept in the game
state).  Its *malady spaces* are numbered from 1: first the Maladies printed
on the card, then, as tiles are placed, the further ends each tile brings.
A space is *open* until a tile end is joined to it; the join is a
*junction* and carries the Doctor Marker placed there (or none).

:func:`patient_graph` turns a Patient into a :mod:`networkx` graph: nodes
are the Patient and its tiles, edges are the completed junctions (with the
marker), open spaces are node attributes.  The graph is always a tree
rooted at the Patient, because a tile is joined by exactly one end.  The
analyses used by the rules come in two forms that tests keep in step: fast
functions over the record, and the graph functions :func:`graph_is_cured`
and :func:`graph_edge_tiles`.

Examples
--------
>>> from simlab.games.bad_doctor.components import load_components
>>> tiles = load_components().tiles
>>> p = new_patient(load_components().card("S1", "A"))
>>> open_spaces(p)
[(1, 'red'), (2, 'green')]
>>> place_tile(p, tiles["T17"], space=1, end=0, owner=0)   # red/green on red
>>> open_spaces(p)
[(2, 'green'), (3, 'green')]
>>> g = patient_graph(p)
>>> sorted(g.nodes), g.edges["S1", "T17"]["marker"]
(['S1', 'T17'], 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import networkx as nx

from simlab.core.errors import IllegalActionError
from simlab.games.bad_doctor.components import PatientCard, TreatmentTile, matches

__all__ = [
    "NO_MARKER",
    "Departure",
    "Patient",
    "TileEnds",
    "copy_patient",
    "edge_tiles",
    "fits",
    "free_cube_spaces",
    "graph_edge_tiles",
    "graph_is_cured",
    "is_cured",
    "marker_spaces",
    "markers_by_seat",
    "markers_of",
    "new_patient",
    "open_spaces",
    "patient_graph",
    "place_tile",
    "placed_tiles",
    "remove_tile",
]

#: Owner of a junction that carries no Doctor Marker.
NO_MARKER = -1


@dataclass(slots=True)
class Patient:
    """A Patient in the hospital (plain, copyable data).

    Attributes
    ----------
    id : str
        Card id (``P07``, or ``S2`` for a Starting Patient).
    side : str
        ``A`` or ``B`` for a Starting Patient, ``""`` otherwise.
    cube_spaces : int
        Spaces for Complication Cubes on the card.
    complication_cubes : int
        Cubes on it now.
    visited : bool
        Its Shift Token: True once Visited this turn.
    arrived : int
        The shift (turn number) it came into the hospital.
    spaces : dict
        Malady space -> (malady, node it sits on: the Patient or a tile id).
    junctions : dict
        Completed space -> (tile id joined there, Doctor Marker owner or -1).
    next_space : int
        Number the next new space gets.
    """

    id: str
    side: str
    cube_spaces: int
    complication_cubes: int = 0
    visited: bool = False
    arrived: int = 0
    spaces: dict[int, tuple[str, str]] = field(default_factory=dict)
    junctions: dict[int, tuple[str, int]] = field(default_factory=dict)
    next_space: int = 1


def copy_patient(patient: Patient) -> Patient:
    """An independent copy of ``patient`` (its two dicts copied; their keys and values are
    numbers, strings and tuples of them, shared).

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> p = new_patient(load_components().card("P11"))
    >>> c = copy_patient(p); c.junctions[1] = ("T01", 0); c.visited = True
    >>> c == p, p.junctions, copy_patient(p) == p
    (False, {}, True)
    """
    return Patient(patient.id, patient.side, patient.cube_spaces, patient.complication_cubes,
                   patient.visited, patient.arrived, patient.spaces.copy(),
                   patient.junctions.copy(), patient.next_space)


def new_patient(card: PatientCard, arrived: int = 0, extra: int = 0) -> Patient:
    """A Patient as it enters the hospital: open spaces from its card, no cubes.

    ``extra`` cube spaces are added to the card's (the ``extra_cube_spaces`` knob).

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> new_patient(load_components().card("P07")).spaces
    {1: ('red', 'P07'), 2: ('green', 'P07'), 3: ('yellow', 'P07')}
    """
    spaces = {i: (m, card.id) for i, m in enumerate(card.maladies, 1)}
    return Patient(card.id, card.side, card.cube_spaces + extra, arrived=arrived, spaces=spaces,
                   next_space=len(spaces) + 1)


def open_spaces(patient: Patient) -> list[tuple[int, str]]:
    """(space, malady) of every open Malady space of the Patient and its tiles.

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> open_spaces(new_patient(load_components().card("P11")))
    [(1, 'red'), (2, 'red')]
    """
    done = patient.junctions
    return [(s, m) for s, (m, _) in patient.spaces.items() if s not in done]


def is_cured(patient: Patient) -> bool:
    """No open Malady space on the Patient and all connected Treatment Tiles.

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> parts = load_components()
    >>> p = new_patient(parts.card("P11"))          # red/red
    >>> place_tile(p, parts.tiles["T01"], 1, 0, 0)
    >>> is_cured(p)
    False
    >>> place_tile(p, parts.tiles["T02"], 2, 0, 1)
    >>> is_cured(p), placed_tiles(p)
    (True, ['T01', 'T02'])
    """
    return len(patient.junctions) == len(patient.spaces)


def placed_tiles(patient: Patient) -> list[str]:
    """Ids of the Treatment Tiles connected to the Patient, in placing order."""
    return [tile for tile, _ in patient.junctions.values()]


def edge_tiles(patient: Patient) -> list[str]:
    """Tiles that sit at an edge: joined to nothing but their parent (removable).

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> parts = load_components()
    >>> p = new_patient(parts.card("S1", "A"))
    >>> place_tile(p, parts.tiles["T17"], 1, 0, 0)
    >>> place_tile(p, parts.tiles["T05"], 3, 0, 1)   # green on the tile's green end
    >>> edge_tiles(p)
    ['T05']
    """
    parents = {patient.spaces[s][1] for s in patient.junctions}
    return [tile for tile, _ in patient.junctions.values() if tile not in parents]


def fits(tile: TreatmentTile, malady: str) -> list[int]:
    """Ends of ``tile`` that may join a ``malady`` space, one per distinct result.

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> tiles = load_components().tiles
    >>> fits(tiles["T33"], "red"), fits(tiles["T33"], "blue"), fits(tiles["T05"], "red")
    ([0, 1], [0], [])
    """
    out: list[int] = []
    seen: set[tuple[str, ...]] = set()
    for i, end in enumerate(tile.ends):
        if matches(end, malady):
            rest = tuple(sorted(tile.ends[:i] + tile.ends[i + 1:]))
            if rest not in seen:
                seen.add(rest)
                out.append(i)
    return out


class TileEnds(dict[str, tuple[int, ...]]):
    """Malady -> the ends of one tile that may join a space of that Malady (:func:`fits`,
    filled when first asked).

    A game holds one a tile of its own component set (``BadDoctorGame.tile_ends``): a
    table kept by tile id alone would give a second set the first set's tiles.

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> ends = TileEnds(load_components().tiles["T33"])
    >>> ends["red"], ends["blue"], sorted(ends)
    ((0, 1), (0,), ['blue', 'red'])
    """

    __slots__ = ("tile",)

    def __init__(self, tile: TreatmentTile) -> None:
        super().__init__()
        self.tile = tile

    def __missing__(self, malady: str) -> tuple[int, ...]:
        ends = self[malady] = tuple(fits(self.tile, malady))
        return ends

    def __reduce__(self) -> tuple:
        return (TileEnds, (self.tile,))


def place_tile(patient: Patient, tile: TreatmentTile, space: int, end: int, owner: int) -> None:
    """Join ``tile``'s end ``end`` to open ``space``; its other ends become open spaces.

    ``owner`` is the seat whose Doctor Marker goes on the junction, or
    :data:`NO_MARKER`.  The caller checks legality.
    """
    patient.junctions[space] = (tile.id, owner)
    number = patient.next_space
    for i, malady in enumerate(tile.ends):
        if i != end:
            patient.spaces[number] = (malady, tile.id)
            number += 1
    patient.next_space = number


def remove_tile(patient: Patient, tile_id: str) -> int:
    """Take an edge tile off; return the owner of the marker it leaves unsupported.

    The space it was joined to opens again; its own spaces go with it.

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> parts = load_components()
    >>> p = new_patient(parts.card("P11"))
    >>> place_tile(p, parts.tiles["T17"], 1, 0, 1)     # red/green: opens green 3
    >>> remove_tile(p, "T17"), open_spaces(p)
    (1, [(1, 'red'), (2, 'red')])
    """
    space = next((s for s, (tile, _) in patient.junctions.items() if tile == tile_id), None)
    if space is None:  # pragma: no cover - the caller checks
        raise IllegalActionError(f"tile {tile_id} is not on Patient {patient.id}")
    _, owner = patient.junctions.pop(space)
    for s in [s for s, (_, node) in patient.spaces.items() if node == tile_id]:
        del patient.spaces[s]
    return owner


def markers_of(patient: Patient, seat: int) -> int:
    """How many of ``seat``'s Doctor Markers are on the Patient (counted, no list built)."""
    count = 0
    for _, owner in patient.junctions.values():
        if owner == seat:
            count += 1
    return count


def marker_spaces(patient: Patient, seat: int) -> list[int]:
    """The Malady spaces of the Patient that carry one of ``seat``'s Doctor Markers.

    Examples
    --------
    Seat 2 places two tiles with a marker, then one without (``NO_MARKER``):

    >>> from simlab.games.bad_doctor.components import load_components
    >>> parts = load_components()
    >>> p = new_patient(parts.card("P11"))
    >>> place_tile(p, parts.tiles["T17"], 1, 0, 2)     # red/green: opens green 3
    >>> place_tile(p, parts.tiles["T01"], 2, 0, 2)
    >>> place_tile(p, parts.tiles["T05"], 3, 0, NO_MARKER)
    >>> marker_spaces(p, 2), marker_spaces(p, 0)
    ([1, 2], [])
    >>> markers_of(p, 2), markers_by_seat(3, p)
    (2, [0, 0, 2])
    """
    return [space for space, (_, owner) in patient.junctions.items() if owner == seat]


def markers_by_seat(players: int, *patients: Patient) -> list[int]:
    """Doctor Markers on the Patients, per seat (a tile placed with ``NO_MARKER`` counts
    for none; see the example of :func:`marker_spaces`)."""
    counts = [0] * players
    for patient in patients:
        for _, owner in patient.junctions.values():
            if owner >= 0:
                counts[owner] += 1
    return counts


def free_cube_spaces(patient: Patient) -> int:
    """Spaces for Complication Cubes still free (0: the next cube kills)."""
    return patient.cube_spaces - patient.complication_cubes


def patient_graph(patient: Patient) -> nx.Graph:
    """The Patient and its tiles as a tree graph.

    Nodes carry ``kind`` (``patient`` or ``tile``) and ``open`` (a list of
    (space, malady) still open on that node); edges carry ``space`` (the
    completed space), ``malady`` and ``marker`` (owner seat or -1).

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> g = patient_graph(new_patient(load_components().card("P03")))
    >>> g.nodes["P03"]["open"]
    [(1, 'red'), (2, 'blue')]
    """
    g = nx.Graph(patient=patient.id, cubes=patient.complication_cubes,
                 cube_spaces=patient.cube_spaces, visited=patient.visited)
    g.add_node(patient.id, kind="patient", open=[])
    for tile, _ in patient.junctions.values():
        g.add_node(tile, kind="tile", open=[])
    for space, (malady, node) in patient.spaces.items():
        if space in patient.junctions:
            tile, owner = patient.junctions[space]
            g.add_edge(node, tile, space=space, malady=malady, marker=owner)
        else:
            g.nodes[node]["open"].append((space, malady))
    return g


def graph_is_cured(graph: nx.Graph) -> bool:
    """No open Malady space in the component of the Patient.

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> graph_is_cured(patient_graph(new_patient(load_components().card("P03"))))
    False
    """
    root = graph.graph["patient"]
    return all(not graph.nodes[n]["open"] for n in nx.node_connected_component(graph, root))


def graph_edge_tiles(graph: nx.Graph) -> list[str]:
    """Tile nodes that do not join two others (degree 1): the removable tiles.

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> parts = load_components()
    >>> p = new_patient(parts.card("P11"))
    >>> place_tile(p, parts.tiles["T17"], 1, 0, 0)
    >>> place_tile(p, parts.tiles["T05"], 3, 0, 0)
    >>> graph_edge_tiles(patient_graph(p))
    ['T05']
    """
    return [n for n, d in graph.degree() if graph.nodes[n]["kind"] == "tile" and d == 1]


class Departure(NamedTuple):
    """A Patient who left the hospital: ``how`` is ``"cured"`` or ``"died"``.

    ``arrived`` and ``left`` are the shifts (counted from 0) it came in and left on.
    """

    patient: str
    arrived: int
    left: int
    how: str
