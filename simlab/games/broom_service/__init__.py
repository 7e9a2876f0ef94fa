"""Broom Service: secret role choice, brave or cowardly, stealing (issue 7).

The folder reads top-down: components → board → actions → rules →
policies → studies → render.  The game registers as ``broom_service``.
"""

from __future__ import annotations

from simlab.core.registry import GameTable, Ladder
from simlab.core.roster import Roster

#: Everything the game registers (:func:`simlab.core.registry.register_table`): the rules
#: floor (its Game), and above it the players, studies, ladder and renderer.
#: ``brave-P`` takes any P in [0, 1]; ``mcts-brave`` and ``mcts-cowardly`` (and ``-N``)
#: are the search player whose own role plays are all brave, or all cowardly
#: (:func:`.evaluate.role_search_policy`).
TABLE = GameTable(
    package=__name__,
    name="broom_service",
    game=".rules:BroomServiceGame",
    roster=Roster(
        policies=("brave", "cowardly", "brave-0.5", "heuristic"),
        make=".policies:make",
        search=".evaluate:settings",
        searches=("mcts-brave", "mcts-cowardly"),
        make_search=".evaluate:search_player",
    ),
    studies={
        "broom-service-steals": ".studies",
        "broom-service-scores": ".studies",
    },
    ladder=Ladder(
        title="Broom Service: policy ladder, win rates and ratings",
        policies=("random", "brave", "cowardly", "brave-0.5", "heuristic", "mcts-30"),
        choices=("random", "brave", "cowardly", "brave-0.25", "brave-0.5", "brave-0.75",
                 "heuristic", "mcts-brave", "mcts-cowardly"),
        players=3, player_choices=(2, 3, 4, 5),
        default_games=90,
    ),
    renderer=".render:RENDERER",
)
