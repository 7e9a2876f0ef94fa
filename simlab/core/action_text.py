"""Reading an action back from its text: a game's table of patterns, tried in order.

Each game writes ``str(action)`` in rulebook words and a table of regular
expressions, one per action text, with the function that builds the action
from the match (and from whatever else the game passes along, such as its
component set, where a text names a component); :func:`match_action` tries
the table, and the game's ``parse_action`` says what is wrong when nothing
matches.

Examples
--------
>>> import re
>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Roll(Action):
...     value: int
>>> table: ActionPatterns = ((re.compile(r"roll (\\d+)"), lambda m: Roll(int(m[1]))),)
>>> match_action(table, " roll 4 "), match_action(table, "fly")
(Roll(value=4), None)
>>> sides: ActionPatterns = ((re.compile(r"roll (\\d+)"), lambda m, d: Roll(min(int(m[1]), d))),)
>>> match_action(sides, "roll 9", 6)
Roll(value=6)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

from simlab.core.api import Action
from simlab.core.errors import IllegalActionError

__all__ = ["ActionPatterns", "known_name", "match_action", "plain"]

#: (pattern of a whole action text, what builds the action from its match), tried in order.
#: The builder takes the match, then what :func:`match_action` is given after the text.
ActionPatterns = tuple[tuple[re.Pattern[str], Callable[..., Action]], ...]


def match_action(patterns: ActionPatterns, text: str, *context: Any) -> Action | None:
    """The action built by the first of ``patterns`` that matches all of ``text`` (blanks
    around it ignored; its builder called with the match and ``context``), or None if none
    does."""
    clean = text.strip()
    for pattern, build in patterns:
        m = pattern.fullmatch(clean)
        if m is not None:
            return build(m, *context)
    return None


def plain(build: Callable[[re.Match[str]], Action]) -> Callable[[re.Match[str], Any], Action]:
    """A builder of a text that names no component: the context (components) is not asked.

    Examples
    --------
    >>> table: ActionPatterns = ((re.compile(r"pass"), plain(lambda m: Action())),)
    >>> match_action(table, "pass", "the components")
    Action()
    """
    return lambda m, context: build(m)


def known_name(name: str, names: Collection[str], what: str) -> str:
    """``name`` if it is one of ``names``; else an :class:`IllegalActionError` saying
    ``"{what} {name!r}"`` (e.g. ``what="broom_service has no role"``).

    Examples
    --------
    >>> known_name("Witch", {"Witch", "Druid"}, "broom_service has no role")
    'Witch'
    >>> known_name("Cat", {"Witch"}, "broom_service has no role")
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: broom_service has no role 'Cat'
    """
    if name not in names:
        raise IllegalActionError(f"{what} {name!r}")
    return name
