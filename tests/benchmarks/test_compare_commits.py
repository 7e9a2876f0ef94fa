"""benchmarks/compare_commits.py: two commits' own benchmarks, side by side."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import compare_commits

ROOT = compare_commits.HERE.parent

#: bench_search.py's table as 58434d2 printed it (no efficiency columns) and as it is now.
OLD_OUTPUT = """load average before: 0.02 0.05 0.20
| game | players | policy | decisions (+ left to the candidates) | iterations/s | decisions/s \
| s/decision | iterations/CPU s | CPU s/decision | reused share |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
| bad_doctor | 3 | mcts | 15 (+0) | 4,075 | 40.75 | 0.025 | 4,076 | 0.025 | 0.13 |
load average after: 0.02 0.05 0.20
"""
NEW_OUTPUT = """| game | players | policy | decisions (+ left to the candidates) | iterations/s \
| decisions/s | s/decision | iterations/CPU s | CPU s/decision | reused share \
| search actions/CPU s | random transitions/CPU s | search efficiency |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
| hospital_rush | 3 | mcts | 31 (+0) | 8,403 | 84.03 | 0.012 | 8,402 | 0.012 | 0.08 \
| 96,196 | 118,070 | 0.815 |
| bedpans | 4 | mcts | 40 (+37) | 1,815 | 151.26 | 0.007 | 1,814 | 0.007 | 0.25 \
| 20,726 | 129,357 | 0.16 |
"""


def test_the_rate_is_read_by_its_column_name_in_old_and_new_tables():
    old = compare_commits.table_rows(OLD_OUTPUT)
    new = compare_commits.table_rows(NEW_OUTPUT)
    assert [compare_commits.number(r[compare_commits.RATE]) for r in old] == [4076.0]
    assert [(r["game"], compare_commits.number(r[compare_commits.RATE])) for r in new] == [
        ("hospital_rush", 8402.0), ("bedpans", 1814.0)]  # not iterations/s, the column before
    assert compare_commits.table_rows("no table here\n") == []


def test_the_examples_of_the_script_run():
    assert doctest.testmod(compare_commits).failed == 0


def test_ratios_pair_each_round_old_with_new():
    # round 1: 200 / 100 = 2; round 2: 330 / 110 = 3 (not 330 / 100 nor 200 / 110)
    assert compare_commits.ratios([100, 110], [200, 330]) == (2.0, 3.0)


def _git(*args: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    if done.returncode:
        pytest.skip(f"no git history here: git {' '.join(args)}")
    return done.stdout.strip()


def test_an_exported_commit_runs_its_own_simlab_and_benchmark(tmp_path):
    tree = compare_commits.export(_git("rev-parse", "HEAD"), tmp_path)
    assert (tree / "simlab" / "__init__.py").is_file()
    assert compare_commits.imports_own_simlab(tree)
    rate = compare_commits.search_rate(tree, "bad_doctor", 2)
    assert rate > 100  # iterations per CPU s of 2 searched decisions


def test_a_commit_older_than_the_whole_games_benchmark_is_given_this_copy(tmp_path):
    added = _git("log", "--diff-filter=A", "--format=%H", "--",
                 "benchmarks/bench_search_games.py").splitlines()
    if not added:
        pytest.skip("bench_search_games.py's first commit is not in this history")
    tree = compare_commits.export(_git("rev-parse", f"{added[-1]}^"), tmp_path)
    copied = tree / "benchmarks" / "bench_search_games.py"
    assert copied.read_text() == (ROOT / "benchmarks" / "bench_search_games.py").read_text()
    # and the copy runs there, on the old simlab (whose search_strength is older too)
    row = compare_commits.whole_games(tree, "bad_doctor", 2, 1)
    assert (row["game"], row["players"], row["games"]) == ("bad_doctor", 2, 1)
    assert row["transitions_per_game"] > 0 and row["cpu_s_per_game"] > 0


def test_an_unknown_commit_is_a_one_line_error(tmp_path):
    with pytest.raises(SystemExit, match="no commit 'no-such-commit'"):
        compare_commits.export("no-such-commit", tmp_path)
