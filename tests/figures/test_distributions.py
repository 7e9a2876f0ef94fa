"""Distributions and proportions: the bars, crosses and error bars at the right numbers."""

from __future__ import annotations

import numpy as np
import pandas as pd

from simlab.figures.distributions import distribution_plot, proportions_plot


def test_distribution_marks_exact_values() -> None:
    fig = distribution_plot([1, 1, 2, 3], exact={1: 0.5, 2: 0.25, 3: 0.25, 4: 0.0})
    ax = fig.axes[0]
    assert [round(float(p.get_height()), 3) for p in ax.patches] == [0.5, 0.25, 0.25, 0.0]
    assert list(ax.lines[0].get_ydata()) == [0.5, 0.25, 0.25, 0.0]


def test_proportions_error_bars_span_the_interval() -> None:
    table = pd.DataFrame({"quantity": ["x"], "estimate": [0.4], "low": [0.3], "high": [0.55],
                          "exact": [0.45]})
    fig = proportions_plot(table)
    ax = fig.axes[0]
    segments = ax.collections[0].get_segments()
    assert np.allclose(segments[0][:, 0], [0.3, 0.55])
    assert list(ax.lines[-1].get_xdata()) == [0.45]
