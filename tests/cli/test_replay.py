"""`simlab replay FILE`: a bad record is one line naming the file, the action and
why (simlab.cli.replay)."""

from __future__ import annotations

import json

import simlab


def test_bad_record_file_names_file_and_line(run, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"game": "dice_race",\n nope\n}')
    code, _, err = run(["replay", str(path)])
    assert code == 2 and "broken.json:2: not JSON" in err


def _record_file(tmp_path, game, seed=3):
    record = simlab.play(simlab.load_game(game), seed=seed)
    path = tmp_path / f"{game}.json"
    record.save(path)
    return path, record


def test_record_error_names_chance_not_minus_one(run, tmp_path):
    path, _ = _record_file(tmp_path, "broom_service")
    data = json.loads(path.read_text())
    first_chance = next(i for i, (actor, _) in enumerate(data["actions"]) if actor == -1)
    data["actions"][first_chance][0] = 0
    path.write_text(json.dumps(data))
    code, _, err = run(["replay", str(path)])
    assert code == 2
    assert f"broom_service record, action {first_chance + 1}" in err
    seat = simlab.load_game("broom_service").seat_names()[0]
    assert f"the record says {seat} acts, but chance is to act" in err
    assert "-1 is" not in err and "by -1" not in err and len(err.splitlines()) == 1


def test_record_of_another_game_says_whose_it_is(run, tmp_path):
    path, _ = _record_file(tmp_path, "broom_service")
    data = json.loads(path.read_text())
    data["game"] = "bad_doctor"
    data["options"] = {}
    data["players"] = 4
    path.write_text(json.dumps(data))
    code, _, err = run(["replay", str(path)])
    assert code == 2 and len(err.splitlines()) == 1
    assert "bad_doctor record, action 1" in err
    assert "is this a broom_service record?" in err
