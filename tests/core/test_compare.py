"""Paired intervals and the comparison of two component sets (issue 18, item 4)."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

import simlab
from simlab.core.data import export_data
from simlab.core.stats import paired_difference, paired_ratio_difference, summarize
from simlab.core.study.compare import difference_table
from tests.core.test_data import DATA_STUDY  # noqa: F401  registers "test-data-deaths"


def test_paired_difference_is_the_interval_of_ttest_rel():
    rng = np.random.default_rng(3)
    a = rng.normal(5, 2, 40)
    b = a - 0.7 + rng.normal(0, 0.5, 40)
    d, low, high = paired_difference(a, b, confidence=0.9)
    ci = sps.ttest_rel(a, b).confidence_interval(0.9)
    assert d == pytest.approx(np.mean(a - b))
    assert (low, high) == pytest.approx((ci.low, ci.high))


def test_the_ratio_form_with_one_row_a_game_is_the_paired_t_interval():
    rng = np.random.default_rng(4)
    a, b = rng.integers(0, 2, 50), rng.integers(0, 2, 50)
    ones = np.ones(50)
    assert paired_ratio_difference(a, ones, b, ones) == pytest.approx(paired_difference(a, b))


def test_the_ratio_interval_covers_the_true_difference_about_95_in_100():
    """Clusters of 1-4 rows a game, a shared game effect: the linearized interval's coverage."""
    rng = np.random.default_rng(5)
    hits, runs = 0, 200
    for _ in range(runs):
        games = 60
        luck = rng.normal(0, 1, games)  # what matched seeds share
        na, nb = rng.integers(1, 5, games), rng.integers(1, 5, games)
        ya = np.array([rng.normal(2 + luck[i], 1, n).sum() for i, n in enumerate(na)])
        yb = np.array([rng.normal(1.5 + luck[i], 1, n).sum() for i, n in enumerate(nb)])
        _, low, high = paired_ratio_difference(ya, na, yb, nb)
        hits += low <= 0.5 <= high
    low, high = sps.binomtest(hits, runs).proportion_ci(0.999)
    assert low <= 0.95 <= high


def test_a_comparison_of_two_sets_matches_an_independent_paired_computation(tmp_path):
    export_data("bad_doctor", tmp_path / "a")
    export_data("bad_doctor", tmp_path / "b")
    path = tmp_path / "b" / "patients.txt"
    path.write_text(re.sub(r"^(\S+\s+\S+\s+\S+\s+)(\d)", lambda m: m[1] + str(int(m[2]) + 1),
                           path.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    result = simlab.run_study("test-data-deaths", games=8, seed=2, data=tmp_path / "a",
                              compare_data=tmp_path / "b")
    pairs = result.a.games.merge(result.b.games, on="game", suffixes=("_a", "_b"))
    assert len(pairs) == 8
    for quantity in ("deaths", "cures"):
        row = result.summary.set_index("quantity").loc[quantity]
        ci = sps.ttest_rel(pairs[f"{quantity}_a"], pairs[f"{quantity}_b"]).confidence_interval()
        assert row["difference"] == pytest.approx((pairs[f"{quantity}_a"]
                                                   - pairs[f"{quantity}_b"]).mean())
        assert (row["low"], row["high"]) == pytest.approx((ci.low, ci.high))
        assert row["method"] == "paired" and row["n"] == 8
    assert result.summary.set_index("quantity").loc["deaths", "difference"] > 0  # roomier: fewer


def test_rows_of_several_per_game_are_pooled_as_the_summary_pools_them():
    a = pd.DataFrame({"game": [0, 0, 1, 2, 2, 2], "cured": [1, 0, 1, 0, 0, 1]})
    b = pd.DataFrame({"game": [0, 1, 1, 2], "cured": [1, 1, 1, 0]})
    s = lambda g: summarize(g, proportions=["cured"])  # noqa: E731
    row = difference_table(a, s(a), b, s(b)).iloc[0]
    assert row["difference"] == pytest.approx(3 / 6 - 3 / 4)
    assert row["a"] - row["b"] == pytest.approx(row["difference"]) and row["n"] == 3
