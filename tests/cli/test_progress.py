"""The progress of `simlab study` and `simlab report`: a bar on a terminal, lines
otherwise, and a clean Ctrl-C (simlab.cli.progress)."""

from __future__ import annotations

import io
import re
import sys
from types import SimpleNamespace

import pandas as pd
import pytest
from matplotlib.figure import Figure

import simlab.core.study as study_module
from simlab.cli import main, progress


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def as_tty(monkeypatch):
    """stderr as a terminal, stdout as ``.stdout`` (set in the test body: pytest's
    capture puts its own streams back between a fixture's setup and the test)."""
    err = Terminal()
    err.stdout = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(sys, "stdout", err.stdout)
    return err


def test_study_bar_counts_games_on_a_terminal(monkeypatch):
    tty = as_tty(monkeypatch)
    assert main(["study", "bedpans-movement", "--games", "300", "--json"]) == 0
    bar = tty.getvalue().replace("\r", "\n")
    assert "bedpans-movement" in bar
    assert "300/300" in bar and "game/s" in bar  # games done, of all, and the rate
    assert "<00:00" in bar  # time left
    assert tty.stdout.getvalue().startswith("[")  # stdout holds the JSON only


def test_quiet_hides_the_bar(monkeypatch):
    tty = as_tty(monkeypatch)
    assert main(["study", "bedpans-movement", "--games", "300", "--json", "--quiet"]) == 0
    assert tty.getvalue() == ""


def test_no_bar_when_stderr_is_not_a_terminal(capsys):
    assert main(["study", "bedpans-movement", "--games", "300", "--json"]) == 0
    assert capsys.readouterr().err == ""


def test_report_runs_every_study_under_one_bar(tmp_path, monkeypatch):
    played = []

    def fake(study, *, games, progress, **kwargs):
        played.append(study.name)
        progress.update(games)
        progress.close()  # run_study closes its bar: the report's must stay open
        if len(played) == 2:
            raise KeyboardInterrupt
        return SimpleNamespace(summary=pd.DataFrame({"n": [games]}), elapsed=0.0,
                               plot=Figure)

    monkeypatch.setattr(study_module, "run_study", fake)
    tty = as_tty(monkeypatch)
    assert main(["report", "--out", str(tmp_path), "--games", "5"]) == 130
    total = 5 * len(study_module.study_names())
    bar = tty.getvalue().replace("\r", "\n")
    assert f"10/{total}" in bar and played[1] in bar
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{played[0]}.csv", f"{played[0]}.png"]
    studies = len(study_module.study_names())
    assert f"1 of {studies} studies written\n" in tty.getvalue()
    assert f"{played[0]}: " in tty.stdout.getvalue()  # its line, printed past the bar


def test_progress_lines_every_few_seconds_when_stderr_is_not_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(progress, "PROGRESS_EVERY", 0.0)
    assert main(["study", "bedpans-movement", "--games", "300000", "--json"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines, "no progress line"
    for line in lines:
        assert re.fullmatch(r"simlab: bedpans-movement: [\d,]+ of 300,000 games, \d+ s gone"
                            r"(, about .* left)?", line), line
    monkeypatch.setattr(progress, "PROGRESS_EVERY", 3600.0)
    assert main(["study", "bedpans-movement", "--games", "300", "--json"]) == 0
    assert capsys.readouterr().err == ""  # a short run says nothing


def test_the_time_left_weighs_each_study_by_its_cost():
    p = progress.Progress(110, "report", show=False)
    p.plan([(100, 1.0), (10, 9.0)])  # 100 cheap games, then 10 that cost 9 times more
    p.stage(0)
    p.update(100)
    assert p.fraction() == pytest.approx(0.1)  # not 100/110
    p.stage(1)
    p.update(5)
    assert p.fraction() == pytest.approx(0.55)


def _interrupting(after):
    """A run_study that plays ``after`` games, then meets Ctrl-C."""

    def fake(study, *, progress, **kwargs):
        progress.update(after)
        raise KeyboardInterrupt

    return fake


def test_ctrl_c_ends_a_study_with_one_line_and_no_file(run, tmp_path, monkeypatch):
    monkeypatch.setattr(study_module, "run_study", _interrupting(30))
    out_file = tmp_path / "summary.csv"
    code, out, err = run(["study", "bedpans-movement", "--games", "100", "--out", str(out_file)])
    assert code == 130
    assert err == "simlab: interrupted after 30 of 100 games; no file was written\n"
    assert out == "" and list(tmp_path.iterdir()) == []


def test_ctrl_c_ends_a_report_saying_what_was_written(run, tmp_path, monkeypatch):
    monkeypatch.setattr(study_module, "run_study", _interrupting(7))
    code, _, err = run(["report", "--out", str(tmp_path), "--games", "10"])
    studies = len(study_module.study_names())
    assert code == 130
    first, last = err.splitlines()  # what the run expects, then how it ended
    assert first.startswith(f"simlab report: {studies} studies, {10 * studies} games")
    assert last == (f"simlab: interrupted after 7 of {10 * studies} games; "
                    f"0 of {studies} studies written")
    assert list(tmp_path.iterdir()) == []
