"""Broom Service search players: evaluate, no peeking at role hands (the checks every game
shares are in ``tests/games/test_search_players.py``)."""

from __future__ import annotations

import simlab
from simlab.games.broom_service.evaluate import evaluate, projected_vp
from tests.games._search_checks import Poison, check_blind_to_hidden, decide, position

GAME = simlab.load_game("broom_service", players=3)


def test_evaluate_follows_the_vp_race():
    state = position(GAME, 1, 60)
    values = evaluate(state)
    vp = [projected_vp(state, s) for s in range(3)]
    assert max(range(3), key=lambda s: values[s]) == max(range(3), key=lambda s: vp[s])


def test_the_same_action_whatever_the_other_hands_hold():
    state, other = check_blind_to_hidden(GAME, seed=2, decisions=20)
    seat = state.current_player
    assert [h for s, h in enumerate(state.hands) if s != seat] != [
        h for s, h in enumerate(other.hands) if s != seat]  # the hidden hands differ


def test_determinizations_never_read_the_other_hands():
    state = position(GAME, 2, 20)
    seat = state.current_player
    for s, hand in enumerate(state.hands):
        if s != seat:
            state.hands[s] = [Poison() for _ in hand]
    assert any(state.hands[s] for s in range(3) if s != seat)

    def watch(s):
        assert not any(isinstance(c, Poison) for h in s.hands for c in h)
        return evaluate(s)

    assert state.is_legal(decide(GAME, state, 0, evaluate=watch))


def test_the_default_depth_sees_the_role_cards_chosen_played():
    """At a round's first card choice, depth 12 ends before any card is played (all 1/3)."""
    from dataclasses import replace

    import numpy as np

    from simlab.core.play import sample_chance
    from simlab.core.search import search

    state, rng = GAME.new_initial_state(), np.random.default_rng(0)
    while state.is_chance:
        state.apply(sample_chance(state.chance_outcomes(), rng))
    view = state.view(state.current_player)
    defaults = GAME.search_settings()
    blind = search(view, 1, replace(defaults, iterations=40, depth=12))
    assert {round(mean, 9) for _, visits, mean in blind.stats if visits} == {round(1 / 3, 9)}
    seeing = search(view, 1, replace(defaults, iterations=40))
    assert len({round(mean, 9) for _, visits, mean in seeing.stats if visits}) > 1


def test_rollout_heuristic_plays_alike_on_the_position_and_on_the_seats_view():
    """The rollouts hand the heuristic the position (``rollout_views=False``): it must
    choose as it does from the acting seat's view, the other hands redrawn or not."""
    import copy

    import numpy as np

    from tests.games._search_checks import decisions_of

    assert GAME.search_settings().rollout_views is False
    heuristic = GAME.make_policy("heuristic", 0)
    checked = 0
    for seed in range(2):
        for state, legal in decisions_of(GAME, seed, "heuristic"):
            seat = state.current_player
            redrawn = state.resample_hidden(seat, np.random.default_rng(seed))
            rng = np.random.default_rng(checked)
            wants = [heuristic.act(s, legal, copy.deepcopy(rng))
                     for s in (state.view(seat), state, redrawn)]
            assert wants[0] == wants[1] == wants[2], (seed, checked)
            checked += 1
    assert checked > 300
