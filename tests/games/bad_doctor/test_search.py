"""Bad Doctor search players: evaluate, nothing hidden to peek at, determinism."""

from __future__ import annotations

import simlab
from simlab.games.bad_doctor.evaluate import evaluate
from tests.games._search_checks import check_evaluate, check_nothing_hidden, position

GAME = simlab.load_game("bad_doctor", players=3)


def test_evaluate_is_a_chance_per_seat():
    check_evaluate(GAME)
    values = evaluate(position(GAME, 1, 20))
    assert abs(sum(values) - 1) < 1e-9


def test_nothing_is_hidden_so_the_view_decides_as_the_state_does():
    check_nothing_hidden(GAME)


def test_evaluate_follows_the_score_pile_race():
    state = position(GAME, 2, 10)
    base = evaluate(state)[1]
    state.score_pile[1] += 3
    assert evaluate(state)[1] > base


def test_same_seed_same_game_with_a_search_seat():
    a = simlab.play(GAME, ["mcts-3", "greedy", "cautious"], seed=8)
    assert a.to_json() == simlab.play(GAME, ["mcts-3", "greedy", "cautious"], seed=8).to_json()


def test_a_study_with_search_seats_gives_the_same_numbers_whatever_jobs():
    kw = dict(games=2, seed=5, players=("2",), policy="mcts-2")
    one = simlab.run_study("bad-doctor-seats", jobs=1, **kw)
    two = simlab.run_study("bad-doctor-seats", jobs=2, **kw)
    assert one.games.equals(two.games)
