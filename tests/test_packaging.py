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
