"""Argument types: the command line and the API word a bad count alike
(simlab.cli.args)."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.checks import whole_number


@pytest.mark.parametrize(
    ("option", "value", "call"),
    [
        ("--jobs", "0", {"jobs": 0}),
        ("--jobs", "-1", {"jobs": -1}),
        ("--games", "0", {"games": 0}),
        ("--seed", "-3", {"seed": -3}),
        ("--jobs", "two", {"jobs": "two"}),
    ],
)
def test_command_line_and_api_word_a_bad_count_alike(run, option, value, call):
    code, _, err = run(["study", "bedpans-movement", option, value])
    with pytest.raises(simlab.ConfigError) as api:
        simlab.run_study("bedpans-movement", **call)
    assert code == 2
    assert err == f"simlab study: argument {option}: {api.value}\n"


def test_whole_number_accepts_integral_values_only():
    assert whole_number(4.0, "games", low=1) == 4
    for bad in (True, 2.5, "1e3", None, [1]):
        with pytest.raises(simlab.ConfigError, match="games must be a whole number >= 1"):
            whole_number(bad, "games", low=1)
