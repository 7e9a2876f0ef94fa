"""Plot helpers shared by all studies: pure functions returning matplotlib Figures.

No pyplot state is touched: every function builds a
:class:`matplotlib.figure.Figure` (or draws into the ``ax`` it is given), so
they work in notebooks, scripts, tests and worker processes alike.

- :func:`distribution_plot` — observed distribution of a discrete quantity,
  exact probabilities marked.
- :func:`proportions_plot` — estimates with interval error bars (a study
  summary), exact values marked.
- :func:`survival_plot` and :func:`survival_steps` — Kaplan–Meier survival
  curves with their confidence bands drawn, from durations and event flags
  (censoring allowed); the table itself is :func:`simlab.core.stats.kaplan_meier`
  (re-exported here).
- :func:`board_heatmap` — node values over a board graph (networkx).

Examples
--------
>>> fig = distribution_plot([2, 3, 3, 4], exact={2: 0.25, 3: 0.5, 4: 0.25})
>>> fig.axes[0].get_ylabel()
'probability'
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from simlab.core.stats import kaplan_meier

__all__ = [
    "board_heatmap",
    "distribution_plot",
    "kaplan_meier",
    "proportions_plot",
    "survival_plot",
    "survival_steps",
]


def _axes(ax: Any, figsize: tuple[float, float]) -> tuple[Figure, Any]:
    if ax is not None:
        return ax.figure, ax
    fig = Figure(figsize=figsize, layout="constrained")
    return fig, fig.add_subplot()


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
    fig, ax = _axes(ax, (6.0, 3.5))
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
    fig, ax = _axes(ax, (6.5, 1.2 + 0.35 * max(1, len(rows))))
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


def survival_steps(
    ax: Any,
    durations: Sequence[float],
    events: Sequence[bool] | None = None,
    *,
    label: str | None = None,
    complement: bool = False,
    confidence: float = 0.95,
    color: Any = None,
) -> Any:
    """Draw one Kaplan–Meier curve with its shaded confidence band into ``ax``.

    Parameters
    ----------
    ax : Axes
        Where to draw.
    durations, events
        As for :func:`simlab.core.stats.kaplan_meier`.
    label : str, optional
        Legend entry of the curve.
    complement : bool
        Draw ``1 - survival`` (the share that has had the event) and its band.
    confidence : float
        Level of the band.

    Returns
    -------
    Line2D
        The step curve (its band is the PolyCollection drawn just after it, below it).

    Examples
    --------
    >>> fig = Figure()
    >>> line = survival_steps(fig.add_subplot(), [1, 2, 2, 4], label="a")
    >>> line.get_ydata().tolist()
    [1.0, 0.75, 0.25, 0.0]
    """
    table = kaplan_meier(durations, events, confidence)
    surv, low, high = (table[c].to_numpy(dtype=float) for c in ("survival", "low", "high"))
    if complement:
        surv, low, high = 1.0 - surv, 1.0 - high, 1.0 - low
    (line,) = ax.step(table["time"], surv, where="post", label=label, color=color)
    ax.fill_between(table["time"], low, high, step="post", alpha=0.15, linewidth=0,
                    color=line.get_color(), zorder=line.get_zorder() - 0.5)
    return line


def survival_plot(
    groups: Mapping[Hashable, tuple[Sequence[float], Sequence[bool] | None]],
    *,
    ax: Any = None,
    title: str | None = None,
    xlabel: str = "time",
    ylabel: str = "probability still alive",
    confidence: float = 0.95,
) -> Figure:
    """Kaplan–Meier step curves, one per group, each with its shaded 95% band.

    Parameters
    ----------
    groups : mapping
        Label -> ``(durations, events)`` (``events`` may be ``None``: all observed).
    confidence : float
        Level of the bands (Greenwood, from :func:`simlab.core.stats.kaplan_meier`).

    Examples
    --------
    >>> fig = survival_plot({"2 players": ([1, 2, 3], None), "4 players": ([2, 2, 4], None)})
    >>> len(fig.axes[0].lines), len(fig.axes[0].collections)   # curves and their bands
    (2, 2)
    """
    fig, ax = _axes(ax, (6.0, 3.5))
    for label, (durations, events) in groups.items():
        survival_steps(ax, durations, events, label=str(label), confidence=confidence)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(alpha=0.3)
    ax.legend(fontsize="small", frameon=False, title=f"shaded: {confidence:.0%} band",
              title_fontsize="small")
    if title:
        ax.set_title(title)
    return fig


def board_heatmap(
    graph: Any,
    values: Mapping[Hashable, float],
    *,
    pos: Mapping[Hashable, tuple[float, float]] | str | None = "pos",
    ax: Any = None,
    title: str | None = None,
    cmap: str = "viridis",
    label: str = "value",
    labels: bool = True,
) -> Figure:
    """Colour the nodes of a board graph by a value (visits, captures, odds ...).

    Parameters
    ----------
    graph : networkx.Graph
        The board (``simlab.games.<name>.board``).
    values : mapping
        Node -> value; nodes without a value are drawn grey.
    pos : mapping or str or None
        Node positions, or the name of a node attribute holding them
        (default ``"pos"``); a spring layout (seed 0) where missing.

    Examples
    --------
    >>> import networkx as nx
    >>> fig = board_heatmap(nx.path_graph(3), {0: 1.0, 2: 3.0})
    >>> len(fig.axes)   # the board and its colour bar
    2
    """
    import networkx as nx
    from matplotlib import colormaps
    from matplotlib.colors import Normalize

    if isinstance(pos, str) or pos is None:
        attr = pos
        found = {n: d[attr] for n, d in graph.nodes(data=True) if attr and attr in d}
        if len(found) != graph.number_of_nodes():
            found = nx.spring_layout(graph, seed=0)
        pos = found
    fig, ax = _axes(ax, (6.0, 5.0))
    shown = [float(values[n]) for n in graph.nodes if n in values]
    norm = Normalize(vmin=min(shown, default=0.0), vmax=max(shown, default=1.0))
    colours = colormaps[cmap]
    for a, b in graph.edges():
        (xa, ya), (xb, yb) = pos[a], pos[b]
        ax.plot([xa, xb], [ya, yb], color="#999", lw=1, zorder=1)
    for node in graph.nodes:
        x, y = pos[node]
        colour = colours(norm(float(values[node]))) if node in values else "#dddddd"
        ax.scatter([x], [y], s=500, color=colour, edgecolors="#333", zorder=2)
        if labels:
            ax.annotate(str(node), (x, y), ha="center", va="center", fontsize=7, zorder=3)
    mappable = _scalar_mappable(norm, colours)
    fig.colorbar(mappable, ax=ax, label=label, shrink=0.8)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return fig


def _scalar_mappable(norm: Any, cmap: Any) -> Any:
    from matplotlib.cm import ScalarMappable

    mappable = ScalarMappable(norm=norm, cmap=cmap)
    mappable.set_array([])
    return mappable


# -- shared parts of the study figures -----------------------------------------------------

#: Resolution of the figures ``simlab report`` writes; sizes in pixels are at this dpi.
REPORT_DPI = 110

#: Largest size in inches of a study figure, so that it stays under 2,000 px a side.
MAX_INCHES = 17.0

#: Widest 95% interval of a share (or of a change of one) that still says something.
SAYS_NOTHING = 0.2

#: Fewest games (or pairs of games) behind an interval that can say something.
MIN_GAMES = 20

#: What a figure says beside an interval too wide to tell anything.
TOO_FEW = "too few games"


def too_wide(low: Any, high: Any, limit: float, n: Any = None) -> np.ndarray:
    """Where an interval says nothing: missing, wider than ``limit``, or (given the
    games ``n`` behind each) from fewer than :data:`MIN_GAMES` games.

    Examples
    --------
    >>> too_wide([0.1, 0.0, np.nan], [0.2, 0.9, np.nan], 0.3).tolist()
    [False, True, True]
    >>> too_wide([0.1, 0.1], [0.2, 0.2], 0.3, n=[5, 50]).tolist()
    [True, False]
    """
    lo = np.asarray(low, dtype=float)
    hi = np.asarray(high, dtype=float)
    with np.errstate(invalid="ignore"):
        wide = ~(np.isfinite(lo) & np.isfinite(hi)) | (hi - lo > limit)
        if n is not None:
            wide |= ~(np.asarray(n, dtype=float) >= MIN_GAMES)
    return wide


def whole_ticks(ax: Any, axis: str = "x") -> None:
    """Ticks at whole numbers only on ``axis`` (a count, a place, a distance)."""
    from matplotlib.ticker import MaxNLocator

    target = ax.xaxis if axis == "x" else ax.yaxis
    target.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))


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
