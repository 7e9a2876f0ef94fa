"""Hospital Rush draws a patient without building every outcome (``_sample_chance``):
it must draw exactly what ``sample_chance`` draws from the outcomes, from the same generator,
using it alike (the games a seed plays must not change)."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.api import CHANCE
from simlab.core.chance import sample_chance
from simlab.games.hospital_rush.rules import HospitalRushGame, Phase


def chance_nodes(players: int, seed: int):
    """Every chance position of a random game (copies)."""
    found = []

    def tick(state, actor, action, events):
        if state.current_player == CHANCE:
            found.append(state.clone())

    simlab.run(HospitalRushGame(players=players), None, seed=seed, on_action=tick)
    return found


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (4, 5), (5, 6)])
def test_the_draw_is_that_of_the_outcomes_and_uses_the_generator_alike(players, seed):
    phases, beds = set(), set()
    for i, state in enumerate(chance_nodes(players, seed)):
        mine, theirs = np.random.default_rng(i), np.random.default_rng(i)
        outcomes = state.chance_outcomes()
        for _ in range(3):
            assert state._sample_chance(mine) == sample_chance(outcomes, theirs)
        assert mine.random() == theirs.random()  # the same use of the generator
        phases.add(state.phase)
        beds.add(state.beds.index(None) if None in state.beds else None)
    assert {Phase.BOARDS, Phase.BEDS} <= phases
    assert {0, 1, 2, 3} <= beds  # every bed refilled at some point
