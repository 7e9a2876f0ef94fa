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


def run(games: int = 100, repeats: int = 3) -> dict[str, Any]:
    """Measure every player count; returns the figures as a JSON-ready dict."""
    _common.use_repo()
    return _common.speed("bedpans", range(2, 6), games, repeats, GOAL, "heuristic",
                         max(1, games // 10))


def check_conservation(state: Any) -> None:
    """Raise AssertionError unless every component is accounted for."""
    hands = sum(len(h) for h in state.hands)
    unseen = sum(state.unseen.values())
    assert unseen == state.pile + sum(state.stuff_at.values()) + len(state.draws), "Stuff"
    assert unseen + hands + sum(state.discards.values()) == 48, "Stuff total"
    assert state.door_supply + sum(state.doors_held) + len(state.door_markers) == 8, "doors"
    left = len(state.stack) + len(state.elevators_left) + len(state.exits_left)
    assert len(state.tiles) + left == 21, "tiles"  # the unused start tile is in the stack
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
    _common.add_speed_options(parser, games=100)
    parser.add_argument("--soak", type=int, default=0, help="soak-test N games per count")
    args = parser.parse_args(argv)
    if args.soak:
        print(json.dumps(soak(args.soak), indent=1))
        return 0
    result = run(args.games, args.repeats)
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    _common.print_speed("Bedpans & Broomsticks", args.games, args.repeats, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
