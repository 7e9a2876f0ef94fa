"""Tests of simlab.core.stats: intervals against published values and scipy, coverage."""

from __future__ import annotations

import math
import statistics
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as sps

from simlab.core.errors import ConfigError
from simlab.core.stats import (
    bootstrap_interval,
    chisquare_gof,
    kaplan_meier,
    mean_interval,
    mean_summary,
    paired_difference,
    paired_ratio_difference,
    proportion_summary,
    summarize,
    weighted_mean_interval,
    weighted_mean_summary,
    weighted_proportion_summary,
    welch_difference,
    wilson_interval,
    wilson_share_interval,
)

# --------------------------------------------------------------------------- Wilson


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        # Newcombe (1998), Stat. Med. 17:857, table I, method 3 (Wilson score):
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Values from the closed form z²/(n+z²) and its mirror, and 5 of 10:
        (0, 10, 0.0, 0.2775),
        (5, 10, 0.2366, 0.7634),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_matches_published_values(successes, n, low, high):
    lo, hi = wilson_interval(successes, n)
    assert lo == pytest.approx(low, abs=6e-5)
    assert hi == pytest.approx(high, abs=6e-5)


def _wilson_statsmodels_formula(count, nobs, alpha):
    """statsmodels.stats.proportion.proportion_confint(method="wilson"), written out."""
    q_ = count / nobs
    crit = sps.norm.isf(alpha / 2.0)
    crit2 = crit**2
    denom = 1 + crit2 / nobs
    center = (q_ + crit2 / (2 * nobs)) / denom
    dist = crit * np.sqrt(q_ * (1.0 - q_) / nobs + crit2 / (4.0 * nobs**2)) / denom
    return center - dist, center + dist


@pytest.mark.parametrize("confidence", [0.8, 0.9, 0.95, 0.99])
def test_wilson_matches_statsmodels_formula(confidence):
    s = np.array([1, 3, 17, 250, 999])
    n = np.array([7, 40, 17, 1000, 1000])
    lo, hi = wilson_interval(s, n, confidence)
    want_lo, want_hi = _wilson_statsmodels_formula(s, n, 1 - confidence)
    np.testing.assert_allclose(lo, want_lo, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(hi, np.minimum(want_hi, 1.0), rtol=1e-12)


def test_wilson_vectorized_equals_scalar_and_n0_is_nan():
    s = np.array([0, 2, 0, 9])
    n = np.array([5, 9, 0, 9])
    lo, hi = wilson_interval(s, n)
    assert isinstance(lo, np.ndarray) and lo.shape == (4,)
    for i in range(4):
        one = wilson_interval(int(s[i]), int(n[i]))
        np.testing.assert_equal((lo[i], hi[i]), one)
    assert math.isnan(lo[2]) and math.isnan(hi[2])
    assert wilson_interval(0, 0) == pytest.approx((math.nan, math.nan), nan_ok=True)
    assert isinstance(wilson_interval(1, 2)[0], float)


@pytest.mark.parametrize(("s", "n"), [(-1, 5), (6, 5), (1, -2)])
def test_wilson_rejects_impossible_counts(s, n):
    with pytest.raises(ConfigError, match="successes"):
        wilson_interval(s, n)


@pytest.mark.parametrize("confidence", [0, 1, 95, -0.5])
def test_bad_confidence_is_config_error(confidence):
    with pytest.raises(ConfigError, match="confidence"):
        wilson_interval(1, 2, confidence)
    with pytest.raises(ConfigError, match="confidence"):
        mean_interval([1, 2, 3], confidence)


def test_wilson_coverage_is_near_nominal():
    rng = np.random.default_rng(20240611)
    n, p, trials = 60, 0.3, 4000
    successes = rng.binomial(n, p, size=trials)
    lo, hi = wilson_interval(successes, np.full(trials, n))
    coverage = np.mean((lo <= p) & (p <= hi))
    assert 0.93 <= coverage <= 0.97


# --------------------------------------------------------------------------- t intervals


@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_mean_interval_matches_scipy(confidence):
    x = np.random.default_rng(5).normal(10, 3, size=37)
    mean, lo, hi = mean_interval(x, confidence)
    want = sps.t.interval(confidence, len(x) - 1, loc=x.mean(), scale=sps.sem(x))
    assert mean == pytest.approx(x.mean())
    assert (lo, hi) == pytest.approx(want, rel=1e-12)


def test_mean_interval_edge_cases():
    nan = math.nan
    assert mean_interval([]) == pytest.approx((nan, nan, nan), nan_ok=True)
    assert mean_interval([3.0]) == pytest.approx((3.0, nan, nan), nan_ok=True)
    assert mean_interval([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)
    assert mean_interval([1.0, None, np.nan, 3.0])[0] == 2.0


def test_t_interval_coverage_is_near_nominal():
    rng = np.random.default_rng(11)
    data = rng.exponential(2.0, size=(3000, 40))
    hits = 0
    for row in data:
        _, lo, hi = mean_interval(row)
        hits += lo <= 2.0 <= hi
    assert 0.92 <= hits / len(data) <= 0.97


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(-50, 50), st.integers(0, 30)),
        min_size=1,
        max_size=12,
    )
)
def test_weighted_mean_equals_expanded_sample(pairs):
    values = [float(v) for v, _ in pairs]
    counts = [c for _, c in pairs]
    expanded = np.repeat(values, counts)
    got = weighted_mean_interval(values, counts)
    want = mean_interval(expanded)
    np.testing.assert_allclose(got, want, rtol=1e-9, atol=1e-9)
    row = weighted_mean_summary(values, counts)
    assert row["n"] == sum(counts)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 40)), min_size=1, max_size=10))
