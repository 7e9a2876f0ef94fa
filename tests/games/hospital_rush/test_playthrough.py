"""Golden playthroughs of Hospital Rush: each record replays to its stored end.

Checked and written again (``python -m tests.games.hospital_rush.test_playthrough``) as
:mod:`tests.games._checks` says.
"""

from __future__ import annotations

import pytest

from simlab.games.hospital_rush.rules import component_totals
from tests.games._checks import attributes, check_golden, golden_names, regenerate_goldens

#: What a summary copies from the final state as it stands.
PLAIN = ("prestige", "bucks", "medicine", "skills", "boards", "round")


def summary(final):
    return {
        **attributes(final, PLAIN),
        "winners": list(final.outcome.winners),
        "steals": len(final.steals),
        "beds": [b.patient if b else None for b in final.beds],
    }


@pytest.mark.parametrize("name", golden_names("hospital_rush"))
def test_replay_matches_golden(name):
    final = check_golden("hospital_rush", name, summary, scores="prestige")
    start = component_totals(final.game.new_initial_state())
    assert component_totals(final) == start


if __name__ == "__main__":
    regenerate_goldens("hospital_rush", summary)
