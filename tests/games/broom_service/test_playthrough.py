"""Golden playthroughs of Broom Service: replay each record and compare its end.

Each ``tests/playthroughs/broom_service-*.json`` is a ``simlab.play`` record saved with
``record.save``. The test replays it (no RNG), compares the outcome and a summary of the
final state with ``EXPECTED``, and plays the game again from its seed and policies to
check the same actions come out. After an intended rule change, play every golden game
again and store what each ends with (``EXPECTED``, read from
``tests/playthroughs/summaries/broom_service.json``), with ``python -m
tests.games.broom_service.test_playthrough``
(:func:`tests.games._checks.regenerate_goldens`).
"""

from __future__ import annotations

import pytest

from tests.games._checks import GOLDEN, golden_summaries, regenerate_goldens, replay_golden

EXPECTED = golden_summaries("broom_service")


def summary(final):
    return {
        "vp": final.vp,
        "final_vp": final.final_vp,
        "wands": final.wands,
        "potions": final.potions,
        "pawns": final.pawns,
        "charmed": final.charmed,
        "towers": {k: v for k, v in final.towers.items() if v is not None},
    }


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_matches_golden(name):
    record, final = replay_golden(GOLDEN / name)
    assert summary(final) == EXPECTED[name]
    assert record.outcome.scores == tuple(float(v) for v in EXPECTED[name]["final_vp"])


if __name__ == "__main__":
    regenerate_goldens("broom_service", summary)
