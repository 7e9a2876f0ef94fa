"""Draw a Hospital Rush position with matplotlib (no pyplot state).

Drawn in inches, :data:`WIDTH` wide (the stepper's board frame at 100 %).
Top row: the four beds (patient, tiles placed / needed, patient marker and
Marina's watching marker), the medicine chest (one box per colour) and the
supplies.  Middle: the main-board and night-shift action spaces of the side
in use, coloured by kind (blue, red, unlimited, night shift), with the
action markers on them.  Bottom: one row per seat (its player board's two
action spaces, prestige, bucks, medicine, skills).  Beds, chest colours,
action spaces and seat rows are the places actions point at (``place:KEY``
groups marked by :func:`simlab.figures.board.mark_place`).

Examples
--------
>>> import simlab
>>> state = simlab.run(simlab.load_game("hospital_rush", players=3), seed=1)
>>> fig = draw(state, title="end of a random game")
>>> type(fig).__name__
'Figure'
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection
from typing import Any, cast

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

from simlab.figures.board import box, counted, legible, mark_place, place_legend
from simlab.figures.legend import note, symbol
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.rules import COLOUR_NAMES
from simlab.games.hospital_rush.tasks import PlaceTiles

__all__ = ["COLOUR_NAMES", "RENDERER", "SEAT_COLOURS", "WardRenderer", "draw", "summary"]

SEAT_COLOURS = ("#e74c3c", "#2980b9", "#27ae60", "#f39c12", "#8e44ad")
_KIND_COLOURS = {"blue": "#aed6f1", "red": "#f5b7b1", "unlimited": "#d5dbdb", "night": "#d7bde2",
                 "board": "#fcf3cf"}
_TILE_COLOURS = {"patch": "#bdc3c7", "purple": "#8e44ad", "green": "#27ae60", "yellow": "#f1c40f"}


#: Width of the picture, in inches (it fits the stepper's board frame at 100 %).
WIDTH = 9.4
_PER_ROW = 7          # action spaces per row
_BED_TOP = 0.62       # inches from the top
_BED_H = 2.15
_SPACE_W, _SPACE_H, _SPACE_PITCH = 1.27, 0.66, 0.76
_SEAT_H = 0.62
_FOOT = 0.7           # the legend under the picture (3 rows)


def space_key(space: str) -> str:
    """The place key of an action space (main board, night shift or a player board).

    Examples
    --------
    >>> space_key("rat_out")
    'space rat_out'
    """
    return f"space {space}"


def _seat_key(state: Any, seat: int) -> str:
    """The place key of a seat's row: ``seat Blue`` (seats by colour, as the texts say)."""
    return f"seat {state.game.seat_names()[seat]}"


