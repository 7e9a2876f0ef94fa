"""The default figure of a study result: its summary's estimates and intervals.

Registered by ``import simlab`` as the figure of any study without a plot of
its own (``StudyResult.plot()``), so that :mod:`simlab.core` draws nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

if TYPE_CHECKING:
    from simlab.core.study import StudyResult

__all__ = ["summary_figure"]


def _summary_labels(rows: pd.DataFrame) -> list[str]:
    by = list(rows.columns[: rows.columns.get_loc("quantity")])
    labels = []
    for _, row in rows.iterrows():
        label = str(row["quantity"])
        if by:
            label += " | " + ", ".join(f"{c}={row[c]}" for c in by)
        labels.append(label)
    return labels


def summary_figure(result: StudyResult) -> Figure:
    """The figure of a study without a plot of its own: its summary, drawn.

    Each estimate with its 95% interval as an error bar, one panel per kind
    (proportions, means), exact values as crosses.  It builds a
    ``matplotlib.figure.Figure`` directly, so no GUI backend is needed.

    Examples
    --------
    >>> import simlab
    >>> fig = simlab.run_study("bedpans-escape", games=20, seed=1, distance=("3",)).plot()
    >>> [ax.get_xlabel() for ax in fig.axes]
    ['proportion', 'mean']
    """
    summary = result.summary
    has_kind = "kind" in summary.columns
    kinds = [k for k in ("proportion", "mean") if has_kind and (summary["kind"] == k).any()]
    height = 1.5 + 0.35 * max(len(summary), 1) + 0.8 * max(len(kinds) - 1, 0)
    fig = Figure(figsize=(7.0, max(2.5, height)), layout="constrained")
    fig.suptitle(result.study.title)
    if not kinds:
        fig.text(0.5, 0.5, "no summary rows to plot", ha="center", va="center")
        return fig
    ratios = [int((summary["kind"] == k).sum()) for k in kinds]
    axes = fig.subplots(len(kinds), 1, squeeze=False, height_ratios=ratios)[:, 0]
    for ax, kind in zip(axes, kinds, strict=True):
        _plot_kind(ax, summary[summary["kind"] == kind], kind)
    legend: dict[str, Any] = {}
    for ax in axes:
        handles, labels = ax.get_legend_handles_labels()
        legend.update(zip(labels, handles, strict=True))
    labels = sorted(legend, key=lambda label: label == "exact")  # estimate first
    fig.legend(
        [legend[label] for label in labels],
        labels,
        loc="outside lower center",
        ncols=len(legend),
        fontsize="small",
        frameon=False,
    )
    return fig


def _plot_kind(ax: Any, rows: pd.DataFrame, kind: str) -> None:
    y = np.arange(len(rows))
    est = rows["estimate"].to_numpy(dtype=float)
    err = np.vstack(
        [est - rows["low"].to_numpy(dtype=float), rows["high"].to_numpy(dtype=float) - est]
    )
    err = np.clip(np.nan_to_num(err, nan=0.0), 0.0, None)
    ax.errorbar(est, y, xerr=err, fmt="o", capsize=3, label="estimate, 95% interval")
    exact = rows["exact"].to_numpy(dtype=float) if "exact" in rows else np.full(len(rows), np.nan)
    if np.isfinite(exact).any():
        ax.plot(exact, y, "x", color="C3", markersize=9, label="exact")
    ax.set_yticks(y, _summary_labels(rows))
    ax.set_ylim(len(rows) - 0.5, -0.5)  # first row on top
    ax.set_xlabel(kind)
    ax.grid(axis="x", alpha=0.3)
