"""benchmarks/bench_search.py: the search efficiency and its parts."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_search


@pytest.fixture(scope="module")
def row():
    return bench_search.measure("bad_doctor", "mcts-10", decisions=3, seed=2, random_games=2)


def test_counts_the_decisions_iterations_and_search_actions(row):
    assert row["decisions"] == 3
    assert row["iterations"] == 30  # mcts-10, three decisions
    # every iteration applies at least the action it expands
    assert row["applied"] >= row["iterations"]


def test_efficiency_is_the_search_rate_over_the_random_rate(row):
    assert row["random_transitions"] > 2 * 50  # two whole random games
    assert row["efficiency"] == pytest.approx(
        row["applied_per_cpu_s"] / row["random_per_cpu_s"], abs=2e-3)
    assert row["efficiency"] > 0


def test_random_rate_counts_every_transition_of_the_games():
    import simlab

    game = simlab.load_game("bad_doctor", players=3)
    lengths = [len(simlab.play(game, None, seed=5 + g).actions) for g in range(2)]
    assert bench_search.random_rate("bad_doctor", 3, 2, 5)["random_transitions"] == sum(lengths)


def test_a_repeated_run_decides_alike(row):
    again = bench_search.measure("bad_doctor", "mcts-10", decisions=3, seed=2, random_games=1)
    assert again["decisions_digest"] == row["decisions_digest"]
    assert again["applied"] == row["applied"]


def test_changed_settings_reach_the_search_seat():
    # depth 2: every iteration applies exactly two actions (no 3-player game ends sooner)
    row = bench_search.measure("bad_doctor", "mcts-10", decisions=3, seed=2, random_games=1,
                               changes={"depth": 2, "iterations": 7})
    assert row["iterations"] == 21  # iterations=7 over mcts-10, three decisions
    assert row["applied"] == 2 * row["iterations"]
