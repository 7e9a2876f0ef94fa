"""Tests of simlab.core.study.definition: what a Study accepts, refuses and resolves."""

from __future__ import annotations

import dataclasses

import pytest

from simlab.core.errors import ConfigError
from simlab.core.study import Param, Study


def _study(**kwargs):
    return Study("s", "S", kwargs.pop("params", ()), run_chunk=print, summarize=print, **kwargs)


def _refused(**kwargs) -> str:
    with pytest.raises(ConfigError) as excinfo:
        _study(**kwargs)
    return str(excinfo.value)


def test_the_defaults():
    study = _study()
    assert (study.plot, study.chunk_size, study.combine, study.description,
            study.default_games, study.tally) == (None, 1000, "concat", "", 1000, None)


def test_params_and_tally_are_kept_as_tuples():
    study = _study(params=[Param("n", 2)], tally=["seat", "players"])
    assert study.params == (Param("n", 2),) and isinstance(study.params, tuple)
    assert study.tally == ("seat", "players")
    with pytest.raises(dataclasses.FrozenInstanceError):
        study.chunk_size = 5  # type: ignore[misc]


def test_both_combines_are_accepted_and_no_other():
    assert _study(combine="sum").combine == "sum"
    assert _refused(combine="mean") == "study 's': combine must be 'concat' or 'sum', not 'mean'"
    assert _refused(combine="SUM") == "study 's': combine must be 'concat' or 'sum', not 'SUM'"


def test_only_a_concat_study_can_tally():
    assert _refused(combine="sum", tally=("seat",)) == (
        "study 's': only a combine='concat' study can tally")


@pytest.mark.parametrize(("kwargs", "ok"), [
    ({"chunk_size": 1, "default_games": 1}, True),
    ({"chunk_size": "3"}, True),
    ({"chunk_size": 0}, False),
    ({"default_games": 0}, False),
    ({"chunk_size": -5, "default_games": 10}, False),
])
def test_chunk_size_and_default_games_are_at_least_1(kwargs, ok):
    if ok:
        assert _study(**kwargs).chunk_size == kwargs.get("chunk_size", 1000)
    else:
        assert _refused(**kwargs) == ("study 's': chunk_size and default_games must be >= 1")


@pytest.mark.parametrize("name", ["games", "seed", "jobs", "executor", "progress",
                                  "name_or_study", "data", "compare_data", "tally"])
def test_a_parameter_may_not_take_a_name_run_study_takes(name):
    assert _refused(params=(Param("n", 1), Param(name, 1))) == (
        f"study 's': bad or repeated parameter name {name!r}")


def test_a_repeated_parameter_and_the_first_in_order_is_named():
    params = (Param("b", 1), Param("a", 1), Param("b", 2), Param("a", 3))
    assert _refused(params=params) == "study 's': bad or repeated parameter name 'a'"
    assert _study(params=(Param("a", 1), Param("b", 1))).params[1].name == "b"


def test_resolve_fills_defaults_and_converts_given_values():
    study = _study(params=(Param("n", 2), Param("p", 0.5, float), Param("mode", "a", str,
                                                                          ("a", "b"))))
    assert study.resolve() == {"n": 2, "p": 0.5, "mode": "a"}
    assert study.resolve(p="0.25", mode="b") == {"n": 2, "p": 0.25, "mode": "b"}
    assert list(study.resolve(mode="b", n=4)) == ["n", "p", "mode"]  # the study's order


def test_resolve_names_an_unknown_parameter_and_the_known_ones():
    with pytest.raises(ConfigError) as excinfo:
        _study(params=(Param("n", 2), Param("p", 0.5))).resolve(q=1)
    assert str(excinfo.value) == "unknown parameter 'q' for study 's'; known: n, p"
    with pytest.raises(ConfigError) as excinfo:
        _study().resolve(q=1)
    assert str(excinfo.value) == "unknown parameter 'q' for study 's'; known: (none)"
