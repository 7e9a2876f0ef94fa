"""``balance(game, ...)``: play until every balance verdict is decided, and report.

The questions a report decides (each with the anytime-valid confidence
sequence of :mod:`simlab.lab.sequential`, so games are watched after every
batch and play stops as soon as every verdict is reached):

- **seats**: each seat's win share against the fair share ``1/n`` (a shared
  win of ``k`` seats counts ``1/k``).  The seat CSs are taken at
  ``alpha / n`` each (Bonferroni), so that the seat verdict of the game, *all
  seats balanced* or *some seat unbalanced*, holds at ``alpha``.  In a game
  with sides (Bedpans), the seats weighed are the Elders among themselves:
  each Elder's share of the games the Elders won, against ``1/(n-1)``;
- **side** (Bedpans): the Elders' win rate against 1/2.

Everything else (Ludii's Balance, the chi-square test of equal seats, length,
drama, choices) is described on the games played: see
:class:`simlab.lab.report.BalanceReport`.

Examples
--------
>>> report = balance("broom_service", players=2, policies="heuristic", max_games=60,
...                  margin=0.2, first_batch=30)
>>> report.games_played, sorted(report.verdict_table.question)
(60, ['seat 0', 'seat 1'])
>>> set(report.verdict_table.verdict) <= {"balanced", "unbalanced", "inconclusive"}
True
"""

from __future__ import annotations

import concurrent.futures as cf
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pandas as pd

from simlab.core.checks import whole_number
from simlab.core.errors import ConfigError
from simlab.lab.games import CHUNK_SIZE, check_setup, play_games
from simlab.lab.sequential import ALPHA, Verdict, betting_cs, verdict
from simlab.lab.specs import spec_for

__all__ = ["DEFAULT_MAX_GAMES", "Question", "balance", "batch_sizes", "check_margin", "questions",
           "verdict_table"]

#: Games a report plays at most unless told.
DEFAULT_MAX_GAMES = 2000
#: The first batch, unless told (later batches double what has been played).
FIRST_BATCH = 40


def check_margin(margin: Any) -> float:
    """``margin`` as a float in (0, 0.5).

    Examples
    --------
    >>> check_margin("0.05")
    0.05
    >>> check_margin(0.7)
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: margin must be a number between 0 and 0.5, not 0.7
    """
    try:
        value = float(margin)
    except (TypeError, ValueError):
        value = math.nan
    if isinstance(margin, bool) or not 0 < value < 0.5:
        raise ConfigError(f"margin must be a number between 0 and 0.5, not {margin!r}")
    return value


def batch_sizes(max_games: int, first: int = FIRST_BATCH) -> list[int]:
    """The batches of a run: ``first``, then as many as played so far, up to ``max_games``.

    Examples
    --------
    >>> batch_sizes(1000)
    [40, 40, 80, 160, 320, 360]
    >>> batch_sizes(30)
    [30]
    """
    sizes: list[int] = []
    played = 0
    while played < max_games:
        size = min(max(first, played), max_games - played)
        sizes.append(size)
        played += size
    return sizes


class Question(NamedTuple):
    """A balance question: observations in [0, 1], fair value, and when each came."""

    x: np.ndarray
    fair: float
    at: np.ndarray
    unit: str = "games"


def questions(games: pd.DataFrame, players: int, game: str) -> dict[str, Question]:
    """Each question's observations (in game order, values in [0, 1]) and fair value.

    ``at``: the games played when each observation came (1-based).

    Examples
    --------
    >>> games = pd.DataFrame({"win_0": [1.0, 0.0], "win_1": [0.0, 1.0], "side_win": [0.0, 1.0],
    ...                       "win_2": [0.0, 0.0]})
    >>> q = questions(games, 3, "bedpans")
    >>> sorted(q), q["Elders win"].fair, q["Elder seat 1"].x.tolist(), q["Elder seat 1"].at
    (['Elder seat 1', 'Elder seat 2', 'Elders win'], 0.5, [1.0], array([2]))
    """
    spec = spec_for(game)
    sides = spec.sides(players)
    out: dict[str, Question] = {}
    every = np.arange(1, len(games) + 1)
    if not sides:
        for s in range(players):
            out[f"seat {s}"] = Question(games[f"win_{s}"].to_numpy(float), 1.0 / players, every)
        return out
    side = spec.side_question
    out[f"{side} win"] = Question(games["side_win"].to_numpy(float), 0.5, every)
    seats = sides[side]
    if len(seats) >= 2:
        mask = (games.side_win == 1.0).to_numpy()
        won = games[mask]
        total = sum(won[f"win_{s}"] for s in seats)
        for s in seats:
            out[f"{side[:-1]} seat {s}"] = Question(
                (won[f"win_{s}"] / total).to_numpy(float), 1.0 / len(seats), every[mask],
                f"{side[:-1]} wins")
    return out


def _alpha_of(question: str, qs: Mapping[str, Any], alpha: float) -> float:
    """Bonferroni over the seat questions; a side question keeps ``alpha``."""
    seat_questions = [q for q in qs if "seat" in q]
    return alpha / len(seat_questions) if "seat" in question else alpha


