"""Bad Doctor's own clone (``BadDoctorState.clone``, written out for its fields) is a true copy."""

from __future__ import annotations

import pytest

from simlab.games.bad_doctor import rules
from simlab.games.bad_doctor.rules import BadDoctorGame
from tests.games import _clone_checks as checks


@pytest.mark.parametrize(("players", "seed", "options"),
                         [(2, 1, {}), (3, 2, {"starting_side": "random",
                                              "optional_bonuses": True}),
                          (4, 3, {"patient_deck_empty": "shrink", "cubes_run_out": "die"})])
def test_clone_equals_and_shares_nothing_mutable(players, seed, options):
    assert checks.check_clone_is_equal_and_shares_nothing(
        BadDoctorGame(players=players, **options), seed) > 20


def test_the_clone_plays_on_and_the_original_stays_as_it_was():
    checks.check_clone_plays_on_alone(BadDoctorGame(players=3), seed=5)


def test_a_field_the_clone_does_not_know_is_copied_too():
    checks.check_unknown_field_is_copied(BadDoctorGame(players=2))


def test_the_clone_knows_every_field_a_state_sets():
    state = BadDoctorGame(players=4, starting_side="random").new_initial_state()
    assert set(vars(state)) == rules._FIELDS

