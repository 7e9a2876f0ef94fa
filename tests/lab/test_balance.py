"""balance(): a planted seat advantage is found, a planted fair game is certified,
bad input stops before any game, and the report writes every table and figure."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import tests.lab.coin_game  # noqa: F401  registers coin_game
from simlab.core.errors import ConfigError
from simlab.lab import balance as balance_module
from simlab.lab.balance import balance, batch_sizes, questions
from simlab.lab.sequential import verdict


def test_a_planted_70_percent_seat_is_found_unbalanced_in_the_expected_games():
    needed = []
    for seed in range(10):
        report = balance("coin_game", policies="random", options={"edge": 0.7},
                         max_games=2000, seed=seed)
        table = report.verdict_table.set_index("question")
        assert table.loc["seat 0", "verdict"] == "unbalanced"
        assert table.loc["seat 0", "favours"] == "above"
        assert table.loc["seat 1", "favours"] == "below"
        assert report.games_played in np.cumsum(batch_sizes(2000))  # stopped after a batch
        assert report.games_played < 2000
        needed.append(int(table.decided_at.max()))
    # the same question asked of Bernoulli(0.7) streams drawn here, at alpha / 2 a seat
    rng = np.random.default_rng(0)
    direct = [verdict((rng.random(800) < 0.7).astype(float), 0.5, 0.05, alpha=0.025,
                      grid=200).decided_at for _ in range(200)]
    assert 0.5 <= np.median(needed) / np.median(direct) <= 2.0, (needed, np.median(direct))
    assert max(needed) <= np.percentile(direct, 99.5)


def test_a_planted_fair_game_is_found_balanced():
    report = balance("coin_game", policies="random", options={"edge": 0.4, "tie": 0.2},
                     max_games=4000, margin=0.1, seed=1)
    # seat 0: 0.4 + 0.2/2 = 0.5, seat 1 the same: fair by construction
    assert set(report.verdict_table.verdict) == {"balanced"}
    assert report.games_played < 4000
    assert report.seats.share.sum() == pytest.approx(1.0)
    b = report.balance_index
    assert b["low"] <= b["balance"] <= b["high"] and b["low"] > 0.75


def test_the_same_seed_gives_the_same_report_at_1_and_2_jobs():
    one = balance("coin_game", players=3, policies="random", options={"edge": 0.6},
                  max_games=120, seed=4)
    two = balance("coin_game", players=3, policies="random", options={"edge": 0.6},
                  max_games=120, seed=4, jobs=2)
    pd.testing.assert_frame_equal(one.games, two.games)
    pd.testing.assert_frame_equal(one.verdict_table, two.verdict_table)


@pytest.mark.parametrize("kwargs, text", [
    ({"margin": 0.7}, "margin"),
    ({"margin": "wide"}, "margin"),
    ({"policies": ["clever"]}, "no policy 'clever'"),
    ({"options": {"edgy": 1}}, "no option 'edgy'"),
    ({"options": {"edge": "lots"}}, "option 'edge' takes a float"),
    ({"max_games": 0}, "max_games"),
    ({"data": "/no/such/folder"}, "not a folder"),
])
def test_bad_input_stops_before_any_game(monkeypatch, kwargs, text):
    played = []
    monkeypatch.setattr(balance_module, "play_games", lambda *a, **k: played.append(1))
    with pytest.raises(ConfigError, match=text):
        balance("coin_game", **kwargs)
    assert not played


def test_bedpans_questions_are_the_side_and_the_elders_among_themselves():
    games = pd.DataFrame({"win_0": [1.0, 0.0, 0.0, 0.0], "win_1": [0.0, 1.0, 0.0, 0.5],
                          "win_2": [0.0, 0.0, 1.0, 0.5], "side_win": [0.0, 1.0, 1.0, 1.0]})
    q = questions(games, 3, "bedpans")
    assert q["Elders win"].x.tolist() == [0.0, 1.0, 1.0, 1.0]
    assert q["Elder seat 1"].x.tolist() == [1.0, 0.0, 0.5]
    assert q["Elder seat 1"].at.tolist() == [2, 3, 4] and q["Elder seat 1"].fair == 0.5


def test_the_report_writes_every_table_and_figure(tmp_path):
    report = balance("coin_game", players=3, policies="random", options={"edge": 0.5},
                     max_games=80, seed=2, command="simlab balance coin_game --seed 2")
    path = report.write(tmp_path)
    text = path.read_text()
    for needle in ("command: `simlab balance coin_game --seed 2`", "root seed 2", "commit ",
                   "date ", "Waudby-Smith", "## Seat fairness", "## Length",
                   "## Drama and decisiveness", "## What each choice is worth",
                   "Balance (Ludii", "Chi-square test of equal seats"):
        assert needle in text, needle
    for stem in ("verdicts", "seats", "length", "drama", "choices"):
        assert (tmp_path / f"{stem}.png").stat().st_size > 5000
        assert (tmp_path / f"{stem}_figure.csv").exists()
        assert f"({stem}.png)" in text or f"/{stem}.png)" in text
    games = pd.read_csv(tmp_path / "games.csv")
    assert len(games) == report.games_played
    seats = pd.read_csv(tmp_path / "seats.csv")
    assert seats.wins.tolist() == [games[f"win_{s}"].sum() for s in range(3)]
    assert "<h3>" in report._repr_html_() and report._repr_markdown_().startswith("# Balance")


def test_choices_are_weighed_against_a_hand_count():
    report = balance("coin_game", players=2, policies="random", options={"edge": 0.7},
                     max_games=40, first_batch=40, seed=3)
    g = report.games
    made = g.choices_0.str.contains("heads first")
    row = report.choices.set_index("choice").loc["heads first"]
    units_with = list(g.win_0[made]) + list(g.win_1[g.choices_1.str.contains("heads first")])
    assert row.with_n == len(units_with)
    assert row.with_rate == pytest.approx(np.mean(units_with))
    assert row.without_n == 2 * len(g) - len(units_with)


def test_simlab_balance_is_the_lab_entry_point():
    import simlab

    report = simlab.balance("coin_game", policies="random", options={"edge": 0.9},
                            max_games=200, seed=1)
    assert type(report).__name__ == "BalanceReport"
    assert report.verdict_table.set_index("question").loc["seat 0", "verdict"] == "unbalanced"
    assert "simlab.balance('coin_game'" in report.stamp["command"]


def test_bedpans_seats_are_labelled_by_side():
    report = balance("bedpans", players=3, policies="heuristic", max_games=20,
                     first_batch=20, seed=0)
    assert report.seats.side.tolist() == ["Staff", "Elders", "Elders"]
    assert report.seats.fair.isna().all()
    assert report.side.side.tolist() == ["Elders", "Staff", "nobody (a guard)"]
    assert report.side.wins.sum() == 20


def test_until_stops_when_the_questions_wanted_are_decided():
    """Four seats, seat 0 wins 0.4: it is found unbalanced early, while the others (0.2
    each against a fair 0.25, right at the margin) stay open; asked to wait for seat 0
    only, the run stops at the end of the batch in which seat 0 was decided."""
    def seat_0(verdicts):
        return next(v for v in verdicts if v.question == "seat 0").decided

    kwargs = dict(players=4, policies="random", options={"edge": 0.4}, max_games=1000, seed=4)
    full = balance("coin_game", **kwargs)
    early = balance("coin_game", **kwargs, until=seat_0)
    at = int(full.verdict_table.set_index("question").loc["seat 0", "decided_at"])
    ends = np.cumsum(batch_sizes(1000))
    assert early.games_played == ends[ends >= at][0]  # the batch in which seat 0 was decided
    assert early.games_played < full.games_played
    # the same games, as far as they go, and the same verdict on seat 0
    pd.testing.assert_frame_equal(early.games, full.games.iloc[:early.games_played])
    assert early.verdict_table.set_index("question").loc["seat 0", "verdict"] == "unbalanced"
