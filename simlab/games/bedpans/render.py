"""Draw the Village with matplotlib, floor by floor.

One panel per floor on the layout (upper floor, then the ground-floor
groups): spaces with their features (beds in their colours, stations,
Elevator, Stairs, Exit), walls (thick), doors and Door-markers (dashed),
open edges with no tile beyond (green), Stuff-markers (brown squares),
Residents (discs in their colour; the Elder dotted where the viewer may
know it) and Staffers (white triangles for Nurses, a black one for the
Doctor).  The places actions point at (spaces, tile positions ``tile U
1,0``, edges ``door ...``) are ``place:KEY`` groups marked by
:func:`simlab.figures.board.mark_place`.  Uses
:class:`matplotlib.figure.Figure` directly (no pyplot state).

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> fig = draw(BedpansGame(players=3).new_initial_state())
>>> len(fig.axes)
1
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from matplotlib.figure import Figure

from simlab.figures.board import box, counted, legible, mark_place, place_legend
from simlab.figures.legend import note, stroke, symbol
from simlab.figures.png import png_bytes
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import (
    DX,
    DY,
    FLOORS,
    Space,
    marker_key,
    parse_space,
    passage,
    space_text,
)
from simlab.games.bedpans.components import DOOR, OPEN
from simlab.games.bedpans.moves import STEP_DIRS

__all__ = ["COLOURS", "RENDERER", "VillageRenderer", "draw", "summary"]

#: Matplotlib colours of the Resident colours and features.
COLOURS = {"red": "#d62728", "blue": "#1f77b4", "yellow": "#e6b800", "green": "#2ca02c"}
_FEATURE = {"R": "#f4b6b6", "B": "#b6cff4", "Y": "#f7e7a1", "G": "#b9e6b9", "N": "#eeeeee",
            "D": "#555555", "E": "#c9a0dc", "S": "#d9c7a1", "X": "#7fd37f"}
_FLOOR_NAMES = {"U": "U: upper floor", "G1": "G1: ground floor", "G2": "G2: ground floor"}


def draw(state: Any, ax: Any = None, title: str | None = None,
         floors: Collection[str] = ()) -> Figure:
    """Draw the layout of ``state`` floor by floor.

    Parameters
    ----------
    state : BedpansState
        The position (a view draws only what its seat may know).
    ax : matplotlib Axes, optional
        Draw the upper floor into this Axes (its figure is returned); other
        floors are left out.  Without it, a new figure with one panel per floor,
        laid out by :func:`layout` (no legend).
    title : str, optional
        Figure title.
    floors : collection of str
        Floors drawn even without a tile yet (a tile position to explore there).
    """
    if ax is not None:
        floors = [f for f in FLOORS if f in floors or any(p[0] == f for p in state.tiles)]
        _draw_floor(state, floors[0], ax, cell=36.0)
        ax.set_aspect("equal")
        ax.autoscale_view()
        if title:
            ax.figure.suptitle(title)
        return ax.figure
    fig = _figure(state, (), floors, legend=0, title=title or "")[0]
    return fig


#: The board's width at 100 % in px (it fits the stepper's frame at 1400 px), the most
#: height it takes before cells shrink, and the largest cell (a space) in px.
WIDTH, HEIGHT, CELL = 892.0, 700.0, 96.0
_PX = 96.0  # px per inch: matplotlib writes pt, a CSS px is 3/4 pt
_LEFT, _TOP, _BOTTOM, _GAP, _HEAD = 26.0, 24.0, 22.0, 16.0, 34.0  # px around the panels
_LEGEND_ROW, _LEGEND_HEAD, _LEGEND_COL = 19.5, 30.0, 270.0


def _extent(state: Any, floor: str, keys: Collection[str]) -> tuple[int, int, int, int]:
    """Columns ``x0..x1`` and rows ``y0..y1`` (y south) of a floor's tiles and places."""
    boxes = [(3 * tx, 3 * tx + 3, 3 * ty, 3 * ty + 3) for f, tx, ty in state.tiles
             if f == floor]
    for key in keys:
        f, (x, y, w, h) = _place_shape(key)
        if f == floor:
            boxes.append((int(x), int(x + w + 0.99), int(-(y + h)), int(-y + 0.99)))
    if not boxes:
        return 0, 3, 0, 3
    return (min(b[0] for b in boxes), max(b[1] for b in boxes),
            min(b[2] for b in boxes), max(b[3] for b in boxes))


