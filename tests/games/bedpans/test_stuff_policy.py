"""The heuristic's Stuff decisions: one described position per behaviour, each checked
against the play a passing policy would not make."""

from __future__ import annotations

import dataclasses

import numpy as np

import simlab
from simlab.core.play import sample_chance
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.parts import BlockedDoor, Decide, Decision
from simlab.games.bedpans.policies import HeuristicPolicy
from simlab.games.bedpans.stuff_policy import Sight, _best_door, _door_marker, guess

from .test_rules import at_move, dealt, red_at, sealed
from .test_stuff import window

U = "U"
AROUND = {(U, 0, -1), (U, 1, 0), (U, 0, 1), (U, -1, 0)}


def decide(state, seat=None, seed=0):
    """What the heuristic of ``seat`` does now (the others pass in the Stuff window first)."""
    if seat is None:
        seat = state.current_player
    while state.need.seat != seat and state.need.decision == "window":
        state.apply(A.Pass())
    assert state.need.seat == seat, state.need
    rng = np.random.default_rng(seed)
    return HeuristicPolicy(seat).act(state.view(seat), state.legal_actions(), rng)


def north_only(state):
    """Seal the start tile but for the position north of U 1,0 (the only open edge)."""
    state.sealed |= AROUND - {(U, 0, -1)}
    return state


def nurse_coming_for_red(layout):
    """Two players; red's Elder and Decoy on U 0,0 and Nurse 1 at U 2,2, on its way to red
    (its next space U 1,2, the smaller of U 1,2 and U 2,1); ``layout`` seals tile positions."""
    s = layout(dealt(players=2))
    red_at(s, (U, 0, 0), (U, 0, 0))
    s.staffers[1] = (U, 2, 2)
    return s


def two_rooms(tile, rot, keep, players=2):
    """The start tile with ``tile`` east of it, every other tile position sealed but ``keep``."""
    s = dealt(players=players)
    s._put_tile((U, 1, 0), tile, rot)
    s.sealed |= {(U, 2, 0), (U, 1, -1), (U, 1, 1), (U, 0, -1), (U, 0, 1), (U, -1, 0)} - {keep}
    return s


# -- Door-markers ---------------------------------------------------------------------------
def test_elder_plays_a_door_marker_that_shortens_its_way_by_two():
    # T01 east of the start tile: the frontier at U 4,0 is 4 moves from U 2,0 round by
    # U 2,1 - U 3,1, 2 through a Door-marker between U 2,0 and U 3,0
    s = dealt(players=2)
    s._put_tile((U, 1, 0), "T01", 0)
    s.sealed |= AROUND - {(U, 1, 0)}
    red_at(s, (U, 2, 0), (U, 0, 0))
    window(s, 1, {1: []})
    assert s.doors_held[1] == 1
    assert decide(s) == A.PlayDoor((U, 2, 0), (U, 3, 0))
    s.apply(A.PlayDoor((U, 2, 0), (U, 3, 0)))
    assert s.door_markers


def test_elder_keeps_its_door_marker_when_a_door_saves_little():
    s = dealt(players=2)
    s._put_tile((U, 1, 0), "T01", 0)
    s.sealed |= AROUND - {(U, 1, 0)}
    red_at(s, (U, 3, 1), (U, 0, 0))  # already next to the new tile's frontier
    window(s, 1, {1: []})
    assert decide(s) == A.Pass()


# -- Jammed Door, Door Code -----------------------------------------------------------------
def test_staff_door_codes_the_only_door_on_the_active_elders_way():
    # T06 turned 3: the door U 2,1 - U 3,1 is the only way to the frontier at U 4,0
    s = two_rooms("T06", 3, (U, 1, -1))
    s.tokens["red"] = [(U, 1, 1), (U, 1, 1)]
    window(s, 1, {0: ["Door Code"]})
    orders = set()
    for seed in range(8):
        pick = decide(s, 0, seed)
        assert pick.kind == "Door Code" and pick.target.startswith("U 2,1 E ")
        orders.add(pick.target[-3:])
    assert len(orders) > 1  # the order is drawn at random


