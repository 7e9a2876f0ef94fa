"""Tests of simlab.core.study.params: Param's conversions, checks and one-line errors."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from simlab.core.errors import ConfigError
from simlab.core.study.params import Param, to_int


def _error(param: Param, value) -> str:
    with pytest.raises(ConfigError) as excinfo:
        param.convert(value)
    return str(excinfo.value)


# --------------------------------------------------------------------------- conversions


@pytest.mark.parametrize(("value", "want"), [
    (3, 3), (np.int16(-4), -4), (2.0, 2), (np.float32(5.0), 5), (" 7 ", 7), ("-2", -2),
])
def test_whole_numbers(value, want):
    got = to_int(value)
    assert got == want and type(got) is int


@pytest.mark.parametrize(("value", "error", "message"), [
    (True, TypeError, "bool is not an int"), (np.bool_(False), TypeError, "bool is not an int"),
    (2.5, ValueError, "not integral"), (np.float64(0.5), ValueError, "not integral"),
    ("2.0", ValueError, "invalid literal for int() with base 10: '2.0'"),
    (None, TypeError, "NoneType"), ([1], TypeError, "list"),
])
def test_not_whole_numbers(value, error, message):
    with pytest.raises(error) as excinfo:
        to_int(value)
    assert str(excinfo.value) == message


@pytest.mark.parametrize(("value", "want"), [
    (1, 1.0), (0.25, 0.25), (np.int8(3), 3.0), (np.float32(0.5), 0.5), (Fraction(1, 4), 0.25),
    (" 1e-3 ", 0.001), ("inf", float("inf")),
])
def test_floats(value, want):
    got = Param("p", 0.5, float).convert(value)
    assert got == want and type(got) is float


@pytest.mark.parametrize("value", [True, np.bool_(True), None, "half", (1,)])
def test_not_floats(value):
    assert _error(Param("p", 0.5, float), value) == (
        f"parameter 'p': expected float, got {value!r}")


@pytest.mark.parametrize(("value", "want"), [
    (True, True), (np.bool_(False), False), (1, True), (np.int64(0), False),
    *[(text, True) for text in ("true", "T", " yes ", "Y", "on", "1")],
    *[(text, False) for text in ("false", "f", "No", "n", "OFF", "0")],
])
def test_truth_values(value, want):
    got = Param("fast", False, bool).convert(value)
    assert got is want


@pytest.mark.parametrize("value", [2, -1, "maybe", "", 1.0, None])
def test_not_truth_values(value):
    assert _error(Param("fast", False, bool), value) == (
        f"parameter 'fast': expected bool, got {value!r}")


def test_text_is_kept_as_given():
    assert Param("mode", "a", str).convert(" b ") == " b "
    assert _error(Param("mode", "a", str), 3) == "parameter 'mode': expected str, got 3"


@pytest.mark.parametrize(("value", "want"), [
    ("a, b ,c", ("a", "b", "c")), ("a,,b,", ("a", "b")), ("", ()), (" , ", ()),
    (["x", 2], ("x", 2)), (("y",), ("y",)),
])
def test_tuples(value, want):
    assert Param("names", (), tuple).convert(value) == want


def test_not_tuples():
    assert _error(Param("names", (), tuple), 3) == "parameter 'names': expected tuple, got 3"
    assert _error(Param("names", (), tuple, choices=("a",)), {"a"}) == (
        "parameter 'names': expected tuple, got {'a'} (allowed: a)")


# --------------------------------------------------------------------------- checks


def test_a_type_outside_the_five_is_refused():
    with pytest.raises(ConfigError) as excinfo:
        Param("when", None, list)
    assert str(excinfo.value) == "parameter 'when': type must be int, float, str, bool or tuple"


def test_choices_are_kept_as_a_tuple():
    assert Param("n", 2, choices=[2, 3]).choices == (2, 3)
    assert Param("n", 2).choices is None


def test_a_value_outside_the_choices_is_named_as_given():
    players = Param("players", 4, int, choices=(2, 3, 4))
    assert players.convert(np.int64(2)) == 2
    assert _error(players, " 5") == "parameter 'players': bad value ' 5' (allowed: 2, 3, 4)"
    assert _error(players, 5) == "parameter 'players': bad value 5 (allowed: 2, 3, 4)"
    assert _error(players, "x") == "parameter 'players': expected int, got 'x' (allowed: 2, 3, 4)"


def test_a_tuple_element_outside_the_choices_is_named_itself():
    names = Param("policies", ("random",), tuple, choices=("random", "greedy"))
    assert names.convert("greedy,random") == ("greedy", "random")
    assert _error(names, "random, mcts") == (
        "parameter 'policies': bad value 'mcts' (allowed: random, greedy)")


@pytest.mark.parametrize(("param", "value", "message"), [
    (Param("t", 3, low=1), 0, "parameter 't': 0 is below 1"),
    (Param("t", 3, high=9), "10", "parameter 't': 10 is above 9"),
    (Param("p", 0.5, float, low=0, high=1), 1.5, "parameter 'p': 1.5 is above 1"),
    (Param("p", 0.5, float, low=0.25), "0.125", "parameter 'p': 0.125 is below 0.25"),
    (Param("sizes", (), tuple, low=2), "3, 1", "parameter 'sizes': 1 is below 2"),
    (Param("sizes", (), tuple, high=5), "3,x", "parameter 'sizes': 'x' is not a number"),
])
def test_bounds(param, value, message):
    assert _error(param, value) == message


def test_the_bounds_themselves_are_allowed():
    assert Param("t", 3, low=1, high=9).convert("1") == 1
    assert Param("t", 3, low=1, high=9).convert(9) == 9
    assert Param("sizes", (), tuple, low=2, high=4).convert("2,4") == ("2", "4")


def test_aliases_read_an_old_spelling_as_its_new_one_before_the_checks():
    side = Param("side", "x:a", str, choices=("x:a", "x:b"), aliases=(("a", "x:a"),))
    assert side.convert("a") == "x:a" and side.convert("x:b") == "x:b"
    sides = Param("sides", (), tuple, choices=("x:a", "x:b"),
                  aliases=(("a", "x:a"), ("b", "x:b")))
    assert sides.convert("a, x:b, b") == ("x:a", "x:b", "x:b")
    count = Param("n", 2, int, choices=(2,), aliases=(("2", "3"),))  # ints are not renamed
    assert count.convert("2") == 2
