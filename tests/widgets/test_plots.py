"""Plot helpers: pure functions returning Figures, with the numbers right."""

from __future__ import annotations

import matplotlib.colors as mcolors
import networkx as nx
import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure

from simlab.widgets import plots


def test_kaplan_meier_with_censoring() -> None:
    table = plots.kaplan_meier([2, 3, 3, 5, 8], [True, False, True, True, False])
    # S(2)=4/5, S(3)=4/5*3/4=0.6, S(5)=0.6*1/2=0.3, S(8)=0.3 (censored)
    assert table["survival"].round(6).tolist() == [1.0, 0.8, 0.6, 0.3, 0.3]
    assert table["at_risk"].tolist() == [5, 5, 4, 2, 1]


def test_kaplan_meier_checks_lengths() -> None:
    with pytest.raises(ValueError, match="3 durations but 2"):
        plots.kaplan_meier([1, 2, 3], [True, False])


def test_survival_plot_steps_follow_the_table() -> None:
    fig = plots.survival_plot({"a": ([1, 2, 2, 4], None)})
    line = fig.axes[0].lines[0]
    assert isinstance(fig, Figure)
    assert np.allclose(line.get_ydata(), [1.0, 0.75, 0.25, 0.0])


def test_distribution_marks_exact_values() -> None:
    fig = plots.distribution_plot([1, 1, 2, 3], exact={1: 0.5, 2: 0.25, 3: 0.25, 4: 0.0})
    ax = fig.axes[0]
    assert [round(float(p.get_height()), 3) for p in ax.patches] == [0.5, 0.25, 0.25, 0.0]
    assert list(ax.lines[0].get_ydata()) == [0.5, 0.25, 0.25, 0.0]


def test_proportions_error_bars_span_the_interval() -> None:
    table = pd.DataFrame({"quantity": ["x"], "estimate": [0.4], "low": [0.3], "high": [0.55],
                          "exact": [0.45]})
    fig = plots.proportions_plot(table)
    ax = fig.axes[0]
    segments = ax.collections[0].get_segments()
    assert np.allclose(segments[0][:, 0], [0.3, 0.55])
    assert list(ax.lines[-1].get_xdata()) == [0.45]


def test_heatmap_colours_follow_values() -> None:
    graph = nx.path_graph(3)
    fig = plots.board_heatmap(graph, {0: 0.0, 1: 10.0})
    ax = fig.axes[0]
    low, high, missing = (c.get_facecolor()[0] for c in ax.collections[:3])
    assert not np.allclose(low, high)
    assert np.allclose(missing, mcolors.to_rgba("#dddddd"))