def test_staff_keeps_its_door_code_when_no_door_is_on_the_way():
    s = two_rooms("T06", 3, (U, 1, -1))
    s.tokens["red"] = [(U, 4, 1), (U, 4, 1)]  # beyond the door already
    window(s, 1, {0: ["Door Code"]})
    assert decide(s, 0) == A.Pass()


def test_elder_jams_the_door_the_nearest_staffer_would_come_through():
    # T02 east of the start tile: a door between U 3,0 and U 4,0; round it is 3 moves
    s = two_rooms("T02", 0, (U, 2, 0))
    red_at(s, (U, 3, 0), (U, 3, 0))
    s.staffers[1] = (U, 4, 0)
    window(s, 0, {0: [], 1: ["Jammed Door"]})
    assert decide(s, 1) == A.PlayStuff("Jammed Door", "U 3,0 E")
    # not once the Staffers have moved
    window(s, 0, {0: [], 1: ["Jammed Door"]}, phase="window2")
    assert decide(s, 1) == A.Pass()


def test_door_code_guess_own_order_else_untried():
    s = two_rooms("T02", 0, (U, 2, 0))
    red_at(s, (U, 3, 0), (U, 3, 0))
    key = ((U, 3, 0), (U, 4, 0))
    s.blocked[key] = BlockedDoor("Door Code", wrong=("123",), order="231", player=1)  # red's own
    at_move(s, 1, "red 1", 3)
    s.apply(A.TryDoor("E"))
    assert s.need == Decide(1, Decision.GUESS)
    assert decide(s) == A.GuessCode("231")
    # another player's code: the order is hidden, any untried guess
    s.blocked[key] = dataclasses.replace(s.blocked[key], player=0)
    legal = s.legal_actions()
    picks = {guess(s.view(1), 1, legal, np.random.default_rng(k)) for k in range(10)}
    assert A.GuessCode("123") not in picks and len(picks) > 1 and picks <= set(legal)


# -- Puddle, Just Cleaned -------------------------------------------------------------------
def test_staff_puddles_the_next_space_of_an_elder_near_an_exit():
    s = sealed(dealt(players=2))
    s._put_tile((U, 0, -1), "X1", 0)  # an Exit at U 1,-3: 5 moves from U 1,2
    s.tokens["red"] = [(U, 1, 2), (U, 1, 2)]
    window(s, 1, {0: ["Puddle"]})
    assert decide(s, 0) == A.PlayStuff("Puddle", "U 1,1")


def test_staff_keeps_its_puddle_while_no_exit_is_near():
    # the Puddle would stay for the round and slow the Staffers chasing red after it
    s = north_only(dealt(players=2))  # the only open edge is north of U 1,0; no Exit
    s.tokens["red"] = [(U, 1, 2), (U, 1, 2)]
    window(s, 1, {0: ["Puddle"]})
    assert decide(s, 0) == A.Pass()


def test_staff_spills_only_in_the_first_window_of_an_elder_turn():
    s = sealed(dealt(players=2))
    s._put_tile((U, 0, -1), "X1", 0)
    s.tokens["red"] = [(U, 1, 2), (U, 1, 2)]
    window(s, 1, {0: ["Puddle"]}, phase="window2")
    assert decide(s, 0) == A.Pass()
    window(s, 0, {0: ["Puddle"]})
    assert decide(s, 0) == A.Pass()


def test_elder_just_cleans_the_nurses_next_space_and_mops_its_own_puddle():
    s = nurse_coming_for_red(north_only)
    s.status[(U, 1, 0)] = "Puddle"  # a Puddle on red's way to the north edge
    window(s, 0, {0: [], 1: ["Just Cleaned"]})
    assert decide(s, 1) == A.PlayStuff("Just Cleaned", "U 1,2 mop U 1,0")


