"""``hospital-rush-ladder``: the Hospital Rush policy ladder: a round robin, rated.

Built by :func:`simlab.core.study.policy_ladder.policy_ladder` (which says
how games are laid out and scored).  The default policies are every
heuristic the game registers and ``mcts-30``, a search player with a small
budget (``mcts``, ``mcts-N`` with a larger N, or ``honest-mcts`` may be named instead).

Examples
--------
>>> LADDER.resolve()["policies"]
('random', 'honest', 'opportunist', 'greedy', 'mcts-30')
"""

from __future__ import annotations

from simlab.core.study import register_study
from simlab.core.study.policy_ladder import policy_ladder

__all__ = ["LADDER"]

LADDER = register_study(
    policy_ladder(
        "hospital_rush", "hospital-rush-ladder",
        title="Hospital Rush: policy ladder, win rates and ratings",
        policies=("random", "honest", "opportunist", "greedy", "mcts-30"),
        choices=("random", "honest", "opportunist", "greedy"),
        players=3, player_choices=(3, 4, 5),
        default_games=60,
    )
)
