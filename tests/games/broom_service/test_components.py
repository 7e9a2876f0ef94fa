"""Component counts and validation of the Broom Service data files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from simlab.core.data import data_dir
from simlab.core.errors import DataError
from simlab.games.broom_service.components import RULEBOOK_ROLES, load_components, load_from


def test_counts():
    c = load_components()
    assert len(c.clouds) == 24
    assert len(c.events) == 10 and "More or Less" in {e.name for e in c.events}
    assert tuple(r.name for r in c.roles) == RULEBOOK_ROLES
    # "60 playing cards (5 sets of 10 role cards)" and "10 event cards": 50 + 10
    assert len(c.roles) * len(c.colours) + len(c.events) == 60
    assert [r.kind for r in c.roles].count("gatherer") == 3
    assert [r.kind for r in c.roles].count("witch") == 3
    assert [r.kind for r in c.roles].count("druid") == 3
    assert [r.kind for r in c.roles].count("fairy") == 1
    assert len(c.castles) == 2
    assert {r.landscape for r in c.regions} == {"forest", "hill", "mountain"}
    for colour in ("orange", "green", "purple"):
        assert any(t.colour == colour and not t.square for t in c.towers)
    assert any(t.square for t in c.towers)
    assert len(c.cloud_spaces) <= 24
    assert c.lightning[0] == 0 and list(c.lightning) == sorted(c.lightning)


def test_reconstructed_files_say_so():
    folder = data_dir("broom_service")
    for name in ("regions.txt", "towers.txt", "borders.txt", "clouds.txt", "lightning.txt",
                 "events.txt", "colours.txt"):
        assert "RECONSTRUCTED" in (folder / name).read_text(), name


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "broom_service"
    shutil.copytree(data_dir("broom_service"), target)
    return target


def _break(folder: Path, name: str, old: str, new: str) -> int:
    path = folder / name
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith(old):
            lines[i] = line.replace(old, new, 1)
            path.write_text("\n".join(lines) + "\n")
            return i + 1
    raise AssertionError(f"{old!r} not in {name}")


@pytest.mark.parametrize(
    ("name", "old", "new", "words"),
    [
        ("regions.txt", "Goblin Hill | hill", "Goblin Hill | swamp", "landscape"),
        ("towers.txt", "T3 | Frostpeak | circular | purple", "T3 | Frostpeak | circular | pink",
         "colour"),
        ("towers.txt", "T4 | Elder Grove", "T4 | Nowhere", "unknown region"),
        ("borders.txt", "Frostpeak | Elder Grove | C2", "Frostpeak | Elder Grove | C1",
         "used twice"),
        ("clouds.txt", "5 | 1 | 1", "5 | x | 1", "whole number"),
        ("events.txt", "Heavy Skies | round | charm_cost", "Heavy Skies | round | rain",
         "effect"),
        ("roles.txt", "Weather Fairy", "Storm Fairy", "unknown role"),
        ("lightning.txt", "3 | 7", "3 | 7 | 9", "expected 2 fields"),
    ],
)
def test_bad_file_names_file_and_line(copy, name, old, new, words):
    line = _break(copy, name, old, new)
    with pytest.raises(DataError) as info:
        load_from(copy)
    message = str(info.value)
    assert f"{name}:{line}:" in message
    assert words in message
    assert info.value.line == line


def test_missing_card_names_file_and_key(copy):
    path = copy / "clouds.txt"
    path.write_text("\n".join(path.read_text().splitlines()[:-1]) + "\n")
    with pytest.raises(DataError, match=r"clouds.txt:\d+: expected 24 heavy clouds"):
        load_from(copy)


def test_missing_file(copy):
    (copy / "events.txt").unlink()
    with pytest.raises(DataError, match=r"events\.txt: cannot read file"):
        load_from(copy)
