"""Benchmark of Bedpans & Broomsticks (simlab.games.bedpans), and its soak run.

Plays whole games with ``simlab.run`` in one process and prints transitions
per second (every applied action, chance included; goal: at least 20,000)
and games per second, for each player count under random play, plus the
heuristic policies (which build a view for every decision).  Every figure
is the best of a few repeats.

``--soak N`` instead plays N random games at each player count, checking
on every state that each component is conserved (tiles, Stuff, Staffers,
tokens, Door-markers), and reports how the games ended.

Usage::

    python benchmarks/bench_bedpans.py [--json] [--games N] [--repeats R]
    python benchmarks/bench_bedpans.py --soak 10000
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from typing import Any

import _common

GOAL = 20_000




def measure(players: int, games: int, repeats: int, policy: str = "random") -> dict[str, Any]:
    """Best-of-``repeats`` rates of ``games`` games with ``players`` seats."""
    return _common.measure("bedpans", players, games, repeats, policy)


def run(games: int = 100, repeats: int = 3) -> dict[str, Any]:
    """Measure every player count; returns the figures as a JSON-ready dict."""
    _common.use_repo()
    rows = [measure(n, games, repeats) for n in range(2, 6)]
    rows.append(measure(4, max(1, games // 10), repeats, policy="heuristic"))
    worst = min(r["transitions_per_s"] for r in rows if r["policy"] == "random")
    return {"rows": rows, "goal_transitions_per_s": GOAL, "worst_random": worst,
            "meets_goal": worst >= GOAL}


def check_conservation(state: Any) -> None:
    """Raise AssertionError unless every component is accounted for."""
    hands = sum(len(h) for h in state.hands)
    unseen = sum(state.unseen.values())
    assert unseen == state.pile + sum(state.stuff_at.values()) + len(state.draws), "Stuff"
    assert unseen + hands + sum(state.discards.values()) == 48, "Stuff total"
    assert state.door_supply + sum(state.doors_held) + len(state.door_markers) == 8, "doors"
    used = {tid for tid, _ in state.tiles.values()}
    left = len(state.stack) + len(state.elevators_left) + len(state.exits_left)
    assert len(state.tiles) + left + ("S" not in used) == 21, "tiles"
    assert len(state.staffers) == 6, "Staffers"
    for colour, where in state.tokens.items():
        assert len(where) == 2, "tokens"
        assert None not in where or state.known[colour], "hidden identity of a lone token"


def soak(games: int) -> dict[str, Any]:
    """Play ``games`` random games per player count, checking every state."""
    _common.use_repo()
    import numpy as np

    import simlab
    from simlab.core.play import sample_chance

    result: dict[str, Any] = {}
    for players in range(2, 6):
        game = simlab.load_game("bedpans", players=players)
        ends: Counter[str] = Counter()
        rounds = 0
        for seed in range(games):
            rng = np.random.default_rng(seed)
            state = game.new_initial_state()
            while not state.is_terminal:
                check_conservation(state)
                if state.is_chance:
                    action = sample_chance(state.chance_outcomes(), rng)
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.integers(len(legal)))]
                state.apply(action, check=False)
            check_conservation(state)
            reason = state.outcome.reason
            ends["Elder escaped" if "Exit" in reason else
                 "Staff won" if "neutralized" in reason else "round limit"] += 1
            rounds += state.round
        result[str(players)] = {"games": games, "ends": dict(ends),
                                "mean_rounds": round(rounds / games, 2)}
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--games", type=int, default=100, help="games per measurement")
    parser.add_argument("--repeats", type=int, default=3, help="repeats (best is kept)")
    parser.add_argument("--soak", type=int, default=0, help="soak-test N games per count")
    args = parser.parse_args(argv)
    if args.soak:
        print(json.dumps(soak(args.soak), indent=1))
        return 0
    result = run(args.games, args.repeats)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"Bedpans & Broomsticks, {args.games} games per row, best of {args.repeats}")
    head = ("players", "policy", "transitions/s", "games/s", "actions/game")
    print(f"{head[0]:>7} {head[1]:>10} {head[2]:>14} {head[3]:>9} {head[4]:>12}")
    for r in result["rows"]:
        print(f"{r['players']:>7} {r['policy']:>10} {r['transitions_per_s']:>14,} "
              f"{r['games_per_s']:>9} {r['transitions'] / r['games']:>12.0f}")
    verdict = "meets" if result["meets_goal"] else "MISSES"
    print(f"slowest random row: {result['worst_random']:,} transitions/s ({verdict} the goal "
          f"of {GOAL:,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
