"""The Hospital Rush board graph and steal graph."""

from __future__ import annotations

import networkx as nx
import pytest

import simlab
from simlab.games.hospital_rush.board import (
    bed_path,
    board_graph,
    rounds_to_preterm,
    spaces_giving_to,
    spaces_taking_from,
    steal_graph,
    sum_steal_graphs,
)
from simlab.games.hospital_rush.rules import HospitalRushGame


@pytest.mark.parametrize("players", [3, 4, 5])
def test_beds_in_a_row_leave_from_bed_four(players):
    g = board_graph(players)
    assert bed_path(g) == ["bed 1", "bed 2", "bed 3", "bed 4"]
    assert [rounds_to_preterm(g, f"bed {i}") for i in (1, 2, 3, 4)] == [4, 3, 2, 1]
    assert g.edges["bed 4", "discard"]["kind"] == "slide"
    assert g.edges["bed 2", "discard"]["kind"] == "discharge"
    assert g.has_edge("discard", "stack")


def test_spaces_of_each_side_and_their_supplies():
    four, five = board_graph(4), board_graph(5)
    assert "bribe" in four and "bribe" not in five and "bribe_2" in five
    assert "night_shift_4" not in five and "night_shift_4" not in four
    assert "night_shift_4" in board_graph(5, night_shift_4=True)  # the option's space
    game = HospitalRushGame(players=5)
    spaces = {n for n, d in five.nodes(data=True) if d["role"] == "space"}
    assert spaces == set(game.space)  # every space the rules know, nothing more
    assert "fetch_medicine_2" in spaces_taking_from(four, "medicine chest")
    assert "sell_medicine" in spaces_giving_to(four, "medicine chest")
    assert {"treat_patient_1", "treat_patient_2"} <= spaces_giving_to(four, "patients")
    assert {f"night_shift_{i}" for i in (1, 2, 3)} <= spaces_taking_from(four, "bank")
    # every space is joined to a supply except Marina's watch (it moves only a marker)
    lonely = [s for s in spaces if five.degree(s) == 0]
    assert lonely == ["watch_and_learn"]


def test_steal_graph_of_a_played_game_matches_the_state():
    game = simlab.load_game("hospital_rush", players=4)
    final = simlab.run(game, ["greedy"] * 4, seed=5)
    g = steal_graph(final.steals, 4)
    assert sorted(g.nodes) == [0, 1, 2, 3]
    assert sum(d["count"] for *_, d in g.edges(data=True)) == len(final.steals)
    assert all(u != v for u, v in g.edges)
    total = sum_steal_graphs([g, g])
    assert total.size(weight="count") == 2 * g.size(weight="count")
    assert isinstance(total, nx.DiGraph)
