"""Speed of the search players: MCTS iterations/s and decisions/s per game.

One ``mcts`` seat (the game's default budget, or ``--policy``) plays among
the game's best heuristic seats; the first ``--decisions`` decisions with a
choice of the search seat are timed, over as many games as it takes
(decisions with one legal action, or that the game's candidates leave with
one, as Bedpans' often do, take no search and are not counted).  Wall time
and CPU time of this process are both reported: on a shared machine the
wall-clock rates fall with the load, the CPU-time rates much less.  Also:
the kept subtree's share of the iterations behind each decision (subtree
reuse), the load average before and after, and (``--json``) a digest of
the search seat's decisions: two commits whose digests match decided alike.

**Search efficiency** (issue 33): the actions the search applies to its
determinized positions (tree walks and playouts, chance included) per CPU
second, divided by the same engine's random-play transitions per CPU second
(``--random-games`` uniformly random games of the same game and player
count), both measured in this process in the same run.  It is the share of
the engine's own speed that the search keeps; the rest goes to
determinizing, cloning, the tree and the rollout policies' own thinking.

Usage::

    python benchmarks/bench_search.py                    # every game, mcts
    python benchmarks/bench_search.py --policy mcts-50 --decisions 20 bedpans
    python benchmarks/bench_search.py --instructions --decisions 10   # callgrind counts
    python benchmarks/bench_search.py --set depth=6 --set iterations=300 bad_doctor
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import deque
from collections.abc import Generator, Sequence
from itertools import filterfalse, starmap
from typing import Any

from _common import use_repo

#: (players, heuristic the other seats play, the search seat).
SETUPS = {
    "bad_doctor": (3, "greedy", 1),
    "broom_service": (3, "heuristic", 1),
    "hospital_rush": (3, "greedy", 1),
    "bedpans": (4, "heuristic", 1),
}


def random_rate(name: str, players: int, games: int, seed: int) -> dict[str, Any]:
    """Transitions (chance included) per CPU second of ``games`` uniformly random games.

    The games run inside ``itertools.filterfalse`` (C ``filterfalse_next``), where
    ``--instructions`` counts them.
    """
    use_repo()
    import simlab

    game = simlab.load_game(name, players=players)
    count = 0

    def tick(state: Any, actor: int, action: Any, events: Any) -> None:
        nonlocal count
        count += 1

    def one(g: int) -> None:
        simlab.run(game, None, seed=seed + g, on_action=tick)

    start = time.process_time()
    deque(filterfalse(one, range(games)), maxlen=0)
    cpu = time.process_time() - start
    return {"random_transitions": count, "random_per_cpu_s": count / cpu if cpu else 0.0}


def search_turns(name: str, policy: str, seed: int,
                 changes: dict[str, Any] | None = None) -> Generator[Any, Any, None]:
    """Play ``name`` (its :data:`SETUPS` table: heuristics and one ``policy`` seat), game
    after game, and hand over each of the search seat's decisions with a choice.

    ``changes`` replaces fields of the search seat's settings (``{"depth": 6}``).
    Yields ``(search, state, player, legal, rng)``; the action sent back is applied
    (``turns.send(action)``).  The other seats and chance are played here.
    """
    use_repo()
    import numpy as np

    import simlab
    from simlab.core.play import sample_chance
    from simlab.core.search import MCTSPolicy

    players, heuristic, seat = SETUPS[name]
    game = simlab.load_game(name, players=players)
    seats = [game.make_policy(heuristic, s) for s in range(players)]
    search = seats[seat] = game.make_policy(policy, seat)
    if changes:
        from search_strength import changed

        search = seats[seat] = MCTSPolicy(game, seat, changed(game, search.settings, changes),
                                          policy)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while True:
        if state.is_terminal:  # a game too short for the decisions asked: the next one
            state = game.new_initial_state()
        player = state.current_player
        if player == simlab.CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng), check=False)
            continue
        legal = state.legal_actions()
        if player == seat and len(legal) > 1:
            search.last = None
            action = yield search, state, player, legal, rng
        else:
            action = seats[player].act(state.view(player), legal, rng)
        state.apply(action, check=False)


def measure(name: str, policy: str, decisions: int, seed: int,
            random_games: int = 20, changes: dict[str, Any] | None = None) -> dict[str, Any]:
    """Time ``decisions`` decisions of one search seat in a game among heuristics
    (its settings changed by ``changes``, see :func:`search_turns`)."""
    players = SETUPS[name][0]
    done = iterations = reused = total_visits = unsearched = applied = 0
    chosen: list[str] = []
    elapsed = cpu = 0.0
    turns = search_turns(name, policy, seed, changes)
    search, state, player, legal, rng = next(turns)
    while True:
        start, start_cpu = time.perf_counter(), time.process_time()
        # inside starmap (C starmap_next): where --instructions counts the searches
        action = next(starmap(search.act, ((state.view(player), legal, rng),)))
        wall, used = time.perf_counter() - start, time.process_time() - start_cpu
        last = search.last
        chosen.append(str(action))
        if last is None:  # the game's candidates left one action: no search
            unsearched += 1
        else:
            elapsed += wall
            cpu += used
            done += 1
            iterations += last.iterations
            applied += getattr(last, "applied", 0)  # (older commits do not count)
            reused += last.reused
            total_visits += last.reused + last.iterations
        if done >= decisions:
            break
        search, state, player, legal, rng = turns.send(action)
    rate = random_rate(name, players, random_games, seed)
    cpu = cpu or 1e-9  # (a clock too coarse for the decisions timed)
    applied_rate = applied / cpu
    return {
        "game": name, "players": players, "policy": policy, "decisions": done,
        "unsearched": unsearched,
        "iterations_per_s": round(iterations / elapsed), "decisions_per_s": round(
            done / elapsed, 2), "s_per_decision": round(elapsed / done, 3),
        "iterations_per_cpu_s": round(iterations / cpu), "cpu_s_per_decision": round(
            cpu / done, 3),
        "reused_share": round(reused / total_visits, 2) if total_visits else 0.0,
        "applied_per_cpu_s": round(applied_rate),
        "random_per_cpu_s": round(rate["random_per_cpu_s"]),
        "efficiency": round(applied_rate / rate["random_per_cpu_s"], 3)
        if rate["random_per_cpu_s"] else 0.0,
        "iterations": iterations, "applied": applied,
        "random_transitions": rate["random_transitions"],
        "decisions_digest": hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:12],
    }


#: The C functions of CPython inside which the searches and the random games run.
COUNTED = {"search": "starmap_next", "random": "filterfalse_next"}


def count_instructions(name: str, policy: str, decisions: int, seed: int,
                       random_games: int, settings: Sequence[str] = ()) -> dict[str, Any]:
    """:func:`measure` in a child under callgrind: machine instructions, whatever the load.

    Counted: the search decisions (per iteration and per action the search
    applies) and the random games (per transition); the efficiency by count is
    the random games' instructions per transition over the search's per action.
    ``settings`` are ``KEY=VALUE`` changes of the search settings (``--set``).
    """
    import re

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        child = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no",
             *(f"--toggle-collect={f}" for f in COUNTED.values()),
             f"--callgrind-out-file={out}", sys.executable, __file__, "--json",
             "--decisions", str(decisions), "--seed", str(seed), "--policy", policy,
             "--random-games", str(random_games),
             *(word for change in settings for word in ("--set", change)), name],
            capture_output=True, text=True, check=True)
        table = subprocess.run(["callgrind_annotate", "--inclusive=yes", out],
                               capture_output=True, text=True, check=True).stdout
    row = json.loads(child.stdout.strip().splitlines()[-1])
    counts = {}
    for kind, function in COUNTED.items():
        found = re.search(rf"^\s*([\d,]+) .*[:\s]{function}\b", table, re.M)
        counts[kind] = int(found.group(1).replace(",", "")) if found else 0
    per_action = counts["search"] / max(row["applied"], 1)
    per_transition = counts["random"] / max(row["random_transitions"], 1)
    return {"game": name, "players": row["players"], "policy": policy,
            "decisions": row["decisions"], "iterations": row["iterations"],
            "instructions_per_iteration": round(counts["search"] / max(row["iterations"], 1)),
            "instructions_per_search_action": round(per_action),
            "instructions_per_random_transition": round(per_transition),
            "efficiency_by_count": round(per_transition / per_action, 3) if per_action else 0.0,
            "decisions_digest": row["decisions_digest"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(SETUPS))
    parser.add_argument("--policy", default="mcts")
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--random-games", type=int, default=20,
                        help="random games timed for the engine's own rate")
    parser.add_argument("--json", action="store_true", help="print one JSON row per game")
    parser.add_argument("--instructions", action="store_true",
                        help="count machine instructions with valgrind (callgrind) instead "
                             "of timing: figures the load does not move")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                        help="change a search setting of the search seat (depth=6; repeat "
                             "--set for more)")
    args = parser.parse_args()
    use_repo()
    from search_strength import parse_set

    changes = parse_set(args.set)
    if args.instructions:
        print("| game | players | decisions | iterations | instructions/iteration "
              "| instructions/search action | instructions/random transition "
              "| efficiency by count | decisions digest |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
        for name in args.games:
            r = count_instructions(name, args.policy, args.decisions, args.seed,
                                   args.random_games, args.set)
            print(f"| {name} | {r['players']} | {r['decisions']} | {r['iterations']:,} | "
                  f"{r['instructions_per_iteration']:,} | "
                  f"{r['instructions_per_search_action']:,} | "
                  f"{r['instructions_per_random_transition']:,} | "
                  f"{r['efficiency_by_count']} | {r['decisions_digest']} |", flush=True)
        return
    if args.json:
        for name in args.games:
            print(json.dumps(measure(name, args.policy, args.decisions, args.seed,
                                     args.random_games, changes)), flush=True)
        return
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    print("| game | players | policy | decisions (+ left to the candidates) | iterations/s "
          "| decisions/s | s/decision | iterations/CPU s | CPU s/decision | reused share "
          "| search actions/CPU s | random transitions/CPU s | search efficiency |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in args.games:
        r = measure(name, args.policy, args.decisions, args.seed, args.random_games, changes)
        print(f"| {r['game']} | {r['players']} | {r['policy']} | {r['decisions']} "
              f"(+{r['unsearched']}) | {r['iterations_per_s']:,} | {r['decisions_per_s']} | "
              f"{r['s_per_decision']} | {r['iterations_per_cpu_s']:,} | "
              f"{r['cpu_s_per_decision']} | {r['reused_share']} | {r['applied_per_cpu_s']:,} | "
              f"{r['random_per_cpu_s']:,} | {r['efficiency']} |", flush=True)
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))


if __name__ == "__main__":
    main()
