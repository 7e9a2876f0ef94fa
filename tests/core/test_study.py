"""Tests of simlab.core.study: registry, parameters, determinism across executors, results.

The test studies are module-level functions registered at import, so worker
processes (fork, spawn, dask) can import this module and find them by name.
"""

from __future__ import annotations

import concurrent.futures as cf
import dataclasses
import io
import json
import logging
import multiprocessing
import re
import sys
import textwrap
import threading

import numpy as np
import pandas as pd
import pytest

from simlab.core import registry as core_registry
from simlab.core import stats
from simlab.core.errors import ConfigError, DataError
from simlab.core.study import (
    Param,
    Study,
    StudyResult,
    get_study,
    per_game,
    register_study,
    run_study,
    study_names,
    unregister_study,
)
from simlab.core.study import combine as combine_mod
from simlab.core.study import progress as progress_mod
from simlab.core.study import registry as study_registry

# --------------------------------------------------------------------------- test studies


def coin_game(params, rng, game):
    """One coin flip (and a uniform draw, so means are exercised too)."""
    return {"heads": bool(rng.random() < params["p"]), "u": float(rng.random())}


def coin_summary(games, params):
    return stats.summarize(
        games, proportions=["heads"], means=["u"], exact={"heads": params["p"], "u": 0.5}
    )


def dice_chunk(params, seed_seq, first, n):
    """Aggregated counts of the totals of ``dice`` d6 over ``n`` games."""
    rng = np.random.default_rng(seed_seq)
    totals = rng.integers(1, 7, size=(n, params["dice"])).sum(axis=1)
    values, counts = np.unique(totals, return_counts=True)
    return pd.DataFrame({"total": values, "count": counts})


def dice_summary(games, params):
    seven = games.assign(seven=games["total"] == 7)
    exact = {"seven": 1 / 6} if params["dice"] == 2 else None
    return stats.summarize(
        seven, proportions=["seven"], means=["total"], exact=exact, count="count"
    )


def walk_game(params, rng, game):
    """A slow-ish game: a +-1 random walk until it leaves [-bound, bound], per seat."""
    rows = []
    for seat in range(2):
        pos, steps = 0, 0
        steps_left = rng.integers(0, 2, size=10_000) * 2 - 1
        while abs(pos) <= params["bound"] and steps < len(steps_left):
            pos += int(steps_left[steps])
            steps += 1
        rows.append({"seat": seat, "steps": steps, "up": pos > 0})
    return rows


def walk_summary(games, params):
    return stats.summarize(games, by=["seat"], proportions=["up"], means=["steps"])


def _replace_registration(study: Study) -> Study:
    if study.name in study_registry._REGISTRY:
        unregister_study(study.name)
    return register_study(study)


COIN = _replace_registration(
    Study(
        name="test-coin",
        title="Chance of heads",
        params=(Param("p", 0.5, float, help="chance of heads"),),
        run_chunk=per_game(coin_game),
        summarize=coin_summary,
        chunk_size=50,
    )
)
DICE_SUM = _replace_registration(
    Study(
        name="test-dice-sum",
        title="Totals of d6",
        params=(Param("dice", 2, int, choices=(1, 2, 3)),),
        run_chunk=dice_chunk,
        summarize=dice_summary,
        chunk_size=100,
        combine="sum",
    )
)
DICE_CONCAT = dataclasses.replace(DICE_SUM, name="test-dice-concat", combine="concat")
WALK = _replace_registration(
    Study(
        name="test-walk",
        title="Random walks",
        params=(Param("bound", 6, int),),
        run_chunk=per_game(walk_game),
        summarize=walk_summary,
        chunk_size=20,
    )
)


def _assert_same(a: StudyResult, b: StudyResult) -> None:
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.summary, b.summary)
    assert a.params == b.params


@pytest.fixture(scope="module")
def coin_reference():
    return run_study("test-coin", games=537, seed=11, p=0.3)


@pytest.fixture(scope="module")
def walk_reference():
    return run_study("test-walk", games=130, seed=5)


# --------------------------------------------------------------------------- determinism


def test_results_have_the_expected_shape(coin_reference):
    games = coin_reference.games
    assert list(games.columns) == ["game", "heads", "u"]
    assert games["game"].tolist() == list(range(537))
    assert list(coin_reference.summary["quantity"]) == ["heads", "u"]
    assert coin_reference.params == {"p": 0.3, "games": 537, "seed": 11}
    assert coin_reference.elapsed > 0


