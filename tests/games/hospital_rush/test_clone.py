"""Hospital Rush's own clone (``HospitalRushState.clone``,
written out for its fields) is a true copy.
"""

from __future__ import annotations

import pytest

from simlab.games.hospital_rush import rules
from simlab.games.hospital_rush.rules import HospitalRushGame
from tests.games import _clone_checks as checks


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_clone_equals_and_shares_nothing_mutable(players, seed):
    game = HospitalRushGame(players=players)
    assert checks.check_clone_is_equal_and_shares_nothing(game, seed) > 20


def test_the_clone_plays_on_and_the_original_stays_as_it_was():
    checks.check_clone_plays_on_alone(HospitalRushGame(players=3), seed=5)


def test_a_field_the_clone_does_not_know_is_copied_too():
    checks.check_unknown_field_is_copied(HospitalRushGame(players=3))


def test_the_clone_knows_every_field_a_state_sets():
    state = HospitalRushGame(players=4).new_initial_state()
    assert set(vars(state)) == rules._FIELDS
