"""Components: counts from the rulebook, and validation errors naming file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from simlab.core.data import data_dir
from simlab.core.errors import DataError
from simlab.games.bad_doctor.components import (
    BONUSES,
    MALADIES,
    WILD,
    load_components,
    load_counts,
    load_patients,
    load_tiles,
)


def test_rulebook_counts():
    parts = load_components()
    assert len(parts.tiles) == 37
    assert len(parts.patients) == 22
    assert len(parts.starting) == 4
    assert all(sorted(sides) == ["A", "B"] for sides in parts.starting.values())
    assert parts.counts["complication_cubes"] == 15
    assert parts.counts["shift_tokens"] == 5
    assert parts.counts["doctor_markers"] * len(parts.doctors) == 80
    assert parts.doctors == ("Dr. A. Achoo", "Dr. Eror", "Dr. Paine", "Dr. Mal Practice")
    assert parts.markers_for_players == {2: 20, 3: 18, 4: 15}


def test_every_bonus_and_malady_is_on_some_tile():
    tiles = load_components().tiles.values()
    assert {t.bonus for t in tiles} - {""} == set(BONUSES)
    assert {e for t in tiles for e in t.ends} == set(MALADIES) | {WILD}
    wild = [t for t in tiles if t.is_wild]
    assert len(wild) >= 2
    removes = load_components().variation_removes
    assert len(removes) == 2 and all(load_components().tiles[t].is_wild for t in removes)


def test_data_files_say_reconstructed():
    for name in ("tiles.txt", "patients.txt"):
        assert "RECONSTRUCTED" in (data_dir("bad_doctor") / name).read_text()


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / "bad_doctor"
    shutil.copytree(data_dir("bad_doctor"), folder)
    return folder


def _break(path: Path, old: str, new: str) -> int:
    text = path.read_text()
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1))
    return line


def test_bad_malady_names_file_and_line(tmp_path):
    folder = _copy(tmp_path)
    line = _break(folder / "tiles.txt", "T18  red/green ", "T18  red/purple")
    with pytest.raises(DataError) as err:
        load_tiles(folder / "tiles.txt")
    assert err.value.file == str(folder / "tiles.txt")
    assert err.value.line == line
    assert "purple" in str(err.value) and f"tiles.txt:{line}:" in str(err.value)


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("T20  red/yellow          -", "T20  red/yellow          Heal All", "unknown bonus"),
        ("T21  red/blue", "T20  red/blue", "listed twice"),
        ("T05  green ", "X05  green ", "T<number>"),
        ("T30  green/yellow/blue   -", "T30  -", "expected: id"),
    ],
)
def test_tile_errors(tmp_path, old, new, words):
    folder = _copy(tmp_path)
    line = _break(folder / "tiles.txt", old, new)
    with pytest.raises(DataError, match=words) as err:
        load_tiles(folder / "tiles.txt")
    assert err.value.line == line


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("P03  -   red/blue             2", "P03  -   red/blue             two", "whole number"),
        ("P03  -   red/blue             2", "P03  -   red/blue             0", "at least 1"),
        ("S2   B", "S2   C", "side must be"),
        ("P04  -   green/yellow ", "P04  -   green/wild   ", "unknown malady"),
    ],
)
def test_patient_errors(tmp_path, old, new, words):
    folder = _copy(tmp_path)
    line = _break(folder / "patients.txt", old, new)
    with pytest.raises(DataError, match=words) as err:
        load_patients(folder / "patients.txt")
    assert err.value.line == line
    assert err.value.file.endswith("patients.txt")


def test_starting_patient_needs_both_sides(tmp_path):
    folder = _copy(tmp_path)
    line = _break(folder / "patients.txt", "S3   A", "S3   A")
    side_b = "S3   B   yellow/blue/green    2   Back Pain, Misdiagnosed\n"
    _break(folder / "patients.txt", side_b, "")
    with pytest.raises(DataError, match="side A and a side B") as err:
        load_patients(folder / "patients.txt")
    assert err.value.line == line


def test_count_errors_and_cross_checks(tmp_path):
    folder = _copy(tmp_path)
    line = _break(folder / "components.txt", "complication_cubes   15", "complication_cubes   lots")
    with pytest.raises(DataError, match="whole number") as err:
        load_counts(folder / "components.txt")
    assert err.value.line == line
    folder = _copy(tmp_path / "again")
    line = _break(folder / "components.txt", "variation_removes    T36 T37",
                  "variation_removes    T36 T01")
    with pytest.raises(DataError, match="not a wild tile") as err:
        load_components(folder)
    assert err.value.line == line
    folder = _copy(tmp_path / "third")
    _break(folder / "tiles.txt", "T37  wild                -\n", "")
    with pytest.raises(DataError, match="expected 37 Treatment Tiles"):
        load_components(folder)


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="cannot read"):
        load_tiles(tmp_path / "nope.txt")
