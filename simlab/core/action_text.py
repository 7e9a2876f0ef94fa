"""Action texts: written from a template, read back through a game's table of patterns.

An action class declares its text once, as a template in rulebook words
(:func:`worded`, which also makes it a frozen, slotted dataclass); the few
texts no template says (those that look a name up in the components) keep a
hand-written ``__str__``.  Each game reads its texts back with a table of
regular expressions, one per action text, with the function that builds the
action from the match (and from whatever else the game passes along, such as
its component set, where a text names a component); :func:`match_action`
tries the table, and :func:`read_action` (or the game's ``parse_action``)
says what is wrong when nothing matches.  ``tests/games/test_action_round_trip.py``
reads every action class of every game back from its text.

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

import inspect
import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar, dataclass_transform

from simlab.core.api import Action
from simlab.core.errors import IllegalActionError

__all__ = ["ActionPatterns", "known_name", "match_action", "plain", "read_action", "worded"]

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


def read_action(game: str, patterns: ActionPatterns, text: str, *context: Any) -> Action:
    """The action of ``text`` by :func:`match_action`; if no pattern matches, an
    :class:`IllegalActionError` saying ``"{game} has no action {text!r}"``.

    Examples
    --------
    >>> table: ActionPatterns = ((re.compile(r"pass"), lambda m: Action()),)
    >>> read_action("pass_game", table, "pass")
    Action()
    >>> read_action("pass_game", table, "fly")
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: pass_game has no action 'fly'
    """
    action = match_action(patterns, text, *context)
    if action is None:
        raise IllegalActionError(f"{game} has no action {text!r}")
    return action


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


_FIELD = re.compile(r"\{(\w+)(?:\[(\d+)\])?(?:\?([^|{}]*)\|([^{}]*)|\*([^{}]*))?\}")

_A = TypeVar("_A", bound=Action)


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def worded(text: str) -> Callable[[type[_A]], type[_A]]:
    """Make an action class a frozen, slotted dataclass whose ``str`` is ``text``, its
    template in the rulebook's words, filled from its fields.

    The template is compiled into the class's ``__str__`` once, when the class is made (one
    f-string: as fast as a hand-written one), and kept as the class's ``template``; a
    template that names a field the class has not got is a ``TypeError`` then, not when the
    text is first written.  In the template:

    - ``{name}``: the field's text (``str``; or, where the class's ``shown`` maps the
      field's declared type, as written, to a function, that function of the value);
    - ``{name[i]}``: item ``i`` of a tuple field;
    - ``{name?yes|no}``: ``yes`` when the field is true, else ``no`` (either may be empty);
    - ``{name*s}``: ``s`` unless the field is 1: a plural (``"potion{count*s}"``).

    A text that no template says (one that looks a name up in the components) stays a
    hand-written ``__str__`` on a plain ``@dataclass(frozen=True, slots=True)``.

    Examples
    --------
    >>> @worded("take {count} {colour} potion{count*s}{brave?, bravely|}")
    ... class Gather(Action):
    ...     colour: str
    ...     count: int
    ...     brave: bool = False
    >>> str(Gather("green", 1)), str(Gather("green", 2, brave=True))
    ('take 1 green potion', 'take 2 green potions, bravely')
    >>> Gather("green", 2) == Gather("green", 2), Gather.__slots__, Gather.template
    (True, ('colour', 'count', 'brave'), 'take {count} {colour} potion{count*s}{brave?, bravely|}')
    >>> @worded("roll {dice[0]} and {dice[1]}")
    ... class Roll(Action):
    ...     dice: tuple[int, int]
    >>> str(Roll((3, 5)))
    'roll 3 and 5'
    >>> @worded("take {cuont}")
    ... class Typo(Action):
    ...     count: int
    Traceback (most recent call last):
    ...
    TypeError: Typo's text 'take {cuont}' names cuont, which is no field of Typo (count)
    """

    def make(cls: type[_A]) -> type[_A]:
        cls.__str__ = _compile(cls, text)  # type: ignore[method-assign, assignment]
        cls.template = text  # type: ignore[attr-defined]
        return dataclass(frozen=True, slots=True)(cls)

    return make


def _fields(cls: type) -> dict[str, str]:
    """Every field (annotated name, ``ClassVar`` left out) of ``cls`` and its bases -> its
    declared type, as written."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        for name, kind in inspect.get_annotations(klass).items():
            if "ClassVar" not in str(kind):
                found[name] = kind if isinstance(kind, str) else getattr(kind, "__name__", "")
    return found


def _compile(cls: type[Action], text: str) -> Callable[[Action], str]:
    """``cls.__str__`` made from its template ``text``: one f-string over the fields it
    names."""
    fields = _fields(cls)
    shown: Mapping[str, Callable[[Any], str]] = getattr(cls, "shown", {})
    names: dict[str, Any] = {}
    pieces: list[str] = []
    at = 0
    for k, m in enumerate(_FIELD.finditer(text)):
        pieces.append(_literal(text[at:m.start()]))
        at = m.end()
        name, index, yes, no, suffix = m.groups()
        if name not in fields:
            raise TypeError(f"{cls.__name__}'s text {text!r} names {name}, which is no "
                            f"field of {cls.__name__} ({', '.join(fields) or 'none'})")
        value = f"self.{name}" + (f"[{index}]" if index is not None else "")
        if yes is not None:
            names[f"_yes{k}"], names[f"_no{k}"] = yes, no
            pieces.append(f"{{(_yes{k} if {value} else _no{k})}}")
        elif suffix is not None:
            names[f"_plural{k}"] = suffix
            pieces.append(f"{{(_plural{k} if {value} != 1 else _none)}}")
        elif index is None and fields[name] in shown:
            names[f"_show{k}"] = shown[fields[name]]
            pieces.append(f"{{_show{k}({value})}}")
        else:
            pieces.append(f"{{{value}}}")
    pieces.append(_literal(text[at:]))
    names["_none"], names["__name__"] = "", cls.__module__
    source = f"def __str__(self):\n    return f{''.join(pieces)!r}\n"
    exec(source, names)  # as dataclasses makes __init__: code from the class's own template
    made: Callable[[Action], str] = names["__str__"]
    made.__qualname__ = f"{cls.__qualname__}.__str__"
    return made


def _literal(words: str) -> str:
    """``words`` as the literal part of an f-string (braces doubled)."""
    return words.replace("{", "{{").replace("}", "}}")
