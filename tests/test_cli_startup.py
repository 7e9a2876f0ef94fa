"""`simlab games`, `simlab info` and `simlab dice` import no game, pandas or matplotlib.

Each command runs in a fresh interpreter, which then reports the heavy modules it
imported: no timing here (the figures are in git history of README.md).
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

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


def imported(*argv: str) -> tuple[int, list[str]]:
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


def test_info_of_a_game_registered_at_run_time_reads_it_live(capsys):
    from simlab.cli import main

    assert main(["info", "dice_race"]) == 0  # tests/conftest.py: not in the stored catalog
    assert "2 to 4 players" in capsys.readouterr().out


def test_sampled_dice_import_what_the_test_needs():
    code, modules = imported("dice", "2d6", "--samples", "100")
    assert code == 0 and "simlab.core.stats" in modules
    assert not any(m.startswith("simlab.games.") for m in modules)