def test_elder_puddles_the_nurses_next_space_in_the_staff_turn_only():
    s = nurse_coming_for_red(north_only)
    window(s, 0, {0: [], 1: ["Puddle"]})
    assert decide(s, 1) == A.PlayStuff("Puddle", "U 1,2")
    window(s, 1, {1: ["Puddle"]})
    assert decide(s, 1) == A.Pass()


# -- Lost Teeth, My Plants! -----------------------------------------------------------------
def _far_layout(players=3):
    s = dealt(players=players)
    s._put_tile((U, 1, 0), "T08", 0)  # U 4,1 is 3 moves from a bed, U 5,1 is 4
    return s


def test_staff_loses_the_teeth_of_the_colour_furthest_from_the_beds():
    s = _far_layout()
    s.tokens["red"] = [(U, 4, 1), (U, 0, 0)]
    s.tokens["blue"] = [(U, 5, 1), (U, 2, 0)]
    window(s, 1, {0: ["Lost Teeth"]})
    assert decide(s, 0) == A.PlayStuff("Lost Teeth", "blue")
    s.tokens["blue"] = [(U, 1, 1), (U, 2, 0)]
    s.tokens["red"] = [(U, 1, 1), (U, 0, 0)]  # 2 moves at most: not yet
    assert decide(s, 0) == A.Pass()


def test_elder_loses_the_teeth_of_a_rival_ahead_of_it():
    s = _far_layout()
    red_at(s, (U, 1, 1), (U, 1, 1))
    s.tokens["blue"] = [(U, 4, 1), (U, 4, 1)]
    window(s, 1, {1: ["Lost Teeth"]})
    assert decide(s, 1) == A.PlayStuff("Lost Teeth", "blue")
    s.tokens["red"] = [(U, 5, 1), (U, 5, 1)]  # red is ahead now: keep it
    assert decide(s, 1) == A.Pass()


def test_staff_plays_my_plants_when_the_residents_are_far_from_the_beds():
    s = _far_layout(players=2)
    s.tokens["red"] = [(U, 5, 1), (U, 4, 0)]
    window(s, 1, {0: ["My Plants!"]})
    assert decide(s, 0) == A.PlayStuff("My Plants!")
    s.tokens["red"] = [(U, 5, 1), (U, 0, 0)]  # on average 2 from a bed
    assert decide(s, 0) == A.Pass()


# -- Plans! ---------------------------------------------------------------------------------
def test_elder_plans_when_the_frontier_is_near_its_elder():
    s = _far_layout(players=2)
    s.sealed |= AROUND - {(U, 1, 0)} | {(U, 1, -1), (U, 1, 1)}  # frontier: U 5,1 only
    red_at(s, (U, 4, 1), (U, 0, 0))
    window(s, 1, {1: ["Plans!"]})
    assert decide(s, 1) == A.PlayStuff("Plans!")
    s.tokens["red"] = [(U, 0, 2), (U, 0, 0)]  # 6 moves away
    assert decide(s, 1) == A.Pass()


# -- Bed Bump -------------------------------------------------------------------------------
def test_elder_bed_bumps_the_space_the_nurse_would_step_through():
    s = nurse_coming_for_red(sealed)  # its way: U 1,2, U 0,2, U 0,1, then red
    s.status[(U, 0, 1)] = s.status[(U, 1, 0)] = "Puddle"  # Bed Bump goes on a marked space
    window(s, 0, {0: [], 1: ["Bed Bump"]})
    assert decide(s, 1) == A.PlayStuff("Bed Bump", "U 0,1")


def test_elder_bed_bumps_a_nurse_next_to_it_away():
    s = sealed(dealt(players=2))
    red_at(s, (U, 0, 0), (U, 0, 0))
    s.staffers[1] = (U, 1, 0)
    s.status[(U, 1, 0)] = "Puddle"
    window(s, 1, {1: ["Bed Bump"]})
    pick = decide(s, 1)
    assert pick.kind == "Bed Bump" and pick.target in ("U 1,0 push U 1,1", "U 1,0 push U 2,0")


