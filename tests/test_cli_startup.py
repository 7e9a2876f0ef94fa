"""`simlab games`, `simlab info` and `simlab dice` import nothing they do not need.

Each command runs in a fresh interpreter, which then reports the heavy modules it
imported: no timing here (the figures are in the README).
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
        "networkx"} or m.startswith(("simlab.core.study", "simlab.core.stats", "simlab.games"))]
print(json.dumps({"code": code, "modules": sorted({m if m.startswith("simlab") else
                  m.split(".")[0] for m in mods})}))
"""


def imported(*argv: str) -> tuple[int, list[str]]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True,
                          text=True, check=True)
    report = json.loads(done.stdout)
    return report["code"], report["modules"]


@pytest.mark.parametrize("argv", [["games"], ["games", "--json"], ["dice", "3d3kl2"],
                                  ["--version"]])
def test_listing_and_dice_import_no_game_and_nothing_heavy(argv):
    code, modules = imported(*argv)
    assert code == 0
    assert modules == []


def test_info_imports_its_own_game_only():
    code, modules = imported("info", "broom_service")
    assert code == 0
    assert "simlab.games.broom_service.rules" in modules
    others = [m for m in modules if m.startswith("simlab.games.")
              and not m.startswith("simlab.games.broom_service")]
    assert others == []
    assert not set(modules) & {"pandas", "matplotlib", "scipy", "tqdm", "simlab.core.study",
                               "simlab.core.stats"}


def test_sampled_dice_import_what_the_test_needs():
    code, modules = imported("dice", "2d6", "--samples", "100")
    assert code == 0 and "simlab.core.stats" in modules and "simlab.games" not in modules
