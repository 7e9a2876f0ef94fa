"""benchmarks/bench_search_games.py: CPU s per whole game with a search policy on every seat."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import bench_search_games

import simlab


def test_changed_settings_play_the_game_the_named_budget_plays():
    changed = bench_search_games.measure("bad_doctor", 3, 1, 4, "mcts", {"iterations": 2})
    named = bench_search_games.measure("bad_doctor", 3, 1, 4, "mcts-2")
    assert changed["transitions_per_game"] == named["transitions_per_game"]
    game = simlab.load_game("bad_doctor", players=3)
    record = simlab.play(game, ["mcts-2"] * 3, seed=4)
    assert named["transitions_per_game"] == len(record.actions)
    assert changed["cpu_s_per_game"] > 0
