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


def test_without_a_game_column_the_intervals_combine_as_independent():
    a = pd.DataFrame({"won": [1, 1, 0, 1, 1, 0, 1, 1]})
    b = pd.DataFrame({"won": [0, 1, 0, 0, 1]})
    sa, sb = summarize(a, proportions=["won"]), summarize(b, proportions=["won"])
    row = difference_table(a, sa, b, sb).iloc[0]
    half_a = (sa["high"].iloc[0] - sa["low"].iloc[0]) / 2
    half_b = (sb["high"].iloc[0] - sb["low"].iloc[0]) / 2
    half = (half_a ** 2 + half_b ** 2) ** 0.5
    assert row["difference"] == pytest.approx(6 / 8 - 2 / 5, rel=1e-12)
    assert (row["low"], row["high"]) == pytest.approx(
        (6 / 8 - 2 / 5 - half, 6 / 8 - 2 / 5 + half), rel=1e-12)
    assert (row["a"], row["b"], row["n"], row["method"], row["kind"]) == (
        0.75, 0.4, 5, "unpaired", "proportion")


def test_by_groups_are_paired_per_group_and_a_group_of_one_run_only_is_nan():
    rng = np.random.default_rng(8)
    games = 30
    a = pd.DataFrame({"game": np.repeat(np.arange(games), 2), "seat": np.tile([0, 1], games),
                      "vp": rng.integers(0, 20, 2 * games)})
    b = a.assign(vp=a["vp"] + rng.integers(-3, 5, 2 * games))
    b = pd.concat([b, pd.DataFrame({"game": [0], "seat": [2], "vp": [7]})], ignore_index=True)
    a = pd.concat([a, pd.DataFrame({"game": [1], "seat": [3], "vp": [4]})], ignore_index=True)
    kw = dict(by=["seat"], means=["vp"])
    out = difference_table(a, summarize(a, **kw), b, summarize(b, **kw), confidence=0.9)
    assert out["seat"].tolist() == [0, 1, 3] and list(out.columns) == [
        "seat", "quantity", "kind", "a", "b", "difference", "low", "high", "n", "method"]
    for seat in (0, 1):
        row = out[out["seat"] == seat].iloc[0]
        xa = a[a["seat"] == seat].set_index("game")["vp"]
        xb = b[b["seat"] == seat].set_index("game")["vp"]
        ci = sps.ttest_rel(xa, xb).confidence_interval(0.9)
        assert row["difference"] == pytest.approx((xa - xb).mean(), rel=1e-12)
        assert (row["low"], row["high"]) == pytest.approx((ci.low, ci.high), rel=1e-9)
        assert (row["n"], row["method"]) == (games, "paired")
    lone = out[out["seat"] == 3].iloc[0]
    assert lone["a"] == 4.0 and np.isnan(lone["b"]) and np.isnan(lone["difference"])
    assert np.isnan(lone["low"]) and np.isnan(lone["high"])
    assert (lone["n"], lone["method"]) == (1, "unpaired")


def test_a_group_with_no_rows_in_one_run_or_a_quantity_not_in_the_rows_is_unpaired():
    a = pd.DataFrame({"game": [0, 1, 2, 3], "p": ["x", "x", "y", "y"], "won": [1, 0, 1, 1]})
    b = pd.DataFrame({"game": [0, 1, 2, 3], "p": ["x", "x", "x", "x"], "won": [0, 0, 1, 1]})
    sb = summarize(b, by=["p"], proportions=["won"])
    sb = pd.concat([sb, sb.assign(p="y", estimate=0.5, low=0.1, high=0.9, n=2)],
                   ignore_index=True)  # y: in the summary of b, in none of its rows
    out = difference_table(a, summarize(a, by=["p"], proportions=["won"]), b, sb)
    y = out[out["p"] == "y"].iloc[0]
    assert (y["method"], y["n"], y["difference"]) == ("unpaired", 2, 0.5)
    assert out[out["p"] == "x"].iloc[0]["method"] == "paired"
    renamed = b.rename(columns={"won": "cured"})
    row = difference_table(a, summarize(a, proportions=["won"]), renamed,
                           summarize(a, proportions=["won"])).iloc[0]
    assert row["method"] == "unpaired"  # b's rows have no column "won"


def test_the_confidence_reaches_the_paired_interval():
    a = pd.DataFrame({"game": range(12), "vp": [3, 5, 2, 8, 6, 4, 7, 5, 6, 3, 9, 4]})
    b = a.assign(vp=[2, 5, 1, 6, 6, 2, 7, 3, 5, 3, 6, 4])
    for confidence in (0.5, 0.99):
        row = difference_table(a, summarize(a, means=["vp"]), b, summarize(b, means=["vp"]),
                               confidence=confidence).iloc[0]
        ci = sps.ttest_rel(a["vp"], b["vp"]).confidence_interval(confidence)
        assert (row["low"], row["high"]) == pytest.approx((ci.low, ci.high), rel=1e-9)


