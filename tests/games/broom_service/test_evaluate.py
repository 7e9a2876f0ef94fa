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
from tests.helpers.race_values import softmax

GAME = simlab.load_game("broom_service", players=3)


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
    assert evaluate(state) == pytest.approx(softmax(by_hand, spread), rel=1e-12)
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
        assert evaluate(state) == pytest.approx(softmax(vp, spread), rel=1e-9)
        assert state.round >= 1


def test_settings_are_the_tuned_defaults():
    s = settings()
    assert (s.iterations, s.exploration, s.depth, s.rollout, s.evaluate, s.rollout_views) == (
        ITERATIONS, EXPLORATION, DEPTH, ROLLOUT, evaluate, False)
    assert (ITERATIONS, EXPLORATION, DEPTH, ROLLOUT) == (50, 0.25, 40, "heuristic")


def _at_a_role_play(seed: int = 0):
    from simlab.games.broom_service import actions as A
    from tests.games._search_checks import decisions_of

    for state, legal in decisions_of(GAME, seed):
        if any(isinstance(a, A.PlayRole) for a in legal):
            return state, legal
    raise AssertionError("no role card played")


def test_role_candidates_keep_the_seats_own_plays_of_one_kind_and_everything_else():
    from simlab.games.broom_service import actions as A
    from simlab.games.broom_service.evaluate import brave_candidates, cowardly_candidates

    state, legal = _at_a_role_play()
    seat = state.current_player
    for pick, brave in ((brave_candidates, True), (cowardly_candidates, False)):
        kept = pick(state, legal, seat)
        assert kept == [a for a in legal if not isinstance(a, A.PlayRole) or a.brave == brave]
        assert len(kept) < len(legal)
        assert pick(state, legal, (seat + 1) % 3) == legal  # another seat's decision
    only_cowardly = [a for a in legal if isinstance(a, A.PlayRole) and not a.brave]
    assert brave_candidates(state, only_cowardly, seat) == only_cowardly  # nothing else left


def test_role_search_names_budgets_and_errors(monkeypatch):
    from dataclasses import replace

    from simlab.core.errors import ConfigError
    from simlab.games.broom_service.evaluate import (
        brave_candidates,
        cowardly_candidates,
        is_role_search_name,
        role_search_policy,
        role_settings,
    )

    assert [is_role_search_name(n) for n in ("mcts-brave-1", "mcts-cowardly", "mcts-brave-",
                                             "mcts-bravex", "xmcts-brave")] == [
        True, True, False, False, False]
    one = role_search_policy(GAME, "mcts-brave-1", 1)
    assert (one.name, one.seat, one.game, one.settings.iterations) == ("mcts-brave-1", 1, GAME, 1)
    assert one.settings.candidates is brave_candidates
    plain = role_search_policy(GAME, "mcts-cowardly", 0)
    assert plain.settings == replace(settings(), candidates=cowardly_candidates)
    base = replace(settings(), exploration=0.5)
    assert role_settings(False, base) == replace(base, candidates=cowardly_candidates)
    assert role_settings(True) == replace(settings(), candidates=brave_candidates)
    with pytest.raises(ConfigError, match=r"^policy 'mcts-bold': role-restricted search players "
                       r"are mcts-brave, mcts-cowardly, mcts-brave-N and mcts-cowardly-N$"):
        role_search_policy(GAME, "mcts-bold", 0)
    with pytest.raises(ConfigError, match=r"^policy 'mcts-brave-0': needs N >= 1 iterations$"):
        role_search_policy(GAME, "mcts-brave-0", 0)
    timed = replace(settings(), iterations=None, seconds=0.5)
    monkeypatch.setattr(type(GAME), "search_settings", lambda self: timed)
    counted = role_search_policy(GAME, "mcts-brave-7", 0).settings
    assert (counted.iterations, counted.seconds) == (7, None)
    assert role_search_policy(GAME, "mcts-brave", 0).settings.seconds == 0.5
