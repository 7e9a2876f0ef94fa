"""Side-by-side benchmark: every simlab game against catanatron 3.2.1, in one process.

catanatron (a Settlers of Catan engine in pure Python, the model simlab's style
names) is the yardstick.  Each contender plays whole games with 4 seats under
uniformly random play (catanatron's ``RandomPlayer``; simlab's ``None``
policies), and its rate is counted in **transitions**: applied actions,
chance included.

- simlab: every action ``simlab.run`` applies, decisions and chance outcomes
  (dice rolls, draws, shuffles) alike.
- catanatron: every action its game applies, i.e. every entry of
  ``game.state.actions``.  catanatron draws its chance inside the actions: a
  ``ROLL`` is one applied action whose value is the rolled pair, a robber's steal
  and a discard draw inside theirs; so a dice roll counts once, as one of its
  applied actions (the share of ``ROLL`` among them is printed).

The contenders take turns in rounds (the order turns one step each round), each
playing whole games until it has used ``--seconds`` of this process's CPU time;
a game's ratio in a round is its rate over catanatron's rate in the same round.
The table gives each game's median ratio and its range over the rounds.  Because
the rounds interleave in one process, a machine shared with other work lowers
every absolute rate but leaves the ratios meaningful.

catanatron is the optional extra ``peers`` (``pip install -e ".[peers]"``);
without it the script says so in one line and exits with status 0.

``--instructions`` counts instead of timing, a ratio that the machine's load does not
change: each contender plays whole random games from seed 0 on, until it has applied
``--transitions`` transitions, in a child process under ``valgrind --tool=callgrind``
that collects only inside the games (they run inside ``itertools.starmap``, which
neither simlab nor catanatron uses; ``--toggle-collect=starmap_next``), after one game
that is not counted (imports, caches).  The ratio is catanatron's machine instructions
per transition over the game's.  Both are CPython running pure-Python game code, so
instructions track time closely; the timed ratio stays the issue's measure, the counted
one says which way a change moved it when the load makes the timed one noisy.

Usage::

    python benchmarks/bench_peers.py [--json] [--rounds R] [--seconds S] [--players N ...]
                                     [--games NAME ...]
    python benchmarks/bench_peers.py --instructions [--transitions T] [--players N ...]
                                     [--games NAME ...]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import _common

GAMES = ("bedpans", "bad_doctor", "broom_service", "hospital_rush")
PEER = "catanatron"
PEER_VERSION = "3.2.1"
#: The goal of issue 15: every game at three times catanatron or more.
GOAL = 3.0


def peer_missing() -> str | None:
    """``None`` when catanatron can be imported, else the one line that says it is missing."""
    try:
        import catanatron  # noqa: F401
    except ImportError:
        return (f"bench_peers: skipped, {PEER} is not installed (the optional extra "
                f"'peers': pip install -e \".[peers]\")")
    return None


def catanatron_player(players: int) -> Callable[[int], tuple[int, int]]:
    """A function ``seed -> (transitions, rolls)`` playing one random catanatron game."""
    from catanatron import Color, Game, RandomPlayer
    from catanatron.models.enums import ActionType

    colors = list(Color)[:players]

    def one(seed: int) -> tuple[int, int]:
        game = Game([RandomPlayer(c) for c in colors], seed=seed + 1)  # seed 0 means "any"
        game.play()
        actions = game.state.actions
        return len(actions), sum(a.action_type == ActionType.ROLL for a in actions)

    return one


def simlab_player(name: str, players: int) -> Callable[[int], tuple[int, int]]:
    """A function ``seed -> (transitions, chance outcomes)`` playing one random simlab game."""
    _common.use_repo()
    import simlab

    game = simlab.load_game(name, players=players)
    count = [0, 0]

    def tick(state: Any, actor: int, action: Any, events: Any) -> None:
        count[actor < 0] += 1

    def one(seed: int) -> tuple[int, int]:
        count[0] = count[1] = 0
        simlab.run(game, None, seed=seed, on_action=tick)
        return count[0] + count[1], count[1]

    return one


def _seats_ok(name: str, players: int) -> bool:
    """Whether simlab's game ``name`` takes ``players`` seats."""
    _common.use_repo()
    import simlab

    game = simlab.load_game(name)
    return bool(game.MIN_PLAYERS <= players <= game.MAX_PLAYERS)


