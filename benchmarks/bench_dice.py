"""Benchmark of dice sampling and exact distributions (simlab.core.dice).

Prints samples per second of a bare numpy baseline for ``3d3kl2``
(``x = rng.integers(1, 4, size=(n, 3)); x.sum(1) - x.max(1)``), of
``sample('3d3kl2')`` (goal: at least 0.8x the baseline measured in the same
run) and of a few other expressions, with both the default method and
``method='roll'``, and the time of ``distribution('20d6kh3')`` with a cold
cache.  Every figure is the best of a few repeats (``time.perf_counter``).

Usage::

    python benchmarks/bench_dice.py [--json] [--n N] [--repeats R]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, Literal

_ROOT = Path(__file__).resolve().parents[1]

EXPRESSIONS = ["3d3kl2", "3d3kl2+2", "1d3+2d3kl1", "4d6kh3", "2d20kh1", "3d6", "20d6kh3", "10d6"]


def _use_repo() -> None:
    """Make ``import simlab`` find this checkout even when it is not installed."""
    if str(_ROOT) not in sys.path:
        sys.path.insert(0, str(_ROOT))


def best_time(fn: Callable[[], object], repeats: int) -> float:
    """Shortest wall time of `repeats` calls of `fn`, in seconds."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def run(n: int = 10_000_000, repeats: int = 5) -> dict[str, Any]:
    """Measure everything; returns the figures as a JSON-ready dict."""
    _use_repo()
    import numpy as np

    from simlab.core import dice

    rng = np.random.default_rng(2024)

    def baseline() -> np.ndarray:
        x = rng.integers(1, 4, size=(n, 3))
        return x.sum(1) - x.max(1)

    base_rate = n / best_time(baseline, repeats)
    rows: list[dict[str, Any]] = [
        {"name": "numpy baseline 3d3kl2", "rate": base_rate, "ratio": 1.0},
    ]
    methods: tuple[Literal["auto", "roll"], ...] = ("auto", "roll")
    for expr in EXPRESSIONS:
        for method in methods:
            dice.sample(expr, 10, seed=rng, method=method)  # warm the caches
            seconds = best_time(partial(dice.sample, expr, n, seed=rng, method=method), repeats)
            rows.append(
                {
                    "name": f"sample({expr!r}, method={method!r})",
                    "rate": n / seconds,
                    "ratio": n / seconds / base_rate,
                }
            )

    def cold_distribution() -> object:
        dice._dice_counts.cache_clear()
        dice._term_counts.cache_clear()
        dice._expr_counts.cache_clear()
        return dice.distribution("20d6kh3")

    dist_seconds = best_time(cold_distribution, repeats)
    return {
        "n": n,
        "repeats": repeats,
        "baseline_3d3kl2_per_s": base_rate,
        "sample": rows[1:],
        "ratio_3d3kl2": rows[1]["ratio"],
        "distribution_20d6kh3_s": dist_seconds,
    }


def print_table(results: dict[str, Any]) -> None:
    """Print the figures of :func:`run` as a small table."""
    print(f"n = {results['n']:,}, best of {results['repeats']}")
    print(f"{'what':<40} {'samples/s':>14} {'x baseline':>10}")
    rows = [
        {"name": "numpy baseline 3d3kl2", "rate": results["baseline_3d3kl2_per_s"], "ratio": 1.0}
    ]
    for row in rows + results["sample"]:
        print(f"{row['name']:<40} {row['rate']:>14,.0f} {row['ratio']:>10.2f}")
    print(f"distribution('20d6kh3'), cold cache: {results['distribution_20d6kh3_s'] * 1e3:.3f} ms")
    goal = "met" if results["ratio_3d3kl2"] >= 0.8 else "NOT met"
    print(f"goal sample('3d3kl2') >= 0.8x baseline: {goal}")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print a table, or a JSON dict with ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON dict")
    parser.add_argument("--n", type=int, default=10_000_000, help="samples per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; the best one counts")
    args = parser.parse_args(argv)
    results = run(args.n, args.repeats)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print_table(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
