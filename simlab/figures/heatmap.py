"""A board heatmap: node values (visits, captures, odds ...) over a board graph.

Examples
--------
>>> import networkx as nx
>>> fig = board_heatmap(nx.cycle_graph(4), {0: 1.0, 1: 2.0}, labels=False)
>>> len(fig.axes[0].collections)   # one disc a node
4
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from matplotlib.figure import Figure

from simlab.figures.axes import figure_axes

__all__ = ["board_heatmap"]


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
    fig, ax = figure_axes(ax, (6.0, 5.0))
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

