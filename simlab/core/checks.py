"""One wording for counts: shared by the command line and the Python API.

``simlab study --jobs 0`` and ``run_study(jobs=0)`` both say ``jobs must be
a whole number >= 1, got 0``: argparse and :func:`simlab.core.study.run_study`
call the same :func:`whole_number`.  This module imports nothing heavy, so the
command line can use it before it decides what else to import.

Examples
--------
>>> whole_number("3", "jobs", low=1)
3
>>> whole_number(0, "jobs", low=1)
Traceback (most recent call last):
...
simlab.core.errors.ConfigError: jobs must be a whole number >= 1, got 0
>>> whole_number("-1", "jobs", low=1)
Traceback (most recent call last):
...
simlab.core.errors.ConfigError: jobs must be a whole number >= 1, got -1
>>> whole_number("two", "seed")
Traceback (most recent call last):
...
simlab.core.errors.ConfigError: seed must be a whole number >= 0, got 'two'
"""

from __future__ import annotations

import numbers
from typing import Any

from simlab.core.errors import ConfigError

__all__ = ["as_int", "whole_number"]


def as_int(value: Any) -> int:
    """``value`` as an int: ints, integral floats and their strings; never a bool.

    Raises
    ------
    TypeError
        ``value`` is a bool or not a number or string.
    ValueError
        ``value`` is not integral or its text is not a whole number.

    Examples
    --------
    >>> as_int(" 7 "), as_int(3.0)
    (7, 3)
    >>> as_int(True)
    Traceback (most recent call last):
    ...
    TypeError: bool is not an int
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        raise TypeError("bool is not an int")
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, numbers.Real):
        number = float(value)
        if not number.is_integer():
            raise ValueError("not integral")
        return int(number)
    if isinstance(value, str):
        return int(value.strip())
    raise TypeError(type(value).__name__)


def whole_number(value: Any, name: str, *, low: int = 0) -> int:
    """``value`` as a whole number of at least ``low``.

    Parameters
    ----------
    value : Any
        An int, an integral float, or its text (``"3"``).
    name : str
        What the number counts, as the user calls it (``"games"``, ``"jobs"``).
    low : int, default 0
        The smallest allowed value.

    Returns
    -------
    int

    Raises
    ------
    ConfigError
        ``{name} must be a whole number >= {low}, got {value}``: the same
        line from the command line and from the API.
    """
    try:
        number = as_int(value)
    except (TypeError, ValueError, OverflowError):
        number = None
    if number is None or number < low:
        shown = number if number is not None and isinstance(value, str) else value
        raise ConfigError(f"{name} must be a whole number >= {low}, got {shown!r}")
    return number
