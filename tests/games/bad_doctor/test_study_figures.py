"""The Bad Doctor study figures: what they draw, against the study's games and summary
counted here, and everything else they show against a reviewed copy
(tests/helpers/figure_facts.py)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.figures.limits import MIN_GAMES, TOO_FEW
from simlab.games.bad_doctor.studies import _seats_plot
from tests.games._numbers import mean_row
from tests.helpers.figure_facts import check_figure

FIGURES = Path(__file__).parent / "figures"
KEYS = ["players", "mix", "variation", "extra_cube_spaces", "max_tile_ends"]


def _kaplan_meier(durations: pd.Series, events: pd.Series) -> tuple[list, list]:
    """The step curve's corners: time 0 at 1, then the share with no event yet after each
    distinct duration (an event at time t leaves (at risk - events) / at risk of it)."""
    times, share, left = [0.0], [1.0], 1.0
    for t in sorted(set(durations)):
        at_risk = int((durations >= t).sum())
        happened = int(((durations == t) & events).sum())
        left *= 1 - happened / at_risk
        times.append(float(t))
        share.append(left)
    return times, share


def _steps(ax) -> list:
    return [line for line in ax.get_lines() if not line.get_label().startswith("_")]


def test_complications_figure_draws_each_groups_curves_and_deaths_per_game():
    result = simlab.run_study("bad-doctor-complications", games=8, seed=3, players=("2",),
                              mixes=("random",), extra_cube_spaces=("0", "1"))
    fig = result.plot()
    ax_surv, ax_cure, ax_deaths = fig.axes
    games = result.games
    groups = list(games.groupby(KEYS))
    assert len(groups) == 4  # all tiles / two fewer wilds, 0 / +1 cube spaces
    names = [line.get_label() for line in _steps(ax_surv)]
    assert names == ["2p random, all tiles", "2p random, all tiles, +1 cube spaces",
                     "2p random, two fewer wilds", "2p random, two fewer wilds, +1 cube spaces"]
    assert [line.get_label() for line in _steps(ax_cure)] == names
    for (_, part), dead, cured in zip(groups, _steps(ax_surv), _steps(ax_cure), strict=True):
        x, y = _kaplan_meier(part.duration, part.status == "died")
        assert list(dead.get_xdata()) == x and list(dead.get_ydata()) == pytest.approx(y)
        x, y = _kaplan_meier(part.duration, part.status == "cured")
        assert list(cured.get_xdata()) == x
        assert list(cured.get_ydata()) == pytest.approx([1 - s for s in y])
    # deaths per game: the t interval of each group's games, top to bottom in sorted order
    first = games[games.game_row.astype(bool)]
    want = [mean_row(part.deaths.tolist()) for _, part in first.groupby(KEYS)]
    bars = ax_deaths.collections[0].get_segments()
    assert [x for seg in bars for x in seg[:, 0]] == pytest.approx(
        [x for w in want for x in (max(w["low"], 0.0), w["high"])])
    assert [seg[0, 1] for seg in bars] == [0, 1, 2, 3]
    assert [t.get_text() for t in ax_deaths.get_yticklabels()] == [
        "2p random\nall tiles", "2p random\nall tiles, +1 cube spaces",
        "2p random\ntwo fewer wilds", "2p random\ntwo fewer wilds, +1 cube spaces"]
    assert ax_deaths.get_ylim() == (3.5, -0.5)
    # small labels, so that four lines of configuration fit beside the bars (the figure's
    # copy reads the x tick labels' size only)
    assert {t.get_fontsize() for t in ax_deaths.get_yticklabels()} == {6}
    # two games a group: every interval is faint, and says so
    assert all(w["n"] == 2 < MIN_GAMES for w in want)
    assert {c.get_alpha() for c in ax_deaths.collections} == {0.35}
    assert [t.get_text() for t in ax_deaths.texts] == [TOO_FEW] * 4
    assert fig._suptitle.get_text().endswith("(Bad Doctor, 8 games)")
    check_figure(fig, FIGURES / "complications.json")


def test_the_seats_figure_draws_each_seats_share_beside_the_fair_share():
    # 2 players: seat 0 won 90 of 150 games, seat 1 none of 19 (an interval narrow enough,
    # on too few games); 3 players: 200 games a seat
    rows = [(2, 0, 0.6, 0.52, 0.68, 150), (2, 1, 0.0, 0.0, 0.17, 19),
            (3, 0, 0.4, 0.33, 0.47, 200), (3, 1, 0.3, 0.24, 0.37, 200),
            (3, 2, 0.3, 0.24, 0.37, 200)]
    summary = pd.DataFrame([{"players": p, "seat": s, "quantity": "win", "estimate": e,
                             "low": lo, "high": hi, "n": n} for p, s, e, lo, hi, n in rows])
    fig = _seats_plot(SimpleNamespace(summary=summary,
                                      params={"policy": "random", "games": 100}))
    ax = fig.axes[0]
    joins = [line for line in ax.lines if line.get_marker() in (None, "None")]
    # seats counted from 1, the two player counts 0.08 apart around each seat
    assert [list(line.get_xdata()) for line in joins] == [
        pytest.approx([0.96, 1.96]), pytest.approx([1.04, 2.04, 3.04])]
    assert [list(line.get_ydata()) for line in joins] == [
        pytest.approx([0.6, 0.0]), pytest.approx([0.4, 0.3, 0.3])]
    assert [line.get_color() for line in joins] == ["C0", "C1"]
    bars = [(c.get_alpha(), [(round(seg[0][0], 2), seg[0][1], seg[1][1])
                             for seg in c.get_segments()])
            for c in ax.collections if c.get_linestyle()[0][1] is None]
    # each interval from its low to its high end; only seat 2 of 2 players (19 games) is
    # faint, though its interval is narrower than 0.2
    assert bars == [(1.0, [(0.96, 0.52, 0.68)]), (0.35, [(1.96, 0.0, 0.17)]),
                    (1.0, [(1.04, 0.33, 0.47), (2.04, 0.24, 0.37), (3.04, 0.24, 0.37)])]
    fair = [c for c in ax.collections if c.get_linestyle()[0][1] is not None]
    assert [(c.get_segments()[0][0][1], np.round(c.get_colors()[0], 3).tolist(),
             c.get_linewidths()[0]) for c in fair] == [
        (0.5, [0.122, 0.467, 0.706, 1.0], 1.0), (pytest.approx(1 / 3), [1.0, 0.498, 0.055, 1.0],
                                                 1.0)]
    assert list(ax.get_xticks()) == [0, 1, 2, 3, 4]
    check_figure(fig, FIGURES / "seats.json")
