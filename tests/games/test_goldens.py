"""The golden playthroughs (``tests/playthroughs/``): each file is checked by its game's
``test_playthrough.py``, and each plays again, action for action, from its seed and
policies.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games._checks import assert_same_seed_plays_same_game, golden_names
from tests.games.bad_doctor.test_playthrough import GOLDEN as BAD_DOCTOR

FOLDER = Path(__file__).resolve().parents[1] / "playthroughs"
CHECKED = sorted([f"{name}.json" for name in BAD_DOCTOR]
                 + [name for game in ("bedpans", "broom_service", "hospital_rush")
                    for name in golden_names(game)])


def test_every_golden_file_is_checked():
    assert sorted(p.name for p in FOLDER.glob("*.json")) == CHECKED


@pytest.mark.parametrize("name", CHECKED)
def test_same_seed_and_policies_play_the_same_game(name):
    assert_same_seed_plays_same_game(FOLDER / name)
