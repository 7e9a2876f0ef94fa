"""Bedpans' own clone is a true copy in the positions with Stuff in play too.

The checks of :mod:`tests.games._clone_checks`, on every 5th position of a random game and
every one with a blocked door or a Stuff effect in play; the checks on the positions of
plain random games, as for every game, are in ``tests/games/test_clones.py``.
"""

from __future__ import annotations

import pytest

import simlab
from simlab.games.bedpans.rules import BedpansGame
from tests.games import _clone_checks as checks

ALL_STUFF = {"stuff_is_stuff": True, "elder_abilities": True, "roll_and_assign": True,
             "door_markers": True, "co_op_victory": True}


def positions(players: int, seed: int, views: bool = True, **options):
    """Every 5th position of a random game, and those with Stuff in play (and the acting
    seat's view of each, unless ``views`` is false)."""
    game = BedpansGame(players=players, **options)
    found = []

    def tick(state, actor, action, events):
        if len(found) < 400 and (len(found) % 5 == 0 or state.blocked or state.fx):
            found.append(state.clone())
            if views and state.current_player >= 0:
                found.append(state.view(state.current_player))

    simlab.run(game, None, seed=seed, on_action=tick)
    return found


@pytest.mark.parametrize(("players", "seed", "options"),
                         [(2, 1, {}), (4, 2, ALL_STUFF), (5, 3, {"limited_occupancy": True})])
def test_clone_equals_and_shares_nothing_mutable(players, seed, options):
    assert checks.check_clones(positions(players, seed, **options)) > 20


def test_the_clone_plays_on_and_the_original_stays_as_it_was():
    checks.check_clones_play_on_alone(positions(4, 7, views=False, **ALL_STUFF)[::7], seed=5)
