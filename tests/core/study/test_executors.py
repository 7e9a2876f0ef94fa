"""Tests of simlab.core.study.executors: where chunks are played, and in which order.

Each chunk task is checked against the chunk written out with the seeding rule
(:func:`~simlab.core.study.seeding.chunk_seed`), in this process, in a thread pool
and in a process pool; the in-flight bound against a pool that counts.
"""

from __future__ import annotations

import concurrent.futures as cf
import functools
import os
import threading
import types
from typing import ClassVar

import numpy as np
import pandas as pd
import pytest

from simlab.core.data import ANY_GAME, scoped_folder
from simlab.core.data_bundle import bundle_folder, shipped_digests
from simlab.core.errors import ConfigError
from simlab.core.study import Study
from simlab.core.study import executors as ex
from simlab.core.study import registry as study_registry
from simlab.core.study.seeding import chunk_seed, per_game


def rows_chunk(params, seed_seq, first, n):
    """Per game: its index, its chunk seed's first word, the folder in scope, the pid."""
    folder = scoped_folder(ANY_GAME)
    return pd.DataFrame({"game": range(first, first + n),
                         "state": int(seed_seq.generate_state(1)[0]),
                         "seat": [g % 2 for g in range(first, first + n)],
                         "won": [g % 3 == 0 for g in range(first, first + n)],
                         "folder": None if folder is None else str(folder),
                         "pid": os.getpid(), "p": params["p"]})


def summary(games, params):
    return pd.DataFrame()


STUDY = Study("ex-rows", "Rows", (), run_chunk=rows_chunk, summarize=summary, chunk_size=3)
CHUNKS = [(0, 0, 3), (1, 3, 3), (2, 6, 1)]


def _state(entropy: int, k: int) -> int:
    return int(np.random.SeedSequence(entropy, spawn_key=(k,)).generate_state(1)[0])


def test_a_chunk_task_plays_its_games_from_its_chunk_seed():
    frame = ex._run_chunk_task(STUDY, {"p": 1}, 17, 2, 6, 4)
    assert frame["game"].tolist() == [6, 7, 8, 9]
    assert set(frame["state"]) == {_state(17, 2)}
    assert int(chunk_seed(17, 2).generate_state(1)[0]) == _state(17, 2)
    assert frame["folder"].isna().all()


def test_a_chunk_task_on_a_folder_a_bundle_or_the_shipped_set(tmp_path):
    (tmp_path / "tiles.txt").write_text("a tile\n")
    on_folder = ex._run_chunk_task(STUDY, {"p": 1}, 1, 0, 0, 1, str(tmp_path))
    assert on_folder["folder"].tolist() == [str(tmp_path)]
    on_bundle = ex._run_chunk_task(STUDY, {"p": 1}, 1, 0, 0, 1, bundle_folder(tmp_path))
    unpacked = on_bundle["folder"].iloc[0]
    assert unpacked != str(tmp_path) and os.path.isfile(os.path.join(unpacked, "tiles.txt"))
    shipped = ex._run_chunk_task(STUDY, {"p": 1}, 1, 0, 0, 1, shipped_digests())
    assert shipped["folder"].isna().all()


def test_a_sum_study_chunk_is_folded_and_a_tally_counted():
    def counts(params, seed_seq, first, n):
        return pd.DataFrame({"k": [2, 1, 2], "count": [1, 1, 5]})

    summed = Study("ex-sum", "S", (), run_chunk=counts, summarize=summary, combine="sum")
    assert ex._run_chunk_task(summed, {}, 0, 0, 0, 3).to_dict("list") == {
        "k": [1, 2], "count": [1, 6]}
    tallied = Study("ex-tally", "T", (), run_chunk=rows_chunk, summarize=summary,
                    tally=("seat",))
    table = ex._run_chunk_task(tallied, {"p": 1}, 0, 0, 0, 6, None, True)
    won = table[(table["quantity"] == "won") & (table["value"] == 1.0)]
    assert dict(zip(won["seat"], won["count"], strict=True)) == {0: 1, 1: 1}  # games 0 and 3
    rows = ex._run_chunk_task(tallied, {"p": 1}, 0, 0, 0, 6, None, False)
    assert len(rows) == 6


