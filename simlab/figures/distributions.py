"""Distributions and proportions: what a study observed, beside the exact values.

- :func:`distribution_plot` — observed distribution of a discrete quantity,
  exact probabilities marked.
- :func:`proportions_plot` — estimates with interval error bars (a study
  summary), exact values marked.

Examples
--------
>>> fig = distribution_plot([2, 3, 3, 4], exact={2: 0.25, 3: 0.5, 4: 0.25})
>>> fig.axes[0].get_ylabel()
'probability'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from simlab.figures.axes import figure_axes

__all__ = ["distribution_plot", "proportions_plot"]


def distribution_plot(
    values: Sequence[Any] | pd.Series | Mapping[Any, float],
    exact: Mapping[Any, float] | None = None,
    *,
    counts: bool = False,
    ax: Any = None,
    title: str | None = None,
    xlabel: str = "value",
) -> Figure:
    """Bars of the observed distribution, exact probabilities as crosses.

    Parameters
    ----------
    values : sequence, Series or mapping
        Observed values (one per game), or with ``counts=True`` a mapping
        value -> number of games.
    exact : mapping, optional
        Exact probability of each value (``Fraction`` or float).
    counts : bool
        ``values`` is a mapping of counts.
    ax : Axes, optional
        Draw here instead of in a new Figure.

    Examples
    --------
    >>> fig = distribution_plot({1: 3, 2: 1}, counts=True)
    >>> [round(float(p.get_height()), 2) for p in fig.axes[0].patches]
    [0.75, 0.25]
    """
    if counts:
        tally = pd.Series(dict(values), dtype=float)  # type: ignore[arg-type]
    else:
        tally = pd.Series(list(values)).value_counts().astype(float)  # type: ignore[arg-type]
    keys = sorted(set(tally.index) | set(exact or {}), key=_sort_key)
    total = float(tally.sum()) or 1.0
    observed = [float(tally.get(k, 0.0)) / total for k in keys]
    fig, ax = figure_axes(ax, (6.0, 3.5))
    x = np.arange(len(keys))
    ax.bar(x, observed, color="C0", alpha=0.7, label=f"observed ({int(total)} games)")
    if exact:
        ax.plot(x, [float(exact.get(k, 0.0)) for k in keys], "x", color="C3", markersize=9,
                label="exact")
    ax.set_xticks(x, [str(k) for k in keys])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.legend(fontsize="small", frameon=False)
    ax.grid(axis="y", alpha=0.3)
    if title:
        ax.set_title(title)
    return fig


def _sort_key(value: Any) -> tuple[int, Any]:
    return (0, value) if isinstance(value, int | float | np.number) else (1, str(value))


def proportions_plot(
    summary: pd.DataFrame,
    *,
    label: str | Sequence[str] = "quantity",
    ax: Any = None,
    title: str | None = None,
    xlabel: str = "proportion",
) -> Figure:
    """Estimates with their interval as error bars, one row each, exact values as crosses.

    Parameters
    ----------
    summary : DataFrame
        Columns ``estimate``, ``low``, ``high`` and optionally ``exact`` (the
        shape of :func:`simlab.core.stats.summarize`).
    label : str or list of str
        Column(s) naming each row.

    Examples
    --------
    >>> table = pd.DataFrame({"quantity": ["a", "b"], "estimate": [0.2, 0.5],
    ...                       "low": [0.1, 0.4], "high": [0.3, 0.6], "exact": [0.25, None]})
    >>> fig = proportions_plot(table)
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()]
    ['a', 'b']
    """
    columns = [label] if isinstance(label, str) else list(label)
    rows = summary.reset_index(drop=True)
    names = [" | ".join(str(row[c]) for c in columns) for _, row in rows.iterrows()]
    fig, ax = figure_axes(ax, (6.5, 1.2 + 0.35 * max(1, len(rows))))
    y = np.arange(len(rows))
    est = rows["estimate"].to_numpy(dtype=float)
    err = np.vstack([est - rows["low"].to_numpy(dtype=float),
                     rows["high"].to_numpy(dtype=float) - est])
    err = np.clip(np.nan_to_num(err, nan=0.0), 0.0, None)
    ax.errorbar(est, y, xerr=err, fmt="o", capsize=3, label="estimate, 95% interval")
    if "exact" in rows:
        exact = pd.to_numeric(rows["exact"], errors="coerce").to_numpy(dtype=float)
        if np.isfinite(exact).any():
            ax.plot(exact, y, "x", color="C3", markersize=9, label="exact")
    ax.set_yticks(y, names)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    ax.legend(fontsize="small", frameon=False, loc="best")
    if title:
        ax.set_title(title)
    return fig

