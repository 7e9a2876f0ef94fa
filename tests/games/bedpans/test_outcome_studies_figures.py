"""The figures of bedpans-outcomes and bedpans-escape: what they draw, against hand-made
summaries and a small study's games, and everything else they show against a reviewed
copy (tests/helpers/figure_facts.py)."""

from __future__ import annotations

import itertools
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import simlab
from tests.helpers.figure_facts import check_figure

FIGURES = Path(__file__).parent / "figures"
PAIRINGS = ("staff:random/elders:random", "staff:heuristic/elders:heuristic",
            "staff:mcts/elders:heuristic")


def _joins(ax) -> list:
    """The lines joining each group's estimates (drawn without markers)."""
    return [line for line in ax.lines if line.get_marker() in (None, "None", "")]


def _faint(ax) -> list[tuple[float, float]]:
    """Where the faint estimates' dots are (alpha 0.35: an interval that says nothing),
    rounded to 6 digits."""
    return sorted((round(float(x), 6), round(float(y), 6)) for dot in ax.lines
                  if dot.get_marker() == "o" and dot.get_alpha() == 0.35
                  for x, y in zip(*dot.get_data(), strict=True))


def _outcome_summary() -> pd.DataFrame:
    """Three pairings at 2, 3 and 4 players: shares and mean rounds, each cell written out.

    Every interval is narrow (0.1 wide, 4 rounds for the means) on 40 games, except: the
    heuristic pairing at 3 players has 10 games (faint for that alone), and the search
    pairing at 4 players a wide interval (0.5: faint for that alone).
    """
    rows = []
    for (i, pairing), players in itertools.product(enumerate(PAIRINGS), (2, 3, 4)):
        n = 10 if (i, players) == (1, 3) else 40
        half = 0.25 if (i, players) == (2, 4) else 0.05
        elder = 0.1 * players + 0.05 * i
        for quantity, kind, estimate, width in (
                ("staff_win", "proportion", 0.9 - elder, half),
                ("elder_win", "proportion", elder, half),
                ("rounds", "mean", 10.0 * players - i, 40 * half)):
            rows.append({"players": players, "pairing": pairing, "quantity": quantity,
                         "kind": kind, "estimate": estimate, "low": estimate - width,
                         "high": estimate + width, "n": n, "exact": np.nan})
    return pd.DataFrame(rows)


def test_outcomes_figure_draws_a_line_per_pairing_on_each_of_its_three_axes():
    from simlab.games.bedpans.outcome_studies import OUTCOMES

    table = _outcome_summary()
    fig = OUTCOMES.plot(SimpleNamespace(summary=table, params={"games": 1234,
                                                               "round_limit": 30}))
    wins, staff, rounds = fig.axes
    for ax, quantity in ((wins, "elder_win"), (staff, "staff_win"), (rounds, "rounds")):
        joins = _joins(ax)
        assert len(joins) == 3
        for i, (pairing, line) in enumerate(zip(PAIRINGS, joins, strict=True)):
            cells = table[(table.pairing == pairing) & (table.quantity == quantity)]
            # side by side: 0.08 apart, centred on the player count
            assert list(line.get_xdata()) == pytest.approx([p + (i - 1) * 0.08
                                                            for p in (2, 3, 4)])
            assert list(line.get_ydata()) == pytest.approx(cells.estimate.tolist())
            assert line.get_color() == f"C{i}"
        # faint: the 10 games of the heuristic pairing at 3 players; the wide shares of the
        # search pairing at 4 (a mean's interval is never too wide: no limit)
        cells = table[table.quantity == quantity].set_index(["pairing", "players"]).estimate
        expected = [(3.0, round(cells[(PAIRINGS[1], 3)], 6))]
        if quantity != "rounds":
            expected.append((4.08, round(cells[(PAIRINGS[2], 4)], 6)))
        assert _faint(ax) == expected
        assert ax.get_xlabel() == "players"
        assert [t for t in ax.get_xticks() if 2 <= t <= 4] == [2, 3, 4]
    assert wins.get_legend_handles_labels()[1] == [
        "Staff random, Elders random", "Staff heuristic, Elders heuristic",
        "Staff mcts, Elders heuristic"]
    assert staff.get_legend() is None and rounds.get_legend() is None
    assert wins.get_ylim() == staff.get_ylim() == pytest.approx((-0.05, 1.05))
    assert fig._suptitle.get_text().endswith("(1,234 games, round limit 30)")
    check_figure(fig, FIGURES / "outcome_outcomes.json")


def test_outcomes_figure_of_a_study_shows_its_games_win_rates():
    result = simlab.run_study("bedpans-outcomes", games=8, seed=3, players=("2", "3"),
                              pairings=PAIRINGS[:2], round_limit=20)
    fig = result.plot()
    games = result.games
    for ax, column in zip(fig.axes, ("elder_win", "staff_win", "rounds"), strict=True):
        # the pairings in the summary's order (sorted by name), each a colour
        order = sorted(PAIRINGS[:2])
        for i, (pairing, line) in enumerate(zip(order, _joins(ax), strict=True)):
            mine = games[games.pairing == pairing].groupby("players")[column].mean()
            assert list(line.get_xdata()) == pytest.approx([2 + (i - 0.5) * 0.08,
                                                            3 + (i - 0.5) * 0.08])
            assert list(line.get_ydata()) == pytest.approx(mine.astype(float).tolist())
    assert fig._suptitle.get_text().endswith("(8 games, round limit 20)")


