"""Two search settings of one game head to head, seats rotated, scored as the ladder scores.

Side ``A`` plays the game's ``mcts`` with the changes ``--a KEY=VALUE ...``, side
``B`` with ``--b KEY=VALUE ...`` (none: the game's default ``mcts``).  The games
cycle through the ladder's line-ups of the pairing
(:func:`simlab.core.ladder.lineups`: each side alone at every seat among the
other, so neither seat order nor numbers favour either), and each game goes to
the side whose seats won more per seat (:func:`simlab.core.ladder.pairwise`: a
tie or an even split counts half).  The summary is ``A``'s win share against
``B`` with a 95 % Wilson interval (:func:`simlab.core.ladder.win_rates`), and
each side's CPU seconds per search decision, measured in the games themselves
(``time.process_time`` around each decision with a choice,
:class:`search_strength.TimedSearch`), so that a pairing
meant to be at equal CPU shows that it was.

Game ``i`` is seeded with word ``i`` of ``SeedSequence(seed).generate_state(games)``
(a longer run extends a shorter one) and prints one JSON line as it ends; ``--first F``
plays games ``F`` to ``games - 1`` only (the same games as in a whole run), so that a run
can be split over processes and its lines summed (:func:`summary`).

Usage::

    python benchmarks/search_match.py bad_doctor --players 3 --games 200 \\
        --a depth=4 --a iterations=250 --jobs 1
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import pandas as pd
from search_strength import TimedSearch, changed, parse_set, play_all

import simlab
from simlab.core.ladder import lineups, pairwise, win_rates
from simlab.core.search import MCTSPolicy, make_search_policy

#: The two sides of a match.
SIDES = ("A", "B")


def side_policy(game: Any, seat: int, changes: dict[str, Any]) -> TimedSearch:
    """The game's ``mcts`` for ``seat`` with its settings changed by ``changes``."""
    base = make_search_policy(game, "mcts", seat)
    settings = changed(game, base.settings, changes)
    return TimedSearch(MCTSPolicy(game, seat, settings, "mcts"))


def one_game(work: tuple) -> dict[str, Any]:
    """Play game ``index`` of the match: its line-up, winners, score and CPU per side."""
    index, name, players, lineup, changes, seed = work
    game = simlab.load_game(name, players=players)
    seats = [side_policy(game, s, changes[side]) for s, side in enumerate(lineup)]
    start = time.process_time()
    winners = list(simlab.run(game, seats, seed=seed).outcome.winners)
    cpu = time.process_time() - start
    row: dict[str, Any] = {"i": index, "lineup": ",".join(lineup), "winners": winners,
                           "score": pairwise(lineup, winners, SIDES), "cpu_s": round(cpu, 3)}
    for side in SIDES:
        times = [t for s, p in zip(seats, lineup, strict=True) if p == side for t in s.cpu]
        row[f"decisions_{side}"] = len(times)
        row[f"cpu_s_{side}"] = round(sum(times), 4)
    return row


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``A``'s win share against ``B`` (ties split) with its Wilson interval; CPU per side."""
    frame = pd.DataFrame({"lineup": [tuple(r["lineup"].split(",")) for r in rows],
                          "winners": [tuple(r["winners"]) for r in rows]})
    rate = win_rates(frame).iloc[0]  # the pair ("A", "B"): A's share
    out = {"games": int(rate.games), "wins_A": int(rate.wins), "ties": int(rate.ties),
           "share_A": round(float(rate.rate), 3), "low": round(float(rate.low), 3),
           "high": round(float(rate.high), 3),
           "cpu_s_per_game": round(sum(r["cpu_s"] for r in rows) / len(rows), 3)}
    for side in SIDES:
        decisions = sum(r[f"decisions_{side}"] for r in rows)
        out[f"cpu_s_per_decision_{side}"] = round(
            sum(r[f"cpu_s_{side}"] for r in rows) / max(decisions, 1), 4)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--a", action="append", default=[], metavar="KEY=VALUE",
                        help="a change of side A's search settings (repeat for more)")
    parser.add_argument("--b", action="append", default=[], metavar="KEY=VALUE",
                        help="a change of side B's search settings (none: the default mcts)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--first", type=int, default=0, help="the first game played")
    args = parser.parse_args()
    changes = {"A": parse_set(args.a), "B": parse_set(args.b)}
    cycle = lineups("A", "B", args.players)
    seeds = np.random.SeedSequence(args.seed).generate_state(args.games, dtype=np.uint64)
    work = [(i, args.game, args.players, cycle[i % len(cycle)], changes, int(seeds[i]))
            for i in range(args.first, args.games)]
    start = time.perf_counter()
    rows = play_all(one_game, work, args.jobs)
    print(json.dumps({"game": args.game, "players": args.players, "a": args.a, "b": args.b,
                      "seed": args.seed, **summary(rows),
                      "wall_s": round(time.perf_counter() - start)}), flush=True)


if __name__ == "__main__":
    main()
