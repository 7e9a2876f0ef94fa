"""Monte Carlo studies: the registry, the runner and its results.

A :class:`Study` names a question ("how likely is a capture in the first
three turns?"), its parameters, a function that plays a *chunk* of games and
a function that summarizes the games table.  :func:`run_study` plays the
games, in this process, in a process pool (``jobs > 1``) or on any
:class:`concurrent.futures.Executor` (for example dask.distributed's
``Client.get_executor()``), and returns a :class:`StudyResult`.

Reproducibility
---------------
Games are split into chunks of ``study.chunk_size`` games, a number fixed by
the study and never by ``jobs``: chunk ``k`` holds games
``[k * chunk_size, min((k + 1) * chunk_size, games))`` and is seeded with
``SeedSequence(entropy=seed, spawn_key=(k,))``, which is exactly
``SeedSequence(seed).spawn(k + 1)[k]``.  Chunk results are consumed in chunk
order, so the games table and the summary are identical for any ``jobs`` and
any executor.  :func:`per_game` goes further: game ``i`` draws from
``default_rng(SeedSequence(entropy=seed, spawn_key=(i,)))``, so its numbers
depend on its index only, never on the chunking.

Workers
-------
Tasks are the module-level ``_run_chunk_task``, so any start method works
(fork, spawn, forkserver; the pool uses the platform default).  A registered
study travels by name: a worker that does not know it imports the module
named in ``_PROVIDERS`` or the module that registered it.  Any other study
is pickled (its functions must be module-level).  ``summarize`` and ``plot``
always run in the calling process.

Memory
------
At most ``2 × workers`` chunks are in flight at once.  With
``combine="concat"`` the games table is the concatenation of all chunk
frames (memory grows with the result rows only).  With ``combine="sum"``
chunks are aggregated counts with a ``count`` column; they are folded into a
running ``groupby(keys).sum()`` as they arrive, so memory stays flat in the
number of games.

Examples
--------
>>> from simlab.core import stats
>>> def flip(params, rng, game):
...     return {"heads": bool(rng.random() < params["p"])}
>>> def summary(games, params):
...     return stats.summarize(games, proportions=["heads"], exact={"heads": params["p"]})
>>> coin = Study(name="coin", title="Chance of heads", params=(Param("p", 0.5, float),),
...              run_chunk=per_game(flip), summarize=summary)
>>> result = run_study(coin, games=2000, seed=1, p=0.3)
>>> result.params
{'p': 0.3, 'games': 2000, 'seed': 1}
>>> row = result.summary.iloc[0]
>>> int(row["n"]), bool(row["low"] <= 0.3 <= row["high"])
(2000, True)
"""

from __future__ import annotations

import concurrent.futures as cf
import html
import importlib
import itertools
import json
import math
import os
import pickle
import sys
import time
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from simlab.core.checks import whole_number
from simlab.core.errors import ConfigError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = [
    "Param",
    "Study",
    "StudyResult",
    "game_setting",
    "get_study",
    "per_game",
    "register_study",
    "rotate_seats",
    "run_study",
    "study_names",
    "unregister_study",
]

#: Study name -> module that registers it when imported (filled by the lead).
_PROVIDERS: dict[str, str] = {
    "broom-service-steals": "simlab.games.broom_service.studies",
    "broom-service-scores": "simlab.games.broom_service.studies",
    "bad-doctor-complications": "simlab.games.bad_doctor.studies",
    "bad-doctor-seats": "simlab.games.bad_doctor.studies",
    "bedpans-movement": "simlab.games.bedpans.studies",
    "bedpans-outcomes": "simlab.games.bedpans.outcome_studies",
    "bedpans-escape": "simlab.games.bedpans.outcome_studies",
    "bedpans-variants": "simlab.games.bedpans.stuff_studies",
    "bedpans-stuff": "simlab.games.bedpans.stuff_studies",
    "hospital-rush-patients": "simlab.games.hospital_rush.studies",
    "hospital-rush-unfair": "simlab.games.hospital_rush.studies",
    "hospital-rush-boards": "simlab.games.hospital_rush.studies",
}

_REGISTRY: dict[str, Study] = {}
#: Study name -> module whose import registered it (what a spawned worker must import).
_REGISTERED_BY: dict[str, str] = {}

