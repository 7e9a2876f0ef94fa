"""The `simlab` command as a whole: one-line errors with exit code 2, --version,
the console script, and what starting it imports (simlab.cli.command)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import simlab


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "dice_race", "--players", "9"], "dice_race takes 2 to 4 players, not 9"),
        (["play", "dice_race", "--variant", "turbo"], "has no variant 'turbo'"),
        (["play", "dice_race", "--option", "length"], "is not KEY=VALUE"),
        (["play", "dice_race", "--option", "length=long"], "option 'length' takes an int"),
        (["play", "dice_race", "--policy", "genius"], "has no policy 'genius'"),
        (["play", "dice_race", "--seed", "x"], "seed must be a whole number >= 0, got 'x'"),
        (["study", "nope"], "unknown study 'nope'"),
        (["study", "bedpans-movement", "--param", "colour=red"], "colour"),
        (["study", "bedpans-movement", "--param", "mover=cat"], "cat"),
        (["study", "bedpans-movement", "--out", "x.xlsx"], "write a .csv, .parquet or .json"),
        (["study", "bedpans-movement", "--games-out", "x.txt"], "--games-out 'x.txt'"),
        (["study", "bedpans-movement", "--jobs", "-1"], "jobs must be a whole number >= 1, got -1"),
        (["study", "bedpans-movement", "--jobs", "0"], "jobs must be a whole number >= 1, got 0"),
        (["study", "bedpans-movement", "--games", "0"], "games must be a whole number >= 1"),
        (["dice", "2d6", "--samples", "-5"], "samples must be a whole number >= 0, got -5"),
        (["play", "dice_race", "--players", "0"], "players must be a whole number >= 1"),
        (["dice", "3d"], "bad dice expression '3d' at column 3"),
        (["replay", "/nonexistent/game.json"], "cannot read"),
        (["frobnicate"], "invalid choice"),
        ([], "required"),
    ],
)
def test_user_errors_are_one_line_exit_2(run, argv, message):
    code, _, err = run(argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_console_script_exit_code():
    done = subprocess.run([sys.executable, "-m", "simlab.cli", "dice", "1d"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("simlab: error: bad dice expression")


def test_version(run):
    code, out, err = run(["--version"])
    assert code == 0 and err == ""
    assert out == f"simlab {simlab.__version__}\n"
    assert re.fullmatch(r"simlab \d+\.\d+\.\d+\n", out)


_PROBE = """
import contextlib, io, json, sys
from simlab.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
mods = [m for m in sys.modules if m.split(".")[0] in {"pandas", "matplotlib", "scipy", "tqdm",
        "networkx"} or m.startswith(("simlab.core.study", "simlab.core.stats"))
        or (m.startswith("simlab.games.") and m.count(".") > 2)]
# (simlab.games and each game's package __init__ are the tables by which the games
# register: no game module, no rules)
print(json.dumps({"code": code, "modules": sorted({m if m.startswith("simlab") else
                  m.split(".")[0] for m in mods})}))
"""


@pytest.fixture(scope="module", autouse=True)
def _warm_cache():
    """The catalog cache written (what the first run of `simlab games` does), so that the
    commands below start as they do every day after; tests/cli/test_catalog_cache.py
    checks the first run."""
    from simlab.cli.catalog import stored_catalog

    stored_catalog()


def imported(*argv: str) -> tuple[int, list[str]]:
    """Run ``simlab ARGV`` in a fresh interpreter; its exit code and the heavy modules
    (or game modules) it imported."""
    done = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True,
                          text=True, check=True)
    report = json.loads(done.stdout)
    return report["code"], report["modules"]


@pytest.mark.parametrize("argv", [["games"], ["games", "--json"], ["info", "bedpans", "--json"],
                                  ["dice", "3d3kl2"], ["--version"]])
def test_listing_and_dice_import_no_game_and_nothing_heavy(argv):
    code, modules = imported(*argv)
    assert code == 0
    assert modules == []


def test_info_imports_no_game():
    code, modules = imported("info", "broom_service")
    assert code == 0 and modules == []


def test_sampled_dice_import_what_the_test_needs():
    code, modules = imported("dice", "2d6", "--samples", "100")
    assert code == 0 and "simlab.core.stats" in modules
    assert not any(m.startswith("simlab.games.") for m in modules)
