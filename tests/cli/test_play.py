"""`simlab play GAME`: the turn log, the record, policies named (simlab.cli.play)."""

from __future__ import annotations

import json


def test_play_prints_log_and_saves_record(run, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = run(["play", "dice_race", "--players", "3", "--seed", "4",
                        "--record", str(path)])
    assert code == 0
    assert "rolls" in out and out.strip().splitlines()[-1].startswith("winner: Seat")
    code, out2, _ = run(["replay", str(path)])
    assert code == 0 and out2 == out


def test_play_json_is_a_record(run):
    _, out, _ = run(["play", "dice_race", "--seed", "2", "--json", "--variant",
                        "exact_finish", "--option", "length=6"])
    data = json.loads(out)
    assert data["options"] == {"length": 6, "exact_finish": True}


def test_a_known_family_with_a_bad_number_keeps_its_own_words(run):
    code, _, err = run(["play", "broom_service", "--policy", "brave-2"])
    assert code == 2 and err == "simlab: error: brave-P needs 0 <= P <= 1, not 'brave-2'\n"
