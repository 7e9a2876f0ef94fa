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

``--set KEY=VALUE ...`` changes the search policy's settings for a screening
run (``rollout=heuristic``, ``depth=20``, ``exploration=0.3``, ``iterations=50``,
``prior=0.5`` ...: any field of :class:`~simlab.core.search_settings.SearchSettings`), so that
settings can be tried before they become a game's default.  Every line also gives
the search seats' mean and longest time per decision with a choice.

Usage: python benchmarks/search_strength.py GAME [--players N] [--games G]
       [--search mcts] [--set KEY=VALUE ...] [--heuristic NAME] [--lineups L ...]
       [--jobs J] [--seed S]
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

import simlab
from simlab.core.search import MCTSPolicy, search_settings_for
from simlab.core.search_settings import SearchSettings
from simlab.core.stats import wilson_share_interval

BEST = {
    "bedpans": "heuristic",
    "bad_doctor": "greedy",
    "broom_service": "heuristic",
    "hospital_rush": "greedy",
}


class TimedSearch:
    """A search policy that also keeps how long each of its decisions with a choice took:
    ``times`` the search's own seconds, ``cpu`` the CPU seconds of the whole decision."""

    uses_view = True

    def __init__(self, policy: MCTSPolicy) -> None:
        self.policy = policy
        self.name = policy.name
        self.times: list[float] = []
        self.cpu: list[float] = []

    def act(self, view: Any, legal: Any, rng: np.random.Generator) -> Any:
        start = time.process_time()
        action = self.policy.act(view, legal, rng)
        if len(legal) > 1:
            self.cpu.append(time.process_time() - start)
            self.times.append(self.policy.last.seconds if self.policy.last else 0.0)
        return action


def parse_set(items: list[str]) -> dict[str, Any]:
    """``KEY=VALUE`` pairs as SearchSettings fields (ints, floats, None, bools, names).

    ``evaluate=NAME`` stays a name, looked up per game by :func:`settings_changes`.
    """
    fields = {f.name: f for f in dataclasses.fields(SearchSettings)}
    out: dict[str, Any] = {}
    for item in items:
        key, _, text = item.partition("=")
        if key not in fields:
            raise SystemExit(f"--set {item}: no settable search setting {key!r}")
        out[key] = text if key == "evaluate" else _value(text)
    return out


def _value(text: str) -> Any:
    """A setting's text as the value it names: None, a bool, an int, a float, else the text."""
    if text in ("None", "none"):
        return None
    if text in ("True", "False"):
        return text == "True"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def settings_changes(game: Any, changes: dict[str, Any]) -> dict[str, Any]:
    """``changes`` with an ``evaluate`` name replaced by the game's evaluate of that name.

    The names are the table ``EVALUATES`` of the game's ``evaluate`` module
    (``simlab.games.<game>.evaluate``); a name not in it stops with a one-line error.
    """
    name = changes.get("evaluate")
    if not isinstance(name, str):
        return changes
    package = type(game).__module__.rpartition(".")[0]
    table = getattr(importlib.import_module(f"{package}.evaluate"), "EVALUATES", {})
    if name not in table:
        print(f"evaluate={name}: not one of {sorted(table)} for {package}", file=sys.stderr)
        raise SystemExit(2)
    return {**changes, "evaluate": table[name]}


def one_game(args: tuple) -> dict:
    index, name, players, lineup, search, changes, seed = args
    game = simlab.load_game(name, players=players)
    settings = dataclasses.replace(search_settings_for(game, search),
                                   **settings_changes(game, changes))
    timed = [
        TimedSearch(MCTSPolicy(game, s, settings, search)) if p == "S" else None
        for s, p in enumerate(lineup)
    ]
    policies = [t if t is not None else p for t, p in zip(timed, lineup, strict=True)]
    start = time.perf_counter()
    winners = list(simlab.run(game, policies, seed=seed).outcome.winners)
    mine = [s for s, p in enumerate(lineup) if p == "S"]
    share = sum(1.0 / len(winners) for w in winners if w in mine)
    times = [x for t in timed if t is not None for x in t.times]
    return {
        "i": index,
        "lineup": ",".join(lineup),
        "winners": winners,
        "share": share,
        "s": round(time.perf_counter() - start, 1),
        "decisions": len(times),
        "mean_s": round(sum(times) / max(len(times), 1), 3),
        "max_s": round(max(times, default=0.0), 3),
    }


def play_all(play: Callable[[tuple], dict], work: list[tuple], jobs: int) -> list[dict]:
    """``play`` each item of ``work`` in a pool of ``jobs`` processes, printing each game's
    row (one JSON line) as it comes in, in order, so that a run cut short still counts."""
    rows = []
    with ProcessPoolExecutor(jobs) as pool:
        for row in pool.map(play, work):
            print(json.dumps(row), flush=True)
            rows.append(row)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--search", default="mcts")
    parser.add_argument(
        "--set",
        nargs="+",
        default=[],
        metavar="KEY=VALUE",
        help="change the search settings (screening runs)",
    )
    parser.add_argument("--heuristic")
    parser.add_argument("--lineups", nargs="+", help="line-ups, S for the search policy")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=12)
    a = parser.parse_args()
    heuristic = a.heuristic or BEST[a.game]
    if a.lineups:
        lineups = [tuple(x.split(",")) for x in a.lineups]
    else:
        lineups = [
            tuple("S" if s == seat else heuristic for s in range(a.players))
            for seat in range(a.players)
        ]
    seeds = np.random.SeedSequence(a.seed).generate_state(a.games, dtype=np.uint64)
    changes = parse_set(a.set)
    work = [
        (i, a.game, a.players, lineups[i % len(lineups)], a.search, changes, int(seeds[i]))
        for i in range(a.games)
    ]
    start = time.perf_counter()
    rows = play_all(one_game, work, a.jobs)
    decisions = sum(r["decisions"] for r in rows)
    mean_s = sum(r["mean_s"] * r["decisions"] for r in rows) / max(decisions, 1)
    print(
        f"{a.game} {a.players}p, S = {a.search} {' '.join(a.set)}, seed {a.seed}: "
        f"{len(rows)} games in {time.perf_counter() - start:.0f} s; "
        f"{decisions} searches, {mean_s:.3f} s mean, "
        f"{max((r['max_s'] for r in rows), default=0):.3f} s longest"
    )
    if len(lineups) > 1 and rows:
        wins = sum(r["share"] for r in rows)
        low, high = wilson_share_interval(wins, len(rows))
        fair = sum(x.count("S") / len(x) for x in (r["lineup"].split(",") for r in rows))
        print(
            f"  all line-ups: S won {wins:g} of {len(rows)} = {wins / len(rows):.3f} "
            f"[{low:.3f}, {high:.3f}]; fair share {fair / len(rows):.3f}"
        )
    for lineup in lineups:
        text = ",".join(lineup)
        mine = [r["share"] for r in rows if r["lineup"] == text]
        if not mine:
            continue
        wins = sum(mine)
        low, high = wilson_share_interval(wins, len(mine))
        fair = lineup.count("S") / len(lineup)
        print(
            f"  {text}: S won {wins:g} of {len(mine)} = {wins / len(mine):.3f} "
            f"[{low:.3f}, {high:.3f}]; fair share of its seats {fair:.3f}"
        )


if __name__ == "__main__":
    main()
