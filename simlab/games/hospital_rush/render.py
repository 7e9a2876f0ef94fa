"""Draw a Hospital Rush position with matplotlib (no pyplot state).

Top row: the four beds (patient, tiles placed / needed, patient marker and
Marina's watching marker), the medicine chest and the supplies.  Middle: the
main-board action spaces of the side in use, coloured by kind (blue, red,
unlimited, night shift), with the seats whose action markers are on them.
Bottom: one line per seat (player board, prestige, bucks, medicine, skills,
markers on its board's spaces).

Examples
--------
>>> import simlab
>>> state = simlab.run(simlab.load_game("hospital_rush", players=3), seed=1)
>>> fig = draw(state, title="end of a random game")
>>> type(fig).__name__
'Figure'
"""

from __future__ import annotations

from typing import Any, cast

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch

__all__ = ["COLOUR_NAMES", "RENDERER", "SEAT_COLOURS", "WardRenderer", "draw", "summary"]

SEAT_COLOURS = ("#e74c3c", "#2980b9", "#27ae60", "#f39c12", "#8e44ad")
_KIND_COLOURS = {"blue": "#aed6f1", "red": "#f5b7b1", "unlimited": "#d5dbdb", "night": "#d7bde2"}
_TILE_COLOURS = {"patch": "#bdc3c7", "purple": "#8e44ad", "green": "#27ae60", "yellow": "#f1c40f"}


