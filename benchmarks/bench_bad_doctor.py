"""Benchmark of Bad Doctor under uniformly random play, in one process.

Prints, for 2, 3 and 4 players:

1. transitions per second (every applied action, chance included) and games
   per second with :func:`simlab.run` and random policies
   (goal: >= 30,000 transitions/s);
2. the reliability run of issue 6: 10,000 random games per player count,
   checking at every step that 37 Treatment Tiles, 80 Doctor Markers and 15
   Complication Cubes are all somewhere (deck, discard, hands, Patients,
   supplies, Score Piles, the box) and that every game ends.

Usage::

    python benchmarks/bench_bad_doctor.py [--json] [--games N] [--conservation-games N]

The default run takes a few minutes on one core (``--conservation-games 0``
skips part 2).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parents[1]
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

import numpy as np  # noqa: E402

import simlab  # noqa: E402
from simlab.core.play import sample_chance  # noqa: E402

BOX = {"tiles": 37, "doctor_markers": 80, "complication_cubes": 15}
GOAL = 30_000


def speed(players: int, games: int) -> dict[str, Any]:
    """Transitions/s and games/s of ``games`` random games through ``simlab.run``."""
    game = simlab.load_game("bad_doctor", players=players)
    count = [0]

    def hook(state, actor, action, events) -> None:
        count[0] += 1

    simlab.run(game, seed=10_000)  # warm caches
    start = time.perf_counter()
    for seed in range(games):
        simlab.run(game, seed=seed, on_action=hook)
    elapsed = time.perf_counter() - start
    return {
        "players": players,
        "games": games,
        "transitions": count[0],
        "seconds": round(elapsed, 3),
        "transitions_per_s": round(count[0] / elapsed),
        "games_per_s": round(games / elapsed, 1),
        "transitions_per_game": round(count[0] / games, 1),
    }


def conservation(players: int, games: int, seed: int = 0) -> dict[str, Any]:
    """Random games checking the component totals after every action."""
    game = simlab.load_game("bad_doctor", players=players)
    rng = np.random.default_rng(seed)
    steps = failures = 0
    reasons: dict[str, int] = {}
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal:
            if state.component_totals() != BOX:
                failures += 1
                break
            if state.is_chance:
                action = sample_chance(state._chance_outcomes(), rng)
            else:
                legal = state._legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state._apply(action)
            steps += 1
        else:
            if state.component_totals() != BOX:
                failures += 1
            reasons[state.outcome.reason] = reasons.get(state.outcome.reason, 0) + 1
    return {
        "players": players,
        "games": games,
        "steps_checked": steps,
        "failures": failures,
        "end_reasons": reasons,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--games", type=int, default=1000, help="games per speed run")
    parser.add_argument("--conservation-games", type=int, default=10_000,
                        help="games per player count in the conservation run (0: skip)")
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"goal_transitions_per_s": GOAL, "speed": [], "conservation": []}
    for players in (2, 3, 4):
        row = speed(players, args.games)
        result["speed"].append(row)
        if not args.json:
            print(f"{players} players: {row['transitions_per_s']:,} transitions/s, "
                  f"{row['games_per_s']} games/s ({row['transitions_per_game']} per game)"
                  f"  goal {'met' if row['transitions_per_s'] >= GOAL else 'MISSED'}")
    if args.conservation_games:
        for players in (2, 3, 4):
            row = conservation(players, args.conservation_games, seed=players)
            result["conservation"].append(row)
            if not args.json:
                print(f"{players} players: {row['games']:,} games, {row['steps_checked']:,} "
                      f"steps checked, {row['failures']} failures, {row['seconds']} s; "
                      f"ends: {row['end_reasons']}")
    ok = all(r["failures"] == 0 for r in result["conservation"])
    result["ok"] = ok
    if args.json:
        print(json.dumps(result, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
