"""The Village layout: geometry, passages, sight and the networkx analyses."""

from __future__ import annotations

import networkx as nx
import pytest

from simlab.core.errors import IllegalActionError
from simlab.games.bedpans.board import (
    bed_distance,
    geometry,
    geometry_table,
    layout_graph,
    line_of_sight,
    nearest_station,
    open_edges_in_view,
    parse_space,
    passage,
    reachable,
    space_text,
    view_targets,
)
from simlab.games.bedpans.components import load_components

C = load_components()
GEO = geometry_table(C)
START = {("U", 0, 0): ("S", 0)}


def test_space_text_round_trip():
    for space in [("U", 0, 0), ("G2", -4, 7)]:
        assert parse_space(space_text(space)) == space
    with pytest.raises(IllegalActionError):
        parse_space("Q 1,2")


def test_rotation_turns_features_and_edges():
    t01 = C.tile("T01")  # south side is all wall, N and W/E have open edges
    g = geometry(t01)
    assert g[0].features[0] == "R"
    assert g[1].features[2] == "R"  # north-west corner goes to north-east
    assert g[2].features[8] == "R" and g[3].features[6] == "R"
    # the wall on the south of T01 faces west after one quarter turn
    assert all(g[1].edges[i][3] == "w" for i in (0, 3, 6))
    # four quarter turns give back the tile
    assert geometry(t01)[0] == g[0] and len({x.features for x in g}) == 4


def test_passages_inside_and_between_tiles():
    tiles = {("U", 0, 0): ("S", 0), ("U", 1, 0): ("T08", 0)}
    # S's east middle edge is open, T08's west middle edge is open
    assert passage(tiles, GEO, {}, ("U", 2, 1), 1) == "o"
    # S's north-east corner has a wall to the east
    assert passage(tiles, GEO, {}, ("U", 2, 0), 1) is None
    # a Door-marker there opens it, as a door
    marker = {(("U", 2, 0), ("U", 3, 0)): 1}
    assert passage(tiles, GEO, marker, ("U", 2, 0), 1) == "d"
    # a door inside T02 between R and its neighbour
    tiles2 = {("U", 0, 0): ("T02", 0)}
    assert passage(tiles2, GEO, {}, ("U", 0, 0), 1) == "d"
    # nothing beyond the layout
    assert passage(tiles, GEO, {}, ("U", 1, 0), 0) is None


def test_sight_stops_at_doors_walls_and_three_spaces():
    # From the red bed of T02 looking east: a door, so nothing is seen.
    tiles = {("U", 0, 0): ("T02", 0)}
    assert view_targets(tiles, GEO, ("U", 0, 0)) == []
    # From the centre of the start tile, all 4 open edges are within 2 spaces.
    found = view_targets(START, GEO, ("U", 1, 1))
    assert [t.position for t in found] == [("U", -1, 0), ("U", 0, -1), ("U", 0, 1), ("U", 1, 0)]
    # From a corner bed, the walls hide every open edge.
    assert view_targets(START, GEO, ("U", 0, 0)) == []
    # 3 spaces at most: from the west edge of T05 the line east crosses the open edge
    # into the next tile only if the open edge is at most 3 spaces away.
    tiles = {("U", 0, 0): ("T05", 0), ("U", 1, 0): ("T05", 0)}
    found = view_targets(tiles, GEO, ("U", 0, 1))
    assert ("U", 2, 0) not in [t.position for t in found]  # 6 spaces away
    found = view_targets(tiles, GEO, ("U", 2, 1))
    assert ("U", 2, 0) not in [t.position for t in found]  # 4 spaces away
    found = view_targets(tiles, GEO, ("U", 3, 1))
    assert ("U", 2, 0) in [t.position for t in found]  # 3 spaces away
    # a blocked (sealed) position is not a target
    assert view_targets(START, GEO, ("U", 1, 1), blocked={("U", 1, 0)})[-1].position == ("U", 0, 1)


def test_graph_and_fast_primitives_agree():
    tiles = {("U", 0, 0): ("S", 0), ("U", 1, 0): ("T08", 1), ("U", 0, -1): ("T13", 2)}
    G = layout_graph(tiles, {}, {}, C)
    assert G.number_of_nodes() == 27
    for space in G.nodes:
        assert sorted(t.position for t in view_targets(tiles, GEO, space)) == sorted(
            {(f, (x + dx) // 3, (y + dy) // 3)
             for f, x, y, d in open_edges_in_view(G, space)
             for dx, dy in [{"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[d]]}
        )
    from simlab.games.bedpans.layout import Layout, bfs_field

    ways = {s: tuple(passage(tiles, GEO, {}, s, d) for d in range(4)) for s in G.nodes}
    fast = bfs_field(Layout((), ways, {}).neighbours(), [("U", 1, 1)])
    assert fast == nx.single_source_shortest_path_length(G, ("U", 1, 1))


def test_reachable_line_of_sight_bed_distance_station():
    G = layout_graph(START, {}, {}, C)
    assert reachable(G, ("U", 0, 0), 1) == {0: {("U", 0, 0)}, 1: {("U", 1, 0), ("U", 0, 1)}}
    assert line_of_sight(G, ("U", 1, 2), "N") == [("U", 1, 2), ("U", 1, 1), ("U", 1, 0)]
    assert bed_distance(G, ("U", 0, 0)) == 0 and bed_distance(G, ("U", 0, 0), "green") == 4
    assert nearest_station(G, ("U", 1, 1), "N") is None
    # elevator shafts count for the closest bed; stairs are connections too (for moving)
    tiles = {("U", 0, 0): ("S", 0), ("U", 1, 0): ("E1a", 0), ("G1", 0, 0): ("E1b", 0)}
    links = {("U", 4, 1): (("G1", 1, 1), "elevator"), ("G1", 1, 1): (("U", 4, 1), "elevator")}
    G = layout_graph(tiles, links, {}, C)
    assert G.edges[("U", 4, 1), ("G1", 1, 1)]["kind"] == "elevator"
    assert bed_distance(G, ("G1", 1, 1), "blue") == 4  # shaft, then 3 steps
    assert nearest_station(G, ("U", 4, 1), "N") == ("G1", 0, 2)


@pytest.mark.parametrize("text", ["", "U", "U 3", "X 1,2", "U 1,2,3", "U a,b", "U 1,"])
def test_a_bad_space_text_is_an_illegal_action_error_naming_it(text):
    from simlab.core.errors import IllegalActionError
    from simlab.games.bedpans.board import parse_space

    with pytest.raises(IllegalActionError, match="not a space"):
        parse_space(text)
    assert parse_space(" G1 3,-1 ") == ("G1", 3, -1)
