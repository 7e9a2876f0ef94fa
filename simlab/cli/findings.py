"""What a report found: one finding a study, from the rows that say something.

:func:`finding` says in one line what a study's summary answers, from its decided rows
only (the rows :func:`simlab.lab.marks.few_games` finds on too few games left out), for
the head of ``results/index.md``.

Examples
--------
>>> import pandas as pd
>>> rows = pd.DataFrame({"policy": ["greedy", "random", "mcts"], "quantity": "win",
...                      "kind": "proportion", "estimate": [0.6, 0.2, 0.7],
...                      "low": [0.55, 0.16, 0.2], "high": [0.65, 0.24, 0.95],
...                      "n": [400, 400, 8]})
>>> print(finding(rows, "win"))  # doctest: +NORMALIZE_WHITESPACE
win: highest 0.600 [0.550, 0.650] at policy greedy; lowest 0.200 [0.160, 0.240] at
policy random (1 of 3 rows: too few games)
"""

from __future__ import annotations

import pandas as pd

from simlab.lab.marks import few_games

__all__ = ["describe", "finding", "ladder_finding"]

#: Columns of a summary that are not the keys of its rows.
_VALUES = {"quantity", "kind", "estimate", "low", "high", "n", "exact", "wins", "ties",
           "note", "chisquare_p", "worth", "worth_low", "worth_high", "pairs", "fair_share"}


def _keys(summary: pd.DataFrame) -> list[str]:
    """The columns that tell rows apart (players, seat, ...), the ones that vary."""
    return [c for c in summary.columns if c not in _VALUES and summary[c].nunique() > 1]


def _where(row: pd.Series, keys: list[str]) -> str:
    return ", ".join(f"{k} {row[k]}" for k in keys) or "all games"


def _value(row: pd.Series, columns: tuple[str, str, str]) -> str:
    est, lo, hi = (row.get(c) for c in columns)
    if pd.isna(lo) or pd.isna(hi):
        return f"{est:.3f}"
    return f"{est:.3f} [{lo:.3f}, {hi:.3f}]"


def finding(summary: pd.DataFrame, quantity: str | None,
            where: dict[str, str] | None = None,
            columns: tuple[str, str, str] = ("estimate", "low", "high")) -> str:
    """One line: the highest and lowest ``quantity`` among the rows that say something.

    ``quantity`` None: the summary's first quantity.  ``where``: only the rows whose
    columns hold these values (a level, not an effect).  ``columns``: the estimate and
    interval to report (``worth``, ``worth_low``, ``worth_high`` for a paired effect).
    Rows on too few games are left out of the line and counted at its end.
    """
    if summary.empty or "quantity" not in summary.columns:
        return "no rows"
    few = few_games(summary)
    quantity = quantity if quantity is not None else str(summary["quantity"].iloc[0])
    keep = (summary["quantity"] == quantity).to_numpy().copy()
    for column, value in (where or {}).items():
        keep &= (summary[column].astype(str) == value).to_numpy()
    tail = f" ({int(few.sum())} of {len(summary)} rows: too few games)" if few.any() else ""
    rows = summary[keep & ~few]
    rows = rows[rows[columns[0]].notna()]
    name = quantity if columns[0] == "estimate" else f"{quantity} ({columns[0]})"
    if rows.empty:
        return f"{name}: no row has games enough to say{tail}"
    keys = [k for k in _keys(summary[keep]) if k not in (where or {})]
    top, bottom = rows.loc[rows[columns[0]].idxmax()], rows.loc[rows[columns[0]].idxmin()]
    if len(rows) == 1:
        return f"{name}: {_value(top, columns)} at {_where(top, keys)}{tail}"
    return (f"{name}: highest {_value(top, columns)} at {_where(top, keys)}; "
            f"lowest {_value(bottom, columns)} at {_where(bottom, keys)}{tail}")


def ladder_finding(summary: pd.DataFrame) -> str:
    """One line of a ladder: the policies by rating, and how many pairings are decided.

    A pairing is decided when its interval leaves out 1/2 and it rests on ``MIN_GAMES``
    games or more.

    Examples
    --------
    >>> rows = pd.DataFrame({"scope": ["pairing", "rating", "rating"], "a": ["b", "", ""],
    ...                      "b": ["a", "", ""], "policy": ["b", "a", "b"],
    ...                      "quantity": ["win rate of a", "rating", "rating"],
    ...                      "kind": ["proportion", "rating", "rating"],
    ...                      "estimate": [0.8, -0.7, 0.7], "low": [0.7, -1.0, 0.4],
    ...                      "high": [0.88, -0.4, 1.0], "n": [100, 100, 100]})
    >>> ladder_finding(rows)
    'strongest first: b (+0.70), a (-0.70); 1 of 1 pairings decided: b beats a 0.800 [0.700, 0.880]'
    """
    ratings = summary[summary["scope"] == "rating"].sort_values("estimate", ascending=False)
    order = ", ".join(f"{r.policy} ({r.estimate:+.2f})" for r in ratings.itertuples())
    pairs = summary[summary["scope"] == "pairing"]
    from simlab.figures.limits import MIN_GAMES

    enough = (pd.to_numeric(pairs["n"], errors="coerce") >= MIN_GAMES).to_numpy()
    decided = pairs[enough & ((pairs["low"] > 0.5) | (pairs["high"] < 0.5)).to_numpy()]
    said: list[str] = []
    for r in decided.itertuples():
        verb = "beats" if r.low > 0.5 else "loses to"
        said.append(f"{r.a} {verb} {r.b} {r.estimate:.3f} [{r.low:.3f}, {r.high:.3f}]")
    tail = f": {'; '.join(said[:3])}" + ("; ..." if len(said) > 3 else "") if said else ""
    return f"strongest first: {order}; {len(decided)} of {len(pairs)} pairings decided{tail}"


def describe(summary: pd.DataFrame, spec: tuple[str, dict[str, str],
                                                 tuple[str, str, str]] | None) -> str:
    """:func:`ladder_finding` for a ladder (a ``scope`` of ratings), else :func:`finding`
    with ``spec`` = (quantity, where, columns) (None: the first quantity)."""
    if "scope" in summary.columns and (summary["scope"] == "rating").any():
        return ladder_finding(summary)
    if spec is None:
        return finding(summary, None)
    return finding(summary, spec[0], spec[1], spec[2])
