"""The play loop: policies decide, chance is sampled (:func:`run`).

Playing a game to a record is :func:`simlab.core.record.play`, a floor up.

Randomness: ``seed`` feeds a :class:`numpy.random.SeedSequence` whose first
child drives chance and whose next children drive each seat's policy, so a
seat's choices never shift the dice of another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from simlab.core.api import CHANCE, TERMINAL, Action, Event, Game, State
from simlab.core.chance import sample_chance, spawned_generators
from simlab.core.errors import ConfigError, SimlabError
from simlab.core.lazy_view import LazyView, seal
from simlab.core.policies import Policy

__all__ = ["run", "sample_chance", "make_policies", "seed_int"]

#: Games longer than this many actions stop with an error (a guard, not a rule).
MAX_ACTIONS = 1_000_000


def seed_int(seed: int | np.random.Generator | None) -> int:
    """A plain int seed: ``seed`` itself, or one drawn from a generator or fresh entropy."""
    if isinstance(seed, bool):
        raise ConfigError(f"seed must be a whole number, not {seed!r}")
    if isinstance(seed, (int, np.integer)):
        if seed < 0:
            raise ConfigError(f"seed must be >= 0, not {seed}")
        return int(seed)
    if seed is None:
        entropy = cast(int, np.random.SeedSequence().entropy)  # fresh: always an int
        return int(entropy % (2**63))
    if isinstance(seed, np.random.Generator):
        return int(seed.integers(2**63))
    raise ConfigError(f"seed must be a whole number, not {seed!r}")


def make_policies(game: Game, policies: Sequence[Any] | Any | None) -> list[Policy]:
    """One Policy per seat from names, Policy objects, or ``None`` (all random).

    A single name or policy is used for every seat.

    Raises
    ------
    ConfigError
        Wrong number of entries, or an unknown policy name.
    """
    if policies is None or isinstance(policies, str) or hasattr(policies, "act"):
        policies = [policies or "random"] * game.players
    policies = list(policies)
    if len(policies) != game.players:
        raise ConfigError(
            f"{game.NAME} with {game.players} players needs {game.players} policies, "
            f"not {len(policies)}"
        )
    out = []
    for seat, p in enumerate(policies):
        if p is None:
            p = "random"
        out.append(game.make_policy(p, seat) if isinstance(p, str) else p)
    return out


def run(
    game: Game,
    policies: Sequence[Any] | Any | None = None,
    seed: int | np.random.Generator | None = 0,
    on_action: Callable[[State, int, Action, list[Event]], None] | None = None,
    max_actions: int = MAX_ACTIONS,
) -> State:
    """Play one game to the end and return the final state (no record kept).

    This is the lean loop studies use; ``on_action(state, actor, action,
    events)`` is called after every action for statistics hooks.  A policy
    that uses views gets a :class:`~simlab.core.lazy_view.LazyView`: the
    seat's view is built only if the policy reads it.
    """
    seats = make_policies(game, policies)
    # The generators of SeedSequence(seed).spawn(1 + players), made the faster way.
    rngs = spawned_generators(seed_int(seed), 1 + game.players)
    chance_rng, seat_rngs = rngs[0], rngs[1:]
    sees = [getattr(policy, "uses_view", True) for policy in seats]  # asked once, not per turn
    state = game.new_initial_state()
    for _ in range(max_actions):
        player = state.current_player
        if player == TERMINAL:
            return state
        if player == CHANCE:
            action = state._sample_chance(chance_rng)
        else:
            legal = state._legal_actions()
            view = LazyView(state, player) if sees[player] else None  # built if read
            action = seats[player].act(view, legal, seat_rngs[player])
            seal(view)
        events = state._apply(action)
        if on_action is not None:
            on_action(state, player, action, events)
    raise SimlabError(f"{game.NAME}: no end after {max_actions} actions (guard)")