def test_a_chunk_that_is_not_a_frame_is_an_error():
    bad = Study("ex-bad", "B", (), run_chunk=lambda p, s, f, n: [1], summarize=summary)
    with pytest.raises(ConfigError) as excinfo:
        ex._run_chunk_task(bad, {}, 0, 0, 0, 1)
    assert str(excinfo.value) == "study 'ex-bad': run_chunk returned list"


def test_a_reference_is_the_study_or_its_name_and_module(monkeypatch):
    assert ex._resolve_ref(STUDY) is STUDY
    monkeypatch.setitem(study_registry._REGISTRY, STUDY.name, STUDY)
    assert ex._resolve_ref((STUDY.name, None)) is STUDY
    assert ex._study_ref(STUDY, check_pickle=True) == (STUDY.name, __name__)
    imported = []
    monkeypatch.delitem(study_registry._REGISTRY, STUDY.name)
    monkeypatch.setattr(ex.importlib, "import_module", lambda name: imported.append(name)
                        or study_registry._REGISTRY.setdefault(STUDY.name, STUDY))
    assert ex._resolve_ref((STUDY.name, "some.module")) is STUDY
    assert imported == ["some.module"]


def test_an_unregistered_study_travels_itself_or_is_refused():
    assert ex._study_ref(STUDY, check_pickle=True) is STUDY
    local = Study("ex-local", "L", (), run_chunk=lambda p, s, f, n: None, summarize=summary)
    assert ex._study_ref(local, check_pickle=False) is local
    with pytest.raises(ConfigError) as excinfo:
        ex._study_ref(local, check_pickle=True)
    assert str(excinfo.value).startswith("study 'ex-local' cannot be sent to worker processes (")
    assert str(excinfo.value).endswith("); define its functions at module level or register it")


def test_a_registered_study_of_main_that_cannot_be_pickled_goes_by_name(monkeypatch):
    def run(params, seed_seq, first, n):
        return None

    run.__module__ = "__main__"  # defined in a script or a notebook: no module to import
    local = Study("ex-local", "L", (), run_chunk=run, summarize=summary)
    monkeypatch.setitem(study_registry._REGISTRY, local.name, local)
    assert ex._study_ref(local, check_pickle=True) == ("ex-local", None)


def test_the_width_of_an_executor():
    with cf.ThreadPoolExecutor(3) as pool:
        assert ex._executor_width(pool) == 3
    client = types.SimpleNamespace(nthreads=lambda: {"a": 2, "b": 4})
    assert ex._executor_width(types.SimpleNamespace(_client=client)) == 6
    empty = types.SimpleNamespace(nthreads=lambda: {})
    assert ex._executor_width(types.SimpleNamespace(_client=empty)) == 1
    broken = types.SimpleNamespace(nthreads=lambda: 1 / 0)
    assert ex._executor_width(types.SimpleNamespace(_client=broken)) == (os.cpu_count() or 2)
    assert ex._executor_width(types.SimpleNamespace(_max_workers=0)) == (os.cpu_count() or 2)


