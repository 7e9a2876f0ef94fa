"""Broom Service ``resample_hidden`` draws what numpy's ``rng.choice`` draws.

The search results recorded for Broom Service rest on these draws: each redrawn hand
must be ``sorted(rng.choice(len(pool), size=len(hand), replace=False))`` of the seat's
pool of roles, and the generator must be left where numpy leaves it.
"""

from __future__ import annotations

import numpy as np

import simlab
from simlab.core.api import CHANCE, TERMINAL


def _numpy_resample(state, seat, rng):
    """The reference: every other seat's hand redrawn with ``rng.choice``, in seat order."""
    roles = state.game.roles
    hands = []
    for s, hand in enumerate(state.hands):
        if s == seat or not hand:
            hands.append(list(hand))
            continue
        excluded = state.excluded_roles(s)
        pool = [r for r in roles if r not in excluded]
        picks = rng.choice(len(pool), size=len(hand), replace=False)
        hands.append([pool[int(i)] for i in sorted(picks)])
    return hands


def _decisions(game, seed, every=7):
    """Some decision positions of a random game."""
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    i = 0
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[int(rng.integers(len(outcomes)))][0]
        else:
            legal = state.legal_actions()
            if i % every == 0:
                yield state
            action = legal[int(rng.integers(len(legal)))]
            i += 1
        state.apply(action, check=False)


def test_resample_hidden_draws_what_rng_choice_draws_over_many_seeds():
    checked = 0
    for players in (2, 3, 4, 5):
        game = simlab.load_game("broom_service", players=players)
        for seed in range(6):
            for state in _decisions(game, seed):
                seat = state.current_player
                view = state.view(seat)
                ours = np.random.default_rng(1000 * players + checked)
                numpy = np.random.default_rng(1000 * players + checked)
                other = view.resample_hidden(seat, ours)
                assert other.hands == _numpy_resample(view, seat, numpy)
                assert ours.random() == numpy.random()  # the generator is left alike
                checked += 1
    assert checked > 300
