"""``broom-service-ladder``: the Broom Service policy ladder: a round robin, rated.

Built by :func:`simlab.core.study.policy_ladder.policy_ladder` (which says
how games are laid out and scored).  The default policies are the
game's fixed policies and heuristic and ``mcts-30``, a search player with a small
budget (``mcts``, ``mcts-N`` with a larger N, may be named instead, and
``mcts-brave``, ``mcts-cowardly``, the search player held to one reading of its
role cards).

Examples
--------
>>> LADDER.resolve()["policies"]
('random', 'brave', 'cowardly', 'brave-0.5', 'heuristic', 'mcts-30')
"""

from __future__ import annotations

from simlab.core.study import register_study
from simlab.core.study.policy_ladder import policy_ladder

__all__ = ["LADDER"]

LADDER = register_study(
    policy_ladder(
        "broom_service", "broom-service-ladder",
        title="Broom Service: policy ladder, win rates and ratings",
        policies=("random", "brave", "cowardly", "brave-0.5", "heuristic", "mcts-30"),
        choices=("random", "brave", "cowardly", "brave-0.25", "brave-0.5", "brave-0.75",
                 "heuristic", "mcts-brave", "mcts-cowardly"),
        players=3, player_choices=(2, 3, 4, 5),
        default_games=90,
    )
)
