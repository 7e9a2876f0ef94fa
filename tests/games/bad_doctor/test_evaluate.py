"""Bad Doctor's evaluates: each doctor's value against the Score Pile race worked out by hand."""

from __future__ import annotations

import math

import pytest

import simlab
from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.evaluate import (
    CURED_FROM_HAND,
    DIES_ON_ANOTHERS_TURN,
    DIES_ON_OWNERS_TURN,
    EVALUATES,
    NEAR_CURE,
    ON_BOARD,
    TURN_WAIT,
    curer,
    evaluate,
    evaluate_cures_and_deaths,
    evaluate_cures_in_hand,
    marker_values,
    settings,
)
from tests.games._search_checks import decisions_of, position
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


# -- the sharper evaluate: markers valued by their Patient's outlook ------------------------

def _patient_with(state, index, owners, open_after=0):
    """Patient ``index`` with a tile per owner on its spaces (``open_after`` left open)."""
    p = state.hospital[index]
    p.spaces = {i: ("red", p.id) for i in range(1, len(owners) + open_after + 1)}
    p.junctions = {i: ("T01", owner) for i, owner in enumerate(owners, 1)}
    return p


def _bare(players=3):
    state = _state(players)
    state.hospital[:] = state.hospital[:1]
    return state


def test_a_cured_patient_scores_the_seat_to_act_and_sends_the_others_home():
    state = _bare()
    state.seat = 1
    _patient_with(state, 0, [0, 1, 1, 2])
    assert marker_values(state) == [0.0, 2.0, 0.0]


def test_a_patient_dying_at_this_turns_end_scores_the_others_and_costs_the_seat_to_act():
    state = _bare()
    state.seat = 2
    p = _patient_with(state, 0, [0, 0, 1, 2], open_after=1)
    p.complication_cubes, p.visited = p.cube_spaces, False
    assert marker_values(state) == pytest.approx([2.0, 1.0, -0.1])
    p.visited = True  # visited this turn: no cube, so it dies on the next turn (seat 0's)
    assert marker_values(state) == pytest.approx(
        [2 * DIES_ON_OWNERS_TURN, DIES_ON_ANOTHERS_TURN, DIES_ON_ANOTHERS_TURN])


def test_one_space_left_for_cubes_on_an_unvisited_patient_means_death_next_turn():
    state = _bare()
    state.seat = 0
    p = _patient_with(state, 0, [0, 1, 2], open_after=2)
    p.complication_cubes, p.visited = p.cube_spaces - 1, False
    assert marker_values(state) == pytest.approx(
        [DIES_ON_ANOTHERS_TURN, DIES_ON_OWNERS_TURN, DIES_ON_ANOTHERS_TURN])
    p.visited = True  # visited: no cube this turn, one space still free next turn
    near = NEAR_CURE[1]  # two open spaces; seat 0 acts, seat 1 next, seat 2 after two
    assert marker_values(state) == pytest.approx(
        [near, near * (1 - TURN_WAIT), near * (1 - 2 * TURN_WAIT)])


def test_other_markers_weigh_the_open_spaces_and_the_turns_to_wait():
    state = _bare()
    state.seat = 1
    for open_spaces in (1, 2, 3, 4, 6):
        p = _patient_with(state, 0, [0, 1, 2], open_after=open_spaces)
        p.complication_cubes, p.visited = 0, False
        near = NEAR_CURE[min(open_spaces, 4) - 1]
        # seat 1 acts now, seat 2 next (one turn), seat 0 after two
        assert marker_values(state) == pytest.approx(
            [near * (1 - 2 * TURN_WAIT), near, near * (1 - TURN_WAIT)])
    assert tuple(sorted(NEAR_CURE, reverse=True)) == NEAR_CURE  # nearer a cure, worth more


def test_the_sharper_evaluate_is_the_race_on_the_valued_markers():
    game = simlab.load_game("bad_doctor", players=3)
    for seed in range(3):
        state = position(game, seed, 40)
        values = marker_values(state)
        scores = [state.score_pile[s] + values[s] - state.removed[s] / 10 for s in range(3)]
        spread = 0.75 + max(8 - max(state.score_pile), 0) / 3
        assert evaluate_cures_and_deaths(state) == pytest.approx(softmax(scores, spread),
                                                                 rel=1e-9)
        assert values != [0.5 * m for m in state.markers_on_board()]  # not the old half each


def test_markers_on_board_are_each_seats_markers_counted_afresh():
    """The one-pass count against ``on_board`` and the marker spaces, along played games."""
    game = simlab.load_game("bad_doctor", players=4)
    seen = 0
    for seed in range(3):
        for state, _ in decisions_of(game, seed, "random"):
            fresh = [sum(len(board.marker_spaces(p, s)) for p in state.hospital)
                     for s in range(4)]
            assert state.markers_on_board() == fresh
            assert [state.on_board(s) for s in range(4)] == fresh
            seen += sum(fresh)
    assert seen > 100, "too few markers on Patients to compare"


def test_evaluates_are_named_for_the_benchmarks():
    assert {"race": evaluate, "cures_and_deaths": evaluate_cures_and_deaths,
            "cures_in_hand": evaluate_cures_in_hand} == EVALUATES


def test_a_cure_in_hand_goes_to_the_first_doctor_in_turn_order_who_holds_it():
    state = _bare()
    game = state.game
    one_red = next(t for t, tile in game.tiles.items() if tile.ends == ("red",))
    two_ended = next(t for t, tile in game.tiles.items()
                     if len(tile.ends) == 2 and "red" in tile.ends)
    p = _patient_with(state, 0, [0, 1, 2], open_after=1)  # one red space open
    p.complication_cubes, p.visited = 0, False
    state.seat, state.actions_left = 1, 1
    state.hands = [[one_red], [two_ended], [one_red]]  # seat 1's tile opens a space: no cure
    assert curer(state, p, [1, 1, 1]) == 2
    assert marker_values(state, read_hands=True) == pytest.approx([0.0, 0.0, CURED_FROM_HAND])
    state.hands[1] = [one_red]
    assert curer(state, p, [1, 1, 1]) == 1
    state.actions_left = 0  # seat 1 has no action left: seat 2 comes first
    assert curer(state, p, [1, 1, 1]) == 2
    assert curer(state, p, [1, 1, 0]) == 0  # seat 2 has no marker there: it waits
    state.hands = [[], [], []]
    assert curer(state, p, [1, 1, 1]) is None
    assert marker_values(state, read_hands=True) == marker_values(state)
