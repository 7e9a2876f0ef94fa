"""Scenario tests from described positions, one rule at a time."""

from __future__ import annotations

from fractions import Fraction

import pytest

import simlab
from simlab.core.api import CHANCE, TERMINAL
from simlab.games.bad_doctor.actions import (
    ActivateBonus,
    AddCube,
    ChooseSide,
    DeclineBonus,
    DiscardTile,
    DrawTile,
    MoveCube,
    NoMarker,
    Pass,
    PlaceTile,
    RemoveCube,
    RemoveMarker,
    RemoveTile,
    RevealPatient,
    RevealTile,
    TakeBackMarker,
)
from simlab.games.bad_doctor.rules import take_card
from tests.games._checks import assert_every_seat_sees_everything
from tests.games.bad_doctor import add_cubes, place, position


def _reveal(state, tile=None):
    """Resolve one tile draw (the given tile, or the first outcome)."""
    assert state.current_player == CHANCE
    outcomes = [a for a, _ in state.chance_outcomes()]
    state.apply(outcomes[0] if tile is None else RevealTile(tile))


def _places(state):
    return [a for a in state.legal_actions() if isinstance(a, PlaceTile)]


# -- set-up and turns ------------------------------------------------------------

def test_set_up_hands_markers_and_first_player():
    game = simlab.load_game("bad_doctor", players=3)
    state = game.new_initial_state()
    draws = 0
    while state.is_chance:
        _reveal(state)
        draws += 1
    assert draws == 6 and [len(h) for h in state.hands] == [2, 2, 2]
    assert state.supply == [18, 18, 18]
    assert [p.id for p in state.hospital] == ["S1", "S2", "S3", "S4"]
    assert all(p.side == "A" and not p.visited for p in state.hospital)
    assert state.current_player == 0 and state.first_turn == [True] * 3
    assert simlab.load_game("bad_doctor", players=4).new_initial_state().supply == [15] * 4


def test_first_turn_draw_one_and_place_one():
    state = position(hands=[["T01", "T05"]], first_turn=True)
    legal = state.legal_actions()
    assert DrawTile() in legal and _places(state)
    state.apply(DrawTile())
    _reveal(state)
    assert all(isinstance(a, PlaceTile) for a in state.legal_actions())
    # the other order: place first, then only drawing is allowed
    state = position(hands=[["T01", "T05"]], first_turn=True)
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))
    assert state.legal_actions() == [DrawTile()]
    # after the first turn, two draws are fine
    state = position(hands=[["T01", "T05"]])
    state.apply(DrawTile())
    _reveal(state)
    assert DrawTile() in state.legal_actions()


def test_two_actions_then_the_next_player():
    state = position(hands=[["T01", "T05"]])
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))
    assert state.current_player == 0 and state.actions_left == 1
    state.apply(PlaceTile("T05", "S2", 1, "green", 0))
    assert state.current_player == 1 and state.actions_left == 2


def test_hand_limit_five():
    five = ["T01", "T05", "T09", "T13", "T17"]
    state = position(hands=[five])
    assert DrawTile() not in state.legal_actions()
    # Draw 2 with four tiles left in hand draws only one
    state.apply(PlaceTile("T17", "S1", 1, "red", 0))   # red/green, Draw 2
    assert len(state.hands[0]) == 4
    _reveal(state)
    assert len(state.hands[0]) == 5 and state.current_player == 0


def test_stuck_rule_discard_and_draw_until_unstuck():
    stuck = ["T05", "T06", "T09", "T10", "T13"]  # green, yellow and blue only
    state = position(hands=[stuck], patients=("P11",))  # red/red
    legal = state.legal_actions()
    assert legal and all(isinstance(a, DiscardTile) for a in legal)
    assert len(legal) == 5  # one per tile kind
    state.apply(DiscardTile("T05"))
    assert "T05" in state.discard and state.current_player == CHANCE
    state.apply(RevealTile("T14"))   # blue: still stuck
    assert all(isinstance(a, DiscardTile) for a in state.legal_actions())
    state.apply(DiscardTile("T14"))
    state.apply(RevealTile("T01"))   # red: unstuck
    assert state.actions_left == 2   # the stuck rule costs no action
    assert _places(state) == [PlaceTile("T01", "P11", 1, "red", 0),
                              PlaceTile("T01", "P11", 2, "red", 0)]


