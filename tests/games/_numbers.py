"""Independent arithmetic for the study-number tests (``test_study_numbers.py``).

Every interval a study reports is recomputed here from the rows of its games
table by the textbook formulas, written out: the Wilson score interval with
the normal quantile of :class:`statistics.NormalDist`, the Student t interval
and the Welch interval with the Welch–Satterthwaite degrees of freedom (only
the t quantile comes from scipy, as a table would).  Nothing here calls
:mod:`simlab.core.stats`, so a wrong formula there, or in a study, shows up as
a difference.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from statistics import NormalDist
from typing import Any

import numpy as np
import pandas as pd
from scipy.stats import t as student_t

Z95 = NormalDist().inv_cdf(0.975)


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson (1927) score interval, written out."""
    if n == 0:
        return math.nan, math.nan
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def t_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and Student t 95% interval (NaN bounds for fewer than two values)."""
    x = [float(v) for v in values if not pd.isna(v)]
    n = len(x)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(x) / n
    if n < 2:
        return mean, math.nan, math.nan
    sd = math.sqrt(sum((v - mean) ** 2 for v in x) / (n - 1))
    half = float(student_t.ppf(0.975, n - 1)) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def welch(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """``mean(a) - mean(b)`` with the Welch 95% interval (Welch 1947, Satterthwaite df)."""
    x = [float(v) for v in a]
    y = [float(v) for v in b]
    nx, ny = len(x), len(y)
    mx, my = sum(x) / nx, sum(y) / ny
    vx = sum((v - mx) ** 2 for v in x) / (nx - 1) / nx
    vy = sum((v - my) ** 2 for v in y) / (ny - 1) / ny
    diff = mx - my
    if vx + vy == 0:
        return diff, diff, diff
    df = (vx + vy) ** 2 / (vx**2 / (nx - 1) + vy**2 / (ny - 1))
    half = float(student_t.ppf(0.975, df)) * math.sqrt(vx + vy)
    return diff, diff - half, diff + half


def proportion_row(flags: Sequence[Any]) -> dict[str, float]:
    """estimate, low, high, n of a list of True/False (missing values left out)."""
    x = [bool(v) for v in flags if not pd.isna(v)]
    k, n = sum(x), len(x)
    low, high = wilson(k, n)
    return {"estimate": k / n if n else math.nan, "low": low, "high": high, "n": n}


def mean_row(values: Sequence[Any]) -> dict[str, float]:
    """estimate, low, high, n of a list of numbers (missing values left out)."""
    x = [float(v) for v in values if not pd.isna(v)]
    mean, low, high = t_interval(x)
    return {"estimate": mean, "low": low, "high": high, "n": len(x)}


def expected_rows(
    games: pd.DataFrame,
    by: Sequence[str],
    proportions: Sequence[str] = (),
    means: Sequence[str] = (),
) -> dict[tuple[Any, ...], dict[str, float]]:
    """``{(*group, quantity): {estimate, low, high, n}}`` recomputed row by row."""
    out: dict[tuple[Any, ...], dict[str, float]] = {}
    groups = games.groupby(list(by), sort=True) if by else [((), games)]
    for key, part in groups:
        key = key if isinstance(key, tuple) else (key,)
        for q in proportions:
            out[(*key, q)] = proportion_row(part[q].tolist())
        for q in means:
            row = mean_row(part[q].tolist())
            if _is_count(games[q]) and row["low"] < 0:  # a mean of counts is never below 0
                row = {**row, "low": 0.0}
            out[(*key, q)] = row
    return out


def _is_count(column: pd.Series) -> bool:
    """Whether every value the column has (over the whole table) is a whole number >= 0."""
    values = [float(v) for v in column.tolist() if v is not None and not math.isnan(float(v))]
    return bool(values) and all(v >= 0 and v == int(v) for v in values)


def assert_summary_rows(
    summary: pd.DataFrame,
    expected: dict[tuple[Any, ...], dict[str, float]],
    by: Sequence[str],
    *,
    where: Callable[[pd.DataFrame], pd.Series] | None = None,
) -> None:
    """Every expected row is in ``summary`` with the same numbers, and no other row."""
    rows = summary if where is None else summary[where(summary)]
    seen = {}
    for row in rows.itertuples(index=False):
        key = (*(getattr(row, c) for c in by), row.quantity)
        assert key not in seen, f"summary row {key} twice"
        seen[key] = row
    assert set(seen) == set(expected), (sorted(map(str, set(seen) ^ set(expected))))
    for key, want in expected.items():
        got = seen[key]
        assert got.n == want["n"], (key, got.n, want["n"])
        for col in ("estimate", "low", "high"):
            value = float(getattr(got, col))
            assert np.isclose(value, want[col], rtol=1e-9, atol=1e-12, equal_nan=True), (
                key, col, value, want[col])


def game_rng(seed: int, index: int) -> np.random.Generator:
    """The generator ``per_game`` gives game ``index`` of a study run with ``seed``."""
    return np.random.default_rng(np.random.SeedSequence(entropy=seed, spawn_key=(index,)))
