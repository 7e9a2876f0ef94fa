"""The notebooks: one per game and per study, outputs stored, and nbval really compares them."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SANITIZE = Path(__file__).with_name("sanitize.cfg")


def _nbval(path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", str(path),
         "--nbval-current-env", "--nbval-sanitize-with", str(SANITIZE), "--rootdir",
         str(path.parent)],
        capture_output=True, text=True, env=env, cwd=path.parent, timeout=300,
    )


def test_a_notebook_per_game_and_per_study() -> None:
    # in a fresh interpreter: tests register games and studies of their own
    listed = subprocess.run(
        [sys.executable, "-c", "import json, simlab; "
         "print(json.dumps([simlab.game_names(), simlab.study_names()]))"],
        capture_output=True, text=True, check=True, cwd=ROOT, timeout=120,
    ).stdout.splitlines()
    games, studies = json.loads(listed[-1])
    names = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert {"00-tour.ipynb", "components-compare.ipynb", "tune.ipynb"} <= names
    assert {f"{g}-stepper.ipynb" for g in games} <= names
    assert {f"study-{s}.ipynb" for s in studies} <= names
    assert len(names) == 3 + len(games) + len(studies)


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_outputs_are_stored_and_error_free(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(c.outputs for c in code), "every code cell has a stored output"
    assert not [o for c in code for o in c.outputs if o.output_type == "error"]
    assert any(c.cell_type == "markdown" for c in nb.cells), "prose explains the notebook"
    marked = [c for c in code if "NBVAL_IGNORE_OUTPUT" in c.source or "NBVAL_SKIP" in c.source]
    assert not marked, "no output left out of the comparison"


def _altered_copy(tmp_path: Path) -> tuple[Path, str, str]:
    """A copy of a study notebook with one stored number of its check line changed."""
    source = NOTEBOOKS / "study-bedpans-movement.ipynb"
    nb = nbformat.read(source, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.source.startswith("summary = result.summary"):
            output = cell.outputs[0]
            number = re.search(r"sum to (\d+\.\d+)", output.text)
            assert number is not None
            old = number.group(1)
            new = old[:-1] + str((int(old[-1]) + 1) % 10)
            output.text = output.text.replace(old, new, 1)
            target = tmp_path / source.name
            nbformat.write(nb, target)
            return target, old, new
    raise AssertionError("no check line of the stored numbers in the study notebook")


def test_a_study_notebook_shows_one_panel_and_no_stale_copy() -> None:
    # the summary and figure are the panel's, which follow Run; no cell draws them again
    from tests.notebooks.build_notebooks import study_notebook

    for name in ("bedpans-movement", "bedpans-variants", "broom-service-scores"):
        code = [text for kind, text in study_notebook(name) if kind == "code"]
        assert sum("StudyPanel(" in text for text in code) == 1
        assert not [t for t in code if "result.plot()" in t or t.strip() == "result.summary"]
        extras = [t for t in code if "StudyPanel(" not in t and "summary = result" not in t]
        assert all("panel.result" in t for t in extras), extras


@pytest.mark.slow
def test_nbval_fails_when_a_stored_number_changes(tmp_path: Path) -> None:
    intact = tmp_path / "intact"
    intact.mkdir()
    (intact / "study-bedpans-movement.ipynb").write_bytes(
        (NOTEBOOKS / "study-bedpans-movement.ipynb").read_bytes())
    passed = _nbval(intact / "study-bedpans-movement.ipynb")
    assert passed.returncode == 0, passed.stdout[-2000:]

    altered, old, new = _altered_copy(tmp_path)
    failed = _nbval(altered)
    assert failed.returncode == 1, failed.stdout[-2000:]
    assert "1 failed" in failed.stdout
    assert old in failed.stdout and new in failed.stdout