def test_pass_when_nothing_is_possible():
    state = position(hands=[["T05"]], patients=("P11",))
    state.discard, state.deck = [], []
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.actions_left == 1


# -- placing and Doctor Markers ------------------------------------------------

def test_place_needs_a_matching_open_malady():
    state = position(hands=[["T05", "T35"]], patients=("P11",))
    places = _places(state)
    assert {a.tile for a in places} == {"T35"}  # only the wild tile fits red
    with pytest.raises(simlab.IllegalActionError):
        state.apply(PlaceTile("T05", "P11", 1, "red", 0))


def test_placing_puts_a_marker_and_visits():
    state = position(hands=[["T01"]])
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))
    s1 = state.patient("S1")
    assert s1.junctions == {1: ("T01", 0)} and s1.visited
    assert state.supply[0] == 19


def test_empty_supply_take_back_a_marker_or_not():
    state = position(hands=[["T01", "T13"]])
    place(state, "T09", "S2", 2, owner=0)
    state.supply[0] = 0
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))
    assert state.legal_actions() == [TakeBackMarker("S2", 2), NoMarker()]
    state.apply(TakeBackMarker("S2", 2))
    assert state.patient("S2").junctions[2] == ("T09", -1)
    assert state.patient("S1").junctions[1] == ("T01", 0)
    assert not state.patient("S2").visited   # taking a marker back is no visit
    state.apply(PlaceTile("T13", "S3", 2, "blue", 0))
    assert state.legal_actions() == [TakeBackMarker("S1", 1), NoMarker()]
    state.apply(NoMarker())
    assert state.patient("S3").junctions[2] == ("T13", -1)
    assert state.patient("S1").junctions[1] == ("T01", 0)


def test_no_marker_choice():
    state = position(hands=[["T01", "T05"]])
    place(state, "T09", "S2", 2, owner=0)
    state.supply[0] = 0
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))
    state.apply(NoMarker())
    assert state.patient("S1").junctions[1] == ("T01", -1)
    assert state.patient("S2").junctions[2] == ("T09", 0)


# -- Treatment Tile Bonuses ------------------------------------------------------

def test_bonus_draw_1():
    state = position(hands=[["T02", "T05"]])
    state.apply(PlaceTile("T02", "S1", 1, "red", 0))
    _reveal(state)
    assert len(state.hands[0]) == 2 and state.actions_left == 1


def test_bonus_draw_2():
    state = position(hands=[["T17", "T05"]])
    state.apply(PlaceTile("T17", "S1", 1, "red", 0))
    _reveal(state)
    _reveal(state)
    assert len(state.hands[0]) == 3 and state.current_player == 0


def test_bonus_all_players_draw_1_respects_the_limit():
    state = position(players=3, hands=[["T16"], ["T01", "T05", "T09", "T13", "T17"], ["T02"]])
    state.apply(PlaceTile("T16", "S3", 2, "blue", 0))
    _reveal(state)
    _reveal(state)
    assert state.current_player == 0
    assert [len(h) for h in state.hands] == [1, 5, 2]


def test_bonus_move_cube():
    state = position(hands=[["T08"]])
    state.patient("S4").complication_cubes = 2
    state.apply(PlaceTile("T08", "S1", 2, "green", 0))
    legal = state.legal_actions()
    assert MoveCube("S4", "S2") in legal and all(isinstance(a, MoveCube) for a in legal)
    assert all(a.source == "S4" for a in legal)
    state.apply(MoveCube("S4", "S2"))
    assert state.patient("S4").complication_cubes == 1
    assert state.patient("S2").complication_cubes == 1
    assert state.patient("S4").visited and state.patient("S2").visited


def test_bonus_add_cube_needs_a_space():
    state = position(hands=[["T11", "T09"]])
    for p in state.hospital:
        p.complication_cubes = p.cube_spaces
    state.complication_cubes -= 12
    state.patient("S3").complication_cubes = 2
    state.complication_cubes += 1
    state.apply(PlaceTile("T11", "S2", 2, "yellow", 0))
    assert state.legal_actions() == [AddCube("S3")]
    state.apply(AddCube("S3"))
    assert state.patient("S3").complication_cubes == 3 and state.patient("S3").visited
    # no space anywhere: the bonus is ignored
    state.apply(PlaceTile("T09", "S3", 1, "yellow", 0))
    state = position(hands=[["T11", "T09"]])
    for p in state.hospital:
        p.complication_cubes = p.cube_spaces
    state.complication_cubes -= 12
    state.apply(PlaceTile("T11", "S2", 2, "yellow", 0))
    assert state.queue == [] and state.current_player == 0 and state.actions_left == 1



