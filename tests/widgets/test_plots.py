"""Plot helpers: pure functions returning Figures, with the numbers right."""

from __future__ import annotations

import matplotlib.colors as mcolors
import networkx as nx
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from simlab.widgets import plots


def test_kaplan_meier_is_the_one_in_core_stats() -> None:
    from simlab.core import stats

    assert plots.kaplan_meier is stats.kaplan_meier


def test_survival_plot_draws_each_curve_and_its_band() -> None:
    fig = plots.survival_plot({"a": ([1, 2, 2, 4, 5], [True, True, True, False, True])})
    ax = fig.axes[0]
    line = ax.lines[0]
    table = plots.kaplan_meier([1, 2, 2, 4, 5], [True, True, True, False, True])
    assert np.allclose(line.get_ydata(), table["survival"])
    (band,) = ax.collections
    ys = np.concatenate([p.vertices[:, 1] for p in band.get_paths()])
    finite = table[["low", "high"]].dropna()
    assert np.isclose(ys.min(), finite.low.min()) and np.isclose(ys.max(), finite.high.max())
    assert ax.get_legend().get_title().get_text() == "shaded: 95% band"


def test_survival_steps_complement_mirrors_the_band() -> None:
    fig = Figure()
    ax = fig.add_subplot()
    line = plots.survival_steps(ax, [1, 2, 2, 4], complement=True, label="cured")
    assert np.allclose(line.get_ydata(), [0.0, 0.25, 0.75, 1.0])
    assert line.get_label() == "cured" and len(ax.collections) == 1


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
