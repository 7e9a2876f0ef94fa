"""Tests of simlab.core.study.runner: run_study's arguments, its runs and what it returns.

The studies here record, per game, the chunk it was played in, the component folder
its chunk saw and a draw of its own generator, so each test can read off what the
runner did and check it against the documented rule written out (chunks of
``chunk_size``, ``SeedSequence(seed, spawn_key=(game,))``, the folder made absolute).
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import os
import threading
import time

import numpy as np
import pandas as pd
import pytest

from simlab.core import stats
from simlab.core.data import ANY_GAME, scoped_folder
from simlab.core.data_bundle import ComponentBundle
from simlab.core.errors import ConfigError
from simlab.core.study import Param, Study, StudyResult, run_study, runner, summarize_games
from simlab.core.study import registry as study_registry
from simlab.core.study.compare import ComparisonResult, difference_table


def draw_chunk(params, seed_seq, first, n):
    """Per game: its index, its chunk's first game, the folder in scope, two draws."""
    folder = scoped_folder(ANY_GAME)
    rows = []
    for game in range(first, first + n):
        rng = np.random.default_rng(np.random.SeedSequence(seed_seq.entropy, spawn_key=(game,)))
        rows.append({"game": game, "first": first,
                     "folder": None if folder is None else str(folder),
                     "seat": game % 2, "u": float(rng.random()),
                     "hit": bool(rng.random() < params["p"])})
    return pd.DataFrame(rows)


def draw_summary(games, params):
    return stats.summarize(games, proportions=["hit"], means=["u"])


def tally_summary(games, params):
    return summarize_games(games, by=["seat"], proportions=["hit"])


DRAW = Study("runner-draw", "Draws", (Param("p", 0.5, float), Param("policy", "random", str)),
             run_chunk=draw_chunk, summarize=draw_summary, chunk_size=7, default_games=23)


def _u(seed: int, game: int) -> float:
    """Game ``game``'s first draw, from the documented seeding rule."""
    return float(np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(game,))).random())


class Bar:
    """A caller's bar: records its updates and closes."""

    def __init__(self) -> None:
        self.updates: list[int] = []
        self.closed = 0

    def update(self, n: int) -> None:
        self.updates.append(n)

    def close(self) -> None:
        self.closed += 1


# --------------------------------------------------------------------------- one run


