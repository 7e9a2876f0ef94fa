"""bedpans-movement: its combinations, chunk, summary and figure, checked by hand counts.

The exact odds are counted here from the rulebook's dice (three-sided dice, 1-3):
an Elder moving second rolls 2d3 (1, 2, 3, 2, 1 ways of 2..6 out of 9), an Elder
with a Detector moves exactly 2 (ruling M5), so one result and no chi-square.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import chi2

import simlab
from simlab.core.study import get_study
from tests.games._numbers import mean_row, wilson

READINGS = {"walker": "dice-2", "hurry_up": "dice+1", "detector": "dice-1"}
STUDY = get_study("bedpans-movement")


def _params(mover: str = "all", stuff: str = "all") -> dict:
    return {"mover": mover, "stuff": stuff, **READINGS}


def test_chunk_rolls_each_mover_and_stuff_that_applies_n_times():
    table = STUDY.run_chunk(_params(), np.random.SeedSequence(4), 0, 300)
    pairs = set(zip(table.mover, table.stuff, strict=True))
    # Detector and Walker only for the two Elders: 5 movers x none, Hurry Up + 2 x 2 = 14
    assert len(pairs) == 14
    assert ("doctor", "walker") not in pairs and ("elder_first", "walker") in pairs
    assert table.groupby(["mover", "stuff"])["count"].sum().eq(300).all()
    second = table[(table.mover == "elder_second") & (table.stuff == "none")]
    assert set(second.result) <= {2, 3, 4, 5, 6}
    assert table[(table.stuff == "detector")].result.unique().tolist() == [2]
    only = STUDY.run_chunk(_params("doctor", "hurry_up"), np.random.SeedSequence(4), 0, 50)
    assert set(zip(only.mover, only.stuff, strict=True)) == {("doctor", "hurry_up")}
    assert int(only["count"].sum()) == 50 and only.result.min() >= 4  # 1d3 + 2d3kl1 + 2
    again = STUDY.run_chunk(_params("doctor", "hurry_up"), np.random.SeedSequence(4), 0, 50)
    assert only.equals(again)  # the same seed rolls the same
    walker = {**_params("elder_first", "walker"), "walker": "result-2"}
    rolled = STUDY.run_chunk(walker, np.random.SeedSequence(4), 0, 200)
    assert rolled.result.tolist() != [4]  # the default reading, dice-2, always moves 4


def test_summary_of_a_hand_made_table():
    # 90 rolls of an Elder moving second: 2 ten times, 3 20, 4 30, 5 30, 6 never
    counts = {2: 10, 3: 20, 4: 30, 5: 30}
    games = pd.DataFrame({"mover": "elder_second", "stuff": "none",
                          "result": list(counts), "count": list(counts.values())})
    detector = pd.DataFrame({"mover": ["elder_first"], "stuff": ["detector"], "result": [2],
                             "count": [5]})
    table = STUDY.summarize(pd.concat([games, detector], ignore_index=True), _params())
    rows = table[table.stuff == "none"].set_index("quantity")
    ways = {2: 1, 3: 2, 4: 3, 5: 2, 6: 1}
    assert list(rows.index) == ["mean result"] + [f"P(result = {v})" for v in ways]
    for value, way in ways.items():
        row = rows.loc[f"P(result = {value})"]
        hits = counts.get(value, 0)
        assert row.estimate == pytest.approx(hits / 90)
        assert (row.low, row.high) == pytest.approx(wilson(hits, 90))
        assert row.exact == pytest.approx(way / 9)
        assert row.n == 90 and row.kind == "proportion" and row.expression == "2d3"
    mean = rows.loc["mean result"]
    want = mean_row([v for v, c in counts.items() for _ in range(c)])
    assert (mean.estimate, mean.low, mean.high, mean.n) == pytest.approx(
        (want["estimate"], want["low"], want["high"], 90))
    assert mean.exact == 4.0 and mean.kind == "mean"
    # chi-square by hand: expected 10, 20, 30, 20, 10; 10^2/20 + 10^2/10 = 15 on 4 df
    assert rows.chisquare_p.tolist() == pytest.approx([float(chi2.sf(15.0, 4))] * 6)
    assert list(table.stuff.unique()) == ["none", "detector"]  # in the table's order
    fixed = table[table.stuff == "detector"].set_index("quantity")
    assert list(fixed.index) == ["mean result", "P(result = 2)"]
    assert fixed.loc["P(result = 2)", ["estimate", "exact", "n"]].tolist() == [1.0, 1.0, 5]
    assert math.isnan(fixed.loc["mean result", "chisquare_p"])  # one result: no test
    assert list(table.columns) == ["mover", "stuff", "expression", "quantity", "kind",
                                   "estimate", "low", "high", "n", "exact", "chisquare_p"]


def test_summary_of_a_result_the_dice_cannot_make():
    # 2d3 never makes 7 nor 1; the Detector's Elder always moves 2, never 3
    games = pd.DataFrame({"mover": ["elder_second"] * 3 + ["elder_first"] * 2,
                          "stuff": ["none"] * 3 + ["detector"] * 2,
                          "result": [1, 4, 7, 2, 3], "count": [1, 8, 3, 5, 1]})
    table = STUDY.summarize(games, _params())
    rows = table[table.stuff == "none"].set_index("quantity")
    assert list(rows.index) == ["mean result"] + [f"P(result = {v})" for v in range(1, 8)]
    for value, hits, way in ((1, 1, 0), (4, 8, 3), (6, 0, 1), (7, 3, 0)):
        row = rows.loc[f"P(result = {value})"]
        assert (row.estimate, row.exact) == pytest.approx((hits / 12, way / 9))
        assert (row.low, row.high) == pytest.approx(wilson(hits, 12))
    assert rows.loc["mean result", "estimate"] == pytest.approx((1 + 4 * 8 + 7 * 3) / 12)
    # a result of probability 0 seen: the exact odds are rejected outright, p = 0
    assert table.chisquare_p.tolist() == [0.0] * len(table)
    fixed = table[table.stuff == "detector"].set_index("quantity")
    assert fixed.loc["P(result = 3)", ["estimate", "exact", "n"]].tolist() == [
        pytest.approx(1 / 6), 0.0, 6]


def test_readings_reach_the_exact_odds():
    games = pd.DataFrame({"mover": ["elder_first"], "stuff": ["walker"], "result": [4],
                          "count": [3]})
    dice = STUDY.summarize(games, {**_params(), "walker": "dice-2"})
    result = STUDY.summarize(games, {**_params(), "walker": "result-2"})
    assert dice.expression.iloc[0] == "4"
    assert result.expression.iloc[0] != "4"  # result-2 of 3d3kl2: no longer a fixed 4
    assert result[result.quantity == "mean result"].exact.iloc[0] != 4.0


def test_figure_bars_are_the_exact_odds():
    result = simlab.run_study("bedpans-movement", games=9, seed=1, mover="elder_second",
                              stuff="none")
    fig = result.plot()
    top = fig.axes[0]
    proportions = result.summary[result.summary.kind == "proportion"]
    assert [b.get_height() for b in top.patches] == pytest.approx(proportions.exact.tolist())
    assert [b.get_x() + b.get_width() / 2 for b in top.patches] == pytest.approx(
        [int(q[len("P(result = "):-1]) for q in proportions.quantity])
    marks = top.lines[0]
    assert list(marks.get_ydata()) == pytest.approx(proportions.estimate.tolist())
    assert "(9 games" in fig.get_suptitle()


def test_figure_of_every_mover_has_a_column_each():
    result = simlab.run_study("bedpans-movement", games=30, seed=2)
    fig = result.plot()
    tops, bottoms = fig.axes[:5], fig.axes[5:]  # row by row
    assert len(fig.axes) == 10 and tuple(fig.get_size_inches()) == pytest.approx((15.3, 6.4))
    assert tops[0].get_title().startswith("Elder") and "\n(" in tops[0].get_title()
    assert [t for t in bottoms[0].get_xticks()] == list(range(2, 9))  # no result 1 (M5)
    assert bottoms[0].get_xlabel() == "spaces of movement (die result)"
    assert tops[0].get_ylabel().startswith("probability") and tops[1].get_ylabel() == ""
    assert bottoms[0].get_ylabel().startswith("estimate − exact")
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert "estimate" in labels and len(labels) == 5  # four Stuff of the first Elder
    assert fig.get_suptitle().startswith("Do the simulated movement dice match")
    assert "(30 games" in fig.get_suptitle()
