"""The catalog cache: what ``simlab games`` lists, kept as JSON in the user's cache folder.

Building the catalog imports every game and study module (networkx, pandas,
scipy, the component files): about 1.6 CPU seconds (docs/benchmarks.md,
``bench_cli_startup.py``), against 0.2 s for the whole command when it is read
from here.  So the first run builds it and writes it to
``$XDG_CACHE_HOME/simlab/`` (``~/.cache/simlab/`` when that is unset); later runs
read it.  Nothing of it is committed or shipped.

It is never stale: its file is keyed by :func:`source_key`, a hash of the
package version and of the content of every file the catalog is built from
(simlab's Python sources and the shipped component files), so any edit, checkout
or upgrade makes a new key and the next run builds anew.  It is never trusted
blindly either: a file that does not parse, holds another key or format, or
whose catalog does not match the checksum stored with it is ignored and
written again (:func:`load`).  A cache folder that cannot be written costs the
build on every run, and nothing else.

Examples
--------
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> built = []
>>> def build():
...     built.append(1)
...     return {"games": [], "studies": [{"study": "s", "game": "", "title": "S"}]}
>>> cached(build, folder=folder, key="k1") == cached(build, folder=folder, key="k1")
True
>>> len(built)  # built once, then read
1
>>> _ = cached(build, folder=folder, key="k2"); len(built)  # another key: built again
2
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

__all__ = ["FORMAT", "cache_dir", "cache_file", "cached", "load", "source_key", "sources",
           "store"]

#: The layout of a cache file; a change of it makes every older file a miss.
FORMAT = 1
#: Catalog files kept in the cache folder (several checkouts may share it).
KEEP = 8
_SKIP_DIRS = {"__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache"}


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """The folder of the cache: ``$XDG_CACHE_HOME/simlab``, else ``~/.cache/simlab``.

    ``environ``: the environment to read (None: this process's).  A relative
    ``XDG_CACHE_HOME`` is ignored, as the XDG specification says.

    Examples
    --------
    >>> str(cache_dir({"XDG_CACHE_HOME": "/tmp/xdg"}))
    '/tmp/xdg/simlab'
    >>> cache_dir({"XDG_CACHE_HOME": "relative"}) == cache_dir({})
    True
    """
    base = (os.environ if environ is None else environ).get("XDG_CACHE_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".cache"
    return root / "simlab"


def sources() -> list[Path]:
    """The folders the catalog is built from: the simlab package and the shipped
    component folders of its games."""
    import simlab
    from simlab.core.data import data_dir
    from simlab.games import GAMES

    return [Path(simlab.__file__).resolve().parent, *(data_dir(g) for g in sorted(GAMES))]


def _files(folder: Path) -> Iterable[Path]:
    """The files under ``folder`` the catalog can depend on, in a fixed order: Python
    sources in the package, every file in a component folder; no caches."""
    if not folder.is_dir():
        return []
    is_package = (folder / "__init__.py").is_file()
    found = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or (is_package and not name.endswith(".py")):
                continue
            found.append(Path(dirpath) / name)
    return found


def source_key(folders: Iterable[Path] | None = None, version: str | None = None) -> str:
    """A hash of ``version`` and of the content of every file under ``folders``.

    ``folders`` None: :func:`sources`; ``version`` None: ``simlab.__version__``.
    The names and the bytes count, not the times: touching a file keeps the key,
    changing one byte changes it.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "tiles.txt").write_text("A | 3\\n")
    >>> before = source_key([folder], "1.0")
    >>> before == source_key([folder], "1.0"), before == source_key([folder], "1.1")
    (True, False)
    >>> _ = (folder / "tiles.txt").write_text("A | 4\\n")
    >>> before == source_key([folder], "1.0")
    False
    """
    if version is None:
        from simlab import __version__ as version
    digest = hashlib.sha256(f"simlab catalog {FORMAT} {version}\0".encode())
    for folder in sources() if folders is None else folders:
        digest.update(f"{folder.name}\0".encode())
        for path in _files(folder):
            data = path.read_bytes()
            digest.update(f"{path.relative_to(folder).as_posix()}\0{len(data)}\0".encode())
            digest.update(data)
    return digest.hexdigest()


def cache_file(key: str, folder: Path | None = None) -> Path:
    """The file of the catalog of ``key`` in ``folder`` (None: :func:`cache_dir`)."""
    return (folder or cache_dir()) / f"catalog-{key[:24]}.json"


def _checksum(catalog: dict[str, Any]) -> str:
    text = json.dumps(catalog, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def _well_formed(catalog: Any) -> bool:
    """The shape :mod:`simlab.cli.catalog` reads: games and studies with their keys."""
    if not isinstance(catalog, dict) or set(catalog) != {"games", "studies"}:
        return False
    games, studies = catalog["games"], catalog["studies"]
    game_keys = {"game", "title", "players", "variants", "policies", "options", "components"}
    return (isinstance(games, list) and isinstance(studies, list)
            and all(isinstance(g, dict) and set(g) == game_keys for g in games)
            and all(isinstance(s, dict) and set(s) == {"study", "game", "title"}
                    for s in studies))


def load(key: str, folder: Path | None = None) -> dict[str, Any] | None:
    """The cached catalog of ``key``, or None: no file, or one not to trust (it does not
    parse, holds another format or key, or its catalog fails its checksum or shape).

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = store("k", {"games": [], "studies": []}, folder)
    >>> load("k", folder)
    {'games': [], 'studies': []}
    >>> _ = cache_file("k", folder).write_text('{"format": 1, "key": "k", "catal')
    >>> load("k", folder) is None
    True
    """
    try:
        with open(cache_file(key, folder), encoding="utf-8") as f:
            stored = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(stored, dict) or stored.get("format") != FORMAT or stored.get("key") != key:
        return None
    catalog = stored.get("catalog")
    if not _well_formed(catalog):
        return None
    assert isinstance(catalog, dict)
    return catalog if stored.get("checksum") == _checksum(catalog) else None


def store(key: str, catalog: dict[str, Any], folder: Path | None = None) -> Path | None:
    """Write ``catalog`` as the cache of ``key``, atomically; the file, or None when it
    cannot be written (the folder cannot be made or written, or the catalog does not
    come back from JSON as it is).  Keeps the :data:`KEEP` newest catalog files."""
    if json.loads(json.dumps(catalog)) != catalog or not _well_formed(catalog):
        return None  # a tuple would come back a list: listed otherwise than built
    target = cache_file(key, folder)
    text = json.dumps({"format": FORMAT, "key": key, "checksum": _checksum(catalog),
                       "catalog": catalog}, indent=1)
    tmp = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".catalog-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except OSError:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return None
    _prune(target.parent)
    return target


def _prune(folder: Path) -> None:
    """Remove all but the :data:`KEEP` most recently written catalog files."""
    with contextlib.suppress(OSError):
        files = sorted(folder.glob("catalog-*.json"), key=lambda p: p.stat().st_mtime,
                       reverse=True)
        for old in files[KEEP:]:
            old.unlink()


def cached(build: Callable[[], dict[str, Any]], *, folder: Path | None = None,
           key: str | None = None) -> dict[str, Any]:
    """The catalog of ``key`` from the cache, or ``build()`` stored there for next time.

    ``key`` None: :func:`source_key` (the sources as they are now); ``folder``
    None: :func:`cache_dir`.
    """
    key = source_key() if key is None else key
    catalog = load(key, folder)
    if catalog is None:
        catalog = build()
        store(key, catalog, folder)
    return catalog
