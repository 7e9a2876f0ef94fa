"""Confidence sequences: the capital against a slow direct computation, coverage under
optional stopping, and verdicts on planted edges."""

from __future__ import annotations

import math

import numpy as np
import pytest

from simlab.core.errors import ConfigError
from simlab.core.stats import wilson_interval
from simlab.lab.sequential import betting_cs, paired_difference_cs, verdict


def _capital_path(x, m, c=0.5):
    """The aGRAPA capital at mean ``m`` after each observation, written out loop by loop."""
    total, square_sum, capital, path = 0.0, 0.0, 1.0, []
    mu, s2 = 0.5, 0.25
    for t, xt in enumerate(x, start=1):
        ahead = mu - m
        stake = ahead / (s2 + ahead * ahead)
        stake = max(-c / (1 - m) if m < 1 else -math.inf, min(c / m if m > 0 else math.inf,
                                                               stake))
        capital *= 1 + stake * (xt - m)
        path.append(capital)
        total += xt
        mu_t = (0.5 + total) / (t + 1)
        square_sum += (xt - mu_t) ** 2
        mu, s2 = mu_t, (0.25 + square_sum) / (t + 1)
    return np.array(path)


def test_the_interval_is_the_set_of_means_whose_capital_stayed_below_1_over_alpha():
    rng = np.random.default_rng(4)
    x = rng.beta(2, 3, size=150)
    grid = 100
    lo, hi = betting_cs(x, alpha=0.1, grid=grid)
    for t in (10, 60, 150):
        kept = [m for m in np.linspace(0, 1, grid + 1)
                if _capital_path(x[:t], m).max() < 10.0]
        assert lo[t - 1] == pytest.approx(max(0.0, min(kept) - 1 / grid), abs=1e-9)
        assert hi[t - 1] == pytest.approx(min(1.0, max(kept) + 1 / grid), abs=1e-9)


def _wilson(k, n, alpha):
    z = 1.6448536269514722 if alpha == 0.1 else 1.959963984540054
    center = (k + z * z / 2) / (n + z * z)
    half = z / (n + z * z) * np.sqrt(k * (n - k) / n + z * z / 4)
    return center - half, center + half


def test_wilson_helper_is_wilson():
    lo, hi = _wilson(np.array([7]), np.array([20]), 0.05)
    expected = wilson_interval(7, 20)
    assert (lo[0], hi[0]) == pytest.approx(expected)


def test_coverage_holds_under_optional_stopping():
    """Peek after every observation of 300 streams: the mean leaves the CS in at most
    alpha of them (within simulation error), where a Wilson interval peeked at as often
    leaves far more often."""
    rng = np.random.default_rng(11)
    streams, n, p, alpha = 300, 400, 0.3, 0.1
    missed = wilson_missed = 0
    for _ in range(streams):
        x = (rng.random(n) < p).astype(float)
        lo, hi = betting_cs(x, alpha=alpha, grid=100)
        missed += bool(((lo > p) | (hi < p)).any())
        wl, wh = _wilson(np.cumsum(x), np.arange(1, n + 1), alpha)
        wilson_missed += bool(((wl > p) | (wh < p)).any())
    error = 3 * math.sqrt(alpha * (1 - alpha) / streams)
    assert missed / streams <= alpha + error
    assert wilson_missed / streams > alpha + error  # the check can fail: peeking breaks Wilson


def test_a_70_percent_seat_is_found_unbalanced_in_tens_of_games():
    rng = np.random.default_rng(2)
    needed = []
    for _ in range(40):
        v = verdict((rng.random(400) < 0.7).astype(float), fair=0.5, margin=0.05, grid=200)
        assert v.verdict == "unbalanced" and v.favours == "above"
        assert v.gap_low > 0
        needed.append(v.decided_at)
    assert 20 <= np.median(needed) <= 80  # measured 41 (benchmarks/bench_balance.py)
    assert max(needed) < 300


def test_a_fair_coin_is_found_balanced_within_the_margin():
    rng = np.random.default_rng(3)
    v = verdict((rng.random(4000) < 0.5).astype(float), fair=0.5, margin=0.05)
    assert v.verdict == "balanced"
    assert v.low >= 0.45 and v.high <= 0.55
    assert 500 <= v.decided_at <= 4000


def test_inconclusive_when_too_few_games():
    v = verdict([1.0, 0.0] * 20, fair=0.5, margin=0.05)
    assert v.verdict == "inconclusive" and v.decided_at is None
    assert v.text() == "inconclusive at 40 games"


def test_paired_difference_sees_a_planted_gap():
    rng = np.random.default_rng(5)
    u = rng.random(2000)
    a, b = (u < 0.55).astype(float), (u < 0.45).astype(float)  # paired: same u
    lo, hi = paired_difference_cs(a, b)
    assert lo[-1] > 0 and lo[-1] <= 0.1 <= hi[-1]
    v = verdict(a, fair=0.0, margin=0.05, paired_with=b)
    assert v.verdict == "unbalanced" and v.favours == "above"


@pytest.mark.parametrize("call, text", [
    (lambda: betting_cs([0.5, 1.2]), r"in \[0.0, 1.0\]"),
    (lambda: betting_cs([0.5], alpha=1.5), "alpha"),
    (lambda: verdict([0.5], fair=0.5, margin=0), "margin"),
    (lambda: paired_difference_cs([0.5], [0.5, 0.5]), "equal lengths"),
])
def test_bad_input(call, text):
    with pytest.raises(ConfigError, match=text):
        call()
