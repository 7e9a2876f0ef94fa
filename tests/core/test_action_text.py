"""Reading actions back: the shared builders, and the errors games give through them."""

from __future__ import annotations

import re

import pytest

import simlab
from simlab.core.action_text import known_name, match_action, plain
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
