"""Component counts and validation of the Bedpans & Broomsticks data files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from simlab.core.data import data_dir
from simlab.core.errors import DataError
from simlab.games.bedpans.components import load_components, read_stuff, read_tiles


def test_counts():
    c = load_components()
    kinds = [t.kind for t in c.tiles]
    assert len(c.tiles) == 21
    assert kinds.count("start") == 1 and kinds.count("elevator") == 4 and kinds.count("exit") == 3
    assert sum(t.exit_sign for t in c.tiles) >= 7
    assert c.tile("S").beds == ("R", "B", "Y", "G")
    assert any(t.beds == ("R", "B", "Y") for t in c.tiles if t.kind == "room")
    assert any(t.beds == ("R", "B") for t in c.tiles if t.kind == "room")
    assert sum(t.stations("N") for t in c.tiles) >= 5
    assert sum(t.stations("D") for t in c.tiles) >= 1
    assert sum(k.count for k in c.stuff) == 48
    named = {k.name: k.count for k in c.stuff}
    assert named["Head Nurse"] == 1 and named["Steroids!"] == 1 and named["Laughing Gas"] == 2
    assert sum(v for k, v in named.items() if k != "Puddle") == 40  # the rulebook's 40
    assert c.counts == {"Door-markers": 8, "Nurses": 5, "Doctor": 1, "white dice": 2,
                        "red dice": 1, "Resident colours": 4}


def test_elevator_pairs_match():
    c = load_components()
    pairs: dict[str, list] = {}
    for t in c.tiles:
        if t.kind == "elevator":
            pairs.setdefault(t.pair, []).append(t)
    assert sorted(pairs) == ["1", "2"]
    for a, b in pairs.values():
        assert [f in "ES" for f in a.features] == [f in "ES" for f in b.features]
        corners = [a.features[i] for i in (0, 2, 6, 8)]
        assert corners.count("S") == 1


def test_reconstructed_files_say_so():
    folder = data_dir("bedpans")
    assert "RECONSTRUCTED" in (folder / "tiles.txt").read_text()
    assert "RECONSTRUCTED" in (folder / "stuff.txt").read_text()


def _copy_with(tmp_path: Path, old: str, new: str, name: str = "tiles.txt") -> Path:
    for f in data_dir("bedpans").iterdir():
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / name).read_text()
    assert old in text
    (tmp_path / name).write_text(text.replace(old, new, 1))
    return tmp_path / name


def _line_of(path: Path, text: str) -> int:
    return path.read_text().splitlines().index(text) + 1


def test_bad_space_letter_names_file_and_line(tmp_path):
    path = _copy_with(tmp_path, "|R . B|\n+ +-+ +", "|R Q B|\n+ +-+ +")
    with pytest.raises(DataError) as err:
        read_tiles(path)
    assert err.value.file == "tiles.txt"
    assert err.value.line == _line_of(path, "|R Q B|")
    assert "T01" in str(err.value) and "'Q'" in str(err.value)


def test_short_art_line(tmp_path):
    path = _copy_with(tmp_path, "tile T13\n+-+o+-+\n|. . .|", "tile T13\n+-+o+-+\n|. .|")
    with pytest.raises(DataError, match=r"tiles.txt:\d+: tile T13: art lines are 7"):
        read_tiles(path)


def test_bad_edge_letter(tmp_path):
    path = _copy_with(tmp_path, "tile T05 exit-sign\n+-+o+-+", "tile T05 exit-sign\n+-+x+-+")
    with pytest.raises(DataError, match="bad edge 'x'") as err:
        read_tiles(path)
    assert err.value.line == _line_of(path, "tile T05 exit-sign") + 1


def test_set_rules_are_checked(tmp_path):
    path = _copy_with(tmp_path, "tile T09 exit-sign", "tile T09")
    path2 = tmp_path / "tiles.txt"
    text = path2.read_text().replace("tile T08 exit-sign", "tile T08")
    path2.write_text(text)
    with pytest.raises(DataError, match="with start tile S, only 5 tiles of the stack show an "
                       "Exit sign: the Exit-sign sequence needs 7"):
        read_tiles(path)
    # the 2-player start tile T04 carrying one of exactly 7 Exit signs: starting on it,
    # the 7th sign (and the 3rd Exit) could never come (issue 13)
    path = _copy_with(tmp_path, "tile T10 exit-sign", "tile T10")
    text = path.read_text().replace("tile T04\n", "tile T04 exit-sign\n")
    path.write_text(text)
    with pytest.raises(DataError, match="with start tile T04, only 6 tiles") as err:
        read_tiles(path)
    assert err.value.line == _line_of(path, "tile T04 exit-sign")
    path = _copy_with(tmp_path, "tile T13", "tile T12")
    with pytest.raises(DataError, match="tile T12 is defined twice"):
        read_tiles(path)
    path = _copy_with(tmp_path, "tile X2 exit\n+-+-+-+\n|. X .|", "tile X2 exit\n+-+o+-+\n|. X .|")
    with pytest.raises(DataError, match="Exit space's outer edge must be a wall"):
        read_tiles(path)


def test_bad_stuff_file(tmp_path):
    path = _copy_with(tmp_path, "Walker | 2 | P", "Walker | 2 | Q", name="stuff.txt")
    with pytest.raises(DataError, match="duration of 'Walker'") as err:
        read_stuff(path)
    assert err.value.line == _line_of(path, "Walker | 2 | Q | residents")
