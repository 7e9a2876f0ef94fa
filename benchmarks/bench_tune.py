"""Benchmark of the tuner (simlab.lab.tune): trials per hour, per game.

For each game, a search-only run (``stages=False``) of the game's shipped space
with the default trial (8 blocks of 25 games, the game's fast heuristic on
every seat, one process), in a fresh temporary folder with its SQLite storage.
Prints, per game: the trials, how many were pruned, CPU seconds (this process:
``jobs=1`` plays every game here) and wall seconds, and trials per hour of one
core.  Then the CPU seconds of one game under ``mcts`` on every seat, the
price of a promotion or validation game.

Usage::

    python benchmarks/bench_tune.py [--trials N] [--mcts-games N] [--json]

About 4 minutes of CPU with the defaults (12 trials a game, 2 mcts games).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAMES = {"bad_doctor": ("seat-balance", None), "bedpans": ("side-balance", 3),
         "broom_service": ("seat-balance", None), "hospital_rush": ("seat-balance", None)}


def tune_rate(game: str, trials: int) -> dict[str, Any]:
    """CPU and wall time of a search-only run of ``trials`` trials."""
    import simlab
    from simlab.lab.space import load_space
    from simlab.lab.specs import spec_for
    from simlab.lab.tune import TuneSettings, tune

    objective, players = GAMES[game]
    built = simlab.load_game(game, players=players)
    space = load_space(None, game, players=built.players)
    settings = TuneSettings(game, objective, built.players, trials=trials,
                            cheap=spec_for(built).fast_policy)
    with tempfile.TemporaryDirectory() as out:
        cpu, wall = time.process_time(), time.perf_counter()
        run = tune(space, settings, out=Path(out), stages=False)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    table = run.trials
    counted = table[table.same_as.isna() & table.state.isin(["complete", "pruned"])]
    return {"game": game, "players": built.players, "objective": objective,
            "trials": len(counted), "pruned": int((counted.state == "pruned").sum()),
            "games": int(counted.games.sum()) + settings.blocks * settings.block_games,
            "cpu_s": round(cpu, 1), "wall_s": round(wall, 1),
            "trials_per_cpu_hour": round(3600 * len(counted) / cpu)}


def mcts_game(game: str, games: int) -> float:
    """CPU seconds of one game with ``mcts`` on every seat."""
    from simlab.lab.games import play_games

    players = GAMES[game][1]
    cpu = time.process_time()
    play_games(game, players=players, policies="mcts", games=games, seed=0, progress=False)
    return round((time.process_time() - cpu) / games, 2)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=12)
    parser.add_argument("--mcts-games", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("games", nargs="*", default=list(GAMES))
    args = parser.parse_args(argv)
    rows = []
    for game in args.games:
        row = tune_rate(game, args.trials)
        row["mcts_cpu_s_per_game"] = mcts_game(game, args.mcts_games)
        rows.append(row)
        if not args.json:
            print(f"{game:14} {row['players']} players {row['objective']:13} "
                  f"{row['trials']:3} trials ({row['pruned']} pruned, {row['games']} games): "
                  f"{row['cpu_s']:7.1f} s CPU, {row['wall_s']:7.1f} s wall, "
                  f"{row['trials_per_cpu_hour']:5} trials per CPU hour; mcts "
                  f"{row['mcts_cpu_s_per_game']} s CPU a game", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
