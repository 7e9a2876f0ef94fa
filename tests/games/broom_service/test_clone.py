"""Broom Service's clone redraws hidden hands as numpy's ``choice`` does (the checks every
game's clone passes are in ``tests/games/test_clones.py``)."""

from __future__ import annotations

from simlab.games.broom_service.rules import BroomServiceGame
from tests.games import _clone_checks as checks


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
