"""Bedpans & Broomsticks Stuff: one scenario per Stuff kind, from a described position."""

from __future__ import annotations

from fractions import Fraction

import pytest

from simlab.core.api import CHANCE
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.parts import (
    Chance,
    Decide,
    Decision,
    Draw,
    ExtraNurse,
    Lasting,
    Nudge,
    Station,
    TurnEffect,
)
from simlab.games.bedpans.rolls import roll_distribution
from simlab.games.bedpans.rules import BedpansGame

from .test_rules import at_move, dealt, red_at, sealed

U = "U"


def window(state, active, hands, phase="window1"):
    """Open ``active``'s Stuff window with ``hands`` ({seat: [kinds]})."""
    for seat, kinds in hands.items():
        state.hands[seat] = sorted(kinds)
    state.active, state.mover, state.points = active, None, 0
    state.moves_done, state.moved = 0, []
    state._open_window(phase)
    state._settle()
    return state


def play(state, kind, target=""):
    """Pass in the window until the play is legal, then play it."""
    action = A.PlayStuff(kind, target)
    while action not in state.legal_actions() and state.need.decision == "window":
        state.apply(A.Pass())
    assert action in state.legal_actions(), state.legal_actions()
    state.apply(action)
    return state


def close(state):
    """Everyone passes for the rest of the Stuff window."""
    while getattr(state.need, "decision", None) == "window":
        state.apply(A.Pass())
    return state


def test_hurry_up_adds_one_to_each_die():
    # red's turn, red holds Hurry Up: both moves get +2 (each of the 2 dice read +1)
    s = sealed(dealt(players=2))
    window(s, 1, {1: ["Hurry Up"]})
    assert s.need == Decide(1, Decision.WINDOW)
    play(s, "Hurry Up", "red")
    assert s.hands[1] == [] and s.discards["Hurry Up"] == 1
    close(s)
    s.apply(A.ChooseMover("red 1"))
    assert s.chance_outcomes() == [(A.Roll(v + 2), p) for v, p in roll_distribution("elder1")]


def test_hurry_up_on_a_staffer_in_the_staff_turn():
    s = sealed(dealt(players=2))
    s.staffers[1] = (U, 1, 1)
    window(s, 0, {0: ["Hurry Up"]})
    assert A.PlayStuff("Hurry Up", "Nurse 1") in s.legal_actions()
    play(s, "Hurry Up", "Nurse 1")
    close(s)
    assert s.need == Chance(Draw.ROLL)
    assert min(a.result for a, _ in s.chance_outcomes()) == 4


def test_detector_makes_every_move_two_and_ends_with_the_turn():
    s = sealed(dealt(players=2))
    window(s, 1, {0: ["Detector"]})  # the Staff slows the red Elder down
    assert s.need == Decide(0, Decision.WINDOW)
    play(s, "Detector", "red")
    close(s)
    s.apply(A.ChooseMover("red 1"))
    assert s.chance_outcomes() == [(A.Roll(2), Fraction(1))]
    s._end_turn()
    assert s.fx == {}


@pytest.mark.parametrize(("reading", "least"), [("result-2", 2), ("dice-2", 4)])
def test_walker_guarantees_its_result(reading, least):
    s = sealed(dealt(players=2, walker=reading))
    window(s, 1, {1: ["Walker"]})
    play(s, "Walker")
    close(s)
    s.apply(A.ChooseMover("red 2"))
    outcomes = dict((a.result, p) for a, p in s.chance_outcomes())
    assert min(outcomes) == least and sum(outcomes.values()) == 1
    base = dict(roll_distribution("elder1"))
    assert outcomes[least] == sum(p for v, p in base.items() if v <= least)