#: Names that :func:`run_study` takes itself, so no parameter may have them.
_RESERVED = frozenset({"games", "seed", "jobs", "executor", "progress", "name_or_study"})
_COMBINES = ("concat", "sum")
_PARAM_TYPES = (int, float, str, bool, tuple)
_TRUE = frozenset({"true", "t", "yes", "y", "on", "1"})
_FALSE = frozenset({"false", "f", "no", "n", "off", "0"})
#: With ``progress=None`` a bar is shown (on a terminal or in Jupyter) from this many games.
PROGRESS_MIN_GAMES = 10_000
_IN_FLIGHT_PER_WORKER = 2


# --------------------------------------------------------------------------- parameters


@dataclass(frozen=True)
class Param:
    """A named, typed parameter of a study.

    Parameters
    ----------
    name : str
        Keyword used in ``run_study(..., name=value)`` and ``--param name=value``.
    default : Any
        Value used when the parameter is not given (not converted).
    type : type, default int
        One of ``int``, ``float``, ``str``, ``bool`` or ``tuple`` (a tuple of
        strings, written ``"a,b"`` on the command line).
    choices : tuple, optional
        Allowed values (for ``tuple`` parameters: allowed elements).
    help : str
        One line for ``--help`` and notebooks.
    low, high : float, optional
        Bounds of a number (for ``tuple`` parameters: of every element,
        read as a number).

    Examples
    --------
    >>> Param("players", 4, int, choices=(2, 3, 4)).convert("3")
    3
    >>> Param("fast", False, bool).convert("yes")
    True
    >>> Param("variants", (), tuple).convert("night_shift, rat_out")
    ('night_shift', 'rat_out')
    >>> Param("players", 4, int, choices=(2, 3, 4)).convert("5")
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: parameter 'players': bad value '5' (allowed: 2, 3, 4)
    >>> Param("turns", 3, int, low=1).convert("0")
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: parameter 'turns': 0 is below 1
    """

    name: str
    default: Any
    type: type = int
    choices: tuple[Any, ...] | None = None
    help: str = ""
    low: float | None = None
    high: float | None = None

    def __post_init__(self) -> None:
        if self.type not in _PARAM_TYPES:
            raise TypeError(f"parameter {self.name!r}: type must be int, float, str, bool or tuple")
        if self.choices is not None and not isinstance(self.choices, tuple):
            object.__setattr__(self, "choices", tuple(self.choices))

    def convert(self, value: Any) -> Any:
        """Convert a command-line string or a Python value to this parameter's type.

        Parameters
        ----------
        value : Any
            ``"3"``, ``"true"``, ``"a,b"`` or an already typed value.

        Returns
        -------
        Any
            The value as ``self.type``, checked against ``choices``.

        Raises
        ------
        ConfigError
            One line naming the parameter, the bad value and the allowed choices.
        """
        converter = _CONVERTERS[self.type]
        try:
            out = converter(value)
        except (TypeError, ValueError, OverflowError):
            raise ConfigError(
                f"parameter {self.name!r}: expected {self.type.__name__}, "
                f"got {value!r}{self._allowed()}"
            ) from None
        items = out if self.type is tuple else (out,)
        if self.choices is not None:
            for item in items:
                if item not in self.choices:
                    shown = value if isinstance(value, str) and self.type is not tuple else item
                    raise ConfigError(
                        f"parameter {self.name!r}: bad value {shown!r}{self._allowed()}"
                    )
        if self.low is not None or self.high is not None:
            for item in items:
                self._check_bounds(item)
        return out

    def _check_bounds(self, item: Any) -> None:
        try:
            number = float(item)
        except (TypeError, ValueError):
            raise ConfigError(f"parameter {self.name!r}: {item!r} is not a number") from None
        if self.low is not None and number < self.low:
            raise ConfigError(f"parameter {self.name!r}: {item} is below {self.low:g}")
        if self.high is not None and number > self.high:
            raise ConfigError(f"parameter {self.name!r}: {item} is above {self.high:g}")

    def _allowed(self) -> str:
        if self.choices is None:
            return ""
        return f" (allowed: {', '.join(map(str, self.choices))})"


