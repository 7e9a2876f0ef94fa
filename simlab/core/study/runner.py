"""run_study: check the arguments, play the chunks, combine, summarize."""

from __future__ import annotations

import concurrent.futures as cf
import os
import time
from typing import Any

import numpy as np
import pandas as pd

from simlab.core.checks import whole_number
from simlab.core.data_bundle import ComponentBundle
from simlab.core.errors import ConfigError
from simlab.core.study.combine import combine
from simlab.core.study.definition import Study
from simlab.core.study.executors import chunk_results
from simlab.core.study.progress import progress_bar, searches
from simlab.core.study.registry import get_study
from simlab.core.study.result import StudyResult
from simlab.core.study.seeding import chunks as make_chunks

__all__ = ["run_study"]


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


def run_study(
    name_or_study: str | Study,
    games: int | None = None,
    seed: int | None = 0,
    jobs: int = 1,
    executor: cf.Executor | None = None,
    progress: Any = None,
    data: str | os.PathLike[str] | ComponentBundle | None = None,
    compare_data: str | os.PathLike[str] | ComponentBundle | None = None,
    tally: bool = False,
    **params: Any,
) -> Any:
    """Play a study's games and summarize them (or compare two component sets).

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
        Jupyter).  ``None``: when stderr is a terminal or the code runs in
        a Jupyter kernel, from ``PROGRESS_MIN_GAMES`` games, or for any
        number when a parameter names a search policy (``mcts``, ``mcts-N``).  A
        callable is called as ``progress(done, total)`` after each chunk; an
        object with ``update(n)`` and ``close()`` (a tqdm bar of the
        caller's, say) is updated by games done and closed at the end.
    data : path, optional
        A component folder laid out like ``data/<game>/`` (or a ``data/``
        tree holding it): every game of the study is built on it, in this
        process and in every worker.  The shipped set when omitted.
    compare_data : path, optional
        A second component folder: the study is run on ``data`` and on
        ``compare_data`` on the same seed, and a
        :class:`~simlab.core.study.compare.ComparisonResult` gives each
        quantity's difference with a paired interval.
    tally : bool, default False
        Fold each chunk's rows into counts by the study's group columns
        (``Study.tally``; :mod:`simlab.core.study.tally`) as the games are
        played: ``result.games`` is then the tally, memory stays flat in the
        number of games, and the summary is the same.  Only for studies that
        declare ``tally``, and not with ``compare_data`` (which pairs games).
    **params
        Study parameters, typed values or command-line strings.

    Returns
    -------
    StudyResult or ComparisonResult
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
    folder_a, folder_b = _check_folder(data, "data"), _check_folder(compare_data, "compare_data")
    tally = _check_tally(tally, study, folder_b)
    if folder_b is not None:
        from simlab.core.study.compare import ComparisonResult, difference_table

        a = _run(study, values, n_games, entropy, n_jobs, executor, progress, folder_a, False)
        b = _run(study, values, n_games, entropy, n_jobs, executor, progress, folder_b, False)
        return ComparisonResult(a, b, _label(folder_a), _label(folder_b),
                                difference_table(a.games, a.summary, b.games, b.summary))
    return _run(study, values, n_games, entropy, n_jobs, executor, progress, folder_a, tally)


def _check_tally(tally: Any, study: Study, compare: str | ComponentBundle | None) -> bool:
    """``tally`` as a bool, refused where the study cannot tally or games must pair."""
    if not isinstance(tally, bool):
        raise ConfigError(f"tally must be True or False, not {tally!r}")
    if tally and study.tally is None:
        from simlab.core.study.registry import study_names

        able = [n for n in study_names() if get_study(n).tally is not None]
        raise ConfigError(f"study {study.name!r} keeps a row a game and cannot tally; "
                          f"studies that can: {', '.join(able) or '(none)'}")
    if tally and compare is not None:
        raise ConfigError("tally and compare_data exclude each other: a comparison pairs "
                          "the games, a tally keeps none")
    return tally


def _check_folder(data: Any, what: str) -> str | ComponentBundle | None:
    """``data`` as a folder path (text), a bundle of component contents as given, or None."""
    if data is None or isinstance(data, ComponentBundle):
        return data
    if not isinstance(data, str | os.PathLike) or not os.path.isdir(data):
        raise ConfigError(f"{what}: {str(data)!r} is not a folder")
    return os.path.abspath(data)


def _label(folder: str | ComponentBundle | None) -> str:
    if isinstance(folder, ComponentBundle):
        return folder.source
    return "shipped" if folder is None else folder


def _run(study: Study, values: dict[str, Any], n_games: int, entropy: int, n_jobs: int,
         executor: cf.Executor | None, progress: Any, data: str | ComponentBundle | None,
         tally: bool) -> StudyResult:
    """One run of ``study`` on the components in ``data`` (its rows tallied if ``tally``)."""
    chunks = make_chunks(n_games, int(study.chunk_size))
    started = time.perf_counter()
    bar = progress_bar(progress, n_games, study.name, slow=searches(values))
    results = chunk_results(study, values, entropy, chunks, n_jobs, executor, data, tally)
    try:
        table = combine(study, zip(chunks, results, strict=True), bar, tally)
    finally:
        results.close()  # on an error: cancel pending chunks, shut our pool down now
        bar.close()
    summary = study.summarize(table, dict(values))
    if not isinstance(summary, pd.DataFrame):
        raise ConfigError(f"study {study.name!r}: summarize returned {type(summary).__name__}")
    return StudyResult(
        study=study,
        params={**values, "games": n_games, "seed": entropy,
                **({} if data is None else {"data": _label(data)}),
                **({"tally": True} if tally else {})},
        games=table,
        summary=summary,
        elapsed=time.perf_counter() - started,
    )
