"""``simlab tune``: bad input is one line and exit 2 before any game; Ctrl-C loses nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from simlab.cli import main
from simlab.cli.tune import OBJECTIVES


@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if any game is played."""
    import simlab.lab.games

    def refuse(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(simlab.lab.games, "play_games", refuse)


def space_file(tmp_path, text):
    path = tmp_path / "space.toml"
    path.write_text(text)
    return str(path)


BASE = ["tune", "bad_doctor", "--objective", "seat-balance", "--trials", "1"]


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ('game = "bad_doctor"\n[options]\ngoal = {low = 6, high = 9}\nclever = [1, 2]\n',
         r"space.toml:4: bad_doctor has no option 'clever'; options: two_fewer_wilds"),
        ('game = "bad_doctor"\n\n[options]\nextra_cube_spaces = [0, 5]\n',
         r"space.toml:4: option 'extra_cube_spaces' takes one of 0, 1, 2, 3, -1, not 5"),
        ('game = "bad_doctor"\n[options]\nmax_tile_ends = {low = 1, high = 4}\n',
         r"space.toml:3: option 'max_tile_ends' takes one of 3, 2, 1, not 4"),
        ('game = "bad_doctor"\n[options]\ngoal = {low = 6, high = 9\n',
         r"space.toml:3: not a TOML space file"),
        ('game = "bad_doctor"\n[components.cubes]\nfile = "components.txt"\n'
         'row = "complication_cube"\nfield = 2\nlow = 1\nhigh = 3\n',
         r"space.toml:2: component knob 'cubes': components.txt has no line starting with "
         r"'complication_cube'"),
        ('game = "bad_doctor"\n[components.doctors]\nfile = "components.txt"\n'
         'row = "doctor_boards"\nfield = 2\nlow = 2\nhigh = 4\n',
         r"space.toml:2: doctors=2 is refused: .*components.txt"),
        ('game = "bad_doctor"\n[options]\ngoal = {low = 9, high = 12}\n',
         r"space.toml:3: option 'goal': the range 9..12 leaves out the rulebook's 8"),
    ],
)
def test_a_bad_space_file_is_one_line_and_exit_2(run, text, wanted, tmp_path, no_games):
    import re

    path = space_file(tmp_path, text)
    code, _, err = run([*BASE, "--space", path, "--out", str(tmp_path / "o")])
    assert code == 2, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert re.search(wanted, err), err
    assert not (tmp_path / "o" / "tune.db").exists()  # nothing written either


def test_an_unreadable_space_file_is_named(run, tmp_path, no_games):
    code, _, err = run([*BASE, "--space", str(tmp_path / "none.toml")])
    assert code == 2 and "cannot read space file" in err and "none.toml" in err
    binary = tmp_path / "bin.toml"
    binary.write_bytes(b"\xff\xfe\x00game")
    code, _, err = run([*BASE, "--space", str(binary)])
    assert code == 2 and "bin.toml" in err and err.count("\n") == 1


def test_the_component_refused_names_the_rulebook(run, tmp_path, no_games):
    path = space_file(tmp_path, 'game = "bedpans"\n[components.doors]\n'
                                'file = "components.txt"\nrow = "Door-markers"\nfield = 2\n'
                                'low = 6\nhigh = 10\n')
    code, _, err = run(["tune", "bedpans", "--objective", "side-balance", "--space", path,
                        "--out", str(tmp_path / "o")])
    assert code == 2
    assert "space.toml:2: doors=6 is refused: components.txt:2: Door-markers: the rulebook " \
           "has 8, found 6" in err


@pytest.mark.parametrize("url", ["nosuchdb://x/y", "sqlite:////no/such/folder/at/all/t.db"])
def test_a_storage_that_cannot_be_opened(run, url, tmp_path, no_games):
    code, _, err = run([*BASE, "--storage", url, "--out", str(tmp_path)])
    assert code == 2 and err.startswith(f"simlab: error: cannot open storage {url!r}"), err
    assert err.count("\n") == 1


