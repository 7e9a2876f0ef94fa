"""Broom Service evaluation for the search players: the VP race.

The rulebook's winner has the most VP after 7 rounds, counting the end
scoring (lightning symbols on charmed clouds, sets of potions and wands).
``evaluate`` scores each seat by the VP it would have if the game ended now
(:meth:`BroomServiceState.end_scoring` included) and turns the race into
chances to win with :func:`~simlab.core.search.race_values`, the spread
shrinking with the rounds left.

Examples
--------
>>> from simlab.games.broom_service.rules import BroomServiceGame
>>> state = BroomServiceGame(players=3).new_initial_state()
>>> evaluate(state)
[0.3333333333333333, 0.3333333333333333, 0.3333333333333333]
>>> state.vp[1] += 6
>>> [round(v, 2) for v in evaluate(state)]
[0.3, 0.4, 0.3]
"""

from __future__ import annotations

from simlab.core.search import SearchSettings, race_values
from simlab.games.broom_service.rules import ROUNDS, BroomServiceState

__all__ = ["SPREAD_PER_ROUND", "evaluate", "projected_vp", "settings"]

#: VP the scores may still move apart per round left (plus one round's worth at the end).
SPREAD_PER_ROUND = 2.5


def projected_vp(state: BroomServiceState, seat: int) -> int:
    """``seat``'s VP if the game ended now: VP, lightning and resource sets."""
    score = state.end_scoring(seat)
    return state.vp[seat] + score["lightning_vp"] + score["sets_vp"]


def evaluate(state: BroomServiceState) -> list[float]:
    """Each seat's chance to win, from the VP race (values in [0, 1] summing to 1)."""
    scores = [projected_vp(state, s) for s in range(state.game.players)]
    left = max(ROUNDS - state.round, 0) + 1
    return race_values(scores, SPREAD_PER_ROUND * left)


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Broom Service (tuned in issue 12; see the README)."""
    return SearchSettings(iterations=300, exploration=0.7, depth=12, rollout="random",
                          evaluate=evaluate)
