"""Bedpans search players against the heuristic, one side at a time (issue 12 point 5).

``--side elders``: ``mcts`` (or ``--settings`` overrides of it) plays both Elders
against the heuristic Staff; ``--side staff``: the Staff against heuristic Elders;
``--side none``: the heuristic on every seat (the baseline).  Game ``i`` is seeded
with word ``i`` of ``SeedSequence(seed).generate_state(1000)``, so ``--start`` and
``--games`` cut one seed list into pieces that add up.  One line per game (its
winners and the seconds so far), then the searching side's win share with a 95 %
Wilson interval.

Usage: python benchmarks/bedpans_strength.py SIDE GAMES [--iterations 12]
       [--depth 50] [--exploration 0.1] [--start 0] [--players 3] [--seed 12]
"""

from __future__ import annotations

import argparse
import dataclasses
import time

import numpy as np

import simlab
from simlab.core.search import MCTSPolicy
from simlab.core.stats import wilson_share_interval
from simlab.games.bedpans import evaluate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("side", choices=("elders", "staff", "none"))
    parser.add_argument("games", type=int)
    parser.add_argument("--iterations", type=int)
    parser.add_argument("--depth", type=int)
    parser.add_argument("--exploration", type=float)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=12)
    a = parser.parse_args()
    settings = evaluate.settings()
    changes = {
        k: getattr(a, k)
        for k in ("iterations", "depth", "exploration")
        if getattr(a, k) is not None
    }
    settings = dataclasses.replace(settings, **changes)
    game = simlab.load_game("bedpans", players=a.players)
    seeds = np.random.SeedSequence(a.seed).generate_state(1000, dtype=np.uint64)
    mine = [0] if a.side == "staff" else list(range(1, a.players))
    wins, start = 0.0, time.perf_counter()
    for g in range(a.start, a.start + a.games):
        searching = (a.side == "staff" and [0]) or (a.side == "elders" and mine) or []
        policies = [
            MCTSPolicy(game, s, settings, "mcts") if s in searching else "heuristic"
            for s in range(a.players)
        ]
        winners = simlab.run(game, policies, seed=int(seeds[g])).outcome.winners
        wins += sum(1 / len(winners) for w in winners if w in mine)
        print(g, winners, round(time.perf_counter() - start, 1), flush=True)
    low, high = wilson_share_interval(wins, a.games)
    print(
        f"side={a.side} {settings.budget} depth={settings.depth} c={settings.exploration}: "
        f"{a.side if a.side != 'none' else 'elders'} won {wins:g}/{a.games} = "
        f"{wins / a.games:.3f} [{low:.3f}, {high:.3f}] in {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
