"""`simlab info GAME` (simlab.cli.info)."""

from __future__ import annotations

import json

from simlab.cli import main


def test_info(run):
    code, out, _ = run(["info", "dice_race", "--json"])
    data = json.loads(out)
    assert code == 0 and data["players"] == [2, 4]
    assert {o["name"] for o in data["options"]} == {"length", "exact_finish"}


def test_info_of_a_game_registered_at_run_time_reads_it_live(capsys):
    assert main(["info", "dice_race"]) == 0  # tests/conftest.py: not in the stored catalog
    assert "2 to 4 players" in capsys.readouterr().out
