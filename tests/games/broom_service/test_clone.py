"""Broom Service's own clone (``BroomServiceState.clone``,
written out for its fields) is a true copy.
"""

from __future__ import annotations

import pytest

from simlab.games.broom_service import rules
from simlab.games.broom_service.rules import BroomServiceGame
from tests.games import _clone_checks as checks


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_clone_equals_and_shares_nothing_mutable(players, seed):
    game = BroomServiceGame(players=players)
    assert checks.check_clone_is_equal_and_shares_nothing(game, seed) > 20


def test_the_clone_plays_on_and_the_original_stays_as_it_was():
    checks.check_clone_plays_on_alone(BroomServiceGame(players=3), seed=5)


def test_a_field_the_clone_does_not_know_is_copied_too():
    checks.check_unknown_field_is_copied(BroomServiceGame(players=2))


def test_the_clone_knows_every_field_a_state_sets():
    state = BroomServiceGame(players=4).new_initial_state()
    assert set(vars(state)) == rules._FIELDS


def test_resample_hidden_draws_the_hands_rng_choice_draws():
    import numpy as np

    game = BroomServiceGame(players=4)
    for state in checks.positions(game, seed=4, every=5, views=False):
        seat = max(state.current_player, 0)
        ours, numpy = np.random.default_rng(8), np.random.default_rng(8)
        other = state.resample_hidden(seat, ours)
        for s, hand in enumerate(state.hands):
            if s == seat or not hand:
                continue
            pool = [r for r in game.roles if r not in state.excluded_roles(s)]
            picks = numpy.choice(len(pool), size=len(hand), replace=False)
            assert other.hands[s] == [pool[i] for i in sorted(int(i) for i in picks)]
        assert ours.random() == numpy.random()