def _to_int(value: Any) -> int:
    if isinstance(value, bool | np.bool_):
        raise TypeError("bool is not an int")
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        if not float(value).is_integer():
            raise ValueError("not integral")
        return int(value)
    if isinstance(value, str):
        return int(value.strip())
    raise TypeError(type(value).__name__)


def _to_float(value: Any) -> float:
    if isinstance(value, bool | np.bool_):
        raise TypeError("bool is not a float")
    if isinstance(value, int | float | np.number | Fraction):
        return float(value)
    if isinstance(value, str):
        return float(value.strip())
    raise TypeError(type(value).__name__)


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer) and int(value) in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    raise ValueError("not a truth value")


def _to_str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise TypeError(type(value).__name__)


def _to_tuple(value: Any) -> tuple[Any, ...]:
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if isinstance(value, list | tuple):
        return tuple(value)
    raise TypeError(type(value).__name__)


_CONVERTERS: dict[type, Callable[[Any], Any]] = {
    int: _to_int,
    float: _to_float,
    bool: _to_bool,
    str: _to_str,
    tuple: _to_tuple,
}


# --------------------------------------------------------------------------- studies


@dataclass(frozen=True)
class Study:
    """A registered Monte Carlo question.

    Parameters
    ----------
    name : str
        Registry name, e.g. ``"bedpans-movement"``.
    title : str
        One line saying what the study answers.
    params : tuple of Param
        The study's parameters.
    run_chunk : callable
        ``run_chunk(params, seed_seq, first_game, n_games) -> DataFrame``: the
        rows of games ``first_game .. first_game + n_games - 1``, drawing only
        from ``seed_seq`` (the chunk's ``numpy.random.SeedSequence``).  Use
        :func:`per_game` to write it one game at a time.  Must be picklable
        (a module-level function) for process pools.
    summarize : callable
        ``summarize(games, params) -> DataFrame`` in the shape of
        :func:`simlab.core.stats.summarize`.
    plot : callable, optional
        ``plot(result) -> matplotlib.figure.Figure``; a default plot of the
        summary is used when absent.
    chunk_size : int, default 1000
        Games per chunk.  Fixed by the study so results never depend on ``jobs``.
    combine : {"concat", "sum"}
        ``"concat"``: the games table is the chunk frames in chunk order.
        ``"sum"``: chunks are aggregated rows with a ``count`` column and the
        games table is ``groupby(all other columns)["count"].sum()``, sorted
        by the key columns, folded in as chunks arrive.
    description : str
        Longer text for notebooks and ``simlab games``.
    default_games : int, default 1000
        Games played when ``run_study`` is not told how many.

    Examples
    --------
    >>> Study("x", "X", (), run_chunk=print, summarize=print, combine="mean")
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: study 'x': combine must be 'concat' or 'sum', not 'mean'
    """

    name: str
    title: str
    params: tuple[Param, ...]
    run_chunk: Callable[[dict[str, Any], np.random.SeedSequence, int, int], pd.DataFrame]
    summarize: Callable[[pd.DataFrame, dict[str, Any]], pd.DataFrame]
    plot: Callable[[StudyResult], Figure] | None = None
    chunk_size: int = 1000
    combine: str = "concat"
    description: str = ""
    default_games: int = 1000

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", tuple(self.params))
        if self.combine not in _COMBINES:
            raise ConfigError(
                f"study {self.name!r}: combine must be 'concat' or 'sum', not {self.combine!r}"
            )
        if int(self.chunk_size) < 1 or int(self.default_games) < 1:
            raise ConfigError(f"study {self.name!r}: chunk_size and default_games must be >= 1")
        names = [p.name for p in self.params]
        clash = sorted((set(names) & _RESERVED) | {n for n in names if names.count(n) > 1})
        if clash:
            raise ConfigError(f"study {self.name!r}: bad or repeated parameter name {clash[0]!r}")

    def resolve(self, **values: Any) -> dict[str, Any]:
        """Full parameter dict: defaults, overridden by converted ``values``.

        Raises
        ------
        ConfigError
            For an unknown parameter (naming the known ones) or a bad value.

        Examples
        --------
        >>> s = Study("s", "S", (Param("n", 2), Param("mode", "a", str, ("a", "b"))),
        ...           run_chunk=print, summarize=print)
        >>> s.resolve(n="5")
        {'n': 5, 'mode': 'a'}
        >>> s.resolve(m=1)
        Traceback (most recent call last):
        ...
        simlab.core.errors.ConfigError: unknown parameter 'm' for study 's'; known: n, mode
        """
        by_name = {p.name: p for p in self.params}
        for key in values:
            if key not in by_name:
                known = ", ".join(by_name) or "(none)"
                raise ConfigError(
                    f"unknown parameter {key!r} for study {self.name!r}; known: {known}"
                )
        return {
            name: (p.convert(values[name]) if name in values else p.default)
            for name, p in by_name.items()
        }


