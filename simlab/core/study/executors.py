"""Where chunks are played: in this process, a process pool, or any Executor, in order."""

from __future__ import annotations

import concurrent.futures as cf
import importlib
import os
import pickle
from collections import deque
from collections.abc import Generator, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pandas as pd

from simlab.core.data import ANY_GAME, components_scope
from simlab.core.data_bundle import (
    ComponentBundle,
    ShippedDigests,
    bundle_folder,
    check_shipped,
    shipped_digests,
    unpack,
)
from simlab.core.errors import ConfigError
from simlab.core.study.combine import SumFold
from simlab.core.study.definition import Study
from simlab.core.study.registry import _REGISTRY, get_study, provider_module
from simlab.core.study.seeding import chunk_seed
from simlab.core.study.tally import tally_rows

__all__ = ["SCHEDULER_ENV", "chunk_results", "scheduler_address", "scheduler_executor"]

_IN_FLIGHT_PER_WORKER = 2



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
    data: str | ComponentBundle | ShippedDigests | None = None,
    tally: bool = False,
) -> pd.DataFrame:
    """Play chunk ``k`` (module level, so any executor and start method can run it).

    ``data``: the component folder every game of the chunk is built on, or its
    contents as a :class:`~simlab.core.data_bundle.ComponentBundle` (unpacked here
    and checked against its digest), or the shipped set's
    :class:`~simlab.core.data_bundle.ShippedDigests` (checked against this worker's
    shipped set) (``None``: as the study says, normally the shipped set).  ``tally``: hand
    back the chunk's rows folded into a tally by ``study.tally`` (done here, in
    the worker, so only counts travel back).
    """
    study = _resolve_ref(ref)
    if isinstance(data, ComponentBundle):  # the contents travelled: checked, then a folder here
        data = str(unpack(data))
    elif isinstance(data, ShippedDigests):  # the shipped set: the worker's own, if the same
        check_shipped(data)
        data = None
    with components_scope(ANY_GAME, data):
        frame = study.run_chunk(dict(params), chunk_seed(entropy, k), first, n)
    if not isinstance(frame, pd.DataFrame):
        raise ConfigError(f"study {study.name!r}: run_chunk returned {type(frame).__name__}")
    if study.combine == "sum":
        return SumFold(study.name).add(frame).result()
    if tally:
        return tally_rows(frame, study.tally or ())
    return frame


def _defining_module(study: Study) -> str | None:
    fn = study.run_chunk
    fn = getattr(fn, "fn", None) or getattr(fn, "func", None) or fn
    module = getattr(fn, "__module__", None)
    return None if module in (None, "__main__") else module


def _study_ref(study: Study, *, check_pickle: bool) -> Study | tuple[str, str | None]:
    """What a task carries: the registry name (+ provider module) or the study itself."""
    module = provider_module(study.name) or _defining_module(study)
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


def chunk_results(
    study: Study,
    params: dict[str, Any],
    entropy: int,
    chunks: list[tuple[int, int, int]],
    jobs: int,
    executor: cf.Executor | None,
    data: str | ComponentBundle | None = None,
    tally: bool = False,
) -> Generator[pd.DataFrame, None, None]:
    """Chunk frames in chunk order, played where ``jobs``/``executor`` say (on ``data``).

    ``tally``: each frame is the chunk's tally (see :func:`_run_chunk_task`).
    """
    if executor is not None:
        # a given executor may be a cluster without this machine's files: the component
        # contents travel with each task (a value, checked by digest on the worker)
        shipped: ComponentBundle | ShippedDigests = (
            bundle_folder(data) if isinstance(data, str)
            else shipped_digests() if data is None else data)
        ref = _study_ref(study, check_pickle=False)
        tasks = ((ref, params, entropy, *chunk, shipped, tally) for chunk in chunks)
        width = _executor_width(executor)
        yield from _ordered_results(executor, tasks, _IN_FLIGHT_PER_WORKER * width)
        return
    workers = min(jobs, len(chunks))
    if workers <= 1:
        for chunk in chunks:
            yield _run_chunk_task(study, params, entropy, *chunk, data, tally)
        return
    ref = _study_ref(study, check_pickle=True)
    pool_tasks = ((ref, params, entropy, *chunk, data, tally) for chunk in chunks)
    pool = cf.ProcessPoolExecutor(max_workers=workers)
    try:
        yield from _ordered_results(pool, pool_tasks, _IN_FLIGHT_PER_WORKER * workers)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# -- a dask cluster from an address ---------------------------------------------------------
#: The environment variable that names a dask scheduler when ``--scheduler`` is not given.
SCHEDULER_ENV = "SIMLAB_SCHEDULER"


def scheduler_address(address: str | None = None) -> str | None:
    """The scheduler a command runs on: ``address``, else ``$SIMLAB_SCHEDULER``, else None.

    Examples
    --------
    >>> scheduler_address("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    >>> import os; os.environ.pop(SCHEDULER_ENV, None) and None
    >>> scheduler_address(None) is None
    True
    """
    if address:
        return address.strip()
    found = os.environ.get(SCHEDULER_ENV, "").strip()
    return found or None


@contextmanager
def scheduler_executor(address: str, timeout: float = 3.0) -> Iterator[cf.Executor]:
    """A ``concurrent.futures`` executor on the dask cluster whose scheduler is at ``address``.

    The executor runs any study (``run_study(..., executor=...)``): the component
    data travel with each task, never as a path (see :mod:`simlab.core.data_bundle`),
    so the workers need no shared file system, only simlab installed.  The client
    is closed when the block ends.  ``simlab study``, ``simlab report`` and the
    balance lab's commands reach it through ``--scheduler`` or ``SIMLAB_SCHEDULER``.

    Parameters
    ----------
    address : str
        ``tcp://HOST:PORT`` (or ``HOST:PORT``) of a running ``dask scheduler``.
    timeout : float, default 3
        Seconds to wait for the scheduler before giving up.

    Raises
    ------
    ConfigError
        dask.distributed is not installed, or no scheduler answers at ``address``
        within ``timeout`` seconds (one line; nothing has run).

    Examples
    --------
    >>> with scheduler_executor("tcp://127.0.0.1:9", timeout=0.5) as ex:  # doctest: +SKIP
    ...     pass
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: --scheduler 'tcp://127.0.0.1:9': no dask scheduler answers ...
    """
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - the `cluster` extra
        raise ConfigError("--scheduler needs dask.distributed: pip install 'simlab[cluster]'") \
            from None
    try:
        client = Client(address, timeout=f"{timeout}s", set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ConfigError(f"--scheduler {address!r}: no dask scheduler answers there within "
                          f"{timeout:g} s ({reason[:120]})") from None
    try:
        yield client.get_executor()
    finally:
        client.close()