def test_bonus_remove_cube():
    state = position(hands=[["T03"]])
    add_cubes(state, "S2", 1)
    state.apply(PlaceTile("T03", "S1", 1, "red", 0))
    assert state.legal_actions() == [RemoveCube("S2")]
    state.apply(RemoveCube("S2"))
    assert state.patient("S2").complication_cubes == 0 and state.complication_cubes == 15
    assert state.patient("S2").visited


def test_bonus_remove_cube_without_cubes_is_skipped():
    state = position(hands=[["T03", "T05"]])
    state.apply(PlaceTile("T03", "S1", 1, "red", 0))
    assert state.current_player == 0 and state.queue == [] and state.actions_left == 1


def test_bonus_place_tile_and_the_optional_nested_bonus():
    state = position(hands=[["T12", "T02", "T05"]])
    state.apply(PlaceTile("T12", "S2", 2, "yellow", 0))  # yellow, Place Tile
    legal = state.legal_actions()
    assert all(isinstance(a, PlaceTile) for a in legal) and DeclineBonus() not in legal
    state.apply(PlaceTile("T02", "S1", 1, "red", 0))     # red, Draw 1
    assert state.actions_left == 1                       # the bonus placement is free
    assert state.legal_actions() == [ActivateBonus("Draw 1"), DeclineBonus()]
    assert state.patient("S1").visited
    state.apply(DeclineBonus())
    assert len(state.hands[0]) == 1 and state.current_player == 0


def test_bonus_remove_tile_at_an_edge_returns_unsupported_markers():
    state = position(hands=[["T15"]])
    place(state, "T17", "S1", 1, owner=1)   # red/green: joins S1 and opens green 3
    place(state, "T05", "S1", 3, owner=1)   # on the tile: T17 joins two others now
    state.apply(PlaceTile("T15", "S3", 2, "blue", 0))
    legal = state.legal_actions()
    assert RemoveTile("T05", "S1") in legal and RemoveTile("T15", "S3") in legal
    assert RemoveTile("T17", "S1") not in legal
    supply = state.supply[1]
    state.apply(RemoveTile("T05", "S1"))
    assert state.supply[1] == supply + 1
    assert (3, "green") in [(s, m) for s, m in state.patient("S1").spaces.items()
                            if s not in state.patient("S1").junctions for m in [m[0]]]
    assert "T05" in state.discard and state.patient("S1").visited


def test_bonus_add_a_fifth_patient_only():
    state = position(hands=[["T04", "T01"]])
    state.apply(PlaceTile("T04", "S1", 1, "red", 0))
    assert state.current_player == CHANCE
    state.apply(RevealPatient("P05"))
    assert [p.id for p in state.hospital][-1] == "P05" and len(state.hospital) == 5
    assert not state.patient("P05").visited


def test_add_patient_with_five_already_does_nothing():
    state = position(hands=[["T04"]], patients=("S1A", "S2A", "S3A", "S4A", "P01"))
    state.apply(PlaceTile("T04", "S1", 1, "red", 0))
    assert state.current_player == 0 and len(state.hospital) == 5


def test_optional_bonuses_option():
    state = position(hands=[["T03"]], optional_bonuses=True)
    add_cubes(state, "S2", 1)
    state.apply(PlaceTile("T03", "S1", 1, "red", 0))
    assert state.legal_actions() == [RemoveCube("S2"), DeclineBonus()]


# -- the end of a turn -----------------------------------------------------------

def test_unvisited_patients_get_a_cube_and_tokens_flip():
    state = position(hands=[["T01"]], actions_left=1)
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))
    cubes = {p.id: p.complication_cubes for p in state.hospital}
    assert cubes == {"S1": 0, "S2": 1, "S3": 1, "S4": 1}
    assert state.complication_cubes == 12 and state.cubes_added == 3
    assert not any(p.visited for p in state.hospital)   # flipped for the next shift
    assert state.current_player == 1 and state.shift == 1


