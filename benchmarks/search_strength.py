"""A first strength check of the search players: one `mcts` seat among a game's best heuristics.

The search seat rotates through the seats from game to game; ties are split.
Prints games, the search seat's wins, its share with a 95 % Wilson interval,
and the fair share 1/n (for Bedpans, the seat's side: Staff or Elder).

Usage: python benchmarks/search_strength.py GAME [--players N] [--games G]
       [--search mcts] [--heuristic NAME] [--jobs J] [--seed S] [--seats 0,1]
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import simlab
from simlab.core.stats import wilson_interval

BEST = {"bedpans": "heuristic", "bad_doctor": "greedy", "broom_service": "heuristic",
        "hospital_rush": "greedy"}


def one_game(args: tuple) -> tuple[int, float, float]:
    name, players, search, heuristic, seat, seed = args
    game = simlab.load_game(name, players=players)
    policies = [heuristic] * players
    policies[seat] = search
    start = time.perf_counter()
    final = simlab.run(game, policies, seed=seed)
    winners = final.outcome.winners
    share = 1.0 / len(winners) if seat in winners else 0.0
    return seat, share, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--search", default="mcts")
    parser.add_argument("--heuristic")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--seats", help="seats the search plays, in turn (default: all)")
    a = parser.parse_args()
    heuristic = a.heuristic or BEST[a.game]
    seats = [int(s) for s in a.seats.split(",")] if a.seats else list(range(a.players))
    seeds = np.random.SeedSequence(a.seed).generate_state(a.games, dtype=np.uint64)
    work = [(a.game, a.players, a.search, heuristic, seats[i % len(seats)], int(seeds[i]))
            for i in range(a.games)]
    start = time.perf_counter()
    with ProcessPoolExecutor(a.jobs) as pool:
        rows = list(pool.map(one_game, work))
    wins = sum(r[1] for r in rows)
    low, high = wilson_interval(wins, len(rows))
    print(f"{a.game} {a.players}p: {a.search} among {heuristic}, seats {seats}: "
          f"{wins:g} wins of {len(rows)} = {wins / len(rows):.3f} [{low:.3f}, {high:.3f}], "
          f"fair share {1 / a.players:.3f}; {time.perf_counter() - start:.0f} s")
    for seat in seats:
        mine = [r[1] for r in rows if r[0] == seat]
        print(f"  seat {seat}: {sum(mine):g} of {len(mine)}")


if __name__ == "__main__":
    main()