def test_laughing_gas_neutralizes_a_staffer_or_an_elder():
    s = sealed(dealt(players=3))
    s.staffers[1] = (U, 1, 1)
    red_at(s, (U, 1, 1), (U, 0, 0))
    window(s, 1, {1: ["Laughing Gas"], 0: ["Laughing Gas"]})
    assert A.PlayStuff("Laughing Gas", "Nurse 1") in s.legal_actions()
    # the Staff's own play would neutralize the red Elder with a lone Nurse; red goes first
    play(s, "Laughing Gas", "Nurse 1")
    assert s.staffers[1] is None and s.tokens["red"][0] == (U, 1, 1)
    s2 = sealed(dealt(players=3))
    s2.staffers[1] = (U, 1, 1)
    red_at(s2, (U, 1, 1), (U, 0, 0))
    window(s2, 2, {0: ["Laughing Gas"]})
    play(s2, "Laughing Gas", "red 1")
    assert s2.neutralized == 1 and s2.tokens["red"] == [None, None]


def _blue_with_a_nurse(**options):
    s = sealed(dealt(players=3, **options))
    s.staffers[2] = (U, 2, 1)
    s.tokens["blue"] = [(U, 2, 1), (U, 2, 0)]
    s.elder["blue"] = 0
    return s


def test_steroids_neutralizes_an_elder_with_one_staffer():
    s = _blue_with_a_nurse()
    s.hands[1] = []
    window(s, 1, {0: ["Steroids!"]})
    assert [a for a in s.legal_actions() if isinstance(a, A.PlayStuff)] == [
        A.PlayStuff("Steroids!", "blue 1")]
    play(s, "Steroids!", "blue 1")
    assert s.neutralized == 1 and s.tokens["blue"] == [None, None]


@pytest.mark.parametrize(("counted", "total"), [("staff", 0), ("all", 1)])
def test_an_elder_neutralized_by_another_elders_stuff(counted, total):
    # "The Staff-player has neutralized (captured) as many Elders ... as there are
    # Elder-players" (l.292): the red Elder-player's Steroids! takes the blue Elder off
    # (its Stuff is discarded, it re-enters), but the Staff did not neutralize it (ruling S5)
    s = _blue_with_a_nurse(counted_neutralizations=counted)
    s.hands[2] = ["Hurry Up"]
    window(s, 1, {1: ["Steroids!"]})
    play(s, "Steroids!", "blue 1")
    assert s.tokens["blue"] == [None, None] and s.hands[2] == [] and s.draws == [2]
    assert s.neutralized == total


def test_flying_bedpan_reaches_3_spaces_and_stops_a_staffer():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    s.staffers[1] = (U, 2, 2)  # 4 spaces from red: out of range
    s.staffers[2] = (U, 1, 1)  # 2 spaces
    s.staffers[3] = (U, 2, 1)  # 3 spaces
    window(s, 0, {1: ["Flying Bedpan"]})
    plays = [a.target for a in s.legal_actions() if isinstance(a, A.PlayStuff)]
    assert plays == ["Nurse 2", "Nurse 3"]
    play(s, "Flying Bedpan", "Nurse 2")
    close(s)
    assert s.legal_actions() == [A.ChooseMover("Nurse 1"), A.ChooseMover("Nurse 3")]


def test_coffee_break_lets_one_staffer_move():
    s = sealed(dealt(players=3))
    s.staffers[1:4] = [(U, 1, 1), (U, 2, 1), (U, 1, 2)]
    window(s, 0, {2: ["Coffee Break"]})
    assert s.need == Decide(2, Decision.WINDOW)
    play(s, "Coffee Break")
    close(s)
    s.apply(A.ChooseMover("Nurse 1"))
    s.apply(A.Roll(2))
    s.apply(A.Stop())
    assert s.active == 1 and s.round == 2  # no second Staffer moved: the turn is over


def test_just_cleaned_blocks_a_space_and_mops_a_puddle():
    s = sealed(dealt(players=2))
    window(s, 1, {0: ["Just Cleaned", "Puddle"]})
    play(s, "Puddle", "U 0,1")
    assert A.PlayStuff("Just Cleaned", "U 1,0 mop U 0,1") in s.legal_actions()
    play(s, "Just Cleaned", "U 1,0")
    assert s.status == {(U, 0, 1): "Puddle", (U, 1, 0): "Just Cleaned"}
    at_move(s, 1, "red 1", 3)
    steps = [a.direction for a in s.legal_actions() if isinstance(a, A.Step)]
    assert steps == ["S"]  # east is Just Cleaned
    s.apply(A.Step("S"))  # into the Puddle: a slip costs 1 more
    assert s.points == 1
    s.active = 0
    s._end_turn()  # end of round: both markers go
    assert s.status == {}