def register_study(study: Study) -> Study:
    """Add ``study`` to the registry and return it (usable at module level).

    The module that calls this is remembered: a worker process that does not
    know the study yet imports that module (or the one in ``_PROVIDERS``) to
    find it by name.

    Raises
    ------
    ConfigError
        If another study is already registered under the same name.

    Examples
    --------
    >>> s = register_study(Study("doc-demo", "Demo", (), run_chunk=print, summarize=print))
    >>> "doc-demo" in study_names()
    True
    >>> unregister_study("doc-demo") is s
    True
    """
    if not isinstance(study, Study):
        raise TypeError(f"register_study needs a Study, got {type(study).__name__}")
    existing = _REGISTRY.get(study.name)
    if existing is not None and existing != study:
        raise ConfigError(f"study {study.name!r} is already registered")
    _REGISTRY[study.name] = study
    caller = sys._getframe(1).f_globals.get("__name__")
    if isinstance(caller, str):
        _REGISTERED_BY[study.name] = caller
    return study


def unregister_study(name: str) -> Study:
    """Remove a study from the registry and return it (for tests and notebooks)."""
    _REGISTERED_BY.pop(name, None)
    try:
        return _REGISTRY.pop(name)
    except KeyError:
        raise ConfigError(f"study {name!r} is not registered") from None


def study_names() -> list[str]:
    """Sorted names of the registered studies and of those a provider module registers.

    Examples
    --------
    >>> isinstance(study_names(), list)
    True
    """
    return sorted(set(_REGISTRY) | set(_PROVIDERS))


def get_study(name: str) -> Study:
    """The study registered as ``name``, importing its provider module if needed.

    Raises
    ------
    ConfigError
        ``unknown study 'x'; known: a, b`` on one line.

    Examples
    --------
    >>> get_study("no-such-study")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: unknown study 'no-such-study'; known: ...
    """
    study = _REGISTRY.get(name)
    if study is None and name in _PROVIDERS:
        importlib.import_module(_PROVIDERS[name])
        study = _REGISTRY.get(name)
    if study is None:
        known = ", ".join(study_names()) or "(none)"
        raise ConfigError(f"unknown study {name!r}; known: {known}")
    return study


# --------------------------------------------------------------------------- per_game


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
                raise TypeError(f"{self!r} must return a dict or a list of dicts, not {out!r}")
        return _rows_frame(rows, index)


def _rows_frame(rows: list[dict[str, Any]], index: list[int]) -> pd.DataFrame:
    frame = pd.DataFrame(rows) if rows else pd.DataFrame(index=range(0))
    if "game" in frame.columns:
        raise ValueError("per_game rows must not have a 'game' column: the runner adds it")
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


def game_setting(index: int, players: Iterable[Any], policies: Sequence[Any]) -> tuple[int, Any]:
    """The (player count, policy) of game ``index``, cycling through every pair.

    Parameters
    ----------
    index : int
        The game's index in the study.
    players : iterable
        Player counts (numbers or their strings, as a ``tuple`` param gives them).
    policies : sequence
        Policies; every seat of the game plays the one chosen.

    Returns
    -------
    tuple
        Pair ``index % n`` of ``itertools.product(players, policies)`` (``n``
        pairs, player counts as ``int``): games cycle through players x policies.

    Examples
    --------
    >>> [game_setting(i, ("3", "4"), ("a", "b")) for i in range(5)]
    [(3, 'a'), (3, 'b'), (4, 'a'), (4, 'b'), (3, 'a')]
    """
    pairs = list(itertools.product([int(p) for p in players], policies))
    return pairs[index % len(pairs)]


