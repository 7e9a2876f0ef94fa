"""The default figure of a study result: its summary's estimates and intervals.

The figure named ``"summary"`` (:data:`simlab.figures.FIGURES`): what
``StudyResult.plot()`` draws for a study that declares no figure of its own,
so that :mod:`simlab.core` draws nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from simlab.figures.intervals import intervals
from simlab.figures.limits import MAX_INCHES, SAYS_NOTHING

if TYPE_CHECKING:
    from simlab.core.study import StudyResult

__all__ = ["summary_figure"]


def _summary_labels(rows: pd.DataFrame) -> list[str]:
    by = list(rows.columns[: rows.columns.get_loc("quantity")])
    labels = []
    for _, row in rows.iterrows():
        label = str(row["quantity"])
        if by:
            label += " | " + ", ".join(f"{c} {row[c]}" for c in by)
        labels.append(label)
    return labels


#: Most summary rows the default figure draws; the rest are named under it.
MAX_ROWS = 40


def summary_figure(result: StudyResult) -> Figure:
    """The figure of a study without a plot of its own: its summary, drawn.

    Each estimate with its 95% interval as an error bar, one panel per kind
    (proportions, means), exact values as crosses, "too few games" beside an
    interval of a share wider than :data:`~simlab.figures.limits.SAYS_NOTHING`.
    At most :data:`MAX_ROWS` rows are drawn, so the figure stays under 2,000 px;
    a line under it says how many more the table holds.  It builds a
    ``matplotlib.figure.Figure`` directly, so no GUI backend is needed.

    Examples
    --------
    >>> import pandas as pd
    >>> from simlab.core.study import Study, StudyResult
    >>> rows = pd.DataFrame({"quantity": ["win", "rounds"], "kind": ["proportion", "mean"],
    ...                      "estimate": [0.5, 9.0], "low": [0.2, 8.0], "high": [0.8, 10.0],
    ...                      "n": [10, 10], "exact": [None, None]})
    >>> study = Study("s", "Who wins?", (), run_chunk=print, summarize=print)
    >>> fig = summary_figure(StudyResult(study, {"games": 10}, rows, rows, 0.0))
    >>> [ax.get_xlabel() for ax in fig.axes]
    ['share (95% interval)', 'mean (95% interval)']
    >>> fig.get_suptitle(), fig.axes[0].texts[0].get_text()
    ('Who wins? (10 games)', 'too few games')
    """
    summary = result.summary
    has_kind = "kind" in summary.columns
    shown = summary.head(MAX_ROWS) if has_kind else summary.iloc[:0]
    kinds = [k for k in ("proportion", "mean") if (shown.get("kind") == k).any()]
    height = 1.6 + 0.3 * max(len(shown), 1) + 0.8 * max(len(kinds) - 1, 0)
    fig = Figure(figsize=(8.0, min(MAX_INCHES, max(2.8, height))), layout="constrained")
    games = result.params.get("games")
    fig.suptitle(result.study.title + (f" ({games:,} games)" if games else ""), fontsize=11)
    if not kinds:
        fig.text(0.5, 0.5, "no summary rows to plot", ha="center", va="center")
        return fig
    ratios = [int((shown["kind"] == k).sum()) for k in kinds]
    axes = fig.subplots(len(kinds), 1, squeeze=False, height_ratios=ratios)[:, 0]
    for ax, kind in zip(axes, kinds, strict=True):
        _plot_kind(ax, shown[shown["kind"] == kind], kind)
    if len(summary) > len(shown):
        axes[-1].annotate(f"... and {len(summary) - len(shown)} more rows: see the table",
                          (0, 0), xycoords="axes fraction", xytext=(0, -36),
                          textcoords="offset points", fontsize=8, style="italic")
    legend: dict[str, Any] = {}
    for ax in axes:
        handles, labels = ax.get_legend_handles_labels()
        legend.update(zip(labels, handles, strict=True))
    if len(legend) > 1:
        labels = sorted(legend, key=lambda label: label == "exact")  # estimate first
        fig.legend([legend[label] for label in labels], labels, loc="outside lower center",
                   ncols=len(legend), fontsize="small", frameon=False)
    return fig


def _plot_kind(ax: Any, rows: pd.DataFrame, kind: str) -> None:
    y = np.arange(len(rows), dtype=float)
    limit = SAYS_NOTHING if kind == "proportion" else np.inf
    intervals(ax, y, rows["estimate"], rows["low"], rows["high"], limit=limit,
              horizontal=True, label="estimate, 95% interval",
              n=rows.get("n"), clip=1.0 if kind == "proportion" else np.inf)
    exact = (pd.to_numeric(rows["exact"], errors="coerce").to_numpy(dtype=float)
             if "exact" in rows else np.full(len(rows), np.nan))
    if np.isfinite(exact).any():
        ax.plot(exact, y, "x", color="C3", markersize=9, label="exact", zorder=4)
    ax.set_yticks(y, _summary_labels(rows), fontsize=8)
    ax.set_ylim(len(rows) - 0.5, -0.5)  # first row on top
    if kind == "proportion":
        ax.set_xlim(-0.02, 1.25)  # room for "too few games"
    ax.set_xlabel(("share" if kind == "proportion" else kind) + " (95% interval)")
    ax.grid(axis="x", alpha=0.3)