def test_results_come_in_task_order_with_at_most_in_flight_pending():
    pending, most, lock = [0], [0], threading.Lock()

    def task(*args):
        return args

    class Pool(cf.ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            with lock:
                pending[0] += 1
                most[0] = max(most[0], pending[0])
            future = super().submit(task, *args)
            future.add_done_callback(lambda _: pending.__setitem__(0, pending[0] - 1))
            return future

    with Pool(4) as pool:
        out = list(ex._ordered_results(pool, [(k,) for k in range(20)], 3))
    assert out == [(k,) for k in range(20)]
    assert most[0] <= 3


def test_chunk_results_in_this_process_a_pool_or_an_executor():
    here = pd.concat(ex.chunk_results(STUDY, {"p": 2}, 5, CHUNKS, 1, None))
    assert here["game"].tolist() == list(range(7))
    assert here["state"].tolist() == [_state(5, k) for k in (0, 0, 0, 1, 1, 1, 2)]
    assert set(here["pid"]) == {os.getpid()}
    pooled = pd.concat(ex.chunk_results(STUDY, {"p": 2}, 5, CHUNKS, 2, None))
    assert set(pooled["pid"]) != {os.getpid()}
    columns = ["game", "state", "p"]
    pd.testing.assert_frame_equal(pooled[columns], here[columns])
    with cf.ThreadPoolExecutor(2) as pool:
        given = pd.concat(ex.chunk_results(STUDY, {"p": 2}, 5, CHUNKS, 1, pool))
    pd.testing.assert_frame_equal(given[columns], here[columns])


def test_one_chunk_plays_here_whatever_the_jobs():
    frame = pd.concat(ex.chunk_results(STUDY, {"p": 2}, 5, CHUNKS[:1], 4, None))
    assert set(frame["pid"]) == {os.getpid()}


def test_the_scheduler_address(monkeypatch):
    monkeypatch.setenv(ex.SCHEDULER_ENV, " tcp://10.0.0.9:8786 ")
    assert ex.SCHEDULER_ENV == "SIMLAB_SCHEDULER"
    assert ex.scheduler_address(" tcp://a:1 ") == "tcp://a:1"
    assert ex.scheduler_address(None) == "tcp://10.0.0.9:8786"
    assert ex.scheduler_address("") == "tcp://10.0.0.9:8786"
    monkeypatch.setenv(ex.SCHEDULER_ENV, "  ")
    assert ex.scheduler_address(None) is None


# ------------------------------------------------------------------ after mutmut's first pass


def test_a_registered_name_is_not_imported_again(monkeypatch):
    monkeypatch.setitem(study_registry._REGISTRY, STUDY.name, STUDY)
    assert ex._resolve_ref((STUDY.name, "no.such.module")) is STUDY


def test_a_sum_chunk_without_counts_names_the_study():
    summed = Study("ex-sum", "S", (), run_chunk=rows_chunk, summarize=summary, combine="sum")
    with pytest.raises(ConfigError) as excinfo:
        ex._run_chunk_task(summed, {"p": 1}, 0, 0, 0, 1)
    assert str(excinfo.value) == "study 'ex-sum': a combine='sum' chunk needs a 'count' column"


def _game(params, rng, game):
    return {"u": float(rng.random())}


@pytest.mark.parametrize("run_chunk", [per_game(_game), functools.partial(rows_chunk)])
def test_a_wrapped_run_chunk_is_found_by_its_functions_module(monkeypatch, run_chunk):
    study = Study("ex-wrapped", "W", (), run_chunk=run_chunk, summarize=summary)
    monkeypatch.setitem(study_registry._REGISTRY, study.name, study)
    assert ex._study_ref(study, check_pickle=False) == ("ex-wrapped", __name__)


def test_a_study_registered_from_main_travels_itself(monkeypatch):
    monkeypatch.setitem(study_registry._REGISTRY, STUDY.name, STUDY)
    monkeypatch.setitem(study_registry._REGISTERED_BY, STUDY.name, "__main__")
    assert ex._study_ref(STUDY, check_pickle=True) is STUDY


def test_the_width_of_one_worker_and_of_an_unknown_machine(monkeypatch):
    with cf.ThreadPoolExecutor(1) as pool:
        assert ex._executor_width(pool) == 1
    monkeypatch.setattr(ex.os, "cpu_count", lambda: None)
    assert ex._executor_width(types.SimpleNamespace()) == 2


def test_an_executor_is_sent_the_components_as_values():
    sent = []

    class Pool(cf.ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            sent.append(args)
            return super().submit(fn, *args, **kwargs)

    local = Study("ex-local", "L", (), run_chunk=lambda p, s, f, n: rows_chunk(p, s, f, n),
                  summarize=summary)  # cannot be pickled: a thread pool does not need to
    with Pool(2) as pool:
        list(ex.chunk_results(local, {"p": 1}, 5, CHUNKS[:1], 1, pool))
    assert sent[0][0] is local and type(sent[0][6]).__name__ == "ShippedDigests"
    assert sent[0][7] is False


def test_components_reach_the_chunks_here_and_travel_as_a_bundle(tmp_path):
    (tmp_path / "tiles.txt").write_text("a tile\n")
    here = pd.concat(ex.chunk_results(STUDY, {"p": 1}, 5, CHUNKS, 1, None, str(tmp_path)))
    assert set(here["folder"]) == {str(tmp_path)}
    sent = []

    class Pool(cf.ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            sent.append(args[6])
            return super().submit(fn, *args, **kwargs)

    bundle = bundle_folder(tmp_path)
    with Pool(1) as pool:
        list(ex.chunk_results(STUDY, {"p": 1}, 5, CHUNKS[:1], 1, pool, str(tmp_path)))
        list(ex.chunk_results(STUDY, {"p": 1}, 5, CHUNKS[:1], 1, pool, bundle))
    assert sent[0] == bundle and sent[0].source == str(tmp_path)
    assert sent[1] is bundle


def test_an_unpicklable_unregistered_study_is_refused_before_a_pool_starts():
    local = Study("ex-local", "L", (), run_chunk=lambda p, s, f, n: rows_chunk(p, s, f, n),
                  summarize=summary)
    with pytest.raises(ConfigError, match=r"^study 'ex-local' cannot be sent to worker processes"):
        list(ex.chunk_results(local, {"p": 1}, 5, CHUNKS, 2, None))


class CountingPool(cf.Executor):
    """Runs each task at once; records its width, the tasks submitted before the first
    result was asked for, and how it was shut down."""

    made: ClassVar[list[CountingPool]] = []

    def __init__(self, max_workers=None):
        self._max_workers = max_workers
        self.submitted, self.first_result_after, self.shutdowns = 0, None, []
        CountingPool.made.append(self)

    def submit(self, fn, /, *args, **kwargs):
        self.submitted += 1
        pool, future = self, cf.Future()

        class Asked(cf.Future):
            def result(self, timeout=None):
                if pool.first_result_after is None:
                    pool.first_result_after = pool.submitted
                return future.result(timeout)

        future.set_result(fn(*args, **kwargs))
        return Asked()

    def shutdown(self, wait=True, *, cancel_futures=False):
        self.shutdowns.append((wait, cancel_futures))


MANY = [(k, k, 1) for k in range(14)]


def test_a_given_executor_has_two_tasks_in_flight_per_worker():
    pool = CountingPool(max_workers=5)
    frames = list(ex.chunk_results(STUDY, {"p": 1}, 5, MANY, 1, pool))
    assert [int(f["game"].iloc[0]) for f in frames] == list(range(14))
    assert pool.first_result_after == 10  # 2 per worker, 5 workers (not the CPU count)


def test_a_process_pool_has_as_many_workers_as_jobs_two_tasks_each_and_is_waited_for(
        monkeypatch):
    CountingPool.made.clear()
    monkeypatch.setattr(ex.cf, "ProcessPoolExecutor", CountingPool)
    frames = list(ex.chunk_results(STUDY, {"p": 1}, 5, MANY, 3, None))
    assert [int(f["game"].iloc[0]) for f in frames] == list(range(14))
    (pool,) = CountingPool.made
    assert pool._max_workers == 3 and pool.first_result_after == 6
    assert pool.shutdowns == [(True, True)]


def test_a_run_chunk_without_a_module_names_none():
    study = Study("ex-nameless", "N", (), run_chunk=rows_chunk.__call__, summarize=summary)
    assert not hasattr(study.run_chunk, "__module__")
    assert ex._defining_module(study) is None
    assert ex._study_ref(study, check_pickle=False) is study
