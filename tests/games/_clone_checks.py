"""Checks of a game's own ``clone`` (written out for its fields): a true copy.

A clone must equal the original, share no mutable value with it at any depth (lists,
dicts, sets and mutable records such as a Bad Doctor Patient), give the same legal
actions, and leave the original untouched while the copy plays on; a field it does not
know is copied the generic way, and it knows every field a state sets.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

import simlab
from simlab.core.api import CHANCE, TERMINAL
from tests.core.test_copy import mutable_ids


def positions(game: simlab.Game, seed: int, every: int = 3, most: int = 300,
              views: bool = True) -> list[Any]:
    """Every ``every``-th position of a random game (clones), and the acting seat's view of
    each decision among them (unless ``views`` is false)."""
    found: list[Any] = []
    count = [0]

    def tick(state: Any, actor: int, action: Any, events: Any) -> None:
        count[0] += 1
        if len(found) < most and count[0] % every == 0:
            found.append(state.clone())
            if views and state.current_player >= 0:
                found.append(state.view(state.current_player))

    simlab.run(game, None, seed=seed, on_action=tick)
    return found


def shared(a: Any, b: Any) -> list[str]:
    """The fields of states ``a`` and ``b`` that reach one same mutable value."""
    return [k for k in vars(a) if k != "game"
            and mutable_ids(vars(a)[k]) & mutable_ids(vars(b).get(k))]


def check_clones(states: list[Any]) -> int:
    """Each of ``states``: its clone is equal, independent and as legal; how many."""
    for state in states:
        other = state.clone()
        assert other == state
        assert shared(state, other) == []
        if state.current_player >= 0:
            assert other.legal_actions() == state.legal_actions()
    return len(states)


def check_clone_is_equal_and_shares_nothing(game: simlab.Game, seed: int) -> int:
    """Every position of :func:`positions`: :func:`check_clones`."""
    return check_clones(positions(game, seed))


def check_clones_play_on_alone(states: list[Any], seed: int, steps: int = 40) -> None:
    """A clone of each of ``states`` plays on ``steps`` random actions; the original stays as
    it was (deep-copied before)."""
    rng = np.random.default_rng(seed)
    for state in states:
        before = copy.deepcopy(state)
        other = state.clone()
        for _ in range(steps):
            player = other.current_player
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = other._sample_chance(rng)
            else:
                legal = other.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            other.apply(action)
        assert state == before


def check_clone_plays_on_alone(game: simlab.Game, seed: int, steps: int = 40) -> None:
    """:func:`check_clones_play_on_alone` from every 7th position of a random game."""
    check_clones_play_on_alone(positions(game, seed, every=7, most=40, views=False), seed, steps)


def check_unknown_field_is_copied(game: simlab.Game) -> None:
    """A field set by other code (a search player's notes) is copied, not shared."""
    state = game.new_initial_state()
    state.notes = {"seen": [1]}
    other = state.clone()
    other.notes["seen"].append(2)
    assert state.notes == {"seen": [1]} and other.notes == {"seen": [1, 2]}
    assert shared(state, other) == []
