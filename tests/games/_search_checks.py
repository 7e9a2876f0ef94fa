"""Checks every game's search players share: evaluate's range, no peeking, determinism."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

import simlab
from simlab.core.play import sample_chance
from simlab.core.search import MCTSPolicy


class Poison:
    """A hidden fact no one may read: any use but copying and identity raises."""

    def __deepcopy__(self, memo: Any) -> Poison:
        return self

    def _read(self, *args: Any) -> Any:
        raise AssertionError("the search read a hidden fact")

    __hash__ = __bool__ = __int__ = __index__ = __str__ = __repr__ = _read  # type: ignore
    __add__ = __radd__ = __lt__ = __gt__ = __le__ = __ge__ = _read


def decisions_of(game: simlab.Game, seed: int, policy: str = "random"):
    """Every decision of a game of ``policy`` play: ``(state, legal)`` before it is taken."""
    rng = np.random.default_rng(seed)
    seats = [game.make_policy(policy, s) for s in range(game.players)]
    state = game.new_initial_state()
    while not state.is_terminal:
        player = state.current_player
        if player == simlab.CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng), check=False)
            continue
        legal = state.legal_actions()
        yield state, legal
        state.apply(seats[player].act(state.view(player), legal, rng), check=False)


def position(game: simlab.Game, seed: int, decisions: int, policy: str = "random"):
    """The state after ``decisions`` decisions of ``policy`` play, at a decision with a choice."""
    for done, (state, legal) in enumerate(decisions_of(game, seed, policy)):
        if done >= decisions and len(legal) > 1:
            return state
    raise AssertionError(f"{game.NAME}: the game ended before {decisions} decisions")


def check_evaluate(game: simlab.Game, seeds: range = range(3)) -> None:
    """``evaluate`` gives a chance per seat along random play: values in [0, 1] summing to 1."""
    evaluate = game.search_settings().evaluate
    for seed in seeds:
        for decisions in (0, 10, 40):
            values = evaluate(position(game, seed, decisions))
            assert len(values) == game.players
            assert all(0.0 <= v <= 1.0 for v in values), values
            assert abs(sum(values) - 1) < 1e-9, values


def decide(game: simlab.Game, state: simlab.State, seed: int, budget: int = 8, **kw: Any):
    """The action an ``mcts-budget`` policy takes for the seat to act in ``state``."""
    seat = state.current_player
    policy = game.make_policy(f"mcts-{budget}", seat)
    if kw:
        policy = MCTSPolicy(game, seat, replace(policy.settings, **kw))
    return policy.act(state, state.legal_actions(), np.random.default_rng(seed))


def check_blind_to_hidden(game: simlab.Game, seed: int, decisions: int,
                          policy: str = "random") -> tuple[simlab.State, simlab.State]:
    """Two states differing only in what the seat cannot see get the same action.

    The policy is handed the true states themselves (not views), with equal
    generators.  Returns the two states (for game-specific checks).
    """
    state = position(game, seed, decisions, policy)
    seat = state.current_player
    other = state.resample_hidden(seat, np.random.default_rng(seed + 1000))
    assert other.view(seat) == state.view(seat)
    for s in range(3):
        assert decide(game, state, s) == decide(game, other, s)
    return state, other


def check_nothing_hidden(game: simlab.Game, seeds: range = range(2)) -> None:
    """Every fact is public and the future is chance: a seat's view is the state itself,
    and the search decides alike from either."""
    for seed in seeds:
        state = position(game, seed, 15)
        seat = state.current_player
        assert state.view(seat) == state
        assert state.resample_hidden(seat, None) == state
        assert decide(game, state, seed) == decide(game, state.view(seat), seed)


def search_decisions(name: str, players: int, seed: int, decisions: int,
                     budget: int = 6) -> list[str]:
    """The first ``decisions`` actions of a game with ``mcts-budget`` on every seat
    (chance drawn from ``seed``), as text: what a search decides from a seed."""
    game = simlab.load_game(name, players=players)
    rng = np.random.default_rng(seed)
    seats = [game.make_policy(f"mcts-{budget}", s) for s in range(players)]
    state = game.new_initial_state()
    taken: list[str] = []
    while not state.is_terminal and len(taken) < decisions:
        player = state.current_player
        if player == simlab.CHANCE:
            state.apply(sample_chance(state.chance_outcomes(), rng), check=False)
            continue
        action = seats[player].act(state.view(player), state.legal_actions(), rng)
        taken.append(str(action))
        state.apply(action, check=False)
    return taken
