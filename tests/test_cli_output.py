"""Output paths of `simlab study` and `simlab report`: checked before any game, written
atomically, and a clean Ctrl-C (simlab.cli_output, simlab.cli_study)."""

from __future__ import annotations

import pytest

import simlab.core.study
from simlab.cli import main
from simlab.cli_output import TABLE_SUFFIXES, check_file, write_atomically
from simlab.core.errors import ConfigError


def run(argv, capsys):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def no_study(monkeypatch):
    """run_study replaced by one that records that it was called."""
    calls = []

    def fake(*args, **kwargs):
        calls.append((args, kwargs))
        raise AssertionError("the study ran before its output path was checked")

    monkeypatch.setattr(simlab.core.study, "run_study", fake)
    return calls


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["study", "bedpans-movement", "--games", "1000", "--out", "/nonexistent/dir/x.csv"],
         "--out '/nonexistent/dir/x.csv': folder '/nonexistent/dir' does not exist"),
        (["study", "bedpans-movement", "--out", "/proc/x.csv"],
         "--out '/proc/x.csv': cannot write"),
        (["study", "bedpans-movement", "--games-out", "/nonexistent/rows.parquet"],
         "--games-out '/nonexistent/rows.parquet': folder"),
        (["study", "bedpans-movement", "--out", "/tmp"], "--out '/tmp': write a .csv"),
        (["study", "bedpans-movement", "--out", "same.csv", "--games-out", "./same.csv"],
         "--out and --games-out are the same file"),
        (["report", "--out", "/proc/nope"], "--out '/proc/nope': cannot make the folder"),
    ],
)
def test_unwritable_output_fails_before_the_study_runs(argv, message, no_study, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert no_study == [] and out == ""


def test_output_that_is_a_folder_or_under_a_file(tmp_path, no_study, capsys):
    (tmp_path / "x.csv").mkdir()
    code, _, err = run(["study", "bedpans-movement", "--out", str(tmp_path / "x.csv")], capsys)
    assert code == 2 and "is a folder" in err
    (tmp_path / "file").write_text("")
    code, _, err = run(["study", "bedpans-movement", "--out", str(tmp_path / "file" / "x.csv")],
                       capsys)
    assert code == 2 and "is not a folder" in err
    code, _, err = run(["report", "--out", str(tmp_path / "file")], capsys)
    assert code == 2 and "is a file, not a folder" in err
    assert no_study == []


def test_atomic_write_keeps_the_old_file_when_writing_fails(tmp_path):
    target = check_file(str(tmp_path / "t.csv"), "--out", TABLE_SUFFIXES)
    target.write_text("old\n")

    def half_then_fail(tmp):
        tmp.write_text("half a ta")
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_atomically(target, half_then_fail)
    assert target.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["t.csv"]  # no temporary file left


def test_atomic_write_replaces_whole_and_keeps_the_extension(tmp_path):
    target = tmp_path / "fig.png"
    seen = []
    write_atomically(target, lambda tmp: (seen.append(tmp), tmp.write_bytes(b"\x89PNG")))
    assert seen[0].suffix == ".png" and seen[0].parent == tmp_path and seen[0] != target
    assert target.read_bytes() == b"\x89PNG"
    assert target.stat().st_mode & 0o077 != 0  # not left private like a mkstemp file
    assert [p.name for p in tmp_path.iterdir()] == ["fig.png"]


def test_check_file_refuses_unknown_suffix():
    with pytest.raises(ConfigError, match=r"write a .csv, .parquet or .json file"):
        check_file("x.xlsx", "--out", TABLE_SUFFIXES)


def _interrupting(after):
    """A run_study that plays ``after`` games, then meets Ctrl-C."""

    def fake(study, *, progress, **kwargs):
        progress.update(after)
        raise KeyboardInterrupt

    return fake


def test_ctrl_c_ends_a_study_with_one_line_and_no_file(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(simlab.core.study, "run_study", _interrupting(30))
    out_file = tmp_path / "summary.csv"
    code, out, err = run(["study", "bedpans-movement", "--games", "100", "--out", str(out_file)],
                         capsys)
    assert code == 130
    assert err == "simlab: interrupted after 30 of 100 games; no file was written\n"
    assert out == "" and list(tmp_path.iterdir()) == []


def test_ctrl_c_ends_a_report_saying_what_was_written(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(simlab.core.study, "run_study", _interrupting(7))
    code, _, err = run(["report", "--out", str(tmp_path), "--games", "10"], capsys)
    studies = len(simlab.core.study.study_names())
    assert code == 130
    first, last = err.splitlines()  # what the run expects, then how it ended
    assert first.startswith(f"simlab report: {studies} studies, {10 * studies} games")
    assert last == (f"simlab: interrupted after 7 of {10 * studies} games; "
                    f"0 of {studies} studies written")
    assert list(tmp_path.iterdir()) == []