def test_puddle_with_one_point_left_stops_the_mover():
    s = sealed(dealt(players=2))
    s.status[(U, 1, 0)] = "Puddle"
    at_move(s, 1, "red 1", 1)
    s.apply(A.Step("E"))
    assert s.points == 0


def _door_layout(**options):
    s = dealt(players=2, **options)
    s._put_tile((U, 1, 0), "T02", 0)  # a door between U 3,0 and U 4,0
    s.sealed |= {(U, 2, 0), (U, 1, -1), (U, 1, 1), (U, 0, -1), (U, 0, 1), (U, -1, 0)}
    s.tokens["red"] = [(U, 3, 0), (U, 3, 0)]
    return s


def test_jammed_door_is_unblocked_on_doubles():
    s = _door_layout()
    window(s, 1, {1: ["Jammed Door"]})
    play(s, "Jammed Door", "U 3,0 E")
    at_move(s, 1, "red 1", 3)
    legal = s.legal_actions()
    assert A.TryDoor("E") in legal and A.Step("E") not in legal
    s.apply(A.TryDoor("E"))
    assert s.current_player == CHANCE
    assert s.chance_outcomes() == [(A.DoorResult(True), Fraction(1, 3)),
                                   (A.DoorResult(False), Fraction(2, 3))]
    s.apply(A.DoorResult(False))
    assert s.points == 2 and A.TryDoor("E") in s.legal_actions()
    s.apply(A.TryDoor("E"))
    s.apply(A.DoorResult(True))
    assert s.blocked == {} and A.Step("E") in s.legal_actions()


def test_door_code_hidden_order_guessed_for_a_movement_point():
    import numpy as np

    s = _door_layout()
    window(s, 1, {0: ["Door Code"]})  # any door, by anyone
    play(s, "Door Code", "U 3,0 E 312")
    key = ((U, 3, 0), (U, 4, 0))
    assert s.view(0).blocked[key].order == "312" and s.view(1).blocked[key].order == "?"
    other = s.resample_hidden(1, np.random.default_rng(0))
    assert other.view(1) == s.view(1) and other.blocked[key].stuff == "Door Code"
    at_move(s, 1, "red 1", 3)
    s.apply(A.TryDoor("E"))
    assert s.need == Decide(1, Decision.GUESS) and s.points == 2
    assert len(s.legal_actions()) == 6
    s.apply(A.GuessCode("123"))
    assert s.blocked[key].wrong == ("123",) and A.Step("E") not in s.legal_actions()
    s.apply(A.TryDoor("E"))
    assert A.GuessCode("123") not in s.legal_actions() and len(s.legal_actions()) == 5
    s.apply(A.GuessCode("312"))
    assert s.blocked == {} and s.points == 1 and A.Step("E") in s.legal_actions()


def test_nurse_call_moves_a_staffer_one_closer_to_a_bed():
    s = sealed(dealt(players=2))
    s.staffers[1] = (U, 1, 1)  # 2 from every bed: 4 ways closer, the Staff's choice
    window(s, 1, {0: ["Nurse Call"]})
    play(s, "Nurse Call", "Nurse 1")
    assert s.need == Decide(0, Decision.CLOSER)
    assert s.legal_actions() == [A.Closer("Nurse 1", sp) for sp in
                                 [(U, 0, 1), (U, 1, 0), (U, 1, 2), (U, 2, 1)]]
    s.apply(A.Closer("Nurse 1", (U, 1, 2)))
    assert s.staffers[1] == (U, 1, 2)
    assert s.need == Decide(1, Decision.CHOOSE)  # the window is over: red moves
    assert s.nudges == []


