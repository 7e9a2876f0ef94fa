"""The realm graph and analyses over it."""

from __future__ import annotations

import networkx as nx

from simlab.games.broom_service.board import (
    realm,
    realm_graph,
    towers_in_reach,
    witch_distance,
    witch_moves,
)
from simlab.games.broom_service.components import load_components


def test_graph_matches_data():
    g = realm_graph()
    c = load_components()
    assert g.number_of_nodes() == len(c.regions)
    assert g.number_of_edges() == len(c.borders)
    assert nx.is_connected(g)
    assert {g.nodes[n]["landscape"] for n in g} == {"forest", "hill", "mountain"}
    spaces = [s for _, _, s in g.edges(data="space") if s]
    assert sorted(spaces) == sorted(c.cloud_spaces)


def test_castles_have_open_exits_of_two_landscapes():
    g = realm_graph()
    for castle in load_components().castles:
        lands = {g.nodes[m]["landscape"] for m in g.neighbors(castle)}
        assert len(lands) >= 2, castle
        assert all(g.edges[castle, m]["space"] is None for m in g.neighbors(castle))


def test_witch_moves_follow_landscape_and_clouds():
    g = realm_graph()
    assert witch_moves(g, "Castle Roseguard", "forest", {}) == ["Moonlit Forest", "Thornwood"]
    both = ["Castle Roseguard", "Eagle Spire", "Stone Giant Peaks"]
    assert witch_moves(g, "Clover Knolls", "mountain", {"C4": None, "C5": None}) == both
    assert witch_moves(g, "Clover Knolls", "mountain", {"C4": 3, "C5": 7}) == ["Castle Roseguard"]


def test_distances_grow_when_clouds_block():
    g = realm_graph()
    clouds = {s: 1 for s in realm().spaces}
    open_d = witch_distance(g, "Castle Emberkeep", "Frostpeak", {})
    blocked = witch_distance(g, "Castle Emberkeep", "Frostpeak", clouds)
    assert open_d == 2 and blocked == 2  # around C1 via Willow Glen
    assert witch_distance(g, "Goblin Hill", "Elder Grove", {}) == 2
    assert witch_distance(g, "Goblin Hill", "Elder Grove", {"C1": 1, "C2": 2}) == 4
    assert witch_distance(g, "Goblin Hill", "Elder Grove", clouds) is None


def test_towers_in_reach_cover_all_with_enough_moves():
    g = realm_graph()
    everything = towers_in_reach(g, "Castle Emberkeep", 10, {})
    assert len(everything) == len(load_components().towers)
    assert towers_in_reach(g, "Castle Emberkeep", 0, {}) == []


def test_realm_tables():
    r = realm()
    assert set(r.space_regions) == set(r.spaces)
    for region, nbrs in r.neighbours.items():
        for other, space in nbrs:
            assert (region, space) in r.neighbours[other]


def test_render_board_and_state():
    from matplotlib.figure import Figure

    from simlab.games.broom_service.render import draw
    from simlab.games.broom_service.rules import BroomServiceGame

    bare = draw()
    assert isinstance(bare, Figure)
    state = BroomServiceGame(players=3).new_initial_state()
    while state.phase == "clouds":
        state.apply(state.chance_outcomes()[0][0])
    state.towers["T6"] = 1
    fig = draw(state, title="round 1")
    ax = fig.axes[0]
    assert ax.get_title() == "round 1"
    texts = [t.get_text() for t in ax.texts]
    assert any("Emberkeep" in t for t in texts) and texts.count("2") >= 3  # pawns 2
    assert len(ax.lines) + len(ax.patches) > len(bare.axes[0].lines) + len(bare.axes[0].patches)
    assert state._repr_png_().startswith(b"\x89PNG")
