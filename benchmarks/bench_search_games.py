"""CPU seconds per whole strong game: ``mcts`` on every seat, per game and player count.

Each row plays ``--games`` games (seeds ``seed``, ``seed + 1`` ...) with the
search policy (``--policy``, default ``mcts``: each game's own budget) on
every seat, through :func:`simlab.run`, and reports the CPU seconds of this
process per game (``time.process_time``: on the shared machine wall time
moves with the load, CPU time much less), the mean transitions per game and
the mean over games of the search decisions' count.  Rows are printed as a
Markdown table, one per (game, players), as they finish.

Run it from another checkout (``python /path/to/old/benchmarks/...``) to
compare two commits: it imports ``simlab`` from the checkout it lives in.

Usage::

    python benchmarks/bench_search_games.py                        # every game and count
    python benchmarks/bench_search_games.py bedpans --players 3 5 --games 4
    python benchmarks/bench_search_games.py bad_doctor --set depth=4   # other settings
"""

from __future__ import annotations

import argparse
import json
import os
import time
from dataclasses import replace
from typing import Any

from _common import use_repo

#: Player counts each game takes.
COUNTS = {
    "bad_doctor": (2, 3, 4),
    "hospital_rush": (3, 4, 5),
    "broom_service": (2, 3, 4, 5),
    "bedpans": (2, 3, 4, 5),
}


def measure(name: str, players: int, games: int, seed: int, policy: str,
            changes: dict[str, Any] | None = None) -> dict[str, Any]:
    """CPU seconds per game of ``games`` games with ``policy`` on every seat (its search
    settings changed by ``changes``, e.g. ``{"depth": 4}``)."""
    use_repo()
    import simlab
    from simlab.core.search import MCTSPolicy

    game = simlab.load_game(name, players=players)
    if changes:  # imported only when asked: an older tree run with this copy may lack it
        from search_strength import settings_changes

        changes = settings_changes(game, changes)
    count = 0

    def tick(state: Any, actor: int, action: Any, events: Any) -> None:
        nonlocal count
        count += 1

    times = []
    for g in range(games):
        seats: list[Any] = [policy] * players
        if changes:
            seats = [MCTSPolicy(game, s, replace(game.make_policy(policy, s).settings,
                                                 **changes), policy) for s in range(players)]
        start = time.process_time()
        simlab.run(game, seats, seed=seed + g, on_action=tick)
        times.append(time.process_time() - start)
    return {"game": name, "players": players, "policy": policy, "games": games,
            "cpu_s_per_game": round(sum(times) / games, 3),
            "cpu_s_min": round(min(times), 3), "cpu_s_max": round(max(times), 3),
            "transitions_per_game": round(count / games, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_", nargs="*", metavar="GAME", default=list(COUNTS))
    parser.add_argument("--players", type=int, nargs="*", help="player counts (default: all)")
    parser.add_argument("--games", type=int, default=3, help="games per row")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default="mcts")
    parser.add_argument("--json", action="store_true", help="print one JSON row per line")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="change a search setting of every seat (depth=4; repeat --set "
                             "for more)")
    args = parser.parse_args()
    use_repo()
    changes: dict[str, Any] = {}
    if args.set:  # imported only when asked: an older tree run with this copy may lack it
        from search_strength import parse_set

        changes = parse_set(args.set)
    if not args.json:
        print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
        print("| game | players | games | CPU s per game (min–max) | transitions per game |")
        print("| --- | --- | --- | --- | --- |")
    for name in args.games_:
        for players in args.players or COUNTS[name]:
            if players not in COUNTS[name]:
                continue
            r = measure(name, players, args.games, args.seed, args.policy, changes)
            if args.json:
                print(json.dumps(r), flush=True)
            else:
                print(f"| {name} | {players} | {r['games']} | {r['cpu_s_per_game']} "
                      f"({r['cpu_s_min']}–{r['cpu_s_max']}) | {r['transitions_per_game']:,} |",
                      flush=True)
    if not args.json:
        print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
