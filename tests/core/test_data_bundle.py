"""Component contents as a value for cluster workers (simlab.core.data_bundle)."""

from __future__ import annotations

import hashlib
from dataclasses import replace

import pytest

from simlab.core.data import data_dir, export_data
from simlab.core.data_bundle import (
    ShippedDigests,
    bundle_folder,
    check_shipped,
    shipped_digests,
    unpack,
)
from simlab.core.errors import ConfigError, DataError


def _data_lines_hash(folder):
    """content_hash written out again: names and data lines (no comments, no blanks)."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.txt")):
        digest.update(path.name.encode() + b"\0")
        for raw in path.read_bytes().splitlines():
            if raw.strip() and not raw.lstrip().startswith(b"#"):
                digest.update(raw + b"\n")
        digest.update(b"\0")
    return digest.hexdigest()[:16]


def test_a_bundle_holds_every_file_and_unpacks_to_the_same_contents(tmp_path):
    export_data("bedpans", tmp_path / "mine")
    bundle = bundle_folder(tmp_path / "mine")
    names = sorted(p.name for p in (tmp_path / "mine").glob("*.txt"))
    assert sorted(name for name, _ in bundle.files) == names
    assert bundle.digests == ((".", _data_lines_hash(tmp_path / "mine")),)
    folder = unpack(bundle, base=tmp_path / "worker")
    assert folder != tmp_path / "mine"
    for name in names:
        assert (folder / name).read_bytes() == (tmp_path / "mine" / name).read_bytes()
    assert unpack(bundle, base=tmp_path / "worker") == folder  # once per digest


def test_a_data_tree_travels_game_by_game(tmp_path):
    for game in ("bad_doctor", "bedpans"):
        export_data(game, tmp_path / "tree" / game)
    bundle = bundle_folder(tmp_path / "tree")
    assert [name for name, _ in bundle.digests] == ["bad_doctor", "bedpans"]
    assert dict(bundle.digests)["bedpans"] == _data_lines_hash(data_dir("bedpans"))
    folder = unpack(bundle, base=tmp_path / "w")
    assert (folder / "bedpans" / "tiles.txt").is_file()


def test_contents_that_do_not_give_their_digest_are_refused(tmp_path):
    bundle = bundle_folder(data_dir("bad_doctor"))
    name, content = bundle.files[0]
    changed = content.replace(b"37", b"38", 1)
    assert changed != content
    tampered = replace(bundle, files=((name, changed), *bundle.files[1:]))
    with pytest.raises(DataError, match=r"content hash .* refused"):
        unpack(tampered, base=tmp_path)
    assert not any((tmp_path / "simlab-components").iterdir())  # nothing half-written


def test_a_folder_without_component_files_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="no component files"):
        bundle_folder(tmp_path)
    with pytest.raises(ConfigError, match="not a folder"):
        bundle_folder(tmp_path / "nowhere")


def test_the_shipped_set_travels_as_digests_that_a_worker_checks():
    digests = shipped_digests()
    assert dict(digests.digests) == {game: _data_lines_hash(data_dir(game))
                                     for game in ("bad_doctor", "bedpans", "broom_service",
                                                  "hospital_rush")}
    check_shipped(digests)  # this process has the same set
    other = ShippedDigests((("bedpans", "0" * 16),))
    with pytest.raises(DataError, match="bedpans: this worker's shipped components"):
        check_shipped(other)
