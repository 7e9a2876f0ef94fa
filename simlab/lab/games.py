"""Play the games of a balance question: one row per game, the same for any executor.

:func:`play_games` is the game-playing layer of the balance lab (the report of
:mod:`simlab.lab.balance` and the tuner of :mod:`simlab.lab.tune` both play
through it).  It reuses the study machinery of :mod:`simlab.core.study`: games
are split into chunks by game index, game ``i`` draws from
``default_rng(SeedSequence(entropy=seed, spawn_key=(i,)))`` whatever the chunk,
and chunks run in this process, in a process pool (``jobs > 1``) or on any
:class:`concurrent.futures.Executor` (dask's ``Client.get_executor()``).  So a
game's row depends on ``(seed, game index)`` and on the game's options and
components only: the same seeds played under two option sets are *paired*
games (a paired seed block), and a batch ``first_game=200, games=100`` is
exactly rows 200-299 of one run of 300.

Examples
--------
>>> rows = play_games("dice_race", policies=["random"], games=4, seed=3)  # doctest: +SKIP
>>> import simlab
>>> rows = play_games("broom_service", players=2, policies=["heuristic"], games=3, seed=1)
>>> list(rows.game_index), [round(x, 2) for x in rows.win_0 + rows.win_1]
([0, 1, 2], [1.0, 1.0, 1.0])
>>> rows.equals(play_games("broom_service", players=2, policies=["heuristic"], games=3,
...                        seed=1, jobs=2))
True
"""

from __future__ import annotations

import concurrent.futures as cf
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from simlab.core.api import Game
from simlab.core.checks import whole_number
from simlab.core.errors import ConfigError
from simlab.core.play import run
from simlab.core.registry import canonical_name, game_class, register_game
from simlab.core.study.definition import Study
from simlab.core.study.executors import chunk_results
from simlab.core.study.progress import progress_bar, searches
from simlab.lab.metrics import GameWatch
from simlab.lab.specs import spec_for

__all__ = ["CHUNK_SIZE", "check_setup", "game_seed", "play_games"]

#: Games a chunk holds (fixed, so rows never depend on ``jobs``); small, since a
#: search game takes seconds and a balance run stops between batches.
CHUNK_SIZE = 5