def _rate(play_one: Callable[[int], tuple[int, int]], first_seed: int,
          seconds: float) -> tuple[float, int, int, int]:
    """Play whole games from ``first_seed`` on until ``seconds`` of CPU time are used.

    Returns (transitions per CPU second, games, transitions, chance transitions).
    """
    clock = time.process_time
    start = clock()
    games = transitions = chance = 0
    while True:
        t, c = play_one(first_seed + games)
        games, transitions, chance = games + 1, transitions + t, chance + c
        elapsed = clock() - start
        if elapsed >= seconds:
            return transitions / elapsed, games, transitions, chance


def run(players: int = 4, rounds: int = 7, seconds: float = 1.0,
        games: tuple[str, ...] = GAMES) -> dict[str, Any]:
    """Interleaved rounds of catanatron and ``games`` at ``players`` seats; JSON-ready figures."""
    contenders: dict[str, Callable[[int], tuple[int, int]]] = {
        PEER: catanatron_player(players)}
    contenders.update({name: simlab_player(name, players) for name in games
                       if _seats_ok(name, players)})
    names = list(contenders)
    for name in names:  # warm up: imports, caches, first data loads
        contenders[name](10**6)
    rates: dict[str, list[float]] = {n: [] for n in names}
    totals = {n: {"games": 0, "transitions": 0, "chance": 0} for n in names}
    seeds = dict.fromkeys(names, 0)
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            rate, games, transitions, chance = _rate(contenders[name], seeds[name], seconds)
            seeds[name] += games
            rates[name].append(rate)
            for key, value in (("games", games), ("transitions", transitions),
                               ("chance", chance)):
                totals[name][key] += value
    rows = []
    for name in names:
        ratios = [rate / peer for rate, peer in zip(rates[name], rates[PEER], strict=True)]
        t = totals[name]
        rows.append({
            "contender": name,
            "transitions_per_s": round(statistics.median(rates[name])),
            "transitions_per_s_range": [round(min(rates[name])), round(max(rates[name]))],
            "ratio": round(statistics.median(ratios), 2),
            "ratio_range": [round(min(ratios), 2), round(max(ratios), 2)],
            "games": t["games"],
            "transitions_per_game": round(t["transitions"] / t["games"], 1),
            "chance_share": round(t["chance"] / t["transitions"], 3),
        })
    return {"players": players, "rounds": rounds, "seconds": seconds, "goal_ratio": GOAL,
            "rows": rows}


def print_table(result: dict[str, Any]) -> None:
    """Print one result of :func:`run` as the side-by-side table."""
    print(f"{result['players']} seats, uniformly random play, {result['rounds']} interleaved "
          f"rounds of {result['seconds']:g} s CPU each; transitions = applied actions, "
          "chance included")
    head = ("contender", "transitions/s", "range", "× catanatron", "range", "games",
            "tr/game", "chance")
    print(f"{head[0]:>14} {head[1]:>13} {head[2]:>17} {head[3]:>12} {head[4]:>11} "
          f"{head[5]:>6} {head[6]:>8} {head[7]:>6}")
    for r in result["rows"]:
        low, high = r["transitions_per_s_range"]
        rlow, rhigh = r["ratio_range"]
        print(f"{r['contender']:>14} {r['transitions_per_s']:>13,} {low:>8,}–{high:<8,} "
              f"{r['ratio']:>11.2f}× {rlow:>5.2f}–{rhigh:<5.2f} {r['games']:>6} "
              f"{r['transitions_per_game']:>8.0f} {r['chance_share']:>6.1%}")
    games = [r for r in result["rows"] if r["contender"] != PEER]
    below = [r["contender"] for r in games if r["ratio"] < result["goal_ratio"]]
    verdict = "every game meets it" if not below else "below it: " + ", ".join(below)
    print(f"goal: {result['goal_ratio']:g}× catanatron or more; {verdict}. For catanatron, "
          "'chance' is the share of ROLL actions (each rolls its dice).")


#: The C function of CPython inside which the counted games run (callgrind collects there).
COUNTED = "starmap_next"


