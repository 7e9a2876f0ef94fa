"""Bedpans & Broomsticks: Elders escaping a retirement home, a Staff chasing them.

Modules, top-down: :mod:`.components` (tiles, Stuff deck and counts from
``data/bedpans``), :mod:`.board` (the layout as spaces and a networkx graph;
sight, reach, closest bed, nearest station), :mod:`.actions`, :mod:`.rules`
(the base game: ``simlab.load_game("bedpans")``), :mod:`.policies`
(``heuristic``), :mod:`.movement` (movement dice) with the study
``bedpans-movement`` (:mod:`.studies`), :mod:`.outcome_studies`
(``bedpans-outcomes``, ``bedpans-escape``) and :mod:`.render`.  The Stuff
effects and Elder abilities are in :mod:`.stuff` (hook:
:meth:`.rules.BedpansState.stuff_plays`), the Variations are game options with
``variant=True``, and :mod:`.stuff_studies` holds ``bedpans-variants`` and
``bedpans-stuff``.
"""

from __future__ import annotations

from simlab.core.registry import GameTable, Ladder
from simlab.core.roster import Roster

#: Everything the game registers (:func:`simlab.core.registry.register_table`): the rules
#: floor (its Game), and above it the players, studies, ladder and renderer.  In the
#: ladder the Staff (seat 0) and the Elders are two sides: in each pairing one policy
#: plays the Staff and the other every Elder, then they swap.
TABLE = GameTable(
    package=__name__,
    name="bedpans",
    game=".rules:BedpansGame",
    roster=Roster(
        policies=("heuristic",),
        make=".policies:make",
        search=".evaluate:settings",
    ),
    studies={
        "bedpans-movement": ".studies",
        "bedpans-outcomes": ".outcome_studies",
        "bedpans-escape": ".outcome_studies",
        "bedpans-variants": ".stuff_studies",
        "bedpans-stuff": ".stuff_studies",
    },
    ladder=Ladder(
        title="Bedpans & Broomsticks: policy ladder, win rates and ratings",
        policies=("random", "heuristic", "mcts-30"),
        players=3, player_choices=(2, 3, 4, 5),
        sides=("Staff", "Elders"),
    ),
    renderer=".render:RENDERER",
)
