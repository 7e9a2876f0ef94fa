"""The Hospital Rush study figures: what they draw, against the study's summary rows and
games, and everything else they show against a reviewed copy (tests/helpers/figure_facts.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import simlab
from simlab.games.hospital_rush.studies import FATES
from tests.helpers.figure_facts import check_figure

FIGURES = Path(__file__).parent / "figures"


def _bars(ax) -> list[float]:
    return [p.get_height() for p in ax.patches]


def test_patients_figure_draws_each_fate_of_each_group():
    result = simlab.run_study("hospital-rush-patients", games=8, seed=3, players=("3", "4"),
                              policies=("greedy",))
    fig = result.plot()
    ax = fig.axes[0]
    games = result.games
    left = games[~games.in_bed_at_end.astype(bool)]
    groups = [(3, "greedy"), (4, "greedy")]
    # bars fate by fate, group by group: the share of the patients who left with that fate
    expected = [float((left[left.players == p].fate == fate).mean())
                for fate in FATES for p, _ in groups]
    assert _bars(ax) == pytest.approx(expected)
    width = 0.8 / len(FATES)
    lefts = [p.get_x() + p.get_width() / 2 for p in ax.patches]
    assert lefts == pytest.approx([g + k * width for k in range(len(FATES))
                                   for g in range(len(groups))])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["3 players, greedy",
                                                            "4 players, greedy"]
    assert list(ax.get_xticks()) == pytest.approx([0.4 - width / 2, 1.4 - width / 2])
    assert ax.get_legend_handles_labels()[1] == list(FATES)
    assert fig._suptitle.get_text().endswith("(8 games)")
    check_figure(fig, FIGURES / "patients.json")


def test_unfair_figure_draws_the_ratted_out_share_by_place_and_prestige_by_policy():
    result = simlab.run_study("hospital-rush-unfair", games=6, seed=1, players=3,
                              policies=("greedy", "random"))
    fig = result.plot()
    left, right = fig.axes
    table = result.summary
    places = table[table.scope == "red markers by place in the round"]
    joins = [line for line in left.lines if line.get_marker() in (None, "None")]
    assert list(joins[0].get_xdata()) == places.position.astype(float).tolist()
    assert list(joins[0].get_ydata()) == pytest.approx(places.estimate.tolist())
    assert list(left.get_xticks()) == [1, 2, 3] and left.get_xlim() == (0.5, 3.5)
    seats = result.games[result.games.row == "seat"]
    prestige = seats.groupby("policy").prestige.mean()
    assert _bars(right) == pytest.approx(prestige.sort_index().tolist())
    assert [t.get_text() for t in right.get_xticklabels()] == sorted(prestige.index)
    # the error bars reach the t interval's ends
    pres = table[(table.scope == "seats by policy") & (table.quantity == "prestige")]
    segments = right.collections[0].get_segments()
    assert [s[0][1] for s in segments] == pytest.approx(pres.low.tolist())
    assert [s[1][1] for s in segments] == pytest.approx(pres.high.tolist())
    assert fig._suptitle.get_text().endswith("(Hospital Rush, 6 games)")
    check_figure(fig, FIGURES / "unfair.json")


def test_boards_figure_draws_each_boards_win_rate_against_the_fair_share():
    result = simlab.run_study("hospital-rush-boards", games=12, seed=2, players=3,
                              policy="random")
    fig = result.plot()
    ax = fig.axes[0]
    games = result.games
    wins = games.groupby("board").win.mean()
    assert [t.get_text() for t in ax.get_xticklabels()] == sorted(wins.index)
    assert _bars(ax) == pytest.approx(wins.sort_index().tolist())
    fair = [line for line in ax.lines if line.get_label() == "1 / players"]
    assert fair[0].get_ydata()[0] == pytest.approx(1 / 3)
    assert np.allclose([p.get_x() + p.get_width() / 2 for p in ax.patches],
                       range(len(wins)))
    assert fig._suptitle.get_text().endswith("(Hospital Rush, 12 games)")
    check_figure(fig, FIGURES / "boards.json")
