"""Progress of a study: a tqdm bar, a callback, a caller's bar, or nothing."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

__all__ = ["PROGRESS_MIN_GAMES", "progress_bar", "searches"]

#: With ``progress=None`` a bar is shown (on a terminal or in Jupyter) from this many games.
PROGRESS_MIN_GAMES = 10_000



class _NoBar:
    """Stand-in for a hidden progress bar (tqdm is not even imported)."""

    def update(self, n: int) -> None:
        """Do nothing."""

    def close(self) -> None:
        """Do nothing."""


def _in_jupyter_kernel() -> bool:
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def searches(params: dict[str, Any]) -> bool:
    """Whether any parameter names a search policy (``mcts``, ``mcts-N``): slow games.

    Examples
    --------
    >>> searches({"policies": ("random", "mcts-30")}), searches({"policy": "greedy"})
    (True, False)
    """
    from simlab.core.search_settings import is_search_name

    for value in params.values():
        items = value if isinstance(value, tuple) else (value,)
        if any(isinstance(v, str) and is_search_name(v) for v in items):
            return True
    return False


def _show_progress(progress: bool | None, games: int, slow: bool = False) -> bool:
    if progress is not None:
        return bool(progress)
    if games < PROGRESS_MIN_GAMES and not slow:
        return False
    try:
        tty = sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):
        tty = False
    return tty or _in_jupyter_kernel()


class _CallbackBar:
    """Reports ``(games done, games in all)`` to a callable after each chunk."""

    def __init__(self, report: Callable[[int, int], Any], total: int) -> None:
        self.report, self.total, self.done = report, total, 0

    def update(self, n: int) -> None:
        self.done += n
        self.report(self.done, self.total)

    def close(self) -> None:
        """Nothing to close."""


def progress_bar(progress: Any, games: int, desc: str, slow: bool = False) -> Any:
    """The bar of a study: the caller's, a callback, tqdm, or nothing.

    With ``progress=None`` a tqdm bar is shown on a terminal or in Jupyter
    from :data:`PROGRESS_MIN_GAMES` games, or for any number of games when
    they are ``slow`` (a search player plays: see :func:`searches`).
    """
    if hasattr(progress, "update") and hasattr(progress, "close"):
        return progress  # a bar of the caller's (a widget, a tqdm bar): used as is
    if callable(progress):
        return _CallbackBar(progress, games)
    if not _show_progress(progress, games, slow):
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=games, desc=desc, unit="game", disable=False, dynamic_ncols=True)