def test_a_run_plays_the_games_in_chunks_of_the_study_seeded_by_the_root_seed():
    result = run_study(DRAW, games=30, seed=4, p=0.25)
    games = result.games
    assert isinstance(result, StudyResult) and result.study is DRAW
    assert games["game"].tolist() == list(range(30))
    assert games["first"].tolist() == [7 * (g // 7) for g in range(30)]
    assert games["u"].tolist() == [_u(4, g) for g in range(30)]
    assert games["folder"].isna().all()  # the shipped set: no folder in scope
    hits = int(games["hit"].sum())
    row = result.summary.set_index("quantity").loc["hit"]
    assert (row["estimate"], row["n"]) == (hits / 30, 30)
    assert result.params == {"p": 0.25, "policy": "random", "games": 30, "seed": 4}


def test_defaults_are_the_studys_games_seed_0_and_this_process():
    result = run_study(DRAW)
    assert len(result.games) == 23
    assert result.games["u"].tolist() == [_u(0, g) for g in range(23)]
    assert result.params == {"p": 0.5, "policy": "random", "games": 23, "seed": 0}


def test_a_registered_name_runs_that_study(monkeypatch):
    monkeypatch.setitem(study_registry._REGISTRY, DRAW.name, DRAW)
    result = run_study("runner-draw", games=8, seed=2)
    assert result.study is DRAW and result.games["u"].tolist() == [_u(2, g) for g in range(8)]


def test_games_given_as_text_or_a_whole_float():
    assert len(run_study(DRAW, games="9").games) == 9
    assert len(run_study(DRAW, games=10.0).games) == 10
    assert run_study(DRAW, games=3, seed="5").params["seed"] == 5


def test_seed_none_is_fresh_entropy_recorded_so_the_run_repeats():
    first = run_study(DRAW, games=5, seed=None)
    second = run_study(DRAW, games=5, seed=None)
    seed = first.params["seed"]
    assert isinstance(seed, int) and seed >= 2**64  # SeedSequence entropy: 128 bits
    assert seed != second.params["seed"]
    assert first.games["u"].tolist() == [_u(seed, g) for g in range(5)]


def test_elapsed_is_the_wall_time_of_the_run():
    def slow_summary(games, params):
        time.sleep(0.05)
        return draw_summary(games, params)

    slow = dataclasses.replace(DRAW, summarize=slow_summary)
    before = time.perf_counter()
    result = run_study(slow, games=3)
    wall = time.perf_counter() - before
    assert 0.05 <= result.elapsed <= wall


def test_two_jobs_give_the_same_table():
    one = run_study(DRAW, games=30, seed=6)
    pd.testing.assert_frame_equal(one.games, run_study(DRAW, games=30, seed=6, jobs=2).games)


def test_a_given_executor_is_used_and_left_open():
    with cf.ThreadPoolExecutor(1) as pool:
        result = run_study(DRAW, games=15, seed=1, executor=pool, jobs=5)
        assert pool.submit(int, "7").result() == 7
    assert result.games["u"].tolist() == [_u(1, g) for g in range(15)]


# --------------------------------------------------------------------------- progress


def test_a_callable_hears_the_games_done_after_each_chunk():
    heard = []
    run_study(DRAW, games=16, progress=lambda done, total: heard.append((done, total)))
    assert heard == [(7, 16), (14, 16), (16, 16)]


def test_a_callers_bar_is_updated_by_chunk_and_closed_once():
    bar = Bar()
    run_study(DRAW, games=16, progress=bar)
    assert (bar.updates, bar.closed) == ([7, 7, 2], 1)


def test_the_bar_is_asked_for_with_the_games_the_name_and_whether_a_search_plays(monkeypatch):
    asked = []

    def progress_bar(progress, games, desc, slow=False):
        asked.append((progress, games, desc, slow))
        return Bar()

    monkeypatch.setattr(runner, "progress_bar", progress_bar)
    run_study(DRAW, games=4, progress=False)
    run_study(DRAW, games=4, policy="mcts-30")
    assert asked == [(False, 4, "runner-draw", False), (None, 4, "runner-draw", True)]


class StoppingBar(Bar):
    """A caller's bar whose first update stops the run (as a Ctrl-C in a widget would)."""

    def update(self, n: int) -> None:
        raise RuntimeError("stopped")


@pytest.mark.parametrize(("broken_game", "bar_type", "error"), [
    (0, Bar, "game 0 broke"),  # raised inside the chunks' generator
    (None, StoppingBar, "stopped"),  # raised outside it, while it waits: runner closes it
])
def test_an_error_closes_the_bar_and_cancels_the_chunks_not_started(broken_game, bar_type, error):
    bar = bar_type()
    release = threading.Event()
    submitted: list[cf.Future] = []

    def chunk(params, seed_seq, first, n):
        if first == broken_game:
            raise ValueError("game 0 broke")
        if first > 0:
            release.wait(5)
        return draw_chunk(params, seed_seq, first, n)

    class Pool(cf.ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):
            submitted.append(super().submit(fn, *args, **kwargs))
            return submitted[-1]

    broken = dataclasses.replace(DRAW, name="runner-broken", run_chunk=chunk, chunk_size=1)
    with Pool(4) as pool:  # chunk 0 ends at once; 1 to 4 hold the threads; the rest wait
        with pytest.raises((ValueError, RuntimeError), match=error) as excinfo:
            run_study(broken, games=40, executor=pool, progress=bar)
        states = [(f.cancelled(), f.running() or f.done()) for f in submitted]
        release.set()
    del excinfo  # (its traceback holds the runner's frame, and so the chunks' generator)
    assert bar.closed == 1 and bar.updates == []
    assert all(cancelled or started for cancelled, started in states)  # none left waiting
    assert sum(cancelled for cancelled, _ in states) >= len(submitted) - 5 >= 3


def test_a_summary_that_is_not_a_frame_is_an_error():
    bad = dataclasses.replace(DRAW, summarize=lambda games, params: {"p": 1})
    with pytest.raises(ConfigError) as excinfo:
        run_study(bad, games=2)
    assert str(excinfo.value) == "study 'runner-draw': summarize returned dict"


# --------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"games": 0}, "games must be a whole number >= 1, got 0"),
    ({"games": "1.5"}, "games must be a whole number >= 1, got '1.5'"),
    ({"seed": -1}, "seed must be a whole number >= 0, got -1"),
    ({"jobs": 0}, "jobs must be a whole number >= 1, got 0"),
    ({"tally": "yes"}, "tally must be True or False, not 'yes'"),
    ({"tally": 1}, "tally must be True or False, not 1"),
    ({"data": 5}, "data: '5' is not a folder"),
    ({"data": "no/such/folder"}, "data: 'no/such/folder' is not a folder"),
    ({"compare_data": "no/such/folder"}, "compare_data: 'no/such/folder' is not a folder"),
])
def test_bad_arguments_are_one_line_naming_them(kwargs, message):
    with pytest.raises(ConfigError) as excinfo:
        run_study(DRAW, **kwargs)
    assert str(excinfo.value) == message


