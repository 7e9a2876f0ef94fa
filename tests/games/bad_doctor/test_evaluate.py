"""Bad Doctor ``evaluate``: each doctor's value against the Score Pile race worked out by hand."""

from __future__ import annotations

import math

import pytest

import simlab
from simlab.games.bad_doctor.evaluate import ON_BOARD, evaluate, settings
from tests.games._search_checks import position
from tests.helpers.race_values import softmax


def _state(players: int = 3, **options):
    return simlab.load_game("bad_doctor", players=players, **options).new_initial_state()


def _set(state, piles, on_board, removed):
    state.score_pile[:] = piles
    state.removed[:] = removed
    state.markers_on_board = lambda: list(on_board)  # markers on Patients, by hand


def test_scores_weigh_the_pile_the_markers_on_patients_and_deaths():
    state = _state()
    _set(state, [3, 5, 1], on_board=[2, 0, 4], removed=[0, 2, 1])
    # 3 + 2/2 - 0, 5 + 0 - 0.2, 1 + 4/2 - 0.1; 8 - 5 = 3 to go: spread 0.75 + 1
    expected = softmax([4.0, 4.8, 2.9], 1.75)
    assert evaluate(state) == pytest.approx(expected, rel=1e-12)
    assert ON_BOARD == 0.5


def test_the_spread_shrinks_to_its_floor_at_and_past_the_goal():
    state = _state(players=2)
    _set(state, [8, 6], on_board=[0, 1], removed=[0, 0])
    assert evaluate(state) == pytest.approx(softmax([8.0, 6.5], 0.75), rel=1e-12)
    state.score_pile[:] = [10, 6]  # past the goal: still 0 to go, never less
    assert evaluate(state) == pytest.approx(softmax([10.0, 6.5], 0.75), rel=1e-12)


def test_the_goal_option_sets_how_far_the_race_has_to_go():
    state = _state(players=2, goal=14)
    _set(state, [2, 0], on_board=[0, 0], removed=[0, 0])
    assert evaluate(state) == pytest.approx(softmax([2.0, 0.0], 0.75 + 12 / 3), rel=1e-12)
    assert evaluate(_state(players=2, goal=14)) == [0.5, 0.5]


def test_tie_break_fewer_markers_removed_by_deaths_ranks_first():
    """Equal piles and markers: the doctor with fewer deaths leads, by 0.1 a death."""
    state = _state(players=3)
    _set(state, [4, 4, 4], on_board=[2, 2, 2], removed=[1, 0, 3])
    values = evaluate(state)
    assert values[1] > values[0] > values[2]
    spread = 0.75 + (8 - 4) / 3
    assert values == pytest.approx(softmax([4.9, 5.0, 4.7], spread), rel=1e-12)
    assert math.log(values[1] / values[0]) == pytest.approx(0.1 / spread, rel=1e-9)


def test_markers_on_patients_count_half_a_scored_one():
    state = _state(players=2)
    _set(state, [3, 2], on_board=[0, 2], removed=[0, 0])  # 3 against 2 + 2/2: level
    assert evaluate(state) == pytest.approx([0.5, 0.5], abs=1e-15)


def test_a_played_position_is_scored_from_its_own_piles_and_markers():
    game = simlab.load_game("bad_doctor", players=3)
    for seed in range(2):
        state = position(game, seed, 40)
        scores = [state.score_pile[s] + state.on_board(s) / 2 - state.removed[s] / 10
                  for s in range(3)]
        spread = 0.75 + max(8 - max(state.score_pile), 0) / 3
        assert evaluate(state) == pytest.approx(softmax(scores, spread), rel=1e-9)
        assert any(state.on_board(s) for s in range(3)), "no marker on a Patient to count"


def test_settings_are_the_tuned_defaults():
    s = settings()
    assert (s.iterations, s.exploration, s.depth, s.rollout, s.evaluate) == (
        100, 0.7, 12, "random", evaluate)
