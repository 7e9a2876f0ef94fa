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




def measure(players: int, games: int, repeats: int, policy: str = "random") -> dict[str, Any]:
    """Best-of-``repeats`` rates of ``games`` games with ``players`` seats."""
    return _common.measure("hospital_rush", players, games, repeats, policy)


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
    rows = [measure(n, games, repeats) for n in range(3, 6)]
    rows.append(measure(4, max(1, games // 4), repeats, policy="greedy"))
    worst = min(r["transitions_per_s"] for r in rows if r["policy"] == "random")
    checks = [reliability(n, reliable) for n in range(3, 6)] if reliable else []
    return {"rows": rows, "goal_transitions_per_s": GOAL, "worst_random": worst,
            "meets_goal": worst >= GOAL, "reliability": checks,
            "reliable": all(c["failed"] == 0 for c in checks)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--games", type=int, default=200, help="games per speed measurement")
    parser.add_argument("--repeats", type=int, default=3, help="repeats (best is kept)")
    parser.add_argument("--reliability", type=int, default=10_000,
                        help="random games per player count for the reliability run (0: skip)")
    args = parser.parse_args(argv)
    result = run(args.games, args.repeats, args.reliability)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0 if result["reliable"] else 1
    print(f"Hospital Rush, {args.games} games per row, best of {args.repeats}")
    head = ("players", "policy", "transitions/s", "games/s", "actions/game")
    print(f"{head[0]:>7} {head[1]:>10} {head[2]:>14} {head[3]:>9} {head[4]:>12}")
    for r in result["rows"]:
        print(f"{r['players']:>7} {r['policy']:>10} {r['transitions_per_s']:>14,} "
              f"{r['games_per_s']:>9} {r['transitions'] / r['games']:>12.0f}")
    verdict = "meets" if result["meets_goal"] else "MISSES"
    print(f"slowest random row: {result['worst_random']:,} transitions/s ({verdict} the goal "
          f"of {GOAL:,})")
    for c in result["reliability"]:
        print(f"reliability {c['players']}p: {c['games']:,} random games, {c['failed']} failed "
              f"(end + conservation), {c['ended_by_round_guard']} ended by the round guard, "
              f"{c['mean_rounds']} rounds on average, {c['seconds']} s")
    return 0 if result["reliable"] else 1


if __name__ == "__main__":
    sys.exit(main())
