"""Shared fixtures: the test game is registered for every test session."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

from simlab.core.registry import register_game  # noqa: E402
from tests.games.dice_race import DiceRace  # noqa: E402

register_game(DiceRace)
