"""The renderer contract: how the notebook layer draws any game's state.

A game may provide a picture of a state and a small table of it.  The
widgets find them by convention, never by importing a game by hand:

Picture, looked up in this order
    1. a method ``game.render(state, ax=None, highlight=None) -> Figure``;
    2. in the module ``<game package>.render`` (for ``simlab.games.NAME``
       that is ``simlab.games.NAME.render``), then in the module that defines
       the game class: a function named ``render``, then ``draw``, then the
       first public function (in ``__all__`` order) whose first parameter is
       called ``state`` and whose name starts with ``draw``.

    The function is called with the keyword arguments it accepts among
    ``ax`` (a fresh Axes), ``fig`` (a fresh Figure) and ``highlight`` (the
    last applied :class:`~simlab.core.api.Action`, or ``None``).  Whatever
    it accepts, :func:`render_state` writes the last move under the picture,
    so the last move is always marked.  A game without any of these gets a
    text panel of the state's public attributes.

Table: a function ``summary(state) -> dict`` (a ``game.summary`` method, or a
module function ``summary`` in the same modules) of a few named values
(scores, round, ...).  Without it the table holds the player to act, the
move count and the outcome.

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
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import inspect
import io
from collections.abc import Callable
from typing import Any

from matplotlib.figure import Figure

from simlab.core.api import CHANCE, TERMINAL, Action, State

__all__ = [
    "figure_png",
    "find_renderer",
    "find_summary",
    "fallback_figure",
    "png_html",
    "render_state",
    "state_summary",
    "who_acts",
]

_RENDER_NAMES = ("render", "draw")
_CACHE: dict[tuple[type, str], Callable[..., Any] | None] = {}


def _candidate_modules(game: Any) -> list[Any]:
    """``<package>.render`` of the game class's package, then the class's own module."""
    module_name = type(game).__module__
    names = []
    package = module_name.rpartition(".")[0]
    if package:
        names.append(f"{package}.render")
    names.append(module_name)
    modules = []
    for name in names:
        try:
            modules.append(importlib.import_module(name))
        except ImportError:
            continue
    return modules


def _first_param(fn: Callable[..., Any]) -> str | None:
    try:
        params = list(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        return None
    return params[0] if params else None


def find_renderer(game: Any) -> Callable[..., Any] | None:
    """The game's drawing function by the contract above, or ``None``.

    Examples
    --------
    >>> import simlab
    >>> find_renderer(simlab.load_game("broom_service", players=2)).__name__
    'draw'
    >>> find_renderer(simlab.load_game("bad_doctor", players=2)).__name__
    'render'
    """
    key = (type(game), "render")
    if key in _CACHE:
        return _CACHE[key]
    found: Callable[..., Any] | None = None
    method = getattr(game, "render", None)
    if callable(method):
        found = method
    for module in [] if found else _candidate_modules(game):
        for name in _RENDER_NAMES:
            fn = getattr(module, name, None)
            if inspect.isfunction(fn):
                found = fn
                break
        if found is None:
            for name in getattr(module, "__all__", ()):
                fn = getattr(module, name, None)
                if (inspect.isfunction(fn) and name.startswith("draw")
                        and _first_param(fn) == "state"):
                    found = fn
                    break
        if found is not None:
            break
    _CACHE[key] = found
    return found


def find_summary(game: Any) -> Callable[[Any], dict[str, Any]] | None:
    """The game's ``summary(state) -> dict`` hook, or ``None``."""
    key = (type(game), "summary")
    if key in _CACHE:
        return _CACHE[key]
    found = getattr(game, "summary", None)
    if not callable(found):
        found = None
        for module in _candidate_modules(game):
            fn = getattr(module, "summary", None)
            if inspect.isfunction(fn):
                found = fn
                break
    _CACHE[key] = found
    return found


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

    The game's ``summary`` hook when it has one, after the generic rows:
    player to act, moves so far (when given) and, once over, the outcome.
    Pass a view (``state.view(seat)``) to show only what that seat may see.
    """
    rows: dict[str, Any] = {"to act": who_acts(state)}
    if moves is not None:
        rows["moves"] = moves
    hook = find_summary(state.game)
    if hook is not None:
        rows.update(hook(state))
    outcome = state.outcome
    if outcome is not None:
        names = state.game.seat_names()
        rows["winners"] = ", ".join(names[w] for w in outcome.winners) or "nobody"
        rows["scores"] = ", ".join(f"{s:g}" for s in outcome.scores)
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
        fig = Figure(figsize=(6, 3.5), layout="constrained")
    lines = [f"{state.game.TITLE or state.game.NAME}", f"to act: {who_acts(state)}"]
    for name, value in vars(state).items():
        if name.startswith("_") or name == "game":
            continue
        text = repr(value)
        lines.append(f"{name}: {text if len(text) <= 70 else text[:67] + '...'}")
    fig.text(0.02, 0.98, "\n".join(lines[:24]), va="top", ha="left", family="monospace",
             fontsize=8)
    return fig


def render_state(
    state: State,
    highlight: Action | None = None,
    moves: int | None = None,
    caption: str | None = None,
) -> Figure:
    """Draw ``state`` with the game's renderer (or the fallback), last move marked.

    Parameters
    ----------
    state : State
        The position, or a view of it (``state.view(seat)``).
    highlight : Action, optional
        The last applied action: passed to renderers that accept
        ``highlight`` and always written under the picture.
    moves : int, optional
        Number of actions so far (for the caption).
    caption : str, optional
        Text under the picture instead of the default "last move: ...".

    Returns
    -------
    Figure
    """
    fn = find_renderer(state.game)
    fig: Figure | None = None
    if fn is not None:
        try:
            accepted = set(inspect.signature(fn).parameters)
        except (TypeError, ValueError):
            accepted = set()
        kwargs: dict[str, Any] = {}
        if "highlight" in accepted:
            kwargs["highlight"] = highlight
        if "fig" in accepted:
            kwargs["fig"] = fig = Figure(layout="constrained")
        result = fn(state, **kwargs)
        fig = result if isinstance(result, Figure) else fig
    if fig is None:
        fig = fallback_figure(state)
    if caption is None:
        if highlight is None:
            caption = "start of the game"
        else:
            prefix = f"move {moves}: " if moves is not None else "last move: "
            caption = prefix + str(highlight)
    if fig.get_layout_engine() is None:
        fig.set_layout_engine("constrained")  # room for the caption below the picture
    fig.supxlabel(caption, fontsize=9, color="#b22222",
                  bbox={"boxstyle": "round", "facecolor": "#fff3f0", "edgecolor": "#b22222"})
    return fig


def figure_png(fig: Figure, dpi: int = 72) -> bytes:
    """PNG bytes of ``fig`` (deterministic: the same picture gives the same bytes)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
    return buffer.getvalue()


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