def test_nurse_call_with_one_way_closer_needs_no_choice():
    s = sealed(dealt(players=2))
    s.staffers[1] = (U, 0, 1)  # 1 from the beds at U 0,0 and U 0,2
    s.staffers[2] = (U, 1, 0)
    window(s, 1, {0: ["Nurse Call"]})
    play(s, "Nurse Call", "Nurse 2")  # U 1,0 -> U 0,0 or U 2,0: a choice
    s.apply(A.Closer("Nurse 2", (U, 2, 0)))
    assert s.staffers[2] == (U, 2, 0)
    s.staffers[1] = (U, 1, 1)
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    assert A.PlayStuff("Nurse Call", "Nurse 2") not in s.stuff_plays(0)  # on a bed already


def test_head_nurse_brings_or_exchanges_the_doctor():
    s = sealed(dealt(players=2))
    s.staffers[1] = (U, 1, 1)
    window(s, 1, {0: ["Head Nurse"]})
    play(s, "Head Nurse", "Nurse 1")
    assert s.staffers[0] == (U, 1, 1) and s.staffers[1] is None
    s.staffers[2] = (U, 2, 1)
    s.hands[0] = ["Head Nurse"]
    window(s, 1, {})
    play(s, "Head Nurse", "Nurse 2")
    assert s.staffers[0] == (U, 2, 1) and s.staffers[2] == (U, 1, 1)


def test_lost_teeth_sends_a_pair_2_closer_to_a_bed():
    # the Staff plays it on red; "the Elder-player chooses" each way: red's seat (1)
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 1, 1), (U, 1, 1)]
    window(s, 1, {0: ["Lost Teeth"]})
    play(s, "Lost Teeth", "red")
    assert s.need == Decide(1, Decision.CLOSER) and s.nudges[0] == Nudge("red 1", 1)
    s.apply(A.Closer("red 1", (U, 1, 0)))  # first step of each token, then the second
    s.apply(A.Closer("red 2", (U, 2, 1)))
    assert [a.space for a in s.legal_actions()] == [(U, 0, 0), (U, 2, 0)]
    s.apply(A.Closer("red 1", (U, 2, 0)))
    s.apply(A.Closer("red 2", (U, 2, 2)))
    assert s.tokens["red"] == [(U, 2, 0), (U, 2, 2)]
    assert s.need == Decide(1, Decision.CHOOSE)


def test_lost_teeth_moves_only_1_when_the_bed_is_1_away():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 0, 1), (U, 0, 0)]  # the Decoy is on a bed: it stays
    window(s, 1, {0: ["Lost Teeth"]})
    play(s, "Lost Teeth", "red")
    s.apply(A.Closer("red 1", (U, 0, 2)))
    assert s.tokens["red"] == [(U, 0, 2), (U, 0, 0)]
    assert s.nudges == [] and s.need == Decide(1, Decision.CHOOSE)


def test_moving_closer_never_enters_a_just_cleaned_space():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 1, 0), (U, 1, 0)]  # 1 from the beds at U 0,0 and U 2,0
    s.status[(U, 0, 0)] = "Just Cleaned"
    window(s, 1, {0: ["My Plants!"]})
    play(s, "My Plants!")  # one way left: no choice asked
    assert s.tokens["red"] == [(U, 2, 0), (U, 2, 0)]


def test_a_resident_moved_closer_onto_the_doctor_is_caught():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 0, 1), (U, 0, 1)]
    s.staffers[0] = (U, 0, 0)
    window(s, 1, {0: ["Lost Teeth"]})
    play(s, "Lost Teeth", "red")
    s.apply(A.Closer("red 1", (U, 0, 0)))
    assert s.tokens["red"] == [None, None] and s.neutralized == 1


