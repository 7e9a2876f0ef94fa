"""Each game's own clone (written out for its fields) is a true copy: the checks of
:mod:`tests.games._clone_checks`, game by game.

Bedpans' positions with Stuff in play are checked in ``bedpans/test_clone.py``.
"""

from __future__ import annotations

import importlib

import pytest

import simlab
from tests.games import _clone_checks as checks
from tests.games.bedpans.test_clone import ALL_STUFF

GAMES = ("bad_doctor", "bedpans", "broom_service", "hospital_rush")


@pytest.mark.parametrize(("name", "players", "seed", "options"), [
    ("bad_doctor", 2, 1, {}),
    ("bad_doctor", 3, 2, {"starting_side": "random", "optional_bonuses": True}),
    ("bad_doctor", 4, 3, {"patient_deck_empty": "shrink", "cubes_run_out": "die"}),
    ("bedpans", 2, 1, {}),
    ("bedpans", 4, 2, ALL_STUFF),
    ("bedpans", 5, 3, {"limited_occupancy": True}),
    ("broom_service", 2, 1, {}),
    ("broom_service", 3, 2, {}),
    ("broom_service", 4, 3, {}),
    ("hospital_rush", 3, 1, {}),
    ("hospital_rush", 4, 2, {}),
    ("hospital_rush", 5, 3, {}),
])
def test_clone_equals_and_shares_nothing_mutable(name, players, seed, options):
    game = simlab.load_game(name, players=players, **options)
    assert checks.check_clone_is_equal_and_shares_nothing(game, seed) > 20


@pytest.mark.parametrize("name", GAMES)
def test_the_clone_plays_on_and_the_original_stays_as_it_was(name):
    checks.check_clone_plays_on_alone(simlab.load_game(name, players=3), seed=5)


@pytest.mark.parametrize("name", GAMES)
def test_a_field_the_clone_does_not_know_is_copied_too(name):
    checks.check_unknown_field_is_copied(simlab.load_game(name, players=3))


@pytest.mark.parametrize(("name", "options"), [
    ("bad_doctor", {"starting_side": "random"}),
    ("bedpans", ALL_STUFF),
    ("broom_service", {}),
    ("hospital_rush", {}),
])
def test_the_clone_knows_every_field_a_state_sets(name, options):
    state = simlab.load_game(name, players=4, **options).new_initial_state()
    assert set(vars(state)) == importlib.import_module(f"simlab.games.{name}.rules")._FIELDS
