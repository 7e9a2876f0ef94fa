"""Benchmark of the search primitives of every game: clone, view, resample_hidden, legal_actions.

A search (information-set MCTS, flat Monte Carlo) stands on three calls: it clones
a state or redraws what a seat cannot see (``resample_hidden`` of that seat's
view), asks for the legal actions, and applies one.  This script measures each
call in microseconds, for every game at 4 seats:

- ``clone``, ``view`` and ``resample_hidden``: on mid-game positions (the first
  decision at or after the middle of a uniformly random game, one position for
  each of ``--positions`` seeds); each figure is the best of 5 timings of a loop,
  and the median over the positions is printed.
- ``legal_actions``: at every decision of those games, replayed from their
  records, the first call after the action that led there, then a second call
  with nothing changed (a cache would make it nearly free); the mean over all
  decisions is printed.

The goals of issue 15 stand beside the figures (``clone`` at most 10 µs for Broom
Service and Hospital Rush, 15 µs for Bedpans & Broomsticks and Bad Doctor;
``resample_hidden`` of the same order).  On a machine shared with other work
the figures are upper bounds.

``--instructions`` counts instead of timing, a figure that load does not change: a
child process under ``valgrind --tool=callgrind`` calls ``clone``, ``view`` and
``resample_hidden`` ``--calls`` times each on the mid-game position of seed 0, each
primitive's calls run inside its own itertools function, and callgrind collects only
inside those (``--toggle-collect``): the machine instructions of a call.  ``--repo
PATH`` counts another checkout of simlab (say, main's) with the same script, so that a
change is measured by the ratio of two counts.

Usage::

    python benchmarks/bench_primitives.py [--json] [--positions N] [--games NAME ...]
    python benchmarks/bench_primitives.py --instructions [--calls N] [--repo PATH]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from collections.abc import Callable
from typing import Any

import _common

#: Games measured, with the issue-15 goal for ``clone`` in µs.
GOALS = {"bedpans": 15.0, "bad_doctor": 15.0, "broom_service": 10.0, "hospital_rush": 10.0}
PLAYERS = 4


def _per_call(fn: Any) -> float:
    """Best of 5 timings of a loop of ``fn()`` calls, in µs per call."""
    timer = timeit.Timer(fn, timer=time.process_time)
    number, _ = timer.autorange()
    number = max(1, number // 4)
    return min(timer.repeat(repeat=5, number=number)) / number * 1e6


def _decision_at_middle(game: Any, record: Any) -> Any:
    """The state at the first decision at or after half of ``record``'s actions."""
    state = game.new_initial_state()
    for i, text in enumerate(record.actions):
        if i >= len(record.actions) // 2 and state.current_player >= 0:
            return state
        state.apply(text, check=False)
    raise RuntimeError(f"{game.NAME}: no decision after the middle of the game")


def _clock_cost(clock: Callable[[], float]) -> float:
    """Seconds between two back-to-back readings of ``clock`` (subtracted from timings)."""
    pairs = 20_000
    start = clock()
    for _ in range(pairs):
        clock()
    return (clock() - start) / pairs


def _legal_calls(game: Any, record: Any) -> tuple[float, float, int]:
    """Total µs of the first and of a second ``legal_actions`` call at every decision."""
    first = again = 0.0
    decisions = 0
    clock = time.process_time
    cost = _clock_cost(clock)
    state = game.new_initial_state()
    for text in record.actions:
        if state.current_player >= 0:
            t0 = clock()
            state.legal_actions()
            t1 = clock()
            state.legal_actions()
            t2 = clock()
            first += t1 - t0 - cost
            again += t2 - t1 - cost
            decisions += 1
        state.apply(text, check=False)
    return first * 1e6, again * 1e6, decisions


def measure(name: str, positions: int) -> dict[str, Any]:
    """Figures of one game (µs per call) over ``positions`` random games."""
    _common.use_repo()
    import numpy as np

    import simlab

    game = simlab.load_game(name, players=PLAYERS)
    clone: list[float] = []
    view: list[float] = []
    resample: list[float] = []
    first = again = 0.0
    decisions = 0
    resample_of = "view"
    for seed in range(positions):
        record = simlab.play(game, None, seed=seed)
        state = _decision_at_middle(game, record)
        seat = state.current_player
        seen = state.view(seat)
        rng = np.random.default_rng(seed)
        clone.append(_per_call(state.clone))
        view.append(_per_call(lambda s=state, k=seat: s.view(k)))
        try:
            seen.resample_hidden(seat, rng)
        except Exception as exc:  # a game whose resample_hidden cannot start from a view
            resample_of = f"state ({type(exc).__name__} on a view)"
            seen = state
        resample.append(_per_call(lambda v=seen, k=seat, r=rng: v.resample_hidden(k, r)))
        f, a, d = _legal_calls(game, record)
        first, again, decisions = first + f, again + a, decisions + d
    return {
        "game": name,
        "players": PLAYERS,
        "positions": positions,
        "clone_us": round(statistics.median(clone), 2),
        "clone_goal_us": GOALS[name],
        "view_us": round(statistics.median(view), 2),
        "resample_hidden_us": round(statistics.median(resample), 2),
        "resample_hidden_of": resample_of,
        "legal_first_us": round(first / decisions, 2),
        "legal_again_us": round(again / decisions, 2),
        "decisions": decisions,
    }


def run(positions: int = 5, games: tuple[str, ...] = tuple(GOALS)) -> list[dict[str, Any]]:
    """Measure ``games`` (every game by default); returns one JSON-ready row a game."""
    return [measure(name, positions) for name in games]


