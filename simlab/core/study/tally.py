"""Tallies: a study's per-game rows folded into counts, so memory stays flat in the games.

A study whose summary needs only the distribution of each quantity within each
group (win rates, mean scores: what :func:`simlab.core.stats.summarize` gives)
can declare its group columns as ``Study(tally=(...))``.  ``run_study(...,
tally=True)`` then turns every chunk's rows into a **tally** in the worker that
played it, one row per group, quantity and value with how many rows had it,
and folds the tallies as they arrive (:class:`~simlab.core.study.combine.SumFold`).
The games table never holds a row per game, so a 1,000,000-game study takes the
memory of a 1,000-game one, and the summary is the same: :func:`summarize_games`
summarizes a tally with the count-weighted forms of the same statistics
(identical counts and proportions, means and intervals equal to within float
rounding).

Examples
--------
>>> import pandas as pd
>>> rows = pd.DataFrame({"game": [0, 0, 1, 1, 2, 2], "seat": [0, 1] * 3,
...                      "win": [True, False, False, True, True, False],
...                      "score": [7, 5, 4, 6, 9, 3]})
>>> table = tally_rows(rows, ("seat",))
>>> table.head(4)
   seat quantity  value  count
0     0    score    4.0      1
1     0    score    7.0      1
2     0    score    9.0      1
3     0      win    0.0      1
>>> a = summarize_games(rows, by=["seat"], proportions=["win"], means=["score"])
>>> b = summarize_games(table, by=["seat"], proportions=["win"], means=["score"])
>>> a[["seat", "quantity", "estimate", "n"]].equals(b[["seat", "quantity", "estimate", "n"]])
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd

from simlab.core import stats
from simlab.core.errors import ConfigError

__all__ = ["TALLY_COLUMNS", "is_tally", "stack_summaries", "summarize_games", "tally_rows",
           "tally_values"]

#: The columns a tally has after its group columns.
TALLY_COLUMNS = ("quantity", "value", "count")


def is_tally(games: pd.DataFrame) -> bool:
    """Whether a games table is a tally (it has the columns ``quantity, value, count``).

    Examples
    --------
    >>> is_tally(pd.DataFrame(columns=["seat", "quantity", "value", "count"]))
    True
    >>> is_tally(pd.DataFrame(columns=["game", "seat", "win"]))
    False
    """
    return set(TALLY_COLUMNS) <= set(games.columns)


def tally_rows(rows: pd.DataFrame, keys: Sequence[str]) -> pd.DataFrame:
    """Fold per-game rows into a tally: counts of each value of each quantity, by ``keys``.

    Parameters
    ----------
    rows : DataFrame
        A chunk's rows (one per game, or per game and seat).  Every column that
        is not a key and not ``game`` is a quantity; its values must be numbers
        or True/False (held as 0.0/1.0 in the tally); missing values are
        counted as NaN and left out by the summary, as
        :func:`simlab.core.stats.summarize` leaves them out.
    keys : sequence of str
        The group columns, kept as they are.

    Returns
    -------
    DataFrame
        Columns ``*keys, quantity, value, count``, sorted by them.

    Raises
    ------
    ConfigError
        If a key is missing or a quantity holds text.

    Examples
    --------
    >>> rows = pd.DataFrame({"game": [0, 1, 2], "vp": [3, 3, 5]})
    >>> tally_rows(rows, ())
      quantity  value  count
    0       vp    3.0      2
    1       vp    5.0      1
    """
    keys = list(keys)
    missing = [k for k in keys if k not in rows.columns]
    if missing:
        raise ConfigError(f"tally: rows have no key column {missing[0]!r}")
    quantities = [c for c in rows.columns if c not in keys and c != "game"]
    parts = []
    for quantity in quantities:
        try:
            values = pd.to_numeric(rows[quantity], errors="raise").astype("float64")
        except (TypeError, ValueError):
            raise ConfigError(f"tally: quantity {quantity!r} holds text; make it a key"
                              ) from None
        part = rows[keys].assign(quantity=quantity, value=values.to_numpy())
        parts.append(part.groupby([*keys, "quantity", "value"], sort=True, dropna=False,
                                  observed=True).size().rename("count").reset_index())
    if not parts:
        return pd.DataFrame(columns=[*keys, *TALLY_COLUMNS])
    table = pd.concat(parts, ignore_index=True)
    table["count"] = table["count"].astype("int64")
    return table.sort_values([*keys, "quantity", "value"], kind="stable",
                             ignore_index=True)


def tally_values(games: pd.DataFrame, quantity: str, **where: Any) -> tuple[np.ndarray,
                                                                            np.ndarray]:
    """Values of ``quantity`` and how many rows had each, in rows or in a tally.

    ``where`` picks rows by key columns (``policy="brave"``).  For plots that
    need a distribution (histograms: ``hist(values, weights=counts)``).

    Examples
    --------
    >>> rows = pd.DataFrame({"game": [0, 1, 2], "p": ["a", "a", "b"], "vp": [3, 3, 5]})
    >>> tally_values(rows, "vp", p="a")
    (array([3., 3.]), array([1., 1.]))
    >>> tally_values(tally_rows(rows, ["p"]), "vp", p="a")
    (array([3.]), array([2.]))
    """
    part = games
    for key, value in where.items():
        part = part[part[key] == value]
    if is_tally(games):
        part = part[part["quantity"] == quantity]
        values, counts = part["value"], part["count"]
    else:
        values = part[quantity]
        counts = pd.Series(np.ones(len(part)), index=part.index)
    keep = values.notna().to_numpy()
    return (values.to_numpy(dtype="float64")[keep], counts.to_numpy(dtype="float64")[keep])


def summarize_games(
    games: pd.DataFrame,
    by: Sequence[str] = (),
    proportions: Sequence[str] = (),
    means: Sequence[str] = (),
    confidence: float = 0.95,
) -> pd.DataFrame:
    """:func:`simlab.core.stats.summarize` of per-game rows or of their tally.

    Rows are summarized as they are; a tally (:func:`is_tally`) with the
    count-weighted statistics, giving the same counts, ``n`` and proportions
    and, for means, the same values to within float rounding.  ``by`` may be
    any subset of the tally's keys: the other keys are summed over.

    Examples
    --------
    >>> rows = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
    ...                      "vp": [2, 4, 6, 4]})
    >>> summarize_games(tally_rows(rows, ["seat"]), means=["vp"])[["estimate", "n"]]
       estimate  n
    0       4.0  4
    """
    if not is_tally(games):
        return stats.summarize(games, by=by, proportions=proportions, means=means,
                               confidence=confidence)
    known = set(games["quantity"])
    for quantity in (*proportions, *means):
        if quantity not in known and len(games):
            raise ConfigError(f"tally has no quantity {quantity!r}")
    frames = []
    for quantity in (*proportions, *means):
        part = games[games["quantity"] == quantity]
        wide = part.drop(columns=["quantity"]).rename(columns={"value": quantity})
        frames.append(stats.summarize(wide, by=by,
                                      proportions=[quantity] if quantity in proportions else [],
                                      means=[quantity] if quantity in means else [],
                                      count="count", confidence=confidence))
    if not frames:
        return stats.summarize(games.iloc[0:0], by=by)
    table = pd.concat(frames, ignore_index=True)
    order = {q: i for i, q in enumerate((*proportions, *means))}
    kind_order = table["kind"].map({"proportion": 0, "mean": 1})
    table = table.assign(_kind=kind_order, _q=table["quantity"].map(order))
    table = table.sort_values([*by, "_kind", "_q"], kind="stable", ignore_index=True)
    return table.drop(columns=["_kind", "_q"])


def stack_summaries(column: str, tables: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """Summary tables one under another, each row labelled with its table's name.

    Parameters
    ----------
    column : str
        The label column, put first (``"scope"``, ``"by"``).
    tables : mapping of str to DataFrame
        The tables in order, by label; their other columns are aligned by name
        (a column one table lacks is missing on its rows).

    Returns
    -------
    DataFrame
        ``column`` and every table's columns, rows numbered from 0.

    Examples
    --------
    >>> a = pd.DataFrame({"policy": ["x"], "estimate": [0.5]})
    >>> b = pd.DataFrame({"seat": [0, 1], "estimate": [0.25, 0.75]})
    >>> stack_summaries("by", {"policy": a, "seat": b})
           by policy  estimate  seat
    0  policy      x      0.50   NaN
    1    seat    NaN      0.25   0.0
    2    seat    NaN      0.75   1.0
    """
    return pd.concat([table.assign(**{column: label})[[column, *table.columns]]
                      for label, table in tables.items()], ignore_index=True)
