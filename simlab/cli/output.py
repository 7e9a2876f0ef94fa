"""Output files of the ``simlab`` command: checked before any work, written atomically.

``--out`` of ``simlab study`` holds the summary that is printed, ``--games-out``
the per-game rows; the extension chooses CSV, parquet or JSON
(:func:`write_table`).  ``simlab report`` writes a table and a figure a study.

:func:`check_file` and :func:`check_folder` run before a study plays a single
game, so a typo in ``--out`` costs a second, not the run.  They create and
remove a probe file in the target folder, the only test of writability that
holds everywhere (``/proc``, read-only mounts, ACLs, root).
:func:`write_atomically` writes to a temporary file in the same folder and
renames it over the target, so an interrupted run leaves either the old file
or the whole new one, never half a file.

Examples
--------
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> target = check_file(str(folder / "summary.csv"), "--out", TABLE_SUFFIXES)
>>> write_atomically(target, lambda tmp: tmp.write_text("a,b\\n1,2\\n"))
>>> target.read_text()
'a,b\\n1,2\\n'
>>> sorted(p.name for p in folder.iterdir())
['summary.csv']
>>> check_file("/nonexistent/dir/x.csv", "--out", TABLE_SUFFIXES)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
simlab.core.errors.ConfigError: --out '/nonexistent/dir/x.csv': folder ... does not exist
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

from simlab.core.errors import ConfigError

if TYPE_CHECKING:
    import pandas as pd

    from simlab.core.study import StudyResult

__all__ = ["TABLE_SUFFIXES", "check_file", "check_folder", "write_atomically", "write_figure",
           "write_table"]

#: What a table can be written as, by file name extension.
TABLE_SUFFIXES = (".csv", ".parquet", ".json")


def _probe(folder: Path, what: str, shown: str) -> None:
    """Create and remove a file in ``folder``; a ConfigError if that fails."""
    try:
        fd, name = tempfile.mkstemp(dir=folder, prefix=".simlab-probe-")
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise ConfigError(f"{what} {shown!r}: cannot write in {str(folder)!r} ({reason})") from None
    os.close(fd)
    os.unlink(name)


def check_file(path: str, what: str, suffixes: Sequence[str]) -> Path:
    """Check that ``path`` can be written, before any work is done.

    Parameters
    ----------
    path : str
        The file the user named.
    what : str
        The option that named it (``"--out"``), for the message.
    suffixes : sequence of str
        The allowed extensions (lower case, with the dot).

    Returns
    -------
    Path
        ``path`` as a Path.

    Raises
    ------
    ConfigError
        One line: a wrong extension, a missing folder, a folder that cannot
        be written, a directory in the file's place, or parquet without pyarrow.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in suffixes:
        *most, last = suffixes
        allowed = f"{', '.join(most)} or {last}" if most else last
        raise ConfigError(f"{what} {path!r}: write a {allowed} file")
    if suffix == ".parquet" and find_spec("pyarrow") is None:
        raise ConfigError(f"{what} {path!r}: parquet needs pyarrow (pip install pyarrow)")
    folder = target.parent
    if not folder.exists():
        raise ConfigError(f"{what} {path!r}: folder {str(folder)!r} does not exist")
    if not folder.is_dir():
        raise ConfigError(f"{what} {path!r}: {str(folder)!r} is not a folder")
    if target.is_dir():
        raise ConfigError(f"{what} {path!r}: is a folder")
    _probe(folder, what, path)
    return target


def check_folder(path: str, what: str) -> Path:
    """Create the folder ``path`` if needed and check it can be written.

    Raises
    ------
    ConfigError
        One line: the folder cannot be made or written.

    Examples
    --------
    >>> check_folder("/proc/nope", "--out")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: --out '/proc/nope': cannot make the folder (...)
    """
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise ConfigError(f"{what} {path!r}: is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise ConfigError(f"{what} {path!r}: cannot make the folder ({reason})") from None
    _probe(folder, what, path)
    return folder


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(target: Path, write: Callable[[Path], object]) -> None:
    """Call ``write(tmp)`` on a temporary file beside ``target``, then rename it.

    The temporary file keeps ``target``'s extension (writers such as
    ``savefig`` read the format from it) and is removed if ``write`` fails
    or is interrupted; the rename is atomic on one file system.
    """
    fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                suffix=target.suffix)
    os.close(fd)
    tmp = Path(name)
    try:
        write(tmp)
        tmp.chmod(0o666 & ~_umask())  # mkstemp made it private; a new file is not
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def write_table(frame: pd.DataFrame, target: Path, result: StudyResult | None = None) -> None:
    """Write ``frame`` atomically as CSV, parquet or JSON (by ``target``'s extension).

    JSON of a summary (``result`` given) is :meth:`StudyResult.to_json`: the
    study, its parameters (enough to repeat it) and the summary rows.
    """
    suffix = target.suffix.lower()

    def write(tmp: Path) -> None:
        if suffix == ".csv":
            frame.to_csv(tmp, index=False)
        elif suffix == ".parquet":
            frame.to_parquet(tmp, index=False)
        elif result is not None:
            tmp.write_text(result.to_json(indent=1) + "\n", encoding="utf-8")
        else:
            tmp.write_text(frame.to_json(orient="records", indent=1) + "\n", encoding="utf-8")

    write_atomically(target, write)


def write_figure(result: StudyResult, target: Path) -> None:
    """Write the study's figure atomically as a PNG."""
    fig = result.plot()

    def write(tmp: Path) -> None:
        fig.savefig(tmp, dpi=110, bbox_inches="tight")

    write_atomically(target, write)