# -- moves closer to a bed ------------------------------------------------------------------
def _teeth_on_red(nurse_at):
    """Lost Teeth on red at U 1,1 (4 spaces are 1 closer to a bed); the north edge open."""
    s = north_only(dealt(players=2))
    red_at(s, (U, 1, 1), (U, 1, 1))
    s.staffers[1] = nurse_at
    window(s, 1, {0: ["Lost Teeth"]})
    s.apply(A.PlayStuff("Lost Teeth", "red"))
    assert s.need == Decide(1, Decision.CLOSER)
    return s


def test_elder_moves_its_elder_closer_away_from_a_staffer():
    # U 1,0 is nearest the open edge but next to the Nurse on U 0,0, as is U 0,1
    s = _teeth_on_red((U, 0, 0))
    assert decide(s) == A.Closer("red 1", (U, 1, 2))


def test_elder_moves_its_decoy_closer_next_to_the_nurse():
    s = _teeth_on_red((U, 2, 2))
    assert decide(s) == A.Closer("red 1", (U, 1, 0))  # the Elder: onto the open edge
    s.apply(A.Closer("red 1", (U, 1, 0)))
    assert s.need == Decide(1, Decision.CLOSER) and s.nudges[0].name == "red 2"
    assert decide(s) == A.Closer("red 2", (U, 1, 2))  # the Decoy: next to the Nurse


def test_staff_moves_a_staffer_closer_to_the_residents():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 2, 2), (U, 2, 2)]
    s.staffers[1] = (U, 1, 1)
    window(s, 1, {0: ["Nurse Call"]})
    s.apply(A.PlayStuff("Nurse Call", "Nurse 1"))
    assert s.need == Decide(0, Decision.CLOSER)
    assert decide(s) in (A.Closer("Nurse 1", (U, 1, 2)), A.Closer("Nurse 1", (U, 2, 1)))


def test_elder_sweet_talks_a_staffer_away_from_its_elder():
    hands = ["Jammed Door", "Jammed Door", "Door Code", "Door Code", "Walker", "Walker"]
    s = sealed(dealt(players=5, hands=hands, elder_abilities=True))  # the Staff draws 2
    green = 4
    s.elder["green"] = 0
    s.tokens["green"] = [(U, 0, 0), (U, 0, 0)]
    s.staffers[1] = (U, 1, 1)  # 4 spaces are 1 closer to a bed
    window(s, 0, {green: []})
    while s.need.seat != green:
        s.apply(A.Pass())
    s.apply(A.PlayStuff("Sweet Talk", "Nurse 1"))
    assert s.need == Decide(green, Decision.CLOSER)
    assert decide(s) in (A.Closer("Nurse 1", (U, 1, 2)), A.Closer("Nurse 1", (U, 2, 1)))


def test_sight_finds_the_chaser_and_the_leading_resident():
    s = sealed(dealt(players=3))
    red_at(s, (U, 0, 0), (U, 1, 1))
    s.staffers[1], s.staffers[2] = (U, 2, 2), (U, 1, 0)
    sight = Sight(s.view(1), 1)
    assert sight.elder_at == (U, 0, 0) and sight.chaser == (U, 1, 0)
    assert sight.way(sight.to_elder, (U, 2, 2))[-1] == (U, 0, 0)


# -- Bingo on TV, New Shift, Head Nurse (Staff) ---------------------------------------------
def test_staff_plays_bingo_when_the_elders_way_leads_away_from_the_beds():
    s = north_only(dealt(players=2))  # red heads for the open edge north of U 1,0
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]  # on a bed: U 1,0 is further from the beds
    window(s, 1, {0: ["Bingo on TV"]})
    assert decide(s, 0) == A.PlayStuff("Bingo on TV", "red")
    s = north_only(dealt(players=2))
    s.tokens["red"] = [(U, 1, 1), (U, 1, 1)]  # U 1,0 is nearer a bed than U 1,1
    window(s, 1, {0: ["Bingo on TV"]})
    assert decide(s, 0) == A.Pass()


