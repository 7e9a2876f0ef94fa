"""Bedpans draws its chance outcomes without making them all (``BedpansState._sample_chance``):
it must draw exactly what ``sample_chance`` draws from the outcomes, from the same generator,
using it alike (the games a seed plays must not change)."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.api import CHANCE
from simlab.core.chance import sample_chance
from simlab.games.bedpans.rules import BedpansGame

ALL_STUFF = {"stuff_is_stuff": True, "elder_abilities": True, "roll_and_assign": True,
             "assign_for": "everyone", "door_markers": True}


def chance_nodes(players: int, seed: int, **options):
    """Every chance position of a random game (copies)."""
    found = []

    def tick(state, actor, action, events):
        if state.current_player == CHANCE:
            found.append(state.clone())

    simlab.run(BedpansGame(players=players, **options), None, seed=seed, on_action=tick)
    return found


@pytest.mark.parametrize(("players", "seed", "options"),
                         [(2, 4, {}), (4, 5, {}), (4, 6, ALL_STUFF), (5, 7, ALL_STUFF)])
def test_the_draw_is_that_of_the_outcomes_and_uses_the_generator_alike(players, seed, options):
    kinds = set()
    for i, state in enumerate(chance_nodes(players, seed, **options)):
        mine, theirs = np.random.default_rng(i), np.random.default_rng(i)
        outcomes = state.chance_outcomes()
        for _ in range(3):
            assert state._sample_chance(mine) == sample_chance(outcomes, theirs)
        assert mine.random() == theirs.random()  # the same use of the generator
        kinds.add(state.need.draw)
    assert {"stuff", "roll", "tile"} <= kinds
    if options:
        assert {"elevator", "exit"} <= kinds  # the Elevator and Exit tiles of the Exit signs