def test_jobs_2_gives_identical_results(coin_reference, walk_reference):
    _assert_same(coin_reference, run_study("test-coin", games=537, seed=11, p=0.3, jobs=2))
    _assert_same(walk_reference, run_study("test-walk", games=130, seed=5, jobs=2))


def test_thread_pool_gives_identical_results_and_is_not_shut_down(coin_reference):
    with cf.ThreadPoolExecutor(max_workers=3) as pool:
        result = run_study("test-coin", games=537, seed=11, p="0.3", executor=pool)
        assert pool.submit(lambda: 42).result() == 42  # still usable: not shut down by us
    _assert_same(coin_reference, result)


def test_spawned_process_pool_finds_the_study_by_name(walk_reference):
    context = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        result = run_study("test-walk", games=130, seed=5, executor=pool)
        unregistered = run_study(
            dataclasses.replace(COIN, name="test-coin-x"), games=120, seed=1, executor=pool
        )
    _assert_same(walk_reference, result)
    _assert_same(run_study(COIN, games=120, seed=1), unregistered)


def test_unregistered_study_object_runs_in_a_process_pool(coin_reference):
    copy = dataclasses.replace(COIN, name="test-coin-unregistered")
    result = run_study(copy, games=537, seed=11, p=0.3, jobs=2)
    pd.testing.assert_frame_equal(coin_reference.games, result.games)
    pd.testing.assert_frame_equal(coin_reference.summary, result.summary)


def test_dask_distributed_executor_gives_identical_results(coin_reference, walk_reference):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            processes=True,
            threads_per_worker=1,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        coin = run_study("test-coin", games=537, seed=11, p=0.3, executor=executor)
        walk = run_study("test-walk", games=130, seed=5, executor=executor)
        dice = run_study("test-dice-sum", games=1234, seed=2, executor=executor)
    _assert_same(coin_reference, coin)
    _assert_same(walk_reference, walk)
    _assert_same(run_study("test-dice-sum", games=1234, seed=2), dice)


def test_per_game_results_do_not_depend_on_chunk_size(coin_reference):
    for size in (1, 7, 1000):
        other = run_study(dataclasses.replace(COIN, chunk_size=size), games=537, seed=11, p=0.3)
        pd.testing.assert_frame_equal(coin_reference.games, other.games)


def test_per_game_generator_is_seeded_by_game_index():
    games = run_study("test-coin", games=60, seed=9, p=0.5).games
    for i in (0, 49, 50, 59):
        rng = np.random.default_rng(np.random.SeedSequence(entropy=9, spawn_key=(i,)))
        assert games.loc[i].to_dict() == {"game": i, **coin_game({"p": 0.5}, rng, i)}


def seed_probe_chunk(params, seed_seq, first, n):
    return pd.DataFrame(
        {
            "first": [first],
            "n": [n],
            "state": [int(seed_seq.generate_state(1)[0])],
        }
    )


def test_chunks_and_their_seeds_follow_the_documented_rule():
    probe = Study(
        "test-probe", "probe", (), seed_probe_chunk, lambda g, p: pd.DataFrame(), chunk_size=40
    )
    games = run_study(probe, games=130, seed=123).games
    assert games["first"].tolist() == [0, 40, 80, 120]
    assert games["n"].tolist() == [40, 40, 40, 10]
    children = np.random.SeedSequence(123).spawn(4)
    want = [int(c.generate_state(1)[0]) for c in children]
    assert games["state"].tolist() == want


def test_different_seed_gives_different_numbers(coin_reference):
    other = run_study("test-coin", games=537, seed=12, p=0.3)
    assert not other.games["u"].equals(coin_reference.games["u"])
    assert other.params["seed"] == 12


def test_seed_none_draws_and_records_fresh_entropy():
    a = run_study("test-coin", games=20, seed=None)
    b = run_study("test-coin", games=20, seed=None)
    assert a.params["seed"] != b.params["seed"]
    _assert_same(a, run_study("test-coin", games=20, seed=a.params["seed"]))