def test_weighted_proportion_equals_expanded_sample(pairs):
    flags = [f for f, _ in pairs]
    counts = [c for _, c in pairs]
    got = weighted_proportion_summary(flags, counts)
    want = proportion_summary(np.repeat(flags, counts))
    assert got == pytest.approx(want, nan_ok=True)


def test_summary_rows_have_the_four_keys():
    assert set(proportion_summary([1, 0, 1])) == {"estimate", "low", "high", "n"}
    assert set(mean_summary([1, 2])) == {"estimate", "low", "high", "n"}
    assert proportion_summary([True, None, False])["n"] == 2
    with pytest.raises(ConfigError, match="True/False or 0/1"):
        proportion_summary([0, 1, 2])


# --------------------------------------------------------------------------- bootstrap


def test_bootstrap_is_seeded_and_brackets_the_estimate():
    x = np.random.default_rng(2).normal(0, 1, size=200)
    a = bootstrap_interval(x, seed=4)
    assert a == bootstrap_interval(x, seed=4)
    assert a != bootstrap_interval(x, seed=5)
    est, lo, hi = a
    assert lo < est < hi
    _, t_lo, t_hi = mean_interval(x)
    assert lo == pytest.approx(t_lo, abs=0.05) and hi == pytest.approx(t_hi, abs=0.05)


def test_bootstrap_with_a_stat_without_axis_argument():
    x = np.arange(30.0)
    est, lo, hi = bootstrap_interval(x, stat=lambda s: float(np.max(s) - np.min(s)), seed=1)
    assert est == 29.0 and lo <= hi <= 29.0
    nan = math.nan
    assert bootstrap_interval([]) == pytest.approx((nan, nan, nan), nan_ok=True)


def test_bootstrap_is_scipy_percentile_bootstrap():
    x = np.random.default_rng(8).exponential(3.0, size=80)
    est, lo, hi = bootstrap_interval(x, np.median, resamples=999, seed=3)
    want = sps.bootstrap((x,), np.median, n_resamples=999, method="percentile",
                         rng=np.random.default_rng(3)).confidence_interval
    assert est == np.median(x) and (lo, hi) == (want.low, want.high)
    assert bootstrap_interval([4.0]) == pytest.approx((4.0, math.nan, math.nan), nan_ok=True)
    with pytest.raises(ConfigError, match="method"):
        bootstrap_interval(x, method="normal")


def test_bootstrap_defaults_are_2000_percentile_resamples_on_seed_0():
    x = np.array([2.0, 3.5, 1.0, 8.0, 4.0, 4.5, 0.5, 6.0, 2.5, 3.0])
    want = sps.bootstrap((x,), np.mean, n_resamples=2000, method="percentile",
                         confidence_level=0.95, rng=np.random.default_rng(0)).confidence_interval
    assert bootstrap_interval(x) == (x.mean(), want.low, want.high)


@pytest.mark.parametrize("method", ["basic", "BCa"])
def test_bootstrap_takes_the_basic_and_bca_methods_at_any_confidence(method):
    x = np.array([2.0, 3.5, 1.0, 8.0, 4.0, 4.5, 0.5, 6.0, 2.5, 3.0])
    want = sps.bootstrap((x,), np.mean, n_resamples=500, method=method, confidence_level=0.8,
                         rng=np.random.default_rng(7)).confidence_interval
    got = bootstrap_interval(x, confidence=0.8, resamples=500, seed=7, method=method)
    assert got == (x.mean(), want.low, want.high)


