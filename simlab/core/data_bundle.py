"""A component folder as a value that travels to cluster workers, checked by its digest.

A study's ``data`` names a folder on this machine; a worker of a cluster may have no
such folder (no shared file system).  :func:`bundle_folder` reads the folder's
component files (every ``*.txt``, and those of its ``<game>/`` folders when it is a
whole ``data/`` tree) into a :class:`ComponentBundle` with the
:func:`~simlab.core.data.content_hash` of each folder; the task carries the bundle,
and :func:`unpack` on the worker writes it into a folder of its own temporary
directory (once per digest) and checks every folder's hash against the one taken
here.  A bundle whose files do not give its digests is refused with a
:class:`~simlab.core.errors.DataError`: the worker never plays on other components
than the ones the study was started with.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> from simlab.core.data import content_hash, data_dir
>>> bundle = bundle_folder(data_dir("bad_doctor"))
>>> bundle.digests[0] == (".", content_hash(data_dir("bad_doctor")))
True
>>> folder = unpack(bundle)
>>> content_hash(folder) == content_hash(data_dir("bad_doctor"))
True
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from simlab.core.data import content_hash, data_dir
from simlab.core.errors import ConfigError, DataError

__all__ = ["ComponentBundle", "ShippedDigests", "bundle_folder", "check_shipped",
           "shipped_digests", "unpack"]


@dataclass(frozen=True)
class ComponentBundle:
    """The component files of a folder, with the content hash of each folder in it.

    Attributes
    ----------
    files : tuple of (str, bytes)
        Path relative to the folder (``tiles.txt``, ``bedpans/tiles.txt``) and content.
    digests : tuple of (str, str)
        Each folder holding component files (``.`` for the folder itself) and its
        :func:`~simlab.core.data.content_hash`.
    source : str
        The folder it was read from (for messages; never opened on a worker).
    """

    files: tuple[tuple[str, bytes], ...]
    digests: tuple[tuple[str, str], ...]
    source: str

    @property
    def digest(self) -> str:
        """One digest of the whole bundle: the folders' hashes together (16 hex digits)."""
        text = "".join(f"{name}\0{value}\0" for name, value in self.digests)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def bundle_folder(folder: str | os.PathLike[str]) -> ComponentBundle:
    """Read ``folder`` (a ``data/<game>/`` folder or a ``data/`` tree) into a bundle.

    Raises
    ------
    ConfigError
        ``folder`` is not a folder, or holds no component files.
    """
    root = Path(folder)
    if not root.is_dir():
        raise ConfigError(f"data: {str(folder)!r} is not a folder")
    places = [root, *sorted(p for p in root.iterdir() if p.is_dir())]
    files: list[tuple[str, bytes]] = []
    digests: list[tuple[str, str]] = []
    for place in places:
        texts = sorted(place.glob("*.txt"))
        if not texts:
            continue
        rel = "." if place == root else place.name
        digests.append((rel, content_hash(place)))
        files += [(path.name if rel == "." else f"{rel}/{path.name}", path.read_bytes())
                  for path in texts]
    if not files:
        raise ConfigError(f"data: {str(folder)!r} holds no component files (*.txt)")
    return ComponentBundle(tuple(files), tuple(digests), str(folder))


def _check(folder: Path, bundle: ComponentBundle) -> None:
    for rel, expected in bundle.digests:
        got = content_hash(folder / rel)
        if got != expected:
            raise DataError(f"components from {bundle.source!r}: folder {rel!r} arrived with "
                            f"content hash {got}, not {expected}: refused")


def unpack(bundle: ComponentBundle, base: str | os.PathLike[str] | None = None) -> Path:
    """Write ``bundle`` into a folder of its own under ``base`` (the temporary directory)
    once, check it against the bundle's digests, and return the folder.

    Raises
    ------
    DataError
        The files do not give the digests they were sent with.
    """
    root = Path(base if base is not None else tempfile.gettempdir()) / "simlab-components"
    target = root / bundle.digest
    if target.is_dir():
        _check(target, bundle)
        return target
    root.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".unpack-", dir=root))
    try:
        for rel, content in bundle.files:
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(content)
        _check(staging, bundle)
        try:
            staging.rename(target)
        except OSError:  # another task of this worker unpacked it first
            if not target.is_dir():
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    _check(target, bundle)
    return target


@dataclass(frozen=True)
class ShippedDigests:
    """The content hash of each game's shipped components, as this process has them.

    A task of a study on the shipped set carries these instead of files: every worker
    has simlab's shipped set installed, and :func:`check_shipped` makes sure it is
    the same set (a worker with another version of simlab is refused, not trusted).
    """

    digests: tuple[tuple[str, str], ...]


def shipped_digests() -> ShippedDigests:
    """The hashes of the shipped component folders here (every ``data/<game>/``).

    Examples
    --------
    >>> check_shipped(shipped_digests())
    """
    root = data_dir("bedpans").parent
    games = sorted(p for p in root.iterdir() if p.is_dir() and any(p.glob("*.txt")))
    return ShippedDigests(tuple((p.name, content_hash(p)) for p in games))


def check_shipped(expected: ShippedDigests) -> None:
    """Check this process's shipped components against ``expected`` (from the caller).

    Raises
    ------
    DataError
        A game's shipped components here differ from the caller's.
    """
    for game, digest in expected.digests:
        got = content_hash(data_dir(game))
        if got != digest:
            raise DataError(f"{game}: this worker's shipped components have content hash "
                            f"{got}, the study's {digest}: install the same simlab on "
                            "every worker")