def test_in_flight_chunks_are_bounded():
    class CountingPool(cf.ThreadPoolExecutor):
        def __init__(self):
            super().__init__(max_workers=2)
            self.lock = threading.Lock()
            self.pending = 0
            self.most = 0

        def submit(self, fn, /, *args, **kwargs):
            with self.lock:
                self.pending += 1
                self.most = max(self.most, self.pending)
            future = super().submit(fn, *args, **kwargs)
            future.add_done_callback(self._done)
            return future

        def _done(self, _future):
            with self.lock:
                self.pending -= 1

    with CountingPool() as pool:
        run_study("test-coin", games=2000, seed=0, executor=pool)  # 40 chunks
    assert 1 < pool.most <= 4


# --------------------------------------------------------------------------- exact vs Monte Carlo


def test_wilson_interval_of_20000_coin_games_contains_the_exact_value():
    result = run_study("test-coin", games=20_000, seed=2024, p=0.3)
    row = result.summary.set_index("quantity").loc["heads"]
    assert row["n"] == 20_000
    assert row["exact"] == 0.3
    assert row["low"] <= 0.3 <= row["high"]
    assert row["high"] - row["low"] < 0.015


def test_dice_study_agrees_with_the_exact_distribution():
    games = run_study("test-dice-sum", games=20_000, seed=7).games
    from fractions import Fraction

    exact = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    observed = dict(zip(games["total"], games["count"], strict=True))
    assert stats.chisquare_gof(observed, exact) > 0.001


# --------------------------------------------------------------------------- combine="sum"


def test_sum_combine_equals_concat_then_groupby():
    summed = run_study("test-dice-sum", games=2345, seed=3, dice=3)
    concat = run_study(DICE_CONCAT, games=2345, seed=3, dice=3)
    assert len(concat.games) > len(summed.games)  # the concat table has rows per chunk
    want = concat.games.groupby(["total"], as_index=False)["count"].sum()
    pd.testing.assert_frame_equal(summed.games, want)
    assert summed.games["count"].sum() == 2345
    pd.testing.assert_frame_equal(summed.summary, concat.summary)


def test_sum_combine_is_identical_across_executors():
    ref = run_study("test-dice-sum", games=2345, seed=3)
    _assert_same(ref, run_study("test-dice-sum", games=2345, seed=3, jobs=2))
    with cf.ThreadPoolExecutor(2) as pool:
        _assert_same(ref, run_study("test-dice-sum", games=2345, seed=3, executor=pool))


def test_sum_fold_keeps_only_distinct_keys():
    fold = combine_mod.SumFold("x")
    for k in range(200):
        fold.add(pd.DataFrame({"a": [k % 3, 1], "b": [True, False], "count": [1, 2]}))
        assert len(fold.acc) <= 4
    out = fold.result()
    assert out["count"].sum() == 600
    assert list(out.columns) == ["a", "b", "count"]


def test_sum_chunk_without_count_column_is_an_error():
    bad = dataclasses.replace(DICE_SUM, name="test-bad", run_chunk=seed_probe_chunk)
    with pytest.raises(ConfigError, match="'count'"):
        run_study(bad, games=10)


# --------------------------------------------------------------------------- errors


def _one_line(excinfo) -> str:
    message = str(excinfo.value)
    assert "\n" not in message
    return message


def test_unknown_study_names_it_and_the_known_ones():
    with pytest.raises(ConfigError) as excinfo:
        run_study("no-such-study", games=10)
    message = _one_line(excinfo)
    assert message.startswith("unknown study 'no-such-study'; known: ")
    assert "test-coin" in message and "test-walk" in message


def test_unknown_parameter_names_it_and_the_known_ones():
    with pytest.raises(ConfigError) as excinfo:
        run_study("test-coin", games=10, q=0.2)
    assert _one_line(excinfo) == "unknown parameter 'q' for study 'test-coin'; known: p"


def test_bad_parameter_values():
    with pytest.raises(ConfigError) as excinfo:
        run_study("test-coin", games=10, p="often")
    assert _one_line(excinfo) == "parameter 'p': expected float, got 'often'"
    with pytest.raises(ConfigError) as excinfo:
        run_study("test-dice-sum", games=10, dice="4")
    assert _one_line(excinfo) == "parameter 'dice': bad value '4' (allowed: 1, 2, 3)"