def rotate_seats(policies: Sequence[Any], players: int, index: int) -> list[Any]:
    """The policy of every seat of game ``index``: seat ``s`` plays ``policies[(s + index) % n]``.

    Seats rotate through the policies from game to game, so that over ``n``
    games every seat plays every policy alike.

    Examples
    --------
    >>> rotate_seats(("a", "b", "c"), 4, 0)
    ['a', 'b', 'c', 'a']
    >>> rotate_seats(("a", "b", "c"), 4, 1)
    ['b', 'c', 'a', 'b']
    """
    return [policies[(s + index) % len(policies)] for s in range(players)]


# --------------------------------------------------------------------------- running


def _chunk_seed(entropy: int, k: int) -> np.random.SeedSequence:
    """Seed sequence of chunk ``k``: ``SeedSequence(entropy).spawn(k + 1)[k]``."""
    return np.random.SeedSequence(entropy=entropy, spawn_key=(k,))


def _chunks(games: int, size: int) -> list[tuple[int, int, int]]:
    """``(k, first_game, n_games)`` of every chunk."""
    return [(k, first, min(size, games - first)) for k, first in enumerate(range(0, games, size))]


def _resolve_ref(ref: Study | tuple[str, str | None]) -> Study:
    """The study a task refers to: the object itself, or a registry name (+ module)."""
    if isinstance(ref, Study):
        return ref
    name, module = ref
    if name not in _REGISTRY and module:
        importlib.import_module(module)
    return get_study(name)


def _run_chunk_task(
    ref: Study | tuple[str, str | None],
    params: dict[str, Any],
    entropy: int,
    k: int,
    first: int,
    n: int,
) -> pd.DataFrame:
    """Play chunk ``k`` (module level, so any executor and start method can run it)."""
    study = _resolve_ref(ref)
    frame = study.run_chunk(dict(params), _chunk_seed(entropy, k), first, n)
    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"study {study.name!r}: run_chunk returned {type(frame).__name__}")
    if study.combine == "sum":
        return _SumFold(study.name).add(frame).result()
    return frame


def _defining_module(study: Study) -> str | None:
    fn = study.run_chunk
    fn = getattr(fn, "fn", None) or getattr(fn, "func", None) or fn
    module = getattr(fn, "__module__", None)
    return None if module in (None, "__main__") else module


def _study_ref(study: Study, *, check_pickle: bool) -> Study | tuple[str, str | None]:
    """What a task carries: the registry name (+ provider module) or the study itself."""
    module = _PROVIDERS.get(study.name) or _REGISTERED_BY.get(study.name) or _defining_module(study)
    registered = _REGISTRY.get(study.name) is study
    if registered and module and module != "__main__":
        return (study.name, module)
    if check_pickle:
        try:
            pickle.dumps(study)
        except (pickle.PicklingError, TypeError, AttributeError) as exc:
            if registered:  # a forked worker inherits the registry and finds it by name
                return (study.name, None)
            raise ConfigError(
                f"study {study.name!r} cannot be sent to worker processes ({exc}); "
                "define its functions at module level or register it"
            ) from None
    return study


def _executor_width(executor: cf.Executor) -> int:
    """Workers of an executor, as far as it tells (for the in-flight bound)."""
    width = getattr(executor, "_max_workers", None)
    if isinstance(width, int) and width > 0:
        return width
    client = getattr(executor, "_client", None)  # dask.distributed ClientExecutor
    if client is not None:
        try:
            return max(1, sum(client.nthreads().values()))
        except Exception:  # any failure: fall back to the CPU count
            pass
    return os.cpu_count() or 2


def _ordered_results(
    executor: cf.Executor, tasks: Iterable[tuple[Any, ...]], in_flight: int
) -> Iterator[pd.DataFrame]:
    """Submit tasks with at most ``in_flight`` pending; yield results in task order."""
    pending: deque[cf.Future[pd.DataFrame]] = deque()
    try:
        for task in tasks:
            pending.append(executor.submit(_run_chunk_task, *task))
            if len(pending) >= in_flight:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