def test_bootstrap_one_resample_is_allowed_and_zero_is_not():
    x = [1.0, 2.0, 4.0, 7.0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # scipy's spread of one resample
        est, lo, hi = bootstrap_interval(x, resamples=1, seed=2)
    # one resample: both bounds are its mean, a mean of four of the values
    assert est == 3.5 and lo == hi and (4 * lo) % 1 == 0 and 1.0 <= lo <= 7.0
    with pytest.raises(ConfigError, match="resamples must be at least 1, got 0"):
        bootstrap_interval(x, resamples=0)


def test_bootstrap_silences_only_scipy_degenerate_data_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert bootstrap_interval([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)  # degenerate: no warning

    def noisy_mean(sample, axis=-1):
        # only on the resamples (scipy passes them in batches, 2-d): the estimate's own
        # call is outside the filter, and a warning there would hide one swallowed inside
        if np.ndim(sample) > 1:
            warnings.warn("from the statistic", UserWarning, stacklevel=2)
        return np.mean(sample, axis=axis)

    with pytest.warns(UserWarning, match="from the statistic"):
        bootstrap_interval([1.0, 2.0, 4.0], noisy_mean, resamples=20)


# --------------------------------------------------------------------------- Welch


def test_welch_matches_the_written_out_formula():
    rng = np.random.default_rng(4)
    a, b = rng.normal(3, 1, size=9), rng.normal(2, 3, size=23)
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    df = (va + vb) ** 2 / (va**2 / (a.size - 1) + vb**2 / (b.size - 1))  # Satterthwaite
    half = sps.t.ppf(0.975, df) * math.sqrt(va + vb)
    d = a.mean() - b.mean()
    assert welch_difference(a, b) == pytest.approx((d, d - half, d + half), rel=1e-12)


def test_welch_edge_cases():
    assert welch_difference([2, 2, 2], [1, 1]) == (1.0, 1.0, 1.0)  # nothing varies
    d, lo, hi = welch_difference([1.0], [1.0, 2.0])
    assert d == -0.5 and math.isnan(lo) and math.isnan(hi)


def _quiet(fn, *args):
    """``fn(*args)`` with every warning an error: edge cases must not compute on nothing."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return fn(*args)


def test_welch_with_one_constant_sample_is_the_other_samples_t_interval():
    # s_a = 0, s_b = 1, n_b = 3: se = sqrt(1/3), Satterthwaite df = n_b - 1 = 2
    half = sps.t.ppf(0.975, 2) * math.sqrt(1 / 3)
    want = (-1.0, -1.0 - half, -1.0 + half)
    assert welch_difference([1, 1, 1], [1, 2, 3]) == pytest.approx(want, rel=1e-12)
    assert welch_difference([1, 2, 3], [1, 1, 1]) == pytest.approx((1.0, 1 - half, 1 + half),
                                                                    rel=1e-12)


def test_welch_with_two_values_each():
    # a = 1, 3: var 2; b = 0, 4: var 8; se² = 2/2 + 8/2 = 5; df = 25 / (1² + 4²) = 25/17
    half = sps.t.ppf(0.975, 25 / 17) * math.sqrt(5)
    assert welch_difference([1, 3], [0, 4]) == pytest.approx((0.0, -half, half), abs=1e-12)


def test_welch_with_an_empty_or_single_sample_gives_nan_quietly():
    nan = math.nan
    for a, b, d in [([], [1, 2], nan), ([1, 2], [], nan), ([1], [1, 2, 3], -1.0),
                    ([1, 2, 3], [5], -3.0)]:
        assert _quiet(welch_difference, a, b) == pytest.approx((d, nan, nan), nan_ok=True)


# --------------------------------------------------------------------------- paired


def test_paired_difference_drops_pairs_with_a_missing_value():
    # pairs 2 and 3 have a None: d = 1, 4; mean 2.5, s = sqrt(4.5), t(1) interval
    half = sps.t.ppf(0.975, 1) * math.sqrt(4.5) / math.sqrt(2)
    got = paired_difference([1, None, 3, 5], [0, 2, None, 1])
    assert got == pytest.approx((2.5, 2.5 - half, 2.5 + half), rel=1e-12)


def test_paired_difference_of_true_false_values():
    # d = 1, 0, 0: mean 1/3, s² = 1/3, t(2) interval
    half = sps.t.ppf(0.975, 2) * math.sqrt(1 / 3) / math.sqrt(3)
    got = paired_difference([True, False, True], [False, False, True])
    assert got == pytest.approx((1 / 3, 1 / 3 - half, 1 / 3 + half), rel=1e-12)


def test_paired_difference_of_two_pairs_and_of_one():
    # d = 0, 2: mean 1, s = sqrt(2) (population variance exactly 1), t(1) interval
    half = sps.t.ppf(0.975, 1) * math.sqrt(2) / math.sqrt(2)
    assert paired_difference([0, 2], [0, 0]) == pytest.approx((1.0, 1 - half, 1 + half))
    assert paired_difference([5, 7], [2, 4]) == (3.0, 3.0, 3.0)  # the same difference twice
    nan = math.nan
    assert _quiet(paired_difference, [3], [1]) == pytest.approx((2.0, nan, nan), nan_ok=True)
    assert _quiet(paired_difference, [], []) == pytest.approx((nan, nan, nan), nan_ok=True)


def test_paired_difference_refuses_unequal_or_two_dimensional_samples():
    message = "paired samples must have the same length, not 3 and 2"
    with pytest.raises(ConfigError, match=message):
        paired_difference([1, 2, 3], [1, 2])
    with pytest.raises(ConfigError, match="same length"):
        paired_difference([[1, 2], [3, 4]], [[1, 2], [3, 4]])


def _ratio_difference_by_hand(ya, na, yb, nb, confidence=0.95):
    """The docstring's delta method written out with Fractions and ``statistics``."""
    g = len(ya)
    ra, rb = Fraction(sum(ya), sum(na)), Fraction(sum(yb), sum(nb))
    mean_na, mean_nb = Fraction(sum(na), g), Fraction(sum(nb), g)
    z = [(Fraction(ya[i]) - ra * na[i]) / mean_na - (Fraction(yb[i]) - rb * nb[i]) / mean_nb
         for i in range(g)]
    half = sps.t.ppf(0.5 + confidence / 2, g - 1) * float(statistics.stdev(z)) / math.sqrt(g)
    d = float(ra - rb)
    return d, d - half, d + half


def test_paired_ratio_difference_with_several_rows_a_game_matches_the_hand_formula():
    ya, na, yb, nb = [2, 1, 3], [1, 1, 2], [1, 0, 2], [2, 1, 1]
    want = _ratio_difference_by_hand(ya, na, yb, nb)
    assert paired_ratio_difference(ya, na, yb, nb) == pytest.approx(want, rel=1e-12)
    want = _ratio_difference_by_hand(ya, na, yb, nb, 0.8)
    assert paired_ratio_difference(ya, na, yb, nb, 0.8) == pytest.approx(want, rel=1e-12)


def test_paired_ratio_difference_with_one_row_in_a_run_or_two_games():
    # one row in each run (game 0): R_a = 2, R_b = 1; z = (0, 0, 0) apart from rounding
    assert paired_ratio_difference([2, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0]) == (1.0, 1.0, 1.0)
    ya, na, yb, nb = [2, 1, 0], [1, 0, 0], [1, 0, 4], [1, 0, 2]
    assert paired_ratio_difference(ya, na, yb, nb) == pytest.approx(
        _ratio_difference_by_hand(ya, na, yb, nb), rel=1e-12)
    ya, na, yb, nb = [3, 1], [2, 1], [1, 2], [1, 1]
    assert paired_ratio_difference(ya, na, yb, nb) == pytest.approx(
        _ratio_difference_by_hand(ya, na, yb, nb), rel=1e-12)


def test_paired_ratio_difference_edge_cases_are_quiet():
    nan = math.nan
    one_game = _quiet(paired_ratio_difference, [3], [2], [1], [1])
    assert one_game == pytest.approx((0.5, nan, nan), nan_ok=True)
    for args in [([0, 0], [0, 0], [1, 2], [1, 1]), ([1, 2], [1, 1], [0, 0], [0, 0]),
                 ([], [], [], [])]:
        assert _quiet(paired_ratio_difference, *args) == pytest.approx((nan, nan, nan),
                                                                        nan_ok=True)


def test_paired_ratio_difference_refuses_unequal_or_two_dimensional_input():
    message = r"^paired sums and counts must have the same length$"
    with pytest.raises(ConfigError, match=message):
        paired_ratio_difference([1, 2], [1, 1], [1], [1])
    with pytest.raises(ConfigError, match=message):
        paired_ratio_difference(*[[[1, 2], [3, 4]]] * 4)


# --------------------------------------------------------------------------- Kaplan-Meier

#: Remission times in weeks of the 6-MP group of Freireich et al. (1963), Gehan (1965);
#: False marks a censored time.
GEHAN_6MP = [(6, True), (6, True), (6, True), (6, False), (7, True), (9, False), (10, True),
             (10, False), (11, False), (13, True), (16, True), (17, False), (19, False),
             (20, False), (22, True), (23, True), (25, False), (32, False), (32, False),
             (34, False), (35, False)]


def test_kaplan_meier_matches_the_published_6mp_table():
    # Kaplan-Meier estimate and Greenwood standard error at each death time, as published
    # (e.g. Klein & Moeschberger, Survival Analysis, 2nd ed., 2003, example 4.1; R's
    # survfit on these data): time -> (S, se)
    published = {6: (0.857, 0.0764), 7: (0.807, 0.0869), 10: (0.753, 0.0963),
                 13: (0.690, 0.1068), 16: (0.627, 0.1141), 22: (0.538, 0.1282),
                 23: (0.448, 0.1346)}
    times, events = zip(*GEHAN_6MP, strict=True)
    table = kaplan_meier(times, events).set_index("time")
    z = sps.norm.ppf(0.975)
    for time, (surv, se) in published.items():
        row = table.loc[time]
        assert row.survival == pytest.approx(surv, abs=5e-4)
        assert (row.survival - row.low) / z == pytest.approx(se, abs=5e-4)  # Greenwood
        assert row.high == pytest.approx(min(1.0, row.survival + z * se), abs=1e-3)
    assert table.loc[35].survival == pytest.approx(0.448, abs=5e-4)  # flat after 23
    assert table.loc[6].at_risk == 21 and table.loc[6].events == 3


def test_kaplan_meier_with_censoring_and_bad_input():
    table = kaplan_meier([2, 3, 3, 5, 8], [True, False, True, True, False])
    # S(2)=4/5, S(3)=4/5*3/4=0.6, S(5)=0.6*1/2=0.3, S(8)=0.3 (censored)
    assert table["survival"].round(6).tolist() == [1.0, 0.8, 0.6, 0.3, 0.3]
    assert table["at_risk"].tolist() == [5, 5, 4, 2, 1]
    assert (table.low <= table.survival).all() and (table.survival <= table.high).all()
    nobody = kaplan_meier([1, 2], [False, False])
    assert nobody.survival.tolist() == [1.0, 1.0, 1.0]
    with pytest.raises(ConfigError, match="3 durations but 2"):
        kaplan_meier([1, 2, 3], [True, False])


def test_kaplan_meier_without_event_flags_and_with_0_1_flags():
    # every duration an event: S = 2/3, 1/3, 0 at times 1, 2, 3
    table = kaplan_meier([3, 1, 2])
    assert table["survival"].tolist() == pytest.approx([1.0, 2 / 3, 1 / 3, 0.0])
    assert table["events"].tolist() == [0, 1, 1, 1] and table["at_risk"].tolist() == [3, 3, 2, 1]
    assert (table.loc[0, "low"], table.loc[0, "high"]) == (1.0, 1.0)
    # flags as 1/0 are events and censorings, not positions
    flagged = kaplan_meier([2, 3, 3, 5, 8], [1, 0, 1, 1, 0])
    assert flagged["survival"].round(6).tolist() == [1.0, 0.8, 0.6, 0.3, 0.3]
    assert flagged["events"].tolist() == [0, 1, 1, 1, 0]


def test_kaplan_meier_keeps_fractional_times():
    table = kaplan_meier([0.5, 1.5, 1.5], [True, True, False])
    assert table["time"].tolist() == [0.0, 0.5, 1.5]
    assert table["survival"].tolist() == pytest.approx([1.0, 2 / 3, 1 / 3])


# --------------------------------------------------------------------------- chi-square


def _tally(xs):
    keys, counts = np.unique(xs, return_counts=True)
    return {int(k): int(c) for k, c in zip(keys, counts, strict=True)}


def _binomial_exact(n):
    return {k: Fraction(math.comb(n, k), 2**n) for k in range(n + 1)}


def test_chisquare_accepts_a_fair_sample_and_rejects_a_biased_one():
    rng = np.random.default_rng(3)
    exact = _binomial_exact(12)
    fair = rng.binomial(12, 0.5, size=5000)
    biased = rng.binomial(12, 0.53, size=5000)
    assert chisquare_gof(_tally(fair), exact) > 0.01
    assert chisquare_gof(_tally(biased), exact) < 1e-6


def test_chisquare_pools_sparse_tails():
    exact = _binomial_exact(10)  # expected counts at N=100: 0.1, 1.0, 4.4, 11.7, 20.5, ...
    observed = {0: 1, 1: 3, 2: 4, 3: 12, 4: 20, 5: 25, 6: 20, 7: 11, 8: 2, 9: 2, 10: 0}
    n = sum(observed.values())
    p = {k: float(v) for k, v in exact.items()}
    # by hand, each pooled cell expecting >= 5: {0,1,2} | 3 | 4 | 5 | 6 | 7 | {8,9,10}
    obs = [1 + 3 + 4, 12, 20, 25, 20, 11, 2 + 2 + 0]
    exp = [n * (p[0] + p[1] + p[2])] + [n * p[k] for k in range(3, 8)]
    exp.append(n - sum(exp))
    assert min(exp) >= 5
    want = sps.chisquare(obs, exp).pvalue
    assert chisquare_gof(observed, exact) == pytest.approx(want, rel=1e-9)


def test_chisquare_edge_cases():
    d6 = {k: Fraction(1, 6) for k in range(1, 7)}
    assert chisquare_gof({0: 1, 3: 100}, d6) == 0.0  # impossible outcome seen
    assert math.isnan(chisquare_gof({3: 2}, d6))  # too few to test
    with pytest.raises(ConfigError, match="sum to"):
        chisquare_gof({1: 5}, {1: Fraction(1, 2), 2: Fraction(1, 3)})
    with pytest.raises(ConfigError, match="at least one"):
        chisquare_gof({}, d6)


def test_chisquare_of_two_categories_is_the_one_degree_of_freedom_test():
    coin = {"H": Fraction(1, 2), "T": Fraction(1, 2)}
    assert chisquare_gof({"H": 10, "T": 10}, coin) == pytest.approx(1.0)
    # X² = 2 · 5² / 10 = 5 on 1 degree of freedom: p = erfc(sqrt(5 / 2))
    assert chisquare_gof({"H": 15, "T": 5}, coin) == pytest.approx(math.erfc(math.sqrt(2.5)))


def test_chisquare_pools_a_category_expecting_exactly_five_on_its_own():
    coin = {"H": Fraction(1, 2), "T": Fraction(1, 2)}
    # 10 tosses expect 5 each: two categories, X² = 2 · 3² / 5 = 3.6 on 1 degree of freedom
    assert chisquare_gof({"H": 8, "T": 2}, coin) == pytest.approx(math.erfc(math.sqrt(1.8)))


def test_chisquare_merges_the_sparse_tail_into_the_last_pooled_category():
    exact = {"a": Fraction(3, 10), "b": Fraction(3, 10), "c": Fraction(3, 10), "d": Fraction(1, 10)}
    # 20 draws expect 6, 6, 6, 2: pooled a | b | c+d, observed 5 | 7 | 8 against 6 | 6 | 8;
    # X² = 1/6 + 1/6 + 0 = 1/3 on 2 degrees of freedom: p = exp(-X²/2)
    p = chisquare_gof({"a": 5, "b": 7, "c": 4, "d": 4}, exact)
    assert p == pytest.approx(math.exp(-1 / 6))


def test_chisquare_outcomes_of_probability_zero_never_seen_change_nothing():
    d6 = {k: Fraction(1, 6) for k in range(1, 7)}
    seen = {1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 10}
    assert chisquare_gof(seen, {**d6, 0: 0, 7: 0}) == pytest.approx(1.0)


def test_chisquare_refuses_negative_counts_or_probabilities_and_no_observation():
    message = r"^chisquare_gof needs non-negative counts and probabilities$"
    with pytest.raises(ConfigError, match=message):
        chisquare_gof({1: -1, 2: 6}, {1: Fraction(1, 2), 2: Fraction(1, 2)})
    with pytest.raises(ConfigError, match=message):
        chisquare_gof({1: 3, 2: 3}, {1: Fraction(3, 2), 2: Fraction(-1, 2)})
    with pytest.raises(ConfigError, match=r"^chisquare_gof needs at least one observation$"):
        chisquare_gof({1: 0}, {1: Fraction(1, 2), 2: Fraction(1, 2)})


# --------------------------------------------------------------------------- summarize


def _games():
    return pd.DataFrame(
        {
            "seat": [1, 0, 1, 0, 0, 1],
            "policy": ["a", "a", "b", "b", "b", "a"],
            "won": [True, False, True, True, False, True],
            "turns": [3.0, 5.0, np.nan, 4.0, 6.0, 2.0],
        }
    )


def test_summarize_shape_order_and_dtypes():
    out = summarize(_games(), by=["seat"], proportions=["won"], means=["turns"])
    assert list(out.columns) == [
        "seat",
        "quantity",
        "kind",
        "estimate",
        "low",
        "high",
        "n",
        "exact",
    ]
    assert out["seat"].tolist() == [0, 0, 1, 1]
    assert out["quantity"].tolist() == ["won", "turns", "won", "turns"]
    assert out["kind"].tolist() == ["proportion", "mean", "proportion", "mean"]
    assert out["n"].tolist() == [3, 3, 3, 2]  # the NaN turn is left out
    assert out["n"].dtype == np.int64 and out["exact"].dtype == np.float64
    assert out["exact"].isna().all()
    seat0 = out.iloc[0]
    lo, hi = wilson_interval(1, 3)
    assert (seat0.estimate, seat0.low, seat0.high) == pytest.approx((1 / 3, lo, hi))


def test_summarize_exact_values_per_group_and_global():
    exact = {"won": {(0, "b"): Fraction(1, 2)}, "turns": 4}
    out = summarize(
        _games(), by=["seat", "policy"], proportions=["won"], means=["turns"], exact=exact
    )
    won = out[out.quantity == "won"].set_index(["seat", "policy"])["exact"]
    assert won[(0, "b")] == 0.5
    assert won.drop((0, "b")).isna().all()
    assert (out[out.quantity == "turns"]["exact"] == 4.0).all()


def test_summarize_without_groups_and_with_counts():
    plain = summarize(_games(), proportions=["won"], means=["turns"])
    assert len(plain) == 2 and plain.columns[0] == "quantity"
    agg = (
        _games()
        .dropna()
        .groupby(["won", "turns"], as_index=False)
        .size()
        .rename(columns={"size": "count"})
    )
    weighted = summarize(agg, proportions=["won"], means=["turns"], count="count")
    expanded = summarize(_games().dropna(), proportions=["won"], means=["turns"])
    pd.testing.assert_frame_equal(weighted, expanded, rtol=1e-12)


def test_summarize_at_another_confidence_uses_it_for_every_interval():
    games = pd.DataFrame({"won": [True, False, True, True, False], "turns": [3, 5, 4, 4, 9]})
    out = summarize(games, proportions=["won"], means=["turns"], confidence=0.8)
    wilson = sps.binomtest(3, 5).proportion_ci(0.8, method="wilson")
    turns = np.array([3, 5, 4, 4, 9.0])
    t = sps.t.interval(0.8, 4, loc=turns.mean(), scale=sps.sem(turns))
    assert out[["low", "high"]].to_numpy().ravel().tolist() == pytest.approx(
        [wilson.low, wilson.high, *t], rel=1e-12)
    counted = summarize(pd.DataFrame({"won": [True, False], "count": [3, 2]}),
                        proportions=["won"], count="count", confidence=0.8)
    assert (counted.low[0], counted.high[0]) == pytest.approx((wilson.low, wilson.high))


def test_summarize_errors_name_the_column():
    with pytest.raises(ConfigError, match=r"'nope'.*columns: seat"):
        summarize(_games(), by=["nope"])
    with pytest.raises(ConfigError, match="0/1"):
        summarize(_games(), proportions=["turns"])


def test_summarize_empty_request_gives_empty_tidy_frame():
    out = summarize(_games(), by=["seat"])
    assert out.empty and list(out.columns)[:2] == ["seat", "quantity"]


def test_a_mean_of_counts_on_few_games_stays_at_or_above_zero():
    """2 games, 3 and 7 rounds: t(1) gives 5 +- 12.706 * 2 = [-20.4, 30.4]; a count is >= 0."""
    games = pd.DataFrame({"g": ["a", "a", "b", "b"], "rounds": [3, 7, 1, 2],
                          "delta": [3.0, 7.0, -1.0, 2.0]})
    out = summarize(games, by=["g"], means=["rounds", "delta"]).set_index(["g", "quantity"])
    half = 12.706204736174705 * 2.0  # t(0.975, 1) * sd 2.828 / sqrt(2)
    assert out.loc[("a", "rounds"), "low"] == 0.0
    assert out.loc[("a", "rounds"), "high"] == pytest.approx(5 + half)
    # a quantity that can be negative keeps its t interval
    assert out.loc[("a", "delta"), "low"] == pytest.approx(5 - half)
    # no data: no interval, no made-up bound
    empty = summarize(pd.DataFrame({"x": [np.nan, 1.0]}).iloc[:1], means=["x"])
    assert np.isnan(empty.loc[0, "low"]) and empty.loc[0, "n"] == 0


# --------------------------------------------------------------------------- edges (mutation)


def test_wilson_share_interval_of_a_half_score_is_the_written_out_formula():
    for score, n, confidence in [(5.5, 10, 0.95), (0.5, 3, 0.8), (2.5, 3, 0.99)]:
        want = _wilson_statsmodels_formula(score, n, 1 - confidence)
        got = wilson_share_interval(score, n, confidence)
        assert got == pytest.approx(want, rel=1e-12) and got[0] < got[1]


def test_wilson_share_interval_of_a_whole_score_keeps_the_confidence_and_the_ends():
    assert wilson_share_interval(3, 7, 0.8) == wilson_interval(3, 7, 0.8)
    assert wilson_share_interval(0, 3) == (0.0, wilson_interval(0, 3)[1])
    assert wilson_share_interval(3, 3)[1] == 1.0
    nan = math.nan
    assert wilson_share_interval(0, 0) == pytest.approx((nan, nan), nan_ok=True)


@pytest.mark.parametrize(("score", "n"), [(1, -1), (1, 2.5), (-0.5, 3), (3.5, 3)])
def test_wilson_share_interval_refuses_scores_outside_0_to_n(score, n):
    with pytest.raises(ConfigError, match=rf"needs 0 <= score <= n, got {score!r}, {n!r}$"):
        wilson_share_interval(score, n)


def test_wilson_interval_of_one_trial_and_of_mixed_shapes():
    z2 = sps.norm.ppf(0.975) ** 2
    assert wilson_interval(1, 1) == pytest.approx((1 / (1 + z2), 1.0))
    lo, hi = wilson_interval(1, [2, 4])
    assert lo.shape == (2,) and hi[1] == pytest.approx(wilson_interval(1, 4)[1])
    with pytest.raises(ConfigError, match="whole counts"):
        wilson_interval(1, 2.5)


def test_mean_intervals_of_few_values():
    nan = math.nan
    half = sps.t.ppf(0.975, 1) * math.sqrt(2) / math.sqrt(2)  # 1, 3: s = sqrt(2), n = 2
    assert mean_interval([1, 3]) == pytest.approx((2.0, 2 - half, 2 + half))
    assert weighted_mean_interval([1.0, 3.0], [1, 1]) == pytest.approx((2.0, 2 - half, 2 + half))
    assert _quiet(mean_interval, []) == pytest.approx((nan, nan, nan), nan_ok=True)
    assert _quiet(mean_interval, [5]) == pytest.approx((5.0, nan, nan), nan_ok=True)
    assert _quiet(weighted_mean_interval, [4.0], [1]) == pytest.approx((4.0, nan, nan),
                                                                        nan_ok=True)
    assert _quiet(weighted_mean_interval, [4.0, 5.0], [0, 0]) == pytest.approx(
        (nan, nan, nan), nan_ok=True)


def test_weighted_summaries_refuse_bad_counts():
    with pytest.raises(ConfigError, match=r"^values and counts differ in length: 2 and 1$"):
        weighted_mean_interval([1.0, 2.0], [1])
    for counts in ([1, float("nan")], [1, -1]):
        with pytest.raises(ConfigError, match=r"^counts must be non-negative numbers$"):
            weighted_mean_interval([1.0, 2.0], counts)


def test_summarize_keeps_a_group_whose_key_is_missing_and_names_a_missing_count():
    games = pd.DataFrame({"side": ["elders", None, "staff", None], "won": [1, 0, 1, 1]})
    out = summarize(games, by=["side"], proportions=["won"])
    assert out["n"].tolist() == [1, 1, 2]  # elders, staff, then the rows without a side
    assert out["estimate"].tolist() == [1.0, 1.0, 0.5]
    with pytest.raises(ConfigError, match="'nope'"):
        summarize(games, proportions=["won"], count="nope")


def test_summarize_counted_means_at_another_confidence_and_binary_errors_name_the_value():
    counted = summarize(pd.DataFrame({"turns": [3.0, 5.0], "count": [2, 1]}), means=["turns"],
                        count="count", confidence=0.8)
    x = np.array([3.0, 3.0, 5.0])
    want = sps.t.interval(0.8, 2, loc=x.mean(), scale=sps.sem(x))
    assert (counted.low[0], counted.high[0]) == pytest.approx(want, rel=1e-12)
    with pytest.raises(ConfigError, match=r"got np.float64\(2.0\)"):
        proportion_summary([0, 1, 2])
    # population variance exactly 1 against a constant sample: Welch, not (d, d, d)
    half = sps.t.ppf(0.975, 1) * math.sqrt(2 / 2)
    assert welch_difference([0, 2], [1, 1]) == pytest.approx((0.0, -half, half))
    assert welch_difference([1, 1], [0, 2]) == pytest.approx((0.0, -half, half))


# --------------------------------------------------------------------------- edge cases


def test_bootstrap_draws_2000_resamples_by_default():
    x = np.random.default_rng(2).normal(size=30)
    assert bootstrap_interval(x) == bootstrap_interval(x, resamples=2000)
    assert bootstrap_interval(x)[1] != bootstrap_interval(x, resamples=2001)[1]


def test_a_weight_below_two_games_gives_no_t_interval():
    # 1.5 games' weight: a variance exists ((1 - 5/3)^2 + 0.5 (3 - 5/3)^2) / 0.5), but n < 2
    mean, low, high = weighted_mean_interval([1.0, 3.0], [1, 0.5])
    assert mean == pytest.approx(5 / 3)
    assert math.isnan(low) and math.isnan(high)


def test_a_bad_proportion_value_is_named_in_the_error():
    with pytest.raises(ConfigError, match=r"got (np\.float64\()?0\.5\)?$"):
        proportion_summary([1.0, 1.0, 0.5, 2.0])


def test_summarize_groups_only_the_categories_present():
    games = pd.DataFrame({"side": pd.Categorical(["x", "x", "y"], categories=["w", "x", "y"]),
                          "won": [1, 0, 1]})
    table = summarize(games, by=["side"], proportions=["won"])
    assert table.side.tolist() == ["x", "y"]
    assert table.n.tolist() == [2, 1] and table.estimate.tolist() == [0.5, 1.0]


def test_summarize_keeps_a_group_whose_key_is_missing_last():
    games = pd.DataFrame({"side": ["y", None, "x", "x"], "won": [1, 0, 1, 0]})
    table = summarize(games, by=["side"], proportions=["won"])
    assert table.side.tolist()[:2] == ["x", "y"] and pd.isna(table.side.iloc[2])
    assert table.n.tolist() == [2, 1, 1] and table.estimate.tolist() == [0.5, 1.0, 0.0]


def test_a_missing_column_is_named_with_the_columns_there_are():
    games = pd.DataFrame({"side": ["x"], "won": [1]})
    with pytest.raises(ConfigError, match=r"^no column 'nope' in the games table; "
                                          r"columns: side, won$"):
        summarize(games, proportions=["nope"])

