"""Golden playthroughs of Hospital Rush: replay each record and compare its end.

Each ``tests/playthroughs/hospital_rush-*.json`` is a ``simlab.play`` record saved with
``record.save``. The test replays it (no RNG), compares the outcome and a summary of the
final state with ``EXPECTED``, and plays the game again from its seed and policies to
check the same actions come out. After an intended rule change, play every golden game
again and store what each ends with (``EXPECTED``, read from
``tests/playthroughs/summaries/hospital_rush.json``), with ``python -m
tests.games.hospital_rush.test_playthrough``
(:func:`tests.games._checks.regenerate_goldens`).
"""

from __future__ import annotations

import pytest

from simlab.games.hospital_rush.rules import component_totals
from tests.games._checks import GOLDEN, golden_summaries, regenerate_goldens, replay_golden

EXPECTED = golden_summaries("hospital_rush")


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
    record, final = replay_golden(GOLDEN / name)
    assert summary(final) == EXPECTED[name]
    assert record.outcome.scores == tuple(float(v) for v in EXPECTED[name]["prestige"])
    start = component_totals(final.game.new_initial_state())
    assert component_totals(final) == start


if __name__ == "__main__":
    regenerate_goldens("hospital_rush", summary)
