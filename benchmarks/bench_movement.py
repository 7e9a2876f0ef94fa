"""Peak memory and speed of the 1,000,000-game dice study ``bedpans-movement``.

Each size runs in a fresh subprocess, which reports the growth of its peak
resident memory (``ru_maxrss``) during ``run_study`` and the time taken.
Memory must be flat in the number of games: the study folds counts of each
result as chunks arrive (``combine="sum"``).

Usage::

    python benchmarks/bench_movement.py [--json] [--jobs J]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

_ROOT = Path(__file__).resolve().parents[1]
SIZES = (10_000, 100_000, 1_000_000)


def _child(games: int, jobs: int) -> None:
    sys.path.insert(0, str(_ROOT))
    import simlab

    simlab.run_study("bedpans-movement", games=1000, seed=0)  # imports and caches
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    result = simlab.run_study("bedpans-movement", games=games, seed=1, jobs=jobs,
                              progress=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rolls = games * result.games.groupby(["mover", "stuff"]).ngroups
    print(json.dumps({"games": games, "jobs": jobs, "seconds": elapsed,
                      "rolls_per_second": rolls / elapsed, "rows": len(result.games),
                      "peak_rss_mib": after / 1024, "rss_growth_mib": (after - before) / 1024}))


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        _child(args.child, args.jobs)
        return {}
    rows = []
    for games in SIZES:
        out = subprocess.run([sys.executable, __file__, "--child", str(games), "--jobs",
                              str(args.jobs)], capture_output=True, text=True, check=True)
        rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    if args.json:
        print(json.dumps({"bedpans_movement": rows}, indent=1))
    else:
        print(f"{'games':>10} {'seconds':>8} {'rolls/s':>12} {'rows':>6} {'peak RSS MiB':>13} "
              f"{'growth MiB':>11}")
        for r in rows:
            print(f"{r['games']:>10} {r['seconds']:8.2f} {r['rolls_per_second']:12.3g} "
                  f"{r['rows']:>6} {r['peak_rss_mib']:13.1f} {r['rss_growth_mib']:11.1f}")
    return {"bedpans_movement": rows}


if __name__ == "__main__":
    main()
