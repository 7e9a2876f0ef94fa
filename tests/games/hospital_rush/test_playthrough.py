"""Golden playthroughs of Hospital Rush: replay each record and compare its end.

Each ``tests/playthroughs/hospital_rush-*.json`` is a ``simlab.play`` record saved with
``record.save``.  The test replays it (no RNG), compares the outcome and a summary of the
final state with the values below, and plays the game again from its seed and policies to
check the same actions come out.  After an intended rule change, regenerate with::

    python - <<'X'
    import simlab
    for name, n, pols, seed, opts in [
            ("3p-random-seed1", 3, ["random"] * 3, 1, {}),
            ("4p-policies-seed7", 4, ["honest", "opportunist", "greedy", "random"], 7, {}),
            ("5p-stay-seed3", 5, ["greedy", "opportunist", "honest", "greedy", "random"], 3,
             {"cured_without_marker": "stay"})]:
        game = simlab.load_game("hospital_rush", players=n, **opts)
        simlab.play(game, pols, seed=seed).save(f"tests/playthroughs/hospital_rush-{name}.json")
    X

then paste ``summary(simlab.replay(record))`` of each into ``EXPECTED``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from simlab.games.hospital_rush.rules import component_totals
from tests.games._checks import replay_golden

FOLDER = Path(__file__).resolve().parents[2] / "playthroughs"

EXPECTED = {
    "hospital_rush-3p-random-seed1.json": {
        "prestige": [2, 10, 3],
        "bucks": [14, 12, 2],
        "medicine": [[0, 0, 0], [1, 0, 2], [1, 2, 0]],
        "skills": [
            ["Pharmacy", "Intensive care", "Management", "Finance"],
            ["Pharmacy", "Finance", "Intensive care", "Management"],
            ["Intensive care", "Pharmacy", "Finance", "Management"],
        ],
        "boards": ["Vanessa Toad", "Kurt von Schneider", "Ivy Drip"],
        "round": 53,
        "winners": [1],
        "steals": 47,
        "beds": ["Pat Ella", "Quentin Quarantino", None, "Flo Bia"],
    },
    "hospital_rush-4p-policies-seed7.json": {
        "prestige": [8, 10, 9, 2],
        "bucks": [0, 3, 0, 10],
        "medicine": [[0, 0, 0], [0, 0, 0], [0, 0, 0], [2, 2, 3]],
        "skills": [
            [],
            ["Finance"],
            ["Finance", "Intensive care", "Pharmacy"],
            ["Pharmacy", "Finance", "Management"],
        ],
        "boards": ["Ivy Drip", "Theo Goodberg", "Freddie Funster", "Otto Claves"],
        "round": 20,
        "winners": [1],
        "steals": 16,
        "beds": ["Ann Emia", "Hugh Morrhoids", None, "Quentin Quarantino"],
    },
    "hospital_rush-5p-stay-seed3.json": {
        "prestige": [2, 10, 6, 0, 0],
        "bucks": [0, 0, 0, 0, 0],
        "medicine": [[0, 0, 0], [0, 1, 1], [0, 0, 0], [0, 0, 0], [1, 0, 0]],
        "skills": [[], ["Finance"], ["Finance"], ["Finance"], ["Intensive care"]],
        "boards": ["Freddie Funster", "Marina Clementina", "Otto Claves", "Vanessa Toad",
                   "Theo Goodberg"],
        "round": 9,
        "winners": [1],
        "steals": 9,
        "beds": ["Leonardo DiAbetico", "Connie Junctivitis", "Pat Ella", "Jim Caries"],
    },
}


def summary(final):
    return {
        "prestige": final.prestige,
        "bucks": final.bucks,
        "medicine": final.medicine,
        "skills": final.skills,
        "boards": final.boards,
        "round": final.round,
        "winners": list(final.outcome.winners),
        "steals": len(final.steals),
        "beds": [b.patient if b else None for b in final.beds],
    }


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_matches_golden(name):
    record, final = replay_golden(FOLDER / name)
    assert summary(final) == EXPECTED[name]
    assert record.outcome.scores == tuple(float(v) for v in EXPECTED[name]["prestige"])
    start = component_totals(final.game.new_initial_state())
    assert component_totals(final) == start