def _escape_summary(exact: bool) -> pd.DataFrame:
    rows = []
    for distance, quantity in itertools.product((2, 4, 6), ("escaped", "neutralized",
                                                            "rounds")):
        estimate = {"escaped": 1.0 - 0.1 * distance, "neutralized": 0.05 * distance,
                    "rounds": distance / 2}[quantity]
        n = 10 if (distance, quantity) == (4, "neutralized") else 50
        rows.append({"distance": distance, "quantity": quantity,
                     "kind": "mean" if quantity == "rounds" else "proportion",
                     "estimate": estimate, "low": estimate - 0.04, "high": estimate + 0.04,
                     "n": n, "exact": 1.0 - 0.09 * distance
                     if exact and quantity == "escaped" else np.nan})
    return pd.DataFrame(rows)


def test_escape_figure_draws_both_shares_by_distance_and_the_exact_crosses():
    from simlab.games.bedpans.outcome_studies import ESCAPE

    table = _escape_summary(exact=True)
    fig = ESCAPE.plot(SimpleNamespace(summary=table, params={"games": 2000, "doctor": 0,
                                                             "turns": 1}))
    ax = fig.axes[0]
    joins = _joins(ax)
    for i, quantity in enumerate(("escaped", "neutralized")):
        cells = table[table.quantity == quantity]
        assert list(joins[i].get_xdata()) == pytest.approx([d + (i - 0.5) * 0.12
                                                            for d in (2, 4, 6)])
        assert list(joins[i].get_ydata()) == pytest.approx(cells.estimate.tolist())
    crosses = [line for line in ax.lines if line.get_marker() == "x"]
    assert len(crosses) == 1
    assert list(crosses[0].get_xdata()) == pytest.approx([1.94, 3.94, 5.94])
    assert list(crosses[0].get_ydata()) == pytest.approx([0.82, 0.64, 0.46])
    assert _faint(ax) == [(4.06, 0.2)]  # 10 games only
    # matplotlib lists plain lines before error bars
    assert ax.get_legend_handles_labels()[1] == ["exact", "escaped", "neutralized by the Staff"]
    assert ax.get_ylim() == pytest.approx((-0.05, 1.1))
    assert fig._suptitle.get_text() == (
        "How likely is an Elder to reach the Exit within 1 turn, no Doctor? (2,000 games)")
    check_figure(fig, FIGURES / "outcome_escape.json")


def test_escape_figure_without_exact_values_names_the_doctor():
    from simlab.games.bedpans.outcome_studies import ESCAPE

    fig = ESCAPE.plot(SimpleNamespace(summary=_escape_summary(exact=False),
                                      params={"games": 40, "doctor": 3, "turns": 2}))
    ax = fig.axes[0]
    assert not [line for line in ax.lines if line.get_marker() == "x"]
    assert "exact" not in ax.get_legend_handles_labels()[1]
    assert fig._suptitle.get_text() == ("How likely is an Elder to reach the Exit within 2 "
                                        "turns, the Doctor 3 spaces behind? (40 games)")
    check_figure(fig, FIGURES / "outcome_escape_doctor.json")


def test_escape_figure_of_a_study_crosses_at_the_counted_odds():
    result = simlab.run_study("bedpans-escape", games=40, seed=4, distance=("3", "5"),
                              doctor=0, turns=1)
    ax = result.plot().axes[0]
    # the 27 rolls of 3 three-sided dice, the lowest 2 summed: 20 reach 3, 4 reach 5
    rolls = [sum(sorted(r)[:2]) for r in itertools.product((1, 2, 3), repeat=3)]
    crosses = next(line for line in ax.lines if line.get_marker() == "x")
    assert list(crosses.get_ydata()) == pytest.approx(
        [sum(r >= d for r in rolls) / 27 for d in (3, 5)])
    games = result.games
    escaped = _joins(ax)[0]
    assert list(escaped.get_ydata()) == pytest.approx(
        games.groupby("distance").escaped.mean().tolist())


def test_figures_of_a_result_without_its_parameters_say_zero_games():
    from simlab.games.bedpans.outcome_studies import ESCAPE, OUTCOMES

    outcomes = OUTCOMES.plot(SimpleNamespace(summary=_outcome_summary(), params={}))
    assert outcomes._suptitle.get_text().endswith("(0 games, round limit None)")
    escape = ESCAPE.plot(SimpleNamespace(summary=_escape_summary(exact=False), params={}))
    assert escape._suptitle.get_text() == (
        "How likely is an Elder to reach the Exit within its turns, no Doctor? (0 games)")
