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
