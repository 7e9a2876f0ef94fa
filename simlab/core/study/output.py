"""Writing study tables to files, and values made JSON-safe."""

from __future__ import annotations

import math
import os
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from simlab.core.errors import ConfigError

__all__ = ["jsonable", "write_table"]


def _require_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ConfigError("parquet needs pyarrow: pip install pyarrow") from None


def jsonable(value: Any) -> Any:
    """``value`` with NumPy scalars, NaN, tuples and Fractions made JSON-safe."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(v) for v in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, Fraction):
        value = float(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    return str(value)


def write_table(frame: pd.DataFrame, path: str | os.PathLike[str]) -> Path:
    """Write ``frame`` as CSV or parquet, by the suffix of ``path``; return the path.

    Raises
    ------
    ConfigError
        Unknown suffix, or parquet without pyarrow; nothing is written then.
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix == ".csv":
        frame.to_csv(target, index=False)
    elif suffix == ".parquet":
        _require_pyarrow()
        frame.to_parquet(target, index=False)
    else:
        raise ConfigError(
            f"cannot save {str(target)!r}: unknown suffix {suffix!r} (use .csv or .parquet)"
        )
    return target