def game_seed(seed: int, index: int) -> int:
    """The ``seed`` given to :func:`simlab.play` for game ``index`` (replays the game).

    Examples
    --------
    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    rng = np.random.default_rng(np.random.SeedSequence(entropy=seed, spawn_key=(index,)))
    return int(rng.integers(2**63))


def check_setup(game: str, players: int | None = None,
                policies: Sequence[str] | str | None = None,
                options: Mapping[str, Any] | None = None,
                data: str | Path | None = None) -> tuple[Game, tuple[str, ...]]:
    """Build the game and check the policies before any game is played.

    ``policies``: one name for every seat, or one a seat; ``None``: ``mcts``
    on every seat (the top of every game's ladder).

    Returns
    -------
    (Game, tuple of str)
        The game (its options converted) and one policy name a seat.

    Raises
    ------
    ConfigError
        Unknown game, option, policy or data folder, or a bad player count (one line).

    Examples
    --------
    >>> game, seats = check_setup("bedpans", players=3, policies=["heuristic"])
    >>> seats
    ('heuristic', 'heuristic', 'heuristic')
    >>> check_setup("bedpans", policies=["clever"])
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: bedpans has no policy 'clever'; policies: random, \
heuristic, mcts, mcts-100 (and mcts-N, mcts-Xs)
    """
    if data is not None and not os.path.isdir(data):
        raise ConfigError(f"data: {str(data)!r} is not a folder")
    extra = {} if data is None else {"data": os.path.abspath(data)}
    built = game_class(game)(players=players, **extra, **dict(options or {}))
    if policies is None:
        policies = ["mcts"]
    if isinstance(policies, str):
        policies = [policies]
    names = list(policies)
    if len(names) == 1:
        names = names * built.players
    if len(names) != built.players:
        raise ConfigError(f"{built.NAME} with {built.players} players needs 1 or "
                          f"{built.players} policies, not {len(names)}")
    for seat, name in enumerate(names):
        if not isinstance(name, str):
            raise ConfigError(f"policy of seat {seat} must be a name, not {name!r}")
        try:
            built.make_policy(name, seat)
        except ConfigError as exc:
            if "no policy" not in str(exc):
                raise
            known = ", ".join(built.policy_names())
            raise ConfigError(f"{built.NAME} has no policy {name!r}; policies: {known} "
                              "(and mcts-N, mcts-Xs)") from None
    return built, tuple(names)


def _game_of(params: dict[str, Any]) -> Game:
    """The game of a chunk, built in the worker (registering a test game it lacks)."""
    name = params["game"]
    try:
        cls = game_class(name)
    except ConfigError:
        register_game(params["provider"], name)
        cls = game_class(name)
    return cls(players=params["players"], **params["options"])


def _play_chunk(params: dict[str, Any], seed_seq: np.random.SeedSequence, first: int,
                n: int) -> pd.DataFrame:
    """Rows of games ``first .. first + n - 1`` (module level: any executor runs it)."""
    game = _game_of(params)
    spec = spec_for(game)
    settings = game.search_settings()
    evaluate = None if settings is None else settings.evaluate
    entropy = int(seed_seq.entropy)  # type: ignore[arg-type]
    policies = list(params["policies"])
    sides = spec.sides(game.players)
    side = sides.get(spec.side_question, ()) if spec.side_question else ()
    rows = []
    for i in range(first, first + n):
        seed = game_seed(entropy, i)
        watch = GameWatch(spec, evaluate, game.new_initial_state())
        final = run(game, policies, seed=seed, on_action=watch.hook)
        outcome = final.outcome
        winners = tuple(outcome.winners) if outcome is not None else ()
        row: dict[str, Any] = {"game_index": i, "game_seed": seed, "players": game.players,
                               "policies": ",".join(policies)}
        for s in range(game.players):
            row[f"win_{s}"] = 1.0 / len(winners) if s in winners else 0.0
        row["winners"] = len(winners)
        row["reason"] = outcome.reason if outcome is not None else ""
        row["side_win"] = (float(bool(winners) and set(winners) <= set(side))
                           if side else np.nan)
        row.update(watch.row(final))
        rows.append(row)
    return pd.DataFrame(rows)


def _unused_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    return games


def _study(name: str) -> Study:
    return Study(f"balance-{name}", f"balance games of {name}", (), run_chunk=_play_chunk,
                 summarize=_unused_summary, chunk_size=CHUNK_SIZE)


def play_games(
    game: str,
    *,
    players: int | None = None,
    policies: Sequence[str] | str | None = None,
    options: Mapping[str, Any] | None = None,
    data: str | Path | None = None,
    games: int,
    first_game: int = 0,
    seed: int = 0,
    jobs: int = 1,
    executor: cf.Executor | None = None,
    progress: Any = None,
) -> pd.DataFrame:
    """Play games ``first_game .. first_game + games - 1`` and return one row per game.

    Parameters
    ----------
    game : str
        A registered game.
    players : int, optional
        Seats; the game's default when omitted.
    policies : str or sequence of str, optional
        One policy name for every seat, or one a seat; ``None``: ``mcts``.
    options : mapping, optional
        Game options (``{"round_limit": 40}``, variants as ``{name: True}``).
    data : path, optional
        A component folder (``simlab data export``); the shipped set when omitted.
    games : int
        How many games (>= 1).
    first_game : int, default 0
        Index of the first game: a later batch of the same run.
    seed : int, default 0
        Root seed; game ``i`` plays with :func:`game_seed` ``(seed, i)``.
    jobs : int, default 1
        Processes (a process pool for ``jobs > 1``); ignored with ``executor``.
    executor : concurrent.futures.Executor, optional
        Any executor (a dask ``Client.get_executor()``), used as is.
    progress : bool, callable or bar, optional
        As for :func:`simlab.run_study`.

    Returns
    -------
    pandas.DataFrame
        One row per game, in game order: ``game_index``, ``game_seed`` (replay
        it with ``simlab.play(game, policies, seed=game_seed)``), ``players``,
        ``policies`` (comma-separated, by seat), ``win_<s>`` for every seat (1,
        0, or 1/k on a k-way shared win; all 0 when nobody won), ``winners``,
        ``reason``, ``side_win`` (Bedpans: the Elders won, 1/0; NaN for a game
        without sides), ``turns``, ``rounds`` (NaN without rounds),
        ``guard_ended``, the drama columns of :func:`simlab.lab.metrics.drama`
        (from the game's ``evaluate``) and ``choices_<s>`` (``label=times``
        joined by ``;``).

    Raises
    ------
    ConfigError
        Bad game, players, option, policy, data folder, count, seed or jobs,
        before any game is played.
    """
    built, names = check_setup(game, players, policies, options, data)
    n_games = whole_number(games, "games", low=1)
    first = whole_number(first_game, "first_game", low=0)
    entropy = whole_number(seed, "seed", low=0)
    n_jobs = whole_number(jobs, "jobs", low=1)
    cls = type(built)
    params = {"game": canonical_name(game), "provider": f"{cls.__module__}:{cls.__qualname__}",
              "players": built.players, "policies": names, "options": dict(built.options)}
    chunks = [(k, start, min(CHUNK_SIZE, first + n_games - start))
              for k, start in enumerate(range(first, first + n_games, CHUNK_SIZE))]
    folder = None if data is None else os.path.abspath(data)
    bar = progress_bar(progress, n_games, f"{built.NAME} games",
                       slow=searches({"policies": names}))
    results = chunk_results(_study(built.NAME), params, entropy, chunks, n_jobs, executor,
                            folder)
    frames = []
    try:
        for (_, _, n), frame in zip(chunks, results, strict=True):
            frames.append(frame)
            bar.update(n)
    finally:
        results.close()
        bar.close()
    out = pd.concat(frames, ignore_index=True)
    out.attrs.update({"game": built.NAME, "seed": entropy, "options": built.params["options"],
                      "data": built.component_set.label})
    return out
