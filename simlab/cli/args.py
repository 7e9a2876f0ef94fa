"""What every ``simlab`` command parses alike: the parser class, argument types, help texts.

:class:`Parser` turns an argparse error into a :class:`ConfigError` (one line,
exit 2, see :func:`simlab.cli.main`); :func:`count` and :func:`key_values`
word a bad value as the Python API words it.

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
import json
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from simlab.core.checks import whole_number
from simlab.core.errors import ConfigError

__all__ = ["DATA_HELP", "SCHEDULER_HELP", "Parser", "count", "key_values", "print_json"]

DATA_HELP = "component folder laid out like data/<game>/ (default: the shipped set)"
SCHEDULER_HELP = ("run on the dask cluster whose scheduler is at ADDR (tcp://HOST:PORT; "
                  "default: $SIMLAB_SCHEDULER, else this machine)")


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit 2 (a :class:`ConfigError`).

    Examples
    --------
    >>> Parser(prog="simlab").parse_args(["--nope"])
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: simlab: unrecognized arguments: --nope
    """

    def error(self, message: str) -> NoReturn:
        raise ConfigError(f"{self.prog}: {message}")


def print_json(data: Any) -> None:
    """Print ``data`` as the commands' ``--json`` do: indented, anything else as text.

    Examples
    --------
    >>> print_json({"a": [1, 2]})
    {
     "a": [
      1,
      2
     ]
    }
    """
    print(json.dumps(data, indent=1, default=str))


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
