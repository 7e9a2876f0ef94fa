"""What the game benchmarks share: finding this checkout, and timing random play.

Imported by the ``bench_*.py`` scripts of this folder (run as scripts, so this
folder is on ``sys.path``).
"""

from __future__ import annotations

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
