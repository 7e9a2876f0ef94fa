"""Drawing the hospital: every Patient's tile graph, with cubes, markers and tokens.

Each Patient gets a panel, all at one scale (:data:`UNIT` inches per tree
level and per row) and packed in rows: the Patient is the square root of its
tree, its Treatment Tiles are circles with their id (the bonus written under
it), completed junctions are edges coloured by Malady with the Doctor Marker
on them, and each open Malady space is a hollow circle with its number, laid
out as a leaf of its own so that no label lies on another.  The title shows
the Complication Cubes and the Shift Token.  The places that actions point at
(open and joined Malady spaces, tiles, Patients) are ``place:KEY`` groups
marked by :func:`simlab.figures.board.mark_place`.  Only
:class:`matplotlib.figure.Figure` is used (no pyplot state).

Examples
--------
>>> import simlab
>>> state = simlab.load_game("bad_doctor", players=2).new_initial_state()
>>> fig = draw_hospital(state)
>>> len(fig.axes)
4
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

import networkx as nx
from matplotlib.figure import Figure

from simlab.figures.board import box, circle, counted, legible, mark_place, place_legend
from simlab.figures.legend import note, stroke, symbol
from simlab.figures.png import png_bytes
from simlab.games.bad_doctor import actions as A
from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.components import TreatmentTile

__all__ = [
    "DOCTOR_COLOURS", "MALADY_COLOURS", "RENDERER", "HospitalRenderer", "draw_hospital",
    "draw_patient", "render", "summary",
    "tree_layout",
]

#: Drawing colour of each Malady.
MALADY_COLOURS = {"red": "#d62728", "green": "#2ca02c", "yellow": "#e6b800",
                  "blue": "#1f77b4", "wild": "#7f7f7f"}
#: Drawing colour of each doctor's markers, in seat order.
DOCTOR_COLOURS = ("#9467bd", "#ff7f0e", "#17becf", "#8c564b")


def tree_layout(graph: nx.Graph, root: str) -> dict[str, tuple[float, float]]:
    """Positions for a tree: depth from ``root`` on x, leaves spread on y.

    Examples
    --------
    >>> g = nx.Graph([("P", "a"), ("P", "b"), ("a", "c")])
    >>> tree_layout(g, "P")["c"][0]
    2.0
    """
    pos: dict[str, tuple[float, float]] = {}
    row = [0.0]

    def place(node: str, parent: str | None, depth: int) -> float:
        children = [n for n in graph.neighbors(node) if n != parent]
        if not children:
            y = row[0]
            row[0] += 1.0
        else:
            ys = [place(c, node, depth + 1) for c in children]
            y = sum(ys) / len(ys)
        pos[node] = (float(depth), -y)
        return y

    place(root, None, 0)
    return pos


def space_key(patient: str, space: int) -> str:
    """The place key of Malady space ``space`` of a Patient (open, or joined by a tile).

    Examples
    --------
    >>> space_key("P07", 2)
    'P07 space 2'
    """
    return f"{patient} space {space}"


#: Inches per unit of a Patient's layout (a tree level across, a row down): one scale for
#: every panel, so that shapes and labels have the same size everywhere.
UNIT = 0.74
_NODE = 0.25       # Treatment Tile radius, in units
_OPEN = 0.17       # open Malady space radius
_MARKER = 0.11     # Doctor Marker radius


def patient_layout(patient: board.Patient) -> tuple[nx.Graph, dict[Any, tuple[float, float]]]:
    """The Patient's graph and positions of its nodes and of its open Malady spaces.

    An open space is laid out as a leaf of the node it is on (key ``("open", space)``),
    so each has its own row and no label lies on another.

    Examples
    --------
    >>> from simlab.games.bad_doctor.components import load_components
    >>> g, pos = patient_layout(board.new_patient(load_components().card("P03")))
    >>> pos["P03"], pos[("open", 1)], pos[("open", 2)]
    ((0.0, -0.5), (1.0, -0.0), (1.0, -1.0))
    """
    g = board.patient_graph(patient)
    tree = nx.Graph()
    tree.add_nodes_from(g.nodes)
    tree.add_edges_from(g.edges)
    for node, data in g.nodes(data=True):
        for space, _ in data["open"]:
            tree.add_edge(node, ("open", space))
    return g, tree_layout(tree, patient.id)


def _extent(pos: dict[Any, tuple[float, float]]) -> tuple[float, float, float, float]:
    """``(left, top, width, height)`` in units of a layout, margins included."""
    xs = [x for x, _ in pos.values()]
    ys = [y for _, y in pos.values()]
    width = max(max(xs) - min(xs) + 1.0, 3.2)  # room for the panel's title
    return min(xs) - 0.5, max(ys) + 0.5, width, max(ys) - min(ys) + 1.0


def draw_patient(ax: Any, patient: board.Patient, tiles: Mapping[str, TreatmentTile],
                 last: Collection[str] = (), targets: Collection[str] = ()) -> None:
    """Draw one Patient's graph on ``ax`` at one scale (:data:`UNIT`), its places marked.

    The Patient is a square, its Treatment Tiles circles with their id (the
    bonus under it), joined Malady spaces coloured edges with the Doctor
    Marker on them, open Malady spaces hollow circles with their number.
    ``tiles`` are the game's Treatment Tiles by id (``game.tiles``); ``last`` and ``targets``
    are place keys (see :meth:`HospitalRenderer.place_of`).
    """
    from matplotlib.patches import Circle, Rectangle

    g, pos = patient_layout(patient)
    for a, b, data in g.edges(data=True):
        (x0, y0), (x1, y1) = pos[a], pos[b]
        ax.plot([x0, x1], [y0, y1], color=MALADY_COLOURS[data["malady"]], lw=3, zorder=1)
        mid = ((x0 + x1) / 2, (y0 + y1) / 2)
        if data["marker"] >= 0:
            ax.add_patch(Circle(mid, _MARKER, fc=DOCTOR_COLOURS[data["marker"]], ec="black",
                                zorder=3))
        mark_place(ax, space_key(patient.id, data["space"]), circle(mid, _MARKER + 0.04),
                   last, targets)
    for node, data in g.nodes(data=True):
        x, y = pos[node]
        for space, malady in data["open"]:
            ox, oy = pos[("open", space)]
            colour = MALADY_COLOURS[malady]
            ax.plot([x, ox - _OPEN], [y, oy], color=colour, lw=2, ls=":", zorder=1)
            ax.add_patch(Circle((ox, oy), _OPEN, fc="white", ec=colour, lw=1.8, zorder=2))
            ax.text(ox, oy, str(space), ha="center", va="center", fontsize=9, zorder=4)
            mark_place(ax, space_key(patient.id, space), circle((ox, oy), _OPEN + 0.05),
                       last, targets)
        if data["kind"] == "patient":
            ax.add_patch(Rectangle((x - 0.27, y - 0.2), 0.54, 0.4, fc="#f2f2f2", ec="black",
                                   zorder=2))
            ax.text(x, y, node, ha="center", va="center", fontsize=9, zorder=4)
            mark_place(ax, f"Patient {node}",
                       box(x - 0.27, y - 0.2, 0.54, 0.4), last, targets)
            continue
        ax.add_patch(Circle((x, y), _NODE, fc="white", ec="black", zorder=2))
        ax.text(x, y, node, ha="center", va="center", fontsize=9, zorder=4)
        bonus = tiles[node].bonus
        if bonus:
            ax.text(x, y - _NODE - 0.02, bonus.replace(" ", "\n", 1), ha="center", va="top",
                    fontsize=9, linespacing=0.95, zorder=4, color="#333",
                    bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none",
                          "alpha": 0.85})
        mark_place(ax, f"{patient.id} {node}", circle((x, y), _NODE), last, targets)
    token = "visited" if patient.visited else "unvisited"
    cubes = "■" * patient.complication_cubes + "□" * board.free_cube_spaces(patient)
    ax.set_title(f"Patient {patient.id}{patient.side}  {cubes}  ({token})", fontsize=9,
                 pad=3)
    left, top, width, height = _extent(pos)
    ax.set_xlim(left, left + width)
    ax.set_ylim(top - height, top)
    ax.set_axis_off()


def render(state: Any) -> Figure:
    """The stepper's picture: every Patient's tile graph, one panel each, at a readable size.

    Examples
    --------
    >>> import simlab
    >>> state = simlab.run(simlab.load_game("bad_doctor", players=2), seed=1)
    >>> bool(render(state).get_figwidth() >= 9)
    True
    """
    return draw_hospital(state)


#: Width of the hospital picture, in inches (it fits the stepper's board frame at 100 %).
WIDTH = 9.5
_TITLE = 0.32      # a panel's title, in inches
_GAP = 0.2         # between panels
_FOOT = 0.95       # the legend under the panels


def _rows(boxes: list[tuple[float, float]], width: float) -> list[list[int]]:
    """Panels (by index) packed into rows of at most ``width`` inches, in order."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for k, (w, _) in enumerate(boxes):
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append(k)
        used += w + _GAP
    return rows


