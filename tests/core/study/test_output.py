"""Tests of simlab.core.study.output: JSON-safe values and tables written to files."""

from __future__ import annotations

import builtins
import json
import math
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

from simlab.core.errors import ConfigError
from simlab.core.study.output import jsonable, write_table

FRAME = pd.DataFrame({"quantity": ["win", "vp"], "estimate": [0.25, 12.5], "n": [40, 40]},
                     index=[3, 9])


# --------------------------------------------------------------------------- jsonable


@pytest.mark.parametrize(("value", "want"), [
    (np.int64(7), 7),
    (np.float32(0.5), 0.5),
    (np.bool_(True), True),
    (Fraction(1, 4), 0.25),
    (float("nan"), None),
    (float("inf"), None),
    (-math.inf, None),
    (np.float64("nan"), None),
    (pd.NA, None),
    (pd.NaT, None),
    (None, None),
    ("seat", "seat"),
    (3, 3),
    (2.5, 2.5),
    (False, False),
])
def test_a_scalar_is_made_json_safe(value, want):
    got = jsonable(value)
    assert got == want and type(got) is type(want)


def test_containers_are_walked_and_keys_made_text():
    value = {1: (np.int64(2), [Fraction(1, 2), float("nan")]), "x": {np.int64(3): pd.NA}}
    got = jsonable(value)
    assert got == {"1": [2, [0.5, None]], "x": {"3": None}}
    assert json.loads(json.dumps(got, allow_nan=False)) == got


def test_anything_else_is_its_text():
    assert jsonable(pd.Timestamp("2026-01-02")) == "2026-01-02 00:00:00"
    assert jsonable(complex(1, 2)) == "(1+2j)"
    assert jsonable(np.datetime64("2026-01-02")) == "2026-01-02"  # .item(): a date


# --------------------------------------------------------------------------- write_table


@pytest.mark.parametrize("name", ["table.csv", "TABLE.CSV"])
def test_csv_without_the_index(tmp_path, name):
    path = write_table(FRAME, tmp_path / name)
    assert path == tmp_path / name
    assert path.read_text().splitlines() == ["quantity,estimate,n", "win,0.25,40", "vp,12.5,40"]


def test_parquet_without_the_index(tmp_path):
    path = write_table(FRAME, str(tmp_path / "table.Parquet"))
    assert path == tmp_path / "table.Parquet"
    back = pd.read_parquet(path)
    pd.testing.assert_frame_equal(back, FRAME.reset_index(drop=True))
    assert list(back.columns) == ["quantity", "estimate", "n"]  # no saved index column


@pytest.mark.parametrize("name", ["table.json", "table", "table.csv.gz"])
def test_an_unknown_suffix_writes_nothing(tmp_path, name):
    with pytest.raises(ConfigError) as excinfo:
        write_table(FRAME, tmp_path / name)
    suffix = (tmp_path / name).suffix
    assert str(excinfo.value) == (f"cannot save {str(tmp_path / name)!r}: unknown suffix "
                                  f"{suffix!r} (use .csv or .parquet)")
    assert list(tmp_path.iterdir()) == []


def test_parquet_without_pyarrow_writes_nothing(tmp_path, monkeypatch):
    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kwargs):
        if name == "pyarrow" or name.startswith("pyarrow."):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(ConfigError) as excinfo:
        write_table(FRAME, tmp_path / "table.parquet")
    assert str(excinfo.value) == "parquet needs pyarrow: pip install pyarrow"
    assert excinfo.value.__cause__ is None and excinfo.value.__suppress_context__
    assert list(tmp_path.iterdir()) == []