def test_death_when_no_space_active_loses_a_marker_others_bank():
    state = position(hands=[["T02"]], actions_left=1)
    add_cubes(state, "S2", 3)
    place(state, "T18", "S2", 1, owner=0)   # red/green on green: opens red 3
    place(state, "T01", "S2", 3, owner=1)
    state.apply(PlaceTile("T02", "S1", 1, "red", 0))
    _reveal(state)                           # its Draw 1 bonus
    assert "S2" not in [p.id for p in state.hospital]
    assert state.removed == [1, 0]
    assert state.score_pile == [0, 1]
    assert state.supply == [20 - 2 - 1 + 1, 19]  # two placed, one removed, one back
    # R4: "The deceased Patient is also discarded" -- a Starting Patient too
    assert "S2" in state.patient_discard and "S2" not in state.patients_out
    assert {"T18", "T01"} <= set(state.discard)
    assert state.departures[-1].how == "died"
    assert state.current_player == CHANCE           # refill to four
    state.apply(RevealPatient("P08"))
    assert len(state.hospital) == 4 and state.patient("P08").arrived == 1
    assert state.component_totals() == {"tiles": 37, "doctor_markers": 80,
                                        "complication_cubes": 15}


def test_death_with_empty_supply_removes_a_marker_from_the_hospital():
    state = position(hands=[[]], actions_left=1)
    add_cubes(state, "S2", 3)
    place(state, "T09", "S3", 1, owner=0)
    state.supply[0] = 0
    state.apply(DrawTile())
    _reveal(state)
    assert state.legal_actions() == [RemoveMarker("S3", 1)]
    state.apply(RemoveMarker("S3", 1))
    assert state.removed == [1, 0] and state.patient("S3").junctions[1] == ("T09", -1)
    assert "S2" not in [p.id for p in state.hospital]


def test_cure_only_the_curing_player_scores():
    state = position(hands=[["T05"]], actions_left=1)
    place(state, "T01", "S1", 1, owner=1)
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))
    assert state.score_pile == [1, 0]
    assert state.supply == [19, 20]   # seat 1's marker went home
    assert "S1" in state.patients_out and {"T01", "T05"} <= set(state.discard)
    assert state.departures == [("S1", 0, 0, "cured")]


def test_cured_deck_patient_goes_to_the_patient_discard():
    state = position(hands=[["T13"]], patients=("P14", "S2A", "S3A", "S4A"), actions_left=1)
    place(state, "T14", "P14", 1, owner=0)
    state.apply(PlaceTile("T13", "P14", 2, "blue", 0))
    assert state.patient_discard == ["P14"] and state.score_pile[0] == 2


def test_end_at_eight_and_the_winner():
    state = position(hands=[["T05"]], actions_left=1)
    state.score_pile = [6, 7]
    place(state, "T01", "S1", 1, owner=0)
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))
    assert state.current_player == TERMINAL
    assert state.outcome.winners == (0,) and state.outcome.scores == (8.0, 7.0)
    assert "8" in state.outcome.reason


def test_a_death_can_hand_the_win_to_another_player():
    state = position(hands=[["T05"]], actions_left=1)
    state.score_pile = [7, 7]
    place(state, "T01", "S1", 1, owner=0)
    add_cubes(state, "S3", 3)
    place(state, "T20", "S3", 1, owner=1)   # red/yellow on yellow: opens red 3
    place(state, "T02", "S3", 3, owner=1)
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))
    assert state.outcome.scores == (9.0, 9.0)
    assert state.outcome.winners == (1,)   # seat 0 removed a marker from the game


@pytest.mark.parametrize(
    ("score", "removed", "board_markers", "winners"),
    [
        ([8, 7], [0, 0], [0, 0], (0,)),
        ([8, 8], [1, 0], [0, 0], (1,)),
        ([8, 8], [1, 1], [0, 2], (1,)),
        ([8, 8], [0, 0], [1, 1], (0, 1)),
    ],
)
def test_tie_breaks(score, removed, board_markers, winners):
    state = position(hands=[[]])
    state.score_pile, state.removed = score, removed
    spots = iter([("T01", "S1"), ("T05", "S2"), ("T09", "S3"), ("T13", "S4")])
    for seat, n in enumerate(board_markers):
        for _ in range(n):
            tile, patient = next(spots)
            place(state, tile, patient, 1, owner=seat)
    state._finish("test", [])
    assert state.outcome.winners == winners


# -- decks -----------------------------------------------------------------------