def test_a_file_is_not_a_folder(tmp_path):
    path = tmp_path / "tiles.txt"
    path.write_text("x\n")
    with pytest.raises(ConfigError, match=r"^data: '.*tiles\.txt' is not a folder$"):
        run_study(DRAW, data=path)


def test_the_smallest_values_are_accepted():
    result = run_study(DRAW, games=1, seed=0, jobs=1)
    assert result.params["games"] == 1 and len(result.games) == 1


# --------------------------------------------------------------------------- data and compare


def test_a_data_folder_is_made_absolute_and_seen_by_every_chunk(tmp_path, monkeypatch):
    (tmp_path / "set").mkdir()
    monkeypatch.chdir(tmp_path)
    result = run_study(DRAW, games=9, data="set")
    where = os.path.join(str(tmp_path), "set")
    assert set(result.games["folder"]) == {where}
    assert result.params == {"p": 0.5, "policy": "random", "games": 9, "seed": 0, "data": where}


def test_a_bundle_is_handed_on_as_is_and_named_by_its_source(monkeypatch):
    bundle = ComponentBundle(files=(), digests=(), source="the/source")
    handed = []

    def chunk_results(study, values, entropy, chunks, jobs, executor, data, tally):
        handed.append(data)
        return (draw_chunk(values, np.random.SeedSequence(entropy, spawn_key=(k,)), first, n)
                for k, first, n in chunks)

    monkeypatch.setattr(runner, "chunk_results", chunk_results)
    result = run_study(DRAW, games=3, data=bundle)
    assert handed == [bundle]
    assert result.params["data"] == "the/source"


def test_compare_data_runs_both_sets_on_the_same_seed(tmp_path):
    (tmp_path / "b").mkdir()
    compared = run_study(DRAW, games=12, seed=3, compare_data=tmp_path / "b")
    assert isinstance(compared, ComparisonResult)
    a, b = compared.a, compared.b
    assert (compared.label_a, compared.label_b) == ("shipped", str(tmp_path / "b"))
    assert a.games["folder"].isna().all() and set(b.games["folder"]) == {str(tmp_path / "b")}
    assert a.games["u"].tolist() == b.games["u"].tolist() == [_u(3, g) for g in range(12)]
    assert a.params == {"p": 0.5, "policy": "random", "games": 12, "seed": 3}
    assert b.params == {**a.params, "data": str(tmp_path / "b")}
    pd.testing.assert_frame_equal(
        compared.summary, difference_table(a.games, a.summary, b.games, b.summary))