def _layout(state: Any) -> tuple[int, float, float]:
    """Rows of action spaces, the top of the seats' rows and the picture's height (in)."""
    game = state.game
    rows = -(-(len(game.main_spaces) + len(game.night_spaces)) // _PER_ROW)
    seats_top = _BED_TOP + _BED_H + 0.42 + rows * _SPACE_PITCH + 0.12
    return rows, seats_top, seats_top + game.players * _SEAT_H + _FOOT


def _title(state: Any) -> str:
    """The board's title: the round and phase, or who won at the end."""
    if state.outcome is None:
        return f"Hospital Rush — round {state.round}, {state.phase}"
    names = state.game.seat_names()
    won = [names[s] for s in state.outcome.winners]
    who = (" and ".join(won) + (" win" if len(won) > 1 else " wins")) if won else "nobody wins"
    return f"Hospital Rush — game over after round {state.round}: {who}"


def draw(state: Any, ax: Axes | None = None, title: str | None = None,
         last: Collection[str] = (), targets: Collection[str] = ()) -> Figure:
    """Draw ``state`` into ``ax`` (a new figure when ``None``) and return the figure.

    The axes' data units are inches from the top left corner (y grows down
    the page as ``-y``), so boxes and text keep their sizes whatever the
    number of seats.

    Parameters
    ----------
    state : HospitalRushState
        The position (a view works the same: nothing is hidden).
    ax : matplotlib Axes, optional
        Where to draw; its figure is returned (sized to the picture).
    title : str, optional
        Shown above the picture (default: round and phase).
    last, targets : collection of str
        Places of the last action, and places the seat to act may choose
        (see :meth:`WardRenderer.place_of`).
    """
    _, _, height = _layout(state)
    if ax is None:
        ax = Figure(figsize=(WIDTH, height)).add_axes((0, 0, 1, 1))
    fig = cast(Figure, ax.get_figure(root=True))  # an Axes drawn by matplotlib has one
    fig.set_size_inches(WIDTH, height)
    ax.set_position((0, 0, 1, 1))
    game = state.game
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(-height, 0)
    ax.set_axis_off()
    ax.text(WIDTH / 2, -0.12, title or _title(state),
            ha="center", va="top", fontsize=11)
    marks = (last, targets)
    _draw_beds(ax, state, marks)
    _draw_supplies(ax, state, marks)
    _, seats_top, _ = _layout(state)
    ax.text(0.1, -(_BED_TOP + _BED_H + 0.3), "action spaces (main board and night shift)",
            fontsize=9, color="#566573", va="bottom")
    spaces = [*game.main_spaces, *game.night_spaces]
    for k, space in enumerate(spaces):
        x = 0.08 + (k % _PER_ROW) * (_SPACE_W + 0.06)
        y = _BED_TOP + _BED_H + 0.4 + (k // _PER_ROW) * _SPACE_PITCH
        _space_box(ax, x, y, _SPACE_W, space, state, marks)
    for seat in range(game.players):
        _draw_seat(ax, state, seat, seats_top + seat * _SEAT_H, marks)
    return fig


def _draw_beds(ax: Axes, state: Any, marks: tuple[Collection[str], Collection[str]]) -> None:
    game = state.game
    names = game.seat_names()
    for i, bed in enumerate(state.beds):
        x, top = 0.08 + i * 1.74, _BED_TOP
        y = -(top + _BED_H)
        ax.add_patch(FancyBboxPatch((x, y), 1.62, _BED_H, boxstyle="round,pad=0.02",
                                    fc="#fdfefe", ec="#566573"))
        mark_place(ax, f"bed {i + 1}", box(x, y, 1.62, _BED_H), *marks)
        ax.text(x + 0.81, -(top - 0.05), f"bed {i + 1}", ha="center", va="bottom", fontsize=9,
                color="#566573")
        if bed is None:
            ax.text(x + 0.81, y + _BED_H / 2, "empty", ha="center", va="center", fontsize=9,
                    color="#aab7b8")
            continue
        name, tiles, marker, watcher = bed.patient, bed.tiles, bed.patient_marker, bed.watcher
        card = game.patients[name]
        ax.text(x + 0.81, -(top + 0.1), name, ha="center", va="top", fontsize=9,
                weight="bold")
        side = "\nright side 1" if card.early else ""
        ax.text(x + 0.81, -(top + 0.3), f"{card.prestige} prestige{side}", ha="center",
                va="top", fontsize=9, linespacing=1.0)
        for k, kind in enumerate(game.tiles):
            for j in range(card.needs[k]):
                filled = j < tiles[k]
                ax.add_patch(FancyBboxPatch(
                    (x + 0.12 + j * 0.3, -(top + 0.9 + k * 0.22)), 0.22, 0.16,
                    boxstyle="square,pad=0", fc=_TILE_COLOURS[kind] if filled else "none",
                    ec=_TILE_COLOURS[kind] if kind != "patch" else "#7f8c8d", lw=1))
        for seat, label, dy in ((marker, "treats", 0.38), (watcher, "watches", 0.15)):
            if seat is not None:
                ax.plot(x + 0.17, y + dy, "o", ms=9, color=SEAT_COLOURS[seat % 5],
                        mec="black", mew=0.6)
                ax.text(x + 0.3, y + dy, f"{names[seat]} {label}", va="center", fontsize=9)


def _draw_supplies(ax: Axes, state: Any, marks: tuple[Collection[str], Collection[str]]
                   ) -> None:
    game = state.game
    x0, top = 7.08, _BED_TOP
    ax.text(x0, -(top - 0.05), "medicine chest", fontsize=9, color="#566573", va="bottom")
    for k, (colour, count) in enumerate(zip(game.colours, state.chest, strict=True)):
        x, y = x0 + k * 0.76, -(top + 0.55)
        ax.add_patch(FancyBboxPatch((x, y), 0.68, 0.5, boxstyle="round,pad=0.02",
                                    fc=_TILE_COLOURS[colour], ec="#566573", alpha=0.9))
        ax.text(x + 0.34, y + 0.25, f"{colour}\n{count}", ha="center", va="center",
                fontsize=9, color="white" if colour != "yellow" else "black",
                linespacing=1.0)
        mark_place(ax, f"chest {colour}", box(x, y, 0.68, 0.5), *marks)
    lines = [f"bank: {counted(state.bank, 'buck')}", f"patches: {state.patches}",
             f"study markers: {state.study_markers}",
             f"patient stack: {len(state.stack)}, discard: {len(state.discard)}",
             f"starting player: {game.seat_names()[state.start]}"]
    ax.text(x0, -(top + 0.7), "\n".join(lines), fontsize=9, va="top", linespacing=1.35)


def _space_box(ax: Axes, x: float, top: float, width: float, space: str, state: Any,
               marks: tuple[Collection[str], Collection[str]], height: float = _SPACE_H,
               title: str | None = None) -> None:
    game = state.game
    kind = game.space.get(space, "board")
    y = -(top + height)
    ax.add_patch(FancyBboxPatch((x, y), width, height, boxstyle="round,pad=0.02",
                                fc=_KIND_COLOURS[kind], ec="#566573", lw=0.6))
    if title is None:
        title = game.data.spaces[[s.id for s in game.data.spaces].index(space)].title
    text = "\n".join(textwrap.fill(part, 17) for part in title.replace(" (", "\n(").split("\n"))
    ax.text(x + width / 2, y + height - 0.05, text, ha="center",
            va="top", fontsize=9, linespacing=1.0)
    for j, seat in enumerate(state.occupied.get(space, [])):
        ax.plot(x + 0.12 + j * 0.17, y + 0.1, "s", ms=7, color=SEAT_COLOURS[seat % 5],
                mec="black", mew=0.5)
    mark_place(ax, space_key(space), box(x, y, width, height), *marks)


def _draw_seat(ax: Axes, state: Any, seat: int, top: float,
               marks: tuple[Collection[str], Collection[str]]) -> None:
    game = state.game
    board = state.boards[seat]
    titles = {a.id: a.title for a in game.data.board_actions}
    y = -(top + _SEAT_H - 0.08)
    ax.add_patch(FancyBboxPatch((0.08, y), WIDTH - 0.16, _SEAT_H - 0.08,
                                boxstyle="round,pad=0.0", fc="none", ec="#d5dbdb", lw=0.6))
    mark_place(ax, _seat_key(state, seat), box(0.08, y, WIDTH - 0.16, _SEAT_H - 0.08), *marks,
               zorder=1)
    ax.plot(0.28, y + (_SEAT_H - 0.08) / 2, "o", ms=11, color=SEAT_COLOURS[seat % 5],
            mec="black", mew=0.6)
    for k, space in enumerate(game.board_spaces.get(board, ()) if board else ()):
        _space_box(ax, 0.5 + k * 1.42, top + 0.04, 1.36, space, state, marks,
                   height=_SEAT_H - 0.16, title=titles[space])
    med = ", ".join(f"{n} {c}" for c, n in zip(game.colours, state.medicine[seat],
                                                strict=True) if n) or "none"
    skills = ", ".join(state.skills[seat]) or "none"
    exam = " · final exam taken" if state.exam[seat] else ""
    bucks = state.bucks[seat]
    ax.text(3.4, y + (_SEAT_H - 0.08) / 2,
            f"{game.seat_names()[seat]} ({board or 'no player board yet'}): "
            f"{state.prestige[seat]} prestige, {bucks} buck{'s' if bucks != 1 else ''}{exam}\n"
            f"medicine: {med}; skills: {skills}", fontsize=9, va="center", linespacing=1.3)


def summary(state: Any) -> dict[str, Any]:
    """The state table of the stepper: round, phase, and per seat prestige, bucks, medicine.

    Examples
    --------
    >>> import simlab
    >>> state = simlab.load_game("hospital_rush", players=3).new_initial_state()
    >>> summary(state)["round"], summary(state)["phase"]
    (1, 'boards')
    """
    rows: dict[str, Any] = {"round": state.round, "phase": str(state.phase),
                            "bank": state.bank, "patients left in the stack": len(state.stack)}
    for seat, name in enumerate(state.game.seat_names()):
        medicine = ", ".join(f"{n} {c}" for c, n in zip(state.game.colours,
                                                       state.medicine[seat], strict=True)
                             if n) or "none"
        board = state.boards[seat] or "not yet dealt"
        rows[name] = (f"{state.prestige[seat]} prestige, {counted(state.bucks[seat], 'buck')}, "
                      f"medicine: {medicine}, player board {board}")
    return rows




class WardRenderer:
    """The stepper's renderer for Hospital Rush (see :mod:`simlab.widgets.render`)."""

    score_name = "prestige"
    #: Hospital Rush hides nothing but the patient stack's order: the stepper says so.
    hidden = None

    def draw(self, state: Any, last: Any = (), targets: Any = ()) -> Figure:
        """Beds, supplies, action spaces and seats (see :func:`draw`), text at 9 pt or more."""
        from matplotlib.patches import Patch

        fig = draw(state, last=last, targets=targets)
        names = state.game.seat_names()
        handles: list[Any] = [
            *(Patch(fc=c, ec="#566573", label=f"{k} action space") for k, c in
              _KIND_COLOURS.items() if k != "board"),
            *(Patch(fc=c, ec=c, label=f"{k} tile") for k, c in _TILE_COLOURS.items()),
            Patch(fc="white", ec="#566573", label="hollow tile: needed"),
            *(symbol(names[s], SEAT_COLOURS[s], size=9, mew=0.6) for s in range(len(names))),
            note("disc: patient marker"),
            note("square: action marker"),
        ]
        handles += place_legend()
        fig.legend(handles=handles, loc="lower left", bbox_to_anchor=(0.0, 0.0),
                   ncols=-(-len(handles) // 3),
                   fontsize=9, frameon=False, handlelength=1.2, columnspacing=0.7,
                   handletextpad=0.5, borderaxespad=0.3)
        return legible(fig)

    def place_of(self, state: Any, action: Any) -> str | None:
        """The action space, bed, medicine of the chest or seat an action points at.

        Placing an action marker: its action space (``space rat_out``, a
        player board's too); an action on a patient: its bed (``bed 2``; a
        tile goes to the bed being treated); taking medicine from the chest:
        that colour (``chest green``); an action against an opponent: that
        seat's row, by its colour (``seat Blue``).

        Examples
        --------
        >>> import simlab
        >>> state = simlab.load_game("hospital_rush", players=3).new_initial_state()
        >>> RENDERER.place_of(state, A.Place(0, "rat_out"))
        'space rat_out'
        >>> RENDERER.place_of(state, A.Treat(2)), RENDERER.place_of(state, A.RatOut(1))
        ('bed 2', 'seat Blue')
        >>> RENDERER.place_of(state, A.Done()) is None
        True
        """
        if isinstance(action, A.Place):
            return space_key(action.space)
        if isinstance(action, A.Treat | A.TakeOver | A.Watch | A.Malinger | A.EarlyDischarge):
            return f"bed {action.bed}"
        if isinstance(action, A.Steal):
            return f"bed {action.bed}" if action.bed else _seat_key(state, action.victim)
        if isinstance(action, A.RatOut | A.TellTheBoss | A.StealSkill):
            return _seat_key(state, action.victim)
        if isinstance(action, A.TakeMedicine):
            return f"chest {action.colour}"
        if isinstance(action, A.Chillax):
            return "bed 4"
        if isinstance(action, A.Readmit):
            return "bed 1"
        if isinstance(action, A.PlaceTile):
            task = state.tasks[0] if state.tasks else None
            return f"bed {task.bed + 1}" if isinstance(task, PlaceTiles) else None
        return None

    def group_of(self, state: Any, action: Any) -> str:
        """The first word of the action (``place``, ``treat``, ``take`` ...)."""
        words = str(action).split(" ")
        return words[2] if words[0] == "Seat" and len(words) > 2 else words[0]

    def seat_panel(self, state: Any, seat: int) -> list[tuple[str, str]]:
        """Player board, prestige, bucks, medicine, skills."""
        game = state.game
        medicine = ", ".join(f"{n} {c}" for c, n in zip(game.colours, state.medicine[seat],
                                                      strict=True))
        return [("player board", state.boards[seat] or "not yet dealt"),
                ("prestige", str(state.prestige[seat])),
                ("bucks", counted(state.bucks[seat], "buck")),
                ("medicine", medicine),
                ("skills", ", ".join(state.skills[seat]) or "none"),
                ("final exam", "taken" if state.exam[seat] else "not yet")]

    def scores(self, state: Any) -> list[int]:
        """Each seat's prestige."""
        return list(state.prestige)

    def summary(self, state: Any) -> dict[str, Any]:
        """The public table (see :func:`summary`)."""
        return summary(state)

    def policies(self, game: Any) -> list[str]:
        """Honest, opportunist and greedy players in turn: a game ends in a few hundred
        actions."""
        return [("honest", "opportunist", "greedy")[s % 3] for s in range(game.players)]


#: The renderer of :meth:`simlab.games.hospital_rush.rules.HospitalRushGame.renderer`.
RENDERER = WardRenderer()
