"""Hospital Rush: worker placement, stealing, rat out and discharge (issue 8)."""

from __future__ import annotations

from simlab.core.registry import GameTable, Ladder
from simlab.core.roster import Roster

#: Everything the game registers (:func:`simlab.core.registry.register_table`): the rules
#: floor (its Game), and above it the players, studies, ladder and renderer.
#: ``honest-mcts`` is ``mcts`` that never places on a red space (:data:`.evaluate.HONEST_MCTS`).
TABLE = GameTable(
    package=__name__,
    name="hospital_rush",
    game=".rules:HospitalRushGame",
    roster=Roster(
        policies=("honest", "opportunist", "greedy"),
        make=".policies:make",
        search=".evaluate:settings",
        searches=("honest-mcts",),
        make_search=".evaluate:search_player",
    ),
    studies={
        "hospital-rush-patients": ".studies",
        "hospital-rush-unfair": ".studies",
        "hospital-rush-boards": ".studies",
    },
    ladder=Ladder(
        title="Hospital Rush: policy ladder, win rates and ratings",
        policies=("random", "honest", "opportunist", "greedy", "mcts-30"),
        players=3, player_choices=(3, 4, 5),
    ),
    renderer=".render:RENDERER",
)