def test_staff_plays_new_shift_when_the_active_elder_is_at_the_frontier():
    s = north_only(dealt(players=2))
    s.tokens["red"] = [(U, 1, 0), (U, 1, 0)]
    window(s, 1, {0: ["New Shift"]})
    assert decide(s, 0) == A.PlayStuff("New Shift")
    s = sealed(dealt(players=2))  # nothing left to explore: no new station this turn
    s.tokens["red"] = [(U, 1, 0), (U, 1, 0)]
    window(s, 1, {0: ["New Shift"]})
    assert decide(s, 0) == A.Pass()


def test_staff_brings_the_doctor_to_the_nurse_next_to_a_resident():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    s.staffers[1] = (U, 0, 1)  # the Doctor is off the layout
    window(s, 1, {0: ["Head Nurse"]})
    assert decide(s, 0) == A.PlayStuff("Head Nurse", "Nurse 1")
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    s.staffers[0], s.staffers[1] = (U, 1, 0), (U, 0, 1)  # the Doctor is as near
    window(s, 1, {0: ["Head Nurse"]})
    assert decide(s, 0) == A.Pass()


# -- Power-Chair, Staffers on Strike, Disguise (Elders) -------------------------------------
def test_elder_rides_the_power_chair_in_its_own_turn():
    s = sealed(dealt(players=2))
    window(s, 1, {0: [], 1: ["Power-Chair"]})
    assert decide(s, 1) == A.PlayStuff("Power-Chair", "red")
    s = sealed(dealt(players=2))
    s.staffers[1] = (U, 2, 2)
    window(s, 0, {0: [], 1: ["Power-Chair"]})  # in the Staff turn: kept
    assert decide(s, 1) == A.Pass()


def test_elder_calls_a_strike_next_to_the_frontier():
    s = north_only(dealt(players=2))
    red_at(s, (U, 1, 0), (U, 0, 0))
    window(s, 1, {0: [], 1: ["Staffers on Strike"]})
    assert decide(s, 1) == A.PlayStuff("Staffers on Strike")
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 1, 0), (U, 0, 0)]
    window(s, 1, {0: [], 1: ["Staffers on Strike"]})
    assert decide(s, 1) == A.Pass()


def test_elder_disguises_itself_past_the_staffer_on_its_way():
    s = north_only(dealt(players=2))
    red_at(s, (U, 0, 0), (U, 0, 0))
    s.staffers[1] = (U, 1, 0)  # on red's way to the open edge north of U 1,0
    window(s, 1, {0: [], 1: ["Disguise"]})
    assert decide(s, 1) == A.PlayStuff("Disguise", "red U 1,0")
    s.staffers[1] = (U, 2, 2)  # out of the way
    window(s, 1, {0: [], 1: ["Disguise"]})
    assert decide(s, 1) == A.Pass()


def _door_marker_in_full(sight, doors):
    """The Door-marker rule weighing every wall (as before the bound of issue 33)."""
    return None if sight.elder_at is None else _best_door(sight, sight.elder_at, doors)


def test_door_marker_bound_passes_over_no_wall_that_helps():
    """The walls passed over unweighed (by the bounds on the way through them) never
    hold the best Door-marker: along heuristic games, at every Elder window with
    Door-marker plays, the rule picks what weighing every wall picks."""
    game = simlab.load_game("bedpans", players=4)
    rng = np.random.default_rng(3)
    policies = [HeuristicPolicy(s) for s in range(4)]
    weighed = played = 0
    for _ in range(6):
        state = game.new_initial_state()
        while state.outcome is None:
            if state.current_player < 0:
                state.apply(sample_chance(state.chance_outcomes(), rng))
                continue
            seat = state.current_player
            legal = state.legal_actions()
            doors = [a for a in legal if isinstance(a, A.PlayDoor)]
            if seat > 0 and doors:
                sight = Sight(state.view(seat), seat)
                pick = _door_marker(sight, doors, rng)
                assert pick == _door_marker_in_full(sight, doors)
                weighed += 1
                played += pick is not None
            state.apply(policies[seat].act(state.view(seat), legal, rng))
    assert weighed > 1000 and played >= 5  # (9 of 1,765 here play one)
