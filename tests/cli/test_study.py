"""`simlab study NAME`: what it prints and writes, and its parameters listed
(simlab.cli.study)."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest

import simlab
from simlab.cli import main


def test_study_out_is_the_printed_summary_and_games_out_the_rows(run, tmp_path):
    summary, rows = tmp_path / "summary.csv", tmp_path / "rows.csv"
    code, out, err = run(["study", "bedpans-movement", "--games", "2000", "--param",
                          "mover=doctor", "--param", "stuff=none", "--out", str(summary),
                          "--games-out", str(rows)])
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
def test_study_out_by_extension(run, suffix, tmp_path):
    summary, rows = tmp_path / f"summary{suffix}", tmp_path / f"rows{suffix}"
    code, out, _ = run(["study", "bedpans-movement", "--games", "500", "--json",
                        "--out", str(summary), "--games-out", str(rows)])
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


def test_list_params_prints_defaults_as_typed(run):
    code, out, _ = run(["study", "broom-service-steals", "--list-params"])
    assert code == 0
    assert "players=2,3,4,5\n" in out and "policies=brave,cowardly\n" in out
    assert "by_role=false\n" in out
    assert "(" not in out.split("\n")[0] and "'" not in out  # no Python tuple or repr
    study = simlab.core.study.get_study("broom-service-steals")
    for p in study.params:  # what is printed is what --param takes back
        line = next(x for x in out.splitlines() if x.startswith(f"{p.name}="))
        assert p.convert(line.partition("=")[2]) == p.convert(p.default)


def test_list_params_says_any_mcts_n_and_the_old_pairing_names(capsys):
    assert main(["study", "hospital-rush-ladder", "--list-params"]) == 0
    assert "and any mcts-N" in capsys.readouterr().out
    assert main(["study", "bedpans-outcomes", "--list-params"]) == 0
    out = capsys.readouterr().out
    assert "staff:mcts/elders:heuristic" in out
    assert "mcts-heuristic = staff:mcts/elders:heuristic" in out


def test_a_printed_summary_has_no_nan_and_marks_its_few_rows(capsys):
    # 2 games at 2 players: the Exits found in no game have 0 games behind their rows
    assert main(["study", "bedpans-outcomes", "--games", "2", "--param", "players=2",
                 "--param", "pairings=staff:random/elders:random"]) == 0
    out = capsys.readouterr().out
    assert "NaN" not in out and "nan" not in out
    assert "too few games" in out


def test_a_ladder_prints_no_placeholder_for_a_rating_s_wins(capsys):
    assert main(["study", "bad-doctor-ladder", "--games", "6", "--param",
                 "policies=greedy,random", "--param", "resamples=10"]) == 0
    out = capsys.readouterr().out
    assert "<NA>" not in out and " -1 " not in out and "NaN" not in out
    rating = next(line for line in out.splitlines() if line.lstrip().startswith("rating"))
    # ... n, then empty wins and ties, then the note
    assert re.search(r" 6\s+too few games$", rating), rating
