"""What a study is: :class:`Study`, a named Monte Carlo question and its functions."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from simlab.core.errors import ConfigError
from simlab.core.study.params import Param

if TYPE_CHECKING:
    from matplotlib.figure import Figure


__all__ = ["Study"]

#: Names that :func:`run_study` takes itself, so no parameter may have them.
_RESERVED = frozenset({"games", "seed", "jobs", "executor", "progress", "name_or_study",
                       "data", "compare_data", "tally"})
_COMBINES = ("concat", "sum")


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
    plot : callable or str, optional
        The study's figure: ``plot(result) -> matplotlib.figure.Figure``, or
        the name of a figure registered with :func:`simlab.core.registry.register_figure`
        (``"policy-ladder"``: the figures layer draws it); the figure named
        ``"summary"`` (the summary's estimates and intervals) when absent.
    chunk_size : int, default 1000
        Games per chunk.  Fixed by the study so results never depend on ``jobs``.
    combine : {"concat", "sum"}
        ``"concat"``: the games table is the chunk frames in chunk order.
        ``"sum"``: chunks are aggregated rows with a ``count`` column and the
        games table is ``groupby(all other columns)["count"].sum()``, sorted
        by the key columns, folded in as chunks arrive.
    description : str
        Longer text for notebooks and the ``games`` command.
    default_games : int, default 1000
        Games played when ``run_study`` is not told how many.
    tally : tuple of str, optional
        The group columns of a study whose ``summarize`` (and ``plot``) also
        take a tally of its rows (:mod:`simlab.core.study.tally`): then
        ``run_study(..., tally=True)`` folds each chunk's rows into counts by
        these columns, and memory stays flat in the number of games.

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
    #: ``plot(result)`` takes a :class:`~simlab.core.study.result.StudyResult` (a floor up:
    #: the result holds its study, so the study does not name the result's type).
    plot: Callable[[Any], Figure] | str | None = None
    chunk_size: int = 1000
    combine: str = "concat"
    description: str = ""
    default_games: int = 1000
    tally: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", tuple(self.params))
        if self.tally is not None:
            if self.combine != "concat":
                raise ConfigError(f"study {self.name!r}: only a combine='concat' study can tally")
            object.__setattr__(self, "tally", tuple(self.tally))
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
