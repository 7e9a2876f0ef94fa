"""Search speed of two commits side by side: each commit's own benchmark, run in turn.

CPU time on a shared machine grows with the load, so a figure measured one day
does not compare with one measured another day.  This script exports both
commits (``git archive``) into a temporary folder and runs, round after round,
the old commit's ``benchmarks/bench_search.py`` and then the new one's on the
same decisions (or ``bench_search_games.py`` with ``--whole``: CPU s per game
with ``mcts`` on every seat).  Each run imports the ``simlab`` of its own
tree; that is checked before the first run.  A commit older than
``bench_search_games.py`` is given this checkout's copy of it.

Usage::

    python benchmarks/compare_commits.py 58434d2 HEAD bad_doctor --decisions 15
    python benchmarks/compare_commits.py 4634384 HEAD broom_service --whole --players 3 4
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: The column of bench_search.py's table compared (the same name at every commit).
RATE = "iterations/CPU s"


def export(commit: str, into: Path, repo: Path = HERE.parent) -> Path:
    """The tree of ``commit`` written into ``into``/``commit``; its ``benchmarks/`` gains
    this checkout's ``bench_search_games.py`` when it has none.

    Raises ``SystemExit`` naming the commit when git does not know it.
    """
    tree = into / commit.replace("/", "_")
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(repo), "archive", commit], capture_output=True)
    if archive.returncode:
        raise SystemExit(f"compare_commits: no commit {commit!r} in {repo}")
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
    games = tree / "benchmarks" / "bench_search_games.py"
    if not games.exists():
        shutil.copy(HERE / "bench_search_games.py", games)
    return tree


def run_in(tree: Path, args: Sequence[str]) -> str:
    """Standard output of ``python ARGS`` run in ``tree``, importing that tree's ``simlab``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run([sys.executable, *args], cwd=tree, env=env, capture_output=True,
                          text=True)
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise SystemExit(f"compare_commits: {' '.join(args)} failed in {tree.name}: {last}")
    return done.stdout


def imports_own_simlab(tree: Path) -> bool:
    """Whether a run in ``tree`` imports the ``simlab`` of that tree (not an installed one)."""
    where = run_in(tree, ["-c", "import simlab; print(simlab.__file__)"]).strip()
    return Path(where).resolve().is_relative_to(tree.resolve())


def table_rows(text: str) -> list[dict[str, str]]:
    """The rows of the first markdown table in ``text``, each as {column: cell}.

    Examples
    --------
    >>> out = "load 0.1\\n| game | iterations/CPU s |\\n| --- | --- |\\n| bad_doctor | 8,055 |\\n"
    >>> table_rows(out)
    [{'game': 'bad_doctor', 'iterations/CPU s': '8,055'}]
    """
    lines = [line for line in text.splitlines() if line.startswith("|")]
    if len(lines) < 2:
        return []
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    return [dict(zip(header, (cell.strip() for cell in line.strip("|").split("|")),
                     strict=True)) for line in lines[2:]]


def number(cell: str) -> float:
    """A table cell such as ``'8,055'`` as a number.

    Examples
    --------
    >>> number("8,055"), number("0.54")
    (8055.0, 0.54)
    """
    return float(cell.replace(",", ""))


def search_rate(tree: Path, game: str, decisions: int) -> float:
    """Iterations per CPU s of ``tree``'s ``bench_search.py`` over ``decisions`` decisions."""
    rows = table_rows(run_in(tree, ["benchmarks/bench_search.py", "--decisions",
                                    str(decisions), game]))
    row = next((r for r in rows if r.get("game") == game), None)
    if row is None or RATE not in row:
        raise SystemExit(f"compare_commits: no {RATE!r} for {game} in {tree.name}'s output")
    return number(row[RATE])


def whole_games(tree: Path, game: str, players: int, games: int) -> dict[str, Any]:
    """``bench_search_games.py``'s row for ``game`` at ``players`` seats, run in ``tree``."""
    out = run_in(tree, ["benchmarks/bench_search_games.py", game, "--players", str(players),
                        "--games", str(games), "--json"])
    return dict(json.loads(out.strip().splitlines()[-1]))


def ratios(old: Sequence[float], new: Sequence[float]) -> tuple[float, float]:
    """The lowest and highest new / old over the rounds (old and new of a round paired).

    Examples
    --------
    >>> ratios([4075, 4045], [8055, 8126])
    (1.977, 2.009)
    """
    each = [n / o for o, n in zip(old, new, strict=True)]
    return round(min(each), 3), round(max(each), 3)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the older commit (any name git knows)")
    parser.add_argument("new", help="the newer commit")
    parser.add_argument("games_", nargs="+", metavar="GAME")
    parser.add_argument("--decisions", type=int, default=40,
                        help="searched decisions a run (bench_search.py)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of old then new")
    parser.add_argument("--whole", action="store_true",
                        help="CPU s per whole game with mcts on every seat instead")
    parser.add_argument("--players", type=int, nargs="*", default=[3],
                        help="with --whole: player counts")
    parser.add_argument("--games", type=int, default=3, help="with --whole: games a row")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="compare-commits-") as tmp:
        trees = [export(commit, Path(tmp)) for commit in (args.old, args.new)]
        for tree in trees:
            if not imports_own_simlab(tree):
                raise SystemExit(f"compare_commits: a run in {tree.name} imports another "
                                 "simlab (is one installed without -e?)")
        print(f"load average before: {os.getloadavg()[0]:.2f}")
        if args.whole:
            print("| game | players | transitions per game, old / new "
                  "| CPU s per game, old (rounds) | new (rounds) | new / old |")
            print("| --- | --- | --- | --- | --- | --- |")
            for game in args.games_:
                for players in args.players:
                    rows: list[list[dict[str, Any]]] = [[], []]
                    for _ in range(args.rounds):
                        for side, tree in enumerate(trees):
                            rows[side].append(whole_games(tree, game, players, args.games))
                    cpu = [[r["cpu_s_per_game"] for r in side] for side in rows]
                    low, high = ratios(*cpu)
                    print(f"| {game} | {players} | {rows[0][0]['transitions_per_game']} / "
                          f"{rows[1][0]['transitions_per_game']} | "
                          f"{' / '.join(map(str, cpu[0]))} | {' / '.join(map(str, cpu[1]))} "
                          f"| {low}–{high} |", flush=True)
        else:
            print(f"| game | decisions | {RATE}, old (rounds) | new (rounds) | new / old |")
            print("| --- | --- | --- | --- | --- |")
            for game in args.games_:
                rates: list[list[float]] = [[], []]
                for _ in range(args.rounds):
                    for side, tree in enumerate(trees):
                        rates[side].append(search_rate(tree, game, args.decisions))
                low, high = ratios(*rates)
                print(f"| {game} | {args.decisions} | "
                      f"{' / '.join(f'{r:,.0f}' for r in rates[0])} | "
                      f"{' / '.join(f'{r:,.0f}' for r in rates[1])} | ×{low}–{high} |",
                      flush=True)
        print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
