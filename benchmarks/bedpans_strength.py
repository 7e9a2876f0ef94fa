"""Bedpans search players against the heuristic, one side at a time (issue 12 point 5).

``--side elders``: ``mcts`` (or ``--set`` overrides of it) plays both Elders
against the heuristic Staff; ``--side staff``: the Staff against heuristic Elders;
``--side none``: the heuristic on every seat (the baseline).  Game ``i`` is seeded
with word ``i`` of ``SeedSequence(seed).generate_state(1000)``, so ``--start`` and
``--games`` cut one seed list into pieces that add up.  Every game is also played
with the heuristic on every seat (the same seed: a paired baseline, cheap).

One line per game: its number, the searching side's result (1 won, 0 lost, a
share for a shared win), the heuristic's on the same seed, the searched decisions
(the searching seat had several candidates), how many of them left the
heuristic's action, their mean and longest seconds, and the seconds so far.
Then the side's win share with a 95 % Wilson interval, the heuristic's, and the
paired difference with its t interval (:func:`simlab.core.stats.paired_difference`).

``--set KEY=VALUE`` changes a field of the search settings (``iterations=30``,
``prior=0.5``, ``margin=0.05``, ``depth=20`` ...) or, as ``cand.KEY=VALUE``, of
the candidate rule (:class:`~simlab.games.bedpans.candidates.Candidates`:
``cand.steps=3``, ``cand.reach=4``, ``cand.weigh=choose+decoy``).  The Staff's
own adjustment (``SearchSettings.seats``: depth 50, its choice of mover only) is
applied after them; ``--set seats=None`` screens the Staff with the changes alone.

Usage: python benchmarks/bedpans_strength.py SIDE GAMES [--set KEY=VALUE ...]
       [--start 0] [--players 3] [--seed 12]
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from typing import Any

import numpy as np

import simlab
from simlab.core.search import MCTSPolicy
from simlab.core.stats import paired_difference, wilson_share_interval
from simlab.games.bedpans import evaluate
from simlab.games.bedpans.candidates import Candidates, candidates


def _value(field: dataclasses.Field, text: str) -> Any:
    kind = str(field.type)
    if text == "None" or field.name == "seats":
        return None
    if "frozenset" in kind:
        return frozenset(text.split("+")) if text else frozenset()
    if "bool" in kind:
        return text in ("1", "true", "True")
    if "int" in kind and "float" not in kind:
        return int(text)
    if "float" in kind:
        return float(text)
    return text


def settings_with(changes: list[str]):
    """The default Bedpans search settings with ``KEY=VALUE`` changes."""
    settings = evaluate.settings()
    rule = settings.candidates if isinstance(settings.candidates, Candidates) else candidates
    own: dict[str, Any] = {}
    theirs: dict[str, Any] = {}
    fields = {f.name: f for f in dataclasses.fields(settings)}
    cand_fields = {f.name: f for f in dataclasses.fields(Candidates)}
    for change in changes:
        key, _, text = change.partition("=")
        if key.startswith("cand."):
            theirs[key[5:]] = _value(cand_fields[key[5:]], text)
        else:
            own[key] = _value(fields[key], text)
    if theirs:
        own["candidates"] = dataclasses.replace(rule, **theirs)
    return dataclasses.replace(settings, **own)


class Timed:
    """A search policy that counts its searched decisions, departures and times."""

    uses_view = True

    def __init__(self, policy: MCTSPolicy) -> None:
        self.policy = policy
        self.name = policy.name
        self.times: list[float] = []
        self.left = 0

    def act(self, view, legal, rng):
        start = time.perf_counter()
        self.policy.last = None
        action = self.policy.act(view, legal, rng)
        if self.policy.last is not None:
            self.times.append(time.perf_counter() - start)
            self.left += action != self.policy.last.stats[0][0]
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("side", choices=("elders", "staff", "none"))
    parser.add_argument("games", type=int)
    parser.add_argument("--set", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=12)
    a = parser.parse_args()
    settings = settings_with(a.set)
    game = simlab.load_game("bedpans", players=a.players)
    seeds = np.random.SeedSequence(a.seed).generate_state(1000, dtype=np.uint64)
    mine = [0] if a.side == "staff" else list(range(1, a.players))
    searching = {"staff": [0], "elders": mine, "none": []}[a.side]

    def per_seat(seat: int):
        return settings.seats(seat, settings) if settings.seats else settings

    ours: list[float] = []
    base: list[float] = []
    times: list[float] = []
    start = time.perf_counter()

    def share(winners) -> float:
        return sum(1 / len(winners) for w in winners if w in mine)

    for g in range(a.start, a.start + a.games):
        seed = int(seeds[g])
        timed = [Timed(MCTSPolicy(game, s, per_seat(s), "mcts")) for s in searching]
        policies: list[Any] = ["heuristic"] * a.players
        for s, t in zip(searching, timed, strict=True):
            policies[s] = t
        ours.append(share(simlab.run(game, policies, seed=seed).outcome.winners))
        base.append(share(simlab.run(game, ["heuristic"] * a.players, seed=seed).outcome.winners))
        spent = [x for t in timed for x in t.times]
        times += spent
        print(
            g,
            round(ours[-1], 3),
            round(base[-1], 3),
            len(spent),
            sum(t.left for t in timed),
            round(float(np.mean(spent)), 3) if spent else 0,
            round(max(spent), 3) if spent else 0,
            round(time.perf_counter() - start, 1),
            flush=True,
        )
    n = len(ours)
    low, high = wilson_share_interval(sum(ours), n)
    blow, bhigh = wilson_share_interval(sum(base), n)
    d, dlow, dhigh = paired_difference(ours, base)
    who = a.side if a.side != "none" else "elders"
    settings = per_seat(searching[0]) if searching else settings
    print(
        f"side={a.side} {settings.budget} depth={settings.depth} c={settings.exploration} "
        f"prior={settings.prior} margin={settings.margin} set={' '.join(a.set) or '-'}"
    )
    print(
        f"{who} won {sum(ours):g}/{n} = {sum(ours) / n:.3f} [{low:.3f}, {high:.3f}]; "
        f"heuristic {sum(base):g}/{n} = {sum(base) / n:.3f} [{blow:.3f}, {bhigh:.3f}]; "
        f"paired difference {d:+.3f} [{dlow:+.3f}, {dhigh:+.3f}]; "
        f"decision mean {np.mean(times) if times else 0:.3f} s, "
        f"longest {max(times) if times else 0:.3f} s; {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