def test_my_plants_moves_every_resident_one_closer():
    s = sealed(dealt(players=3))
    s.tokens["red"] = [(U, 1, 1), (U, 0, 0)]
    s.tokens["blue"] = [(U, 2, 1), (U, 2, 1)]
    window(s, 1, {2: ["My Plants!"]})
    play(s, "My Plants!")
    assert s.need == Decide(1, Decision.CLOSER)  # red's player chooses red's ways
    s.apply(A.Closer("red 1", (U, 0, 1)))
    assert s.need == Decide(2, Decision.CLOSER)  # blue's player blue's
    assert [a.space for a in s.legal_actions()] == [(U, 2, 0), (U, 2, 2)]
    s.apply(A.Closer("blue 1", (U, 2, 0)))
    s.apply(A.Closer("blue 2", (U, 2, 2)))
    assert s.tokens["red"] == [(U, 0, 1), (U, 0, 0)]
    assert s.tokens["blue"] == [(U, 2, 0), (U, 2, 2)]


def test_power_chair_moves_each_token_up_to_2():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 1, 1), (U, 1, 1)]
    window(s, 1, {1: ["Power-Chair"]})
    play(s, "Power-Chair", "red")
    assert s.need == Decide(1, Decision.CHAIR) and s.mover == "red 1"
    s.apply(A.Step("N"))
    s.apply(A.Step("W"))
    assert s.mover == "red 2"  # 2 spaces used: the Decoy's turn
    s.apply(A.Step("E"))
    s.apply(A.Stop())
    assert s.tokens["red"] == [(U, 0, 0), (U, 2, 1)]
    assert s.need == Decide(1, Decision.CHOOSE) and s.mover is None  # back to the turn


def test_bingo_on_tv_forbids_moving_away_from_the_closest_bed():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 0, 1), (U, 0, 1)]
    window(s, 1, {0: ["Bingo on TV"]})
    play(s, "Bingo on TV", "red")
    at_move(s, 1, "red 1", 3)
    steps = [a.direction for a in s.legal_actions() if isinstance(a, A.Step)]
    assert steps == ["N", "S"]  # east (U 1,1) is further from a bed


def test_new_shift_and_staffers_on_strike_change_the_next_stations():
    # with new_shift=next-station-tile, New Shift waits for a tile with a station
    s = sealed(dealt(players=2, new_shift="next-station-tile"))
    window(s, 1, {0: ["New Shift"], 1: ["Staffers on Strike"]})
    play(s, "Staffers on Strike")  # red plays first
    play(s, "New Shift")
    s._put_tile((U, 1, 0), "T01", 0)  # a Nurse station at U 5,2
    assert s._staff_for((U, 1, 0)) == []  # the strike takes the first tile with a station
    s._put_tile((U, 0, 1), "T03", 0)  # a Nurse station at U 1,4
    s.queue = s._staff_for((U, 0, 1))
    assert s.queue == [Station((U, 1, 4), "N"), ExtraNurse((U, 1, 4), 0)]
    s._settle()  # the first Nurse goes; the player of New Shift chooses a second or not
    assert s.need == Decide(0, Decision.EXTRA)
    assert s.legal_actions() == [A.SendStaffer("Nurse 2", (U, 1, 4)),
                                 A.LeaveStation((U, 1, 4))]
    before = s.clone()
    s.apply(A.SendStaffer("Nurse 2", (U, 1, 4)))
    assert s.staffers.count((U, 1, 4)) == 2
    before.apply(A.LeaveStation((U, 1, 4)))
    assert before.staffers.count((U, 1, 4)) == 1 and before.queue == []


def test_new_shift_acts_on_the_next_new_tile():
    # "When the next new tile is placed during this turn, you may place either 1 or 2 nurse
    # Staffers at each new nurse's station" (l.359): a next tile without a station spends it
    s = sealed(dealt(players=2))
    window(s, 1, {0: ["New Shift"]})
    play(s, "New Shift")
    s._put_tile((U, 1, 0), "T05", 0)  # no station
    assert s._staff_for((U, 1, 0)) == [] and Lasting.NEW_SHIFT not in s.fx
    s._put_tile((U, 0, 1), "T03", 0)  # a Nurse station at U 1,4: one Nurse, no choice
    assert s._staff_for((U, 0, 1)) == [Station((U, 1, 4), "N")]
    # played again, it acts on a tile with a station at once
    s.fx[Lasting.NEW_SHIFT] = (TurnEffect("", 0),)
    s._put_tile((U, -1, 0), "T01", 0)
    assert s._staff_for((U, -1, 0)) == [Station((U, -1, 2), "N"),
                                        ExtraNurse((U, -1, 2), 0)]


