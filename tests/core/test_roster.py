"""The registry of players: a game's roster by path, the families, the order they are asked in."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

import simlab
from simlab.core import roster
from simlab.core.errors import ConfigError
from simlab.core.policies import FirstPolicy, RandomPolicy
from simlab.core.roster import Roster
from simlab.core.search import MCTSPolicy
from simlab.core.search_settings import SearchSettings
from tests.games.dice_race import DiceRace


class Marked(FirstPolicy):
    """A policy that says who made it."""

    def __init__(self, name: str, maker: str) -> None:
        self.name, self.maker = name, maker


def own(name, seat):
    if name == "sure":
        return Marked(name, "own")
    if name.startswith("mcts-sure"):
        return Marked(name, "own")  # never reached: the game's searches are asked first
    if name == "sure-2":
        raise ConfigError("sure-N needs N <= 1")
    return None


def own_search(game, name, seat):
    return Marked(name, "own search") if name.startswith("mcts-sure") else None


def settings():
    return SearchSettings(iterations=4)


class Racer:
    """A game as the roster sees it: a name, seats, and the Game methods that ask the roster."""

    NAME = "roster_race"
    players = 2

    def search_settings(self):
        return roster.search_settings(self)

    def policy_names(self):
        return roster.policy_names(self)

    def make_policy(self, name, seat):
        return roster.make_policy(self, name, seat)

    def search_policy_names(self):
        return simlab.Game.search_policy_names(self)  # type: ignore[arg-type]


@pytest.fixture
def registered(monkeypatch):
    module = types.ModuleType("roster_players")
    module.own, module.own_search, module.settings = own, own_search, settings
    monkeypatch.setitem(sys.modules, "roster_players", module)
    monkeypatch.setitem(roster._ROSTERS, "roster_race", Roster(
        policies=("sure",), make="roster_players:own", search="roster_players:settings",
        searches=("mcts-sure",), make_search="roster_players:own_search"))
    yield Racer()
    for path in [p for p in roster._LOADED if p.startswith("roster_players:")]:
        del roster._LOADED[path]


def test_names_are_listed_random_own_family_own_searches(registered):
    assert registered.policy_names() == ["random", "sure", "mcts", "mcts-100", "mcts-sure"]
    assert registered.search_policy_names() == ["mcts", "mcts-100"]
    assert registered.search_settings() == SearchSettings(iterations=4)


def test_each_name_goes_to_its_maker(registered):
    assert isinstance(registered.make_policy("random", 0), RandomPolicy)
    assert registered.make_policy("sure", 1).maker == "own"
    assert registered.make_policy("mcts-sure-3", 1).maker == "own search"  # before mcts-N
    search = registered.make_policy("mcts-7", 1)
    assert isinstance(search, MCTSPolicy) and search.settings.iterations == 7


def test_unknown_names_and_bad_numbers(registered):
    with pytest.raises(ConfigError) as err:
        registered.make_policy("genius", 0)
    assert str(err.value) == ("roster_race has no policy 'genius'; policies: "
                              "random, sure, mcts, mcts-100, mcts-sure")
    with pytest.raises(ConfigError, match="sure-N needs N <= 1"):
        registered.make_policy("sure-2", 0)
    with pytest.raises(ConfigError, match="mcts-N needs N >= 1"):
        registered.make_policy("mcts-0", 0)


def test_a_game_without_roster_offers_random_and_what_its_class_says():
    assert roster.roster_of("no_such_game") == Roster()
    game = DiceRace(players=2)  # search settings by a method of its own
    assert game.policy_names() == ["random", "mcts", "mcts-100"]
    assert game.renderer() is None and game.new_initial_state()._repr_png_() is None


def test_without_search_settings_the_search_names_are_no_policies(registered, monkeypatch):
    monkeypatch.setitem(roster._ROSTERS, "roster_race", Roster(policies=("sure",),
                                                                make="roster_players:own"))
    assert registered.policy_names() == ["random", "sure"]
    with pytest.raises(ConfigError, match="has no policy 'mcts'"):
        registered.make_policy("mcts", 0)


def test_the_shipped_games_build_every_player_they_list():
    for name in simlab.game_names():
        game = simlab.load_game(name)
        for seat, policy in enumerate(game.policy_names()):
            assert game.make_policy(policy, seat % game.players).name == policy


def test_a_png_comes_from_the_renderer():
    state = simlab.load_game("broom_service", players=2).new_initial_state()
    png = state._repr_png_()
    assert png is not None and png[:4] == b"\x89PNG"
    assert type(roster.renderer(state.game)).__name__ == "RealmRenderer"


def test_random_is_random_for_every_game():
    rng = np.random.default_rng(0)
    for name in simlab.game_names():
        policy = simlab.load_game(name).make_policy("random", 0)
        assert isinstance(policy, RandomPolicy) and policy.act(None, [1, 2], rng) in (1, 2)
