"""The patient graph: placing, open spaces, cure, edge tiles, graph analyses."""

from __future__ import annotations

import networkx as nx
import numpy as np

import simlab
from simlab.core.play import sample_chance
from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.components import load_components

TILES = load_components().tiles


def _patient(pid="S1", side="A"):
    return board.new_patient(load_components().card(pid, side))


def test_a_tile_brings_its_further_ends():
    p = _patient()  # red/green
    board.place_tile(p, TILES["T29"], 1, 0, 0)  # red/green/yellow on red
    assert board.open_spaces(p) == [(2, "green"), (3, "green"), (4, "yellow")]
    assert p.spaces[3] == ("green", "T29") and p.spaces[4] == ("yellow", "T29")
    assert not board.is_cured(p)


def test_single_ended_tiles_cure():
    p = _patient()
    board.place_tile(p, TILES["T01"], 1, 0, 0)
    assert not board.is_cured(p)
    board.place_tile(p, TILES["T05"], 2, 0, 1)
    assert board.is_cured(p)
    assert board.graph_is_cured(board.patient_graph(p))
    assert board.markers_by_seat(2, p) == [1, 1]


def test_edge_tiles_are_leaves_and_removal_returns_the_unsupported_marker():
    p = _patient()
    board.place_tile(p, TILES["T17"], 1, 0, 0)   # red/green, opens green 3
    board.place_tile(p, TILES["T05"], 3, 0, 1)   # green cap on the tile
    board.place_tile(p, TILES["T06"], 2, 0, 1)   # green cap on the patient
    g = board.patient_graph(p)
    assert nx.is_tree(g)
    assert sorted(board.edge_tiles(p)) == sorted(board.graph_edge_tiles(g)) == ["T05", "T06"]
    assert "T17" not in board.edge_tiles(p)  # it joins two others
    owner = board.remove_tile(p, "T05")
    assert owner == 1
    assert (3, "green") in board.open_spaces(p)
    assert board.edge_tiles(p) == ["T17", "T06"]
    owner = board.remove_tile(p, "T17")
    assert owner == 0
    assert board.open_spaces(p) == [(1, "red")]
    assert 3 not in p.spaces


def test_fits_wild_and_choices():
    assert board.fits(TILES["T35"], "yellow") == [0]
    assert board.fits(TILES["T33"], "red") == [0, 1]   # wild/red at red: either end
    assert board.fits(TILES["T18"], "wild") == [0, 1]  # red/green at a wild space
    assert board.fits(TILES["T17"], "blue") == []


def test_graph_attributes():
    p = _patient("P07", "")
    p.complication_cubes = 2
    board.place_tile(p, TILES["T33"], 2, 0, board.NO_MARKER)  # wild end on green, opens red
    g = board.patient_graph(p)
    assert g.graph["cubes"] == 2 and g.graph["cube_spaces"] == 3
    assert g.edges["P07", "T33"] == {"space": 2, "malady": "green", "marker": -1}
    assert g.nodes["T33"]["open"] == [(4, "red")]
    assert board.free_cube_spaces(p) == 1


def test_fast_functions_agree_with_graph_along_random_games():
    game = simlab.load_game("bad_doctor", players=3)
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal:
            for p in state.hospital:
                g = board.patient_graph(p)
                assert nx.is_tree(g)
                assert board.graph_is_cured(g) == board.is_cured(p)
                assert sorted(board.graph_edge_tiles(g)) == sorted(board.edge_tiles(p))
                checked += 1
            if state.is_chance:
                state.apply(sample_chance(state.chance_outcomes(), rng))
            else:
                legal = state.legal_actions()
                state.apply(legal[int(rng.integers(len(legal)))])
    assert checked > 100


def test_render_draws_every_patient(tmp_path):
    from simlab.games.bad_doctor.render import draw_hospital
    from tests.games.bad_doctor import place, position

    state = position(hands=[["T01"]], patients=("S1A", "S2A", "S3A", "S4A", "P07"))
    place(state, "T29", "S1", 1, owner=0)
    place(state, "T05", "S1", 3, owner=1)
    state.patient("S2").complication_cubes = 2
    fig = draw_hospital(state)
    assert len(fig.axes) == 5
    assert fig.axes[0].get_title().startswith("Patient S1A")
    assert "■■□" in fig.axes[1].get_title()
    fig.savefig(tmp_path / "hospital.png")
    assert (tmp_path / "hospital.png").stat().st_size > 1000
    again = draw_hospital(state, fig)
    assert again is fig and len(fig.axes) == 5
