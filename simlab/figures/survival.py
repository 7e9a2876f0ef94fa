"""Survival curves: Kaplan–Meier steps with their confidence bands drawn.

From durations and event flags (censoring allowed); the table itself is
:func:`simlab.core.stats.kaplan_meier`.

Examples
--------
>>> fig = survival_plot({"all": ([1, 2, 2, 3], None)})
>>> fig.axes[0].lines[0].get_ydata().tolist()
[1.0, 0.75, 0.25, 0.0]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from matplotlib.figure import Figure

from simlab.core.stats import kaplan_meier
from simlab.figures.axes import figure_axes

__all__ = ["survival_plot", "survival_steps"]


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
    fig, ax = figure_axes(ax, (6.0, 3.5))
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

