"""Shared fixtures: the test game is registered for every test session."""

from __future__ import annotations

import matplotlib
import pytest

matplotlib.use("Agg")

from simlab.core.data import active_sets, restore_active_sets
from simlab.core.registry import register_game
from tests.games.dice_race import DiceRace

register_game(DiceRace)


@pytest.fixture(autouse=True)
def _shipped_components_after_each_test():
    """Every test starts on the shipped component sets.

    Code without a game at hand (action texts, parsers, drawing) reads the set of
    the game built last (:func:`simlab.core.data.activate`); a test that plays on
    a modified folder must not leave it to the next test.
    """
    saved = active_sets()
    yield
    restore_active_sets(saved)
