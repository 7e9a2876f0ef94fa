"""Output paths of `simlab study` and `simlab report`: checked before any game,
written atomically (simlab.cli.output)."""

from __future__ import annotations

import pytest

import simlab.core.study
from simlab.cli.output import TABLE_SUFFIXES, check_file, write_atomically
from simlab.core.errors import ConfigError


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
def test_unwritable_output_fails_before_the_study_runs(run, argv, message, no_study):
    code, out, err = run(argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert no_study == [] and out == ""


def test_output_that_is_a_folder_or_under_a_file(run, tmp_path, no_study):
    (tmp_path / "x.csv").mkdir()
    code, _, err = run(["study", "bedpans-movement", "--out", str(tmp_path / "x.csv")])
    assert code == 2 and "is a folder" in err
    (tmp_path / "file").write_text("")
    code, _, err = run(["study", "bedpans-movement", "--out", str(tmp_path / "file" / "x.csv")])
    assert code == 2 and "is not a folder" in err
    code, _, err = run(["report", "--out", str(tmp_path / "file")])
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
