"""``simlab data export|check`` and ``--data`` on play, replay, info, study (issue 18)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import simlab
from simlab.cli.data import check_data
from simlab.core.data import export_data

GAMES = ("bedpans", "bad_doctor", "broom_service", "hospital_rush")


def _edit(path: Path, pattern: str, new: str | None) -> int:
    """Replace (or, with ``None``, delete) the first data line matching ``pattern``; its number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1)
                  if not line.startswith("#") and re.search(pattern, line))
    if new is None:
        del lines[number - 1]
    else:
        lines[number - 1] = re.sub(pattern, new, lines[number - 1])
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return number


def _last_data_line(path: Path) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return max(i for i, line in enumerate(lines, 1) if line.strip() and not line.startswith("#"))


@pytest.mark.parametrize("game", GAMES)
def test_an_exported_set_checks_clean_and_keeps_its_reconstructed_notes(run, game, tmp_path):
    code, out, _ = run(["data", "export", game, tmp_path / game])
    assert code == 0 and "wrote" in out
    texts = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / game).glob("*.txt"))
    assert "RECONSTRUCTED" in texts.upper()
    code, out, _ = run(["data", "check", tmp_path / game])
    assert code == 0 and f"{game} components, no problem found" in out


CHANGED_COUNTS = {
    "bad_doctor": ("components.txt", r"^complication_cubes\s+15", "complication_cubes   16",
                   "complication_cubes: the rulebook has 15, not 16"),
    "bedpans": ("components.txt", r"^Door-markers \| 8", "Door-markers | 7",
                "Door-markers: the rulebook has 8, found 7"),
    "broom_service": ("events.txt", r"^Tower Festival", None, "expected 10 event cards, found 9"),
    "hospital_rush": ("patients.txt", r"^Al Furry", None, "patient cards, found"),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_count_is_reported_with_file_and_line(run, game, tmp_path):
    export_data(game, tmp_path)
    file, pattern, new, message = CHANGED_COUNTS[game]
    number = _edit(tmp_path / file, pattern, new)
    if new is None:
        number = _last_data_line(tmp_path / file)
    code, out, err = run(["data", "check", tmp_path])
    assert code == 2 and err == ""
    line = next(line for line in out.splitlines() if message in line)
    assert re.search(rf"{file}:{number}: ", line), line


def test_every_problem_is_listed_not_only_the_first(run, tmp_path):
    export_data("bad_doctor", tmp_path)
    bad_tile = _edit(tmp_path / "tiles.txt", r"^T05\s+\S+", "T05  purple")
    bad_cubes = _edit(tmp_path / "patients.txt", r"^(P03\s+-\s+\S+\s+)2", r"\g<1>x")
    bad_count = _edit(tmp_path / "components.txt", r"^shift_tokens\s+5", "shift_tokens   6")
    code, out, _ = run(["data", "check", tmp_path])
    assert code == 2
    assert f"tiles.txt:{bad_tile}: unknown malady 'purple'" in out
    assert f"patients.txt:{bad_cubes}: cube spaces must be a whole number" in out
    assert f"components.txt:{bad_count}: shift_tokens: the rulebook has 5, not 6" in out
    _, problems = check_data(tmp_path)
    assert out.splitlines()[-1] == f"{len(problems)} problems in {tmp_path} (bad_doctor)"
    with pytest.raises(simlab.DataError, match=f"tiles.txt:{bad_tile}:"):  # play stops at one
        simlab.load_game("bad_doctor", data=tmp_path)


def test_a_data_tree_and_a_named_game_are_accepted(run, tmp_path):
    export_data("hospital_rush", tmp_path / "hospital_rush")
    assert check_data(tmp_path) == ("hospital_rush", [])
    code, out, _ = run(["data", "check", tmp_path / "hospital_rush", "--game", "Hospital-Rush"])
    assert code == 0 and "hospital_rush components, no problem found" in out


@pytest.mark.parametrize("argv", [
    ["data", "check", "/no/such/folder"],
    ["data", "export", "chess", "x"],
    ["data", "export", "bedpans", "{shipped}"],
    ["data", "check", "{empty}"],
    ["play", "bedpans", "--data", "/no/such/folder"],
    ["replay", "{record}", "--data", "{empty}"],
])
def test_bad_input_is_one_line_and_exit_2(run, argv, tmp_path):
    (tmp_path / "empty").mkdir()
    record = tmp_path / "r.json"
    simlab.play(simlab.load_game("bedpans"), seed=1).save(record)
    from simlab.core.data import data_dir
    fill = {"{shipped}": data_dir("bedpans"), "{empty}": tmp_path / "empty", "{record}": record}
    code, out, err = run([fill.get(a, a) for a in argv])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err


def test_play_and_replay_on_a_folder_and_a_refusal(run, tmp_path):
    export_data("bad_doctor", tmp_path / "mine")
    _edit(tmp_path / "mine" / "patients.txt", r"^(P11\s+-\s+\S+\s+)2", r"\g<1>3")
    record = tmp_path / "r.json"
    code, out, _ = run(["play", "bad_doctor", "--data", tmp_path / "mine", "--record", record])
    assert code == 0 and "winner:" in out
    code, again, _ = run(["replay", record, "--data", tmp_path / "mine"])
    assert code == 0 and again == out
    code, out, err = run(["replay", record])
    assert code == 2 and out == ""
    assert "cannot replay against shipped" in err and err.count("\n") == 1
    code, out, _ = run(["info", "bad_doctor", "--data", tmp_path / "mine"])
    assert code == 0 and f"component files: {(tmp_path / 'mine').resolve()}" in out


def test_study_compare_data_prints_the_paired_differences(run, tmp_path):
    export_data("bad_doctor", tmp_path / "a")
    code, out, _ = run(["study", "bad-doctor-seats", "--games", "2", "-q",
                        "--param", "data=" + str(tmp_path / "a"),
                        "--compare-data", tmp_path / "a"])
    assert code == 0
    assert f"a: {(tmp_path / 'a').resolve()}" in out
    rows = [line.split() for line in out.splitlines()[4:]]
    assert rows and all(r[-1] == "paired" for r in rows)
    assert all(float(r[-5]) == 0.0 for r in rows)  # a set against itself: no difference


def test_report_takes_each_study_games_folder_from_a_data_tree(run, tmp_path):
    from simlab.cli.report import report_data

    export_data("bad_doctor", tmp_path / "bad_doctor")
    assert report_data("bad-doctor-seats", str(tmp_path)) == {
        "data": str(tmp_path / "bad_doctor")}
    assert report_data("bedpans-movement", str(tmp_path)) == {}  # no bedpans/: shipped
    assert report_data("bad-doctor-seats", None) == {}
    code, out, err = run(["report", "--out", tmp_path / "out", "--data", tmp_path / "no"])
    assert code == 2 and out == "" and "--data: " in err and err.count("\n") == 1
