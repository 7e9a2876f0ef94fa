"""Hospital Rush evaluation for the search players: the prestige race.

The rulebook's game ends when a player reaches the prestige goal; the most
prestige wins.  ``evaluate`` turns the prestige race into chances to win
with :func:`~simlab.core.search.race_values`, the spread shrinking as the
leader nears the goal.

Examples
--------
>>> from simlab.games.hospital_rush.rules import HospitalRushGame
>>> state = HospitalRushGame(players=3).new_initial_state()
>>> [round(v, 3) for v in evaluate(state)]
[0.333, 0.333, 0.333]
>>> state.prestige = [5, 1, 1]
>>> evaluate(state)[0] > 0.5
True
"""

from __future__ import annotations

from simlab.core.search import SearchSettings, race_values
from simlab.games.hospital_rush.rules import HospitalRushState

__all__ = ["ITERATIONS", "evaluate", "settings"]


def evaluate(state: HospitalRushState) -> list[float]:
    """Each seat's chance to win, from the prestige race (values in [0, 1] summing to 1)."""
    prestige = state.prestige
    to_go = max(state.game.goal - max(prestige), 0)
    return race_values(prestige, 1.5 + to_go / 3)


#: Iterations of the default ``mcts``: 100 won 17 of 24 games among two ``greedy`` seats
#: (300 won 0.88 of 24) at a third of the time, about 0.1 s a decision (docs/studies).
ITERATIONS = 100


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Hospital Rush (tuned in issue 12; see docs/studies)."""
    return SearchSettings(iterations=ITERATIONS, exploration=0.7, depth=12, rollout="random",
                          evaluate=evaluate)
