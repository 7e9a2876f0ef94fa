"""The records of a Bedpans position (:mod:`simlab.games.bedpans.parts`) are typed values:
frozen, slotted, read by field name only (never unpacked or sliced as tuples), and the tags
they carry are enums equal to the rulebook's words."""

from __future__ import annotations

import dataclasses

import pytest

from simlab.games.bedpans import parts
from simlab.games.bedpans.parts import (
    OVER,
    BlockedDoor,
    Decide,
    Decision,
    DoorStuff,
    Lasting,
    OpenEdge,
    Phase,
    TurnEffect,
)

from .test_rules import dealt, sealed
from .test_stuff import _door_layout, play, window

RECORDS = [parts.Decide, parts.Chance, parts.Over, parts.TurnEffect, parts.BlockedDoor,
           parts.OpenEdge, parts.Station, parts.ExtraNurse, parts.OneStuff, parts.CornerStuff,
           parts.DrawSpecial, parts.PlaceSpecial, parts.Nudge]


@pytest.mark.parametrize("record", RECORDS, ids=lambda r: r.__name__)
def test_every_record_is_a_frozen_slotted_dataclass_not_a_tuple(record):
    assert dataclasses.is_dataclass(record) and record.__dataclass_params__.frozen
    assert "__slots__" in vars(record) and not issubclass(record, tuple)


def test_records_are_immutable_and_compare_by_value():
    need = Decide(1, Decision.MOVE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        need.seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        _seat, _kind = need  # type: ignore[misc]  # no unpacking by position
    assert need == Decide(1, Decision.MOVE) and need != Decide(2, Decision.MOVE)
    assert hash(need) == hash(Decide(1, Decision.MOVE))
    edge = OpenEdge("U", 1, 0, 2, 1, 1)
    with pytest.raises(TypeError):
        edge[:3]  # type: ignore[index]  # the position is edge.position
    assert edge.position == ("U", 1, 0) and parts.Over() == OVER


def test_tags_are_enums_equal_to_the_rulebook_words():
    assert DoorStuff("Door Code") is DoorStuff.DOOR_CODE and DoorStuff.JAMMED_DOOR == "Jammed Door"
    assert {k.value for k in Lasting} >= {"Hurry Up", "Disguise", "New Shift"}
    assert Decision("start-tile") is Decision.START_TILE
    assert Phase("window1") is Phase.WINDOW1 and Phase.MOVES == "moves"


def test_the_turn_machine_keeps_its_phase_as_a_phase():
    s = dealt(players=2)
    seen = set()
    for _ in range(60):
        seen.add(type(s.phase))
        s.apply(s.legal_actions()[-1] if s.current_player >= 0 else s.chance_outcomes()[0][0])
    assert seen == {Phase}


def test_a_blocked_door_records_its_stuff_as_an_enum():
    s = _door_layout()
    window(s, 1, {0: ["Door Code"]})
    play(s, "Door Code", "U 3,0 E 312")
    assert s.blocked == {(("U", 3, 0), ("U", 4, 0)): BlockedDoor(DoorStuff.DOOR_CODE,
                                                                 order="312", player=0)}
    assert s.blocked[(("U", 3, 0), ("U", 4, 0))].stuff is DoorStuff.DOOR_CODE


def test_turn_effects_name_whom_they_affect_and_who_played_them():
    """Disguise keeps its space as a space, New Shift its player as a seat (they were the
    strings ``"red U 2,0"`` and ``"0"``)."""
    s = sealed(dealt(players=2))
    s.staffers[1] = ("U", 2, 0)
    window(s, 1, {1: ["Disguise"]})
    play(s, "Disguise", "red U 2,0")
    assert s.fx == {Lasting.DISGUISE: (TurnEffect("red", 1, ("U", 2, 0)),)}
    assert s._disguised("red", ("U", 2, 0)) and not s._disguised("red", ("U", 1, 0))
    s = sealed(dealt(players=3))
    window(s, 1, {0: ["New Shift"]})
    play(s, "New Shift")
    assert s.fx == {Lasting.NEW_SHIFT: (TurnEffect("", 0),)}
    assert s._affected(Lasting.NEW_SHIFT) == ("",)
