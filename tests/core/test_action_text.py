"""Reading actions back: the shared builders, and the errors games give through them."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import FrozenInstanceError, fields
from typing import ClassVar

import pytest

import simlab
from simlab.core.action_text import known_name, match_action, plain, read_action, worded
from simlab.core.api import Action
from simlab.core.errors import IllegalActionError
from tests.games.dice_race import Move


def test_plain_builds_from_the_match_alone_whatever_the_context():
    table = ((re.compile(r"move( with boost)?"), plain(lambda m: Move(m[1] is not None))),)
    assert match_action(table, "move with boost", object()) == Move(True)
    assert match_action(table, " move ", None) == Move(False)
    assert match_action(table, "jump", None) is None


def test_known_name_passes_a_known_name_and_names_an_unknown_one():
    assert known_name("Witch", ("Witch",), "x has no role") == "Witch"
    with pytest.raises(IllegalActionError, match=r"^x has no role 'witch'$"):
        known_name("witch", ("Witch",), "x has no role")


@pytest.mark.parametrize(("game", "text", "message"), [
    ("hospital_rush", "Seat 1 gets the player board Nobody",
     "hospital_rush has no player board 'Nobody'"),
    ("hospital_rush", "Patient Nobody comes into bed 2", "hospital_rush has no patient 'Nobody'"),
    ("broom_service", "Seat 0 plays Nobody brave", "broom_service has no role 'Nobody'"),
])
def test_a_game_names_the_unknown_component_in_an_action_text(game, text, message):
    with pytest.raises(IllegalActionError, match=f"^{re.escape(message)}$"):
        simlab.load_game(game).parse_action(text)


@worded("take {count} {colour} potion{count*s} to {tower?the tower|the market}")
class Gather(Action):
    colour: str
    count: int
    tower: bool = False


class Seated(Action):
    """A base that tells a field of type ``Seat`` as "Seat n"."""

    __slots__ = ()

    shown: ClassVar[Mapping[str, object]] = {"Seat": lambda seat: f"Seat {seat}"}


Seat = int


@worded("{who} rolls {dice[0]}-{dice[1]} ({dice})")
class Roll(Seated):
    who: Seat
    dice: tuple[int, int]


@pytest.mark.parametrize(("action", "text"), [
    (Gather("green", 0), "take 0 green potions to the market"),
    (Gather("green", 1), "take 1 green potion to the market"),
    (Gather("green", 2, True), "take 2 green potions to the tower"),
    (Roll(3, (2, 5)), "Seat 3 rolls 2-5 ((2, 5))"),
])
def test_a_template_fills_fields_plurals_choices_items_and_shown_types(action, text):
    assert str(action) == text


def test_worded_makes_a_frozen_slotted_hashable_dataclass():
    a = Gather("green", 2)
    assert [f.name for f in fields(Gather)] == ["colour", "count", "tower"]
    assert Gather.__slots__ == ("colour", "count", "tower")
    assert not hasattr(a, "__dict__") or not a.__dict__
    assert a == Gather("green", 2) and hash(a) == hash(Gather("green", 2))
    assert repr(a) == "Gather(colour='green', count=2, tower=False)"
    assert (Gather.__str__.__module__, Gather.__str__.__qualname__) == (__name__, "Gather.__str__")
    assert Gather.template == ("take {count} {colour} potion{count*s} "
                               "to {tower?the tower|the market}")
    with pytest.raises(FrozenInstanceError):
        a.count = 3  # type: ignore[misc]


def test_a_template_without_fields_is_the_text_and_a_lone_brace_is_kept():
    @worded("pass {twice")
    class Pass(Action):
        pass

    assert str(Pass()) == "pass {twice" and Pass() == Pass()


@pytest.mark.parametrize("template", ["take {cuont}", "take {count*s} {colours}",
                                      "{tower?yes|no} {towers?yes|no}"])
def test_a_template_naming_no_field_fails_when_the_class_is_made(template):
    with pytest.raises(TypeError, match=r"^Bad's text .* names \w+, which is no field of "
                                        r"Bad \(count, tower\)$"):
        @worded(template)
        class Bad(Action):
            count: int
            tower: bool


def test_read_action_names_the_game_and_the_text_it_cannot_read():
    table = ((re.compile(r"move( with boost)?"), lambda m: Move(m[1] is not None)),)
    assert read_action("dice_race", table, " move with boost ") == Move(True)
    with pytest.raises(IllegalActionError, match=r"^dice_race has no action 'jump'$"):
        read_action("dice_race", table, "jump")
