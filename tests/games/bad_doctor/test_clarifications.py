"""Scenario tests of Bad Doctor from the rulebook's words (issue 13, second fidelity pass).

Each test quotes the lines of ``../shared/rules/bad-doctor.txt`` it is built from; positions
come from :func:`tests.games.bad_doctor.position`.
"""

from __future__ import annotations

from simlab.core.api import CHANCE
from simlab.games.bad_doctor.actions import (
    DrawTile,
    NoMarker,
    PlaceTile,
    RemoveMarker,
    RemoveTile,
    RevealPatient,
    RevealTile,
    TakeBackMarker,
)
from simlab.games.bad_doctor.render import draw_hospital, summary
from tests.games.bad_doctor import add_cubes, place, position


def _texts(events):
    return [str(e) for e in events]


# -- l.116 "The deceased Patient is also discarded" (R4): a dead Starting Patient goes to the
#    Patient discard pile; l.108 only a *cured* one "is removed from the game" ---


def _kill_s2(state):
    add_cubes(state, "S2")
    state.apply(DrawTile())
    return state.apply(RevealTile(state.deck[0]))


def test_a_dead_starting_patient_is_discarded_and_may_come_back():
    state = position(hands=[[]], actions_left=1)
    state.patient_deck = []  # the Patient Deck has run out: the discards are reshuffled
    events = _kill_s2(state)
    assert "Patient S2 dies on Dr. A. Achoo's shift" in _texts(events)
    assert state.patient_discard == ["S2"] and state.patients_out == []
    assert state.chance_outcomes() == [(RevealPatient("S2"), 1)]
    assert str(RevealPatient("S2")) == "reveal Patient S2 (Starting Patient)"
    state.apply(RevealPatient("S2"))
    back = state.patient("S2")
    assert back.side == "A" and back.complication_cubes == 0 and back.junctions == {}
    assert state.component_totals() == {"tiles": 37, "doctor_markers": 80,
                                        "complication_cubes": 15}


def test_a_cured_starting_patient_is_removed_from_the_game():
    state = position(hands=[["T05"]], actions_left=1)
    place(state, "T01", "S1", 1, owner=0)
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))
    assert state.patients_out == ["S1"] and "S1" not in state.patient_discard


# -- l.98 "they may elect to remove one from another Patient" (R13) and l.114 "select one of your
#    Doctor Markers from anywhere in the hospital" (R15): the player picks the marker ---


def test_taking_a_marker_back_is_a_choice_of_marker():
    state = position(hands=[["T01"]])
    place(state, "T24", "S2", 1, owner=0)  # green/yellow on green 1: opens yellow 3
    place(state, "T09", "S2", 3, owner=0)  # yellow on the tile's yellow end
    state.supply[0] = 0
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))
    assert state.legal_actions() == [TakeBackMarker("S2", 1), TakeBackMarker("S2", 3),
                                     NoMarker()]
    state.apply(TakeBackMarker("S2", 1))  # the marker between the Patient and T24
    assert state.patient("S2").junctions == {1: ("T24", -1), 3: ("T09", 0)}
    assert state.patient("S1").junctions[1] == ("T01", 0)


def test_a_death_with_an_empty_supply_removes_the_marker_the_player_picks():
    state = position(hands=[[]], actions_left=1)
    place(state, "T05", "S2", 1, owner=0)  # on the dying Patient
    place(state, "T09", "S3", 1, owner=0)  # elsewhere in the hospital
    state.supply[0] = 0
    _kill_s2(state)
    assert state.legal_actions() == [RemoveMarker("S2", 1), RemoveMarker("S3", 1)]
    events = state.apply(RemoveMarker("S3", 1))
    assert "Dr. A. Achoo removes a Doctor Marker on Patient S3 from the game" in _texts(events)
    assert state.patient("S3").junctions[1] == ("T09", -1) and state.removed == [1, 0]
    assert state.supply[0] == 1  # the marker on the dead S2 goes back to the supply


# -- l.151 Remove 1 Treatment Tile "You may ONLY remove Treatment Tiles from an edge" (R11) and
#    l.90 "Perform any Treatment Tile Bonus" (R9): the tile just placed, option remove_placed_tile


