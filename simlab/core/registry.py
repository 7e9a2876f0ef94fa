"""The registry of games: names to Game classes, loaded on first use.

Examples
--------
>>> from simlab.core.registry import game_names
>>> "broom_service" in game_names() or game_names() == sorted(game_names())
True
"""

from __future__ import annotations

import importlib
from typing import Any

from simlab.core.api import Game
from simlab.core.errors import ConfigError

__all__ = ["register_game", "game_names", "game_class", "load_game", "canonical_name"]

#: Game name -> "module:Class"; a game's package adds itself here.
_PROVIDERS: dict[str, str] = {
    "broom_service": "simlab.games.broom_service.rules:BroomServiceGame",
    "bad_doctor": "simlab.games.bad_doctor.rules:BadDoctorGame",
    "hospital_rush": "simlab.games.hospital_rush.rules:HospitalRushGame",
    "bedpans": "simlab.games.bedpans.rules:BedpansGame",
}
_CLASSES: dict[str, type[Game]] = {}


def canonical_name(name: str) -> str:
    """Registry form of a game name: lower case, ``-`` and spaces as ``_``.

    Examples
    --------
    >>> canonical_name("Broom-Service")
    'broom_service'
    """
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def register_game(cls_or_path: type[Game] | str, name: str | None = None) -> None:
    """Register a Game class, or a lazy ``"module:Class"`` path under ``name``."""
    if isinstance(cls_or_path, str):
        if name is None:
            raise ConfigError("a lazy game registration needs a name")
        _PROVIDERS[canonical_name(name)] = cls_or_path
        return
    key = canonical_name(name or cls_or_path.NAME)
    _CLASSES[key] = cls_or_path
    _PROVIDERS.setdefault(key, f"{cls_or_path.__module__}:{cls_or_path.__qualname__}")


def game_names() -> list[str]:
    """Every registered game, sorted."""
    return sorted(set(_PROVIDERS) | set(_CLASSES))


def game_class(name: str) -> type[Game]:
    """The Game class registered under ``name``.

    Raises
    ------
    ConfigError
        No such game (the message lists the known ones).
    """
    key = canonical_name(name)
    if key in _CLASSES:
        return _CLASSES[key]
    path = _PROVIDERS.get(key)
    if path is None:
        known = ", ".join(game_names()) or "none"
        raise ConfigError(f"unknown game {name!r}; games: {known}")
    module, _, attr = path.partition(":")
    cls = getattr(importlib.import_module(module), attr)
    _CLASSES[key] = cls
    return cls


def load_game(name: str, players: int | None = None, variants=(), **options: Any) -> Game:
    """Build a game by name.

    Parameters
    ----------
    name : str
        A registered game (``simlab games`` lists them).
    players : int, optional
        Number of seats; the game's default when omitted.
    variants : iterable of str
        Rulebook Variations to switch on.
    **options
        Any other game option (rulings with two readings, and the like).

    Raises
    ------
    ConfigError
        Unknown game, option or variant, or a bad value.
    """
    return game_class(name)(players=players, variants=tuple(variants), **options)