@pytest.mark.parametrize(
    ("kwargs", "word"),
    [
        ({"games": 0}, "games"),
        ({"games": "x"}, "games"),
        ({"seed": -1}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"jobs": 0}, "jobs"),
    ],
)
def test_bad_runner_arguments(kwargs, word):
    with pytest.raises(ConfigError, match=word):
        run_study("test-coin", **{"games": 10, **kwargs})


def failing_game(params, rng, game):
    if game == 130:
        raise DataError("no tile 'x'", key=f"game {game}")
    return {"ok": True}


@pytest.mark.parametrize("jobs", [1, 2])
def test_error_in_a_game_reaches_the_caller(jobs):
    failing = dataclasses.replace(COIN, name="test-failing", run_chunk=per_game(failing_game))
    with pytest.raises(DataError, match=r"\[game 130\]: no tile 'x'"):
        run_study(failing, games=400, jobs=jobs)


def test_unpicklable_unregistered_study_with_jobs_is_a_config_error():
    lam = dataclasses.replace(COIN, name="test-lambda", run_chunk=lambda *a: pd.DataFrame())
    with pytest.raises(ConfigError, match="cannot be sent to worker processes"):
        run_study(lam, games=200, jobs=2)


# --------------------------------------------------------------------------- params


@pytest.mark.parametrize(
    ("param", "text", "value"),
    [
        (Param("n", 1, int), "12", 12),
        (Param("n", 1, int), 3.0, 3),
        (Param("x", 1.0, float), "0.25", 0.25),
        (Param("x", 1.0, float), 2, 2.0),
        (Param("b", False, bool), "TRUE", True),
        (Param("b", False, bool), "off", False),
        (Param("b", False, bool), 1, True),
        (Param("s", "a", str, choices=("a", "b")), "b", "b"),
        (Param("t", (), tuple), "x, y,,z", ("x", "y", "z")),
        (Param("t", (), tuple, choices=("x", "y")), ["y"], ("y",)),
    ],
)
def test_param_convert(param, text, value):
    assert param.convert(text) == value
    assert type(param.convert(text)) is type(value)


@pytest.mark.parametrize(
    ("param", "text", "message"),
    [
        (Param("n", 1, int), "1.5", "parameter 'n': expected int, got '1.5'"),
        (Param("n", 1, int), True, "parameter 'n': expected int, got True"),
        (Param("b", False, bool), "maybe", "parameter 'b': expected bool, got 'maybe'"),
        (
            Param("s", "a", str, choices=("a", "b")),
            "c",
            "parameter 's': bad value 'c' (allowed: a, b)",
        ),
        (
            Param("t", (), tuple, choices=("x", "y")),
            "x,w",
            "parameter 't': bad value 'w' (allowed: x, y)",
        ),
    ],
)
def test_param_convert_errors(param, text, message):
    with pytest.raises(ConfigError) as excinfo:
        param.convert(text)
    assert _one_line(excinfo) == message


def test_study_rejects_reserved_or_repeated_param_names():
    with pytest.raises(ConfigError, match="'seed'"):
        dataclasses.replace(COIN, params=(Param("seed", 1),))
    with pytest.raises(ConfigError, match="'p'"):
        dataclasses.replace(COIN, params=(Param("p", 1), Param("p", 2)))


# --------------------------------------------------------------------------- registry


def test_registry_names_and_duplicates():
    assert {"test-coin", "test-dice-sum", "test-walk"} <= set(study_names())
    assert study_names() == sorted(study_names())
    assert get_study("test-coin") is COIN
    assert register_study(COIN) is COIN  # the same object again is harmless
    with pytest.raises(ConfigError, match="already registered"):
        register_study(dataclasses.replace(COIN, title="another"))


