"""The catalog cache (simlab.cli.catalog_cache): what a fresh build gives, rebuilt when
stale or corrupt, and the commands the same with it, without it, and on the run that
writes it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from simlab.cli.catalog import build_catalog, stored_catalog
from simlab.cli.catalog_cache import (
    FORMAT,
    KEEP,
    cache_dir,
    cache_file,
    cached,
    load,
    source_key,
    store,
)
from simlab.core.data import data_dir


@pytest.fixture(scope="module")
def fresh():
    """The catalog built now from the games (no cache involved)."""
    return build_catalog()


def _counting(catalog):
    calls = []

    def build():
        calls.append(1)
        return catalog

    return build, calls


def test_the_cache_holds_what_a_fresh_build_gives(fresh):
    listed = stored_catalog()  # the tests' cache folder (tests/cli/conftest.py)
    assert listed == fresh
    path = cache_file(source_key())
    assert path.parent == cache_dir() and path.is_file()
    stored = json.loads(path.read_text())
    assert stored["format"] == FORMAT and stored["key"] == source_key()
    assert stored["catalog"] == fresh


def test_a_second_read_does_not_build(tmp_path, fresh):
    build, calls = _counting(fresh)
    assert cached(build, folder=tmp_path, key="k") == fresh
    assert cached(build, folder=tmp_path, key="k") == fresh
    assert calls == [1]


def _corrupt(fresh, key):
    """Files a cache must not trust, each with what is wrong with it."""
    good = json.loads(json.dumps({"format": FORMAT, "key": key, "catalog": fresh}))
    from simlab.cli.catalog_cache import _checksum

    good["checksum"] = _checksum(fresh)
    edited = json.loads(json.dumps(good))
    edited["catalog"]["games"][0]["title"] = "Not This Game"  # checksum left as it was
    reshaped = {**good, "catalog": {"games": "all"}}
    reshaped["checksum"] = _checksum(reshaped["catalog"])  # a checksum that fits, bad shape
    text = json.dumps(good)
    return {
        "truncated": text[: len(text) // 2],
        "not JSON": "\x00\x01garbage",
        "a list": "[]",
        "edited catalog": json.dumps(edited),
        "bad shape": json.dumps(reshaped),
        "another key": json.dumps({**good, "key": "another"}),
        "another format": json.dumps({**good, "format": FORMAT + 1}),
        "no checksum": json.dumps({k: v for k, v in good.items() if k != "checksum"}),
    }


@pytest.mark.parametrize("kind", ["truncated", "not JSON", "a list", "edited catalog",
                                  "bad shape", "another key", "another format", "no checksum"])
def test_a_corrupt_cache_is_rebuilt_not_trusted(kind, tmp_path, fresh):
    path = cache_file("k", tmp_path)
    path.write_text(_corrupt(fresh, "k")[kind])
    assert load("k", tmp_path) is None
    build, calls = _counting(fresh)
    assert cached(build, folder=tmp_path, key="k") == fresh
    assert calls == [1]
    assert load("k", tmp_path) == fresh  # written again, whole


def test_a_stale_cache_is_not_read_after_a_component_file_changes(tmp_path, fresh):
    folder = tmp_path / "bad_doctor"
    shutil.copytree(data_dir("bad_doctor"), folder)
    key = source_key([folder], "0.1.0")
    store(key, {"games": [], "studies": []}, tmp_path)  # what the old sources listed
    touched = folder / "components.txt"
    os.utime(touched, (time.time() + 60, time.time() + 60))
    assert source_key([folder], "0.1.0") == key  # a new time alone: same contents, same key
    text = touched.read_text()
    digit = next(i for i, c in enumerate(text) if c.isdigit() and not text[:i].endswith("#"))
    edited = text[:digit] + str((int(text[digit]) + 1) % 10) + text[digit + 1:]
    touched.write_text(edited)  # one number changed, the size kept
    assert len(edited) == len(text)
    new_key = source_key([folder], "0.1.0")
    assert new_key != key
    build, calls = _counting(fresh)
    assert cached(build, folder=tmp_path, key=new_key) == fresh and calls == [1]
    assert source_key([folder], "0.2.0") != new_key  # an upgrade: a new key too


def test_the_key_covers_the_package_and_every_shipped_component_folder():
    from simlab.cli.catalog_cache import _files, sources

    folders = sources()
    files = [p for folder in folders for p in _files(folder)]
    assert any(p.name == "catalog.py" and p.parent.name == "cli" for p in files)
    for game in ("bad_doctor", "bedpans", "broom_service", "hospital_rush"):
        shipped = sorted(data_dir(game).glob("*.txt"))
        assert shipped and set(shipped) <= set(files)
    assert not any("__pycache__" in p.parts for p in files)


def test_a_cache_folder_that_cannot_be_written_costs_only_the_build(tmp_path, fresh):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    build, calls = _counting(fresh)
    assert cached(build, folder=blocker / "simlab", key="k") == fresh
    assert cached(build, folder=blocker / "simlab", key="k") == fresh
    assert calls == [1, 1]


def test_a_catalog_json_would_change_is_not_stored(tmp_path):
    with_tuple = {"games": [{"game": "g", "title": "G", "players": (2, 4), "variants": [],
                             "policies": [], "options": [], "components": {}}],
                  "studies": []}
    assert store("k", with_tuple, tmp_path) is None
    assert not list(tmp_path.iterdir())


def test_old_catalog_files_are_pruned(tmp_path):
    for i in range(KEEP + 3):
        path = store(f"key{i:02d}", {"games": [], "studies": []}, tmp_path)
        assert path is not None
        os.utime(path, (1_000_000 + i, 1_000_000 + i))
    store("latest", {"games": [], "studies": []}, tmp_path)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert len(left) == KEEP and cache_file("latest", tmp_path).name in left
    assert cache_file("key00", tmp_path).name not in left  # the oldest went first


_SESSION = """
import contextlib, io, json, sys
from simlab.cli import main
runs = []
for argv in json.loads(sys.argv[1]):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    runs.append([code, out.getvalue(), err.getvalue()])
# a game's package __init__ is only its table (imported by import simlab): count its modules
games = sorted(m for m in sys.modules if m.startswith("simlab.games.") and m.count(".") > 2)
print(json.dumps({"runs": runs, "games": games}))
"""

#: The commands that read the catalog, one process each state.
_COMMANDS = [["games"], ["games", "--json"], ["info", "bedpans"], ["info", "hospital_rush",
             "--json"], ["info", "nope"], ["--help"]]


def _session(cache: str) -> dict:
    done = subprocess.run([sys.executable, "-c", _SESSION, json.dumps(_COMMANDS)],
                          env={**os.environ, "XDG_CACHE_HOME": cache}, capture_output=True,
                          text=True, check=True)
    return json.loads(done.stdout)


def test_commands_are_the_same_with_and_without_the_cache(tmp_path):
    (tmp_path / "a-file").write_text("")
    cold = _session(str(tmp_path / "xdg"))  # the first run: builds, then writes the cache
    assert list((tmp_path / "xdg" / "simlab").glob("catalog-*.json"))
    warm = _session(str(tmp_path / "xdg"))  # reads it
    none = _session(str(tmp_path / "a-file" / "xdg"))  # cannot write one: builds each run
    assert warm["runs"] == cold["runs"] == none["runs"]
    codes = [code for code, _, _ in warm["runs"]]
    assert codes == [0, 0, 0, 0, 2, 0]
    assert warm["runs"][4][2] == ("simlab: error: unknown game 'nope'; games: bad_doctor, "
                                  "bedpans, broom_service, hospital_rush\n")
    assert warm["games"] == []  # the cache read: no module of a game imported
    assert cold["games"] and none["games"]  # built: every game imported
