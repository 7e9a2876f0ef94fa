"""The params a study builds with :mod:`simlab.core.study.design`'s helpers."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.errors import ConfigError
from simlab.core.study import get_study, player_count_param, seat_policy_param


def test_player_count_param_takes_the_counts_given_and_no_other():
    players = player_count_param(4, (3, 4, 5))
    assert (players.name, players.default, players.type) == ("players", 4, int)
    assert [players.convert(str(n)) for n in (3, 4, 5)] == [3, 4, 5]
    for bad in ("2", "6", "four"):
        with pytest.raises(ConfigError, match="parameter 'players'"):
            players.convert(bad)


def test_seat_policy_param_keeps_its_choices_and_help():
    policy = seat_policy_param("greedy", ("random", "greedy"), help="who plays")
    assert (policy.name, policy.default, policy.type, policy.help) == (
        "policy", "greedy", str, "who plays")
    assert policy.convert("random") == "random"
    with pytest.raises(ConfigError, match="bad value 'mcts'"):
        policy.convert("mcts")


@pytest.mark.parametrize(
    ("study", "players", "policy"),
    [
        ("hospital-rush-boards", ((3, 4, 5), 4), ("greedy", "policy of every seat")),
        ("hospital-rush-unfair", ((3, 4, 5), 4), None),
        ("broom-service-scores", ((2, 3, 4, 5), 4), None),
        ("bad-doctor-seats", None, ("random", "policy of every seat")),
        ("bedpans-stuff", None, ("heuristic", "policy of every seat")),
    ],
)
def test_the_studies_built_with_them_offer_what_they_offered(study, players, policy):
    simlab.study_names()  # the games register their studies
    params = {p.name: p for p in get_study(study).params}
    if players is not None:
        counts, default = players
        assert (params["players"].choices, params["players"].default) == (counts, default)
        assert params["players"].help == "number of players"
    if policy is not None:
        default, help_line = policy
        assert (params["policy"].default, params["policy"].help) == (default, help_line)
