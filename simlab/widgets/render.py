"""The renderer contract: how the notebook layer draws and explains any game's state.

A game declares its renderer explicitly: ``Game.renderer()`` returns the
object its package table registers (the game's ``render`` module holds it).
Nothing is found by module name, and an error raised while importing or
calling it is raised to the caller, never replaced by a fallback.  A game
without one (a test game) gets a text panel of its state.

The renderer object may define, all optional but ``draw``:

``draw(state, last=(), targets=()) -> Figure``
    The board with a legend for every symbol and coordinates matching the
    action texts, text at 9 pt or more.  Every place that an action can
    point at is an artist whose gid is ``place:KEY``; ``last`` holds the
    keys of the last action's places (drawn highlighted) and ``targets``
    the keys the seat to act may choose now (drawn as reachable).
``place_of(state, action) -> str | None``
    The key of the board place an action points at (asked before it is
    applied), or ``None`` where it has no place.
``group_of(state, action) -> str``
    The group of a legal action in the chooser (the piece or the kind).
``seat_panel(state, seat) -> list[tuple[str, str]]``
    Headed lines about one seat (hand, resources, score, what it knows),
    in the rulebook's words, from a view of that seat.
``scores(state) -> list[float]`` and ``score_name``
    Each seat's running score, for the log's score lines.
``summary(state) -> dict``
    A few public values for the table under the seat panel.
``policies(game) -> list[str]``
    The stepper's default policy per seat (heuristics, so a game ends).
``hidden``
    One sentence on what a seat cannot see, or ``None`` if the game hides
    nothing (the stepper then says so).
``png(state) -> bytes``
    The picture Jupyter shows of a state (``State._repr_png_`` asks it).

Every function returns a :class:`matplotlib.figure.Figure` made directly
(no pyplot state), so pictures can be drawn in worker threads and tests.

Examples
--------
>>> import simlab
>>> state = simlab.load_game("broom_service", players=2).new_initial_state()
>>> fig = render_state(state, moves=0)
>>> fig.get_supxlabel()
'start of the game'
>>> state_summary(state, moves=0)["to act"]
'chance'
>>> figure_svg(fig).startswith("<?xml")
True
"""

from __future__ import annotations

import base64
import hashlib
import io
from collections.abc import Collection, Sequence
from typing import Any

import matplotlib
from matplotlib.figure import Figure

from simlab.core.api import CHANCE, TERMINAL, Action, Game, State
from simlab.figures.png import png_bytes

__all__ = [
    "GameRenderer",
    "fallback_figure",
    "figure_png",
    "figure_svg",
    "png_html",
    "render_state",
    "renderer_of",
    "state_summary",
    "who_acts",
]


def renderer_of(game: Game) -> Any | None:
    """The renderer the game declares (``game.renderer()``), or ``None`` without one.

    Errors raised by the game's hook (a broken ``render`` module) are not caught.

    Examples
    --------
    >>> import simlab
    >>> type(renderer_of(simlab.load_game("broom_service", players=2))).__name__
    'RealmRenderer'
    """
    hook = getattr(game, "renderer", None)
    return None if hook is None else hook()


