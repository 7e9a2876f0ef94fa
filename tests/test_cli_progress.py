"""The progress bar of `simlab study` and `simlab report` (simlab.cli_study.Progress)."""

from __future__ import annotations

import io
import sys
from types import SimpleNamespace

from simlab.cli import main


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
    import pandas as pd
    from matplotlib.figure import Figure

    import simlab.core.study as study_module

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
