"""Profile search decisions of each game with cProfile: where a decision's time goes.

The search seat and its heuristic table-mates are ``bench_search.SETUPS``; the
game is played (seed ``--seed``) to the search seat's ``--skip``-th decision
with a choice, then the next ``--decisions`` decisions with a choice are run
under :mod:`cProfile` (only the ``act`` calls are profiled).  Printed per game:
the profiled CPU seconds, the iterations, and the top ``--top`` entries by
cumulative time and by own time (``pstats``).  cProfile slows Python calls
about twofold, so read the shares, not the seconds.

Usage::

    python benchmarks/profile_search.py                      # every game
    python benchmarks/profile_search.py broom_service --decisions 3 --top 25
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
from typing import Any

from bench_search import SETUPS, search_turns


def profile(name: str, policy: str, skip: int, decisions: int, seed: int) -> tuple[
        cProfile.Profile, int, int]:
    """Profile ``decisions`` search decisions of ``name`` after ``skip`` unprofiled ones.

    Returns the profile, the iterations and the decisions profiled.
    """
    prof = cProfile.Profile()
    seen = done = iterations = 0
    turns = search_turns(name, policy, seed)
    search, state, player, legal, rng = next(turns)
    while True:
        view = state.view(player)
        timed = seen >= skip
        if timed:
            prof.enable()
        action = search.act(view, legal, rng)
        if timed:
            prof.disable()
        if search.last is not None:
            seen += 1
            if timed:
                done += 1
                iterations += search.last.iterations
        if done >= decisions:
            break
        search, state, player, legal, rng = turns.send(action)
    return prof, iterations, done


def top(prof: cProfile.Profile, key: str, count: int) -> str:
    """The ``count`` top rows of ``prof`` sorted by ``key``, as pstats prints them."""
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.strip_dirs().sort_stats(key).print_stats(count)
    lines = out.getvalue().splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    return "\n".join(lines[start:]).rstrip()


#: Where a decision's time goes: a part's name and the functions whose cumulative
#: time it sums (by function name; the parts overlap: a playout applies actions).
PARTS = {
    "resample_hidden": ("resample_hidden",),
    "playout (to the end or evaluate)": ("playout",),
    "rollout policies' choices (act)": ("act",),
    "evaluate": ("evaluate",),
    "apply (tree walk and playout)": ("_apply",),
    "legal actions": ("_legal_actions",),
    "clone": ("clone",),
    "view": ("view",),
    "tree walk: iterate's own time": ("iterate",),
    "action hashing and equality": ("__hash__", "__eq__"),
}


def breakdown(prof: cProfile.Profile) -> dict[str, float]:
    """Each of :data:`PARTS`' share of the profiled time (own time for the tree walk
    and hashing, cumulative time for the rest)."""
    stats = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    whole = sum(ct for (file, _, fn), (_, _, _, ct, _) in stats.items()
                if fn == "act" and file.endswith("search.py"))  # the search's own act
    shares = {}
    for part, names in PARTS.items():
        own = part.startswith(("tree walk", "action hashing"))
        spent = sum(tt if own else ct for (file, _, fn), (_, _, tt, ct, _) in stats.items()
                    if fn in names and not (fn == "act" and file.endswith("search.py")))
        shares[part] = spent / whole if whole else 0.0
    return shares


def total(prof: cProfile.Profile) -> Any:
    """The profiled seconds (the total time pstats reports)."""
    return pstats.Stats(prof).total_tt


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(SETUPS))
    parser.add_argument("--policy", default="mcts")
    parser.add_argument("--skip", type=int, default=5, help="search decisions played first")
    parser.add_argument("--decisions", type=int, default=1, help="decisions profiled")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args()
    for name in args.games:
        if name not in SETUPS:
            parser.error(f"unknown game {name!r}; one of {', '.join(SETUPS)}")
        prof, iterations, done = profile(name, args.policy, args.skip, args.decisions,
                                         args.seed)
        print(f"### {name}: {done} decision(s), {iterations:,} iterations, "
              f"{total(prof):.3f} profiled s\n")
        print("| part | share of the decision time |\n| --- | --- |")
        for part, share in breakdown(prof).items():
            print(f"| {part} | {share:.0%} |")
        print()
        for key in ("cumulative", "tottime"):
            print(f"by {key}:\n```text\n{top(prof, key, args.top)}\n```\n", flush=True)


if __name__ == "__main__":
    main()
