"""Where component data lives: ``data/`` in a checkout, ``simlab.data`` when installed.

Examples
--------
>>> data_dir("bedpans").name
'bedpans'
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

__all__ = ["data_dir"]

_CHECKOUT = Path(__file__).resolve().parents[2] / "data"


def data_dir(game: str) -> Path:
    """The folder of a game's component files (it may not exist yet)."""
    if (_CHECKOUT.parent / "pyproject.toml").is_file() and _CHECKOUT.is_dir():
        return _CHECKOUT / game
    spec = find_spec("simlab.data")  # installed: data/ ships as the package simlab.data
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - broken install
        return _CHECKOUT / game
    return Path(next(iter(spec.submodule_search_locations))) / game
