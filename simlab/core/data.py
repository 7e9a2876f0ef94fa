"""Where component data lives: ``data/`` in a checkout, ``simlab.data`` when installed.

Examples
--------
>>> data_dir("bedpans").name
'bedpans'
"""

from __future__ import annotations

from collections.abc import Iterator
from importlib.util import find_spec
from pathlib import Path

from simlab.core.errors import DataError

__all__ = ["data_dir", "read_table"]

_CHECKOUT = Path(__file__).resolve().parents[2] / "data"


def data_dir(game: str) -> Path:
    """The folder of a game's component files (it may not exist yet)."""
    if (_CHECKOUT.parent / "pyproject.toml").is_file() and _CHECKOUT.is_dir():
        return _CHECKOUT / game
    spec = find_spec("simlab.data")  # installed: data/ ships as the package simlab.data
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - broken install
        return _CHECKOUT / game
    return Path(next(iter(spec.submodule_search_locations))) / game


def read_table(path: Path, columns: int) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line number, fields)`` for each data line of a ``|``-separated file.

    Raises
    ------
    DataError
        The file is missing, or a line has the wrong number of fields.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.txt"
    >>> _ = p.write_text("# comment\\n a | b \\n\\n")
    >>> list(read_table(p, 2))
    [(2, ['a', 'b'])]
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise DataError(f"cannot read file ({err.strerror})", file=str(path)) from None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = "" if raw.lstrip().startswith("#") else raw.strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split("|")]
        if len(fields) != columns:
            raise DataError(
                f"expected {columns} fields separated by '|', found {len(fields)}: {raw.strip()!r}",
                file=str(path),
                line=number,
            )
        yield number, fields
