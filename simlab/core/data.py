"""Where component data lives: ``data/`` in a checkout, ``simlab.data`` when installed.

Examples
--------
>>> data_dir("bedpans").name
'bedpans'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["data_dir"]

_CHECKOUT = Path(__file__).resolve().parents[2] / "data"


def data_dir(game: str) -> Path:
    """The folder of a game's component files (it may not exist yet)."""
    if (_CHECKOUT.parent / "pyproject.toml").is_file() and _CHECKOUT.is_dir():
        return _CHECKOUT / game
    try:
        root = Path(str(resources.files("simlab.data")))
    except ModuleNotFoundError:  # pragma: no cover - broken install
        root = _CHECKOUT
    return root / game