def test_other_bad_input(run, tmp_path, no_games):
    code, _, err = run(["tune", "bad_doctor", "--objective", "side-balance"])
    assert code == 2 and "bad_doctor has no sides" in err
    code, _, err = run(["tune", "bad_doctor", "--objective", "length", "--out", str(tmp_path)])
    assert code == 2 and "needs --target" in err
    code, _, err = run([*BASE, "--cheap", "clever", "--out", str(tmp_path)])
    assert code == 2 and "no policy 'clever'" in err
    code, _, err = run([*BASE, "--scheduler", "tcp://127.0.0.1:9", "--out", str(tmp_path)])
    assert code == 2 and "cannot reach the dask scheduler" in err and err.count("\n") == 1


def test_objectives_are_the_scorings():
    from simlab.lab.scoring import OBJECTIVES as SCORED

    assert OBJECTIVES == SCORED


def _trials(db):
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.load_study(study_name="bad_doctor-seat-balance", storage=f"sqlite:///{db}")
    return {t.number: t for t in study.get_trials()}


def _sigint_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_then_resume_loses_and_repeats_nothing(tmp_path):
    out = tmp_path / "run"
    command = [sys.executable, "-m", "simlab.cli", "tune", "bad_doctor", "--objective",
               "seat-balance", "--trials", "40", "--blocks", "3", "--block-games", "60",
               "--promote", "0", "--validate", "0", "--players", "3", "--out", str(out)]
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    # a shell's background job inherits SIGINT ignored, and Python then keeps it ignored:
    # the run would finish instead of stopping (exit 0), so the child gets the default back
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env, cwd=Path(__file__).parents[1],
                               preexec_fn=_sigint_default)
    finished = 0
    deadline = time.monotonic() + 240
    while finished < 3 and time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        finished += line.startswith("trial ") and " complete" in line
    assert finished == 3, process.stderr.read()
    while time.monotonic() < deadline:  # into a trial's games: all its values drawn
        assert process.poll() is None, "the run ended before a trial could be cut short"
        running = [t for t in _trials(out / "tune.db").values() if t.state.name == "RUNNING"]
        if running and len(running[0].params) == 8:
            break
        time.sleep(0.02)
    else:
        pytest.fail("no trial was seen playing its games before the deadline")
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert "interrupted; every finished trial is kept" in err and "Traceback" not in err

    before = _trials(out / "tune.db")
    kept = {n: (t.params, t.values) for n, t in before.items() if t.state.name == "COMPLETE"}
    knobs = set(next(iter(before.values())).params)
    cut = [t for t in before.values() if t.state.name == "FAIL" and set(t.params) == knobs]
    assert len(kept) >= 3 and len(cut) == 1
    total = len(kept) + 2
    resumed = subprocess.run([*command[:8], str(total), *command[9:]], capture_output=True,
                             text=True, env=env, cwd=Path(__file__).parents[1], timeout=300)
    assert resumed.returncode == 0, resumed.stderr

    after = _trials(out / "tune.db")
    finished_after = [t for t in after.values() if t.state.name in ("COMPLETE", "PRUNED")
                      and "same_as" not in t.user_attrs.get("score", {})]
    assert len(finished_after) == total  # the finished ones count: none played again
    for number, (params, values) in kept.items():
        assert after[number].params == params and after[number].values == values
    # a trial cut short is tried again with its values, once
    retries = [t for t in after.values() if "retry_of" in t.user_attrs]
    assert sorted(t.user_attrs["retry_of"] for t in retries) == sorted(t.number for t in cut)
    for t in retries:
        assert t.params == after[t.user_attrs["retry_of"]].params
    assert (out / "trials.csv").read_text().count("\n") == len(after) + 1


def test_a_dask_scheduler_gives_the_numbers_of_a_local_run(tmp_path, capsys):
    distributed = pytest.importorskip("distributed")
    import pandas as pd

    argv = ["tune", "bad_doctor", "--objective", "seat-balance", "--players", "2",
            "--trials", "3", "--blocks", "2", "--block-games", "10", "--promote", "0",
            "--validate", "0", "--seed", "5", "-q"]
    assert main([*argv, "--out", str(tmp_path / "local")]) == 0
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert main([*argv, "--out", str(tmp_path / "dask"), "--scheduler",
                     cluster.scheduler_address]) == 0
    capsys.readouterr()
    local = pd.read_csv(tmp_path / "local" / "trials.csv")
    remote = pd.read_csv(tmp_path / "dask" / "trials.csv")
    pd.testing.assert_frame_equal(local, remote)
    assert local.imbalance.notna().all()