def test_stuff_plays_are_public_in_the_view():
    s = sealed(dealt(players=2))
    window(s, 1, {1: ["Hurry Up"]})
    play(s, "Hurry Up", "red")
    seen = s.view(0)
    assert seen.fx == {Lasting.HURRY_UP: (TurnEffect("red", 1),)} and seen.discards["Hurry Up"] == 1


def test_game_with_stuff_option_names():
    names = [o.name for o in BedpansGame.OPTIONS if o.variant]
    assert names == ["staff_experience", "co_op_victory", "all_or_nothing", "no_recovery",
                     "door_markers", "limited_occupancy", "do_no_harm", "stuff_is_stuff",
                     "elder_abilities", "roll_and_assign", "tile_placement"]


def test_disguise_lets_the_pair_pass_a_staffer_then_it_ends():
    s = sealed(dealt(players=2))
    s.staffers[1] = (U, 1, 0)
    red_at(s, (U, 0, 0), (U, 0, 0))
    window(s, 1, {1: ["Disguise"]})
    play(s, "Disguise", "red U 1,0")
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))  # onto the Nurse: not stopped, not revealed
    assert s.points == 2 and s.known["red"] is False
    s.apply(A.Step("E"))
    assert s.tokens["red"][0] == (U, 2, 0)
    s.tokens["red"][1] = (U, 1, 0)  # the Decoy stays with the Nurse at the end of the turn
    s._end_turn()
    assert s.tokens["red"][1] is None


def test_plans_the_elder_places_the_tiles_this_round():
    s = dealt(players=2)
    window(s, 1, {1: ["Plans!"]})
    play(s, "Plans!")
    assert s.planner == 1
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))  # U 1,0 sees the open edges north (and others): tiles to place
    while s.is_chance or s.need.decision == "explore":
        if s.is_chance:
            s.apply(s.chance_outcomes()[0][0])
        else:
            assert s.need.seat == 1  # red announces the edge
            s.apply(s.legal_actions()[0])
    assert s.need == Decide(1, Decision.PLACE)
    s.active = 0
    s._end_turn()
    assert s.planner == 0


def test_bed_bump_goes_next_to_a_character_on_a_space_with_a_status_marker():
    # "place the corresponding Status-marker on a space adjacent to 1 of your Characters
    # that already has a Status-marker" (l.331, ruling S13)
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    s.status[(U, 1, 0)] = "Puddle"
    window(s, 1, {0: [], 1: ["Bed Bump"]})
    targets = [a.target for a in s.legal_actions() if isinstance(a, A.PlayStuff)]
    assert targets == ["U 1,0"]  # next to red's tokens, with the Puddle; not U 0,1
    play(s, "Bed Bump", "U 1,0")
    assert s.status == {(U, 1, 0): "Puddle"} and s.bed_bumps == {(U, 1, 0)}
    s2 = sealed(dealt(players=2, bed_bump="unmarked-space"))  # the other reading
    s2.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    s2.status[(U, 1, 0)] = "Puddle"
    window(s2, 1, {0: [], 1: ["Bed Bump"]})
    assert [a.target for a in s2.legal_actions() if isinstance(a, A.PlayStuff)] == ["U 0,1"]


def test_bed_bump_ends_the_movement_of_whoever_enters():
    s = sealed(dealt(players=2, bed_bump="unmarked-space"))
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    window(s, 1, {0: [], 1: ["Bed Bump"]})
    targets = [a.target for a in s.legal_actions() if isinstance(a, A.PlayStuff)]
    assert targets == ["U 0,1", "U 1,0"]  # next to red's tokens
    play(s, "Bed Bump", "U 1,0")
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))
    assert s.points == 0
    s.active = 0
    s._end_turn()
    assert s.bed_bumps == {(U, 1, 0)}  # it stays


