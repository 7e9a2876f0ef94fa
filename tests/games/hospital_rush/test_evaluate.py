"""Hospital Rush ``evaluate`` and the honest search seat, against the prestige race by hand."""

from __future__ import annotations

import math

import pytest

import simlab
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.evaluate import (
    CURE_WEIGHT,
    EVALUATES,
    HONEST_MCTS,
    ITERATIONS,
    SKILL_WEIGHT,
    TILE_WEIGHT,
    evaluate,
    honest_candidates,
    honest_policy,
    honest_settings,
    outlook,
    prospects,
    settings,
)
from tests.games._search_checks import decisions_of
from tests.helpers.race_values import softmax

GAME = simlab.load_game("hospital_rush", players=3)


def test_the_goal_is_the_rulebooks_ten_prestige():
    assert GAME.goal == 10


def test_prestige_race_with_the_spread_worked_out_by_hand():
    state = GAME.new_initial_state()
    state.prestige = [4, 7, 1]  # 10 - 7 = 3 to go: spread 1.5 + 1
    assert evaluate(state) == pytest.approx(softmax([4, 7, 1], 2.5), rel=1e-12)
    state.prestige = [0, 1, 0]  # 9 to go: spread 1.5 + 3
    assert evaluate(state) == pytest.approx(softmax([0, 1, 0], 4.5), rel=1e-12)


def test_the_spread_stops_at_its_floor_at_and_past_the_goal():
    state = GAME.new_initial_state()
    for prestige in ([10, 8, 9], [12, 8, 9]):  # never less than 0 to go
        state.prestige = list(prestige)
        assert evaluate(state) == pytest.approx(softmax(prestige, 1.5), rel=1e-12)


def test_level_seats_get_level_chances_and_a_point_counts_the_same_anywhere():
    state = GAME.new_initial_state()
    state.prestige = [5, 5, 2]
    a, b, c = evaluate(state)
    assert a == b and math.log(a / c) == pytest.approx(3 / (1.5 + 5 / 3), rel=1e-12)


def test_settings_are_the_tuned_defaults():
    s = settings()
    # issue 33: depth 4 and outlook won against depth 12 and the bare race at half the CPU
    # (docs/search-speed.md, "Hospital Rush, pass 2: engine and a sharper evaluate")
    assert (s.iterations, s.exploration, s.depth, s.rollout, s.evaluate, s.candidates) == (
        ITERATIONS, 0.7, 4, "random", outlook, None)
    assert ITERATIONS == 100
    honest = honest_settings()
    assert honest.candidates is honest_candidates and honest.depth == 4
    assert honest.evaluate is outlook
    base = settings().__class__(iterations=7)
    assert honest_settings(base).iterations == 7 and honest_settings(base).candidates is (
        honest_candidates)


def test_honest_candidates_drop_exactly_the_seats_own_red_placements():
    red = GAME.red_spaces
    checked = 0
    for state, legal in decisions_of(GAME, 3):
        seat = state.current_player
        fair = honest_candidates(state, legal, seat)
        by_hand = [a for a in legal if not (isinstance(a, A.Place) and a.space in red)]
        assert fair == (by_hand or legal)
        assert honest_candidates(state, legal, (seat + 1) % 3) == legal
        checked += any(isinstance(a, A.Place) and a.space in red for a in legal)
        if checked > 20:
            break
    assert checked > 20


def test_a_seat_whose_every_placement_is_red_places_on_one():
    state = next(s for s, legal in decisions_of(GAME, 1)
                 if any(isinstance(a, A.Place) for a in legal))
    red = [a for a in state.legal_actions()
           if isinstance(a, A.Place) and a.space in GAME.red_spaces]
    assert red
    assert honest_candidates(state, red, state.current_player) == red


def test_the_honest_policy_follows_the_games_own_search_settings(monkeypatch):
    from dataclasses import replace

    monkeypatch.setattr(type(GAME), "search_settings",
                        lambda self: replace(settings(), iterations=7, exploration=0.2))
    policy = honest_policy(GAME, 0)
    assert (policy.settings.iterations, policy.settings.exploration) == (7, 0.2)
    assert policy.settings.candidates is honest_candidates


def test_the_honest_policy_is_the_games_mcts_searching_honestly():
    policy = honest_policy(GAME, 2)
    assert (policy.name, policy.seat, policy.game) == (HONEST_MCTS, 2, GAME)
    assert policy.settings == honest_settings(GAME.search_settings())
    assert policy.settings.candidates is honest_candidates


# -- outlook: the race on each seat's prospects ---------------------------------------------

def _bare_state():
    """A start position with no bucks in hand, so that prospects count only what a test sets."""
    state = GAME.new_initial_state()
    state.bucks = [0, 0, 0]
    return state


def test_a_patient_counts_its_prestige_by_the_share_of_its_cure_on_it():
    from simlab.games.hospital_rush.fields import Bed

    state = _bare_state()
    patient = next(p for p in GAME.patients.values() if sum(p.needs) >= 3)
    tiles = [min(n, 1) for n in patient.needs]  # one tile of each kind it needs
    share = sum(tiles) / sum(patient.needs)
    state.beds[2] = Bed(patient.name, tiles, patient_marker=2)
    state.beds[1] = Bed(patient.name, list(patient.needs))  # nobody's patient: no one's prospect
    assert prospects(state) == pytest.approx([0, 0, CURE_WEIGHT * patient.prestige * share])
    state.beds[2].tiles = [n + 2 for n in patient.needs]  # tiles beyond its needs add nothing
    assert prospects(state) == pytest.approx([0, 0, CURE_WEIGHT * patient.prestige])


def test_tiles_in_hand_and_skills_before_the_exam_count():
    state = _bare_state()
    state.prestige = [3, 0, 1]
    state.bucks, state.medicine = [4, 0, 0], [[0, 0, 0], [1, 2, 0], [0, 0, 0]]
    state.skills = [[], ["Pharmacy", "Finance"], ["Finance"]]
    state.exam = [False, False, True]  # seat 2 took its exam: its skill already paid
    assert prospects(state) == pytest.approx(
        [3 + 4 * TILE_WEIGHT, 3 * TILE_WEIGHT + 2 * SKILL_WEIGHT, 1])


def test_outlook_is_the_race_on_the_prospects_with_evaluates_spread():
    positions = 0
    for state, _legal in decisions_of(GAME, 2):
        to_go = max(GAME.goal - max(state.prestige), 0)
        assert outlook(state) == pytest.approx(softmax(prospects(state), 1.5 + to_go / 3),
                                               rel=1e-9)
        positions += 1
        if positions > 60:
            break
    assert positions > 60


def test_the_named_evaluates():
    assert {"race": evaluate, "outlook": outlook} == EVALUATES
