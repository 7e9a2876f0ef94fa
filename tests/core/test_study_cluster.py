"""A study on a dask cluster from an address (simlab.core.study.executors)."""

from __future__ import annotations

import concurrent.futures as cf
import os
import re
import shutil
import subprocess
import sys
import time

import pytest

import simlab
from simlab.cli import main
from simlab.core.data import export_data
from simlab.core.errors import ConfigError
from simlab.core.study.executors import scheduler_address, scheduler_executor

distributed = pytest.importorskip("distributed")


class _FolderGone(cf.Executor):
    """The cluster's executor; the data folder is deleted before the first task is sent."""

    def __init__(self, inner: cf.Executor, folder) -> None:
        self.inner, self.folder = inner, folder

    def submit(self, fn, /, *args, **kwargs):
        if self.folder.exists():
            shutil.rmtree(self.folder)
        return self.inner.submit(fn, *args, **kwargs)


def _roomier(folder) -> None:
    """Components of our own: every patient's first number one higher (more room)."""
    path = folder / "patients.txt"
    path.write_text(re.sub(r"^(\S+\s+\S+\s+\S+\s+)(\d)", lambda m: m[1] + str(int(m[2]) + 1),
                           path.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")


def test_a_cluster_without_the_data_folder_gives_the_numbers_of_one_process(tmp_path, capsys):
    folder = tmp_path / "mine"
    export_data("bad_doctor", folder)
    _roomier(folder)
    command = ["study", "bad-doctor-seats", "--games", "200", "--seed", "5", "--param",
               "players=3", "--data", str(tmp_path / "copy"), "--json", "--quiet"]
    shutil.copytree(folder, tmp_path / "copy")
    assert main(command) == 0
    printed_alone = capsys.readouterr().out
    kwargs = dict(games=200, seed=5, players=("3",))
    alone = simlab.run_study("bad-doctor-seats", jobs=1, data=folder, **kwargs)
    shipped = simlab.run_study("bad-doctor-seats", jobs=1, **kwargs)
    assert not alone.games.equals(shipped.games)  # the folder's components make a difference
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, local_directory=str(tmp_path / "dask"),
                                  ) as cluster, distributed.Client(cluster) as client:
        elsewhere = tmp_path / "worker-cwd"  # the workers run in a working directory of their own
        elsewhere.mkdir()
        client.run(os.chdir, str(elsewhere))
        cwds = client.run(os.getcwd)
        assert set(cwds.values()) == {str(elsewhere)}
        on_cluster = simlab.run_study("bad-doctor-seats", data=folder,
                                      executor=_FolderGone(client.get_executor(), folder),
                                      **kwargs)
        # the shipped set travels as its digests, checked against each worker's own
        on_shipped = simlab.run_study("bad-doctor-seats", executor=client.get_executor(),
                                      **kwargs)
        assert on_shipped.games.equals(shipped.games)
        # the command line: --scheduler ADDR, the same numbers as one process
        assert main([*command, "--scheduler", cluster.scheduler_address]) == 0
        assert capsys.readouterr().out == printed_alone
    assert not folder.exists()
    assert on_cluster.games.equals(alone.games)
    assert on_cluster.summary.equals(alone.summary)


def test_an_unreachable_scheduler_is_one_config_error_within_seconds():
    started = time.monotonic()
    with (pytest.raises(ConfigError, match=r"--scheduler 'tcp://127\.0\.0\.1:9': no dask"),
          scheduler_executor("tcp://127.0.0.1:9", timeout=1.0)):
        pass
    assert time.monotonic() - started < 10


def test_the_address_comes_from_the_option_then_the_environment(monkeypatch):
    monkeypatch.setenv("SIMLAB_SCHEDULER", "tcp://127.0.0.1:8786")
    assert scheduler_address(None) == "tcp://127.0.0.1:8786"
    assert scheduler_address("tcp://other:1") == "tcp://other:1"
    monkeypatch.delenv("SIMLAB_SCHEDULER")
    assert scheduler_address(None) is None


def test_the_command_with_an_unreachable_scheduler_says_one_line_and_exits_2(capsys, tmp_path):
    started = time.monotonic()
    out = tmp_path / "results"
    assert main(["report", "--out", str(out), "--scheduler", "tcp://127.0.0.1:9"]) == 2
    assert not out.exists()  # nothing made
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("simlab: error: --scheduler 'tcp://127.0.0.1:9': no dask")
    assert time.monotonic() - started < 20


def test_simlab_scheduler_in_the_environment_is_used_and_refused_in_one_line():
    """The real command, as a shell runs it: exit 2, one line, no traceback, no hang."""
    env = {**os.environ, "SIMLAB_SCHEDULER": "tcp://127.0.0.1:9"}
    done = subprocess.run([sys.executable, "-m", "simlab.cli", "study", "bedpans-movement",
                           "--games", "100"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "no dask scheduler answers" in lines[0], done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
