"""What the game benchmarks share: finding this checkout, timing random play, its table.

Imported by the ``bench_*.py`` scripts of this folder (run as scripts, so this
folder is on ``sys.path``).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def use_repo() -> None:
    """Make ``import simlab`` find this checkout even when it is not installed."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def measure(name: str, players: int, games: int, repeats: int,
            policy: str = "random") -> dict[str, Any]:
    """Best-of-``repeats`` rates of ``games`` games of ``name`` with ``players`` seats.

    A transition is an applied action, chance included.
    """
    use_repo()
    import simlab

    game = simlab.load_game(name, players=players)
    best: tuple[float, int] | None = None
    for r in range(repeats):
        count = 0

        def tick(state: Any, actor: int, action: Any, events: Any) -> None:
            nonlocal count
            count += 1

        start = time.perf_counter()
        for seed in range(games):
            simlab.run(game, policy, seed=r * games + seed, on_action=tick)
        elapsed = time.perf_counter() - start
        if best is None or elapsed / count < best[0] / best[1]:
            best = (elapsed, count)
    assert best is not None
    elapsed, count = best
    return {
        "players": players,
        "policy": policy,
        "games": games,
        "transitions": count,
        "seconds": round(elapsed, 4),
        "transitions_per_s": round(count / elapsed),
        "games_per_s": round(games / elapsed, 1),
    }


def add_speed_options(parser: argparse.ArgumentParser, games: int,
                      games_help: str = "games per measurement") -> None:
    """Add the ``--json``, ``--games`` and ``--repeats`` options of a speed benchmark."""
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--games", type=int, default=games, help=games_help)
    parser.add_argument("--repeats", type=int, default=3, help="repeats (best is kept)")


def speed(name: str, counts: range, games: int, repeats: int, goal: int,
          policy: str, policy_games: int) -> dict[str, Any]:
    """Measure random play at every player count in ``counts``, then ``policy`` at 4 seats.

    Returns the rows with the slowest random rate and whether it meets ``goal``,
    as a JSON-ready dict.
    """
    rows = [measure(name, n, games, repeats) for n in counts]
    rows.append(measure(name, 4, policy_games, repeats, policy=policy))
    worst = min(r["transitions_per_s"] for r in rows if r["policy"] == "random")
    return {"rows": rows, "goal_transitions_per_s": goal, "worst_random": worst,
            "meets_goal": worst >= goal}


def print_speed(title: str, games: int, repeats: int, result: dict[str, Any]) -> None:
    """Print the table of a :func:`speed` result and its verdict against the goal."""
    goal = result["goal_transitions_per_s"]
    print(f"{title}, {games} games per row, best of {repeats}")
    head = ("players", "policy", "transitions/s", "games/s", "actions/game")
    print(f"{head[0]:>7} {head[1]:>10} {head[2]:>14} {head[3]:>9} {head[4]:>12}")
    for r in result["rows"]:
        print(f"{r['players']:>7} {r['policy']:>10} {r['transitions_per_s']:>14,} "
              f"{r['games_per_s']:>9} {r['transitions'] / r['games']:>12.0f}")
    verdict = "meets" if result["meets_goal"] else "MISSES"
    print(f"slowest random row: {result['worst_random']:,} transitions/s ({verdict} the goal "
          f"of {goal:,})")
