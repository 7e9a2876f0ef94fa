"""benchmarks/search_match.py: two search settings head to head, scored as the ladder scores."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import search_match
import search_strength

import simlab
from simlab.core.stats import wilson_share_interval
from simlab.games.bad_doctor.evaluate import evaluate_cures_in_hand


def test_each_side_searches_with_its_own_changes():
    game = simlab.load_game("bad_doctor", players=3)
    a = search_match.side_policy(game, 1, {"depth": 3, "iterations": 270}).policy
    b = search_match.side_policy(game, 2, {}).policy
    assert (a.seat, a.settings.depth, a.settings.iterations) == (1, 3, 270)
    assert b.settings == game.search_settings()  # no changes: the game's mcts
    assert a.settings.evaluate is game.search_settings().evaluate


def test_an_evaluate_is_picked_by_its_name_in_the_games_table(capsys):
    game = simlab.load_game("bad_doctor", players=3)
    changes = search_strength.parse_set(["evaluate=cures_in_hand", "depth=4"])
    a = search_match.side_policy(game, 0, changes).policy
    assert (a.settings.evaluate, a.settings.depth) == (evaluate_cures_in_hand, 4)
    with pytest.raises(SystemExit) as stop:
        search_match.side_policy(game, 0, {"evaluate": "nope"})
    assert stop.value.code == 2
    assert "evaluate=nope: not one of ['cures_and_deaths', 'cures_in_hand', 'race']" in (
        capsys.readouterr().err)


def test_a_game_scores_its_lineup_and_clocks_each_side():
    row = search_match.one_game(
        (0, "bad_doctor", 3, ("A", "B", "B"), {"A": {"iterations": 2}, "B": {"iterations": 3}},
         11))
    assert row["lineup"] == "A,B,B"
    assert row["score"] == (1.0 if row["winners"] == [0] else 0.0)  # A alone: only its win
    assert row["decisions_A"] > 0 and row["decisions_B"] > row["decisions_A"]
    assert 0 < row["cpu_s_A"] + row["cpu_s_B"] <= row["cpu_s"]


def test_summary_is_a_share_of_games_with_ties_split_and_a_wilson_interval():
    def game(lineup, winners):
        return {"lineup": lineup, "winners": winners, "cpu_s": 1.0, "decisions_A": 2,
                "cpu_s_A": 0.2, "decisions_B": 4, "cpu_s_B": 0.8}

    rows = [game("A,B,B", [0]),      # A alone wins: A
            game("B,A,A", [0]),      # B alone wins: B
            game("B,A,A", [1]),      # one of two A seats wins: A
            game("A,B,B", [0, 1])]   # A and one B share: A won more per seat
    out = search_match.summary(rows)
    assert (out["games"], out["wins_A"], out["ties"], out["share_A"]) == (4, 3, 0, 0.75)
    low, high = wilson_share_interval(3, 4)
    assert (out["low"], out["high"]) == (round(low, 3), round(high, 3))
    assert out["cpu_s_per_decision_A"] == pytest.approx(0.1)
    assert out["cpu_s_per_decision_B"] == pytest.approx(0.2)
    tie = search_match.summary([game("A,B", [0, 1]), game("B,A", [0])])
    assert (tie["ties"], tie["share_A"]) == (1, 0.25)