def draw_hospital(state: Any, fig: Figure | None = None, last: Collection[str] = (),
                  targets: Collection[str] = (), legend: bool = False) -> Figure:
    """Draw every Patient in the hospital, one panel each, with the doctors' scores.

    The panels share one scale (:data:`UNIT`) and are packed in rows across
    :data:`WIDTH` inches; the figure is as tall as they need.

    Parameters
    ----------
    state : BadDoctorState
        The position (or a view of it).
    fig : Figure, optional
        Drawn into (cleared and resized first); a new Figure otherwise.
    last, targets : collection of str
        Places of the last action and places the seat to act may choose.
    legend : bool
        Leave room under the panels for a legend.
    """
    if fig is None:
        fig = Figure()
    else:
        fig.clear()
    patients = state.hospital
    extents = [_extent(patient_layout(p)[1]) for p in patients]
    # one scale for all; smaller only where a very long chain of tiles would not fit across
    unit = min([UNIT, *((WIDTH - 0.2) / w for _, _, w, _ in extents)])
    boxes = [(w * unit, h * unit) for _, _, w, h in extents]
    rows = _rows(boxes, WIDTH - 0.2)
    names = state.game.seat_names()
    # "Treatment Tiles are always visible to the other players": every hand is shown
    lines = [_over(state, names) or f"Turn {state.shift + 1}, {names[state.seat]} to act",
             *(f"{names[s]}: score {state.score_pile[s]}, supply {state.supply[s]}, "
               f"hand {_hand(state, s)}" for s in range(state.game.players))]
    head = 0.12 + 0.19 * len(lines)
    heights = [max((boxes[k][1] for k in row), default=unit) + _TITLE for row in rows]
    height = head + sum(heights) + _GAP * len(rows) + (_FOOT if legend else 0.1)
    fig.set_size_inches(WIDTH, height)
    top = head
    for row, row_height in zip(rows, heights, strict=True):
        x = 0.1
        for k in row:
            w, h = boxes[k]
            ax = fig.add_axes((x / WIDTH, 1 - (top + _TITLE + h) / height, w / WIDTH,
                               h / height))
            draw_patient(ax, patients[k], state.game.tiles, last, targets)
            x += w + _GAP
        top += row_height + _GAP
    fig.suptitle("\n".join(lines), fontsize=9, y=1 - 0.06 / height, va="top")
    return fig