def test_provider_module_is_imported_lazily(tmp_path, monkeypatch):
    module = "simlab_test_lazy_provider"
    (tmp_path / f"{module}.py").write_text(
        textwrap.dedent(
            """
            from tests.core.test_study import COIN
            from simlab.core.study import register_study
            import dataclasses
            LAZY = register_study(dataclasses.replace(COIN, name="test-lazy"))
            """
        )
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(core_registry._STUDY_MODULES, "test-lazy", module)
    assert "test-lazy" in study_names()
    assert module not in sys.modules
    try:
        assert get_study("test-lazy").name == "test-lazy"
        assert module in sys.modules
        # Without the provider entry, a spawned worker still imports the module
        # that registered the study (not the module of its run_chunk):
        monkeypatch.delitem(core_registry._STUDY_MODULES, "test-lazy")
        context = multiprocessing.get_context("spawn")
        with cf.ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
            result = run_study("test-lazy", games=120, seed=4, executor=pool)
        _assert_same(run_study(COIN, games=120, seed=4), result)
    finally:
        study_registry._REGISTRY.pop("test-lazy", None)
        sys.modules.pop(module, None)


# --------------------------------------------------------------------------- progress


def test_progress_bar_shown_when_asked_and_hidden_otherwise(capsys):
    run_study("test-coin", games=100, seed=0, progress=True)
    assert "test-coin" in capsys.readouterr().err
    run_study("test-coin", games=100, seed=0, progress=False)
    run_study("test-coin", games=100, seed=0)  # default: few games, not a terminal
    assert capsys.readouterr().err == ""


def test_progress_default_rule(monkeypatch):
    monkeypatch.setattr(progress_mod, "_in_jupyter_kernel", lambda: True)
    assert progress_mod._show_progress(None, progress_mod.PROGRESS_MIN_GAMES)
    assert not progress_mod._show_progress(None, progress_mod.PROGRESS_MIN_GAMES - 1)
    assert not progress_mod._show_progress(False, 10**9)
    assert progress_mod._show_progress(None, 1, slow=True)  # search players: a bar at once
    assert not progress_mod._show_progress(False, 1, slow=True)
    monkeypatch.setattr(progress_mod, "_in_jupyter_kernel", lambda: False)
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a TTY
    assert not progress_mod._show_progress(None, 10**9)
    assert not progress_mod._show_progress(None, 1, slow=True)


def test_a_study_with_search_players_counts_as_slow():
    assert progress_mod.searches({"policies": ("random", "mcts-7"), "players": 3})
    assert progress_mod.searches({"policy": "mcts"})
    assert not progress_mod.searches({"policies": ("random", "greedy"), "name": "mctsx"})


# --------------------------------------------------------------------------- saving, JSON, plots


def test_csv_round_trip(tmp_path, coin_reference):
    path = coin_reference.save(tmp_path / "coin.csv")
    back = pd.read_csv(path)
    pd.testing.assert_frame_equal(back, coin_reference.games)
    summary = pd.read_csv(coin_reference.save(tmp_path / "s.CSV", table="summary"))
    pd.testing.assert_frame_equal(summary, coin_reference.summary)


def test_parquet_round_trip_and_missing_pyarrow(tmp_path, coin_reference, monkeypatch):
    pytest.importorskip("pyarrow")
    back = pd.read_parquet(coin_reference.save(tmp_path / "coin.parquet"))
    pd.testing.assert_frame_equal(back, coin_reference.games)
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(ConfigError) as excinfo:
        coin_reference.save(tmp_path / "again.parquet")
    assert str(excinfo.value) == "parquet needs pyarrow: pip install pyarrow"


def test_bad_suffix_or_table_is_a_config_error(tmp_path, coin_reference):
    with pytest.raises(ConfigError, match=r"unknown suffix '\.xlsx'"):
        coin_reference.save(tmp_path / "coin.xlsx")
    with pytest.raises(ConfigError, match="table"):
        coin_reference.save(tmp_path / "coin.csv", table="everything")
    assert not list(tmp_path.iterdir())


def test_to_json(coin_reference):
    doc = json.loads(coin_reference.to_json())
    assert doc["study"] == "test-coin" and doc["params"]["seed"] == 11
    assert [row["quantity"] for row in doc["summary"]] == ["heads", "u"]
    assert doc["summary"][0]["n"] == 537 and "games" not in doc
    walk = json.loads(run_study("test-walk", games=3, seed=1).to_json(games=True))
    assert len(walk["games"]) == 6
    assert all(row["exact"] is None for row in walk["summary"])  # NaN -> null


def test_default_plot_draws_estimates_and_exact_values(coin_reference):
    from matplotlib.figure import Figure

    fig = coin_reference.plot()
    assert isinstance(fig, Figure)
    axes = fig.get_axes()
    assert [ax.get_xlabel() for ax in axes] == ["share (95% interval)", "mean (95% interval)"]
    assert fig.get_suptitle() == f"{coin_reference.study.title} (537 games)"
    labels = [t.get_text() for t in axes[0].get_yticklabels()]
    assert labels == ["heads"]
    exact_line = [line for line in axes[0].get_lines() if line.get_label() == "exact"]
    assert exact_line and exact_line[0].get_xdata()[0] == 0.3
    grouped = run_study("test-walk", games=10, seed=1).plot()
    assert [t.get_text() for t in grouped.get_axes()[0].get_yticklabels()] == [
        "up | seat 0",
        "up | seat 1",
    ]


def custom_plot(result):
    from matplotlib.figure import Figure

    fig = Figure()
    fig.suptitle(f"custom {result.params['games']}")
    return fig


def test_study_plot_is_used_when_given():
    custom = dataclasses.replace(COIN, name="test-custom-plot", plot=custom_plot)
    fig = run_study(custom, games=5).plot()
    assert fig.get_suptitle() == "custom 5"


def test_a_study_declares_a_registered_figure_by_name(monkeypatch):
    monkeypatch.setitem(core_registry._FIGURES, "test-custom", f"{__name__}:custom_plot")
    named = dataclasses.replace(COIN, name="test-named-plot", plot="test-custom")
    assert run_study(named, games=6).plot().get_suptitle() == "custom 6"
    # no figure declared: the one named "summary", which the figures layer registered
    assert core_registry.DEFAULT_FIGURE in core_registry.figure_names()
    monkeypatch.setitem(core_registry._FIGURES, "summary", f"{__name__}:custom_plot")
    assert run_study(COIN, games=7).plot().get_suptitle() == "custom 7"


def test_an_unregistered_figure_is_named_in_one_line():
    named = dataclasses.replace(COIN, name="test-no-such-plot", plot="no-such-figure")
    result = run_study(named, games=3)
    with pytest.raises(ConfigError) as excinfo:
        result.plot()
    assert str(excinfo.value) == ("unknown figure 'no-such-figure'; figures: policy-ladder, "
                                  "summary")


def test_repr_is_short(coin_reference):
    text = repr(coin_reference)
    assert text.startswith("StudyResult('test-coin', p=0.3, games=537, seed=11")
    assert "\n" not in text
    assert "<table" in coin_reference._repr_html_()


def test_progress_callback_and_caller_bar():
    calls = []
    run_study("test-coin", games=2500, seed=1, progress=lambda done, total: calls.append(
        (done, total)))
    assert calls[-1] == (2500, 2500) and len(calls) >= 2
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)

    class Bar:
        def __init__(self):
            self.n, self.closed = 0, False

        def update(self, n):
            self.n += n

        def close(self):
            self.closed = True

    bar = Bar()
    run_study("test-coin", games=1500, seed=1, progress=bar)
    assert bar.n == 1500 and bar.closed


