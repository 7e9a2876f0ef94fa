"""The Broom Service studies' numbers, recomputed from replayed games and from the rows."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.play import run
from simlab.core.study import rotate_seats
from simlab.games.broom_service.rules import BroomServiceGame
from simlab.games.broom_service.studies import exact_steal_probability
from tests.games._numbers import assert_summary_rows, expected_rows, game_rng


def test_scores_credit_each_seat_and_every_interval_follows_from_the_rows():
    policies = ("heuristic", "random")
    result = simlab.run_study("broom-service-scores", games=6, seed=3, players=3,
                              policies=policies)
    games = result.games
    for index in range(6):
        seats = rotate_seats(policies, 3, index)
        rng = game_rng(3, index)
        outcome = run(BroomServiceGame(players=3), seats, seed=int(rng.integers(2**63))).outcome
        rows = games[games.game == index].sort_values("seat")
        assert rows.policy.tolist() == seats
        assert rows.vp.tolist() == [outcome.scores[s] for s in range(3)]
        assert rows.win.tolist() == [s in outcome.winners for s in range(3)]
        assert rows.sole_win.tolist() == [outcome.winners == (s,) for s in range(3)]
    for key in ("policy", "seat"):
        level = games.assign(level=games[key].astype(str))
        want = expected_rows(level, ["level"], proportions=["win", "sole_win"], means=["vp"])
        assert_summary_rows(result.summary, want, ["level"], where=lambda s, k=key: s.by == k)


def test_steals_every_interval_and_exact_value_follows_from_the_rows():
    result = simlab.run_study("broom-service-steals", games=16, seed=2, players=("3", "4"),
                              policies=("brave", "random"))
    games, summary = result.games, result.summary
    claims = games[games.row == "claim"].assign(stolen=lambda g: g.stolen.astype(bool))
    by = ["policy", "players", "place"]
    first = claims[claims.first_turn.astype(bool)]
    for scope, part in (("first turn", first), ("all turns", claims)):
        want = expected_rows(part, by, proportions=["stolen"])
        assert_summary_rows(summary, want, by, where=lambda s, sc=scope: s.scope == sc)
    q = {"brave": 1.0, "random": 0.5}
    for row in summary[summary.scope == "first turn"].itertuples():
        assert row.exact == pytest.approx(
            exact_steal_probability(int(row.players), int(row.place), q[row.policy]))
    seats = games[games.row == "seat"]
    want = expected_rows(seats, ["policy", "players"], means=["vp"])
    assert_summary_rows(summary, want, ["policy", "players"],
                        where=lambda s: s.scope == "final VP per seat")
    # a claim's place counts from the turn's starting player, 1
    assert ((claims.place >= 1) & (claims.place <= claims.players)).all()
    assert summary[summary.scope == "final VP per seat"].place.isna().all()  # no sentinel


def test_figures_draw_the_summary_numbers():
    steals = simlab.run_study("broom-service-steals", games=12, seed=2, players=("3",),
                              policies=("brave",))
    fig = steals.plot()
    ax = fig.axes[0]
    first = steals.summary[(steals.summary.scope == "first turn")
                           & (steals.summary.quantity == "stolen")].sort_values("place")
    curve = ax.lines[0]
    assert list(curve.get_xdata()) == first.place.tolist()
    assert list(curve.get_ydata()) == pytest.approx(first.estimate.tolist())
    crosses = [line for line in ax.lines if line.get_marker() == "x"]
    assert list(crosses[0].get_ydata()) == pytest.approx(first.exact.tolist())
    scores = simlab.run_study("broom-service-scores", games=4, seed=1, players=3,
                              policies=("heuristic", "random"))
    bars = scores.plot().axes[1].patches
    wins = scores.summary[(scores.summary.by == "policy") & (scores.summary.quantity == "win")]
    assert [b.get_height() for b in bars] == pytest.approx(wins.estimate.tolist())