def _size(node: Any, cell: float) -> tuple[float, float]:
    """Width and height in px of a layout node at ``cell`` px a space."""
    kind, body = node
    if kind == "panel":
        x0, x1, y0, y1 = body[1]
        return _LEFT + (x1 - x0) * cell, _TOP + (y1 - y0) * cell + _BOTTOM
    if kind == "legend":
        return body
    sizes = [_size(child, cell) for child in body]
    gaps = _GAP * (len(sizes) - 1)
    if kind == "row":
        return sum(w for w, _ in sizes) + gaps, max(h for _, h in sizes)
    return max(w for w, _ in sizes), sum(h for _, h in sizes) + gaps


def _place(node: Any, cell: float, x: float, y: float, out: dict[str, Any]) -> None:
    """Top left corners in px of the panels and the legend of a layout node."""
    kind, body = node
    if kind in ("panel", "legend"):
        out[body[0] if kind == "panel" else "legend"] = (x, y)
        return
    for child in body:
        _place(child, cell, x, y, out)
        w, h = _size(child, cell)
        x, y = (x + w + _GAP, y) if kind == "row" else (x, y + h + _GAP)


def layout(extents: dict[str, tuple[int, int, int, int]], entries: int
           ) -> tuple[float, dict[str, Any], tuple[float, float], int]:
    """The biggest cell at which the floors and a legend of ``entries`` lines fit the board.

    The largest floor comes first; the others go beside it in a row or a
    column, the legend beside them, under them or under everything, whichever
    of these lets the spaces be largest within :data:`WIDTH` x :data:`HEIGHT`
    (never more than :data:`CELL` px).

    Returns
    -------
    cell : float
        The side of a space in px.
    corners : dict
        Top left corner in px of each floor's panel (and ``"legend"``).
    size : (float, float)
        The figure's width and height in px.
    columns : int
        The legend's columns.

    Examples
    --------
    >>> cell, corners, size, columns = layout({"U": (0, 12, -6, 9), "G1": (0, 3, 0, 3)}, 22)
    >>> 34 < cell <= CELL, size[0] == WIDTH, size[1] <= HEIGHT, columns
    (True, True, True, 1)
    """
    floors = sorted(extents, key=lambda f: -(extents[f][1] - extents[f][0])
                    * (extents[f][3] - extents[f][2]))
    panels = [("panel", (f, extents[f])) for f in floors]
    main, others = panels[0], panels[1:]
    tall = ("legend", (_LEGEND_COL, _LEGEND_HEAD + entries * _LEGEND_ROW)) if entries else None
    wide = (("legend", (3 * _LEGEND_COL, _LEGEND_HEAD + -(-entries // 3) * _LEGEND_ROW))
            if entries else None)
    options: list[tuple[Any, int]] = []
    for group in ([("row", others)], [("column", others)]) if others else [[]]:
        side = [*group, *([tall] if tall else [])]
        options.append((("row", [main, ("column", side)]) if side else main, 1))
        if wide:
            options.append((("column", [("row", [main, *group]), wide]), 3))
    if tall:
        options.append((("row", [*panels, tall]), 1))
    results: list[tuple[float, float, Any, int]] = []
    for tree, columns in options:
        low, high = 8.0, CELL
        fits = lambda c, t=tree: (_size(t, c)[0] <= WIDTH  # noqa: E731
                                  and _HEAD + _size(t, c)[1] + 6 <= HEIGHT)
        if fits(high):
            low = high
        while high - low >= 0.05 and not fits(high):
            mid = (low + high) / 2
            low, high = (mid, high) if fits(mid) else (low, mid)
        results.append((low, -_size(tree, low)[1], tree, columns))
    cell, negative, tree, columns = max(results, key=lambda r: (r[0], r[1]))
    height = -negative
    corners: dict[str, Any] = {}
    _place(tree, cell, 0.0, _HEAD, corners)
    return cell, corners, (WIDTH, _HEAD + height + 6), columns


def _figure(state: Any, keys: Collection[str], floors: Collection[str], legend: int,
            title: str) -> tuple[Figure, float, tuple[float, float] | None, int]:
    """The floors laid out by :func:`layout`, a panel (Axes labelled by floor) each,
    the cell in px, and the legend's corner in px and columns."""
    shown = [f for f in FLOORS if f in floors or any(p[0] == f for p in state.tiles)]
    extents = {f: _extent(state, f, keys) for f in shown}
    cell, corners, (width, height), columns = layout(extents, legend)
    fig = Figure(figsize=(width / _PX, height / _PX))
    for floor in shown:
        x0, x1, y0, y1 = extents[floor]
        left, top = corners[floor]
        w, h = (x1 - x0) * cell, (y1 - y0) * cell
        ax = fig.add_axes(((left + _LEFT) / width, 1 - (top + _TOP + h) / height,
                           w / width, h / height))
        _draw_floor(state, floor, ax, cell)
        ax.set_xlim(x0, x1)
        ax.set_ylim(-y1, -y0)
    if title:
        fig.suptitle(title, fontsize=10, y=1 - 8 / height, va="top")
    return fig, cell, corners.get("legend"), columns


def _draw_floor(state: Any, floor: str, ax: Any, cell: float) -> None:
    """One floor into ``ax``; ``cell`` (px a space) sizes the tokens.

    A space has a band for each kind of thing: on top its feature letter (or,
    in one featureless space of each tile, the tile id), in the middle the
    Residents (numbered discs), at the bottom the Staffers (triangles, Nurses
    numbered) and the Stuff-markers.
    """
    pt = 0.75 * cell  # a space's side in pt
    geo = state.game.geo
    tiles = {p: v for p, v in state.tiles.items() if p[0] == floor}
    letter = min(12.0, max(9.0, 0.3 * pt))
    for (_, tx, ty), (tid, rot) in tiles.items():
        g = geo[tid][rot]
        for i in range(9):
            r, c = divmod(i, 3)
            x, y = 3 * tx + c, 3 * ty + r
            colour = _FEATURE.get(g.features[i], "#fbfaf5")
            ax.add_patch(_rect(x, y, colour))
            if g.features[i] not in ".$":
                ax.text(x + 0.5, -(y + 0.22), g.features[i], ha="center", va="center",
                        fontsize=letter, color="#333333" if g.features[i] != "D" else "white")
            space = (floor, x, y)
            for d in range(4):
                _draw_edge(ax, state, tiles, space, d, g.edges[i][d])
        plain = [i for i in range(9) if g.features[i] in ".$"] or [0]
        r, c = divmod(plain[0], 3)
        ax.text(3 * tx + c + 0.06, -(3 * ty + r + 0.04), tid, fontsize=9, color="#777777",
                ha="left", va="top")
    for space, count in state.stuff_at.items():
        if space[0] == floor:
            ax.add_patch(_rect(space[1] + 0.64, space[2] + 0.64, "#8b5a2b", size=0.3))
            if count > 1:
                ax.text(space[1] + 0.79, -(space[2] + 0.79), str(count), fontsize=9,
                        color="white", ha="center", va="center")
    here: dict[Any, list[tuple[str, int]]] = {}
    for colour, where in state.tokens.items():
        for i, space in enumerate(where):
            if space is not None and space[0] == floor:
                here.setdefault(space, []).append((colour, i))
    disc = max(0.36 * pt, 11.0)
    for space, tokens in here.items():
        xs = [0.5] if len(tokens) == 1 else [(k + 0.5) / len(tokens) for k in range(len(tokens))]
        if len(tokens) == 2:
            xs = [0.28, 0.72]
        for dx, (colour, i) in zip(xs, tokens, strict=True):
            elder = state.elder.get(colour) == i
            ax.plot(space[1] + dx, -(space[2] + 0.52), "o", color=COLOURS[colour],
                    markersize=disc, markeredgecolor="black",
                    markeredgewidth=2.6 if elder else 0.8, zorder=4)
            ax.text(space[1] + dx, -(space[2] + 0.52), str(i + 1), fontsize=9, zorder=5,
                    color="black" if colour in ("yellow", "green") else "white",
                    ha="center", va="center", fontweight="bold")
    staff: dict[Any, list[int]] = {}
    for i, space in enumerate(state.staffers):
        if space is not None and space[0] == floor:
            staff.setdefault(space, []).append(i)
    for space, members in staff.items():
        for k, i in enumerate(members):
            x = space[1] + 0.16 + k * (0.36 if len(members) <= 2 else 0.72 / len(members))
            ax.plot(x, -(space[2] + 0.8), "^", color="black" if i == 0 else "white",
                    markersize=max(0.36 * pt, 9.0), markeredgecolor="black", zorder=4)
            if i:
                ax.text(x + 0.12, -(space[2] + 0.8), str(i), fontsize=9, ha="left",
                        va="center", zorder=5)
    ax.set_axis_off()
    ax.set_title(_FLOOR_NAMES[floor], fontsize=10, pad=4)
    ax.set_label(floor)  # which floor the panel shows (not drawn)


def _rect(x: float, y: float, colour: str, size: float = 1.0) -> Any:
    from matplotlib.patches import Rectangle

    return Rectangle((x, -(y + size)), size, size, facecolor=colour, edgecolor="#dddddd",
                     linewidth=0.3)


def _draw_edge(ax: Any, state: Any, tiles: Any, space: Any, d: int, kind: str) -> None:
    _, x, y = space
    ends = {0: ((x, y), (x + 1, y)), 1: ((x + 1, y), (x + 1, y + 1)),
            2: ((x, y + 1), (x + 1, y + 1)), 3: ((x, y), (x, y + 1))}[d]
    (x0, y0), (x1, y1) = ends
    outside = (space[0], (x + DX[d]) // 3, (y + DY[d]) // 3)
    border = outside != (space[0], x // 3, y // 3)
    way = passage(state.tiles, state.game.geo, state.door_markers, space, d)
    if border and outside not in tiles:
        style = ("#2ca02c", "-", 2.5) if kind == OPEN else ("black", "-", 2.0)
    elif way is None:
        style = ("black", "-", 2.0)
    elif way == "d":
        style = ("#8c564b", "--", 1.5)
    else:
        return
    ax.plot([x0, x1], [-y0, -y1], color=style[0], linestyle=style[1], linewidth=style[2])


def tile_key(position: Space) -> str:
    """The place key of a tile position (``"tile U 1,0"``: tile column 1, row 0).

    Examples
    --------
    >>> tile_key(("U", 1, 0))
    'tile U 1,0'
    """
    return f"tile {space_text(position)}"


def door_key(a: Space, b: Space) -> str:
    """The place key of the edge between two spaces, in either order.

    Examples
    --------
    >>> door_key(("U", 2, 1), ("U", 2, 0)) == door_key(("U", 2, 0), ("U", 2, 1))
    True
    >>> door_key(("U", 2, 0), ("U", 2, 1))
    'door U 2,0|U 2,1'
    """
    first, second = marker_key(a, b)
    return f"door {space_text(first)}|{space_text(second)}"


def _place_shape(key: str) -> tuple[str, tuple[float, float, float, float]]:
    """The floor of place ``key`` and its box ``(x, y, width, height)`` in axes data."""
    if key.startswith("tile "):
        floor, tx, ty = parse_space(key[5:])
        return floor, (3 * tx, -(3 * ty + 3), 3.0, 3.0)
    if key.startswith("door "):
        a, b = (parse_space(t) for t in key[5:].split("|"))
        if a[2] == b[2]:  # side by side: the edge runs north-south at the eastern one's x
            return a[0], (max(a[1], b[1]) - 0.14, -(a[2] + 0.8), 0.28, 0.6)
        return a[0], (a[1] + 0.2, -(max(a[2], b[2]) + 0.14), 0.6, 0.28)
    floor, x, y = parse_space(key)
    return floor, (float(x), -(y + 1.0), 1.0, 1.0)


def _target_place(state: Any, target: str) -> str | None:
    """The place of a Stuff's target: a Character's space, a space or a door (``U 2,3 S
    123``: the door south of U 2,3); ``None`` for a colour."""
    from simlab.core.errors import IllegalActionError
    from simlab.games.bedpans.components import STAFFERS

    words = target.split()
    if target in STAFFERS or (len(words) == 2 and words[0] in state.tokens
                              and words[1] in ("1", "2")):
        here = state.position(target)
        return None if here is None else space_text(here)
    try:
        space = parse_space(" ".join(words[:2]))
    except IllegalActionError:
        return None
    if len(words) > 2 and words[2] in STEP_DIRS:  # a door: "U 2,3 S 123"
        d = STEP_DIRS[words[2]]
        return door_key(space, (space[0], space[1] + DX[d], space[2] + DY[d]))
    return space_text(space)


def _mark(ax: Any, key: str, last: Collection[str], targets: Collection[str]) -> None:
    _, (x, y, w, h) = _place_shape(key)
    mark_place(ax, key, box(x, y, w, h), last, targets)
    if key.startswith("tile ") and key in targets:  # name the position as the actions do
        ax.text(x + w / 2, y + h / 2, key.replace(" ", "\n", 1), ha="center", va="center",
                fontsize=9, color="#a35200", zorder=8)  # under the wash: a click hits the place


def summary(state: Any) -> dict[str, Any]:
    """A table of the state: round, layout, neutralizations, and per seat tokens (or
    Staffers), hand size and Door-markers.

    Works on a view as on a state (other hands only count their Stuff).  Not yet the
    stepper's ``summary`` hook: naming it ``summary`` changes the stored output of
    ``notebooks/bedpans-stepper.ipynb``, which is rebuilt on the notebook layer.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> rows = summary(BedpansGame(players=2).new_initial_state())
    >>> rows["round"], rows["Elder red"]
    (1, 'tokens at U 0,0 and U 0,0, 0 Stuff, 1 Door-marker')
    """
    from simlab.games.bedpans.board import space_text
    from simlab.games.bedpans.components import STAFFERS

    tiles = len(state.tiles)
    rows: dict[str, Any] = {"round": state.round,
                            "layout": f"{counted(tiles, 'tile')}, "
                                      f"{counted(state.pairs_placed, 'Elevator pair')}, "
                                      f"{counted(sum(state.exits_on.values()), 'Exit')}",
                            "neutralized": state.neutralized}
    names = state.game.seat_names()
    placed = [f"{n} at {space_text(s)}" for n, s in zip(STAFFERS, state.staffers, strict=True)
              if s is not None]
    rows[names[0]] = (f"{', '.join(placed) or 'no Staffers placed'}; "
                      f"{len(state.hands[0])} Stuff")
    for seat, colour in enumerate(state.game.colours, start=1):
        where = [space_text(s) if s is not None else "off the layout"
                 for s in state.tokens[colour]]
        doors = state.doors_held[seat]
        rows[names[seat]] = (f"tokens at {where[0]} and {where[1]}, {len(state.hands[seat])} "
                             f"Stuff, {doors} Door-marker{'s' if doors != 1 else ''}")
    return rows


def _coordinates(ax: Any, cell: float) -> None:
    """Column and row numbers of the spaces on the axes ("U 3,-1": column 3, row -1)."""
    import math

    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    step = 1 if cell >= 20 else 2
    xs = list(range(math.ceil(x0), math.floor(x1), step))
    ys = list(range(math.ceil(-y1), math.floor(-y0), step))
    ax.set_axis_on()
    ax.set_xticks([x + 0.5 for x in xs], [str(x) for x in xs], fontsize=9)
    ax.set_yticks([-(y + 0.5) for y in ys], [str(y) for y in ys], fontsize=9)
    ax.tick_params(length=0, pad=2)
    for spine in ax.spines.values():
        spine.set_visible(False)


def _legend_handles(state: Any) -> list[Any]:
    from matplotlib.patches import Patch

    return [
        *(Patch(fc=_FEATURE[c[0].upper()], ec="#999", label=f"{c} bed ({c[0].upper()})")
          for c in ("red", "blue", "yellow", "green")),
        Patch(fc=_FEATURE["N"], ec="#999", label="N: Nurse station"),
        Patch(fc=_FEATURE["D"], ec="#999", label="D: Doctor station"),
        Patch(fc=_FEATURE["E"], ec="#999", label="E: Elevator"),
        Patch(fc=_FEATURE["S"], ec="#999", label="S: Stairs"),
        Patch(fc=_FEATURE["X"], ec="#999", label="X: Exit"),
        stroke("wall", "black", 2),
        stroke("door / Door-marker", "#8c564b", 1.5, "--"),
        stroke("open edge: tile to explore", "#2ca02c", 2.5),
        Patch(fc="#8b5a2b", label="Stuff-marker (n: how many)"),
        *(symbol(f"{c} 1, {c} 2: Elder or Decoy", COLOURS[c], size=11)
          for c in state.game.colours),
        symbol("thick ring: the Elder (if known)", "white", size=11, mew=2.6),
        symbol("Doctor", "black", marker="^"),
        symbol("Nurse 1, 2 ... (number beside)", "white", marker="^"),
        note("Tnn: tile id (grey)"),
        *place_legend(),
    ]


def _legend(fig: Figure, state: Any, corner: tuple[float, float], columns: int) -> None:
    width, height = (v * _PX for v in fig.get_size_inches())
    fig.legend(handles=_legend_handles(state), loc="upper left", ncols=columns,
               bbox_to_anchor=(corner[0] / width + 0.004, 1 - corner[1] / height),
               borderaxespad=0, fontsize=9, frameon=False, title="Legend",
               title_fontsize=10, alignment="left", columnspacing=1.0, handlelength=1.8)


def _drawn_tile(fig: Figure, state: Any, tid: str) -> None:
    """The tile the Staff drew, as drawn (turn 0), in the board's top right corner.

    Its spaces with their letters, walls in black, doors dashed, open edges in
    green: choosing "turned N" in the action list previews it on the board.
    """
    width, height = (v * _PX for v in fig.get_size_inches())
    side = 96.0  # px
    ax = fig.add_axes(((width - side - 14) / width, 1 - (side + 44) / height,
                       side / width, side / height), label="drawn tile")
    g = state.game.geo[tid][0]
    for i in range(9):
        r, c = divmod(i, 3)
        ax.add_patch(_rect(c, r, _FEATURE.get(g.features[i], "#fbfaf5")))
        if g.features[i] not in ".$":
            ax.text(c + 0.5, -(r + 0.5), g.features[i], ha="center", va="center", fontsize=9,
                    color="#333333" if g.features[i] != "D" else "white")
        for d in range(4):
            kind = g.edges[i][d]
            inside = 0 <= r + DY[d] < 3 and 0 <= c + DX[d] < 3
            if inside and kind == OPEN:
                continue
            (x0, y0), (x1, y1) = {0: ((c, r), (c + 1, r)), 1: ((c + 1, r), (c + 1, r + 1)),
                                  2: ((c, r + 1), (c + 1, r + 1)),
                                  3: ((c, r), (c, r + 1))}[d]
            colour, line = (("#2ca02c", "-") if kind == OPEN else
                            ("#8c564b", "--") if kind == DOOR else ("black", "-"))
            ax.plot([x0, x1], [-y0, -y1], color=colour, linestyle=line, linewidth=2)
    ax.set_xlim(-0.05, 3.05)
    ax.set_ylim(-3.05, 0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    ax.set_title(f"drawn: {tid}", fontsize=10, pad=3)


def _title(state: Any) -> str:
    """The board's title: the round and how spaces are named, or who won at the end."""
    if state.outcome is None:
        return (f"Round {state.round}: spaces are floor column,row (x east, y south), "
                "as the actions name them")
    names = state.game.seat_names()
    won = [names[s] for s in state.outcome.winners]
    who = (" and ".join(won) + (" win" if len(won) > 1 else " wins")) if won else "nobody wins"
    return f"Game over in round {state.round}: {who}"


class VillageRenderer:
    """The stepper's renderer for Bedpans & Broomsticks (see :mod:`simlab.widgets.render`)."""

    score_name = "points"
    hidden = ("The Staff cannot tell an Elder from its Decoy, and the Stuff-markers in "
              "another player's hand are face down.")

    def png(self, state: Any) -> bytes:
        """The layout drawn floor by floor by :func:`draw`, as PNG: how Jupyter shows a state."""
        return png_bytes(draw(state))

    def draw(self, state: Any, last: Any = (), targets: Any = ()) -> Figure:
        """The layout floor by floor (see :func:`draw`) with a legend, text at 9 pt or more.

        The last action's places are ringed in red; the places the seat to act
        may choose (spaces, tile positions, edges) are marked in orange and
        are the groups ``place:KEY`` that a click chooses (see :meth:`place_of`).
        """
        keys = set(last) | set(targets)
        fig, cell, corner, columns = _figure(state, keys, {_place_shape(k)[0] for k in keys},
                            legend=len(_legend_handles(state)),
                            title=_title(state))
        panels = {ax.get_label(): ax for ax in fig.axes}
        for key in sorted(keys):
            if (ax := panels.get(_place_shape(key)[0])) is not None:
                _mark(ax, key, last, targets)
        for ax in fig.axes:
            _coordinates(ax, cell)
        if corner is not None:
            _legend(fig, state, corner, columns)
        if getattr(state, "drawn", None) is not None:
            _drawn_tile(fig, state, state.drawn)
        return legible(fig)

    def place_of(self, state: Any, action: Any) -> str | None:
        """The space, tile position or edge an action points at (asked before it is applied).

        A step: the space stepped into (up or down: the linked space); stop
        or take Stuff: the mover's own space; choosing a mover: where it
        stands; exploring or placing a tile: the tile position (``tile U
        1,0``); a Door-marker or a door tried: the edge (``door ...``).

        Examples
        --------
        >>> from simlab.games.bedpans.rules import BedpansGame
        >>> state = BedpansGame(players=2).new_initial_state()
        >>> RENDERER.place_of(state, A.Explore(("U", 1, 0)))
        'tile U 1,0'
        >>> RENDERER.place_of(state, A.PlaceStuff(("U", 2, 1)))
        'U 2,1'
        >>> RENDERER.place_of(state, A.Pass()) is None
        True
        """
        if isinstance(action, A.Explore | A.PlaceTile):
            return tile_key(action.position)
        if isinstance(action, A.PlayDoor):
            return door_key(action.a, action.b)
        if isinstance(action, A.Reenter | A.PlaceDecoy | A.PlaceStuff | A.SendStaffer
                      | A.LeaveStation | A.Closer):
            return space_text(action.space)
        if isinstance(action, A.ChooseMover):
            here = state.position(action.mover)
            return None if here is None else space_text(here)
        if isinstance(action, A.PlayStuff) and action.target:  # on a Character or a space
            return _target_place(state, action.target)
        if isinstance(action, A.Step | A.TryDoor | A.TakeStuff | A.Stop):
            here = state.position(state.mover) if state.mover else None
            if here is None:
                return None
            if isinstance(action, A.TakeStuff | A.Stop):
                return space_text(here)
            if action.direction in ("down", "up"):
                link = state.links.get(here)
                return None if link is None else space_text(link[0])
            d = STEP_DIRS[action.direction]
            there = (here[0], here[1] + DX[d], here[2] + DY[d])
            return space_text(there) if isinstance(action, A.Step) else door_key(here, there)
        return None

    def group_of(self, state: Any, action: Any) -> str:
        """The first words of the action: ``step``, ``move``, ``place tile`` ..."""
        words = str(action).split(" ")
        return " ".join(words[:2]) if words[0] in ("place", "play") else words[0]

    def seat_panel(self, state: Any, seat: int) -> list[tuple[str, str]]:
        """Tokens or Staffers, Stuff in hand, Door-markers (from this seat's view)."""
        names = state.game.seat_names()
        rows = [("seat", names[seat]), ("this seat", str(summary(state)[names[seat]]))]
        hand = [k for k in state.hands[seat] if k is not None]
        rows.append(("Stuff in hand", ", ".join(map(str, hand)) or
                     f"{len(state.hands[seat])} face down" if state.hands[seat] else "none"))
        rows.append(("round", str(state.round)))
        return rows

    def summary(self, state: Any) -> dict[str, Any]:
        """The public table (see :func:`summary`)."""
        return summary(state)

    def policies(self, game: Any) -> list[str]:
        """The heuristic at every seat: the Staff or an Elder wins in a few hundred actions."""
        return ["heuristic"] * game.players


#: The renderer of :meth:`simlab.games.bedpans.rules.BedpansGame.renderer`.
RENDERER = VillageRenderer()
