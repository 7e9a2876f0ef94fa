"""The `simlab` command: outputs, files, and one-line errors with exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from simlab.cli import main


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_games_lists_games_and_studies(capsys):
    code, out, _ = run(["games", "--json"], capsys)
    data = json.loads(out)
    assert code == 0
    assert "dice_race" in [g["game"] for g in data["games"]]
    assert "bedpans-movement" in [s["study"] for s in data["studies"]]


def test_info(capsys):
    code, out, _ = run(["info", "dice_race", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["players"] == [2, 4]
    assert {o["name"] for o in data["options"]} == {"length", "exact_finish"}


def test_play_prints_log_and_saves_record(capsys, tmp_path):
    path = tmp_path / "game.json"
    code, out, _ = run(["play", "dice_race", "--players", "3", "--seed", "4",
                        "--record", str(path)], capsys)
    assert code == 0
    assert "rolls" in out and out.strip().splitlines()[-1].startswith("winner: Seat")
    code, out2, _ = run(["replay", str(path)], capsys)
    assert code == 0 and out2 == out


def test_play_json_is_a_record(capsys):
    _, out, _ = run(["play", "dice_race", "--seed", "2", "--json", "--variant",
                        "exact_finish", "--option", "length=6"], capsys)
    data = json.loads(out)
    assert data["options"] == {"length": 6, "exact_finish": True}


def test_dice_exact_and_sampled(capsys):
    code, out, _ = run(["dice", "3d3kl2", "--samples", "50000", "--seed", "1", "--json"], capsys)
    data = json.loads(out)
    assert code == 0
    assert data["distribution"] == {"2": "7/27", "3": "1/3", "4": "7/27", "5": "1/9",
                                    "6": "1/27"}
    assert data["chisquare_p"] > 1e-4
    code, out, _ = run(["dice", "2d6"], capsys)
    assert "mean 7.0000" in out and "1/36" in out


def test_study_out_is_the_printed_summary_and_games_out_the_rows(capsys, tmp_path):
    import pandas as pd

    summary, rows = tmp_path / "summary.csv", tmp_path / "rows.csv"
    code, out, err = run(["study", "bedpans-movement", "--games", "2000", "--param",
                          "mover=doctor", "--param", "stuff=none", "--out", str(summary),
                          "--games-out", str(rows)], capsys)
    assert code == 0
    assert err == ""  # stderr is not a terminal here: no bar
    assert "P(result = 2)" in out and "doctor" in out
    table = pd.read_csv(summary)
    printed = out.splitlines()
    assert printed[0].split() == list(table.columns)
    assert len(printed) == len(table) + 2  # header, one line a row, the games line
    assert set(table["quantity"]) >= {"P(result = 2)"}
    assert rows.read_text().splitlines()[0].split(",")[:3] == ["mover", "stuff", "result"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.csv", "summary.csv"]


@pytest.mark.parametrize("suffix", [".json", ".parquet"])
def test_study_out_by_extension(suffix, capsys, tmp_path):
    import pandas as pd

    summary, rows = tmp_path / f"summary{suffix}", tmp_path / f"rows{suffix}"
    code, out, _ = run(["study", "bedpans-movement", "--games", "500", "--json",
                        "--out", str(summary), "--games-out", str(rows)], capsys)
    assert code == 0
    printed = json.loads(out)
    if suffix == ".json":
        doc = json.loads(summary.read_text())
        assert doc["study"] == "bedpans-movement" and doc["params"]["games"] == 500
        assert len(doc["summary"]) == len(printed)
        assert len(json.loads(rows.read_text())) > 0
    else:
        assert len(pd.read_parquet(summary)) == len(printed)
        assert list(pd.read_parquet(rows).columns)[:2] == ["mover", "stuff"]


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
def test_user_errors_are_one_line_exit_2(argv, message, capsys):
    code, _, err = run(argv, capsys)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


def test_bad_record_file_names_file_and_line(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"game": "dice_race",\n nope\n}')
    code, _, err = run(["replay", str(path)], capsys)
    assert code == 2 and "broken.json:2: not JSON" in err


def test_console_script_exit_code():
    done = subprocess.run([sys.executable, "-m", "simlab.cli", "dice", "1d"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.strip().startswith("simlab: error: bad dice expression")


def _too_few(table) -> str:
    """Rows of a written summary that rest on too few games, counted from the CSV alone."""
    import pandas as pd

    rows = pd.read_csv(table)
    if "low" not in rows or "high" not in rows:
        return "no intervals"
    count = 0
    for row in rows.to_dict("records"):
        share = row.get("kind", "proportion") == "proportion"
        width = row["high"] - row["low"]
        few = "n" in row and not row["n"] >= 20  # NaN n: nothing behind the row
        if few or (share and not width <= 0.2):
            count += 1
    return f"{count} of {len(rows)} rows"


def test_report_writes_a_table_and_figure_per_study(capsys, tmp_path, monkeypatch):
    import simlab.core.study as study_module

    every = study_module.study_names()
    ladders = [name for name in every if name.endswith("-ladder")]  # search: seconds a game
    others = [name for name in every if name not in ladders]
    games = {name: 2 if name in ladders else 200 for name in every}
    out = ""
    for part, count in ((others, 200), (ladders, 2)):
        monkeypatch.setattr(study_module, "study_names", lambda part=part: part)
        code, more, _ = run(["report", "--out", str(tmp_path), "--games", str(count)], capsys)
        assert code == 0
        out += more
        index = (tmp_path / "index.md").read_text()  # each run writes the index of its studies
        rows = {line.split(" | ")[0].strip("| "): line for line in index.splitlines()}
        for name in part:  # each study in the index, with its game count and files
            assert f" | {count} | " in rows[name] and f"[{name}.png]({name}.png)" in rows[name]
            assert f" | {_too_few(tmp_path / f'{name}.csv')} | " in rows[name]
    for name in every:
        assert (tmp_path / f"{name}.csv").stat().st_size > 0
        assert (tmp_path / f"{name}.png").read_bytes()[:4] == b"\x89PNG"
        assert f"{name}: {games[name]} games, " in out  # each study's game count, as it ends