class GameRenderer:
    """A game's renderer with the contract's defaults filled in (see the module text).

    Parameters
    ----------
    game : Game
        The game; its ``renderer()`` hook is asked once.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.hook = renderer_of(game)

    def _get(self, name: str) -> Any:
        return getattr(self.hook, name, None) if self.hook is not None else None

    def draw(self, state: State, last: Collection[str] = (),
             targets: Collection[str] = ()) -> Figure:
        """The board (the game's ``draw``) or the text panel for a game without one."""
        draw = self._get("draw")
        if draw is None:
            return fallback_figure(state)
        fig = draw(state, last=tuple(last), targets=tuple(targets))
        if not isinstance(fig, Figure):
            raise TypeError(f"{self.game.NAME}'s renderer drew {type(fig).__name__}, "
                            "not a matplotlib Figure")
        return fig

    def place_of(self, state: State, action: Action) -> str | None:
        """The board place of ``action`` (asked before it is applied), or ``None``."""
        hook = self._get("place_of")
        return None if hook is None else hook(state, action)

    def group_of(self, state: State, action: Action) -> str:
        """The chooser's group of ``action`` (default: its first word)."""
        hook = self._get("group_of")
        if hook is not None:
            return str(hook(state, action))
        return str(action).split(" ", 1)[0]

    def seat_panel(self, state: State, seat: int) -> list[tuple[str, str]]:
        """Headed lines about ``seat`` (default: its row of the summary table)."""
        hook = self._get("seat_panel")
        if hook is not None:
            return list(hook(state, seat))
        name = self.game.seat_names()[seat]
        row = state_summary(state).get(name)
        return [("seat", f"{name}" + (f": {row}" if row is not None else ""))]

    def scores(self, state: State) -> list[float] | None:
        """Each seat's running score, or ``None`` where the game keeps none."""
        hook = self._get("scores")
        return None if hook is None else [float(s) for s in hook(state)]

    @property
    def score_name(self) -> str:
        """What the score counts ("VP", "prestige", ...)."""
        return str(self._get("score_name") or "points")

    def policies(self) -> list[str]:
        """The stepper's default policy per seat (random where the game names none)."""
        hook = self._get("policies")
        if hook is not None:
            return list(hook(self.game))
        return ["random"] * self.game.players

    @property
    def hidden(self) -> str | None:
        """What a seat cannot see, in a sentence; ``None``: the game hides nothing."""
        return self._get("hidden")


def who_acts(state: State) -> str:
    """``"chance"``, ``"game over"`` or the name of the seat to act.

    Examples
    --------
    >>> import simlab
    >>> who_acts(simlab.load_game("broom_service", players=2).new_initial_state())
    'chance'
    """
    player = state.current_player
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return "game over"
    return state.game.seat_names()[player]


def state_summary(state: State, moves: int | None = None) -> dict[str, Any]:
    """A few named values of ``state`` for the state table.

    The renderer's ``summary`` after the generic rows: player to act, moves
    so far (when given) and, once over, the outcome.  Pass a view
    (``state.view(seat)``) to show only what that seat may see.
    """
    rows: dict[str, Any] = {"to act": who_acts(state)}
    if moves is not None:
        rows["moves"] = moves
    hook = getattr(renderer_of(state.game), "summary", None)
    if hook is not None:
        rows.update(hook(state))
    outcome = state.outcome
    if outcome is not None:
        names = state.game.seat_names()
        rows["winners"] = ", ".join(names[w] for w in outcome.winners) or "nobody"
        rows["scores"] = ", ".join(f"{names[s]} {v:g}" for s, v in enumerate(outcome.scores))
        rows["reason"] = outcome.reason
    return rows


def fallback_figure(state: State, fig: Figure | None = None) -> Figure:
    """A text panel of the state's public attributes (for games without a renderer).

    Examples
    --------
    >>> import simlab
    >>> fig = fallback_figure(simlab.load_game("broom_service", players=2).new_initial_state())
    >>> "to act: chance" in fig.texts[0].get_text()
    True
    """
    if fig is None:
        fig = Figure(figsize=(8, 4.5), layout="constrained")
    lines = [f"{state.game.TITLE or state.game.NAME}", f"to act: {who_acts(state)}"]
    for name, value in vars(state).items():
        if name.startswith("_") or name == "game":
            continue
        text = repr(value)
        lines.append(f"{name}: {text if len(text) <= 70 else text[:67] + '...'}")
    fig.text(0.02, 0.98, "\n".join(lines[:24]), va="top", ha="left", family="monospace",
             fontsize=9)
    return fig


def render_state(
    state: State,
    highlight: Action | None = None,
    moves: int | None = None,
    caption: str | None = None,
    last: Sequence[str] = (),
    targets: Sequence[str] = (),
) -> Figure:
    """Draw ``state`` with the game's renderer (or the fallback), last move written under it.

    Parameters
    ----------
    state : State
        The position, or a view of it (``state.view(seat)``).
    highlight : Action, optional
        The last applied action, written under the picture.
    moves : int, optional
        Number of actions so far (for the caption).
    caption : str, optional
        Text under the picture instead of the default "move N: ...".
    last, targets : sequence of str
        Board places of the last action and of the choices open now.

    Returns
    -------
    Figure
    """
    fig = GameRenderer(state.game).draw(state, last=last, targets=targets)
    if caption is None:
        if highlight is None:
            caption = "start of the game"
        else:
            prefix = f"move {moves}: " if moves is not None else "last move: "
            caption = prefix + str(highlight)
    fig.supxlabel(caption, fontsize=10, color="#b22222",
                  bbox={"boxstyle": "round", "facecolor": "#fff3f0", "edgecolor": "#b22222"})
    return fig


def figure_svg(fig: Figure) -> str:
    """The SVG text of ``fig``: text kept as text, the same picture giving the same bytes."""
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "simlab",
                                "svg.id": None}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    return buffer.getvalue()


def figure_png(fig: Figure, dpi: int = 72) -> bytes:
    """PNG bytes of ``fig`` (deterministic: the same picture gives the same bytes)."""
    return png_bytes(fig, dpi, deterministic=True)


def png_html(png: bytes, alt: str = "board") -> str:
    """An ``<img>`` tag holding ``png`` inline, with a ``data-digest`` of its bytes.

    Examples
    --------
    >>> png_html(b"abc").startswith('<img alt="board" data-digest="a9993e36')
    True
    """
    digest = hashlib.sha1(png).hexdigest()
    data = base64.b64encode(png).decode("ascii")
    return (f'<img alt="{alt}" data-digest="{digest}" style="max-width:100%" '
            f'src="data:image/png;base64,{data}"/>')