def _chunk_results(
    study: Study,
    params: dict[str, Any],
    entropy: int,
    chunks: list[tuple[int, int, int]],
    jobs: int,
    executor: cf.Executor | None,
) -> Generator[pd.DataFrame, None, None]:
    """Chunk frames in chunk order, played where ``jobs``/``executor`` say."""
    if executor is not None:
        ref = _study_ref(study, check_pickle=False)
        tasks = ((ref, params, entropy, *chunk) for chunk in chunks)
        width = _executor_width(executor)
        yield from _ordered_results(executor, tasks, _IN_FLIGHT_PER_WORKER * width)
        return
    workers = min(jobs, len(chunks))
    if workers <= 1:
        for chunk in chunks:
            yield _run_chunk_task(study, params, entropy, *chunk)
        return
    ref = _study_ref(study, check_pickle=True)
    tasks = ((ref, params, entropy, *chunk) for chunk in chunks)
    pool = cf.ProcessPoolExecutor(max_workers=workers)
    try:
        yield from _ordered_results(pool, tasks, _IN_FLIGHT_PER_WORKER * workers)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class _SumFold:
    """Running ``groupby(keys)["count"].sum()`` of aggregated chunk frames."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.columns: list[str] | None = None
        self.acc: pd.DataFrame | None = None

    def add(self, frame: pd.DataFrame) -> _SumFold:
        if "count" not in frame.columns:
            raise TypeError(f"study {self.name!r}: a combine='sum' chunk needs a 'count' column")
        if self.columns is None:
            self.columns = list(frame.columns)
        elif set(frame.columns) != set(self.columns):
            raise TypeError(
                f"study {self.name!r}: chunk columns {list(frame.columns)} differ from "
                f"{self.columns}"
            )
        both = frame if self.acc is None else pd.concat([self.acc, frame], ignore_index=True)
        self.acc = _group_sum(both[self.columns])
        return self

    def result(self) -> pd.DataFrame:
        if self.acc is None:
            return pd.DataFrame({"count": pd.Series([], dtype="int64")})
        return self.acc


def _group_sum(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with rows of equal keys merged and their counts added, keys sorted."""
    keys = [c for c in frame.columns if c != "count"]
    if not keys:
        return pd.DataFrame({"count": [frame["count"].sum()]})
    grouped = frame.groupby(keys, sort=True, dropna=False, observed=True)["count"].sum()
    return grouped.reset_index()[frame.columns.tolist()]


def _check_games(games: Any, study: Study) -> int:
    if games is None:
        return int(study.default_games)
    return whole_number(games, "games", low=1)


def _check_seed(seed: Any) -> int:
    if seed is None:
        return int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    return whole_number(seed, "seed", low=0)


def _check_jobs(jobs: Any) -> int:
    return whole_number(jobs, "jobs", low=1)


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


def _show_progress(progress: bool | None, games: int) -> bool:
    if progress is not None:
        return bool(progress)
    if games < PROGRESS_MIN_GAMES:
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


def _progress_bar(progress: Any, games: int, desc: str) -> Any:
    if hasattr(progress, "update") and hasattr(progress, "close"):
        return progress  # a bar of the caller's (a widget, a tqdm bar): used as is
    if callable(progress):
        return _CallbackBar(progress, games)
    if not _show_progress(progress, games):
        return _NoBar()
    from tqdm.auto import tqdm

    return tqdm(total=games, desc=desc, unit="game", disable=False, dynamic_ncols=True)


