"""Benchmark of the balance lab: games to a verdict.

Prints (and with ``--out DIR`` writes as CSV, Markdown and a PNG figure):

1. **Scale of the confidence sequence** (:mod:`simlab.lab.sequential`) on
   Bernoulli streams drawn here: the games a seat of a 2-seat game that wins
   with probability ``p`` needs to be found unbalanced (at alpha/2 a seat, as a
   report asks it), and the games a fair seat needs to be certified within
   ``+-D``: the median and the 10th and 90th percentiles over streams.
2. **Games to a verdict, per game**: ``simlab.balance`` on each game (each at its
   default player count, Bedpans at 2-5) with the game's fast player on every
   seat, up to ``--max-games``: the games each verdict took (or
   "inconclusive"), the games played and the CPU seconds a game.
3. **The cost of a game under ``mcts``** on every seat (``--mcts-games`` games
   a setting, 0 to skip): CPU seconds a game, to estimate ``make findings``.

Usage::

    python benchmarks/bench_balance.py [--quick] [--max-games N] [--mcts-games N]
                                       [--out DIR]

The default run takes about ten minutes of CPU; ``--quick`` well under one.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from _common import use_repo

SETTINGS = (("bad_doctor", None), ("bedpans", 2), ("bedpans", 3), ("bedpans", 4),
            ("bedpans", 5), ("broom_service", None), ("hospital_rush", None))


def cs_scale(streams: int, long_streams: int, seed: int = 0) -> list[dict[str, Any]]:
    """Games to a verdict on Bernoulli streams (the CS alone, no game played)."""
    import numpy as np

    from simlab.lab.sequential import verdict

    rng = np.random.default_rng(seed)
    rows = []
    for p in (0.55, 0.6, 0.7, 0.8):
        needed = []
        for _ in range(streams):
            v = verdict((rng.random(6000) < p).astype(float), 0.5, 0.05, alpha=0.025,
                        grid=400)
            needed.append(v.decided_at if v.verdict == "unbalanced" else np.nan)
        rows.append(_scale_row(f"seat winning {p:.0%} found unbalanced", needed))
    for margin, count, length in ((0.05, streams, 6000), (0.03, long_streams, 16000),
                                  (0.02, long_streams, 30000)):
        needed = []
        for _ in range(count):
            v = verdict((rng.random(length) < 0.5).astype(float), 0.5, margin, alpha=0.025,
                        grid=400 if margin >= 0.03 else 1000)
            needed.append(v.decided_at if v.verdict == "balanced" else np.nan)
        rows.append(_scale_row(f"fair seat certified within ±{margin:g}", needed))
    return rows


def _scale_row(question: str, needed: list[float]) -> dict[str, Any]:
    import numpy as np

    arr = np.asarray(needed, dtype=float)
    done = arr[np.isfinite(arr)]
    p10, p50, p90 = (np.percentile(done, [10, 50, 90]) if len(done) else [np.nan] * 3)
    return {"question": question, "streams": len(arr), "decided": len(done),
            "median": float(p50), "p10": float(p10), "p90": float(p90)}


def per_game(max_games: int, seed: int) -> list[dict[str, Any]]:
    """Games each verdict took under the fast players, per game and player count."""
    from simlab.lab.balance import balance
    from simlab.lab.specs import spec_for

    rows = []
    for game, players in SETTINGS:
        policy = spec_for(game).fast_policy
        start = time.process_time()
        report = balance(game, players=players, policies=policy, max_games=max_games,
                         seed=seed, progress=False, command="bench_balance")
        cpu = time.process_time() - start
        for v in report.verdicts:
            rows.append({"game": game, "players": report.players, "policy": policy,
                         "question": v.question, "verdict": v.verdict,
                         "games_to_verdict": v.decided_at, "games_played":
                         report.games_played, "estimate": round(v.estimate, 4),
                         "cpu_s_per_game": round(cpu / report.games_played, 5)})
    return rows


def mcts_cost(games: int, seed: int) -> list[dict[str, Any]]:
    """CPU seconds a game with ``mcts`` on every seat."""
    from simlab.lab.games import play_games

    rows = []
    for game, players in SETTINGS:
        start = time.process_time()
        played = play_games(game, players=players, policies="mcts", games=games, seed=seed)
        cpu = time.process_time() - start
        rows.append({"game": game, "players": int(played.players.iloc[0]), "games": games,
                     "cpu_s_per_game": round(cpu / games, 2),
                     "turns_mean": round(float(played.turns.mean()), 1)})
    return rows


def _figure(scale: list[dict[str, Any]], games: list[dict[str, Any]]) -> Any:
    import numpy as np
    import pandas as pd
    from matplotlib.figure import Figure
    from matplotlib.ticker import NullFormatter, ScalarFormatter

    fig = Figure(figsize=(12, 5.2), layout="constrained")
    left, right = fig.subplots(1, 2)
    s = pd.DataFrame(scale)
    y = np.arange(len(s))
    left.errorbar(s["median"], y, xerr=[s["median"] - s.p10, s.p90 - s["median"]], fmt="o",
                  capsize=4)
    left.set_yticks(y, s.question, fontsize=9)
    left.invert_yaxis()
    left.set_xscale("log")
    left.set_xlabel("games to the verdict (median, 10th-90th percentile)", fontsize=10)
    left.set_title("Confidence sequence alone (Bernoulli streams, alpha 0.025)", fontsize=11)
    left.grid(alpha=0.3)
    g = pd.DataFrame(games)
    g["label"] = g.game + " " + g.players.astype(str) + "p: " + g.question
    g = g.reset_index(drop=True)
    yy = np.arange(len(g))
    decided = g.games_to_verdict.notna()
    right.barh(yy[decided], g.games_to_verdict[decided], color="C0", label="decided")
    right.barh(yy[~decided], g.games_played[~decided], color="0.75",
               label="inconclusive (games played)")
    right.set_yticks(yy, g.label, fontsize=9)
    right.invert_yaxis()
    right.set_xscale("log")
    right.xaxis.set_major_formatter(ScalarFormatter())
    right.xaxis.set_minor_formatter(NullFormatter())
    right.set_xlabel("games", fontsize=10)
    right.set_title("Each game's verdicts under its fast players", fontsize=11)
    right.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncols=2)
    right.grid(alpha=0.3)
    return fig


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few streams and games")
    parser.add_argument("--max-games", type=int, default=2000)
    parser.add_argument("--mcts-games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", metavar="DIR", help="write CSV, Markdown and PNG here")
    args = parser.parse_args(argv)
    use_repo()
    import pandas as pd

    from simlab.lab.report import markdown_table

    streams, long_streams = (20, 4) if args.quick else (100, 20)
    max_games = 200 if args.quick else args.max_games
    mcts_games = 0 if args.quick else args.mcts_games
    scale = cs_scale(streams, long_streams, args.seed)
    games = per_game(max_games, args.seed)
    cost = mcts_cost(mcts_games, args.seed) if mcts_games else []
    if args.json:
        print(json.dumps({"scale": scale, "games": games, "mcts": cost}, indent=1))
    else:
        for title, rows in (("confidence sequence alone", scale),
                            ("games to a verdict, fast players", games),
                            ("mcts on every seat", cost)):
            if rows:
                print(f"== {title}")
                print(pd.DataFrame(rows).to_string(index=False))
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        pd.DataFrame(scale).to_csv(out / "cs_scale.csv", index=False)
        pd.DataFrame(games).to_csv(out / "games_to_verdict.csv", index=False)
        if cost:
            pd.DataFrame(cost).to_csv(out / "mcts_cost.csv", index=False)
        _figure(scale, games).savefig(out / "games_to_verdict.png", dpi=110)
        command = "python benchmarks/bench_balance.py " + " ".join(argv)
        lines = [f"# Balance lab benchmark: games to a verdict (generated by `{command}`)", "",
                 "![games to a verdict](games_to_verdict.png)", ""]
        for title, rows in (("Confidence sequence alone", scale),
                            ("Games to a verdict, fast players", games),
                            ("CPU a game, mcts on every seat", cost)):
            if rows:
                lines += [f"## {title}", "", markdown_table(pd.DataFrame(rows)), ""]
        (out / "balance.md").write_text("\n".join(lines), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
