"""Speed of the search players: MCTS iterations/s and decisions/s per game.

One ``mcts`` seat (the game's default budget, or ``--policy``) plays among
the game's best heuristic seats; the first ``--decisions`` decisions with a
choice of the search seat are timed (decisions with one legal action, or
that the game's candidates leave with one, as Bedpans' often do, take no
search and are not counted).  Wall time and CPU time of this process are
both reported: on a shared machine the wall-clock rates fall with the load,
the CPU-time rates much less.  Also: the kept subtree's share of the
iterations behind each decision (subtree reuse), and the load average
before and after.

Usage::

    python benchmarks/bench_search.py                    # every game, mcts
    python benchmarks/bench_search.py --policy mcts-50 --decisions 20 bedpans
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

from _common import use_repo

#: (players, heuristic the other seats play, the search seat).
SETUPS = {
    "bad_doctor": (3, "greedy", 1),
    "broom_service": (3, "heuristic", 1),
    "hospital_rush": (3, "greedy", 1),
    "bedpans": (4, "heuristic", 1),
}


def measure(name: str, policy: str, decisions: int, seed: int) -> dict[str, Any]:
    """Time ``decisions`` decisions of one search seat in a game among heuristics."""
    use_repo()
    import numpy as np

    import simlab
    from simlab.core.play import sample_chance

    players, heuristic, seat = SETUPS[name]
    game = simlab.load_game(name, players=players)
    seats = [game.make_policy(heuristic, s) for s in range(players)]
    search = seats[seat] = game.make_policy(policy, seat)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    done = iterations = reused = total_visits = unsearched = 0
    elapsed = cpu = 0.0
    while not state.is_terminal and done < decisions:
        player = state.current_player
        if player == simlab.CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng), check=False)
            continue
        legal = state.legal_actions()
        if player == seat and len(legal) > 1:
            search.last = None
            start, start_cpu = time.perf_counter(), time.process_time()
            action = search.act(state.view(player), legal, rng)
            wall, used = time.perf_counter() - start, time.process_time() - start_cpu
            last = search.last
            if last is None:  # the game's candidates left one action: no search
                unsearched += 1
            else:
                elapsed += wall
                cpu += used
                done += 1
                iterations += last.iterations
                reused += last.reused
                total_visits += last.reused + last.iterations
        else:
            action = seats[player].act(state.view(player), legal, rng)
        state.apply(action, check=False)
    return {
        "game": name, "players": players, "policy": policy, "decisions": done,
        "unsearched": unsearched,
        "iterations_per_s": round(iterations / elapsed), "decisions_per_s": round(
            done / elapsed, 2), "s_per_decision": round(elapsed / done, 3),
        "iterations_per_cpu_s": round(iterations / cpu), "cpu_s_per_decision": round(
            cpu / done, 3),
        "reused_share": round(reused / total_visits, 2) if total_visits else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(SETUPS))
    parser.add_argument("--policy", default="mcts")
    parser.add_argument("--decisions", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print("| game | players | policy | decisions (+ left to the candidates) | iterations/s "
          "| decisions/s | s/decision | iterations/CPU s | CPU s/decision | reused share |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in args.games:
        r = measure(name, args.policy, args.decisions, args.seed)
        print(f"| {r['game']} | {r['players']} | {r['policy']} | {r['decisions']} "
              f"(+{r['unsearched']}) | {r['iterations_per_s']:,} | {r['decisions_per_s']} | "
              f"{r['s_per_decision']} | {r['iterations_per_cpu_s']:,} | "
              f"{r['cpu_s_per_decision']} | {r['reused_share']} |", flush=True)
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
