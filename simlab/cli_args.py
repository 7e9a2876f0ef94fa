"""Argument types of the ``simlab`` command, worded as the Python API words them.

Examples
--------
>>> count("jobs", low=1)("2")
2
>>> count("jobs", low=1)("0")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: jobs must be a whole number >= 1, got 0
>>> key_values(["mover=doctor"], "--param")
{'mover': 'doctor'}
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from simlab.core.checks import whole_number
from simlab.core.errors import ConfigError

__all__ = ["count", "key_values"]


def count(name: str, *, low: int = 0) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number ``>= low``.

    Its message is :func:`simlab.core.checks.whole_number`'s, the one the API
    gives for the same value (``run_study(jobs=0)``).
    """

    def convert(text: str) -> int:
        try:
            return whole_number(text, name, low=low)
        except ConfigError as err:
            raise argparse.ArgumentTypeError(str(err)) from None

    convert.__name__ = name  # argparse names the type in some messages
    return convert


def key_values(pairs: Sequence[str], what: str) -> dict[str, str]:
    """``["k=v", ...]`` as a dict (``-`` in a key read as ``_``).

    Raises
    ------
    ConfigError
        A pair without ``=`` or without a key.
    """
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ConfigError(f"{what} {pair!r} is not KEY=VALUE")
        out[key.strip().replace("-", "_")] = value
    return out
