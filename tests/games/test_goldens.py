"""The golden playthroughs (``tests/playthroughs/``): each file is checked by its game's
``test_playthrough.py``, and each plays again, action for action, from its seed and
policies.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games._checks import assert_same_seed_plays_same_game
from tests.games.bad_doctor.test_playthrough import GOLDEN as BAD_DOCTOR
from tests.games.bedpans.test_playthrough import EXPECTED as BEDPANS
from tests.games.broom_service.test_playthrough import EXPECTED as BROOM_SERVICE
from tests.games.hospital_rush.test_playthrough import EXPECTED as HOSPITAL_RUSH

FOLDER = Path(__file__).resolve().parents[1] / "playthroughs"
CHECKED = sorted([f"{name}.json" for name in BAD_DOCTOR] + list(BEDPANS) + list(BROOM_SERVICE)
                 + list(HOSPITAL_RUSH))


def test_every_golden_file_is_checked():
    assert sorted(p.name for p in FOLDER.glob("*.json")) == CHECKED


@pytest.mark.parametrize("name", CHECKED)
def test_same_seed_and_policies_play_the_same_game(name):
    assert_same_seed_plays_same_game(FOLDER / name)