@pytest.mark.parametrize(
    ("param", "value", "message"),
    [
        (Param("turns", 3, int, low=1), "0", "parameter 'turns': 0 is below 1"),
        (Param("p", 0.5, float, low=0, high=1), "1.5", "parameter 'p': 1.5 is above 1"),
        (Param("d", ("2",), tuple, low=1), "3,-1", "parameter 'd': -1 is below 1"),
        (Param("d", ("2",), tuple, low=1), "3,x", "parameter 'd': 'x' is not a number"),
    ],
)
def test_param_bounds(param, value, message):
    with pytest.raises(ConfigError, match=re.escape(message)):
        param.convert(value)
    assert param.convert(param.default) == param.default


def test_setting_params_feed_game_setting_every_pair_in_turn():
    from simlab.core.errors import ConfigError
    from simlab.core.study import game_setting, setting_params

    players, policies = setting_params((3, 5), ("random", "greedy"), ("random", "greedy", "mcts"))
    assert (players.name, players.default, players.choices) == ("players", ("3", "5"), ("3", "5"))
    assert (policies.name, policies.default) == ("policies", ("random", "greedy"))
    chosen = policies.convert("mcts,random")
    assert chosen == ("mcts", "random")
    assert [game_setting(i, players.default, chosen) for i in range(5)] == [
        (3, "mcts"), (3, "random"), (5, "mcts"), (5, "random"), (3, "mcts")]
    with pytest.raises(ConfigError, match="4"):
        players.convert("4")
    with pytest.raises(ConfigError, match="genius"):
        policies.convert("genius")
