"""Intervals drawn so that they show, and forest plots of effects.

:func:`intervals` draws estimates with their intervals (a thick bar with caps
over a small open dot), faint and marked "too few games" where an interval
says nothing (:func:`simlab.figures.limits.too_wide`); :func:`forest_plot`
is one row an effect with a line at no change.  Every study figure draws its
intervals with them.

Examples
--------
>>> fig = Figure()
>>> wide = intervals(fig.add_subplot(), [0, 1], [0.5, 0.5], [0.45, 0.1], [0.55, 0.9],
...                  limit=0.2, horizontal=True)
>>> wide.tolist(), fig.axes[0].texts[0].get_text()
([False, True], 'too few games')
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from simlab.figures.limits import MAX_INCHES, TOO_FEW, too_wide

__all__ = ["forest_plot", "intervals"]


def intervals(
    ax: Any,
    position: Any,
    estimate: Any,
    low: Any,
    high: Any,
    *,
    limit: float,
    horizontal: bool = False,
    color: Any = "C0",
    label: str | None = None,
    connect: bool = False,
    n: Any = None,
    clip: float = np.inf,
) -> np.ndarray:
    """Estimates with their intervals drawn so that the interval shows: a thick bar with
    caps over a small open dot.  An interval wider than ``limit`` (or missing) is drawn
    faint and marked "too few games": beside it in a horizontal (forest) plot, once over
    the axes' right corner ("faint: too few games to say anything") in a vertical one.

    ``clip``: the farthest value at which "too few games" is written (an interval may
    reach past the axis).  Returns the boolean mask of the intervals marked too wide
    (see :func:`too_wide`, which also takes the games ``n`` behind each interval).

    Examples
    --------
    >>> fig = Figure()
    >>> ax = fig.add_subplot()
    >>> intervals(ax, [1, 2], [0.5, 0.4], [0.45, 0.0], [0.55, 0.9], limit=0.3).tolist()
    [False, True]
    >>> ax.get_title(loc="right")
    'faint: too few games to say anything'
    """
    pos = np.asarray(position, dtype=float)
    est = np.asarray(estimate, dtype=float)
    lo = np.asarray(low, dtype=float)
    hi = np.asarray(high, dtype=float)
    wide = too_wide(lo, hi, limit, n)
    err = np.clip(np.nan_to_num(np.vstack([est - lo, hi - est]), nan=0.0), 0.0, None)
    if connect and len(pos) > 1:
        ax.plot(*((est, pos) if horizontal else (pos, est)), "-", color=color, lw=1,
                alpha=0.6, zorder=1)
    faint_name = None if (~wide).any() else label  # a legend entry even if all are faint
    for keep, alpha, name in ((~wide, 1.0, label), (wide, 0.35, faint_name)):
        if not keep.any():
            continue
        kwargs: dict[str, Any] = {"xerr" if horizontal else "yerr": err[:, keep]}
        xy = (est[keep], pos[keep]) if horizontal else (pos[keep], est[keep])
        ax.errorbar(*xy, **kwargs, fmt="o", ms=4, mfc="white", mew=1.2, color=color,
                    ecolor=color, elinewidth=2.2, capsize=4, capthick=1.5, zorder=3,
                    alpha=alpha, label=name)
    for i in np.flatnonzero(wide):
        if horizontal:
            x = hi[i] if np.isfinite(hi[i]) else est[i]
            x = min(x, clip) if np.isfinite(x) else 0.0
            ax.annotate(TOO_FEW, (x, pos[i]),
                        xytext=(6, 0), textcoords="offset points", va="center",
                        fontsize=7, color="#424242", style="italic",
                        bbox={"fc": "white", "ec": "none", "alpha": 0.8, "pad": 0.5})
    if not horizontal and wide.any():  # over the axes' right corner, clear of the data
        ax.set_title(f"faint: {TOO_FEW} to say anything", loc="right", fontsize=7,
                     color="#424242", style="italic")
    return wide


def forest_plot(
    rows: pd.DataFrame,
    *,
    label: str,
    title: str,
    xlabel: str,
    limit: float,
    group: str | None = None,
    note: str | None = None,
    width: float = 8.0,
) -> Figure:
    """A forest plot: one row per effect (``estimate``, ``low``, ``high``), a line at 0,
    the row's name (column ``label``) beside it and "too few games" where its interval
    is wider than ``limit``.

    Parameters
    ----------
    rows : DataFrame
        One row per effect, drawn top to bottom in this order.
    group : str, optional
        Column whose values get one colour each (a player count ...), with a legend.
    note : str, optional
        A line under the plot (what was compared, on how many games).

    Examples
    --------
    >>> t = pd.DataFrame({"name": ["a", "b"], "estimate": [0.1, -0.2],
    ...                   "low": [0.05, -0.9], "high": [0.15, 0.5]})
    >>> fig = forest_plot(t, label="name", title="T", xlabel="change", limit=0.3)
    >>> [x.get_text() for x in fig.axes[0].get_yticklabels()], fig.axes[0].texts[0].get_text()
    (['a', 'b'], 'too few games')
    """
    rows = rows.reset_index(drop=True)
    height = min(MAX_INCHES, 1.6 + 0.28 * max(1, len(rows)))
    fig = Figure(figsize=(width, height), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(len(rows), dtype=float)
    groups = list(dict.fromkeys(rows[group])) if group else [None]
    for i, value in enumerate(groups):
        keep = (rows[group] == value).to_numpy() if group else np.ones(len(rows), bool)
        part = rows[keep]
        intervals(ax, y[keep], part["estimate"], part["low"], part["high"], limit=limit,
                  horizontal=True, color=f"C{i}", n=part.get("n"),
                  clip=1.0,
                  label=None if value is None else f"{value} {group}")
    ax.axvline(0.0, color="k", lw=1, zorder=0)
    ax.set_yticks(y, [str(v) for v in rows[label]], fontsize=8)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel(xlabel)
    ax.grid(axis="x", alpha=0.3)
    finite = pd.concat([rows["low"], rows["high"], rows["estimate"]]).astype(float)
    finite = finite[np.isfinite(finite)]
    reach = min(1.0, max(0.05, float(finite.abs().max()) if len(finite) else 0.05))
    ax.set_xlim(-1.1 * reach, 1.55 * reach)  # room on the right for "too few games"
    if group:
        ax.legend(fontsize=7, frameon=False, loc="lower right")
    fig.suptitle(title, fontsize=11)
    if note:
        fig.text(0.01, 0.0, note, fontsize=7, color="#424242", va="bottom")
    return fig
