"""The play loop: seeds, policies and what policies get to see."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.play import make_policies, sample_chance
from simlab.core.policies import FunctionPolicy


def test_same_seed_same_record_different_seed_differs():
    game = simlab.load_game("dice_race", players=4)
    a = simlab.play(game, seed=3)
    assert simlab.play(game, seed=3).to_json() == a.to_json()
    assert any(simlab.play(game, seed=s).actions != a.actions for s in range(4, 8))


def test_play_leaves_global_random_state_alone():
    import random

    before_np, before_py = np.random.get_state()[1].copy(), random.getstate()
    simlab.play(simlab.load_game("dice_race"), seed=1)
    assert (np.random.get_state()[1] == before_np).all() and random.getstate() == before_py


def test_policies_receive_views_not_the_state():
    seen = []

    def spy(view, legal, rng):
        seen.append(view.cards)
        return legal[0]

    game = simlab.load_game("dice_race", players=2)
    simlab.play(game, [FunctionPolicy(spy), "random"], seed=5)
    assert seen and all(cards[1] is None or cards[1] in (1, 2, 3, 4) for cards in seen)
    assert any(cards[1] is None for cards in seen)


def test_policy_count_and_names_are_checked():
    game = simlab.load_game("dice_race", players=3)
    with pytest.raises(simlab.ConfigError, match="needs 3 policies, not 2"):
        make_policies(game, ["random", "random"])
    with pytest.raises(simlab.ConfigError, match="has no policy 'genius'"):
        simlab.play(game, "genius")
    with pytest.raises(simlab.ConfigError, match="seed must be >= 0"):
        simlab.play(game, seed=-1)


def test_sample_chance_follows_probabilities():
    from fractions import Fraction as F

    rng = np.random.default_rng(0)
    outcomes = [("a", F(1, 4)), ("b", F(3, 4))]
    draws = [sample_chance(outcomes, rng) for _ in range(20000)]
    share = draws.count("a") / len(draws)
    assert 0.23 < share < 0.27  # 0.25 +- 5 standard errors


def test_run_calls_hook_for_every_action():
    game = simlab.load_game("dice_race")
    calls = []
    final = simlab.run(game, seed=2, on_action=lambda s, p, a, e: calls.append(str(a)))
    assert calls == simlab.play(game, seed=2).actions
    assert final.outcome is not None