def print_table(rows: list[dict[str, Any]]) -> None:
    """Print the rows as a table, each figure in µs per call."""
    print(f"search primitives at {PLAYERS} seats, µs per call (mid-game medians; "
          "legal_actions: mean over every decision of the games)")
    head = ("game", "clone", "goal", "view", "resample_hidden", "legal 1st", "legal again")
    print(f"{head[0]:>14} {head[1]:>7} {head[2]:>5} {head[3]:>7} {head[4]:>15} "
          f"{head[5]:>9} {head[6]:>11}")
    for r in rows:
        mark = "" if r["clone_us"] <= r["clone_goal_us"] else " (misses)"
        print(f"{r['game']:>14} {r['clone_us']:>7.1f} {r['clone_goal_us']:>5.0f} "
              f"{r['view_us']:>7.1f} {r['resample_hidden_us']:>15.1f} "
              f"{r['legal_first_us']:>9.1f} {r['legal_again_us']:>11.1f}{mark}")
    for r in rows:
        if r["resample_hidden_of"] != "view":
            print(f"{r['game']}: resample_hidden measured on the {r['resample_hidden_of']}")


#: Each primitive counted, and the C function of CPython that runs its calls: callgrind
#: collects inside these only (``--toggle-collect``), and simlab uses none of them.
PRIMITIVES = {"clone": "starmap_next", "view": "takewhile_next",
              "resample_hidden": "dropwhile_next"}


def _calls(name: str, calls: int, repo: str | None) -> None:
    """Child of :func:`count_instructions`: ``calls`` calls of each primitive mid-game,
    each run inside its own itertools function (:data:`PRIMITIVES`)."""
    _common.use_repo()
    if repo:
        sys.path.insert(0, repo)
    from collections import deque
    from itertools import dropwhile, repeat, starmap, takewhile

    import numpy as np

    import simlab

    game = simlab.load_game(name, players=PLAYERS)
    state = _decision_at_middle(game, simlab.play(game, None, seed=0))
    seat = state.current_player
    seen = state.view(seat)
    rng = np.random.default_rng(0)
    for _ in range(3):  # the first calls learn types and fill caches: not counted
        state.clone(), state.view(seat), seen.resample_hidden(seat, rng)
    gc.disable()  # as timeit does: a collection's cost is the heap's, not the call's
    deque(starmap(state.clone, repeat((), calls)), maxlen=0)
    deque(takewhile(bool, (state.view(seat) for _ in range(calls))), maxlen=0)
    deque(dropwhile(bool, (seen.resample_hidden(seat, rng) for _ in range(calls))), maxlen=0)


def _instructions(name: str, calls: int, repo: str | None) -> dict[str, int]:
    """Instructions callgrind counts inside each primitive's calls (all ``calls`` of them)."""
    toggles = [f"--toggle-collect={f}" for f in PRIMITIVES.values()]
    extra = ["--repo", repo] if repo else []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no", *toggles,
             f"--callgrind-out-file={out}", sys.executable, __file__, "--_calls", name,
             str(calls), *extra], capture_output=True, text=True, check=True)
        table = subprocess.run(["callgrind_annotate", "--inclusive=yes", out],
                               capture_output=True, text=True, check=True).stdout
    counts = {}
    for primitive, function in PRIMITIVES.items():
        found = re.search(rf"^\s*([\d,]+) .*[:\s]{function}\b", table, re.M)
        if found is None:
            raise RuntimeError(f"callgrind counted nothing in {function}")
        counts[primitive] = int(found.group(1).replace(",", ""))
    return counts


def count_instructions(games: tuple[str, ...], calls: int = 200,
                       repo: str | None = None) -> list[dict[str, Any]]:
    """Machine instructions per call of each primitive (callgrind, ``calls`` calls)."""
    rows = []
    for name in games:
        counts = _instructions(name, calls, repo)
        row: dict[str, Any] = {"game": name, "players": PLAYERS, "calls": calls,
                               "repo": repo or str(_common.ROOT)}
        for primitive, total in counts.items():
            row[f"{primitive}_instructions"] = round(total / calls)
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--positions", type=int, default=5,
                        help="mid-game positions (random games) per game")
    parser.add_argument("--games", nargs="+", default=list(GOALS), choices=list(GOALS),
                        help="the games to measure (default: all)")
    parser.add_argument("--instructions", action="store_true",
                        help="count machine instructions per call with valgrind (callgrind)")
    parser.add_argument("--calls", type=int, default=200,
                        help="calls counted per primitive with --instructions")
    parser.add_argument("--repo", help="with --instructions: count this checkout of simlab")
    parser.add_argument("--_calls", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args._calls:
        name, calls = args._calls
        _calls(name, int(calls), args.repo)
        return 0
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("bench_primitives: --instructions needs valgrind (apt-get install valgrind)")
            return 0
        counted = count_instructions(tuple(args.games), args.calls, args.repo)
        if args.json:
            print(json.dumps(counted, indent=1))
            return 0
        print(f"machine instructions per call (callgrind, {args.calls} calls, mid-game of "
              f"seed 0, {PLAYERS} seats; {counted[0]['repo'] if counted else ''})")
        print(f"{'game':>14} " + " ".join(f"{p:>16}" for p in PRIMITIVES))
        for r in counted:
            print(f"{r['game']:>14} " + " ".join(f"{r[p + '_instructions']:>16,}"
                                                 for p in PRIMITIVES))
        return 0
    rows = run(args.positions, tuple(args.games))
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
