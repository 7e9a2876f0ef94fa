"""A game played to its end by a loop of the tests' own, apart from simlab's play loops, so
that a study's rows can be checked against the same game played again.

Examples
--------
>>> import numpy as np
>>> from simlab.games.bedpans.rules import BedpansGame
>>> state = BedpansGame(players=2, round_limit=1).new_initial_state()
>>> policies = [state.game.make_policy("heuristic", seat) for seat in (0, 1)]
>>> texts = []
>>> final = play_to_end(state, policies, np.random.default_rng(1),
...                     lambda action, events: texts.append(str(action)))
>>> final.is_terminal, len(texts) > 3
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from simlab.core.chance import sample_chance


def play_steps(state: Any, policies: Sequence[Any],
               rng: np.random.Generator) -> Iterator[tuple[Any, list[Any]]]:
    """Play ``state`` to its end a step at a time: each chance outcome drawn from ``rng``,
    seat ``s`` played by ``policies[s]`` from its view and the same ``rng``; yields each
    action applied with its events.

    Examples
    --------
    >>> import simlab
    >>> game = simlab.load_game("broom_service", players=2)
    >>> state = game.new_initial_state()
    >>> policies = [game.make_policy("random", seat) for seat in (0, 1)]
    >>> steps = play_steps(state, policies, np.random.default_rng(3))
    >>> action, events = next(steps)
    >>> state.is_terminal, sum(1 for _ in steps) > 10, state.is_terminal
    (False, True, True)
    """
    while not state.is_terminal:
        if state.is_chance:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            seat = state.current_player
            action = policies[seat].act(state.view(seat), state.legal_actions(), rng)
        yield action, state.apply(action)


def play_to_end(state: Any, policies: Sequence[Any], rng: np.random.Generator,
                watch: Callable[[Any, list[Any]], None] | None = None) -> Any:
    """Play ``state`` to its end (:func:`play_steps`), calling ``watch(action, events)``
    after every action.  Returns ``state``."""
    for action, events in play_steps(state, policies, rng):
        if watch is not None:
            watch(action, events)
    return state
