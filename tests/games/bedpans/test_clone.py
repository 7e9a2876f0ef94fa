"""Bedpans' own clone (``BedpansState.clone``, written out for its fields) is a true copy.

It must equal the original, share no mutable value with it at any depth, and leave the
original untouched while the copy plays on; a field it does not know is copied the
generic way.
"""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.api import CHANCE, TERMINAL, State
from simlab.games.bedpans import rules
from simlab.games.bedpans.rules import BedpansGame

ALL_STUFF = {"stuff_is_stuff": True, "elder_abilities": True, "roll_and_assign": True,
             "door_markers": True, "co_op_victory": True}
MUTABLE = (list, dict, set)


def shared_mutables(a, b, path="state"):
    """Paths where ``a`` and ``b`` hold the very same list, dict or set."""
    out = []
    if isinstance(a, MUTABLE) and a is b:
        return [path]
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a.keys() & b.keys():
            out += shared_mutables(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            out += shared_mutables(x, y, f"{path}[{i}]")
    return out


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
    for state in positions(players, seed, **options):
        copy = state.clone()
        assert copy == state
        assert shared_mutables(vars(state), vars(copy)) == []
        assert copy.legal_actions() == state.legal_actions()


def test_the_clone_plays_on_and_the_original_stays_as_it_was():
    rng = np.random.default_rng(5)
    for state in positions(4, 7, views=False, **ALL_STUFF)[::7]:
        before = State.clone(state)  # the generic copy, kept to compare with
        copy = state.clone()
        for _ in range(40):  # the copy plays on
            player = copy.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = copy._sample_chance(rng)
            else:
                legal = copy.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            copy.apply(action)
        assert state == before


def test_a_field_the_clone_does_not_know_is_copied_too():
    s = BedpansGame(players=2).new_initial_state()
    s.notes = {"seen": [1]}  # set by other code (a search player, say)
    c = s.clone()
    c.notes["seen"].append(2)
    assert s.notes == {"seen": [1]} and c.notes == {"seen": [1, 2]}
    assert shared_mutables(vars(s), vars(c)) == []


def test_the_clone_knows_every_field_a_state_sets():
    state = BedpansGame(players=3, **ALL_STUFF).new_initial_state()
    assert set(vars(state)) == rules._FIELDS