def _over(state: Any, names: list[str]) -> str | None:
    """The title at the end of the game ("Game over after turn 20: Dr. Eror wins"), or None."""
    outcome = state.outcome
    if outcome is None:
        return None
    won = [names[s] for s in outcome.winners]
    who = (" and ".join(won) + (" win" if len(won) > 1 else " wins")) if won else "nobody wins"
    return f"Game over after turn {state.shift + 1}: {who}"


def _hand(state: Any, seat: int) -> str:
    """``seat``'s face-up Treatment Tiles as text (``-`` for none)."""
    tiles = state.game.parts.tiles
    return ", ".join(str(tiles[t]) for t in state.hands[seat]) or "-"


def summary(state: Any) -> dict[str, Any]:
    """The state table of the stepper: shift, cubes, and per doctor score, supply, the hand.

    Examples
    --------
    >>> import simlab
    >>> state = simlab.load_game("bad_doctor", players=2).new_initial_state()
    >>> summary(state)["Dr. A. Achoo"]
    'score pile 0, supply 20, hand -, 0 removed'
    >>> state.hands[0] = ["T01", "T17"]                # hands are face up: shown in full
    >>> summary(state)["Dr. A. Achoo"]
    'score pile 0, supply 20, hand T01 (red), T17 (red/green, Draw 2), 0 removed'
    """
    rows: dict[str, Any] = {
        "turn": state.shift + 1,
        "patients": ", ".join(p.id for p in state.hospital) or "-",
        "complication cubes in the pile": state.complication_cubes,
        "treatment deck / discard": f"{len(state.deck)} / {len(state.discard)}",
    }
    for seat, name in enumerate(state.game.seat_names()):
        rows[name] = (f"score pile {state.score_pile[seat]}, supply {state.supply[seat]}, "
                      f"hand {_hand(state, seat)}, {state.removed[seat]} removed")
    return rows


