"""The Broom Service study figures: what they draw, against counts of the study's games, and
everything else they show against a reviewed copy (tests/helpers/figure_facts.py)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.games.broom_service.studies import _scores_plot, _steals_plot
from tests.helpers.figure_facts import check_figure

FIGURES = Path(__file__).parent / "figures"


@pytest.fixture(scope="module")
def steals():
    # two groups (2 and 3 players, brave seats): two curves side by side
    return simlab.run_study("broom-service-steals", games=16, seed=4, players=("2", "3"),
                            policies=("brave",))


@pytest.fixture(scope="module")
def scores():
    return simlab.run_study("broom-service-scores", games=6, seed=1, players=3,
                            policies=("heuristic", "random"))


def test_steals_figure_draws_each_group_at_its_places_side_by_side(steals):
    fig = steals.plot()
    ax = fig.axes[0]
    claims = steals.games[(steals.games.row == "claim") & steals.games.first_turn.astype(bool)]
    curves = [line for line in ax.lines if line.get_marker() in (None, "None")]  # joins
    groups = sorted(claims.players.astype(int).unique())
    assert len(curves) == len(groups) == 2
    for i, (players, curve) in enumerate(zip(groups, curves, strict=True)):
        part = claims[claims.players.astype(int) == players]
        places = sorted(part.place.astype(int).unique())
        shift = (i - 0.5) * 0.06  # two groups: -0.03 and +0.03
        assert list(curve.get_xdata()) == pytest.approx([p + shift for p in places])
        share = [part[part.place == p].stolen.astype(bool).mean() for p in places]
        assert list(curve.get_ydata()) == pytest.approx(share)
    # the exact values beside each curve; only the first carries the legend's label
    crosses = [line for line in ax.lines if line.get_marker() == "x"]
    assert len(crosses) == 2
    assert ax.get_legend_handles_labels()[1] == [
        "exact (uniform hands)", "brave seats, 2 players", "brave seats, 3 players"]
    assert [t for t in ax.get_xticks()] == [1, 2, 3]  # places 1 .. the most players
    assert ax.get_xlim() == (0.5, 3.5)
    assert ax.get_ylim() == (-0.05, 1.1)
    assert fig._suptitle.get_text().endswith("(Broom Service, 16 games)")
    check_figure(fig, FIGURES / "steals.json")


def test_scores_figure_histograms_every_seat_by_policy(scores):
    fig = scores.plot()
    left, right = fig.axes
    games = scores.games
    vp = games.vp.astype(int)
    span = vp.max() - vp.min() + 1
    assert span > 25  # the whole range of points in 25 bins, not one a point
    edges = np.linspace(vp.min() - 0.5, vp.max() + 0.5, 26)
    steps = left.patches
    assert len(steps) == 2
    for policy, step in zip(sorted(set(games.policy)), steps, strict=True):
        counts, _ = np.histogram(vp[games.policy == policy], bins=edges)
        corners = step.get_path().vertices  # (e0, 0), (e0, h0), (e1, h0), (e1, h1), ...
        assert corners[1:-1:2, 0] == pytest.approx(edges[:-1])
        assert corners[1:-1:2, 1] == pytest.approx(counts.tolist())
        assert step.get_label() == policy
    wins = scores.summary[(scores.summary.by == "policy") & (scores.summary.quantity == "win")]
    assert [t.get_text() for t in right.get_xticklabels()] == wins.level.tolist()
    fair = [line for line in right.lines if line.get_label() == "1 / players"]
    assert fair[0].get_ydata()[0] == pytest.approx(1 / 3)
    assert fig._suptitle.get_text().endswith("(3 players, 6 games)")
    check_figure(fig, FIGURES / "scores.json")


def test_scores_figure_of_a_tally_has_a_bin_a_point_weighted_by_its_count():
    # a hand-made tally: few points (one bin each), counts that only weights can show
    from simlab.core.study.tally import tally_rows

    rows = pd.DataFrame({"game": range(9), "policy": ["a"] * 5 + ["b"] * 4,
                         "vp": [3, 3, 3, 4, 6, 4, 4, 5, 6]})
    summary = pd.DataFrame({"by": ["policy"] * 2, "level": ["a", "b"],
                            "quantity": ["win"] * 2, "estimate": [0.5, 0.25],
                            "low": [0.45, 0.2], "high": [0.55, 0.3], "n": [10, 40]})
    result = SimpleNamespace(games=tally_rows(rows, ["policy"]), summary=summary,
                             params={"players": 2, "games": 9})
    fig = _scores_plot(result)
    left, right = fig.axes
    heights = [p.get_path().vertices[1:-1:2, 1].tolist() for p in left.patches]
    # bins 2.5 .. 6.5 one a point: a has three 3s, one 4, one 6; b two 4s, one 5, one 6
    assert heights == [[3, 1, 0, 1], [0, 2, 1, 1]]
    assert all(float(t).is_integer() for t in left.get_xticks())
    assert all(float(t).is_integer() for t in left.get_yticks())
    assert [line.get_ydata()[0] for line in right.lines if line.get_label() == "1 / players"
            ] == [0.5]
    # a's interval is narrow but rests on 10 games: faint; b's (40 games) is not
    faint = [c.get_alpha() for c in right.collections]
    assert len(set(faint)) == 2
    assert fig._suptitle.get_text().endswith("(2 players, 9 games)")


def test_scores_figure_counts_seats_in_whole_numbers():
    # one seat at 5 VP and one at 6: without whole ticks both axes would tick at halves
    rows = pd.DataFrame({"game": [0, 1], "policy": ["a", "a"], "vp": [5, 6]})
    summary = pd.DataFrame({"by": ["policy"], "level": ["a"], "quantity": ["win"],
                            "estimate": [0.5], "low": [0.1], "high": [0.9], "n": [2]})
    fig = _scores_plot(SimpleNamespace(games=rows, summary=summary,
                                       params={"players": 2, "games": 2}))
    left = fig.axes[0]
    visible_x = [t for t in left.get_xticks() if 4.5 <= t <= 6.5]
    assert visible_x and all(float(t).is_integer() for t in visible_x)
    assert all(float(t).is_integer() for t in left.get_yticks())


def _steals_summary_table(rows: list[tuple[str, int, float]]) -> pd.DataFrame:
    return pd.DataFrame([(scope, "brave", 3, place, "stolen", "proportion", est, est - 0.05,
                          est + 0.05, 100, float("nan")) for scope, place, est in rows],
                        columns=["scope", "policy", "players", "place", "quantity", "kind",
                                 "estimate", "low", "high", "n", "exact"])


def test_steals_figure_draws_the_first_turn_rows_only():
    # place 3 only in the all-turns rows: not drawn
    table = _steals_summary_table([("first turn", 1, 0.6), ("first turn", 2, 0.3),
                                   ("all turns", 1, 0.5), ("all turns", 3, 0.1)])
    fig = _steals_plot(SimpleNamespace(summary=table, params={"games": 50}))
    ax = fig.axes[0]
    joins = [line for line in ax.lines if line.get_marker() in (None, "None")]
    assert [list(j.get_xdata()) for j in joins] == [[1.0, 2.0]]
    assert list(joins[0].get_ydata()) == [0.6, 0.3]
    assert list(ax.get_xticks()) == [1, 2, 3]  # the places of 3 players
    assert ax.xaxis.get_gridlines()[0].get_alpha() == 0.3


def test_steals_figure_without_a_claim_is_empty_with_two_places():
    table = _steals_summary_table([])
    fig = _steals_plot(SimpleNamespace(summary=table, params={"games": 5}))
    ax = fig.axes[0]
    assert list(ax.get_xticks()) == [1, 2] and ax.get_xlim() == (0.5, 2.5)
    assert fig._suptitle.get_text().endswith("(Broom Service, 5 games)")
