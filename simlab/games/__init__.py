"""The four games, and the table by which they register themselves.

Each game lives in its own package and never imports another.  Importing
this package (``import simlab`` does) registers every game as a lazy
``"module:Class"`` path and every study by the module that defines it, with
:mod:`simlab.core.registry`; nothing of a game is imported until it is used,
so ``simlab games`` stays fast and core names no game.

The table lives here, beside the games, rather than in entry points of
``pyproject.toml``: it works from a source checkout and in a process whose
installed metadata is stale (a game or study added since ``pip install -e``),
it costs no scan of the installed distributions at start-up, and adding a
game is one edit in one place.  An outside package can still register its
own games and studies with the same two calls.

Examples
--------
>>> import simlab
>>> sorted(GAMES)
['bad_doctor', 'bedpans', 'broom_service', 'hospital_rush']
>>> set(GAMES) <= set(simlab.game_names()) and set(STUDIES) <= set(simlab.study_names())
True
"""

from __future__ import annotations

from simlab.core.registry import register_game, register_study_module

#: Game name -> "module:Class" of its Game.
GAMES = {
    "bad_doctor": "simlab.games.bad_doctor.rules:BadDoctorGame",
    "bedpans": "simlab.games.bedpans.rules:BedpansGame",
    "broom_service": "simlab.games.broom_service.rules:BroomServiceGame",
    "hospital_rush": "simlab.games.hospital_rush.rules:HospitalRushGame",
}

#: Study name -> module that registers it when imported.
STUDIES = {
    "bad-doctor-complications": "simlab.games.bad_doctor.studies",
    "bad-doctor-seats": "simlab.games.bad_doctor.studies",
    "bad-doctor-ladder": "simlab.games.bad_doctor.ladder",
    "bedpans-movement": "simlab.games.bedpans.studies",
    "bedpans-outcomes": "simlab.games.bedpans.outcome_studies",
    "bedpans-escape": "simlab.games.bedpans.outcome_studies",
    "bedpans-variants": "simlab.games.bedpans.stuff_studies",
    "bedpans-stuff": "simlab.games.bedpans.stuff_studies",
    "bedpans-ladder": "simlab.games.bedpans.ladder",
    "broom-service-steals": "simlab.games.broom_service.studies",
    "broom-service-scores": "simlab.games.broom_service.studies",
    "broom-service-ladder": "simlab.games.broom_service.ladder",
    "hospital-rush-patients": "simlab.games.hospital_rush.studies",
    "hospital-rush-unfair": "simlab.games.hospital_rush.studies",
    "hospital-rush-boards": "simlab.games.hospital_rush.studies",
    "hospital-rush-ladder": "simlab.games.hospital_rush.ladder",
}

for _name, _path in GAMES.items():
    register_game(_path, _name)
for _name, _module in STUDIES.items():
    register_study_module(_name, _module)
