"""Hospital Rush search players: evaluate, nothing hidden to peek at, determinism."""

from __future__ import annotations

import simlab
from simlab.games.hospital_rush.evaluate import evaluate
from tests.games._search_checks import check_evaluate, check_nothing_hidden, position

GAME = simlab.load_game("hospital_rush", players=3)


def test_evaluate_is_a_chance_per_seat():
    check_evaluate(GAME)
    values = evaluate(position(GAME, 1, 20))
    assert abs(sum(values) - 1) < 1e-9


def test_nothing_is_hidden_so_the_view_decides_as_the_state_does():
    check_nothing_hidden(GAME)


def test_evaluate_follows_the_prestige_race():
    state = position(GAME, 2, 10)
    base = evaluate(state)[2]
    state.prestige[2] += 4
    assert evaluate(state)[2] > base


def test_same_seed_same_game_with_a_search_seat():
    a = simlab.play(GAME, ["greedy", "mcts-3", "honest"], seed=8)
    assert a.to_json() == simlab.play(GAME, ["greedy", "mcts-3", "honest"], seed=8).to_json()
