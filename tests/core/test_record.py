"""Game records: JSON round trip, replay, and clear errors for bad files."""

from __future__ import annotations

import json

import pytest

import simlab
from simlab.core.record import GameRecord, replay_steps


@pytest.fixture
def record():
    return simlab.play(simlab.load_game("dice_race", players=3), seed=11)


def test_record_round_trip_and_replay(record, tmp_path):
    path = tmp_path / "game.json"
    record.save(path)
    back = GameRecord.load(path)
    assert back == record
    final = simlab.replay(back)
    assert final.outcome == record.outcome
    assert len(list(replay_steps(back))) == len(record.actions) + 1
    assert record.actions[:3] == [a for a in record.actions[:3] if a.startswith("deal boost")]


def test_record_is_plain_json(record):
    data = json.loads(record.to_json())
    assert data["format"] == "simlab-record/1"
    assert data["game"] == "dice_race" and data["seed"] == 11
    assert all(isinstance(a, list) and len(a) == 2 for a in data["actions"])


def test_not_json_names_file_and_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"game": "dice_race",\n "players": 2,\n oops}\n')
    with pytest.raises(simlab.DataError, match=r"bad.json:3: not JSON"):
        GameRecord.load(path)


def test_missing_key_and_bad_actions(tmp_path):
    with pytest.raises(simlab.DataError, match=r"\[players\]: missing key"):
        GameRecord.from_json('{"game": "dice_race"}', source="r.json")
    with pytest.raises(simlab.DataError, match=r"\[actions\]"):
        GameRecord.from_json('{"game": "dice_race", "players": 2, "actions": [1]}')
    with pytest.raises(simlab.DataError, match="cannot read"):
        GameRecord.load(tmp_path / "missing.json")


def test_tampered_record_is_refused(record):
    data = record.to_dict()
    data["actions"][0][1] = "deal boost 9 to Seat 0"
    bad = GameRecord.from_dict(data, source="t.json")
    with pytest.raises(simlab.DataError,
                       match=r"t.json \[actions\[0\]\]: dice_race record, action 1"):
        simlab.replay(bad, source="t.json")
    data = record.to_dict()
    data["outcome"]["winners"] = [9]
    with pytest.raises(simlab.DataError, match="replay ends with"):
        simlab.replay(GameRecord.from_dict(data))


def test_wrong_actor_is_refused(record):
    data = record.to_dict()
    data["actions"][0][0] = 1
    with pytest.raises(simlab.DataError, match="the record says Seat 1 acts, but chance is to act"):
        simlab.replay(GameRecord.from_dict(data))
