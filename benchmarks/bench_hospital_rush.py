"""Benchmark and reliability run of Hospital Rush (simlab.games.hospital_rush).

Speed: plays whole games with ``simlab.run`` and uniformly random policies in
one process and prints transitions per second (every applied action, chance
included; goal: at least 30,000) and games per second, for each player
count, plus games per second with the greedy policy (which builds a view
for every decision).  Every figure is the best of a few repeats.

Reliability: plays ``--reliability`` random games (default 10,000) at each
player count and checks that every one ends (before the round guard where
possible; guard endings are counted) and conserves every component: bucks,
medicine per colour, patches, study markers, patient cards, one patient
marker per seat, nothing negative.

Usage::

    python benchmarks/bench_hospital_rush.py [--json] [--games N] [--repeats R]
                                             [--reliability N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import _common

GOAL = 30_000


def reliability(players: int, games: int) -> dict[str, Any]:
    """Play ``games`` random games; count endings and conservation failures."""
    import simlab
    from simlab.games.hospital_rush.rules import component_totals

    game = simlab.load_game("hospital_rush", players=players)
    start = component_totals(game.new_initial_state())
    failures: list[int] = []
    guard = 0
    rounds = 0
    t0 = time.perf_counter()
    for seed in range(games):
        final = simlab.run(game, seed=seed)
        totals = component_totals(final)
        if final.outcome is None or totals != start or totals["negative"]:
            failures.append(seed)
        guard += "round limit" in final.outcome.reason if final.outcome else 0
        rounds += final.round
    return {
        "players": players,
        "games": games,
        "failures": failures[:20],
        "failed": len(failures),
        "ended_by_round_guard": guard,
        "mean_rounds": round(rounds / max(1, games), 1),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def run(games: int = 200, repeats: int = 3, reliable: int = 10_000) -> dict[str, Any]:
    """Measure every player count; returns the figures as a JSON-ready dict."""
    _common.use_repo()
    result = _common.speed("hospital_rush", range(3, 6), games, repeats, GOAL, "greedy",
                           max(1, games // 4))
    checks = [reliability(n, reliable) for n in range(3, 6)] if reliable else []
    return {**result, "reliability": checks,
            "reliable": all(c["failed"] == 0 for c in checks)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    _common.add_speed_options(parser, games=200, games_help="games per speed measurement")
    parser.add_argument("--reliability", type=int, default=10_000,
                        help="random games per player count for the reliability run (0: skip)")
    args = parser.parse_args(argv)
    result = run(args.games, args.repeats, args.reliability)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0 if result["reliable"] else 1
    _common.print_speed("Hospital Rush", args.games, args.repeats, result)
    for c in result["reliability"]:
        print(f"reliability {c['players']}p: {c['games']:,} random games, {c['failed']} failed "
              f"(end + conservation), {c['ended_by_round_guard']} ended by the round guard, "
              f"{c['mean_rounds']} rounds on average, {c['seconds']} s")
    return 0 if result["reliable"] else 1


if __name__ == "__main__":
    sys.exit(main())
