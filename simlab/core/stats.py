"""Confidence intervals and tidy summaries for Monte Carlo studies.

Pure functions, no state and no global random numbers; the one home of
every statistic simlab reports, each computed by scipy:

- proportions: Wilson score intervals (``scipy.stats.binomtest``);
- means: Student t intervals (``scipy.stats.t``), also of aggregated counts;
- differences of two means: Welch intervals (``scipy.stats.ttest_ind``);
- any other statistic: a bootstrap interval (``scipy.stats.bootstrap``);
- times to an event, with censoring: Kaplan–Meier curves with a Greenwood
  band (``scipy.stats.ecdf`` on ``scipy.stats.CensoredData``);
- observed counts against an exact distribution: chi-square goodness of fit.

:func:`summarize` turns a table of games into the tidy summary every study
returns: one row per group and quantity with the columns ``*by, quantity,
kind, estimate, low, high, n, exact``.

Aggregated tables, where each row stands for ``count`` identical games, are
summarized with the ``weighted_*`` helpers or ``summarize(..., count="count")``;
they give exactly the numbers the expanded table would give.

Examples
--------
>>> lo, hi = wilson_interval(5, 10)
>>> round(lo, 4), round(hi, 4)
(0.2366, 0.7634)
>>> import pandas as pd
>>> games = pd.DataFrame({"won": [True, False, True, True], "turns": [3, 5, 4, 4]})
>>> summarize(games, by=[], proportions=["won"], means=["turns"])[["quantity", "kind", "n"]]
  quantity        kind  n
0      won  proportion  4
1    turns        mean  4
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as _sps

from simlab.core.errors import ConfigError

__all__ = [
    "SUMMARY_COLUMNS",
    "bootstrap_interval",
    "chisquare_gof",
    "kaplan_meier",
    "mean_interval",
    "mean_summary",
    "paired_difference",
    "paired_ratio_difference",
    "proportion_summary",
    "summarize",
    "weighted_mean_interval",
    "weighted_mean_summary",
    "weighted_proportion_summary",
    "welch_difference",
    "wilson_interval",
    "wilson_share_interval",
]

#: The columns of a summary after the grouping columns.
SUMMARY_COLUMNS = ("quantity", "kind", "estimate", "low", "high", "n", "exact")

_MIN_EXPECTED = 5.0  # pooling threshold of chisquare_gof


def _check_confidence(confidence: float) -> None:
    if not 0.0 < float(confidence) < 1.0:
        raise ConfigError(f"confidence must be between 0 and 1, got {confidence!r}")


def wilson_interval(successes: Any, n: Any, confidence: float = 0.95) -> tuple[Any, Any]:
    """Wilson score interval for a binomial proportion.

    Computed by ``scipy.stats.binomtest(k, n).proportion_ci(confidence, method="wilson")``.

    Parameters
    ----------
    successes : int or array_like of int
        Number of successes.
    n : int or array_like of int
        Number of trials (broadcast against ``successes``).
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    low, high : float or ndarray
        The interval bounds; floats for scalar input, arrays otherwise.
        Where ``n == 0`` both bounds are NaN.

    Raises
    ------
    ConfigError
        If a count is negative or not whole, ``successes > n``, or
        ``confidence`` is not in (0, 1).

    Notes
    -----
    With ``p = successes / n`` and ``z`` the normal quantile,
    ``(p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)``
    (Wilson 1927; Newcombe 1998).  The bounds are exactly 0 and 1 at the
    extremes.

    Examples
    --------
    >>> lo, hi = wilson_interval(0, 10)
    >>> lo, round(hi, 4)
    (0.0, 0.2775)
    >>> lo, hi = wilson_interval([5, 10], [10, 10])
    >>> lo.round(4).tolist(), hi.round(4).tolist()
    ([0.2366, 0.7225], [0.7634, 1.0])
    >>> wilson_interval(0, 0)
    (nan, nan)
    """
    _check_confidence(confidence)
    s_arr = np.asarray(successes, dtype=float)
    n_arr = np.asarray(n, dtype=float)
    scalar = s_arr.ndim == 0 and n_arr.ndim == 0
    s_arr, n_arr = np.broadcast_arrays(np.atleast_1d(s_arr), np.atleast_1d(n_arr))
    bad = (s_arr < 0) | (n_arr < 0) | (s_arr > n_arr) | (s_arr % 1 != 0) | (n_arr % 1 != 0)
    if np.any(bad):
        raise ConfigError(
            f"wilson_interval needs whole counts 0 <= successes <= n, got "
            f"successes={successes!r}, n={n!r}"
        )
    low = np.full(s_arr.shape, np.nan)
    high = np.full(s_arr.shape, np.nan)
    pairs, where = np.unique(np.stack([s_arr.ravel(), n_arr.ravel()], axis=1), axis=0,
                             return_inverse=True)
    for j, (k, trials) in enumerate(pairs):  # binomtest costs milliseconds: once per pair
        if trials > 0:
            ci = _sps.binomtest(int(k), int(trials)).proportion_ci(
                confidence_level=float(confidence), method="wilson"
            )
            at = where.ravel() == j
            low.ravel()[at], high.ravel()[at] = ci.low, ci.high
    if scalar:
        return float(low[0]), float(high[0])
    return low, high


def wilson_share_interval(score: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson interval of a share whose score may count ties as halves.

    A whole ``score`` goes through :func:`wilson_interval` (scipy); a score
    with a half (ties split, as a ladder counts them) uses the same Wilson
    formula on ``p = score / n``, which scipy's ``binomtest`` cannot take.

    Parameters
    ----------
    score : float
        Wins plus half the ties.
    n : int
        Games.
    confidence : float, default 0.95
        Two-sided confidence level.

    Raises
    ------
    ConfigError
        If ``score`` is not within 0..n, or ``n`` is not a whole number >= 0.

    Examples
    --------
    >>> wilson_share_interval(5, 10) == wilson_interval(5, 10)
    True
    >>> lo, hi = wilson_share_interval(5.5, 10)
    >>> wilson_interval(5, 10)[0] < lo < wilson_interval(6, 10)[0]
    True
    """
    _check_confidence(confidence)
    if n < 0 or n % 1 != 0 or not 0 <= score <= n:
        raise ConfigError(f"wilson_share_interval needs 0 <= score <= n, got {score!r}, {n!r}")
    if score % 1 == 0:
        low, high = wilson_interval(int(score), int(n), confidence)
        return float(low), float(high)
    z = float(_sps.norm.ppf(0.5 + confidence / 2))
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return float(centre - half), float(centre + half)


