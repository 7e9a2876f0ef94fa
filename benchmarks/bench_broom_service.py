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
    return _common.speed("broom_service", range(2, 6), games, repeats, GOAL, "heuristic",
                         max(1, games // 10))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    _common.add_speed_options(parser, games=200)
    parser.add_argument("--conservation-games", type=int, default=0,
                        help="random games per player count checked for conservation")
    args = parser.parse_args(argv)
    result = run(args.games, args.repeats)
    if args.conservation_games:
        result["conservation"] = [conservation(n, args.conservation_games) for n in range(2, 6)]
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    _common.print_speed("Broom Service", args.games, args.repeats, result)
    for r in result.get("conservation", []):
        print(f"conservation, {r['players']} players: {r['games']:,} games, {r['steps']:,} "
              f"steps checked, {r['failures']} failures ({r['seconds']} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
