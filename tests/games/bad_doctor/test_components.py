"""Components: counts from the rulebook, and validation errors naming file and line."""

from __future__ import annotations

import pytest

from simlab.core.data import data_dir
from simlab.core.errors import DataError
from simlab.games.bad_doctor.components import (
    BONUSES,
    MALADIES,
    WILD,
    load_components,
    load_patients,
    load_tiles,
)
from tests.helpers.data_folders import break_line, copy_data


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


def test_starting_patient_needs_both_sides(tmp_path):
    folder = copy_data(tmp_path, "bad_doctor")
    line = break_line(folder / "patients.txt", "S3   A", "S3   A")
    side_b = "S3   B   yellow/blue/green    2   Back Pain, Misdiagnosed\n"
    break_line(folder / "patients.txt", side_b, "")
    with pytest.raises(DataError, match="side A and a side B") as err:
        load_patients(folder / "patients.txt")
    assert err.value.line == line


def test_missing_file(tmp_path):
    with pytest.raises(DataError, match="cannot read"):
        load_tiles(tmp_path / "nope.txt")