def _finite(values: Any) -> np.ndarray:
    """``values`` as a 1-D float array with missing values (None, NaN, NA) dropped."""
    arr = pd.Series(values, copy=False).astype("float64").to_numpy()
    return arr[~np.isnan(arr)]


def mean_interval(values: Any, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean with a Student t confidence interval.

    Parameters
    ----------
    values : array_like of float
        The sample; missing values (NaN, None) are dropped.
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    mean, low, high : float
        NaN throughout for an empty sample; NaN bounds for a single value.

    Examples
    --------
    >>> m, lo, hi = mean_interval([1.0, 2.0, 3.0, 4.0])
    >>> m, round(lo, 4), round(hi, 4)
    (2.5, 0.4457, 4.5543)
    >>> mean_interval([7.0])
    (7.0, nan, nan)
    """
    _check_confidence(confidence)
    x = _finite(values)
    return _t_interval(
        float(x.mean()) if x.size else math.nan,
        float(x.var(ddof=1)) if x.size > 1 else math.nan,
        x.size,
        confidence,
    )


def _t_interval(
    mean: float, variance: float, n: float, confidence: float
) -> tuple[float, float, float]:
    """``mean ± t(n-1) · sqrt(variance / n)``, with NaN where undefined."""
    if n < 2 or math.isnan(variance):
        return mean, math.nan, math.nan
    half = float(_sps.t.ppf(0.5 + confidence / 2.0, n - 1)) * math.sqrt(max(variance, 0.0) / n)
    return mean, mean - half, mean + half


def weighted_mean_interval(
    values: Any, counts: Any, confidence: float = 0.95
) -> tuple[float, float, float]:
    """Mean and t interval of aggregated data: ``values[i]`` seen ``counts[i]`` times.

    Gives the same numbers as :func:`mean_interval` on the expanded sample:
    the mean weighted by counts, the variance ``Σc(v-m)² / (N-1)`` and
    ``N - 1`` degrees of freedom where ``N = Σc``.

    Parameters
    ----------
    values : array_like of float
        Distinct values; rows with a missing value are dropped.
    counts : array_like of int
        How many games each value stands for (non-negative).
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    mean, low, high : float

    Examples
    --------
    >>> m, lo, hi = weighted_mean_interval([1.0, 2.0, 3.0, 4.0], [1, 1, 1, 1])
    >>> m, round(lo, 4), round(hi, 4)
    (2.5, 0.4457, 4.5543)
    >>> weighted_mean_interval([2.0, 4.0], [3, 1]) == mean_interval([2, 2, 2, 4])
    True
    """
    _check_confidence(confidence)
    v, c = _weighted_arrays(values, counts)
    total = float(c.sum())
    if total == 0:
        return math.nan, math.nan, math.nan
    mean = float((c * v).sum() / total)
    variance = float((c * (v - mean) ** 2).sum() / (total - 1)) if total > 1 else math.nan
    return _t_interval(mean, variance, total, confidence)


def _weighted_arrays(values: Any, counts: Any) -> tuple[np.ndarray, np.ndarray]:
    """Aligned float arrays of values and counts, rows with a missing value dropped."""
    v = pd.Series(values, copy=False).astype("float64").to_numpy()
    c = pd.Series(counts, copy=False).astype("float64").to_numpy()
    if v.shape != c.shape:
        raise ConfigError(f"values and counts differ in length: {v.size} and {c.size}")
    if np.any(np.isnan(c)) or np.any(c < 0):
        raise ConfigError("counts must be non-negative numbers")
    keep = ~np.isnan(v)
    return v[keep], c[keep]


def _row(estimate: float, low: float, high: float, n: float) -> dict[str, Any]:
    return {"estimate": float(estimate), "low": float(low), "high": float(high), "n": int(n)}


def _check_binary(x: np.ndarray, what: str = "proportion") -> None:
    if np.any((x != 0.0) & (x != 1.0)):
        bad = x[(x != 0.0) & (x != 1.0)][0]
        raise ConfigError(f"{what} needs True/False or 0/1 values, got {bad!r}")


def proportion_summary(values: Any, confidence: float = 0.95) -> dict[str, Any]:
    """Share of true values with a Wilson interval, as a summary row.

    Parameters
    ----------
    values : array_like of bool or 0/1
        One entry per game; missing values are dropped (a proportion among
        the games where the quantity is defined).
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    dict
        ``{"estimate", "low", "high", "n"}``; NaN estimate and bounds when
        ``n == 0``.

    Examples
    --------
    >>> row = proportion_summary([True, False, True, True])
    >>> row["estimate"], row["n"], round(row["low"], 3)
    (0.75, 4, 0.301)
    """
    x = _finite(values)
    _check_binary(x)
    return _proportion_row(float(x.sum()), float(x.size), confidence)


def _proportion_row(successes: float, n: float, confidence: float) -> dict[str, Any]:
    low, high = wilson_interval(successes, n, confidence)
    return _row(successes / n if n else math.nan, low, high, n)


def mean_summary(values: Any, confidence: float = 0.95) -> dict[str, Any]:
    """Mean with a t interval, as a summary row.

    Parameters
    ----------
    values : array_like of float
        One entry per game; missing values are dropped.
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    dict
        ``{"estimate", "low", "high", "n"}``.

    Examples
    --------
    >>> mean_summary([2, 4, 6])["estimate"], mean_summary([2, 4, 6])["n"]
    (4.0, 3)
    """
    x = _finite(values)
    return _row(*mean_interval(x, confidence), x.size)


def weighted_proportion_summary(
    values: Any, counts: Any, confidence: float = 0.95
) -> dict[str, Any]:
    """Proportion of aggregated data: share of the counts whose value is true.

    Parameters
    ----------
    values : array_like of bool or 0/1
        One entry per aggregated row; rows with a missing value are dropped.
    counts : array_like of int
        Games each row stands for.
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    dict
        ``{"estimate", "low", "high", "n"}`` with ``n = Σ counts``.

    Examples
    --------
    >>> row = weighted_proportion_summary([True, False], [30, 70])
    >>> row["estimate"], row["n"]
    (0.3, 100)
    >>> row == proportion_summary([True] * 30 + [False] * 70)
    True
    """
    v, c = _weighted_arrays(values, counts)
    _check_binary(v)
    return _proportion_row(float((v * c).sum()), float(c.sum()), confidence)


def weighted_mean_summary(values: Any, counts: Any, confidence: float = 0.95) -> dict[str, Any]:
    """Mean of aggregated data weighted by counts, as a summary row.

    Parameters
    ----------
    values : array_like of float
        One entry per aggregated row; rows with a missing value are dropped.
    counts : array_like of int
        Games each row stands for.
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    dict
        ``{"estimate", "low", "high", "n"}`` with ``n = Σ counts``.

    Examples
    --------
    >>> weighted_mean_summary([1, 6], [5, 5])["estimate"]
    3.5
    """
    v, c = _weighted_arrays(values, counts)
    return _row(*weighted_mean_interval(v, c, confidence), c.sum())


def bootstrap_interval(
    values: Any,
    stat: Callable[..., Any] = np.mean,
    confidence: float = 0.95,
    resamples: int = 2000,
    seed: int | np.random.Generator | None = 0,
    method: str = "percentile",
) -> tuple[float, float, float]:
    """Bootstrap interval for any statistic, by ``scipy.stats.bootstrap``.

    Parameters
    ----------
    values : array_like of float
        The sample; missing values are dropped.
    stat : callable, default numpy.mean
        ``stat(sample) -> float``.  If it accepts ``axis=`` (as NumPy
        reductions do) scipy evaluates the resamples in vectorized batches.
    confidence : float, default 0.95
        Two-sided confidence level.
    resamples : int, default 2000
        Number of bootstrap resamples.
    seed : int, Generator or None, default 0
        Seed of the resampling; the same seed gives the same interval.
    method : {"percentile", "basic", "BCa"}
        scipy's interval method; the percentile interval by default.

    Returns
    -------
    estimate, low, high : float
        ``stat(values)`` and the bounds; NaN for an empty sample, NaN bounds
        for a single value (nothing to resample).

    Examples
    --------
    >>> est, lo, hi = bootstrap_interval([1, 2, 3, 4, 5, 6, 7, 8], np.median, seed=1)
    >>> est, lo <= est <= hi
    (4.5, True)
    >>> bootstrap_interval([1, 2, 3], seed=1) == bootstrap_interval([1, 2, 3], seed=1)
    True
    """
    _check_confidence(confidence)
    if int(resamples) < 1:
        raise ConfigError(f"resamples must be at least 1, got {resamples!r}")
    if method not in ("percentile", "basic", "BCa"):
        raise ConfigError(f"method must be 'percentile', 'basic' or 'BCa', not {method!r}")
    x = _finite(values)
    if x.size == 0:
        return math.nan, math.nan, math.nan
    estimate = float(stat(x))
    if x.size == 1:
        return estimate, math.nan, math.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", _sps.DegenerateDataWarning)
        ci = _sps.bootstrap(
            (x,),
            stat,
            n_resamples=int(resamples),
            confidence_level=float(confidence),
            method=method,
            rng=np.random.default_rng(seed),
        ).confidence_interval
    return estimate, float(ci.low), float(ci.high)


def welch_difference(a: Any, b: Any, confidence: float = 0.95) -> tuple[float, float, float]:
    """Difference of means ``mean(a) - mean(b)`` with a Welch t interval.

    Computed by ``scipy.stats.ttest_ind(a, b, equal_var=False).confidence_interval``
    (Welch 1947; Satterthwaite degrees of freedom).

    Parameters
    ----------
    a, b : array_like of float
        The two samples, at least two values each; missing values are dropped.
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    difference, low, high : float
        ``(d, d, d)`` when neither sample varies; NaN bounds when a sample
        has fewer than two values.

    Examples
    --------
    >>> d, low, high = welch_difference([3, 4, 5, 4], [1, 2, 3, 2])
    >>> d, round(low, 4), round(high, 4)
    (2.0, 0.5873, 3.4127)
    """
    _check_confidence(confidence)
    x, y = _finite(a), _finite(b)
    diff = float(x.mean() - y.mean()) if x.size and y.size else math.nan
    if x.size < 2 or y.size < 2:
        return diff, math.nan, math.nan
    if x.var() == 0 and y.var() == 0:
        return diff, diff, diff
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # nearly constant samples
        ci = _sps.ttest_ind(x, y, equal_var=False).confidence_interval(float(confidence))
    return diff, float(ci.low), float(ci.high)


def paired_difference(a: Any, b: Any, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean of the paired differences ``a[i] - b[i]`` with a Student t interval.

    For two runs on matched seeds (game ``i`` of each drew the same random
    numbers), the pairs share their luck and the interval is the t interval
    of the differences: ``d̄ ± t(n-1) · s_d / √n``, the interval of
    ``scipy.stats.ttest_rel``.  Pairs with a missing value are dropped.

    Parameters
    ----------
    a, b : array_like of float
        Paired samples of the same length (0/1 for proportions).
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    difference, low, high : float
        ``(d, d, d)`` when every pair differs by the same amount; NaN bounds
        with fewer than two pairs.

    Raises
    ------
    ConfigError
        ``a`` and ``b`` differ in length.

    Examples
    --------
    >>> d, low, high = paired_difference([3, 4, 5, 4], [1, 3, 3, 2])
    >>> d, round(low, 4), round(high, 4)
    (1.75, 0.9544, 2.5456)
    >>> paired_difference([1, 0, 1], [0, 0, 1])[0]
    0.3333333333333333
    """
    _check_confidence(confidence)
    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ConfigError(f"paired samples must have the same length, not {x.size} and {y.size}")
    d = x - y
    d = d[np.isfinite(d)]
    if d.size == 0:
        return math.nan, math.nan, math.nan
    mean = float(d.mean())
    if d.size > 1 and float(d.var()) == 0.0:
        return mean, mean, mean
    return _t_interval(mean, float(d.var(ddof=1)) if d.size > 1 else math.nan, d.size,
                       confidence)


def paired_ratio_difference(
    sums_a: Any, counts_a: Any, sums_b: Any, counts_b: Any, confidence: float = 0.95
) -> tuple[float, float, float]:
    """``Σa/Σn_a - Σb/Σn_b`` over paired clusters, with a linearized t interval.

    Each pair ``i`` is one game played twice on matched seeds; ``sums_a[i]``
    adds a quantity over that game's ``counts_a[i]`` rows in run *a* (a game
    may have several Patients, seats...).  Each run's estimate is the ratio
    of its totals, as :func:`summarize` pools rows.  The interval linearizes
    the difference of the two ratios (the delta method): per game,
    ``z_i = (a_i - R_a n_ai) / n̄_a - (b_i - R_b n_bi) / n̄_b``, and
    ``D ± t(G-1) · sd(z) / √G`` over the ``G`` games.  With one row per game
    in both runs it is exactly :func:`paired_difference`.

    Parameters
    ----------
    sums_a, counts_a, sums_b, counts_b : array_like
        Per game, aligned: the sum of the quantity and its number of rows in
        each run (``0, 0`` where a game has no row).
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    difference, low, high : float
        NaN throughout when a run has no rows; NaN bounds with fewer than
        two games.

    Examples
    --------
    >>> d, low, high = paired_ratio_difference([3, 4, 5, 4], [1, 1, 1, 1],
    ...                                        [1, 3, 3, 2], [1, 1, 1, 1])
    >>> d, round(low, 4), round(high, 4)
    (1.75, 0.9544, 2.5456)
    """
    _check_confidence(confidence)
    ya, na, yb, nb = (np.asarray(v, dtype=float) for v in (sums_a, counts_a, sums_b, counts_b))
    if not ya.shape == na.shape == yb.shape == nb.shape or ya.ndim != 1:
        raise ConfigError("paired sums and counts must have the same length")
    games = ya.size
    if games == 0 or na.sum() == 0 or nb.sum() == 0:
        return math.nan, math.nan, math.nan
    ra, rb = ya.sum() / na.sum(), yb.sum() / nb.sum()
    diff = float(ra - rb)
    z = (ya - ra * na) / na.mean() - (yb - rb * nb) / nb.mean()
    if games > 1 and float(z.var()) < 1e-24:
        return diff, diff, diff
    return _t_interval(diff, float(z.var(ddof=1)) if games > 1 else math.nan, games, confidence)


def kaplan_meier(
    durations: Any, events: Any = None, confidence: float = 0.95
) -> pd.DataFrame:
    """Kaplan–Meier survival table with a pointwise confidence band.

    The estimate and its band come from ``scipy.stats.ecdf`` on
    ``scipy.stats.CensoredData`` (the band: Greenwood's variance, scipy's
    ``"linear"`` method, clipped to [0, 1]).

    Parameters
    ----------
    durations : array_like of float
        Time to the event, or to the end of observation when censored.
    events : array_like of bool, optional
        True where the event happened (False: censored); all True if omitted.
    confidence : float, default 0.95
        Two-sided confidence level of the band.

    Returns
    -------
    DataFrame
        ``time, at_risk, events, survival, low, high``: a row at time 0
        (survival 1) and one per distinct duration, ``survival`` being the
        chance of no event up to and including that time.  The band is NaN
        where Greenwood's formula is undefined (survival 0).

    Raises
    ------
    ConfigError
        If durations and events differ in length.

    Examples
    --------
    >>> kaplan_meier([1, 2, 2, 3], [True, True, False, True])[["time", "at_risk", "survival"]]
       time  at_risk  survival
    0     0        4      1.00
    1     1        4      0.75
    2     2        3      0.50
    3     3        1      0.00
    """
    _check_confidence(confidence)
    t = np.asarray(durations, dtype=float).ravel()
    d = np.ones(t.size, dtype=bool) if events is None else np.asarray(events, dtype=bool).ravel()
    if d.size != t.size:
        raise ConfigError(f"{t.size} durations but {d.size} event flags")
    times = np.unique(t)
    at_risk = [int((t >= time).sum()) for time in times]
    died = [int(((t == time) & d).sum()) for time in times]
    survival, low, high = _km_band(t, d, times, confidence)
    frame = pd.DataFrame(
        {
            "time": np.concatenate([[0.0], times]),
            "at_risk": [t.size, *at_risk],
            "events": [0, *died],
            "survival": np.concatenate([[1.0], survival]),
            "low": np.concatenate([[1.0], low]),
            "high": np.concatenate([[1.0], high]),
        }
    )
    if t.size and np.all(np.mod(t, 1) == 0):
        frame["time"] = frame["time"].astype(int)
    return frame


def _km_band(
    t: np.ndarray, d: np.ndarray, times: np.ndarray, confidence: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Kaplan–Meier survival and band at ``times``, by ``scipy.stats.ecdf``."""
    if not d.any():  # nothing happened: survival 1, nothing to estimate a band from
        ones = np.ones(times.size)
        return ones, ones, ones
    sample = _sps.CensoredData(uncensored=t[d], right=t[~d])
    sf = _sps.ecdf(sample).sf
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # undefined where survival is 0
        band = sf.confidence_interval(float(confidence))
        return sf.evaluate(times), band.low.evaluate(times), band.high.evaluate(times)


def chisquare_gof(observed_counts: Mapping[Any, int], exact: Mapping[Any, Any]) -> float:
    """Chi-square goodness of fit of observed counts to an exact distribution.

    Categories are taken in sorted order and neighbours are pooled until each
    pooled category expects at least 5 observations (so sparse tails are
    merged into their neighbours, as the chi-square approximation needs).

    Parameters
    ----------
    observed_counts : mapping
        Outcome -> how often it was seen.
    exact : mapping
        Outcome -> exact probability (``Fraction`` or float), summing to 1.

    Returns
    -------
    float
        The p-value of ``scipy.stats.chisquare``; 0.0 if an outcome of
        probability 0 was observed; NaN if fewer than two pooled categories
        remain (too few observations to test).

    Raises
    ------
    ConfigError
        If the probabilities do not sum to 1, a count is negative, or
        nothing was observed.

    Examples
    --------
    >>> from fractions import Fraction
    >>> d6 = {k: Fraction(1, 6) for k in range(1, 7)}
    >>> round(chisquare_gof({1: 10, 2: 10, 3: 10, 4: 10, 5: 10, 6: 10}, d6), 6)
    1.0
    >>> chisquare_gof({1: 60}, d6) < 1e-9
    True
    >>> chisquare_gof({7: 1, 1: 59}, d6)
    0.0
    """
    keys = sorted(set(exact) | set(observed_counts))
    probs = np.array([float(Fraction(exact.get(k, 0))) for k in keys])
    observed = np.array([observed_counts.get(k, 0) for k in keys], dtype=float)
    if np.any(observed < 0) or np.any(probs < 0):
        raise ConfigError("chisquare_gof needs non-negative counts and probabilities")
    if not math.isclose(probs.sum(), 1.0, rel_tol=1e-9):
        raise ConfigError(f"exact probabilities sum to {probs.sum()!r}, not 1")
    total = observed.sum()
    if total == 0:
        raise ConfigError("chisquare_gof needs at least one observation")
    if np.any(observed[probs == 0] > 0):
        return 0.0
    keep = probs > 0
    obs_pooled, exp_pooled = _pool(observed[keep], total * probs[keep] / probs.sum())
    if len(obs_pooled) < 2:
        return math.nan
    exp_arr = np.array(exp_pooled)
    exp_arr *= total / exp_arr.sum()  # exact equality of sums, as scipy demands
    return float(_sps.chisquare(np.array(obs_pooled), exp_arr).pvalue)


def _pool(observed: np.ndarray, expected: np.ndarray) -> tuple[list[float], list[float]]:
    """Merge neighbouring categories until each expects at least ``_MIN_EXPECTED``."""
    obs_out: list[float] = []
    exp_out: list[float] = []
    acc_o = acc_e = 0.0
    for o, e in zip(observed, expected, strict=True):
        acc_o += o
        acc_e += e
        if acc_e >= _MIN_EXPECTED:
            obs_out.append(acc_o)
            exp_out.append(acc_e)
            acc_o = acc_e = 0.0
    if acc_e > 0 or acc_o > 0:
        if obs_out:
            obs_out[-1] += acc_o
            exp_out[-1] += acc_e
        else:
            obs_out.append(acc_o)
            exp_out.append(acc_e)
    return obs_out, exp_out


def _groups(df: pd.DataFrame, by: list[str]) -> list[tuple[tuple[Any, ...], pd.DataFrame]]:
    """``(key tuple, rows)`` per group in sorted key order; one group when ``by`` is empty."""
    if not by:
        return [((), df)]
    grouped = df.groupby(by, sort=True, dropna=False, observed=True)
    return [(key if isinstance(key, tuple) else (key,), rows) for key, rows in grouped]


def _exact_value(exact: Mapping[str, Any] | None, quantity: str, key: tuple[Any, ...]) -> float:
    """Look up the exact value of ``quantity`` in group ``key`` (NaN if none is known)."""
    if not exact or quantity not in exact:
        return math.nan
    value = exact[quantity]
    if isinstance(value, Mapping):
        lookup: Hashable = key[0] if len(key) == 1 else key
        value = value.get(lookup)
    return math.nan if value is None else float(value)


def _check_columns(df: pd.DataFrame, columns: Sequence[str]) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        known = ", ".join(map(str, df.columns))
        raise ConfigError(f"no column {missing[0]!r} in the games table; columns: {known}")


def summarize(
    df: pd.DataFrame,
    by: Sequence[str] = (),
    proportions: Sequence[str] = (),
    means: Sequence[str] = (),
    exact: Mapping[str, Any] | None = None,
    *,
    count: str | None = None,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Tidy summary of a games table: estimates with intervals per group.

    Parameters
    ----------
    df : DataFrame
        One row per game (or per game and seat), or aggregated rows when
        ``count`` is given.
    by : sequence of str
        Grouping columns; the summary has one row per group and quantity,
        groups in sorted order.
    proportions : sequence of str
        Columns of True/False (or 0/1) summarized by a Wilson interval.
    means : sequence of str
        Numeric columns summarized by a t interval; a column of counts (whole
        numbers >= 0) has its interval clipped at 0, where a mean of counts lies.
    exact : mapping, optional
        Known exact values: ``{quantity: value}`` for all groups, or
        ``{quantity: {group_key: value}}`` where ``group_key`` is the value of
        the single ``by`` column or a tuple of the ``by`` values.  Values may
        be ``Fraction``.  Missing entries give NaN.
    count : str, optional
        Name of a column saying how many games each row stands for
        (aggregated data, e.g. from a ``combine="sum"`` study).  Estimates
        are then weighted by it and ``n`` is the total count.
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    DataFrame
        Columns ``*by, quantity, kind, estimate, low, high, n, exact`` with
        ``kind`` ``"proportion"`` or ``"mean"``.  Missing values in a
        quantity's column are left out of that quantity (and of its ``n``).

    Raises
    ------
    ConfigError
        If a named column is missing or a proportion column is not binary.

    Examples
    --------
    >>> from fractions import Fraction
    >>> games = pd.DataFrame({
    ...     "die": ["d4", "d4", "d6", "d6", "d6"],
    ...     "six": [False, False, True, False, False],
    ...     "roll": [1, 3, 6, 2, 4],
    ... })
    >>> out = summarize(games, by=["die"], proportions=["six"], means=["roll"],
    ...                 exact={"six": {"d4": 0, "d6": Fraction(1, 6)}})
    >>> out[["die", "quantity", "estimate", "n", "exact"]].round(3)
      die quantity  estimate  n  exact
    0  d4      six     0.000  2  0.000
    1  d4     roll     2.000  2    NaN
    2  d6      six     0.333  3  0.167
    3  d6     roll     4.000  3    NaN
    >>> counts = pd.DataFrame({"six": [True, False], "count": [1, 5]})
    >>> summarize(counts, proportions=["six"], count="count")[["estimate", "n"]].round(3)
       estimate  n
    0     0.167  6
    """
    _check_confidence(confidence)
    by = list(by)
    _check_columns(df, [*by, *proportions, *means, *([count] if count else [])])
    rows: list[dict[str, Any]] = []
    floors = {q: _count_floor(df[q]) for q in means}
    for key, part in _groups(df, by):
        for kind, quantities in (("proportion", proportions), ("mean", means)):
            for quantity in quantities:
                stats = _quantity_row(part, quantity, kind, count, confidence)
                if kind == "mean" and floors[quantity] is not None:
                    stats["low"] = max(stats["low"], floors[quantity])  # NaN stays NaN
                rows.append(
                    {
                        **dict(zip(by, key, strict=True)),
                        "quantity": quantity,
                        "kind": kind,
                        **stats,
                        "exact": _exact_value(exact, quantity, key),
                    }
                )
    return _summary_frame(rows, by)


def _count_floor(values: Any) -> float | None:
    """0 when ``values`` are counts (whole numbers >= 0): no mean of them is below 0.

    A t interval on a few games can reach below 0 (2 games, 3 and 7: [-20.4, 30.4]);
    a count cannot, so :func:`summarize` clips a count's interval at 0.

    Examples
    --------
    >>> _count_floor([0, 3, 7]), _count_floor([0.5, 2]), _count_floor([-1, 2])
    (0.0, None, None)
    """
    x = _finite(values)
    if x.size and np.all(x >= 0) and np.all(x == np.floor(x)):
        return 0.0
    return None


def _quantity_row(
    part: pd.DataFrame, quantity: str, kind: str, count: str | None, confidence: float
) -> dict[str, Any]:
    if count is None:
        fn = proportion_summary if kind == "proportion" else mean_summary
        return fn(part[quantity], confidence)
    wfn = weighted_proportion_summary if kind == "proportion" else weighted_mean_summary
    return wfn(part[quantity], part[count], confidence)


def _summary_frame(rows: list[dict[str, Any]], by: list[str]) -> pd.DataFrame:
    columns = [*by, *SUMMARY_COLUMNS]
    out = pd.DataFrame(rows, columns=columns)
    for col in ("estimate", "low", "high", "exact"):
        out[col] = out[col].astype("float64")
    out["n"] = out["n"].astype("int64")
    return out
