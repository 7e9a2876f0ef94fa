"""What every game's search player keeps: evaluate gives a chance per seat, nothing hidden
is read where nothing is hidden, and a seed plays the same game with a search seat.

Each game's own checks (its evaluate following its race, no peeking at what it hides)
are in ``<game>/test_search.py``.
"""

from __future__ import annotations

import pytest

import simlab
from tests.games._search_checks import check_evaluate, check_nothing_hidden, position


def evaluate_of(state: simlab.State) -> list[float]:
    return state.game.search_settings().evaluate(state)


@pytest.mark.parametrize(("name", "seeds"), [("bad_doctor", 3), ("bedpans", 2),
                                             ("broom_service", 3), ("hospital_rush", 3)])
def test_evaluate_is_a_chance_per_seat(name, seeds):
    check_evaluate(simlab.load_game(name, players=3), seeds=range(seeds))


@pytest.mark.parametrize(("name", "field", "seat", "more"), [("bad_doctor", "score_pile", 1, 3),
                                                             ("hospital_rush", "prestige", 2, 4)])
def test_evaluate_follows_the_race(name, field, seat, more):
    """A seat given more of what wins (Score Pile, prestige) is rated higher."""
    state = position(simlab.load_game(name, players=3), 2, 10)
    base = evaluate_of(state)[seat]
    getattr(state, field)[seat] += more
    assert evaluate_of(state)[seat] > base


@pytest.mark.parametrize("name", ["bad_doctor", "hospital_rush"])
def test_nothing_is_hidden_so_the_view_decides_as_the_state_does(name):
    check_nothing_hidden(simlab.load_game(name, players=3))


@pytest.mark.parametrize(("name", "players", "options", "policies", "seed"), [
    ("bad_doctor", 3, {}, ["mcts-3", "greedy", "cautious"], 8),
    ("bedpans", 2, {"round_limit": 4}, ["heuristic", "mcts-2"], 3),
    ("broom_service", 2, {}, ["mcts-3", "heuristic"], 8),
    ("hospital_rush", 3, {}, ["greedy", "mcts-3", "honest"], 8),
])
def test_same_seed_same_game_with_a_search_seat(name, players, options, policies, seed):
    game = simlab.load_game(name, players=players, **options)
    a = simlab.play(game, policies, seed=seed)
    assert a.to_json() == simlab.play(game, policies, seed=seed).to_json()
