"""simlab: analysis and visual simulation of four tabletop games.

Examples
--------
>>> import simlab
>>> sorted(simlab.game_names()) == simlab.game_names()
True
"""

from __future__ import annotations

from typing import Any

from simlab.core.api import CHANCE, TERMINAL, Action, Event, Game, Option, Outcome, State
from simlab.core.errors import (
    ConfigError,
    DataError,
    DiceSyntaxError,
    IllegalActionError,
    SimlabError,
)
from simlab.core.play import run
from simlab.core.record import GameRecord, play, replay
from simlab.core.registry import (
    game_names,
    load_game,
    register_game,
)
from simlab.core.roster import register_family

# The composition root: the figures and the games register themselves (tables, nothing
# of a figure or a game is imported), so that core names neither; the search players
# register as a family of players any game may offer.
from simlab import figures as _figures  # noqa: F401  isort: skip
from simlab import games as _games  # noqa: F401  isort: skip

register_family("simlab.core.search:SEARCH_PLAYERS")

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ConfigError",
    "DataError",
    "DiceSyntaxError",
    "Event",
    "Game",
    "GameRecord",
    "IllegalActionError",
    "Option",
    "Outcome",
    "SimlabError",
    "State",
    "balance",
    "game_names",
    "load_game",
    "play",
    "register_game",
    "replay",
    "run",
    "run_study",
    "study_names",
]


def run_study(name: str, **kwargs: Any):
    """Run a registered Monte Carlo study (see :func:`simlab.core.study.run_study`)."""
    from simlab.core.study import run_study as _run_study

    return _run_study(name, **kwargs)


def balance(game: str, **kwargs: Any):
    """Is ``game`` fair? A balance report with sequential verdicts (see
    :func:`simlab.lab.balance.balance`)."""
    from simlab.lab.balance import balance as _balance

    return _balance(game, **kwargs)


def study_names() -> list[str]:
    """Every registered study, sorted."""
    from simlab.core.study import study_names as _study_names

    return _study_names()
