"""Legend entries of the games' board pictures: a piece's mark, a line, a line of text.

Every renderer keys its symbols in a legend (:mod:`simlab.widgets.render`
asks for one); these build its entries alike, as
:class:`~matplotlib.lines.Line2D` handles with no data, so a legend shows
only the mark, the line or the text.

Examples
--------
>>> from matplotlib.figure import Figure
>>> fig = Figure()
>>> legend = fig.legend(handles=[symbol("Doctor", "black", marker="^"),
...                              stroke("wall", "black", 2), note("Tnn: tile id")])
>>> [t.get_text() for t in legend.get_texts()]
['Doctor', 'wall', 'Tnn: tile id']
"""

from __future__ import annotations

from typing import Any

from matplotlib.lines import Line2D

__all__ = ["note", "stroke", "symbol"]


def symbol(label: str, face: str, marker: str = "o", size: float = 10, edge: str = "black",
           **style: Any) -> Line2D:
    """A legend entry that is a piece's mark alone (no line): ``marker`` filled with ``face``.

    Parameters
    ----------
    label : str
        The legend text.
    face : str
        The fill colour.
    marker : str, default "o"
        The matplotlib marker (``"o"`` disc, ``"s"`` square, ``"^"`` triangle).
    size : float, default 10
        The marker size in points.
    edge : str, default "black"
        The outline colour.
    **style
        Any other :class:`~matplotlib.lines.Line2D` keyword (``mew``: the outline width).

    Examples
    --------
    >>> h = symbol("Doctor", "black", marker="^", size=9)
    >>> h.get_label(), h.get_marker(), h.get_linestyle(), h.get_markerfacecolor()
    ('Doctor', '^', 'None', 'black')
    """
    return Line2D([], [], marker=marker, ls="", ms=size, mfc=face, mec=edge, label=label,
                  **style)


def stroke(label: str, colour: str, width: float, style: str = "-") -> Line2D:
    """A legend entry that is a line alone: a wall, a border, a joined Malady.

    Examples
    --------
    >>> h = stroke("door", "#8c564b", 1.5, "--")
    >>> h.get_label(), h.get_linewidth(), h.get_linestyle(), h.get_marker()
    ('door', 1.5, '--', 'None')
    """
    return Line2D([], [], color=colour, lw=width, ls=style, label=label)


def note(label: str) -> Line2D:
    """A legend entry that is text alone (a line of the key with no symbol).

    Examples
    --------
    >>> h = note("square: action marker")
    >>> h.get_label(), h.get_linestyle(), h.get_marker()
    ('square: action marker', 'None', 'None')
    """
    return Line2D([], [], ls="", label=label)
