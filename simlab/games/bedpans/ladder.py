"""``bedpans-ladder``: the Bedpans & Broomsticks policy ladder: a round robin, rated.

Built by :func:`simlab.core.study.policy_ladder.policy_ladder` (which says
how games are laid out and scored).  The default policies are every
registered policy of the game and ``mcts-30``, a search player with a small
budget (``mcts``, ``mcts-N`` with a larger N, may be named instead).

The Staff (seat 0) and the Elders are two sides: in each pairing one policy
plays the Staff and the other every Elder, then they swap, and the summary
rates each policy on each side as well.

Examples
--------
>>> LADDER.resolve()["policies"]
('random', 'heuristic', 'mcts-30')
"""

from __future__ import annotations

from simlab.core.study import register_study
from simlab.core.study.policy_ladder import policy_ladder

__all__ = ["LADDER"]

LADDER = register_study(
    policy_ladder(
        "bedpans", "bedpans-ladder",
        title="Bedpans & Broomsticks: policy ladder, win rates and ratings",
        policies=("random", "heuristic", "mcts-30"),
        choices=("random", "heuristic"),
        players=3, player_choices=(2, 3, 4, 5),
        sides=("Staff", "Elders"),
        default_games=60,
    )
)
