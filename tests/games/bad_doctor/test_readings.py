"""Bad Doctor: the readings issue 34 made named options (R6, R12), each checked in a
position built from the rulebook's words.  Line numbers are those of
``shared/rules/bad-doctor.txt``."""

from __future__ import annotations

import pytest

from simlab.core.api import CHANCE
from simlab.games.bad_doctor.actions import DiscardTile, PlaceTile, RevealPatient, RevealTile
from tests.games.bad_doctor import position

#: Green, yellow and blue tiles only: none fits the Patient P11 (red, red).
STUCK = ["T05", "T06", "T09", "T10", "T13"]


@pytest.mark.parametrize("costs", [False, True])
def test_a_stuck_discard_and_draw_is_an_action_only_under_the_option(costs):
    """l.86: "If a player has 5 Treatment Tiles but is unable to place any of them, they
    discard one Treatment Tile of their choice and draw a new one."  l.65: "You MUST
    perform two actions. Either draw a Treatment Tile or place a Treatment Tile."
    Default (R6): no action is spent, the player discards twice and still has both
    actions; ``stuck_costs_action``: each discard-and-draw is one of the two, so after two
    the turn is over and the red tile drawn cannot be placed this turn."""
    state = position(hands=[STUCK], patients=("P11",), stuck_costs_action=costs)
    state.apply(DiscardTile("T05"))
    state.apply(RevealTile("T14"))  # blue: still stuck
    assert state.actions_left == (1 if costs else 2)
    state.apply(DiscardTile("T14"))
    state.apply(RevealTile("T01"))  # red: unstuck
    if costs:  # the turn has ended: Step 3 gave the Unvisited P11 a cube
        assert state.shift == 1 and "T01" in state.hands[0]
        assert state.patient("P11").complication_cubes == 1
    else:
        assert state.shift == 0 and state.seat == 0 and state.actions_left == 2
        assert PlaceTile("T01", "P11", 1, "red", 0) in state.legal_actions()
        assert state.patient("P11").complication_cubes == 0


@pytest.mark.parametrize("token", ["unvisited", "visited"])
def test_a_patient_added_by_a_bonus_gets_a_cube_this_turn_only_if_unvisited(token):
    """l.153 Add 1 Patient: "Add one Patient to the hospital."  l.112: "Add one
    Complication Cube to each Patient that was Unvisited this turn."  Seat 0 places T04
    (Add Patient) on S1 with its last action; P05 comes in.  Default (R12): its Shift Token
    is Unvisited, so Step 3 gives it a cube with S2, S3 and S4; ``added_patient_token=
    visited``: it arrives Visited and only the three get one."""
    state = position(hands=[["T04"]], actions_left=1, added_patient_token=token)
    state.apply(PlaceTile("T04", "S1", 1, "red", 0))
    assert state.current_player == CHANCE
    state.apply(RevealPatient("P05"))
    cubes = {p.id: p.complication_cubes for p in state.hospital}
    expected = {"S1": 0, "S2": 1, "S3": 1, "S4": 1, "P05": 1 if token == "unvisited" else 0}
    assert cubes == expected
    assert state.complication_cubes == 15 - sum(expected.values())
