"""Tests of simlab.core.study.progress: which bar a study gets, and what it reports."""

from __future__ import annotations

import io
import sys
import types

import pytest

from simlab.core.study import progress as progress_mod
from simlab.core.study.progress import PROGRESS_MIN_GAMES, progress_bar, searches


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class Closed(io.StringIO):
    def isatty(self) -> bool:
        raise ValueError("I/O operation on closed file")


class Bar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _stderr(monkeypatch, stream) -> None:
    """stderr ``stream``, no Jupyter (in the test's body: pytest's capture sets stderr
    again after the fixtures)."""
    monkeypatch.setattr(sys, "stderr", stream)
    monkeypatch.delitem(sys.modules, "IPython", raising=False)


def _kind(bar) -> str:
    return type(bar).__name__


def test_the_threshold_is_ten_thousand_games():
    assert PROGRESS_MIN_GAMES == 10_000


def test_on_a_terminal_a_bar_from_the_threshold(monkeypatch):
    _stderr(monkeypatch, Tty())
    assert _kind(progress_bar(None, PROGRESS_MIN_GAMES - 1, "x")) == "_NoBar"
    bar = progress_bar(None, PROGRESS_MIN_GAMES, "study-x")
    assert (bar.total, bar.desc, bar.unit, bar.disable) == (10_000, "study-x", "game", False)
    assert bar.dynamic_ncols
    bar.close()


def test_on_a_terminal_slow_games_get_a_bar_at_once(monkeypatch):
    _stderr(monkeypatch, Tty())
    bar = progress_bar(None, 1, "x", slow=True)
    assert bar.total == 1
    bar.close()


def test_in_a_pipe_no_bar_unless_asked(monkeypatch):
    _stderr(monkeypatch, io.StringIO())
    for games, slow in ((10**9, False), (1, True)):
        assert _kind(progress_bar(None, games, "x", slow=slow)) == "_NoBar"
    bar = progress_bar(True, 3, "asked")
    assert (bar.total, bar.desc, bar.disable) == (3, "asked", False)  # shown in the pipe too
    bar.close()


def test_false_is_no_bar_anywhere(monkeypatch):
    _stderr(monkeypatch, Tty())
    assert _kind(progress_bar(False, 10**9, "x", slow=True)) == "_NoBar"
    assert _kind(progress_bar(0, 10**9, "x")) == "_NoBar"


def test_a_stderr_that_cannot_say_is_not_a_terminal(monkeypatch):
    _stderr(monkeypatch, Closed())
    assert not progress_mod._show_progress(None, 10**9)
    monkeypatch.setattr(sys, "stderr", None)
    assert not progress_mod._show_progress(None, 10**9)
    monkeypatch.setattr(sys, "stderr", object())  # no isatty at all
    assert not progress_mod._show_progress(None, 10**9)


def _ipython(shell):
    return types.SimpleNamespace(get_ipython=lambda: shell)


def test_a_jupyter_kernel_counts_as_a_terminal(monkeypatch):
    _stderr(monkeypatch, io.StringIO())
    monkeypatch.setitem(sys.modules, "IPython", _ipython(types.SimpleNamespace(kernel=object())))
    assert progress_mod._in_jupyter_kernel()
    assert progress_mod._show_progress(None, PROGRESS_MIN_GAMES)
    assert not progress_mod._show_progress(None, PROGRESS_MIN_GAMES - 1)


@pytest.mark.parametrize("shell", [None, types.SimpleNamespace(),
                                   types.SimpleNamespace(kernel=None)])
def test_ipython_without_a_kernel_is_not_jupyter(monkeypatch, shell):
    _stderr(monkeypatch, io.StringIO())
    monkeypatch.setitem(sys.modules, "IPython", _ipython(shell))
    assert not progress_mod._in_jupyter_kernel()
    assert not progress_mod._show_progress(None, 10**9)


def test_a_callable_hears_the_running_total():
    heard = []
    bar = progress_bar(lambda done, total: heard.append((done, total)), 10, "x")
    for n in (4, 4, 2):
        bar.update(n)
    bar.close()
    assert heard == [(4, 10), (8, 10), (10, 10)]


def test_a_callers_bar_is_used_as_is():
    bar = Bar()
    assert progress_bar(bar, 10, "x") is bar
    assert progress_bar(bar, 10, "x", slow=True) is bar


@pytest.mark.parametrize("half", [types.SimpleNamespace(update=print),
                                  types.SimpleNamespace(close=print)])
def test_half_a_bar_is_no_bar_but_a_true_flag(monkeypatch, half):
    _stderr(monkeypatch, io.StringIO())
    bar = progress_bar(half, 3, "half")
    assert bar is not half and (bar.total, bar.desc) == (3, "half")  # progress=True: tqdm
    bar.close()


def test_the_hidden_bar_takes_updates_and_closes():
    bar = progress_bar(False, 10, "x")
    assert bar.update(5) is None and bar.close() is None


@pytest.mark.parametrize(("params", "want"), [
    ({"policies": ("random", "mcts-30")}, True),
    ({"policy": "mcts"}, True),
    ({"policy": "mcts-2s", "players": 3}, True),
    ({"players": 3, "policies": ("random", "greedy")}, False),
    ({"name": "mctsx", "policy": ("x-mcts",)}, False),
    ({"policy": ("mcts",), "n": 3.5}, True),
    ({"n": ("1", 2)}, False),
    ({}, False),
])
def test_searches_is_whether_any_value_names_a_search(params, want):
    assert searches(params) is want