def run_study(
    name_or_study: str | Study,
    games: int | None = None,
    seed: int | None = 0,
    jobs: int = 1,
    executor: cf.Executor | None = None,
    progress: Any = None,
    **params: Any,
) -> StudyResult:
    """Play a study's games and summarize them.

    Parameters
    ----------
    name_or_study : str or Study
        A registered name (see :func:`study_names`) or a Study object.
    games : int, optional
        Number of games; ``study.default_games`` if omitted.
    seed : int or None, default 0
        Root seed (>= 0).  ``None`` draws fresh entropy, recorded in
        ``result.params["seed"]`` so the run can be repeated.
    jobs : int, default 1
        ``1``: play in this process.  More: one
        ``concurrent.futures.ProcessPoolExecutor(max_workers=jobs)`` for the
        whole study (never more workers than chunks).  Ignored when
        ``executor`` is given.
    executor : concurrent.futures.Executor, optional
        Used as is and not shut down, e.g. a ``ThreadPoolExecutor`` or dask's
        ``Client.get_executor()``.  Registered studies travel to workers by
        name (the worker imports the module that registers them); others are
        pickled.
    progress : bool, callable or bar, optional
        Show a tqdm progress bar over games (``tqdm.auto``: a widget in
        Jupyter).  ``None``: only from ``PROGRESS_MIN_GAMES`` games and when
        stderr is a terminal or the code runs in a Jupyter kernel.  A
        callable is called as ``progress(done, total)`` after each chunk; an
        object with ``update(n)`` and ``close()`` (a tqdm bar of the
        caller's, say) is updated by games done and closed at the end.
    **params
        Study parameters, typed values or command-line strings.

    Returns
    -------
    StudyResult
        Identical ``games`` and ``summary`` for any ``jobs`` and executor.

    Raises
    ------
    ConfigError
        Unknown study or parameter, or a bad value (one line naming it).
    """
    study = name_or_study if isinstance(name_or_study, Study) else get_study(name_or_study)
    values = study.resolve(**params)
    n_games = _check_games(games, study)
    entropy = _check_seed(seed)
    n_jobs = _check_jobs(jobs)
    chunks = _chunks(n_games, int(study.chunk_size))
    started = time.perf_counter()
    bar = _progress_bar(progress, n_games, study.name)
    results = _chunk_results(study, values, entropy, chunks, n_jobs, executor)
    try:
        table = _combine(study, zip(chunks, results, strict=True), bar)
    finally:
        results.close()  # on an error: cancel pending chunks, shut our pool down now
        bar.close()
    summary = study.summarize(table, dict(values))
    if not isinstance(summary, pd.DataFrame):
        raise TypeError(f"study {study.name!r}: summarize returned {type(summary).__name__}")
    return StudyResult(
        study=study,
        params={**values, "games": n_games, "seed": entropy},
        games=table,
        summary=summary,
        elapsed=time.perf_counter() - started,
    )


def _combine(
    study: Study,
    results: Iterable[tuple[tuple[int, int, int], pd.DataFrame]],
    bar: Any,
) -> pd.DataFrame:
    """Games table from chunk frames arriving in chunk order."""
    if study.combine == "sum":
        fold = _SumFold(study.name)
        for (_, _, n), frame in results:
            fold.add(frame)
            bar.update(n)
        return fold.result()
    frames: list[pd.DataFrame] = []
    for (_, _, n), frame in results:
        frames.append(frame)
        bar.update(n)
    return pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]


# --------------------------------------------------------------------------- results


@dataclass(eq=False, repr=False)
class StudyResult:
    """What :func:`run_study` returns.

    Attributes
    ----------
    study : Study
        The study that was run.
    params : dict
        Its parameters, plus ``games`` and ``seed``: enough to repeat the run.
    games : DataFrame
        One row per game (or per game and seat), or aggregated counts for
        ``combine="sum"`` studies.
    summary : DataFrame
        ``study.summarize(games, params)``: ``*by, quantity, kind, estimate,
        low, high, n, exact``.
    elapsed : float
        Wall seconds of playing and summarizing.
    """

    study: Study
    params: dict[str, Any]
    games: pd.DataFrame
    summary: pd.DataFrame
    elapsed: float

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"StudyResult({self.study.name!r}, {shown}, elapsed={self.elapsed:.2f}s)"

    def _repr_html_(self) -> str:
        head = f"<b>{html.escape(self.study.title)}</b> <code>{html.escape(repr(self))}</code>"
        return head + self.summary.to_html(index=False, float_format=lambda x: f"{x:.4g}")

    def plot(self) -> Figure:
        """Figure of the results: ``study.plot(self)`` or the default summary plot.

        The default shows each estimate with its 95% interval as an error bar
        (proportions and means in separate panels) and exact values as crosses.
        It uses ``matplotlib.figure.Figure`` directly, so no GUI backend is needed.
        """
        if self.study.plot is not None:
            return self.study.plot(self)
        return _default_plot(self)

    def to_json(self, *, games: bool = False, indent: int | None = None) -> str:
        """JSON text of study, title, params, elapsed and summary (and games if asked).

        NaN becomes ``null``; tuples become lists.
        """
        doc: dict[str, Any] = {
            "study": self.study.name,
            "title": self.study.title,
            "params": self.params,
            "elapsed": self.elapsed,
            "summary": self.summary.to_dict(orient="records"),
        }
        if games:
            doc["games"] = self.games.to_dict(orient="records")
        return json.dumps(_jsonable(doc), indent=indent, allow_nan=False)

    def save(self, path: str | os.PathLike[str], *, table: str = "games") -> Path:
        """Write the ``games`` (default) or ``summary`` table as CSV or parquet.

        Parameters
        ----------
        path : path-like
            Ends in ``.csv`` or ``.parquet``.
        table : {"games", "summary"}
            Which table to write.

        Returns
        -------
        Path
            The file written.

        Raises
        ------
        ConfigError
            Unknown suffix or table, or parquet without pyarrow.
        """
        target = Path(path)
        if table not in ("games", "summary"):
            raise ConfigError(f"table must be 'games' or 'summary', not {table!r}")
        frame = self.games if table == "games" else self.summary
        suffix = target.suffix.lower()
        if suffix == ".csv":
            frame.to_csv(target, index=False)
        elif suffix == ".parquet":
            _require_pyarrow()
            frame.to_parquet(target, index=False)
        else:
            raise ConfigError(
                f"cannot save {str(target)!r}: unknown suffix {suffix!r} (use .csv or .parquet)"
            )
        return target


