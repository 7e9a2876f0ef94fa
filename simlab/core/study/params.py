"""Study parameters: named, typed, checked values given as Python or command-line text."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from simlab.core.errors import ConfigError

__all__ = ["Param", "to_int"]

_PARAM_TYPES = (int, float, str, bool, tuple)
_TRUE = frozenset({"true", "t", "yes", "y", "on", "1"})
_FALSE = frozenset({"false", "f", "no", "n", "off", "0"})


@dataclass(frozen=True)
class Param:
    """A named, typed parameter of a study.

    Parameters
    ----------
    name : str
        Keyword used in ``run_study(..., name=value)`` and ``--param name=value``.
    default : Any
        Value used when the parameter is not given (not converted).
    type : type, default int
        One of ``int``, ``float``, ``str``, ``bool`` or ``tuple`` (a tuple of
        strings, written ``"a,b"`` on the command line).
    choices : tuple, optional
        Allowed values (for ``tuple`` parameters: allowed elements).
    help : str
        One line for ``--help`` and notebooks.
    low, high : float, optional
        Bounds of a number (for ``tuple`` parameters: of every element,
        read as a number).
    aliases : tuple of (str, str), optional
        Old spellings still accepted, ``(old, new)``: an old value (an element,
        for ``tuple`` parameters) is read as its new one before the checks.

    Examples
    --------
    >>> Param("players", 4, int, choices=(2, 3, 4)).convert("3")
    3
    >>> Param("fast", False, bool).convert("yes")
    True
    >>> Param("variants", (), tuple).convert("night_shift, rat_out")
    ('night_shift', 'rat_out')
    >>> Param("players", 4, int, choices=(2, 3, 4)).convert("5")
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: parameter 'players': bad value '5' (allowed: 2, 3, 4)
    >>> Param("turns", 3, int, low=1).convert("0")
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: parameter 'turns': 0 is below 1
    >>> Param("sides", ("x:a",), tuple, choices=("x:a",), aliases=(("a", "x:a"),)).convert("a")
    ('x:a',)
    """

    name: str
    default: Any
    type: type = int
    choices: tuple[Any, ...] | None = None
    help: str = ""
    low: float | None = None
    high: float | None = None
    aliases: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.type not in _PARAM_TYPES:
            raise ConfigError(
                f"parameter {self.name!r}: type must be int, float, str, bool or tuple"
            )
        if self.choices is not None and not isinstance(self.choices, tuple):
            object.__setattr__(self, "choices", tuple(self.choices))

    def convert(self, value: Any) -> Any:
        """Convert a command-line string or a Python value to this parameter's type.

        Parameters
        ----------
        value : Any
            ``"3"``, ``"true"``, ``"a,b"`` or an already typed value.

        Returns
        -------
        Any
            The value as ``self.type``, checked against ``choices``.

        Raises
        ------
        ConfigError
            One line naming the parameter, the bad value and the allowed choices.
        """
        converter = _CONVERTERS[self.type]
        try:
            out = converter(value)
        except (TypeError, ValueError, OverflowError):
            raise ConfigError(
                f"parameter {self.name!r}: expected {self.type.__name__}, "
                f"got {value!r}{self._allowed()}"
            ) from None
        if self.aliases:
            new = dict(self.aliases)
            if self.type is tuple:
                out = tuple(new.get(item, item) for item in out)
            elif isinstance(out, str):
                out = new.get(out, out)
        items = out if self.type is tuple else (out,)
        if self.choices is not None:
            for item in items:
                if item not in self.choices:
                    shown = value if isinstance(value, str) and self.type is not tuple else item
                    raise ConfigError(
                        f"parameter {self.name!r}: bad value {shown!r}{self._allowed()}"
                    )
        if self.low is not None or self.high is not None:
            for item in items:
                self._check_bounds(item)
        return out

    def _check_bounds(self, item: Any) -> None:
        try:
            number = float(item)
        except (TypeError, ValueError):
            raise ConfigError(f"parameter {self.name!r}: {item!r} is not a number") from None
        if self.low is not None and number < self.low:
            raise ConfigError(f"parameter {self.name!r}: {item} is below {self.low:g}")
        if self.high is not None and number > self.high:
            raise ConfigError(f"parameter {self.name!r}: {item} is above {self.high:g}")

    def _allowed(self) -> str:
        if self.choices is None:
            return ""
        return f" (allowed: {', '.join(map(str, self.choices))})"


def to_int(value: Any) -> int:
    if isinstance(value, bool | np.bool_):
        raise TypeError("bool is not an int")
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        if not float(value).is_integer():
            raise ValueError("not integral")
        return int(value)
    return int(_text(value))


def _to_float(value: Any) -> float:
    if isinstance(value, bool | np.bool_):
        raise TypeError("bool is not a float")
    if isinstance(value, int | float | np.number | Fraction):
        return float(value)
    return float(_text(value))


def _text(value: Any) -> str:
    """A string ``value`` without its surrounding blanks (TypeError for anything else)."""
    if isinstance(value, str):
        return value.strip()
    raise TypeError(type(value).__name__)


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool | np.bool_):
        return bool(value)
    if isinstance(value, int | np.integer) and int(value) in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    raise ValueError("not a truth value")


def _to_str(value: Any) -> str:
    if isinstance(value, str):
        return value
    raise TypeError(type(value).__name__)


def _to_tuple(value: Any) -> tuple[Any, ...]:
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if isinstance(value, list | tuple):
        return tuple(value)
    raise TypeError(type(value).__name__)


_CONVERTERS: dict[type, Callable[[Any], Any]] = {
    int: to_int,
    float: _to_float,
    bool: _to_bool,
    str: _to_str,
    tuple: _to_tuple,
}
