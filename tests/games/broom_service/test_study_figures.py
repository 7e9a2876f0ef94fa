"""The Broom Service study figures: what they draw, against counts of the study's games, and
everything else they show against a reviewed copy (tests/helpers/figure_facts.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import simlab
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
