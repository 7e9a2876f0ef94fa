"""Where the games of ``simlab study`` and ``simlab report`` run.

In this process (``--jobs 1``), on a process pool whose workers ignore Ctrl-C
(so the parent stops the run and says so, see :mod:`simlab.cli.progress`), or on
the dask cluster that ``--scheduler`` or ``$SIMLAB_SCHEDULER`` names.  The
numbers are the same on each (:func:`simlab.core.study.run_study`).
"""

from __future__ import annotations

import argparse
import math
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import concurrent.futures as cf

    from simlab.cli.progress import Progress
    from simlab.core.study import Study, StudyResult

__all__ = ["cluster_from", "pool", "run"]


def _ignore_sigint() -> None:  # pragma: no cover - runs in worker processes
    """Workers leave Ctrl-C to the parent, which stops the run and says so."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def pool(study: Study, games: int, jobs: int) -> cf.Executor | None:
    """A process pool whose workers ignore Ctrl-C (None for one process).

    As many workers as ``run_study`` would start itself: never more than chunks.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> pool(SimpleNamespace(chunk_size=100), games=100, jobs=4) is None  # one chunk
    True
    """
    workers = min(jobs, math.ceil(games / int(study.chunk_size)))
    if workers <= 1:
        return None
    from concurrent.futures import ProcessPoolExecutor  # building the parser imports no pool

    return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)


def run(study: Study, games: int, args: argparse.Namespace, progress: Progress,
        params: dict[str, Any], cluster: cf.Executor | None = None) -> StudyResult:
    """``run_study`` on ``cluster``, in this process, or on a pool whose workers ignore
    Ctrl-C (``args``: the command's ``seed`` and ``jobs``)."""
    from simlab.core.study import run_study

    executor = pool(study, games, args.jobs) if cluster is None else None
    try:
        return run_study(study, games=games, seed=args.seed, jobs=args.jobs,
                         executor=cluster or executor, progress=progress, **params)
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


@contextmanager
def cluster_from(args: argparse.Namespace) -> Iterator[cf.Executor | None]:
    """The dask cluster that ``--scheduler`` (or ``SIMLAB_SCHEDULER``) names, or None.

    Raises
    ------
    ConfigError
        No scheduler answers at the address within a few seconds.
    """
    from simlab.core.study.executors import scheduler_address, scheduler_executor

    address = scheduler_address(getattr(args, "scheduler", None))
    if address is None:
        yield None
        return
    with scheduler_executor(address) as executor:
        yield executor
