"""Drawing shared by the games' board renderers: board places and legible text.

The renderer contract (:mod:`simlab.widgets.render`) asks every game to draw
each place an action can point at as an artist whose gid is ``place:KEY``,
to ring the last action's places and to mark the places the seat to act may
choose.  :func:`mark_place` does that the same way in every game: the last
action's place gets a thick red outline, a place to choose a dashed orange
outline over a light orange wash (the wash is what a click hits, so the
whole place is a target, not just its outline).  The stepper's board
(:class:`simlab.widgets.board_view.BoardView`) makes the ``place:KEY``
artists whose key is a target clickable.

This module holds no game and imports none; it sits in the figures layer,
below the games and the notebook layer, so that drawing a board imports no
widgets.

Examples
--------
>>> from matplotlib.figure import Figure
>>> ax = Figure().add_subplot()
>>> mark_place(ax, "C3", circle((0, 0), 0.3), last=(), targets=("C3",))
>>> [p.get_gid() for p in ax.patches]
['place:C3']
>>> mark_place(ax, "C4", circle((1, 0), 0.3), last=("C4",), targets=())
>>> len(ax.patches), ax.patches[-1].get_gid()
(2, None)
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Circle, Patch, Rectangle
from matplotlib.text import Text

from simlab.figures.legend import stroke

__all__ = ["LAST_COLOUR", "TARGET_COLOUR", "box", "circle", "counted", "legible", "mark_place",
           "place_legend"]

#: Outline of the last action's places.
LAST_COLOUR = "#d62728"
#: Outline (and wash) of the places the seat to act may choose.
TARGET_COLOUR = "#ff8c00"


def mark_place(ax: Any, key: str, outline: Callable[[float], Patch], last: Collection[str],
               targets: Collection[str], wash: bool = True, zorder: float = 9) -> None:
    """Ring place ``key`` if it was the last action's, mark it if it may be chosen now.

    Parameters
    ----------
    ax : matplotlib Axes
        Where the place is drawn.
    key : str
        The place's key (what the renderer's ``place_of`` returns for its actions).
    outline : callable
        ``outline(grow)`` returns a new patch of the place's outline grown by
        ``grow`` data units (a circle, a box ...).
    last, targets : collection of str
        The last action's places and the places the seat to act may choose.
    wash : bool
        Fill a target with a light orange (the click area); ``False`` where
        the place's own artists already carry its gid and should show through.
    zorder : float
        Drawn over the place's artists.
    """
    if key in last:
        ring = outline(0.05)
        ring.set(fill=False, lw=3.5, ec=LAST_COLOUR, zorder=zorder)
        ax.add_patch(ring)
    if key in targets:
        mark = outline(0.025)
        mark.set(fill=wash, fc=(1.0, 0.55, 0.0, 0.12), lw=2.5, ec=TARGET_COLOUR, ls="--",
                 zorder=zorder, gid=f"place:{key}")
        ax.add_patch(mark)


def circle(xy: tuple[float, float], radius: float) -> Callable[[float], Patch]:
    """The outline of a round place, for :func:`mark_place`.

    Examples
    --------
    >>> circle((0, 0), 0.3)(0.05).get_radius()
    0.35
    """
    return lambda grow: Circle(xy, radius + grow)


def box(x: float, y: float, width: float, height: float) -> Callable[[float], Patch]:
    """The outline of a rectangular place (lower left corner ``x, y``), for :func:`mark_place`.

    Examples
    --------
    >>> [float(v) for v in box(0, 0, 1, 2)(0.5).get_bbox().bounds]
    [-0.5, -0.5, 2.0, 3.0]
    """
    return lambda grow: Rectangle((x - grow, y - grow), width + 2 * grow, height + 2 * grow)


def place_legend() -> list[Any]:
    """Legend handles for the two marks of :func:`mark_place`.

    Examples
    --------
    >>> [h.get_label() for h in place_legend()]
    ['last action', 'you may choose (click)']
    """
    return [stroke("last action", LAST_COLOUR, 3),
            stroke("you may choose (click)", TARGET_COLOUR, 2.5, "--")]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, plural unless ``n`` is 1 (``plural`` where not noun + s).

    Examples
    --------
    >>> counted(1, "buck"), counted(0, "buck"), counted(2, "Doctor Marker")
    ('1 buck', '0 bucks', '2 Doctor Markers')
    >>> counted(3, "Elevator pair"), counted(1, "patch", "patches")
    ('3 Elevator pairs', '1 patch')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def legible(fig: Figure, minimum: float = 9.0) -> Figure:
    """Raise every text of ``fig`` to ``minimum`` points (12 px on screen at 100 %).

    Examples
    --------
    >>> fig = Figure()
    >>> _ = fig.text(0, 0, "small", fontsize=5)
    >>> legible(fig).texts[0].get_fontsize()
    9.0
    """
    for text in fig.findobj(Text):
        if isinstance(text, Text) and float(text.get_fontsize()) < minimum:
            text.set_fontsize(minimum)
    return fig
