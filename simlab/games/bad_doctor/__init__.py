"""Bad Doctor: treatment tiles, complication cubes and deaths (issue 6).

Modules, read top-down: :mod:`~simlab.games.bad_doctor.components` (load and
validate ``data/bad_doctor/``), :mod:`~simlab.games.bad_doctor.board` (each
Patient and its tiles as a networkx tree), :mod:`~simlab.games.bad_doctor.actions`
(actions in rulebook words and their parser), :mod:`~simlab.games.bad_doctor.rules`
(the Game and State; the State's mixins :mod:`~simlab.games.bad_doctor.take_actions`,
:mod:`~simlab.games.bad_doctor.bonuses` and :mod:`~simlab.games.bad_doctor.cures_and_deaths`,
with :mod:`~simlab.games.bad_doctor.fields`), :mod:`~simlab.games.bad_doctor.policies`,
:mod:`~simlab.games.bad_doctor.studies` and :mod:`~simlab.games.bad_doctor.render`.
Rulings and reconstructed components: ``docs/rulings/bad_doctor.md``.

Examples
--------
>>> import simlab
>>> game = simlab.load_game("bad_doctor", players=4)
>>> game.policy_names()
['random', 'greedy', 'bad', 'cautious', 'mcts', 'mcts-100']
"""

from __future__ import annotations

from simlab.core.registry import GameTable, Ladder
from simlab.core.roster import Roster

#: Everything the game registers (:func:`simlab.core.registry.register_table`): the rules
#: floor (its Game), and above it the players, studies, ladder and renderer.
TABLE = GameTable(
    package=__name__,
    name="bad_doctor",
    game=".rules:BadDoctorGame",
    roster=Roster(
        policies=("greedy", "bad", "cautious"),
        make=".policies:make",
        search=".evaluate:settings",
    ),
    studies={
        "bad-doctor-complications": ".studies",
        "bad-doctor-seats": ".studies",
    },
    ladder=Ladder(
        title="Bad Doctor: policy ladder, win rates and ratings",
        policies=("random", "greedy", "bad", "cautious", "mcts-30"),
        players=3, player_choices=(2, 3, 4),
    ),
    renderer=".render:RENDERER",
)
