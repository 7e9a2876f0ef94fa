"""How far a set of played games is from the tuner's goal: imbalance, with its interval.

The tuner's first objective is one of:

``seat-balance``
    The largest seat win share minus the smallest (``1 - Balance`` in Ludii's
    terms): 0 when every seat wins as often.  Its interval holds every seat's
    Wilson interval at once (Bonferroni: each at ``1 - 0.05 / seats``), so its
    upper bound is the largest seat's high end minus the smallest seat's low end.
``side-balance``
    ``|p - 1/2|`` for ``p`` the share of games the first side (Bedpans: the
    Elders) wins; its bound is the farther end of the Wilson interval of ``p``.
``length``
    ``|mean turns - target| / target``, from the t interval of the mean.

A *block* is a run of consecutive games (one seed block); the tuner keeps each
block's imbalance for the paired test that prunes a trial.

Examples
--------
>>> import pandas as pd
>>> games = pd.DataFrame({"win_0": [1, 0, 1, 1], "win_1": [0, 1, 0, 0], "turns": [10] * 4})
>>> score = imbalance(games, "seat-balance")
>>> score.estimate, 0.5 < score.high <= 1.0
(0.5, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from simlab.core.errors import ConfigError
from simlab.core.stats import mean_interval, wilson_share_interval

__all__ = ["OBJECTIVES", "Score", "block_imbalance", "imbalance", "mean_turns", "side_share",
           "win_columns"]

#: The objectives the tuner knows.
OBJECTIVES = ("seat-balance", "side-balance", "length")


@dataclass(frozen=True)
class Score:
    """An imbalance: its estimate, its interval, and the games it rests on."""

    estimate: float
    low: float
    high: float
    games: int


def win_columns(frame: pd.DataFrame) -> list[str]:
    """The ``win_<seat>`` columns of a game table, in seat order."""
    columns = [c for c in frame.columns if str(c).startswith("win_")]
    if not columns:
        raise ConfigError("the game table has no win_<seat> columns")
    return columns


def side_share(frame: pd.DataFrame) -> pd.Series:
    """The share of each game the first side won (0/1, halves on a shared win).

    ``side_win`` is read as the first side's share when it holds numbers, and
    as the name of the winning side otherwise (the first side is then the
    first name the table's ``sides`` column, or the game, lists).
    """
    if "side_win" not in frame.columns:
        raise ConfigError("this game has no sides: use --objective seat-balance or length")
    column = frame["side_win"]
    if pd.api.types.is_numeric_dtype(column):
        return column.astype(float)
    first = str(frame.attrs.get("first_side", "Elders"))
    return (column.astype(str) == first).astype(float)


def mean_turns(frame: pd.DataFrame) -> float:
    """The mean number of turns of the games in ``frame``."""
    return float(frame["turns"].mean())


def imbalance(frame: pd.DataFrame, objective: str, *, target: float | None = None,
              confidence: float = 0.95) -> Score:
    """The imbalance of ``frame``'s games for ``objective``, with its interval.

    Raises
    ------
    ConfigError
        An unknown objective, ``length`` without a target, a game without sides.

    Examples
    --------
    >>> import pandas as pd
    >>> games = pd.DataFrame({"side_win": [1.0] * 3 + [0.0] * 7, "turns": [20] * 10})
    >>> round(imbalance(games, "side-balance").estimate, 3)
    0.2
    >>> imbalance(games, "length", target=25).estimate
    0.2
    """
    n = len(frame)
    if n == 0:
        raise ConfigError("no games to score")
    if objective == "seat-balance":
        seats = win_columns(frame)
        level = 1 - (1 - confidence) / len(seats)
        shares = [float(frame[c].sum()) for c in seats]
        bounds = [wilson_share_interval(min(max(s, 0.0), n), n, level) for s in shares]
        estimate = (max(shares) - min(shares)) / n
        high = max(b[1] for b in bounds) - min(b[0] for b in bounds)
        low = max(0.0, max(b[0] for b in bounds) - min(b[1] for b in bounds))
        return Score(estimate, low, min(high, 1.0), n)
    if objective == "side-balance":
        share = side_share(frame)
        lo, hi = wilson_share_interval(float(share.sum()), n, confidence)
        estimate = abs(float(share.mean()) - 0.5)
        low = 0.0 if lo <= 0.5 <= hi else min(abs(lo - 0.5), abs(hi - 0.5))
        return Score(estimate, low, max(abs(lo - 0.5), abs(hi - 0.5)), n)
    if objective == "length":
        if not target or target <= 0:
            raise ConfigError("the length objective needs a target number of turns above 0")
        turns = frame["turns"].to_numpy(dtype=float)
        mean = float(turns.mean())
        lo, hi = (mean, mean) if n < 2 or np.all(turns == turns[0]) else \
            mean_interval(turns, confidence)[1:]
        low = 0.0 if lo <= target <= hi else min(abs(lo - target), abs(hi - target)) / target
        return Score(abs(mean - target) / target, low,
                     max(abs(lo - target), abs(hi - target)) / target, n)
    raise ConfigError(f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}")


def block_imbalance(frame: pd.DataFrame, objective: str, block: int, *,
                    target: float | None = None) -> list[float]:
    """The imbalance estimate of each block of ``block`` consecutive games.

    Examples
    --------
    >>> import pandas as pd
    >>> games = pd.DataFrame({"win_0": [1, 1, 1, 0], "win_1": [0, 0, 0, 1], "turns": [5] * 4})
    >>> block_imbalance(games, "seat-balance", 2)
    [1.0, 0.0]
    """
    return [imbalance(frame.iloc[i:i + block], objective, target=target).estimate
            for i in range(0, len(frame) - block + 1, block)]
