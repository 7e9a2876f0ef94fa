"""Which rows of a study's summary rest on too few games to say anything.

:func:`few_games` finds the rows that say nothing yet (too few games behind them, or a
share whose interval is too wide); :func:`marked` adds that mark as a ``note`` column,
and :func:`printable` is the summary as ``simlab study`` prints it and ``simlab report``
and the designer-studies pages (:mod:`simlab.lab.study_pages`) write it.  The figures
mark the same rows (:func:`simlab.figures.limits.too_wide`).

Examples
--------
>>> import pandas as pd
>>> rows = pd.DataFrame({"seat": [0, 1, 2], "quantity": ["win"] * 3,
...                      "kind": ["proportion"] * 3, "estimate": [0.5, 0.3, 0.2],
...                      "low": [0.45, 0.26, 0.0], "high": [0.55, 0.34, 0.9],
...                      "n": [400, 400, 3]})
>>> few_games(rows).tolist()
[False, False, True]
>>> marked(rows).note.tolist()
['', '', 'too few games']
>>> "note" in printable(rows.head(2)).columns  # no row on too few games: no note column
False
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from simlab.figures.limits import SAYS_NOTHING, TOO_FEW, too_wide

__all__ = ["TOO_FEW", "few_games", "marked", "printable"]


def few_games(summary: pd.DataFrame) -> np.ndarray:
    """Which rows say nothing yet: fewer than ``MIN_GAMES`` games behind them, or a share
    (``kind`` "proportion", or any row of a summary without ``kind``) with no 95% interval
    or one wider than ``SAYS_NOTHING``; a row of another kind (a mean, a rating) is judged
    by its games alone.

    The figures mark the same rows "too few games" (:func:`simlab.figures.limits.too_wide`).
    """
    if summary.empty or not {"low", "high"} <= set(summary.columns):
        return np.zeros(len(summary), dtype=bool)
    share = (summary["kind"] == "proportion").to_numpy() if "kind" in summary.columns \
        else np.ones(len(summary), dtype=bool)
    # a row that is not a share is judged by the games behind it alone
    low = np.where(share, pd.to_numeric(summary["low"], errors="coerce"), 0.0)
    high = np.where(share, pd.to_numeric(summary["high"], errors="coerce"), 0.0)
    games = pd.to_numeric(summary["n"], errors="coerce") if "n" in summary.columns else None
    return np.asarray(too_wide(low, high, SAYS_NOTHING, games), dtype=bool)


def marked(summary: pd.DataFrame) -> pd.DataFrame:
    """``summary`` with a ``note`` column: :data:`TOO_FEW` on each row :func:`few_games` finds."""
    few = few_games(summary)
    return summary.assign(note=np.where(few, TOO_FEW, ""))


def printable(summary: pd.DataFrame) -> pd.DataFrame:
    """``summary`` as printed and as a report writes it: a ``note`` column marks the rows
    on too few games (:func:`marked`), when any is."""
    out = marked(summary)
    out = out if (out["note"] != "").any() else summary
    # a whole-number column with gaps (a rating's wins): empty cells, as NaN is printed
    gaps = [c for c in out.columns
            if str(out[c].dtype) in ("Int64", "Int32") and out[c].isna().any()]
    return out.astype({c: object for c in gaps}).fillna({c: "" for c in gaps}) if gaps else out
