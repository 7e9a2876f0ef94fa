"""Axes for the figure helpers: a new Figure's, or the caller's; whole-number ticks.

No pyplot state is touched: a helper given no ``ax`` builds a
:class:`matplotlib.figure.Figure` of its own, so it works in notebooks,
scripts, tests and worker processes alike.

Examples
--------
>>> fig, ax = figure_axes(None, (4.0, 3.0))
>>> whole_ticks(ax)
>>> fig.get_size_inches().tolist(), figure_axes(ax, (1.0, 1.0))[1] is ax
([4.0, 3.0], True)
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

__all__ = ["figure_axes", "whole_ticks"]


def figure_axes(ax: Any, figsize: tuple[float, float]) -> tuple[Figure, Any]:
    """``ax`` and its figure, or a new constrained-layout Figure of ``figsize`` and its axes."""
    if ax is not None:
        return ax.figure, ax
    fig = Figure(figsize=figsize, layout="constrained")
    return fig, fig.add_subplot()


def whole_ticks(ax: Any, axis: str = "x") -> None:
    """Ticks at whole numbers only on ``axis`` (a count, a place, a distance)."""
    from matplotlib.ticker import MaxNLocator

    target = ax.xaxis if axis == "x" else ax.yaxis
    target.set_major_locator(MaxNLocator(integer=True, min_n_ticks=1))
