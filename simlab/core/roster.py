"""What sits above a game's rules, as the API finds it: its players by name, its renderer.

:meth:`Game.policy_names <simlab.core.api.Game.policy_names>`,
:meth:`~simlab.core.api.Game.make_policy` and
:meth:`~simlab.core.api.Game.search_settings` read this registry, so that
neither core nor a game's rules import the game's players:

- a game declares its :class:`Roster` in the table of its package
  (``simlab/games/<game>/__init__.py``), as ``"module:function"`` paths
  into its players floor (``policies``, ``evaluate``), loaded on first use;
- a *family* of players that any game may offer (the search players
  ``mcts``, ``mcts-N``, ``mcts-Xs`` of :mod:`simlab.core.search`) registers
  itself by path too, from the composition root (``import simlab``), the
  way games do.

A game's renderer (how the notebook layer draws its positions, see
:mod:`simlab.widgets.render`) is registered by path from the same table, so
that ``Game.renderer()`` and a state's picture in Jupyter need no import of
the game's ``render`` module by its rules.

This module sits on core's bottom floor, beside the API types: it imports
no game, no search and not the API (a game is anything with a ``NAME`` and
a ``search_settings()``).

Examples
--------
>>> import simlab
>>> game = simlab.load_game("hospital_rush", players=3)
>>> policy_names(game)
['random', 'honest', 'opportunist', 'greedy', 'mcts', 'mcts-100', 'honest-mcts']
>>> make_policy(game, "greedy", 0).name, make_policy(game, "mcts-7", 1).name
('greedy', 'mcts-7')
>>> make_policy(game, "lazy", 0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
simlab.core.errors.ConfigError: hospital_rush has no policy 'lazy'; policies: random, ...
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Protocol

from simlab.core.errors import ConfigError
from simlab.core.policies import Policy, RandomPolicy
from simlab.core.search_settings import SearchSettings

__all__ = [
    "PolicyFamily",
    "Roster",
    "families",
    "load_path",
    "make_policy",
    "policy_names",
    "register_family",
    "register_renderer",
    "register_roster",
    "renderer",
    "roster_of",
    "search_settings",
]


@dataclass(frozen=True)
class Roster:
    """The players one game offers by name, as paths into its players floor.

    Parameters
    ----------
    policies : tuple of str
        The game's own policies, listed after ``random`` (a family with a
        number, ``brave-0.5``, by one example).
    make : str, optional
        ``"module:function"``: ``make(name, seat) -> Policy``, or ``None``
        for a name that is not one of the game's own policies; it raises
        :class:`~simlab.core.errors.ConfigError` for one of its names with a
        bad number (``brave-2``).
    search : str, optional
        ``"module:function"``: ``settings() -> SearchSettings``, the
        defaults of the game's search players (``mcts``); ``None``: the game
        has none.
    searches : tuple of str
        The game's own search players, listed after ``mcts``
        (``honest-mcts``).
    make_search : str, optional
        ``"module:function"``: ``make(game, name, seat) -> Policy``, or
        ``None`` for a name that is not one of ``searches`` (asked first, so
        that ``mcts-brave`` is the game's before it is a typo of ``mcts-N``).

    Examples
    --------
    >>> Roster(policies=("greedy",), make="no.such:make").policies
    ('greedy',)
    """

    policies: tuple[str, ...] = ()
    make: str | None = None
    search: str | None = None
    searches: tuple[str, ...] = ()
    make_search: str | None = None


class PolicyFamily(Protocol):
    """Players that any game may offer, under names of one form (the search players)."""

    def names(self, game: Any) -> list[str]:
        """The names to list for ``game``; none if ``game`` does not offer the family."""
        ...

    def claims(self, name: str) -> bool:
        """Whether ``name`` has the family's form (a malformed one too: its maker says why)."""
        ...

    def make(self, game: Any, name: str, seat: int) -> Policy:
        """The player ``name`` for ``seat`` of ``game``."""
        ...


#: Game name -> its roster (a game's package table registers it).
_ROSTERS: dict[str, Roster] = {}
#: "module:attribute" of each registered family, in the order they are asked.
_FAMILIES: list[str] = []
#: Game name -> "module:attribute" of its renderer.
_RENDERERS: dict[str, str] = {}
#: "module:attribute" -> the object, loaded once.
_LOADED: dict[str, Any] = {}
_EMPTY = Roster()


def load_path(path: str) -> Any:
    """The object at ``"module:attribute"``, imported on first use.

    Examples
    --------
    >>> load_path("simlab.core.policies:RandomPolicy").__name__
    'RandomPolicy'
    """
    found = _LOADED.get(path)
    if found is None:
        module, _, attr = path.partition(":")
        found = _LOADED[path] = getattr(importlib.import_module(module), attr)
    return found


def register_roster(game: str, roster: Roster) -> None:
    """Say which players ``game`` (its registry name) offers.

    Examples
    --------
    >>> register_roster("doc-game", Roster(policies=("lazy",)))
    >>> roster_of("doc-game").policies
    ('lazy',)
    >>> del _ROSTERS["doc-game"]
    """
    if not isinstance(roster, Roster):
        raise ConfigError(f"{game}: a roster must be a Roster, not {type(roster).__name__}")
    _ROSTERS[game] = roster


def roster_of(game: str) -> Roster:
    """The roster of ``game`` (an empty one for a game that registered none)."""
    return _ROSTERS.get(game, _EMPTY)


def register_renderer(game: str, path: str) -> None:
    """Register the ``"module:attribute"`` path of ``game``'s renderer (loaded on first use)."""
    _RENDERERS[game] = path


def renderer(game: Any) -> Any | None:
    """``game``'s renderer, loaded now; ``None`` for a game that registered none.

    Examples
    --------
    >>> import simlab
    >>> type(renderer(simlab.load_game("bedpans"))).__name__
    'VillageRenderer'
    """
    path = _RENDERERS.get(game.NAME)
    return None if path is None else load_path(path)


def register_family(path: str) -> None:
    """Register a :class:`PolicyFamily` by its ``"module:attribute"`` path (loaded on first use)."""
    if path not in _FAMILIES:
        _FAMILIES.append(path)


def families() -> list[PolicyFamily]:
    """The registered families, loaded."""
    return [load_path(path) for path in _FAMILIES]


def search_settings(game: Any) -> SearchSettings | None:
    """The defaults of ``game``'s search players, from its roster; ``None``: it has none."""
    path = roster_of(game.NAME).search
    return None if path is None else load_path(path)()  # type: ignore[no-any-return]


def policy_names(game: Any) -> list[str]:
    """Every policy ``game`` offers: ``random``, its own, the families', its own searches."""
    roster = roster_of(game.NAME)
    listed = [name for family in families() for name in family.names(game)]
    return ["random", *roster.policies, *listed, *roster.searches]


def make_policy(game: Any, name: str, seat: int) -> Policy:
    """The policy ``name`` for ``seat`` of ``game``.

    Asked in turn: ``random``; the game's own search players; its own
    policies; the families.

    Raises
    ------
    ConfigError
        ``game`` offers no policy ``name`` (the message lists those it
        offers), or the maker of its form refuses it (``mcts-0``).
    """
    if name == "random":  # the play loop asks for it at every game of a random study
        return RandomPolicy()
    roster = roster_of(game.NAME)
    if roster.make_search is not None:
        policy = load_path(roster.make_search)(game, name, seat)
        if policy is not None:
            return policy  # type: ignore[no-any-return]
    if roster.make is not None:
        policy = load_path(roster.make)(name, seat)
        if policy is not None:
            return policy  # type: ignore[no-any-return]
    for family in families():
        if family.claims(name) and family.names(game):
            return family.make(game, name, seat)
    raise ConfigError(
        f"{game.NAME} has no policy {name!r}; policies: {', '.join(game.policy_names())}"
    )
