"""Reading an action back from its text: a game's table of patterns, tried in order.

Each game writes ``str(action)`` in rulebook words and a table of regular
expressions, one per action text, with the function that builds the action
from the match; :func:`match_action` tries the table, and the game's
``parse_action`` says what is wrong when nothing matches.

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
"""

from __future__ import annotations

import re
from collections.abc import Callable

from simlab.core.api import Action

__all__ = ["ActionPatterns", "match_action"]

#: (pattern of a whole action text, what builds the action from its match), tried in order.
ActionPatterns = tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Action]], ...]


def match_action(patterns: ActionPatterns, text: str) -> Action | None:
    """The action built by the first of ``patterns`` that matches all of ``text`` (blanks
    around it ignored), or None if none does."""
    clean = text.strip()
    for pattern, build in patterns:
        m = pattern.fullmatch(clean)
        if m is not None:
            return build(m)
    return None
