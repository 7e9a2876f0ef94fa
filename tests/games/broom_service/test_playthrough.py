"""Golden playthroughs of Broom Service: each record replays to its stored end.

Checked and written again (``python -m tests.games.broom_service.test_playthrough``) as
:mod:`tests.games._checks` says.
"""

from __future__ import annotations

import pytest

from tests.games._checks import attributes, check_golden, golden_names, regenerate_goldens

#: What a summary copies from the final state as it stands.
PLAIN = ("vp", "final_vp", "wands", "potions", "pawns", "charmed")


def summary(final):
    towers = {k: v for k, v in final.towers.items() if v is not None}
    return {**attributes(final, PLAIN), "towers": towers}


@pytest.mark.parametrize("name", golden_names("broom_service"))
def test_replay_matches_golden(name):
    check_golden("broom_service", name, summary, scores="final_vp")


if __name__ == "__main__":
    regenerate_goldens("broom_service", summary)
