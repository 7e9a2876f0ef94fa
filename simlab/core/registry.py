"""What is loaded by name on first use: games, the modules of studies, figures.

Core names no game.  The games register themselves from their own package
(imported by ``import simlab``): each game as a
lazy ``"module:Class"`` path, each study as the module that defines it, so
that listing games and studies imports none of them.  Figures are registered
the same way, by the figures layer (:mod:`simlab.figures`), each under a name
a study may declare as its ``plot``; so core draws nothing either.

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

__all__ = [
    "DEFAULT_FIGURE",
    "canonical_name",
    "figure",
    "figure_names",
    "game_class",
    "game_names",
    "load_game",
    "register_figure",
    "register_game",
    "register_study_module",
    "study_modules",
]

#: Game name -> "module:Class"; a game's package adds itself here.
_PROVIDERS: dict[str, str] = {}
_CLASSES: dict[str, type[Game]] = {}
#: Study name -> module that registers it when imported.
_STUDY_MODULES: dict[str, str] = {}
#: Figure name -> "module:function" drawing it from a study result.
_FIGURES: dict[str, str] = {}
#: The figure of a study that declares none.
DEFAULT_FIGURE = "summary"


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
    cls = _load(path)
    _CLASSES[key] = cls
    return cls


def load_game(name: str, players: int | None = None, variants=(), data=None,
              **options: Any) -> Game:
    """Build a game by name, on the shipped components or on those in ``data``.

    Parameters
    ----------
    name : str
        A registered game (the ``games`` command lists them).
    players : int, optional
        Number of seats; the game's default when omitted.
    variants : iterable of str
        Rulebook Variations to switch on.
    data : path, optional
        A folder of component files laid out like ``data/<game>/`` (``simlab
        data export`` writes one); the shipped reconstruction when omitted.
        It travels with the game: into its states, views and clones, and into
        records (as a content hash).
    **options
        Any other game option (rulings with two readings, and the like).

    Raises
    ------
    ConfigError
        Unknown game, option or variant, a bad value, or a ``data`` that is
        no component folder.
    DataError
        The component files in ``data`` are wrong (file and line).

    Examples
    --------
    >>> import simlab
    >>> from simlab.core.data import data_dir
    >>> game = simlab.load_game("bad_doctor", data=data_dir("bad_doctor"))
    >>> game.component_set.label
    'shipped'
    """
    extra = {} if data is None else {"data": data}
    return game_class(name)(players=players, variants=tuple(variants), **extra, **options)


def _load(path: str) -> Any:
    """The object at ``"module:attribute"``, imported now."""
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)


def register_study_module(name: str, module: str) -> None:
    """Say that importing ``module`` registers the study ``name`` (listing it imports nothing).

    Examples
    --------
    >>> register_study_module("doc-lazy", "no.such.module")
    >>> study_modules()["doc-lazy"]
    'no.such.module'
    >>> del _STUDY_MODULES["doc-lazy"]
    """
    _STUDY_MODULES[name] = module


def study_modules() -> dict[str, str]:
    """Study name -> the module that registers it (a copy)."""
    return dict(_STUDY_MODULES)


def register_figure(name: str, path: str) -> None:
    """Say that the ``"module:function"`` at ``path`` draws the figure ``name`` of a result.

    Examples
    --------
    >>> register_figure("doc-figure", "no.such.module:draw")
    >>> "doc-figure" in figure_names()
    True
    >>> del _FIGURES["doc-figure"]
    """
    _FIGURES[name] = path


def figure_names() -> list[str]:
    """Every registered figure, sorted."""
    return sorted(_FIGURES)


def figure(name: str) -> Any:
    """The function drawing the figure ``name`` (``draw(result) -> Figure``), imported now.

    Raises
    ------
    ConfigError
        No such figure (the message lists the known ones; ``import simlab``
        registers the figures layer's).

    Examples
    --------
    >>> figure("no-such-figure")
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: unknown figure 'no-such-figure'; figures: policy-ladder, summary
    """
    path = _FIGURES.get(name)
    if path is None:
        known = ", ".join(figure_names()) or "none"
        raise ConfigError(f"unknown figure {name!r}; figures: {known}")
    return _load(path)
