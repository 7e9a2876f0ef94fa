"""Cached legal actions (Bad Doctor, Broom Service, Hospital Rush): built once, cleared by change.

Along random games, at every decision: the legal actions asked twice are built once, and
always equal those built afresh (a cleared clone), after every action, in every seat's view
and in a redraw of the hidden facts.  A cache that a change forgets to clear fails here.
"""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.api import LegalCache

#: The games whose states keep their legal actions (:class:`simlab.core.api.LegalCache`:
#: ``_build_legal`` builds them when the cache is empty).
GAMES = ("bad_doctor", "broom_service", "hospital_rush")


def fresh(state):
    """The legal actions of ``state`` built anew (a clone with its caches cleared)."""
    other = state.clone()
    other.invalidate()
    return other.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_cached_legal_actions_always_equal_fresh_ones(name):
    game = simlab.load_game(name, players=3)
    rng = np.random.default_rng(7)
    for seed in range(2):
        record = simlab.play(game, None, seed=seed, max_actions=5000)  # a stale cache loops
        state = game.new_initial_state()
        for text in record.actions[:250]:  # the opening and into the middle of a game
            if state.current_player >= 0:
                legal = state.legal_actions()
                assert legal == fresh(state) and state.legal_actions() == legal
                for seat in range(game.players):
                    view = state.view(seat)
                    assert view.legal_actions() == fresh(view)
                    other = view.resample_hidden(seat, rng)
                    assert other.legal_actions() == fresh(other)
            state.apply(text)


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_asked_again_are_not_rebuilt(name, monkeypatch):
    game = simlab.load_game(name, players=3)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    built = []
    kind = type(state)
    assert issubclass(kind, LegalCache)
    real = kind._build_legal

    def counted(self, *args):
        built.append(1)
        return real(self, *args)

    monkeypatch.setattr(kind, "_build_legal", counted)
    asked = 0
    while not state.is_terminal and asked < 200 and len(built) < 1000:
        if state.is_chance:
            state.apply(state._sample_chance(rng))
            continue
        legal = state.legal_actions()
        before = len(built)
        assert state.legal_actions() == legal and len(built) == before  # no rebuild
        asked += 1
        state.apply(legal[int(rng.integers(len(legal)))])
    assert asked >= 50 and built  # the builder ran, and only when the position changed


def test_a_returned_list_changed_by_its_caller_leaves_the_cache_alone():
    state = simlab.load_game("broom_service", players=2).new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_chance:
        state.apply(state._sample_chance(rng))
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions() == fresh(state) != []