def test_treatment_deck_reshuffles_the_discard_pile():
    state = position(hands=[["T01"]], discard=["T05", "T06", "T09"])
    state.deck = []
    state.apply(DrawTile())
    outcomes = state.chance_outcomes()
    assert sorted(a.tile for a, _ in outcomes) == ["T05", "T06", "T09"]
    assert all(p == Fraction(1, 3) for _, p in outcomes)
    events = state.apply(RevealTile("T06"))
    assert any(e.kind == "reshuffle" for e in events)
    assert state.deck == ["T05", "T09"] and state.discard == []


def test_take_card_shuffles_the_discards_in_only_when_the_deck_is_empty():
    deck, discard = ["T02", "T07"], ["T05"]
    assert take_card(deck, discard, "T07", "shuffled") == []
    assert deck == ["T02"] and discard == ["T05"]
    deck, discard = [], ["T09", "T05", "T06"]
    events = take_card(deck, discard, "T05", "the discards are shuffled")
    assert [(e.text, e.kind) for e in events] == [("the discards are shuffled", "reshuffle")]
    assert deck == ["T09", "T06"] and discard == []  # the discards' order kept


def test_both_decks_reshuffle_with_their_own_event():
    state = position(hands=[["T01"]], discard=["T05"])
    state.deck = []
    state.apply(DrawTile())
    texts = [e.text for e in state.apply(RevealTile("T05"))]
    assert texts[0] == "the discard pile is shuffled into the Treatment Deck"
    state = position(hands=[["T05"]], actions_left=1)
    state.patient_deck, state.patient_discard = [], ["P01", "P02"]
    place(state, "T01", "S1", 1, owner=0)
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))
    texts = [e.text for e in state.apply(RevealPatient("P02"))]
    assert texts[0] == "the Patient discard pile is shuffled into the Patient Deck"
    assert state.patient_deck == ["P01"] and state.patient_discard == []


def test_draw_outcomes_name_the_tile_drawn():
    state = position(hands=[["T01"]])
    state.deck = ["T05", "T13", "T35", "T36", "T37"]
    state.apply(DrawTile())
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {RevealTile(t): Fraction(1, 5) for t in state.deck}
    events = state.apply(RevealTile("T37"))  # identical to T35 and T36, but T37 was drawn
    assert "Dr. A. Achoo draws T37 (wild)" in [str(e) for e in events]
    assert "T37" in state.hands[0] and state.deck == ["T05", "T13", "T35", "T36"]


def test_patient_deck_reshuffle_and_shrink():
    state = position(hands=[["T05"]], actions_left=1)
    state.patient_deck, state.patient_discard = [], ["P01", "P02"]
    place(state, "T01", "S1", 1, owner=0)
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))
    assert state.current_player == CHANCE
    assert [a.patient for a, _ in state.chance_outcomes()] == ["P01", "P02"]
    state = position(hands=[["T05"]], actions_left=1, patient_deck_empty="shrink")
    state.patient_deck, state.patient_discard = [], ["P01", "P02"]
    place(state, "T01", "S1", 1, owner=0)
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))
    assert state.current_player == 1 and len(state.hospital) == 3


def test_game_ends_when_no_patients_are_left():
    state = position(hands=[["T05"]], patients=("S1A",), actions_left=1,
                     patient_deck_empty="shrink")
    state.patient_deck = []
    place(state, "T01", "S1", 1, owner=0)
    state.apply(PlaceTile("T05", "S1", 2, "green", 0))
    assert state.is_terminal and "no Patients" in state.outcome.reason


# -- options -----------------------------------------------------------------------

def test_cubes_running_out():
    for rule, alive in (("spare", True), ("die", False)):
        state = position(hands=[["T01"]], actions_left=1, cubes_run_out=rule)
        state.complication_cubes = 0
        state.apply(PlaceTile("T01", "S1", 1, "red", 0))
        assert ("S2" in [p.id for p in state.hospital]) is alive


def test_starting_sides():
    state = simlab.load_game("bad_doctor", players=2, starting_side="B").new_initial_state()
    assert {p.side for p in state.hospital} == {"B"}
    state = simlab.load_game("bad_doctor", players=2, starting_side="random").new_initial_state()
    assert state.chance_outcomes() == [(ChooseSide("S1", "A"), Fraction(1, 2)),
                                       (ChooseSide("S1", "B"), Fraction(1, 2))]


