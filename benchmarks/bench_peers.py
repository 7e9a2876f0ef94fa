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

Usage::

    python benchmarks/bench_peers.py [--json] [--rounds R] [--seconds S] [--players N ...]
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds")
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds of each contender in each round")
    parser.add_argument("--players", type=int, nargs="+", default=[4], choices=(2, 3, 4),
                        help="player counts (catanatron takes 2 to 4)")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES,
                        help="the simlab games to measure (default: all)")
    args = parser.parse_args(argv)
    missing = peer_missing()
    if missing:
        print(missing)
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
