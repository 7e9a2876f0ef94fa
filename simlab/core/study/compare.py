"""Comparing two component sets: one study on matched seeds, each quantity's difference.

``run_study(name, data=A, compare_data=B)`` plays the same games (the same
root seed, so game ``i`` draws the same random numbers) once on the
components in ``A`` and once on those in ``B``.  Each quantity of the summary
gets the difference ``A - B`` of its two estimates with a *paired* interval:
the games are the pairs, each run's estimate the ratio of its totals over
them, and the interval the linearized t interval of the difference
(:func:`simlab.core.stats.paired_ratio_difference`; with one row per game it
is the t interval of the per-game differences).
Matched seeds share their luck, so the paired interval is narrower than two
independent runs would give.  A study without a ``game`` column (aggregated
counts) cannot be paired; its rows say ``unpaired`` and combine the two
intervals as independent.

Examples
--------
>>> import pandas as pd
>>> from simlab.core.stats import summarize
>>> a = pd.DataFrame({"game": [0, 1, 2, 3], "won": [1, 1, 0, 1]})
>>> b = pd.DataFrame({"game": [0, 1, 2, 3], "won": [0, 1, 0, 0]})
>>> s = lambda g: summarize(g, proportions=["won"])
>>> out = difference_table(a, s(a), b, s(b))
>>> out[["quantity", "a", "b", "difference", "n", "method"]]
  quantity     a     b  difference  n  method
0      won  0.75  0.25         0.5  4  paired
"""

from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from simlab.core.stats import SUMMARY_COLUMNS, paired_ratio_difference
from simlab.core.study.output import jsonable
from simlab.core.study.result import StudyResult

__all__ = ["COMPARISON_COLUMNS", "ComparisonResult", "difference_table"]

#: Columns of a comparison, after the summary's ``by`` columns.
COMPARISON_COLUMNS = ("quantity", "kind", "a", "b", "difference", "low", "high", "n", "method")


def _by_columns(summary: pd.DataFrame) -> list[str]:
    return [c for c in summary.columns if c not in SUMMARY_COLUMNS]


def _per_game(games: pd.DataFrame, by: list[str], key: tuple[Any, ...],
              quantity: str) -> pd.DataFrame:
    """Per game: the sum of ``quantity`` over its rows in the group ``key``, and their number."""
    mask = np.ones(len(games), dtype=bool)
    for column, value in zip(by, key, strict=True):
        mask &= (games[column] == value).to_numpy()
    part = games.loc[mask, ["game", quantity]].dropna()
    values = part[quantity].astype(float).groupby(part["game"])
    return pd.DataFrame({"sum": values.sum(), "count": values.size()})


def difference_table(games_a: pd.DataFrame, summary_a: pd.DataFrame,
                     games_b: pd.DataFrame, summary_b: pd.DataFrame,
                     confidence: float = 0.95) -> pd.DataFrame:
    """Each quantity of two summaries: both estimates and ``a - b`` with its interval.

    Parameters
    ----------
    games_a, games_b : DataFrame
        The games tables of the two runs (paired on their ``game`` column).
    summary_a, summary_b : DataFrame
        Their summaries (``*by, quantity, kind, estimate, low, high, n, exact``).
    confidence : float, default 0.95
        Two-sided confidence level.

    Returns
    -------
    DataFrame
        ``*by, quantity, kind, a, b, difference, low, high, n, method``:
        ``difference`` is ``a - b``; ``n`` is the number of games (paired) or
        the smaller ``n`` of the two (unpaired); a group found in one run only
        has NaN for the other.
    """
    by = _by_columns(summary_a)
    pairable = "game" in games_a.columns and "game" in games_b.columns
    index_b = {(*(r[c] for c in by), r["quantity"]): r for _, r in summary_b.iterrows()}
    rows = []
    for _, ra in summary_a.iterrows():
        key = tuple(ra[c] for c in by)
        rb = index_b.get((*key, ra["quantity"]))
        est_b = math.nan if rb is None else float(rb["estimate"])
        quantity = str(ra["quantity"])
        usable = pairable and all(quantity in g.columns and all(c in g.columns for c in by)
                                  for g in (games_a, games_b))
        if usable and rb is not None:
            a = _per_game(games_a, by, key, quantity)
            b = _per_game(games_b, by, key, quantity)
            played = a.index.union(b.index)  # the games with rows in this group
            a, b = a.reindex(played, fill_value=0), b.reindex(played, fill_value=0)
            usable = bool(a["count"].sum() and b["count"].sum())
        if usable and rb is not None:
            diff, low, high = paired_ratio_difference(a["sum"], a["count"], b["sum"], b["count"],
                                                      confidence)
            n, method = int(((a["count"] > 0) | (b["count"] > 0)).sum()), "paired"
        else:
            diff = float(ra["estimate"]) - est_b
            half_a = (float(ra["high"]) - float(ra["low"])) / 2
            half_b = math.nan if rb is None else (float(rb["high"]) - float(rb["low"])) / 2
            half = math.hypot(half_a, half_b)
            low, high = diff - half, diff + half
            n = int(min(ra["n"], math.inf if rb is None else rb["n"]))
            method = "unpaired"
        rows.append({**dict(zip(by, key, strict=True)), "quantity": quantity,
                     "kind": ra["kind"], "a": float(ra["estimate"]), "b": est_b,
                     "difference": diff, "low": low, "high": high, "n": int(n),
                     "method": method})
    out = pd.DataFrame(rows, columns=[*by, *COMPARISON_COLUMNS])
    for column in ("a", "b", "difference", "low", "high"):
        out[column] = out[column].astype("float64")
    out["n"] = out["n"].astype("int64")
    return out


@dataclass(eq=False, repr=False)
class ComparisonResult:
    """What ``run_study(..., compare_data=B)`` returns: two runs and their differences.

    Attributes
    ----------
    a, b : StudyResult
        The run on ``data`` (``a``) and the run on ``compare_data`` (``b``),
        on the same seed.
    label_a, label_b : str
        Which component set each run used.
    summary : DataFrame
        :func:`difference_table` of the two: ``a - b`` per quantity.
    """

    a: StudyResult
    b: StudyResult
    label_a: str
    label_b: str
    summary: pd.DataFrame

    @property
    def params(self) -> dict[str, Any]:
        """The parameters of the runs (the same for both), with both folders."""
        return {**self.a.params, "data": self.label_a, "compare_data": self.label_b}

    def __repr__(self) -> str:
        return (f"ComparisonResult({self.a.study.name!r}, a={self.label_a!r}, "
                f"b={self.label_b!r}, games={self.a.params['games']}, "
                f"seed={self.a.params['seed']})")

    def _repr_html_(self) -> str:
        head = (f"<b>{html.escape(self.a.study.title)}</b>: a = {html.escape(self.label_a)}, "
                f"b = {html.escape(self.label_b)}, difference a − b")
        return head + self.summary.to_html(index=False, float_format=lambda x: f"{x:.4g}")

    def to_json(self, indent: int | None = None) -> str:
        """JSON text: the study, both sets, the parameters and the differences."""
        doc = {"study": self.a.study.name, "title": self.a.study.title,
               "params": self.params, "summary": self.summary.to_dict(orient="records")}
        return json.dumps(jsonable(doc), indent=indent, allow_nan=False)
