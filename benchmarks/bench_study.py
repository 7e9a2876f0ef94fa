"""Benchmark of the study runner (simlab.core.study).

Prints three things:

1. Runner overhead in a 10,000-game ``per_game`` study whose games do a fixed
   amount of pure-Python work (about 0.1 ms and 1 ms), against the same game
   function called in a plain loop, (a) with one shared generator and (b) with
   the per-game generator the runner makes (goal: < 5 %).
2. ``jobs=2`` against ``jobs=1`` for 1 ms games (goal: >= 1.7x on 2 cores).
3. Peak memory of a ``combine="sum"`` study at 10^5 and 10^6 games, each in a
   fresh subprocess (tracemalloc peak of ``run_study`` and the growth of
   ``ru_maxrss``), next to a ``combine="concat"`` study whose table grows.

Usage::

    python benchmarks/bench_study.py [--json] [--quick]

The whole run takes about a minute on 2 idle cores (``--quick``: a few seconds).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parents[1]


def _use_repo() -> None:
    """Make ``import simlab`` find this checkout even when it is not installed."""
    if str(_ROOT) not in sys.path:
        sys.path.insert(0, str(_ROOT))


# --------------------------------------------------------------------------- study functions


def busy_work(iterations: int) -> int:
    """A fixed amount of pure-Python work."""
    acc = 0
    for j in range(iterations):
        acc += j * j % 7
    return acc


def busy_game(params: dict[str, Any], rng: Any, game: int) -> dict[str, Any]:
    """One game: a couple of draws and ``params["work"]`` iterations of busy work."""
    roll = int(rng.integers(1, 7))
    return {"roll": roll, "work": busy_work(params["work"]) + roll}


def busy_summary(games: Any, params: dict[str, Any]) -> Any:
    from simlab.core.stats import summarize

    return summarize(games, means=["roll"])


def dice_counts_chunk(params: dict[str, Any], seed_seq: Any, first: int, n: int) -> Any:
    """Aggregated counts of 3d6 totals of ``n`` games (vectorized)."""
    import numpy as np
    import pandas as pd

    totals = np.random.default_rng(seed_seq).integers(1, 7, size=(n, 3)).sum(axis=1)
    values, counts = np.unique(totals, return_counts=True)
    return pd.DataFrame({"total": values, "count": counts})


def dice_rows_chunk(params: dict[str, Any], seed_seq: Any, first: int, n: int) -> Any:
    """One row per game: the same 3d6 totals, not aggregated."""
    import numpy as np
    import pandas as pd

    totals = np.random.default_rng(seed_seq).integers(1, 7, size=(n, 3)).sum(axis=1)
    return pd.DataFrame({"game": np.arange(first, first + n), "total": totals})


def dice_summary(games: Any, params: dict[str, Any]) -> Any:
    from simlab.core.stats import summarize

    count = "count" if "count" in games.columns else None
    return summarize(games, means=["total"], count=count)


def _busy_study() -> Any:
    from simlab.core.study import Param, Study, per_game

    return Study(
        name="bench-busy",
        title="Busy games",
        params=(Param("work", 1000, int),),
        run_chunk=per_game(busy_game),
        summarize=busy_summary,
        chunk_size=500,
    )


def _dice_study(combine: str) -> Any:
    from simlab.core.study import Study

    return Study(
        name=f"bench-dice-{combine}",
        title="3d6 totals",
        params=(),
        run_chunk=dice_counts_chunk if combine == "sum" else dice_rows_chunk,
        summarize=dice_summary,
        chunk_size=10_000,
        combine=combine,
    )


# --------------------------------------------------------------------------- 1. overhead


def _calibrate(target_s: float) -> int:
    """Iterations of :func:`busy_work` that take about ``target_s`` seconds."""
    n = 20_000
    best = min(_timed(busy_work, n) for _ in range(5))
    return max(1, round(n * target_s / best))


def _timed(fn: Any, *args: Any) -> float:
    """Wall seconds of ``fn(*args)``."""
    return _clocked(fn, *args)[0]


def _clocked(fn: Any, *args: Any) -> tuple[float, float]:
    """Wall and CPU (this process) seconds of ``fn(*args)``."""
    w0, c0 = time.perf_counter(), time.process_time()
    fn(*args)
    return time.perf_counter() - w0, time.process_time() - c0


def _loop_shared_rng(params: dict[str, Any], games: int, seed: int) -> None:
    import numpy as np

    rng = np.random.default_rng(seed)
    for i in range(games):
        busy_game(params, rng, i)


def _loop_per_game_rng(params: dict[str, Any], games: int, seed: int) -> None:
    import numpy as np

    for i in range(games):
        rng = np.random.default_rng(np.random.SeedSequence(entropy=seed, spawn_key=(i,)))
        busy_game(params, rng, i)


def _cpu_jiffies() -> tuple[int, int] | None:
    """Busy and steal clock ticks of the whole machine so far (Linux), else None."""
    try:
        with open("/proc/stat") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)
    steal = fields[7] if len(fields) > 7 else 0
    return sum(fields[:8]) - idle, steal


class _Load:
    """CPU used by *other* processes (in cores) while a section of the benchmark ran.

    Other sessions may share these cores; a busy machine makes the timings
    below unreliable, and this says so in the output.
    """

    def __enter__(self) -> _Load:
        self.t0 = time.perf_counter()
        self.own0 = sum(os.times()[:4])
        self.j0 = _cpu_jiffies()
        self.other_cores: float | None = None
        return self

    def __exit__(self, *exc: object) -> None:
        j1 = _cpu_jiffies()
        if self.j0 is None or j1 is None:
            return
        wall = time.perf_counter() - self.t0
        busy = (j1[0] - self.j0[0]) / os.sysconf("SC_CLK_TCK")
        own = sum(os.times()[:4]) - self.own0
        self.other_cores = max(0.0, (busy - own) / wall)


def _overhead(game_ms: float, games: int, rounds: int, repeats: int) -> dict[str, Any]:
    """Study against the two plain loops, interleaved so that other load hits all alike.

    Each repeat plays ``games`` games per contender, as ``rounds`` rounds of
    ``games / rounds`` (round r seeded r); the three contenders alternate
    within each round.  With ``rounds > 1`` the runner's fixed cost per call
    (summary, table) is paid once per round: the overhead is overstated, not
    hidden.  Reported: medians over repeats of CPU and wall time.
    """
    from simlab.core.study import run_study

    study = _busy_study()
    work = _calibrate(game_ms / 1000)
    params = {"work": work}
    block = games // rounds
    runs = {
        "study": lambda seed: run_study(study, block, seed, progress=False, **params),
        "loop_shared_rng": lambda seed: _loop_shared_rng(params, block, seed),
        "loop_per_game_rng": lambda seed: _loop_per_game_rng(params, block, seed),
    }
    walls: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    with _Load() as load:
        for _ in range(repeats):
            totals = {name: [0.0, 0.0] for name in runs}
            for r in range(rounds):
                for name, fn in runs.items():
                    w, c = _clocked(fn, r)
                    totals[name][0] += w
                    totals[name][1] += c
            for name, (w, c) in totals.items():
                walls[name].append(w)
                cpus[name].append(c)
    wall = {name: statistics.median(ts) for name, ts in walls.items()}
    cpu = {name: statistics.median(ts) for name, ts in cpus.items()}
    out: dict[str, Any] = {
        "game_ms": game_ms,
        "games": games,
        "rounds": rounds,
        "repeats": repeats,
        "work_iterations": work,
        "other_load_cores": load.other_cores,
    }
    out.update({f"{name}_wall_s": t for name, t in wall.items()})
    out.update({f"{name}_cpu_s": t for name, t in cpu.items()})
    for base in ("loop_shared_rng", "loop_per_game_rng"):
        out[f"overhead_vs_{base}_pct"] = 100 * (cpu["study"] / cpu[base] - 1)
        out[f"overhead_vs_{base}_wall_pct"] = 100 * (wall["study"] / wall[base] - 1)
    return out


def _fixed_costs(games: int, repeats: int) -> dict[str, Any]:
    """Cost per game of the runner itself and of the per-game generator, in microseconds.

    Measured with games that do no work, so these short runs isolate the costs;
    the overhead for a game of ``t`` ms is then ``cost / t``.
    """
    from simlab.core.study import run_study

    study = _busy_study()
    params = {"work": 0}
    runs = {
        "study": lambda: run_study(study, games, 0, progress=False, **params),
        "loop_shared_rng": lambda: _loop_shared_rng(params, games, 0),
        "loop_per_game_rng": lambda: _loop_per_game_rng(params, games, 0),
    }
    cpu: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, fn in runs.items():
            cpu[name].append(_clocked(fn)[1])
    us = {name: 1e6 * statistics.median(ts) / games for name, ts in cpu.items()}
    return {
        "games": games,
        "runner_us_per_game": us["study"] - us["loop_per_game_rng"],
        "per_game_rng_us_per_game": us["loop_per_game_rng"] - us["loop_shared_rng"],
    }


# --------------------------------------------------------------------------- 2. parallel


def _parallel(game_ms: float, work: int, games: int, rounds: int) -> dict[str, Any]:
    """Wall time of jobs=1 and jobs=2 runs, alternating, ``rounds`` runs of each.

    Every jobs=2 run starts (and counts) its own process pool, as a real run does.
    """
    from simlab.core.study import run_study

    study = _busy_study()
    params = {"work": work}
    block = games // rounds
    t = {1: 0.0, 2: 0.0}
    with _Load() as load:
        for r in range(rounds):
            for jobs in (1, 2):
                t0 = time.perf_counter()
                run_study(study, block, r, jobs=jobs, progress=False, **params)
                t[jobs] += time.perf_counter() - t0
    return {
        "game_ms": game_ms,
        "games": games,
        "rounds": rounds,
        "cpus": os.cpu_count(),
        "jobs1_s": t[1],
        "jobs2_s": t[2],
        "speedup": t[1] / t[2],
        "other_load_cores": load.other_cores,
    }


# --------------------------------------------------------------------------- 3. memory


def _memory_child(games: int, combine: str) -> dict[str, Any]:
    """Run in a fresh process: peak memory of one study run."""
    import resource
    import tracemalloc

    from simlab.core.study import run_study

    study = _dice_study(combine)
    run_study(study, 20_000, 1, progress=False)  # warm up imports and caches
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    tracemalloc.start()
    t0 = time.perf_counter()
    result = run_study(study, games, 1, progress=False)
    elapsed = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "games": games,
        "combine": combine,
        "rows": len(result.games),
        "seconds": elapsed,
        "tracemalloc_peak_mb": peak / 2**20,
        "maxrss_mb": rss_after / 1024,  # Linux: kilobytes
        "maxrss_growth_mb": (rss_after - rss_before) / 1024,
    }


def _memory(games: int, combine: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--memory-child", str(games), combine],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


# --------------------------------------------------------------------------- main


def _other(r: dict[str, Any]) -> str:
    load = r.get("other_load_cores")
    return "" if load is None else f" [other processes used {load:.2f} cores meanwhile]"


def _report(results: dict[str, Any]) -> None:
    print("1. runner overhead: per_game study vs a plain loop of the game function (CPU time)")
    for r in results["overhead"]:
        how = "one run" if r["rounds"] == 1 else f"{r['rounds']} interleaved rounds"
        print(
            f"   {r['game_ms']:>4} ms x {r['games']:,} games ({how}, median of {r['repeats']}): "
            f"study {r['study_cpu_s']:.3f} s, loop {r['loop_shared_rng_cpu_s']:.3f} s "
            f"(one shared rng) / {r['loop_per_game_rng_cpu_s']:.3f} s (rng per game): "
            f"overhead {r['overhead_vs_loop_shared_rng_pct']:+.1f} % / "
            f"{r['overhead_vs_loop_per_game_rng_pct']:+.1f} %{_other(r)}"
        )
    f = results["fixed_costs"]
    run_us, rng_us = f["runner_us_per_game"], f["per_game_rng_us_per_game"]
    print(
        f"   per game, from games doing no work: runner {run_us:.1f} us + per-game generator "
        f"{rng_us:.1f} us, i.e. {run_us:.1f} % + {rng_us:.1f} % of a 0.1 ms game, "
        f"{run_us / 10:.2f} % + {rng_us / 10:.2f} % of a 1 ms game"
    )
    p = results["parallel"]
    print(f"2. jobs=2 vs jobs=1 ({p['games']:,} games of {p['game_ms']} ms, {p['cpus']} CPUs)")
    print(
        f"   jobs=1 {p['jobs1_s']:.2f} s, jobs=2 {p['jobs2_s']:.2f} s: speed-up "
        f"{p['speedup']:.2f}x{_other(p)}"
    )
    if p.get("other_load_cores") is not None and p["cpus"]:
        free = max(1.0, min(2.0, p["cpus"] - p["other_load_cores"]))
        print(f"   (with that other load, about {free:.2f} cores were free for the 2 workers)")
    print("3. peak memory in a fresh process (tracemalloc peak of run_study; maxrss)")
    for m in results["memory"]:
        print(
            f"   {m['combine']:>6} {m['games']:>9,} games -> {m['rows']:>9,} rows: "
            f"tracemalloc peak {m['tracemalloc_peak_mb']:7.1f} MB, maxrss {m['maxrss_mb']:6.1f} MB "
            f"(+{m['maxrss_growth_mb']:.1f}), {m['seconds']:.2f} s"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON dict")
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke test)")
    parser.add_argument("--memory-child", nargs=2, metavar=("GAMES", "COMBINE"), help="internal")
    args = parser.parse_args(argv)
    _use_repo()
    if args.memory_child:
        print(json.dumps(_memory_child(int(args.memory_child[0]), args.memory_child[1])))
        return 0
    games = 1000 if args.quick else 10_000
    fast = _overhead(0.1, games, rounds=1, repeats=5)
    slow = _overhead(1.0, games, rounds=10, repeats=1)
    sizes = (10**4, 10**5) if args.quick else (10**5, 10**6)
    results = {
        "fixed_costs": _fixed_costs(games, repeats=7),
        "overhead": [fast, slow],
        "parallel": _parallel(1.0, slow["work_iterations"], games, rounds=2),
        "memory": [_memory(n, "sum") for n in sizes] + [_memory(n, "concat") for n in sizes],
    }
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        _report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