class HospitalRenderer:
    """The stepper's renderer for Bad Doctor (see :mod:`simlab.widgets.render`)."""

    score_name = "Doctor Markers"
    #: Bad Doctor hides nothing: the stepper says so.
    hidden = None

    def png(self, state: Any) -> bytes:
        """The hospital drawn by :func:`draw_hospital`, as PNG: how Jupyter shows a state."""
        return png_bytes(draw_hospital(state), dpi=80)

    def draw(self, state: Any, last: Any = (), targets: Any = ()) -> Figure:
        """Every Patient's tile graph (see :func:`draw_hospital`), text at 9 pt or more."""
        from matplotlib.lines import Line2D

        fig = draw_hospital(state, last=last, targets=targets, legend=True)
        names = state.game.seat_names()
        handles = [
            symbol("Patient (id and side)", "#f2f2f2", marker="s", size=12),
            symbol("Treatment Tile (id, bonus)", "white", size=12),
            *(stroke(f"{m} Malady joined", c, 3) for m, c in MALADY_COLOURS.items()),
            Line2D([], [], color="#777", lw=2, ls=":", marker="o", mfc="white",
                   label="open Malady space (number)"),
            *(symbol(f"Doctor Marker of {names[s]}", DOCTOR_COLOURS[s], size=9)
              for s in range(len(names))),
            note("■ Complication Cube, □ free space"),
            *place_legend(),
        ]
        fig.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 0.0), ncols=4,
                   fontsize=9, frameon=False, handlelength=1.6, columnspacing=1.2)
        return legible(fig)

    def place_of(self, state: Any, action: Any) -> str | None:
        """The Malady space, Treatment Tile or Patient an action points at.

        Placing a tile: the open Malady space (``P07 space 2``); taking back or
        removing a Doctor Marker: the joined space it sits on; removing a
        tile: the tile (``P07 T22``); a Complication Cube: the Patient it goes
        to or leaves (``Patient P07``).

        Examples
        --------
        >>> RENDERER.place_of(None, A.PlaceTile("T22", "S1", 1, "red", 0))
        'S1 space 1'
        >>> RENDERER.place_of(None, A.MoveCube("P14", "P12"))
        'Patient P12'
        >>> RENDERER.place_of(None, A.DrawTile()) is None
        True
        """
        if isinstance(action, A.PlaceTile | A.TakeBackMarker | A.RemoveMarker):
            return space_key(action.patient, action.space)
        if isinstance(action, A.RemoveTile):
            return f"{action.patient} {action.tile}"
        if isinstance(action, A.MoveCube):
            return f"Patient {action.target}"
        if isinstance(action, A.AddCube | A.RemoveCube):
            return f"Patient {action.patient}"
        return None

    def group_of(self, state: Any, action: Any) -> str:
        """The first word of the action (``take``, ``place``, ``play`` ...)."""
        return str(action).split(" ", 1)[0]

    def seat_panel(self, state: Any, seat: int) -> list[tuple[str, str]]:
        """The doctor's hand, supply and Score Pile."""
        hand = state.hands[seat]
        return [("Treatment Tiles in hand", ", ".join(hand) or "none"),
                ("Doctor Markers in supply", str(state.supply[seat])),
                ("Score Pile", counted(state.score_pile[seat], "Doctor Marker")),
                ("removed from the game", str(state.removed[seat]))]

    def scores(self, state: Any) -> list[int]:
        """Each doctor's Score Pile."""
        return list(state.score_pile)

    def summary(self, state: Any) -> dict[str, Any]:
        """The public table (see :func:`summary`)."""
        return summary(state)

    def policies(self, game: Any) -> list[str]:
        """Greedy and cautious doctors in turn: a game ends in about a hundred actions."""
        return [("greedy", "cautious")[s % 2] for s in range(game.players)]


#: The renderer of :meth:`simlab.games.bad_doctor.rules.BadDoctorGame.renderer`.
RENDERER = HospitalRenderer()