def test_variation_removes_two_wild_tiles():
    game = simlab.load_game("bad_doctor", players=2, variants=["two_fewer_wilds"])
    state = game.new_initial_state()
    assert len(state.deck) + sum(map(len, state.hands)) == 35
    assert "T36" not in state.deck and state.component_totals()["tiles"] == 37


def test_guard_ends_a_long_game():
    state = simlab.run(simlab.load_game("bad_doctor", players=2, max_shifts=3), seed=1)
    assert "guard" in state.outcome.reason and state.shift == 2


def test_bad_options():
    with pytest.raises(simlab.ConfigError):
        simlab.load_game("bad_doctor", players=5)
    with pytest.raises(simlab.ConfigError):
        simlab.load_game("bad_doctor", starting_side="C")
    with pytest.raises(simlab.ConfigError):
        simlab.load_game("bad_doctor", goal=0)


def test_game_ends_when_no_marker_can_score_any_more():
    state = position(hands=[["T01"]], actions_left=1)
    state.score_pile, state.removed, state.supply = [7, 7], [13, 12], [0, 1]
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))   # no marker: supply empty
    assert state.current_player == 1                    # seat 1 still has a marker
    state = position(hands=[["T01"]], actions_left=1)
    state.score_pile, state.removed, state.supply = [7, 7], [13, 13], [0, 0]
    state.apply(PlaceTile("T01", "S1", 1, "red", 0))
    assert state.is_terminal and "no Doctor Marker" in state.outcome.reason
    assert state.outcome.winners == (0, 1)


# -- action texts --------------------------------------------------------------------

@pytest.mark.parametrize(
    "text",
    [
        "draw a Treatment Tile",
        "place tile T17 (red/green, Draw 2) on Patient P03 at red space 2",
        "place tile T33 (wild/red, Draw 1) on Patient S1 at red space 1 with its wild end",
        "discard tile T05 (green) because stuck",
        "pass (no action possible)",
        "take back the Doctor Marker at space 3 of Patient P03",
        "place no Doctor Marker",
        "move cube from Patient P01 to Patient S2",
        "add cube to Patient P07",
        "remove cube from Patient P07",
        "remove tile T15 (blue, Remove Tile) from Patient S3",
        "activate the bonus (Draw 1)",
        "decline the bonus",
        "remove the Doctor Marker at space 1 of Patient S3 from the game",
        "reveal Patient S2 (Starting Patient)",
        "reveal tile T35 (wild)",
        "reveal Patient P07 (red/green/yellow, 3 cube spaces)",
        "Starting Patient S2 shows side B",
    ],
)
def test_action_text_round_trips(text):
    game = simlab.load_game("bad_doctor")
    assert str(game.parse_action(text)) == text


def test_wild_end_choice_is_two_actions():
    state = position(hands=[["T33"]])
    places = [a for a in _places(state) if a.patient == "S1" and a.space == 1]
    assert [str(a) for a in places] == [
        "place tile T33 (wild/red, Draw 1) on Patient S1 at red space 1 with its wild end",
        "place tile T33 (wild/red, Draw 1) on Patient S1 at red space 1",
    ]
    state.apply(places[0])
    assert [m for s, (m, _) in state.patient("S1").spaces.items() if s == 3] == ["red"]


@pytest.mark.parametrize(
    "text",
    [
        "cure everyone",
        "place tile T99 (red) on Patient P03 at red space 2",
        "place tile T17 (red/blue) on Patient P03 at red space 2",
        "place tile T17 (red/green, Draw 2) on Patient P03 at red space 2 with its blue end",
        "reveal Patient P99",
        "reveal Patient P07 (red, 3 cube spaces)",
    ],
)
def test_bad_action_text(text):
    with pytest.raises(simlab.IllegalActionError):
        simlab.load_game("bad_doctor").parse_action(text)


def test_state_draws_itself():
    state = position(hands=[["T01"]])
    assert state._repr_png_()[:4] == b"\x89PNG"
    assert "Patient S1: open red 1, green 2" in str(state)


def test_nothing_is_hidden_so_every_seat_sees_every_action_and_event():
    assert_every_seat_sees_everything("bad_doctor", players=3)


def test_every_kind_of_pending_work_has_a_step():
    from simlab.games.bad_doctor import pending
    from simlab.games.bad_doctor import rules as bd_rules

    kinds = {k for k in vars(pending).values()
             if isinstance(k, type) and issubclass(k, pending.Pending) and k is not pending.Pending}
    assert set(bd_rules._STEPS) == kinds
