"""Seeds and chunks: which games a chunk holds, its SeedSequence, and per-game generators."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pandas as pd

from simlab.core.errors import ConfigError

__all__ = ["chunk_seed", "chunks", "per_game"]


def chunk_seed(entropy: int, k: int) -> np.random.SeedSequence:
    """Seed sequence of chunk ``k``: ``SeedSequence(entropy).spawn(k + 1)[k]``."""
    return np.random.SeedSequence(entropy=entropy, spawn_key=(k,))


def chunks(games: int, size: int) -> list[tuple[int, int, int]]:
    """``(k, first_game, n_games)`` of every chunk."""
    return [(k, first, min(size, games - first)) for k, first in enumerate(range(0, games, size))]


class _PerGame:
    """Picklable ``run_chunk`` that plays each game with its own generator."""

    __slots__ = ("fn",)

    def __init__(self, fn: Callable[[dict[str, Any], np.random.Generator, int], Any]) -> None:
        self.fn = fn

    def __repr__(self) -> str:
        return f"per_game({getattr(self.fn, '__qualname__', self.fn)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _PerGame) and other.fn == self.fn

    def __hash__(self) -> int:
        return hash((_PerGame, self.fn))

    def __call__(
        self, params: dict[str, Any], seed_seq: np.random.SeedSequence, first: int, n: int
    ) -> pd.DataFrame:
        entropy = seed_seq.entropy
        fn = self.fn
        rows: list[dict[str, Any]] = []
        index: list[int] = []
        for i in range(first, first + n):
            rng = np.random.default_rng(np.random.SeedSequence(entropy=entropy, spawn_key=(i,)))
            out = fn(params, rng, i)
            if isinstance(out, dict):
                rows.append(out)
                index.append(i)
            elif isinstance(out, list):
                rows.extend(out)
                index.extend([i] * len(out))
            else:
                raise ConfigError(f"{self!r} must return a dict or a list of dicts, not {out!r}")
        return _rows_frame(rows, index)


def _rows_frame(rows: list[dict[str, Any]], index: list[int]) -> pd.DataFrame:
    frame = pd.DataFrame(rows) if rows else pd.DataFrame(index=range(0))
    if "game" in frame.columns:
        raise ConfigError("per_game rows must not have a 'game' column: the runner adds it")
    frame.insert(0, "game", np.asarray(index, dtype=np.int64))
    return frame


def per_game(
    fn: Callable[[dict[str, Any], np.random.Generator, int], dict[str, Any] | list[dict[str, Any]]],
) -> Callable[[dict[str, Any], np.random.SeedSequence, int, int], pd.DataFrame]:
    """Turn a one-game function into a ``run_chunk``.

    Parameters
    ----------
    fn : callable
        ``fn(params, rng, game_index) -> dict | list[dict]``: the row (or rows,
        e.g. one per seat) of one game.  Define it at module level so process
        pools can pickle it.

    Returns
    -------
    callable
        A ``run_chunk`` giving game ``i`` the generator
        ``default_rng(SeedSequence(entropy=seed, spawn_key=(i,)))`` (``seed``
        being the root entropy of the chunk's seed sequence) and adding a
        ``game`` column ``i`` first.  A game's numbers thus depend on its index
        only: any chunking gives identical rows.

    Examples
    --------
    >>> def roll(params, rng, game):
    ...     return [{"seat": s, "pips": int(rng.integers(1, 7))} for s in range(2)]
    >>> run = per_game(roll)
    >>> seeds = np.random.SeedSequence(7)
    >>> whole = run({}, seeds, 0, 4)
    >>> list(whole.columns), len(whole)
    (['game', 'seat', 'pips'], 8)
    >>> whole.iloc[4:].reset_index(drop=True).equals(run({}, seeds, 2, 2))
    True
    """
    return _PerGame(fn)
