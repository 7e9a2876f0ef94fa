"""A plain (non-editable) install ships the component data and finds it."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation",
         "--quiet", "-w", str(out)],
        check=True, capture_output=True, text=True,
    )
    (path,) = out.glob("simlab-*.whl")
    return path


def test_wheel_holds_data_and_types(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "simlab/py.typed" in names
    data = {n for n in names if n.startswith("simlab/data/")}
    checkout = {f"simlab/data/{p.relative_to(ROOT / 'data')}"
                for p in (ROOT / "data").rglob("*") if p.is_file() and p.suffix != ".pyc"}
    assert checkout and checkout <= data


def test_installed_package_finds_its_data(wheel, tmp_path):
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target",
                    str(target), str(wheel)], check=True, capture_output=True, text=True)
    code = (
        "import simlab, simlab.core.data as d;"
        "p = d.data_dir('broom_service');"
        f"assert str(p).startswith({str(target)!r}), p;"
        "assert (p / 'regions.txt').is_file();"
        "print(simlab.play(simlab.load_game('broom_service', players=3), seed=1).outcome)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
                          check=False)
    assert done.returncode == 0, done.stderr
    assert "Outcome(winners=" in done.stdout


def test_installed_command_lists_the_games_and_caches_the_catalog(wheel, tmp_path):
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"simlab/cli/__init__.py", "simlab/cli/__main__.py", "simlab/cli/games.py",
            "simlab/cli/catalog_cache.py"} <= names
    assert not any("catalog_data" in n for n in names)  # built on first run, not shipped
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target",
                    str(target), str(wheel)], check=True, capture_output=True, text=True)
    env = {"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin",
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    outs = [subprocess.run([sys.executable, "-m", "simlab.cli", "games"], cwd=tmp_path,
                           capture_output=True, text=True, env=env, check=False)
            for _ in range(2)]  # the first builds and writes the cache, the second reads it
    assert [d.returncode for d in outs] == [0, 0], outs[0].stderr
    assert outs[0].stdout == outs[1].stdout and "broom_service    Broom Service" in outs[0].stdout
    assert len(list((tmp_path / "cache" / "simlab").glob("catalog-*.json"))) == 1
