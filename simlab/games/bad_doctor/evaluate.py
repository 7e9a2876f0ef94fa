"""Bad Doctor evaluation for the search players: the Score Pile race.

The rulebook's game ends when a Score Pile reaches the goal; the fullest
Score Pile wins (ties: fewer markers removed by deaths, then more in the
hospital).  ``evaluate`` scores each doctor by its Score Pile plus half of
its Doctor Markers on Patients in the hospital (which score when their
Patient is cured) and turns the race into chances to win with
:func:`~simlab.core.search.race_values`, the spread shrinking as the
leader nears the goal.

Examples
--------
>>> from simlab.games.bad_doctor.rules import BadDoctorGame
>>> state = BadDoctorGame(players=2).new_initial_state()
>>> evaluate(state)
[0.5, 0.5]
>>> state.score_pile[1] = 5
>>> evaluate(state)[1] > 0.8
True
"""

from __future__ import annotations

from simlab.core.search import race_values
from simlab.core.search_settings import SearchSettings
from simlab.games.bad_doctor.rules import BadDoctorState

__all__ = ["ON_BOARD", "evaluate", "settings"]

#: What a Doctor Marker on a Patient in the hospital is worth against one in the Score Pile.
ON_BOARD = 0.5


def evaluate(state: BadDoctorState) -> list[float]:
    """Each doctor's chance to win, from the Score Pile race (in [0, 1], summing to 1)."""
    n = state.game.players
    scores = [state.score_pile[s] + ON_BOARD * state.on_board(s) - 0.1 * state.removed[s]
              for s in range(n)]
    to_go = max(state.game.options["goal"] - max(state.score_pile), 0)
    return race_values(scores, 0.75 + to_go / 3)


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Bad Doctor (tuned in issue 12; see the README).

    Depth 12 stays (issue 33): shorter depths search more iterations a CPU
    second but lost to these settings head to head, at equal CPU and at equal
    iterations (docs/search-speed.md, "Bad Doctor and Hospital Rush: shorter depth").

    Examples
    --------
    >>> s = settings()
    >>> s.iterations, s.depth, s.rollout
    (100, 12, 'random')
    """
    return SearchSettings(iterations=100, exploration=0.7, depth=12, rollout="random",
                          evaluate=evaluate)
