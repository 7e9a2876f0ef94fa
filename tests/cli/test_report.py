"""`simlab report`: a table and figure a study, the quick and full runs, the index
with its findings (simlab.cli.report, simlab.cli.report_plan, simlab.cli.findings)."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pandas as pd
from matplotlib.figure import Figure

import simlab.core.study as study_module
from simlab.cli import main
from simlab.core.search_settings import is_search_name


def _too_few(table) -> str:
    """Rows of a written summary that rest on too few games, counted from the CSV alone."""
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


def test_report_writes_a_table_and_figure_per_study(run, tmp_path, monkeypatch):
    every = study_module.study_names()
    ladders = [name for name in every if name.endswith("-ladder")]  # search: seconds a game
    others = [name for name in every if name not in ladders]
    games = {name: 2 if name in ladders else 200 for name in every}
    out = ""
    for part, count in ((others, 200), (ladders, 2)):
        monkeypatch.setattr(study_module, "study_names", lambda part=part: part)
        code, more, _ = run(["report", "--out", str(tmp_path), "--games", str(count)])
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


def test_the_index_opens_with_the_findings(tmp_path, monkeypatch):
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