def test_bed_bump_may_move_the_characters_already_there():
    s = sealed(dealt(players=2))
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    s.staffers[1] = (U, 1, 0)
    s.staffers[2] = (U, 1, 0)
    s.status[(U, 1, 0)] = "Just Cleaned"  # the Nurses were there when the floor was cleaned
    window(s, 0, {0: [], 1: ["Bed Bump"]})  # in the Staff turn
    targets = [a.target for a in s.legal_actions() if isinstance(a, A.PlayStuff)]
    assert targets == ["U 1,0", "U 1,0 push U 0,0", "U 1,0 push U 1,1", "U 1,0 push U 2,0"]
    play(s, "Bed Bump", "U 1,0 push U 2,0")  # both Nurses, to the same space
    assert s.staffers[1] == s.staffers[2] == (U, 2, 0)
    assert s.bed_bumps == {(U, 1, 0)}


def _empty_pile(s, discards):
    """No Stuff left in the pile or on the layout; ``discards`` in the discard pile."""
    s.stuff_at, s.pile = {}, 0
    s.unseen = dict.fromkeys(s.unseen, 0)
    s.discards = dict(discards)


def _exchange_and_draw(s, seat, first, second):
    """``seat`` exchanges 2 Stuff for 1 at the end of its turn: the draw's outcomes."""
    s.hands[seat] = sorted([first, second])
    s.active, s.phase = seat, "exchange"
    s._settle()
    s.apply(A.Exchange(first, second))
    assert s.need == Chance(Draw.STUFF)
    return {a.kind: p for a, p in s.chance_outcomes()}


def test_stuff_in_front_of_a_player_is_not_reshuffled_while_its_marker_is_out():
    # "Place this Stuff in front of you, and place the corresponding Status-marker on a
    # door" (l.335): the Jammed Door is not discarded while its door is blocked, so an
    # empty pile is refilled from the discards without it (issue 34)
    s = _door_layout()
    window(s, 1, {1: ["Jammed Door"]})
    play(s, "Jammed Door", "U 3,0 E")
    assert s.in_front == {"Jammed Door": 1} and s.discards == {}
    _empty_pile(s, {"Hurry Up": 1})
    drawn = _exchange_and_draw(s, 1, "Detector", "Walker")
    assert drawn == {"Hurry Up": Fraction(1, 3), "Detector": Fraction(1, 3),
                     "Walker": Fraction(1, 3)}
    assert s.in_front == {"Jammed Door": 1} and len(s.blocked) == 1
    # "If the result is doubles, the door is unblocked and you discard the markers"
    s.apply(A.DrawStuff("Walker"))
    assert len(s.blocked) == 1 and s.in_front == {"Jammed Door": 1}  # after the turn too
    at_move(s, 1, "red 1", 3)
    s.apply(A.TryDoor("E"))
    s.apply(A.DoorResult(True))
    assert s.blocked == {} and s.in_front == {} and s.discards == {"Jammed Door": 1}


@pytest.mark.parametrize("kind, target, until", [("Walker", "", "turn"),
                                                 ("Just Cleaned", "U 1,0", "round")])
def test_stuff_in_front_for_a_turn_or_a_round_is_discarded_when_it_ends(kind, target, until):
    s = sealed(dealt(players=3))
    window(s, 1, {1: [kind]})
    play(s, kind, target)
    assert s.in_front == {kind: 1}
    _empty_pile(s, {})
    drawn = _exchange_and_draw(s, 1, "Detector", "Hurry Up")  # at the end of the turn
    assert drawn == {"Detector": Fraction(1, 2), "Hurry Up": Fraction(1, 2)}
    s.apply(A.DrawStuff("Detector"))  # red's turn ends: Walker goes, Just Cleaned stays
    assert (s.active, s.round) == (2, 1)
    assert s.in_front == ({} if until == "turn" else {kind: 1})
    assert s.discards == ({kind: 1} if until == "turn" else {})  # the rest were reshuffled
    s.active = 0
    s._end_turn()  # the Staff's turn ends the round: "Discard markers at the end of the round"
    assert s.in_front == {} and s.discards == {kind: 1}
