"""Strength of the search players: search seats among a game's best heuristic, game by game.

By default one search seat (``--search``, default ``mcts``) rotates through
the seats from game to game among the game's best heuristic.  ``--lineups``
gives the line-ups instead, game ``i`` playing line-up ``i % len``: each a
comma-separated list of policy names, ``S`` standing for the search policy
(Bedpans, MCTS Elders against heuristic Staff: ``heuristic,S,S``).

Every game prints one line as it ends (so a run cut short still counts),
then, per line-up, the share of games the search seats won (a win shared by
k seats counts 1/k; for several search seats, a win by any of them) with a
95 % Wilson interval, and the fair share of those seats.  Game ``i`` is seeded
with word ``i`` of ``SeedSequence(seed).generate_state(games)``, so a run
with more games extends a shorter one.

Usage: python benchmarks/search_strength.py GAME [--players N] [--games G]
       [--search mcts] [--heuristic NAME] [--lineups L ...] [--jobs J] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import simlab
from simlab.core.stats import wilson_share_interval

BEST = {"bedpans": "heuristic", "bad_doctor": "greedy", "broom_service": "heuristic",
        "hospital_rush": "greedy"}


def one_game(args: tuple) -> dict:
    index, name, players, lineup, search, seed = args
    game = simlab.load_game(name, players=players)
    policies = [search if p == "S" else p for p in lineup]
    start = time.perf_counter()
    winners = list(simlab.run(game, policies, seed=seed).outcome.winners)
    mine = [s for s, p in enumerate(lineup) if p == "S"]
    share = sum(1.0 / len(winners) for w in winners if w in mine)
    return {"i": index, "lineup": ",".join(lineup), "winners": winners, "share": share,
            "s": round(time.perf_counter() - start, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--search", default="mcts")
    parser.add_argument("--heuristic")
    parser.add_argument("--lineups", nargs="+", help="line-ups, S for the search policy")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=12)
    a = parser.parse_args()
    heuristic = a.heuristic or BEST[a.game]
    if a.lineups:
        lineups = [tuple(x.split(",")) for x in a.lineups]
    else:
        lineups = [tuple("S" if s == seat else heuristic for s in range(a.players))
                   for seat in range(a.players)]
    seeds = np.random.SeedSequence(a.seed).generate_state(a.games, dtype=np.uint64)
    work = [(i, a.game, a.players, lineups[i % len(lineups)], a.search, int(seeds[i]))
            for i in range(a.games)]
    start = time.perf_counter()
    rows = []
    with ProcessPoolExecutor(a.jobs) as pool:
        for row in pool.map(one_game, work):
            print(json.dumps(row), flush=True)
            rows.append(row)
    print(f"{a.game} {a.players}p, S = {a.search}, seed {a.seed}: "
          f"{len(rows)} games in {time.perf_counter() - start:.0f} s")
    for lineup in lineups:
        text = ",".join(lineup)
        mine = [r["share"] for r in rows if r["lineup"] == text]
        if not mine:
            continue
        wins = sum(mine)
        low, high = wilson_share_interval(wins, len(mine))
        fair = lineup.count("S") / len(lineup)
        print(f"  {text}: S won {wins:g} of {len(mine)} = {wins / len(mine):.3f} "
              f"[{low:.3f}, {high:.3f}]; fair share of its seats {fair:.3f}")


if __name__ == "__main__":
    main()
