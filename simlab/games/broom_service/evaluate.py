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

__all__ = [
    "DEPTH", "EXPLORATION", "ITERATIONS", "ROLLOUT", "SPREAD_PER_ROUND", "evaluate",
    "projected_vp", "settings",
]

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


#: Actions a playout runs before ``evaluate``: about one round at 3 players.  A round
#: opens with every seat choosing 4 role cards one at a time (12 actions at 3 players),
#: so with a depth of 12 the evaluation saw no card played and scored every choice of
#: card alike (1/3 each); the search then chose its cards blindly.
DEPTH = 40
#: UCT exploration: the race values differ by a few hundredths between actions (they
#: are chances of winning, near 1/n early on), so ``c`` must be small for them to count.
EXPLORATION = 0.25


#: Iterations of the default ``mcts``, and its rollout policy: 50 iterations with the
#: ``heuristic`` playing the rollouts won 53 of 83 games among two heuristic seats
#: (0.64 [0.53, 0.73]); 100 with random rollouts 8 of 23 (0.35 [0.19, 0.55]), at about
#: the same time a decision (docs/studies/broom_service.md).
ITERATIONS = 50
ROLLOUT = "heuristic"


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Broom Service (tuned in issue 12; see docs/studies)."""
    return SearchSettings(iterations=ITERATIONS, exploration=EXPLORATION, depth=DEPTH,
                          rollout=ROLLOUT, evaluate=evaluate)
