"""The board heatmap: node colours follow the values, nodes without one are grey."""

from __future__ import annotations

import matplotlib.colors as mcolors
import networkx as nx
import numpy as np

from simlab.figures.heatmap import board_heatmap


def test_heatmap_colours_follow_values() -> None:
    graph = nx.path_graph(3)
    fig = board_heatmap(graph, {0: 0.0, 1: 10.0})
    ax = fig.axes[0]
    low, high, missing = (c.get_facecolor()[0] for c in ax.collections[:3])
    assert not np.allclose(low, high)
    assert np.allclose(missing, mcolors.to_rgba("#dddddd"))
