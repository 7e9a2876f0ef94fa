"""A game's reading options against the default reading, on paired seeds (issue 34).

Game ``i`` is played twice with the seed of word ``i`` of
``SeedSequence(seed).generate_state(games)``: once with the default options and
once with ``OPTION=VALUE`` set (a reading of an unclear rule, docs/rulings/).  The
same policies play every seat of both arms.  Printed: each seat's win share (a
shared win counts 1/k to each of the k winners) in both arms with a 95 % Wilson
interval, the paired difference with its t interval
(:func:`simlab.core.stats.paired_difference`), the same for the Elders' side in
Bedpans (every seat but 0), how many games were played differently (their action lists
differ: the reading came up) and how many changed their winners.

Usage: python benchmarks/reading_balance.py GAME OPTION=VALUE [OPTION=VALUE ...]
       [--players 4] [--games 300] [--policy heuristic] [--seed 34]
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

import simlab
from simlab.core.stats import paired_difference, wilson_share_interval


def _value(text: str) -> Any:
    """``true``/``false``/an int as such, anything else as the string."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text)
    except ValueError:
        return text


def shares(winners: tuple[int, ...], players: int) -> np.ndarray:
    """Each seat's share of one game's win (an undecided game gives nobody anything).

    Examples
    --------
    >>> shares((0, 2), 3).tolist()
    [0.5, 0.0, 0.5]
    """
    out = np.zeros(players)
    for w in winners:
        out[w] += 1 / len(winners)
    return out


def run(game_name: str, options: dict[str, Any], players: int, games: int, policy: str,
        seed: int) -> dict[str, Any]:
    """Both arms' win shares per game (arrays of shape (games, players)) and the number of
    games whose two arms were played differently."""
    seeds = np.random.SeedSequence(seed).generate_state(games)
    arms: dict[str, list[np.ndarray]] = {"default": [], "reading": []}
    differ = 0
    for s in seeds:
        played = []
        for arm, opts in (("default", {}), ("reading", options)):
            game = simlab.load_game(game_name, players=players, **opts)
            record = simlab.play(game, policy, seed=int(s))
            arms[arm].append(shares(tuple(record.outcome.winners), players))
            played.append(record.actions)
        differ += played[0] != played[1]
    return {**{arm: np.array(rows) for arm, rows in arms.items()}, "differ": differ}


def report(name: str, a: np.ndarray, b: np.ndarray) -> str:
    n = len(a)
    lo_a, hi_a = wilson_share_interval(float(a.sum()), n)
    lo_b, hi_b = wilson_share_interval(float(b.sum()), n)
    diff, lo, hi = paired_difference(b, a)
    return (f"{name:>8}: default {a.mean():.3f} [{lo_a:.3f}, {hi_a:.3f}]  reading "
            f"{b.mean():.3f} [{lo_b:.3f}, {hi_b:.3f}]  difference {diff:+.3f} "
            f"[{lo:+.3f}, {hi:+.3f}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("options", nargs="+", metavar="OPTION=VALUE")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--policy", default="heuristic")
    parser.add_argument("--seed", type=int, default=34)
    args = parser.parse_args()
    options = {}
    for item in args.options:
        key, _, value = item.partition("=")
        options[key] = _value(value)
    out = run(args.game, options, args.players, args.games, args.policy, args.seed)
    a, b = out["default"], out["reading"]
    print(f"{args.game}, {args.players} players, {args.policy} on every seat, "
          f"{args.games} paired games, seed {args.seed}: default against {options}")
    for seat in range(args.players):
        print(report(f"seat {seat}", a[:, seat], b[:, seat]))
    if args.game == "bedpans":
        print(report("Elders", a[:, 1:].sum(axis=1), b[:, 1:].sum(axis=1)))
    changed = int((np.abs(a - b).sum(axis=1) > 0).sum())
    print(f"games played differently: {out['differ']} of {args.games}; "
          f"games whose winners changed: {changed} of {args.games}")


if __name__ == "__main__":
    main()