def test_a_comparison_result_tells_its_study_sets_parameters_and_differences(tmp_path):
    import json

    export_data("bad_doctor", tmp_path / "a")
    export_data("bad_doctor", tmp_path / "b")
    result = simlab.run_study("test-data-deaths", games=2, seed=3, data=tmp_path / "a",
                              compare_data=tmp_path / "b")
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    assert (result.label_a, result.label_b) == (a, b)
    assert result.params == {**result.a.params, "data": a, "compare_data": b}
    assert result.params["games"] == 2 and result.params["seed"] == 3
    assert repr(result) == (f"ComparisonResult('test-data-deaths', a={a!r}, b={b!r}, "
                            "games=2, seed=3)")
    page = result._repr_html_()
    assert page.startswith(f"<b>{result.a.study.title}</b>: a = {a}, b = {b}, "
                           "difference a − b<table")
    doc = json.loads(result.to_json())
    assert (doc["study"], doc["title"], doc["params"]["compare_data"]) == (
        "test-data-deaths", result.a.study.title, b)
    assert [r["quantity"] for r in doc["summary"]] == result.summary["quantity"].tolist()
    assert all(r["difference"] == 0 for r in doc["summary"])  # the same sets, the same games
    assert result.to_json(indent=2).startswith('{\n  "study"')


def test_games_with_rows_in_one_run_only_count_as_pairs_with_nothing_on_the_other_side():
    a = pd.DataFrame({"game": [0, 0, 1, 2, 2, 3], "cured": [1, 0, 1, 0, 1, 1]})
    b = pd.DataFrame({"game": [0, 1, 1, 2, 4], "cured": [1, 1, 0, 0, 1]})
    row = difference_table(a, summarize(a, proportions=["cured"]),
                           b, summarize(b, proportions=["cured"])).iloc[0]
    # games 0-4: a has 2, 1, 2, 1, 0 rows (sums 1, 1, 1, 1, 0), b 1, 2, 1, 0, 1 (1, 1, 0, 0, 1)
    by_hand = paired_ratio_difference(np.array([1, 1, 1, 1, 0]), np.array([2, 1, 2, 1, 0]),
                                      np.array([1, 1, 0, 0, 1]), np.array([1, 2, 1, 0, 1]))
    assert by_hand[0] == pytest.approx(4 / 6 - 3 / 5, rel=1e-12)
    assert (row["difference"], row["low"], row["high"]) == pytest.approx(by_hand, rel=1e-12)
    assert (row["n"], row["method"]) == (5, "paired")


def test_one_run_without_a_game_column_is_compared_unpaired():
    a = pd.DataFrame({"game": [0, 1, 2, 3], "won": [1, 0, 1, 1]})
    b = pd.DataFrame({"won": [0, 0, 1, 1]})
    row = difference_table(a, summarize(a, proportions=["won"]),
                           b, summarize(b, proportions=["won"])).iloc[0]
    assert (row["difference"], row["method"], row["n"]) == (0.25, "unpaired", 4)


def test_two_empty_summaries_give_an_empty_table_with_the_comparison_columns():
    a = pd.DataFrame({"game": [0, 1], "seat": [0, 1], "won": [1, 0]})
    empty = summarize(a, by=["seat"], proportions=["won"]).iloc[0:0]
    out = difference_table(a, empty, a, empty)
    assert out.empty and list(out.columns) == ["seat", "quantity", "kind", "a", "b",
                                               "difference", "low", "high", "n", "method"]


def test_the_html_of_a_comparison_has_no_index_and_four_significant_digits(tmp_path):
    from simlab.core.study.compare import ComparisonResult

    export_data("bad_doctor", tmp_path / "a")
    run = simlab.run_study("test-data-deaths", games=1, seed=1, data=tmp_path / "a")
    table = pd.DataFrame({"quantity": ["deaths"], "difference": [1.2345678]})
    page = ComparisonResult(run, run, "A", "B", table)._repr_html_()
    assert "<td>1.235</td>" in page and "<td>deaths</td>" in page
    assert "<th>0</th>" not in page and "<th></th>" not in page  # no index column


def test_groups_of_two_columns_pair_only_their_own_rows():
    rng = np.random.default_rng(11)
    games = 24
    a = pd.DataFrame({"game": np.repeat(np.arange(games), 4), "team": np.tile([0, 0, 1, 1], games),
                      "seat": np.tile([0, 1, 0, 1], games), "vp": rng.integers(0, 20, 4 * games)})
    b = a.assign(vp=a["vp"] + rng.integers(-4, 6, 4 * games))
    kw = dict(by=["team", "seat"], means=["vp"])
    out = difference_table(a, summarize(a, **kw), b, summarize(b, **kw))
    assert len(out) == 4
    for _, row in out.iterrows():
        pick = (a["team"] == row["team"]) & (a["seat"] == row["seat"])
        ci = sps.ttest_rel(a.loc[pick, "vp"], b.loc[pick, "vp"]).confidence_interval()
        assert row["difference"] == pytest.approx((a.loc[pick, "vp"] - b.loc[pick, "vp"]).mean())
        assert (row["low"], row["high"], row["n"]) == pytest.approx((ci.low, ci.high, games))