def verdict_table(games: pd.DataFrame, players: int, game: str, margin: float,
                  alpha: float = ALPHA) -> list[Verdict]:
    """The verdict on every question after the games played so far."""
    qs = questions(games, players, game)
    return [verdict(v.x, v.fair, margin, _alpha_of(q, qs, alpha), question=q, at=v.at,
                    games=len(games), unit=v.unit)
            for q, v in qs.items()]


def cs_paths(games: pd.DataFrame, players: int, game: str,
             alpha: float = ALPHA) -> pd.DataFrame:
    """Each question's confidence sequence after every game (the figure of the verdicts)."""
    qs = questions(games, players, game)
    frames = []
    for q, v in qs.items():
        lo, hi = betting_cs(v.x, _alpha_of(q, qs, alpha))
        frames.append(pd.DataFrame({"question": q, "games": v.at, "low": lo, "high": hi,
                                    "fair": v.fair,
                                    "mean": np.cumsum(v.x) / np.arange(1, len(v.x) + 1)}))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def balance(
    game: str,
    players: int | None = None,
    policies: Sequence[str] | str | None = None,
    options: Mapping[str, Any] | None = None,
    data: str | Path | None = None,
    max_games: int = DEFAULT_MAX_GAMES,
    margin: float = 0.05,
    seed: int = 0,
    jobs: int = 1,
    executor: cf.Executor | None = None,
    alpha: float = ALPHA,
    first_batch: int = FIRST_BATCH,
    progress: Any = None,
    command: str | None = None,
    on_batch: Callable[[int, list[Verdict]], Any] | None = None,
    until: Callable[[list[Verdict]], bool] | None = None,
) -> Any:
    """Play ``game`` in growing batches until every verdict is decided, and report.

    Parameters
    ----------
    game : str
        A registered game.
    players : int, optional
        Seats (the game's default when omitted).
    policies : str or sequence of str, optional
        One policy for every seat or one a seat; ``None``: ``mcts`` on every seat.
    options : mapping, optional
        Game options (rule Variations as ``{name: True}``).
    data : path, optional
        A component folder; the shipped set when omitted.
    max_games : int, default 2000
        Play stops here if a verdict is still open (it is then *inconclusive*).
    margin : float, default 0.05
        ``D``: a share within ``fair +- D`` counts as balanced.
    seed : int, default 0
        Root seed: game ``i`` is the same game in every run with this seed.
    jobs, executor
        Where games run (:func:`simlab.lab.games.play_games`).
    alpha : float, default 0.05
        Error rate of each verdict family (seat CSs at ``alpha / seats``).
    first_batch : int, default 40
        Games of the first batch; later batches double the games played.
    progress : optional
        A progress bar per batch (as for :func:`simlab.run_study`).
    command : str, optional
        The command line to stamp on the report (else a Python call is written).
    on_batch : callable, optional
        ``on_batch(games_played, verdicts)`` after each batch.
    until : callable, optional
        ``until(verdicts)`` says, after each batch, whether the verdicts wanted
        are in (the tuner's side-balance validation waits for the side question
        only); default: every verdict decided.  Confidence sequences hold at any
        stopping rule, so stopping on some questions leaves each verdict valid;
        the others are reported as they stand.

    Returns
    -------
    simlab.lab.report.BalanceReport

    Raises
    ------
    ConfigError
        Bad game, players, policy, option, data, margin, count or seed, before
        any game is played.
    """
    from simlab.lab.report import BalanceReport, stamp

    built, names = check_setup(game, players, policies, options, data)
    margin = check_margin(margin)
    limit = whole_number(max_games, "max_games", low=1)
    first = whole_number(first_batch, "first_batch", low=1)
    root = whole_number(seed, "seed", low=0)
    whole_number(jobs, "jobs", low=1)
    if not 0 < alpha < 1:
        raise ConfigError(f"alpha must be between 0 and 1, not {alpha!r}")
    frames: list[pd.DataFrame] = []
    played = 0
    verdicts: list[Verdict] = []
    for size in batch_sizes(limit, max(first, CHUNK_SIZE)):
        frames.append(play_games(game, players=built.players, policies=names,
                                 options=options, data=data, games=size, first_game=played,
                                 seed=root, jobs=jobs, executor=executor, progress=progress))
        played += size
        table = pd.concat(frames, ignore_index=True)
        verdicts = verdict_table(table, built.players, built.NAME, margin, alpha)
        if on_batch is not None:
            on_batch(played, verdicts)
        done = until(verdicts) if until is not None else all(v.decided for v in verdicts)
        if done:
            break
    games = pd.concat(frames, ignore_index=True)
    return BalanceReport(
        game=built, policies=names, games=games, verdicts=verdicts, margin=margin,
        alpha=alpha, seed=root, max_games=limit,
        stamp=stamp(command or _python_call(built.NAME, players, policies, options, data,
                                            limit, margin, root)))


def _python_call(game: str, players: Any, policies: Any, options: Any, data: Any,
                 max_games: int, margin: float, seed: int) -> str:
    args = [repr(game)]
    for name, value in (("players", players), ("policies", policies), ("options", options),
                        ("data", None if data is None else str(data))):
        if value is not None:
            args.append(f"{name}={value!r}")
    args += [f"max_games={max_games}", f"margin={margin}", f"seed={seed}"]
    return f"simlab.balance({', '.join(args)})"
