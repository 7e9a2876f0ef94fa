"""Drama and choices: checked against timelines and counts worked out by hand."""

from __future__ import annotations

import math

import pandas as pd
import pytest

import tests.lab.coin_game  # noqa: F401  registers coin_game
from simlab.core.play import run
from simlab.core.registry import load_game
from simlab.lab.games import play_games
from simlab.lab.metrics import GameWatch, choice_table, drama, leader
from simlab.lab.specs import spec_for


def test_drama_of_a_comeback():
    # seat 1 leads turns 1-3, seat 0 takes over on turn 4 and wins after turn 6
    points = [[0.4, 0.6], [0.3, 0.7], [0.45, 0.55], [0.6, 0.4], [0.7, 0.3], [1.0, 0.0]]
    d = drama(points, winner=0)
    assert d["lead_changes"] == 1
    assert d["trailed_half"] is True       # after turn 3 of 6: 0.45 < 0.55
    assert d["trailed_3q"] is False        # after turn 4 (6 * 3 // 4): 0.6 > 0.4
    assert d["decided_turn"] == 4 and d["decided_share"] == pytest.approx(4 / 6)


def test_drama_skips_ties_for_the_lead_and_shared_wins():
    points = [[0.5, 0.5], [0.6, 0.4], [0.5, 0.5], [0.4, 0.6], [0.5, 0.5]]
    d = drama(points, winner=None)
    assert d["lead_changes"] == 1           # 0 then 1; the ties are no leader
    assert math.isnan(d["decided_turn"]) and math.isnan(d["trailed_half"])
    assert leader([0.5, 0.5]) is None


def test_a_game_decided_at_once():
    d = drama([[0.9, 0.1]] * 39 + [[1.0, 0.0]], winner=0)
    assert d["decided_turn"] == 1 and d["lead_changes"] == 0


def test_the_watch_counts_turns_and_choices_of_the_coin_game():
    game = load_game("coin_game", players=3, turns=2)
    settings = game.search_settings()
    watch = GameWatch(spec_for(game), settings.evaluate, game.new_initial_state())
    final = run(game, "random", seed=5, on_action=watch.hook)
    row = watch.row(final)
    assert row["turns"] == 6                # seats 0,1,2,0,1,2: each decision a turn
    assert row["lead_changes"] == 0         # seat 0 leads (edge 0.5 > 0.25) to the end ...
    calls = final.calls
    for s in range(3):                      # ... and each seat's first call is its choice
        assert row[f"choices_{s}"] == ("heads first=1" if calls[s] else "")


def test_bedpans_turns_follow_the_active_player():
    rows = play_games("bedpans", players=2, policies="heuristic", games=3, seed=8)
    for row in rows.itertuples():
        # one turn per player per round: the Staff, then the Elder (the last round may stop
        # in the middle)
        assert 2 * row.rounds - 1 <= row.turns <= 2 * row.rounds


def test_choice_table_by_hand():
    games = pd.DataFrame({
        "game_index": [0, 1, 2], "players": [2, 2, 2],
        "win_0": [1.0, 0.0, 0.5], "win_1": [0.0, 1.0, 0.5],
        "choices_0": ["Puddle=2", "", "Puddle=1;Disguise=1"], "choices_1": ["", "Puddle=1", ""],
    })
    table = choice_table(games, min_games=2).set_index("choice")
    puddle = table.loc["Puddle"]
    assert (puddle.with_n, puddle.without_n) == (3, 3)
    assert puddle.with_rate == pytest.approx((1.0 + 0.5 + 1.0) / 3)
    assert puddle.without_rate == pytest.approx((0.0 + 0.0 + 0.5) / 3)
    assert puddle.times_when_made == pytest.approx(4 / 3)
    assert not puddle.too_few and table.loc["Disguise"].too_few
    only_seat_1 = choice_table(games, seats=(1,), min_games=1).set_index("choice")
    assert only_seat_1.loc["Puddle"].with_n == 1 and "Disguise" not in only_seat_1.index
