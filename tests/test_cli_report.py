"""`simlab report`'s quick and full runs, its findings, and what `simlab study` prints
(simlab.cli_study, simlab.cli_report_plan, simlab.cli_findings)."""

from __future__ import annotations

import math
import re
from types import SimpleNamespace

import pandas as pd
import pytest
from matplotlib.figure import Figure

import simlab.cli_study as cli_study
import simlab.core.study as study_module
from simlab.cli import main
from simlab.core.search_settings import is_search_name


def _fake_run_study(played):
    """A run_study that records what it was asked and returns a small summary."""

    def fake(study, *, games, progress, seed, jobs, executor, **params):
        played[study.name] = (games, params)
        progress.update(games)
        summary = pd.DataFrame({"seat": [0, 1], "quantity": ["win", "win"],
                                "kind": ["proportion", "proportion"],
                                "estimate": [0.6, 0.4], "low": [0.55, 0.1],
                                "high": [0.65, 0.9], "n": [400, 5]})
        return SimpleNamespace(summary=summary, elapsed=0.0, plot=Figure)

    return fake


def test_the_quick_report_plays_fewer_games_and_no_search_in_the_ladders(tmp_path,
                                                                         monkeypatch, capsys):
    played: dict = {}
    monkeypatch.setattr(study_module, "run_study", _fake_run_study(played))
    assert main(["report", "--out", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert "quick run" in err and "expected about" in err
    names = study_module.study_names()
    assert set(played) == set(names)
    for name in names:
        games, params = played[name]
        default = study_module.get_study(name).default_games
        if not name.endswith("-ladder"):
            assert games <= default
        else:  # the fixed policies, 20 games or more a pairing
            policies = params["policies"].split(",")
            assert not any(is_search_name(p) for p in policies)
            assert games >= 20 * math.comb(len(policies), 2)
    assert played["bedpans-stuff"][0] < study_module.get_study("bedpans-stuff").default_games


def test_the_full_report_is_every_study_at_its_defaults(tmp_path, monkeypatch, capsys):
    played: dict = {}
    monkeypatch.setattr(study_module, "run_study", _fake_run_study(played))
    assert main(["report", "--out", str(tmp_path), "--full", "--quiet"]) == 0
    assert capsys.readouterr().err == ""  # --quiet: no estimate, no lines
    for name, (games, params) in played.items():
        assert games == study_module.get_study(name).default_games and params == {}


def test_the_index_opens_with_the_findings(tmp_path, monkeypatch, capsys):
    played: dict = {}
    monkeypatch.setattr(study_module, "run_study", _fake_run_study(played))
    monkeypatch.setattr(study_module, "study_names", lambda: ["bad-doctor-seats"])
    assert main(["report", "--out", str(tmp_path)]) == 0
    index = (tmp_path / "index.md").read_text()
    assert index.index("## Findings") < index.index("## The studies") < index.index("| study")
    # the one row with games enough (seat 0: 400 games, [0.55, 0.65]); seat 1 is marked
    line = next(x for x in index.splitlines() if x.startswith("- **bad-doctor-seats**"))
    assert line.endswith("win: 0.600 [0.550, 0.650] at seat 0 (1 of 2 rows: too few games)")
    table = pd.read_csv(tmp_path / "bad-doctor-seats.csv", keep_default_na=False)
    assert table.note.tolist() == ["", "too few games"]


def test_progress_lines_every_few_seconds_when_stderr_is_not_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(cli_study, "PROGRESS_EVERY", 0.0)
    assert main(["study", "bedpans-movement", "--games", "300000", "--json"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines, "no progress line"
    for line in lines:
        assert re.fullmatch(r"simlab: bedpans-movement: [\d,]+ of 300,000 games, \d+ s gone"
                            r"(, about .* left)?", line), line
    monkeypatch.setattr(cli_study, "PROGRESS_EVERY", 3600.0)
    assert main(["study", "bedpans-movement", "--games", "300", "--json"]) == 0
    assert capsys.readouterr().err == ""  # a short run says nothing


def test_the_time_left_weighs_each_study_by_its_cost():
    p = cli_study.Progress(110, "report", show=False)
    p.plan([(100, 1.0), (10, 9.0)])  # 100 cheap games, then 10 that cost 9 times more
    p.stage(0)
    p.update(100)
    assert p.fraction() == pytest.approx(0.1)  # not 100/110
    p.stage(1)
    p.update(5)
    assert p.fraction() == pytest.approx(0.55)


def test_a_printed_summary_has_no_nan_and_marks_its_few_rows(capsys):
    # 2 games at 2 players: the Exits found in no game have 0 games behind their rows
    assert main(["study", "bedpans-outcomes", "--games", "2", "--param", "players=2",
                 "--param", "pairings=staff:random/elders:random"]) == 0
    out = capsys.readouterr().out
    assert "NaN" not in out and "nan" not in out
    assert "too few games" in out


def test_list_params_says_any_mcts_n_and_the_old_pairing_names(capsys):
    assert main(["study", "hospital-rush-ladder", "--list-params"]) == 0
    assert "and any mcts-N" in capsys.readouterr().out
    assert main(["study", "bedpans-outcomes", "--list-params"]) == 0
    out = capsys.readouterr().out
    assert "staff:mcts/elders:heuristic" in out
    assert "mcts-heuristic = staff:mcts/elders:heuristic" in out


def test_a_ladder_prints_no_placeholder_for_a_rating_s_wins(capsys):
    assert main(["study", "bad-doctor-ladder", "--games", "6", "--param",
                 "policies=greedy,random", "--param", "resamples=10"]) == 0
    out = capsys.readouterr().out
    assert "<NA>" not in out and " -1 " not in out and "NaN" not in out
    rating = next(line for line in out.splitlines() if line.lstrip().startswith("rating"))
    # ... n, then empty wins and ties, then the note
    assert re.search(r" 6\s+too few games$", rating), rating