def draw(state: Any, ax: Axes | None = None, title: str | None = None) -> Figure:
    """Draw ``state`` into ``ax`` (a new figure when ``None``) and return the figure.

    Parameters
    ----------
    state : HospitalRushState
        The position (a view works the same: nothing is hidden).
    ax : matplotlib Axes, optional
        Where to draw; its figure is returned.
    title : str, optional
        Shown above the picture (default: round and phase).
    """
    if ax is None:
        ax = Figure(figsize=(9, 6.2), layout="constrained").add_subplot()
    fig = cast(Figure, ax.get_figure(root=True))  # an Axes drawn by matplotlib has one
    game = state.game
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    ax.set_axis_off()
    ax.set_title(title or f"Hospital Rush — round {state.round}, {state.phase}", fontsize=10)
    _draw_beds(ax, state)
    _draw_supplies(ax, state)
    spaces = [*game.main_spaces, *game.night_spaces]
    per_row = 8
    for k, space in enumerate(spaces):
        x = 0.1 + (k % per_row) * 1.23
        y = 4.9 - (k // per_row) * 0.95
        _space_box(ax, x, y, space, state)
    for seat in range(game.players):
        _draw_seat(ax, state, seat, 2.6 - seat * 0.55)
    return fig


def _draw_beds(ax: Axes, state: Any) -> None:
    game = state.game
    for i, bed in enumerate(state.beds):
        x, y = 0.1 + i * 1.75, 6.9
        ax.add_patch(
            FancyBboxPatch((x, y), 1.6, 2.5, boxstyle="round,pad=0.02", fc="#fdfefe", ec="#566573")
        )
        ax.text(x + 0.8, y + 2.75, f"bed {i + 1}", ha="center", fontsize=8, color="#566573")
        if bed is None:
            ax.text(
                x + 0.8, y + 1.25, "empty", ha="center", va="center", fontsize=8, color="#aab7b8"
            )
            continue
        name, tiles, marker, watcher = bed
        card = game.patients[name]
        ax.text(x + 0.8, y + 2.25, name, ha="center", fontsize=7, weight="bold")
        ax.text(
            x + 0.8,
            y + 1.95,
            f"{card.prestige} prestige" + (" · right side 1" if card.early else ""),
            ha="center",
            fontsize=6,
        )
        for k, kind in enumerate(game.tiles):
            need = card.needs[k]
            for j in range(need):
                filled = j < tiles[k]
                ax.add_patch(
                    FancyBboxPatch(
                        (x + 0.12 + j * 0.3, y + 1.45 - k * 0.33),
                        0.22,
                        0.22,
                        boxstyle="square,pad=0",
                        fc=_TILE_COLOURS[kind] if filled else "none",
                        ec=_TILE_COLOURS[kind] if kind != "patch" else "#7f8c8d",
                        lw=1,
                    )
                )
        for seat, label, dx in ((marker, "treats", 0.35), (watcher, "watches", 1.2)):
            if seat is not None:
                ax.plot(x + dx, y + 0.15, "o", ms=9, color=SEAT_COLOURS[seat % 5])
                ax.text(x + dx, y - 0.2, f"{game.seat_names()[seat]} {label}", ha="center",
                        fontsize=6)


def _draw_supplies(ax: Axes, state: Any) -> None:
    game = state.game
    lines = [
        "medicine chest: "
        + ", ".join(f"{n} {c}" for c, n in zip(game.colours, state.chest, strict=True)),
        f"bank: {state.bank} bucks   patches: {state.patches}",
        f"study markers: {state.study_markers}",
        f"stack: {len(state.stack)}   discard: {len(state.discard)}",
        f"starting player: {game.seat_names()[state.start]}",
    ]
    ax.text(7.15, 9.3, "\n".join(lines), fontsize=7, va="top", family="monospace")


def _space_box(ax: Axes, x: float, y: float, space: str, state: Any) -> None:
    game = state.game
    kind = game.space[space]
    ax.add_patch(
        FancyBboxPatch(
            (x, y),
            1.13,
            0.75,
            boxstyle="round,pad=0.02",
            fc=_KIND_COLOURS[kind],
            ec="#566573",
            lw=0.6,
        )
    )
    title = game.data.spaces[[s.id for s in game.data.spaces].index(space)].title
    ax.text(x + 0.565, y + 0.55, title.replace(" (", "\n("), ha="center", va="center", fontsize=5)
    for j, seat in enumerate(state.occupied.get(space, [])):
        ax.plot(x + 0.15 + j * 0.2, y + 0.12, "s", ms=6, color=SEAT_COLOURS[seat % 5])


def _draw_seat(ax: Axes, state: Any, seat: int, y: float) -> None:
    game = state.game
    board = state.boards[seat] or "?"
    med = (
        ", ".join(f"{n} {c}" for c, n in zip(game.colours, state.medicine[seat], strict=True) if n)
        or "no medicine"
    )
    skills = ", ".join(state.skills[seat]) or "no skills"
    exam = " · final exam" if state.exam[seat] else ""
    titles = {a.id: a.title for a in game.data.board_actions}
    own = [titles[s] for s in game.board_spaces.get(board, ()) if seat in state.occupied.get(s, [])]
    ax.plot(0.25, y + 0.12, "o", ms=10, color=SEAT_COLOURS[seat % 5])
    ax.text(
        0.5,
        y,
        f"{game.seat_names()[seat]} ({board}): {state.prestige[seat]} prestige, "
        f"{state.bucks[seat]} bucks, {med}; {skills}{exam}"
        + (f"; on {', '.join(own)}" if own else ""),
        fontsize=7,
    )


def summary(state: Any) -> dict[str, Any]:
    """The state table of the stepper: round, phase, and per seat prestige, bucks, medicine.

    Examples
    --------
    >>> import simlab
    >>> state = simlab.load_game("hospital_rush", players=3).new_initial_state()
    >>> summary(state)["round"], summary(state)["phase"]
    (1, 'boards')
    """
    rows: dict[str, Any] = {"round": state.round, "phase": state.phase,
                            "bank": state.bank, "patients left in the stack": len(state.stack)}
    for seat, name in enumerate(state.game.seat_names()):
        medicine = "/".join(str(m) for m in state.medicine[seat])
        board = state.boards[seat] or "-"
        rows[name] = (f"{state.prestige[seat]} prestige, {state.bucks[seat]} bucks, "
                      f"medicine {medicine}, board {board}")
    return rows


#: Seat names: the player colours the rulebook lets each player choose (drawn as above).
COLOUR_NAMES = ("Red", "Blue", "Green", "Orange", "Purple")


def _legible(fig: Figure, minimum: float = 9.0) -> Figure:
    """Raise every text of ``fig`` to ``minimum`` points (12 px on screen at 100 %)."""
    from matplotlib.text import Text

    for text in fig.findobj(Text):
        if isinstance(text, Text) and float(text.get_fontsize()) < minimum:
            text.set_fontsize(minimum)
    return fig


class WardRenderer:
    """The stepper's renderer for Hospital Rush (see :mod:`simlab.widgets.render`)."""

    score_name = "prestige"
    #: Hospital Rush hides nothing but the patient stack's order: the stepper says so.
    hidden = None

    def draw(self, state: Any, last: Any = (), targets: Any = ()) -> Figure:
        """Beds, supplies, action spaces and seats (see :func:`draw`), text at 9 pt or more."""
        from matplotlib.lines import Line2D
        from matplotlib.patches import Patch

        ax = Figure(figsize=(11.2, 8.4), layout="constrained").add_subplot()
        fig = draw(state, ax=ax)
        names = state.game.seat_names()
        handles: list[Any] = [
            *(Patch(fc=c, ec="#566573", label=f"{k} action space") for k, c in
              _KIND_COLOURS.items()),
            *(Patch(fc=c, ec=c, label=f"{k} tile placed (hollow: still needed)") for k, c in
              _TILE_COLOURS.items()),
            *(Line2D([], [], marker="o", ls="", ms=9, color=SEAT_COLOURS[s],
                     label=f"{names[s]}: patient marker (disc), action marker (square)")
              for s in range(len(names))),
        ]
        fig.legend(handles=handles, loc="outside lower center", ncols=3, fontsize=9,
                   frameon=False)
        return _legible(fig)

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
                ("bucks", str(state.bucks[seat])),
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
