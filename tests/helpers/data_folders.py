"""Copies of a game's shipped component folder, edited to plant a fault in one file.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = copy_data(Path(tmp), "broom_service")
...     line = break_line(folder / "lightning.txt", "3 | 7", "3 | 7 | 9")
...     (folder / "lightning.txt").read_text().splitlines()[line - 1]
'3 | 7 | 9'
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from simlab.core.data import data_dir
from simlab.core.errors import DataError

__all__ = ["break_line", "check_fault", "copy_data"]


def copy_data(tmp_path: Path, game: str) -> Path:
    """A copy of ``game``'s shipped component folder, as ``tmp_path / game``."""
    target = tmp_path / game
    shutil.copytree(data_dir(game), target)
    return target


def break_line(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` that starts a line of ``path`` by ``new``; its line number.

    ``old`` may run over several lines (end it with a newline and give ``new=""`` to
    delete whole lines).  A test that names text the file lacks fails here.
    """
    text = path.read_text()
    found = re.search("^" + re.escape(old), text, flags=re.MULTILINE)
    assert found is not None, f"{old!r} starts no line of {path.name}"
    path.write_text(text[: found.start()] + new + text[found.end():])
    return text[: found.start()].count("\n") + 1


def check_fault(load: Callable[[Path], object], folder: Path, name: str, old: str, new: str,
                words: str) -> DataError:
    """Plant ``new`` for ``old`` in ``folder / name``: ``load(folder)`` must fail naming it.

    The error names the file and the line (``tiles.txt:12:``) and says ``words``;
    it is returned for further checks.
    """
    line = break_line(folder / name, old, new)
    with pytest.raises(DataError) as info:
        load(folder)
    message = str(info.value)
    assert f"{name}:{line}:" in message, message
    assert words in message, message
    assert info.value.line == line and str(info.value.file).endswith(name)
    return info.value