def test_remove_tile_may_take_the_tile_just_placed_by_default():
    state = position(hands=[["T15"]])
    state.apply(PlaceTile("T15", "S3", 2, "blue", 0))  # blue, Remove Tile: the only edge tile
    assert state.legal_actions() == [RemoveTile("T15", "S3")]  # mandatory: it removes itself
    state.apply(RemoveTile("T15", "S3"))
    assert "T15" in state.discard and state.supply[0] == 20
    assert state.patient("S3").visited  # "considered Visited" all the same


def test_remove_placed_tile_option_leaves_the_tile_alone():
    state = position(hands=[["T15", "T01"]], remove_placed_tile=False)
    place(state, "T05", "S1", 2, owner=1)
    state.apply(PlaceTile("T15", "S3", 2, "blue", 0))
    assert state.legal_actions()[0] == RemoveTile("T05", "S1")
    assert RemoveTile("T15", "S3") not in state.legal_actions()
    alone = position(hands=[["T15", "T01"]], remove_placed_tile=False)
    alone.apply(PlaceTile("T15", "S3", 2, "blue", 0))
    assert alone.current_player == 0 and alone.actions_left == 1  # no target: bonus ignored
    assert alone.patient("S3").junctions[2] == ("T15", 0)


# -- l.98 "If the player does not want to remove a Doctor Marker in this fashion, they can still
#    place a Treatment Tile and activate the Treatment Tile Bonus" ---


def test_a_bonus_tile_placed_after_declining_to_take_a_marker_back():
    state = position(hands=[["T02"]])
    place(state, "T09", "S2", 2, owner=0)
    state.supply[0] = 0
    state.apply(PlaceTile("T02", "S1", 1, "red", 0))  # red, Draw 1
    assert state.legal_actions() == [TakeBackMarker("S2", 2), NoMarker()]
    state.apply(NoMarker())
    assert state.current_player == CHANCE  # the Draw 1 bonus still happens
    state.apply(RevealTile("T05"))
    assert state.hands[0] == ["T05"] and state.patient("S1").junctions[1] == ("T02", -1)
    assert state.patient("S2").junctions[2] == ("T09", 0)


# -- l.133 "It is possible for a player to cure a Patient and meet the winning condition but at
#    the same time cause other Patients to die and give another player more points to win" ---


def test_a_death_gives_another_player_more_points_than_the_curer():
    state = position(hands=[["T05"]], actions_left=1)
    state.score_pile = [7, 7]
    place(state, "T01", "S1", 1, owner=0)
    add_cubes(state, "S3")
    place(state, "T20", "S3", 1, owner=1)  # red/yellow on yellow 1: opens red 3
    place(state, "T02", "S3", 3, owner=1)
    place(state, "T22", "S3", 2, owner=1)  # red/blue on blue 2: opens red 4, S3 stays open
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))  # cures S1: 9 in seat 0's Score Pile
    assert state.outcome.scores == (9.0, 10.0)  # S3 died on seat 0's shift: +3 for seat 1
    assert state.outcome.winners == (1,)


# -- l.44, l.74 Treatment Tiles "are always visible to the other players": the stepper shows them


def test_the_stepper_table_and_picture_show_every_hand():
    state = position(hands=[["T01", "T17"], ["T35"]])
    table = summary(state)
    assert table["Dr. A. Achoo"] == ("score pile 0, supply 20, hand T01 (red), "
                                     "T17 (red/green, Draw 2), 0 removed")
    assert "hand T35 (wild)" in table["Dr. Eror"]
    title = draw_hospital(state)._suptitle.get_text()
    assert "hand T01 (red), T17 (red/green, Draw 2)" in title and "hand T35 (wild)" in title


# -- log: a shared win reads as one ----------------------------------------------------------


def test_a_shared_win_is_worded_for_several_winners():
    state = position(hands=[[]])
    state.score_pile = [8, 8]
    log = []
    state._finish("a Score Pile reached 8 Doctor Markers", log)
    assert _texts(log)[-1].endswith("; Dr. A. Achoo and Dr. Eror share the win")
    one = position(hands=[[]])
    one.score_pile = [8, 3]
    log = []
    one._finish("a Score Pile reached 8 Doctor Markers", log)
    assert _texts(log)[-1].endswith("; Dr. A. Achoo wins")
