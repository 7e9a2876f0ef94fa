"""simlab.core.lazy_view: a view is built only when a policy reads it, from its decision."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.errors import SimlabError
from simlab.core.lazy_view import LazyView, seal
from simlab.core.policies import FunctionPolicy
from simlab.games.broom_service.rules import BroomServiceState


@pytest.fixture
def views_built(monkeypatch):
    """Count the views built (State.view calls) of Broom Service states."""
    built = []
    real = BroomServiceState.view

    def counted(self, seat):
        built.append(seat)
        return real(self, seat)

    monkeypatch.setattr(BroomServiceState, "view", counted)
    return built


def test_a_policy_that_reads_no_view_builds_none(views_built):
    game = simlab.load_game("broom_service", players=2)
    first = FunctionPolicy(lambda view, legal, rng: legal[0], name="first")
    simlab.run(game, [first, first], seed=1)
    assert views_built == []


def test_a_view_is_built_once_for_each_decision_that_reads_it(views_built):
    game = simlab.load_game("broom_service", players=2)
    decisions = []

    def reader(view, legal, rng):
        decisions.append(view.current_player)
        assert view.current_player == view.current_player  # a second read builds nothing
        return legal[0]

    simlab.run(game, [FunctionPolicy(reader), FunctionPolicy(reader)], seed=1)
    assert views_built == decisions and len(decisions) > 10


def test_the_built_view_is_the_seats_view_of_that_decision():
    game = simlab.load_game("broom_service", players=3)
    state = game.new_initial_state()
    while state.current_player < 0:
        state.apply(state.chance_outcomes()[0][0])
    for seat in range(3):
        lazy = LazyView(state, seat)
        assert lazy == state.view(seat)
        assert isinstance(lazy, BroomServiceState) and lazy.hands == state.view(seat).hands


def test_a_view_kept_past_its_decision_cannot_be_read():
    game = simlab.load_game("broom_service", players=2)
    kept = []

    def keeper(view, legal, rng):
        kept.append(view)
        return legal[0]

    simlab.run(game, [FunctionPolicy(keeper), FunctionPolicy(keeper)], seed=0)
    with pytest.raises(SimlabError, match="after its decision"):
        _ = kept[0].phase


def test_seal_leaves_a_built_view_and_none_alone():
    state = simlab.load_game("broom_service", players=2).new_initial_state()
    view = LazyView(state, 1)
    assert view.round == 0
    seal(view)
    seal(None)
    assert view.round == 0 and type(view) is BroomServiceState


def test_heuristic_play_is_the_same_with_lazy_views():
    game = simlab.load_game("broom_service", players=3)
    record = simlab.play(game, "heuristic", seed=4)
    state = game.new_initial_state()  # the same game, with every view built before the decision
    seats = [game.make_policy("heuristic", s) for s in range(3)]
    root = np.random.SeedSequence(4)
    rngs = [np.random.default_rng(s) for s in root.spawn(4)]
    actions = []
    while not state.is_terminal:
        player = state.current_player
        if player < 0:
            action = state._sample_chance(rngs[0])
        else:
            action = seats[player].act(state.view(player), state.legal_actions(), rngs[1 + player])
        actions.append(str(action))
        state.apply(action, check=False)
    assert actions == record.actions
