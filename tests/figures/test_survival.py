"""Survival curves: each Kaplan–Meier curve and its band drawn where the table puts them."""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from simlab.core.stats import kaplan_meier
from simlab.figures.survival import survival_plot, survival_steps


def test_survival_plot_draws_each_curve_and_its_band() -> None:
    fig = survival_plot({"a": ([1, 2, 2, 4, 5], [True, True, True, False, True])})
    ax = fig.axes[0]
    line = ax.lines[0]
    table = kaplan_meier([1, 2, 2, 4, 5], [True, True, True, False, True])
    assert np.allclose(line.get_ydata(), table["survival"])
    (band,) = ax.collections
    ys = np.concatenate([p.vertices[:, 1] for p in band.get_paths()])
    finite = table[["low", "high"]].dropna()
    assert np.isclose(ys.min(), finite.low.min()) and np.isclose(ys.max(), finite.high.max())
    assert ax.get_legend().get_title().get_text() == "shaded: 95% band"


def test_survival_steps_complement_mirrors_the_band() -> None:
    fig = Figure()
    ax = fig.add_subplot()
    line = survival_steps(ax, [1, 2, 2, 4], complement=True, label="cured")
    assert np.allclose(line.get_ydata(), [0.0, 0.25, 0.75, 1.0])
    assert line.get_label() == "cured" and len(ax.collections) == 1
