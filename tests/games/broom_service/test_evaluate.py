"""Broom Service ``evaluate``: the VP race, end scoring included, worked out by hand."""

from __future__ import annotations

import math

import pytest

import simlab
from simlab.games.broom_service.evaluate import (
    DEPTH,
    EXPLORATION,
    ITERATIONS,
    ROLLOUT,
    SPREAD_PER_ROUND,
    evaluate,
    projected_vp,
    settings,
)
from tests.games._search_checks import position

GAME = simlab.load_game("broom_service", players=3)


def _softmax(scores: list[float], spread: float) -> list[float]:
    """The race values written out: ``exp(score / spread)`` shared out (no max shifted off)."""
    weights = [math.exp(s / spread) for s in scores]
    return [w / sum(weights) for w in weights]


def _hand_built(round_: int):
    """Three seats: VP 10 / 14 / 12, clouds with 3 / 1 / 0 lightning symbols, sets by hand."""
    state = GAME.new_initial_state()
    lightning = {c: GAME.clouds[c].lightning for c in GAME.clouds}
    one = [c for c, n in lightning.items() if n == 1][:3]
    state.round = round_
    state.vp = [10, 14, 12]
    state.charmed = [list(one), [one[0]], []]
    state.potions = [[2, 1, 0], [1, 1, 1], [2, 2, 2]]
    state.wands = [1, 1, 0]
    # lightning 3 -> 7 VP, 1 -> 2 VP (the rulebook's track 0, 2, 4, 7, ...);
    # sets: {2,1,0}+1 wand: one set of 3 (2 VP); {1,1,1}+1: one set of 4 (4 VP);
    # {2,2,2}+0: two sets of 3 (4 VP)
    return state, [10 + 7 + 2, 14 + 2 + 4, 12 + 0 + 4]


def test_projected_vp_adds_lightning_and_resource_sets_to_the_vp():
    state, by_hand = _hand_built(3)
    assert GAME.data.lightning[:4] == (0, 2, 4, 7)
    assert [projected_vp(state, s) for s in range(3)] == by_hand == [19, 20, 16]


@pytest.mark.parametrize(("round_", "rounds_left"), [(0, 7), (3, 4), (7, 0), (9, 0)])
def test_the_spread_is_two_and_a_half_vp_per_round_left_plus_one(round_, rounds_left):
    state, by_hand = _hand_built(round_)
    spread = 2.5 * (rounds_left + 1)
    assert evaluate(state) == pytest.approx(_softmax(by_hand, spread), rel=1e-12)
    assert SPREAD_PER_ROUND == 2.5


def test_tie_break_level_projected_vp_get_level_chances_whatever_makes_them():
    """19 VP from VP alone and 19 from VP, lightning and sets: the same chance."""
    state, _ = _hand_built(5)
    state.vp = [10, 15, 15]  # 19, 21, 19
    values = evaluate(state)
    assert values[0] == pytest.approx(values[2], rel=1e-15)
    assert math.log(values[1] / values[0]) == pytest.approx(2 / (2.5 * 3), rel=1e-12)


def test_a_played_position_is_scored_from_its_own_end_scoring():
    for seed in range(2):
        state = position(GAME, seed, 60)
        vp = []
        for s in range(3):
            symbols = sum(GAME.clouds[c].lightning for c in state.charmed[s])
            track = GAME.data.lightning
            vp.append(state.vp[s] + track[min(symbols, len(track) - 1)]
                      + state.end_scoring(s)["sets_vp"])
        assert [projected_vp(state, s) for s in range(3)] == vp
        spread = 2.5 * (max(7 - state.round, 0) + 1)
        assert evaluate(state) == pytest.approx(_softmax(vp, spread), rel=1e-9)
        assert state.round >= 1


def test_settings_are_the_tuned_defaults():
    s = settings()
    assert (s.iterations, s.exploration, s.depth, s.rollout, s.evaluate, s.rollout_views) == (
        ITERATIONS, EXPLORATION, DEPTH, ROLLOUT, evaluate, False)
    assert (ITERATIONS, EXPLORATION, DEPTH, ROLLOUT) == (50, 0.25, 40, "heuristic")
