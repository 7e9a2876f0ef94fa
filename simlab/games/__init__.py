"""The four games, and the tables by which they register themselves.

Each game lives in its own package and never imports another.  Its
package's ``__init__`` declares one table (a
:class:`~simlab.core.registry.GameTable`): its Game class as a lazy
``"module:Class"`` path, its players (policies, search settings, its own
search players: a :class:`~simlab.core.roster.Roster`), its studies by the
module that defines them, its policy ladder as data, and its renderer.
Importing this package (``import simlab`` does) imports those four small
``__init__`` modules and files their tables with :mod:`simlab.core.registry`;
nothing else of a game is imported until it is used, so ``simlab games``
stays fast and core names no game.

A game folder has two floors: the rules at the bottom (components, board,
actions, rules and their helpers), and above them the players (policies,
evaluate, candidates), studies, and render.  Only the table names the upper
floor, so the rules never import their players (``tests/test_import_floors.py``
checks it).

The tables live beside the games, rather than in entry points of
``pyproject.toml``: they work from a source checkout and in a process whose
installed metadata is stale, they cost no scan of the installed
distributions at start-up, and adding a game is one folder and its table
in :data:`TABLES`.  An outside package can register its own games and studies
with the same calls.

Examples
--------
>>> import simlab
>>> sorted(GAMES)
['bad_doctor', 'bedpans', 'broom_service', 'hospital_rush']
>>> set(GAMES) <= set(simlab.game_names()) and set(STUDIES) <= set(simlab.study_names())
True
>>> STUDIES["bedpans-ladder"], GAMES["bedpans"]
('simlab.games.bedpans', 'simlab.games.bedpans.rules:BedpansGame')
"""

from __future__ import annotations

from simlab.core.registry import GameTable, ladder_name, register_table
from simlab.games import bad_doctor, bedpans, broom_service, hospital_rush

#: The table of every game (a fifth game: import its package above and add its table).
TABLES: tuple[GameTable, ...] = (
    bad_doctor.TABLE, bedpans.TABLE, broom_service.TABLE, hospital_rush.TABLE,
)

#: Game name -> "module:Class" of its Game.
GAMES = {table.name: table.path(table.game) for table in TABLES}

#: Study name -> module that registers it when imported (a ladder: its game's package).
STUDIES = {
    **{study: table.path(module) for table in TABLES for study, module in table.studies.items()},
    **{ladder_name(table.name): table.package for table in TABLES if table.ladder is not None},
}

for _table in TABLES:
    register_table(_table)
