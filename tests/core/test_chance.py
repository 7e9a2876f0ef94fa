"""Chance draws: uniform_index as sample_chance draws, integer_below as rng.integers draws."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import simlab
from simlab.core.chance import (
    choose_indices,
    integer_below,
    sample_chance,
    spawned_generators,
    uniform_index,
)
from simlab.core.errors import SimlabError
from simlab.core.policies import RandomPolicy


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937, np.random.Philox])
def test_integer_below_draws_what_rng_integers_draws_mixed_with_other_draws(bits):
    sizes = [1, 2, 3, 5, 7, 37, 1000, 2**31 + 5, 3_000_000_000, 2**32 - 1, 2**32, 2**40]
    plan = np.random.default_rng(99)
    for seed in range(20):
        ours, numpy = np.random.Generator(bits(seed)), np.random.Generator(bits(seed))
        for _ in range(200):
            n = sizes[int(plan.integers(len(sizes)))]
            assert integer_below(n, ours) == int(numpy.integers(n))
            if plan.random() < 0.25:  # numpy's own draws in between: the buffered half-word
                assert ours.random() == numpy.random()
                assert ours.integers(2**32 - 1) == numpy.integers(2**32 - 1)
        assert ours.integers(1000, size=8).tolist() == numpy.integers(1000, size=8).tolist()


def test_integer_below_takes_many_generators_alive_at_once():
    gens = [np.random.default_rng(s) for s in range(150)]  # more than its table keeps
    twins = [np.random.default_rng(s) for s in range(150)]
    for _ in range(3):
        for g, t in zip(gens, twins, strict=True):
            assert integer_below(6, g) == int(t.integers(6))


def test_random_policy_picks_what_rng_integers_picks():
    legal = list("abcdefg")
    a, b = np.random.default_rng(4), np.random.default_rng(4)
    picks = [RandomPolicy().act(None, legal, a) for _ in range(300)]
    assert picks == [legal[int(b.integers(len(legal)))] for _ in range(300)]


@pytest.mark.parametrize("bits", [np.random.PCG64, np.random.MT19937, np.random.Philox])
def test_uniform_index_draws_what_rng_random_draws_mixed_with_other_draws(bits):
    plan = np.random.default_rng(7)
    for seed in range(30):
        ours, numpy = np.random.Generator(bits(seed)), np.random.Generator(bits(seed))
        for _ in range(40):
            n = int(plan.integers(1, 60))
            expected = sample_chance([(i, Fraction(1, n)) for i in range(n)], numpy)
            assert uniform_index(n, ours) == expected
            if plan.random() < 0.3:  # a bounded integer between (a half-word kept)
                assert integer_below(9, ours) == int(numpy.integers(9))
        assert ours.random() == numpy.random()


def test_uniform_index_draws_what_sample_chance_draws():
    for n in (1, 2, 3, 10, 37):
        a, b = np.random.default_rng(n), np.random.default_rng(n)
        outcomes = [(i, Fraction(1, n)) for i in range(n)]
        assert [uniform_index(n, a) for _ in range(200)] == [
            sample_chance(outcomes, b) for _ in range(200)
        ]


def test_random_play_is_the_same_game_for_the_same_seed():
    game = simlab.load_game("bad_doctor", players=2)
    assert simlab.play(game, seed=3).actions == simlab.play(game, seed=3).actions


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**32 - 1, 2**32, 2**63 - 1, 2**64 + 3,
                                  2**127 + 5, 2**128, 2**200 + 99])
def test_spawned_generators_are_numpys_streams(seed):
    ours = spawned_generators(seed, 6)
    theirs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(6)]
    assert [g.bit_generator.state for g in ours] == [g.bit_generator.state for g in theirs]
    assert [int(g.integers(1000)) for g in ours] == [int(g.integers(1000)) for g in theirs]


def test_spawned_generators_match_on_many_seeds():
    rng = np.random.default_rng(3)
    for seed in [*range(200), *(int(s) for s in rng.integers(0, 2**63, 200))]:
        ours = spawned_generators(seed, 3)
        theirs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(3)]
        assert [g.bit_generator.state for g in ours] == [
            g.bit_generator.state for g in theirs], seed


def test_a_seed_sequence_pool_gives_32_bit_words_too():
    from simlab.core.chance import _Pool

    pool = np.random.SeedSequence(9).pool
    assert (_Pool([int(w) for w in pool]).generate_state(5)
            == np.random.SeedSequence(9).generate_state(5)).all()


def test_spawned_generators_refuse_a_negative_seed():
    with pytest.raises(SimlabError, match="seed must be >= 0"):
        spawned_generators(-1, 2)


def test_choose_indices_draws_what_rng_choice_draws():
    plan = np.random.default_rng(1)
    for seed in range(200):
        ours, numpy = np.random.default_rng(seed), np.random.default_rng(seed)
        for _ in range(15):
            n = int(plan.integers(0, 40))
            k = int(plan.integers(0, n + 1))
            picks = numpy.choice(n, size=k, replace=False)
            assert choose_indices(n, k, ours) == sorted(int(i) for i in picks), (n, k)
            if plan.random() < 0.3:  # the generator is left where numpy leaves it
                assert ours.random() == numpy.random()
        assert ours.integers(1000, size=5).tolist() == numpy.integers(1000, size=5).tolist()
