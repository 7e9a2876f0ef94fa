"""Hospital Rush policies: red-space use and sanity against random play."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.policies import make
from simlab.games.hospital_rush.rules import HospitalRushGame


def _red_places(policy: str, players: int = 4, games: int = 6):
    game = HospitalRushGame(players=players)
    found = []

    def watch(state, actor, action, events):
        if isinstance(action, A.Place) and game.space[action.space] == "red":
            index = (actor - state.start) % players
            found.append((state.placed, index))

    for seed in range(games):
        simlab.run(game, [policy] * players, seed=seed, on_action=watch)
    return found


def test_honest_never_uses_red_spaces():
    assert _red_places("honest") == []


def test_opportunist_uses_red_spaces_only_late_in_the_round():
    found = _red_places("opportunist")
    assert found, "the opportunist should use red spaces sometimes"
    # placed counts markers already placed (after this one): second markers, last two seats
    assert all(placed > 4 and index >= 2 for placed, index in found)


def test_greedy_uses_red_spaces_anywhere():
    found = _red_places("greedy")
    assert any(index < 2 for _, index in found)


def test_unknown_policy():
    assert make("lazy", 0) is None
    with pytest.raises(simlab.ConfigError, match="no policy 'lazy'"):
        simlab.load_game("hospital_rush", players=3).make_policy("lazy", 0)


def test_rule_of_thumb_beats_random():
    game = HospitalRushGame(players=3)
    wins = 0
    for seed in range(20):
        final = simlab.run(game, ["greedy", "random", "random"], seed=seed)
        wins += 0 in final.outcome.winners
    assert wins >= 12


def test_policies_choose_legal_actions_from_views():
    game = HospitalRushGame(players=3)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    policy = make("honest", 0)
    while state.current_player < 0:
        state.apply(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    assert policy.act(state.view(0), legal, rng) in legal