def _require_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ConfigError("parquet needs pyarrow: pip install pyarrow") from None


def _jsonable(value: Any) -> Any:
    """``value`` with NumPy scalars, NaN, tuples and Fractions made JSON-safe."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, Fraction):
        value = float(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def _summary_labels(rows: pd.DataFrame) -> list[str]:
    by = list(rows.columns[: rows.columns.get_loc("quantity")])
    labels = []
    for _, row in rows.iterrows():
        label = str(row["quantity"])
        if by:
            label += " | " + ", ".join(f"{c}={row[c]}" for c in by)
        labels.append(label)
    return labels


def _default_plot(result: StudyResult) -> Figure:
    """Estimates with interval error bars, one panel per kind, exact values as crosses."""
    from matplotlib.figure import Figure

    summary = result.summary
    has_kind = "kind" in summary.columns
    kinds = [k for k in ("proportion", "mean") if has_kind and (summary["kind"] == k).any()]
    height = 1.5 + 0.35 * max(len(summary), 1) + 0.8 * max(len(kinds) - 1, 0)
    fig = Figure(figsize=(7.0, max(2.5, height)), layout="constrained")
    fig.suptitle(result.study.title)
    if not kinds:
        fig.text(0.5, 0.5, "no summary rows to plot", ha="center", va="center")
        return fig
    ratios = [int((summary["kind"] == k).sum()) for k in kinds]
    axes = fig.subplots(len(kinds), 1, squeeze=False, height_ratios=ratios)[:, 0]
    for ax, kind in zip(axes, kinds, strict=True):
        _plot_kind(ax, summary[summary["kind"] == kind], kind)
    legend: dict[str, Any] = {}
    for ax in axes:
        handles, labels = ax.get_legend_handles_labels()
        legend.update(zip(labels, handles, strict=True))
    labels = sorted(legend, key=lambda label: label == "exact")  # estimate first
    fig.legend(
        [legend[label] for label in labels],
        labels,
        loc="outside lower center",
        ncols=len(legend),
        fontsize="small",
        frameon=False,
    )
    return fig


def _plot_kind(ax: Any, rows: pd.DataFrame, kind: str) -> None:
    y = np.arange(len(rows))
    est = rows["estimate"].to_numpy(dtype=float)
    err = np.vstack(
        [est - rows["low"].to_numpy(dtype=float), rows["high"].to_numpy(dtype=float) - est]
    )
    err = np.clip(np.nan_to_num(err, nan=0.0), 0.0, None)
    ax.errorbar(est, y, xerr=err, fmt="o", capsize=3, label="estimate, 95% interval")
    exact = rows["exact"].to_numpy(dtype=float) if "exact" in rows else np.full(len(rows), np.nan)
    if np.isfinite(exact).any():
        ax.plot(exact, y, "x", color="C3", markersize=9, label="exact")
    ax.set_yticks(y, _summary_labels(rows))
    ax.set_ylim(len(rows) - 0.5, -0.5)  # first row on top
    ax.set_xlabel(kind)
    ax.grid(axis="x", alpha=0.3)
