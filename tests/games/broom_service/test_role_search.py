"""Broom Service ``mcts-brave`` / ``mcts-cowardly``: the search player restricted to one
reading of its own role cards (issue 12 point 6: brave against cowardly between strong
players)."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.evaluate import (
    brave_candidates,
    cowardly_candidates,
    role_search_policy,
)
from simlab.games.broom_service.rules import BroomServiceGame
from tests.games._search_checks import decisions_of, position

GAME = BroomServiceGame(players=3)


def _plays(seats, seed, players=3, watched=0):
    """Every PlayRole of seat ``watched`` in one game (and whether it could go the other way)."""
    game = BroomServiceGame(players=players)
    policies = [game.make_policy(name, s) for s, name in enumerate(seats)]
    seen = []

    class Watch:
        uses_view = True

        def act(self, view, legal, rng):
            action = policies[watched].act(view, legal, rng)
            if isinstance(action, A.PlayRole):
                both = {a.brave for a in legal if isinstance(a, A.PlayRole)} == {True, False}
                seen.append((action.brave, both))
            return action

    simlab.run(game, [Watch() if s == watched else p for s, p in enumerate(policies)],
               seed=seed)
    return seen


@pytest.mark.parametrize("brave", [True, False])
def test_every_role_card_it_plays_is_of_its_kind(brave):
    name = "mcts-brave-6" if brave else "mcts-cowardly-6"
    plain_other = 0
    for seed in range(2):
        seen = _plays([name, "heuristic", "heuristic"], seed)
        assert len(seen) >= 10 and all(b for _, b in seen)  # each play had both readings
        assert {b for b, _ in seen} == {brave}
        plain = _plays(["mcts-6", "heuristic", "heuristic"], seed)
        plain_other += sum(b != brave for b, _ in plain)
    assert plain_other >= 3  # the restriction, not the budget, makes it so


def test_only_the_searching_seats_own_plays_are_pruned():
    state, legal = next((s, legal) for s, legal in decisions_of(GAME, 3, "heuristic")
                        if any(isinstance(a, A.PlayRole) for a in legal))
    seat = state.current_player
    assert {a.brave for a in brave_candidates(state, legal, seat)} == {True}
    assert {a.brave for a in cowardly_candidates(state, legal, seat)} == {False}
    other = (seat + 1) % 3
    assert brave_candidates(state, legal, other) == legal
    assert cowardly_candidates(state, legal, other) == legal


def test_the_same_action_whatever_the_other_hands_hold():
    """No cheating: two states differing only in the hidden hands, equal generators."""
    for seed, decisions in ((2, 20), (4, 33)):
        state = position(GAME, seed, decisions)
        seat = state.current_player
        other = state.resample_hidden(seat, np.random.default_rng(seed + 1000))
        assert other.view(seat) == state.view(seat)
        assert [h for s, h in enumerate(state.hands) if s != seat] != [
            h for s, h in enumerate(other.hands) if s != seat]
        for name in ("mcts-brave-8", "mcts-cowardly-8"):
            a = GAME.make_policy(name, seat).act(state, state.legal_actions(),
                                                 np.random.default_rng(seed))
            b = GAME.make_policy(name, seat).act(other, other.legal_actions(),
                                                 np.random.default_rng(seed))
            assert a == b


def test_same_seed_same_game():
    game = simlab.load_game("broom_service", players=2)
    seats = ["mcts-brave-3", "mcts-cowardly-3"]
    a = simlab.play(game, seats, seed=8)
    assert a.to_json() == simlab.play(game, seats, seed=8).to_json()
    assert a.to_json() != simlab.play(game, seats, seed=9).to_json()


def test_registered_policies_of_the_game():
    names = GAME.policy_names()  # the CLI, simlab.play, the studies and the stepper's menus
    assert {"mcts-brave", "mcts-cowardly"} <= set(names)
    for name, kind, iterations in (("mcts-brave", "brave_candidates", 50),
                                   ("mcts-cowardly", "cowardly_candidates", 50),
                                   ("mcts-brave-20", "brave_candidates", 20)):
        policy = GAME.make_policy(name, 2)
        assert policy.name == name and policy.seat == 2
        assert policy.settings.candidates.__name__ == kind
        assert policy.settings.iterations == iterations
    defaults = GAME.search_settings()
    assert GAME.make_policy("mcts", 0).settings == defaults  # the plain mcts is unchanged
    assert defaults.candidates is None
    with pytest.raises(simlab.SimlabError):
        GAME.make_policy("mcts-brave-0", 0)
    with pytest.raises(simlab.SimlabError):
        role_search_policy(GAME, "mcts-bold", 0)


def test_the_scores_study_takes_them():
    from simlab.core.study.registry import get_study

    study = get_study("broom-service-scores")
    got = study.resolve(policies="mcts-brave,mcts-cowardly-30,mcts")["policies"]
    assert got == ("mcts-brave", "mcts-cowardly-30", "mcts")
    with pytest.raises(simlab.SimlabError, match="bad value 'mcts-bold'"):
        study.resolve(policies="mcts-bold")
    result = simlab.run_study("broom-service-scores", games=2, seed=3, players=2,
                              policies=("mcts-brave-2", "mcts-cowardly-2"))
    assert set(result.games.policy) == {"mcts-brave-2", "mcts-cowardly-2"}
    assert len(result.games) == 4
