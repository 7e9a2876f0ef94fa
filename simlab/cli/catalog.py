"""What ``simlab games`` and ``simlab info`` show, without importing the games or pandas.

Listing the games, their variants, policies and studies live means importing
every game's rules (networkx, the component files) and every study module
(pandas, scipy): seconds before a line is printed.  So the listing is built
once by :func:`build_catalog` from the live registries and kept in the user's
cache folder (:mod:`simlab.cli.catalog_cache`), keyed by the content of the
sources it is built from: an added game, variant, policy or study is listed on
the next run, with nothing to regenerate by hand.

A game or study registered at run time that the catalog does not know is still
listed, read live (the slow path, only then).

Policy names are listed in one form everywhere (``simlab games``,
``simlab info``, the error for an unknown policy): a family of policies with a
number in the name is written with a letter for the number and explained once,
``brave-P`` for ``brave-0.5`` (see :func:`policy_line`).

Examples
--------
>>> policy_forms(["random", "brave", "brave-0.5", "heuristic"])
['random', 'brave', 'brave-P', 'heuristic']
>>> print(policy_line(["random", "brave-0.5"]))
random, brave-P (brave-P: play each role brave with probability P, 0 to 1, e.g. brave-0.5)
>>> print(policy_line(["greedy", "mcts", "mcts-100"]))  # doctest: +NORMALIZE_WHITESPACE
greedy, mcts, mcts-N (mcts-N: search player with N iterations a decision, mcts with the
game's default, mcts-Xs with X seconds, not reproducible, e.g. mcts-100)
"""

from __future__ import annotations

import re
import sys
from typing import Any

__all__ = ["build_catalog", "catalog", "game_entry", "game_info", "policy_forms", "policy_line",
           "stored_catalog"]

#: Families of policies with a number in their name: prefix -> (listed form, meaning).
POLICY_FAMILIES: dict[str, tuple[str, str]] = {
    "brave": ("brave-P", "play each role brave with probability P, 0 to 1"),
    "mcts": ("mcts-N", "search player with N iterations a decision, mcts with the game's "
                       "default, mcts-Xs with X seconds, not reproducible"),
}
_NUMBERED = re.compile(r"(?P<family>[a-z_]+)-\d*\.?\d+")


def _family(name: str) -> str | None:
    m = _NUMBERED.fullmatch(name)
    return m["family"] if m and m["family"] in POLICY_FAMILIES else None


def policy_forms(names: list[str]) -> list[str]:
    """``names`` as listed: a numbered family member becomes its family's form, once."""
    out: list[str] = []
    for name in names:
        family = _family(name)
        form = POLICY_FAMILIES[family][0] if family else name
        if form not in out:
            out.append(form)
    return out


def policy_line(names: list[str]) -> str:
    """The one line listing a game's policies, families explained (see module doc)."""
    notes = []
    for name in names:
        family = _family(name)
        if family:
            form, meaning = POLICY_FAMILIES[family]
            notes.append(f"{form}: {meaning}, e.g. {name}")
    line = ", ".join(policy_forms(names))
    return f"{line} ({'; '.join(notes)})" if notes else line


def _study_game(module: str) -> str:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["simlab", "games"] else ""


def game_entry(cls: Any) -> dict[str, Any]:
    """What ``simlab games`` and ``simlab info`` show of one Game class (builds one game)."""
    game = cls()
    return {
        "game": cls.NAME,
        "title": cls.TITLE,
        "players": [cls.MIN_PLAYERS, cls.MAX_PLAYERS],
        "variants": [o.name for o in cls.OPTIONS if o.variant],
        "policies": game.policy_names(),
        "options": [
            {"name": o.name, "default": o.default, "variant": o.variant, "help": o.help,
             "choices": list(o.choices) if o.choices else None}
            for o in cls.OPTIONS
        ],
        "components": game.components(),
    }


def game_info(name: str) -> dict[str, Any]:
    """One game's entry: stored, or read live for a game the catalog does not hold.

    Raises
    ------
    ConfigError
        No such game (the registry's message).
    """
    from simlab.core.registry import _CLASSES, canonical_name, game_class

    key = canonical_name(name)
    if key not in _CLASSES:  # a class registered at run time replaces the stored entry
        for entry in stored_catalog()["games"]:
            if entry["game"] == key:
                return dict(entry)
    return game_entry(game_class(name))


def build_catalog() -> dict[str, Any]:
    """The catalog from the live registries (imports every game and study module).

    Returns
    -------
    dict
        ``{"games": [{game, title, players, variants, policies, options, components}],
        "studies": [{study, game, title}]}``, sorted by name: the games
        of ``simlab.games`` and the studies their modules provide.
    """
    from simlab.core import registry
    from simlab.core import study as studies
    from simlab.games import STUDIES

    games = []
    for name in registry.game_names():
        if not registry._PROVIDERS.get(name, "").startswith("simlab.games."):
            continue  # registered at run time (a test's game): listed live, not stored
        games.append(game_entry(registry.game_class(name)))
    rows = []
    for name, module in sorted(STUDIES.items()):
        study = studies.get_study(name)
        rows.append({"study": name, "game": _study_game(module), "title": study.title})
    return {"games": games, "studies": rows}


def stored_catalog() -> dict[str, Any]:
    """The catalog of the shipped games and studies: from the cache, or built and cached
    (:func:`simlab.cli.catalog_cache.cached`)."""
    from simlab.cli.catalog_cache import cached

    return cached(build_catalog)


def catalog() -> dict[str, Any]:
    """The catalog to list: the stored one, plus any game or study it does not know
    (registered at run time: read live)."""
    stored = stored_catalog()
    games = list(stored["games"])
    rows = list(stored["studies"])
    from simlab.core.registry import game_names

    known_games = {g["game"] for g in games}
    extra_games = [name for name in game_names() if name not in known_games]
    if extra_games:
        from simlab.core.registry import game_class

        games.extend(game_entry(game_class(name)) for name in extra_games)
        games.sort(key=lambda g: g["game"])
    study_mod = sys.modules.get("simlab.core.study")
    if study_mod is not None:  # already imported: it may hold studies registered at run time
        known = {s["study"] for s in rows}
        for name in study_mod.study_names():
            if name not in known:
                rows.append({"study": name, "game": "",
                             "title": study_mod.get_study(name).title})
        rows.sort(key=lambda s: s["study"])
    return {"games": games, "studies": rows}