def _count_child(contender: str, players: int, transitions: int) -> None:
    """Child of :func:`count_instructions`: whole games from seed 0 until ``transitions``.

    Prints ``{"games": g, "transitions": t}`` as JSON on stdout.
    """
    from collections import deque
    from itertools import starmap

    play = (catanatron_player(players) if contender == PEER
            else simlab_player(contender, players))
    play(10**6)  # not counted: imports, caches, first data loads
    done = {"games": 0, "transitions": 0}

    def one(seed: int) -> None:
        t, _ = play(seed)
        done["games"] += 1
        done["transitions"] += t

    def seeds() -> Any:
        seed = 0
        while done["transitions"] < transitions:
            yield (seed,)
            seed += 1

    deque(starmap(one, seeds()), maxlen=0)
    print(json.dumps(done))


def _instructions(contender: str, players: int, transitions: int) -> dict[str, int]:
    """Games, transitions and the instructions callgrind counts inside them."""
    import os
    import re
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        child = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no",
             f"--toggle-collect={COUNTED}", f"--callgrind-out-file={out}", sys.executable,
             __file__, "--_count", contender, str(players), str(transitions)],
            capture_output=True, text=True, check=True)
        table = subprocess.run(["callgrind_annotate", "--inclusive=yes", out],
                               capture_output=True, text=True, check=True).stdout
    found = re.search(rf"^\s*([\d,]+) .*[:\s]{COUNTED}\b", table, re.M)
    if found is None:
        raise RuntimeError(f"callgrind counted nothing in {COUNTED}")
    done = json.loads(child.stdout.strip().splitlines()[-1])
    return {**done, "instructions": int(found.group(1).replace(",", ""))}


def count_instructions(players: int, transitions: int,
                       games: tuple[str, ...] = GAMES) -> dict[str, Any]:
    """Instructions per transition of catanatron and ``games`` at ``players`` seats."""
    names = [PEER] + [n for n in games if _seats_ok(n, players)]
    counted = {n: _instructions(n, players, transitions) for n in names}
    per = {n: c["instructions"] / c["transitions"] for n, c in counted.items()}
    rows = [{"contender": n, "games": c["games"], "transitions": c["transitions"],
             "instructions_per_transition": round(per[n]),
             "ratio": round(per[PEER] / per[n], 2)} for n, c in counted.items()]
    return {"players": players, "transitions": transitions, "goal_ratio": GOAL,
            "rows": rows}


def print_counted(result: dict[str, Any]) -> None:
    """Print one result of :func:`count_instructions`."""
    print(f"{result['players']} seats, uniformly random play, whole games from seed 0 until "
          f"{result['transitions']:,} transitions; machine instructions (callgrind)")
    print(f"{'contender':>14} {'games':>6} {'transitions':>11} {'instr/transition':>16} "
          f"{'× catanatron':>12}")
    for r in result["rows"]:
        print(f"{r['contender']:>14} {r['games']:>6} {r['transitions']:>11,} "
              f"{r['instructions_per_transition']:>16,} {r['ratio']:>11.2f}×")


def main(argv: list[str] | None = None) -> int:
    if argv is None and sys.argv[1:2] == ["--_count"]:
        contender, players, transitions = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        _count_child(contender, players, transitions)
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds of each contender in each round")
    parser.add_argument("--players", type=int, nargs="+", default=[4], choices=(2, 3, 4),
                        help="player counts (catanatron takes 2 to 4)")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES,
                        help="the simlab games to measure (default: all)")
    parser.add_argument("--instructions", action="store_true",
                        help="count machine instructions per transition with valgrind "
                             "(callgrind) instead of timing: a ratio the load does not move")
    parser.add_argument("--transitions", type=int, default=20_000,
                        help="with --instructions: transitions counted per contender")
    args = parser.parse_args(argv)
    missing = peer_missing()
    if missing:
        print(missing)
        return 0
    if args.instructions:
        import shutil

        if shutil.which("valgrind") is None:
            print("bench_peers: --instructions needs valgrind (apt-get install valgrind)")
            return 0
        counted = [count_instructions(n, args.transitions, tuple(args.games))
                   for n in args.players]
        if args.json:
            print(json.dumps(counted, indent=1))
        else:
            for result in counted:
                print_counted(result)
        return 0
    from importlib.metadata import version

    if version(PEER) != PEER_VERSION:
        print(f"note: {PEER} {version(PEER)} is installed; the figures of issue 15 use "
              f"{PEER_VERSION}")
    results = [run(n, args.rounds, args.seconds, tuple(args.games)) for n in args.players]
    if args.json:
        print(json.dumps(results, indent=1))
        return 0
    for result in results:
        print_table(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
