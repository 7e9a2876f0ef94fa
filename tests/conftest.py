"""Shared fixtures: the test game is registered for every test session."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from simlab.core.registry import register_game
from tests.games.dice_race import DiceRace

register_game(DiceRace)
