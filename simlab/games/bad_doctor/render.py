"""Drawing the hospital: every Patient's tile graph, with cubes, markers and tokens.

Each Patient gets a panel: the Patient is the square root of its tree, its
Treatment Tiles are the round nodes (labelled with id and bonus), edges are
completed junctions coloured by Malady with the Doctor Marker on them as a
coloured dot, and open Malady spaces are short stubs ending in a hollow
circle.  The title shows the Complication Cubes and the Shift Token.  Only
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

from typing import Any

import networkx as nx
from matplotlib.figure import Figure

from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.components import load_components

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


def draw_patient(ax: Any, patient: board.Patient) -> None:
    """Draw one Patient's graph on ``ax``."""
    tiles = load_components().tiles
    g = board.patient_graph(patient)
    pos = tree_layout(g, patient.id)
    for a, b, data in g.edges(data=True):
        (x0, y0), (x1, y1) = pos[a], pos[b]
        ax.plot([x0, x1], [y0, y1], color=MALADY_COLOURS[data["malady"]], lw=3, zorder=1)
        if data["marker"] >= 0:
            ax.scatter([(x0 + x1) / 2], [(y0 + y1) / 2], s=70, zorder=3,
                       color=DOCTOR_COLOURS[data["marker"]], edgecolors="black")
    for node, data in g.nodes(data=True):
        x, y = pos[node]
        opens = data["open"]
        for k, (space, malady) in enumerate(opens):
            dx, dy = 0.2 + 0.25 * k, 0.45
            ax.plot([x, x + dx], [y, y + dy], color=MALADY_COLOURS[malady], lw=2, ls=":",
                    zorder=1)
            ax.scatter([x + dx], [y + dy], s=45, facecolors="white", zorder=2,
                       edgecolors=MALADY_COLOURS[malady])
            ax.annotate(str(space), (x + dx + 0.06, y + dy), fontsize=6, va="center")
        if data["kind"] == "patient":
            ax.scatter([x], [y], marker="s", s=380, color="#f2f2f2", edgecolors="black",
                       zorder=2)
            ax.annotate(node, (x, y), ha="center", va="center", fontsize=7, zorder=4)
        else:
            tile = tiles[node]
            ax.scatter([x], [y], s=300, color="white", edgecolors="black", zorder=2)
            label = node + (f"\n{tile.bonus}" if tile.bonus else "")
            ax.annotate(label, (x, y), ha="center", va="center", fontsize=5, zorder=4)
    token = "visited" if patient.visited else "unvisited"
    cubes = "■" * patient.complication_cubes + "□" * board.free_cube_spaces(patient)
    ax.set_title(f"Patient {patient.id}{patient.side}  {cubes}  ({token})", fontsize=8)
    ax.margins(0.25)
    ax.set_axis_off()


def render(state: Any) -> Figure:
    """The stepper's picture: every Patient's tile graph, one panel each, at a readable size.

    Examples
    --------
    >>> import simlab
    >>> state = simlab.run(simlab.load_game("bad_doctor", players=2), seed=1)
    >>> bool(render(state).get_figwidth() >= 10)
    True
    """
    panels = max(4, len(state.hospital))
    return draw_hospital(state, Figure(figsize=(2.9 * panels, 3.6), layout="constrained"))


def draw_hospital(state: Any, fig: Figure | None = None) -> Figure:
    """Draw every Patient in the hospital, one panel each, with the doctors' scores.

    Parameters
    ----------
    state : BadDoctorState
        The position (or a view of it).
    fig : Figure, optional
        Drawn into (cleared first); a new Figure otherwise.
    """
    if fig is None:
        fig = Figure(figsize=(10, 3.2), layout="constrained")
    else:
        fig.clear()
    patients = state.hospital
    count = max(1, len(patients))
    cols = min(3, count)
    rows = -(-count // cols)
    grid = fig.subplots(rows, cols, squeeze=False).ravel()
    for extra in grid[count:]:
        fig.delaxes(extra)
    for ax, patient in zip(grid, patients, strict=False):
        draw_patient(ax, patient)
    names = state.game.seat_names()
    # "Treatment Tiles are always visible to the other players": every hand is shown
    lines = [f"{names[s]}: score {state.score_pile[s]}, supply {state.supply[s]}, "
             f"hand {_hand(state, s)}" for s in range(state.game.players)]
    fig.suptitle(f"Turn {state.shift + 1}, {names[state.seat]} to act\n" + "\n".join(lines),
                 fontsize=8)
    return fig


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


def _legible(fig: Figure, minimum: float = 9.0) -> Figure:
    """Raise every text of ``fig`` to ``minimum`` points (12 px on screen at 100 %)."""
    from matplotlib.text import Text

    for text in fig.findobj(Text):
        if isinstance(text, Text) and float(text.get_fontsize()) < minimum:
            text.set_fontsize(minimum)
    return fig


class HospitalRenderer:
    """The stepper's renderer for Bad Doctor (see :mod:`simlab.widgets.render`)."""

    score_name = "Doctor Markers"
    #: Bad Doctor hides nothing: the stepper says so.
    hidden = None

    def draw(self, state: Any, last: Any = (), targets: Any = ()) -> Figure:
        """Every Patient's tile graph (see :func:`draw_hospital`), text at 9 pt or more."""
        from matplotlib.lines import Line2D

        rows = -(-max(1, len(state.hospital)) // 3)
        fig = Figure(figsize=(10.2, 3.4 * rows + 1.4), layout="constrained")
        draw_hospital(state, fig)
        names = state.game.seat_names()
        handles = [
            Line2D([], [], marker="s", ls="", ms=12, mfc="#f2f2f2", mec="black",
                   label="Patient (id and side)"),
            Line2D([], [], marker="o", ls="", ms=12, mfc="white", mec="black",
                   label="Treatment Tile (id, bonus)"),
            *(Line2D([], [], color=c, lw=3, label=f"{m} Malady joined") for m, c in
              MALADY_COLOURS.items()),
            Line2D([], [], color="#777", lw=2, ls=":", marker="o", mfc="white",
                   label="open Malady space (number)"),
            *(Line2D([], [], marker="o", ls="", ms=9, mfc=DOCTOR_COLOURS[s], mec="black",
                     label=f"Doctor Marker of {names[s]}") for s in range(len(names))),
            Line2D([], [], ls="", label="■ Complication Cube, □ free space"),
        ]
        fig.legend(handles=handles, loc="outside lower center", ncols=4, fontsize=9,
                   frameon=False)
        return _legible(fig)

    def group_of(self, state: Any, action: Any) -> str:
        """The first word of the action (``take``, ``place``, ``play`` ...)."""
        return str(action).split(" ", 1)[0]

    def seat_panel(self, state: Any, seat: int) -> list[tuple[str, str]]:
        """The doctor's hand, supply and Score Pile."""
        hand = state.hands[seat]
        return [("Treatment Tiles in hand", ", ".join(hand) or "none"),
                ("Doctor Markers in supply", str(state.supply[seat])),
                ("Score Pile", f"{state.score_pile[seat]} Doctor Markers"),
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
