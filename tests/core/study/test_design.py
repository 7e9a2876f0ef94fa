"""Tests of simlab.core.study.design: each game's setting, seat rotation, setting params."""

from __future__ import annotations

from collections import Counter

import pytest

import simlab
from simlab.core.errors import ConfigError
from simlab.core.study import get_study, player_count_param, seat_policy_param
from simlab.core.study.design import game_setting, rotate_seats, setting_params


def test_games_cycle_through_every_pair_of_players_and_policies():
    players, policies = ("2", 3, "4"), ("random", "greedy")
    pairs = [(p, q) for p in (2, 3, 4) for q in policies]  # players first, then policies
    got = [game_setting(i, players, policies) for i in range(14)]
    assert got == [pairs[i % 6] for i in range(14)]
    assert all(type(count) is int for count, _ in got)


def test_a_single_pair_is_every_games():
    assert {game_setting(i, ["5"], ["mcts"]) for i in range(4)} == {(5, "mcts")}


def test_players_may_be_any_iterable():
    assert game_setting(3, iter(["2", "3"]), ("a", "b")) == (3, "b")


def test_seat_s_of_game_i_plays_policy_s_plus_i():
    policies = ("a", "b", "c")
    for index in range(7):
        seats = rotate_seats(policies, 5, index)
        assert seats == [policies[(s + index) % 3] for s in range(5)]


def test_over_n_games_every_seat_plays_every_policy_once():
    policies = ("a", "b", "c", "d")
    for seat in range(4):
        played = Counter(rotate_seats(policies, 4, i)[seat] for i in range(4))
        assert played == Counter(policies)


def test_fewer_seats_than_policies():
    assert rotate_seats(("a", "b", "c"), 2, 2) == ["c", "a"]
    assert rotate_seats(("a", "b"), 0, 1) == []


def test_setting_params_are_tuple_params_of_the_counts_and_policies():
    counts, names = setting_params([3, 5], ["random", "greedy"], ["random", "greedy", "mcts"])
    assert (counts.name, counts.default, counts.choices, counts.type) == (
        "players", ("3", "5"), ("3", "5"), tuple)
    assert counts.help == "player counts (games cycle through players x policies)"
    assert (names.name, names.default, names.choices, names.type) == (
        "policies", ("random", "greedy"), ("random", "greedy", "mcts"), tuple)
    assert names.help == "the policy every seat plays, one per game in turn"
    assert counts.convert("5") == ("5",) and names.convert("mcts") == ("mcts",)
    with pytest.raises(ConfigError):
        counts.convert("4")
    with pytest.raises(ConfigError):
        names.convert("alphazero")


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
