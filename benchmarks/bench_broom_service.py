"""Benchmark of Broom Service under random play (simlab.games.broom_service).

Plays whole games with ``simlab.run`` and uniformly random policies in one
process and prints transitions per second (every applied action, chance
included; goal: at least 30,000) and games per second, for each player
count, plus games per second with the heuristic policy (which builds a
view for every decision).  Every figure is the best of a few repeats.

Usage::

    python benchmarks/bench_broom_service.py [--json] [--games N] [--repeats R]
        [--conservation-games N]

``--conservation-games N`` (default 0) also plays N random games at each
player count, checking every component after every action
(:func:`simlab.games.broom_service.conservation.conservation_errors`); the
issue's reliability run is N = 10,000.
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
    return _common.measure("broom_service", players, games, repeats, policy)


def conservation(players: int, games: int) -> dict[str, Any]:
    """Play ``games`` random games; count those that break a component count."""
    import simlab
    from simlab.games.broom_service.conservation import conservation_errors

    game = simlab.load_game("broom_service", players=players)
    failures, steps = 0, 0
    problems: list[str] = []

    def check(state: Any, *_: Any) -> None:
        nonlocal steps
        steps += 1
        problems.extend(conservation_errors(state))

    start = time.perf_counter()
    for seed in range(games):
        problems.clear()
        final = simlab.run(game, seed=seed, on_action=check)
        failures += bool(problems) or final.outcome is None
    return {"players": players, "games": games, "steps": steps, "failures": failures,
            "seconds": round(time.perf_counter() - start, 1)}


def run(games: int = 200, repeats: int = 3) -> dict[str, Any]:
    """Measure every player count; returns the figures as a JSON-ready dict."""
    _common.use_repo()
    rows = [measure(n, games, repeats) for n in range(2, 6)]
    rows.append(measure(4, max(1, games // 10), repeats, policy="heuristic"))
    worst = min(r["transitions_per_s"] for r in rows if r["policy"] == "random")
    return {"rows": rows, "goal_transitions_per_s": GOAL, "worst_random": worst,
            "meets_goal": worst >= GOAL}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--repeats", type=int, default=3, help="repeats (best is kept)")
    parser.add_argument("--conservation-games", type=int, default=0,
                        help="random games per player count checked for conservation")
    args = parser.parse_args(argv)
    result = run(args.games, args.repeats)
    if args.conservation_games:
        result["conservation"] = [conservation(n, args.conservation_games) for n in range(2, 6)]
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"Broom Service, {args.games} games per row, best of {args.repeats}")
    head = ("players", "policy", "transitions/s", "games/s", "actions/game")
    print(f"{head[0]:>7} {head[1]:>10} {head[2]:>14} {head[3]:>9} {head[4]:>12}")
    for r in result["rows"]:
        print(f"{r['players']:>7} {r['policy']:>10} {r['transitions_per_s']:>14,} "
              f"{r['games_per_s']:>9} {r['transitions'] / r['games']:>12.0f}")
    verdict = "meets" if result["meets_goal"] else "MISSES"
    print(f"slowest random row: {result['worst_random']:,} transitions/s ({verdict} the goal "
          f"of {GOAL:,})")
    for r in result.get("conservation", []):
        print(f"conservation, {r['players']} players: {r['games']:,} games, {r['steps']:,} "
              f"steps checked, {r['failures']} failures ({r['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
