"""What is loaded by name on first use: games, the modules of studies, figures.

Core names no game.  Each game declares one :class:`GameTable` in its
package (``simlab/games/<game>/__init__.py``): its Game class as a lazy
``"module:Class"`` path, its players (a :class:`~simlab.core.roster.Roster`),
its studies as the modules that define them, and its policy :class:`Ladder`
as data.  :func:`register_table` (called by ``simlab.games``, which ``import
simlab`` imports) files each part, so that listing games, policies and
studies imports none of a game.  Figures are registered the same way, by the
figures layer (:mod:`simlab.figures`), each under a name a study may
declare as its ``plot``; so core draws nothing either.

Examples
--------
>>> from simlab.core.registry import game_names
>>> "broom_service" in game_names() or game_names() == sorted(game_names())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from simlab.core.api import Game
from simlab.core.errors import ConfigError
from simlab.core.roster import Roster, load_path, register_renderer, register_roster

__all__ = [
    "DEFAULT_FIGURE",
    "GameTable",
    "Ladder",
    "canonical_name",
    "figure",
    "figure_names",
    "game_class",
    "game_names",
    "ladder_name",
    "ladders",
    "load_game",
    "register_figure",
    "register_game",
    "register_study_module",
    "register_table",
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
#: Ladder study name -> (game name, its ladder).
_LADDERS: dict[str, tuple[str, Ladder]] = {}


@dataclass(frozen=True)
class Ladder:
    """A game's policy ladder (the study ``<game>-ladder``), as data.

    :func:`simlab.core.study.policy_ladder.policy_ladder` builds the study
    from it on first use; the parameters are those of that function.

    Parameters
    ----------
    title : str
        The study's one-line title.
    policies : tuple of str
        The default line-up of the round robin.
    players : int
        The default player count.
    player_choices : tuple of int
        The player counts a user may name.
    choices : tuple of str, optional
        The policies a user may name (any ``mcts-N`` too); default: ``random``
        and the game's own policies (its roster's).
    sides : (str, str), optional
        For a game of two sides, seat 0's side and the others'.
    default_games : int
        Games played when not told.
    """

    title: str
    policies: tuple[str, ...]
    players: int
    player_choices: tuple[int, ...]
    choices: tuple[str, ...] | None = None
    sides: tuple[str, str] | None = None
    default_games: int = 60


@dataclass(frozen=True)
class GameTable:
    """Everything a game registers, declared in one place: its package's ``__init__``.

    Paths that start with a dot are taken in the game's package
    (``".rules:BadDoctorGame"``), so that a copied folder keeps working.

    Parameters
    ----------
    package : str
        The game's package (``__name__`` in its ``__init__``).
    name : str
        The registry name (``simlab.load_game(name)``).
    game : str
        ``"module:Class"`` of its Game (the rules floor).
    roster : Roster
        Its players, as paths into its players floor.
    studies : mapping of str to str
        Study name -> the module that registers it when imported.
    ladder : Ladder, optional
        Its policy ladder, registered as the study :func:`ladder_name`.
    renderer : str, optional
        ``"module:attribute"`` of its renderer (``Game.renderer()``).

    Examples
    --------
    >>> table = GameTable("simlab.games.demo", "demo", ".rules:DemoGame",
    ...                   roster=Roster(make=".policies:make"))
    >>> table.path(table.game), table.path(table.roster.make or "")
    ('simlab.games.demo.rules:DemoGame', 'simlab.games.demo.policies:make')
    """

    package: str
    name: str
    game: str
    roster: Roster = field(default_factory=Roster)
    studies: Mapping[str, str] = field(default_factory=dict)
    ladder: Ladder | None = None
    renderer: str | None = None

    def path(self, path: str) -> str:
        """``path`` with a leading dot taken in the game's package."""
        return f"{self.package}{path}" if path.startswith(".") else path


def ladder_name(game: str) -> str:
    """The name of ``game``'s ladder study.

    Examples
    --------
    >>> ladder_name("hospital_rush")
    'hospital-rush-ladder'
    """
    return f"{canonical_name(game).replace('_', '-')}-ladder"


def register_table(table: GameTable) -> None:
    """File a game's :class:`GameTable`: the game, its players, its studies and its ladder.

    Nothing of the game is imported; the ladder study is built on first use
    (its provider module is the game's package, whose table declares it).
    """
    name = canonical_name(table.name)
    register_game(table.path(table.game), name)
    roster = table.roster

    def path(value: str | None) -> str | None:
        return None if value is None else table.path(value)

    register_roster(name, replace(roster, make=path(roster.make), search=path(roster.search),
                                  make_search=path(roster.make_search)))
    if table.renderer is not None:
        register_renderer(name, table.path(table.renderer))
    for study, module in table.studies.items():
        register_study_module(study, table.path(module))
    if table.ladder is not None:
        ladder = table.ladder
        if ladder.choices is None:
            ladder = replace(ladder, choices=("random", *roster.policies))
        _LADDERS[ladder_name(name)] = (name, ladder)
        register_study_module(ladder_name(name), table.package)


def ladders() -> dict[str, tuple[str, Ladder]]:
    """Ladder study name -> ``(game, Ladder)`` for every registered game with one (a copy)."""
    return dict(_LADDERS)


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
    cls = load_path(path)
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
    return load_path(path)