def test_compare_two_folders_labels_each(tmp_path):
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    compared = run_study(DRAW, games=2, data=tmp_path / "a", compare_data=tmp_path / "b")
    assert (compared.label_a, compared.label_b) == (str(tmp_path / "a"), str(tmp_path / "b"))
    assert set(compared.a.games["folder"]) == {str(tmp_path / "a")}


# --------------------------------------------------------------------------- tally

TALLIED = dataclasses.replace(DRAW, name="runner-tallied", summarize=tally_summary,
                              tally=("seat",))


def test_a_tally_folds_the_rows_and_says_so_in_the_params():
    rows = run_study(TALLIED, games=20, seed=8)
    tallied = run_study(TALLIED, games=20, seed=8, tally=True)
    assert tallied.params == {**rows.params, "tally": True}
    hits = tallied.games[(tallied.games["quantity"] == "hit") & (tallied.games["value"] == 1.0)]
    want = rows.games[rows.games["hit"]].groupby("seat").size()
    assert dict(zip(hits["seat"], hits["count"], strict=True)) == want.to_dict()
    pd.testing.assert_frame_equal(tallied.summary, rows.summary)


def test_tally_false_keeps_a_row_a_game():
    result = run_study(TALLIED, games=5, tally=False)
    assert len(result.games) == 5 and "tally" not in result.params


def test_a_study_without_tally_names_those_that_can(monkeypatch):
    able = [n for n in study_registry.study_names()
            if study_registry.get_study(n).tally is not None]
    assert "bedpans-outcomes" in able
    with pytest.raises(ConfigError) as excinfo:
        run_study(DRAW, games=2, tally=True)
    assert str(excinfo.value) == ("study 'runner-draw' keeps a row a game and cannot tally; "
                                  f"studies that can: {', '.join(able)}")
    monkeypatch.setattr(study_registry, "study_names", lambda: [])
    with pytest.raises(ConfigError, match=r"studies that can: \(none\)$"):
        run_study(DRAW, games=2, tally=True)


def test_tally_and_compare_data_exclude_each_other(tmp_path):
    with pytest.raises(ConfigError) as excinfo:
        run_study(TALLIED, games=2, tally=True, compare_data=tmp_path)
    assert str(excinfo.value) == ("tally and compare_data exclude each other: a comparison "
                                  "pairs the games, a tally keeps none")


# --------------------------------------------------------------------------- what each run is given


def pid_chunk(params, seed_seq, first, n):
    return pd.DataFrame({"game": range(first, first + n), "pid": os.getpid()})


def params_summary(games, params):
    return pd.DataFrame([{"quantity": "params", **params}])


def test_by_default_every_chunk_plays_in_this_process():
    study = Study("runner-pid", "Pids", (), run_chunk=pid_chunk, summarize=params_summary,
                  chunk_size=2)
    assert set(run_study(study, games=6).games["pid"]) == {os.getpid()}


def test_summarize_is_given_the_resolved_params():
    study = dataclasses.replace(DRAW, summarize=params_summary)
    summary = run_study(study, games=2, p="0.75").summary
    assert summary.to_dict("records") == [{"quantity": "params", "p": 0.75, "policy": "random"}]


def test_both_runs_of_a_comparison_use_the_executor_and_the_progress(tmp_path):
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "tiles.txt").write_text("a tile\n")  # the contents travel to the pool
    heard = []
    with cf.ThreadPoolExecutor(1) as pool:
        submitted = []
        submit = pool.submit

        def counting_submit(fn, /, *args, **kwargs):
            submitted.append(args[3])  # the chunk's index k
            return submit(fn, *args, **kwargs)

        pool.submit = counting_submit  # type: ignore[method-assign]
        compared = run_study(DRAW, games=10, seed=2, executor=pool, compare_data=tmp_path / "b",
                             progress=lambda done, total: heard.append((done, total)))
    assert submitted == [0, 1, 0, 1]
    assert heard == [(7, 10), (10, 10), (7, 10), (10, 10)]
    assert compared.a.games["folder"].isna().all() and compared.b.games["folder"].notna().all()
