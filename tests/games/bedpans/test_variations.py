"""Bedpans & Broomsticks Variations, each a named option (``variants=``)."""

from __future__ import annotations

from simlab.games.bedpans import actions as A
from simlab.games.bedpans.parts import (
    Chance,
    Decide,
    Decision,
    Draw,
    Lasting,
    OpenEdge,
    TurnEffect,
)

from .test_rules import at_move, dealt, placing, red_at, sealed

U = "U"


def exit_layout(players=3, **options):
    s = sealed(dealt(players=players, **options))
    s._put_tile((U, 0, -1), "X1", 0)  # Exit space at U 1,-3
    return s


def test_staff_experience_needs_one_more_neutralization():
    for variants, over in (((), True), (("staff_experience",), False)):
        s = dealt(players=2, variants=variants)
        s.staffers[0] = (U, 1, 1)
        s.tokens["red"] = [(U, 1, 1), (U, 1, 1)]
        s._resolve((U, 1, 1))
        assert s.neutralized == 1 and (s.winner == 0) is over


def test_no_recovery_puts_the_elder_out_and_skips_its_turns():
    s = dealt(players=3, variants=("no_recovery",))
    s.staffers[0] = (U, 1, 1)
    s.tokens["red"] = [(U, 1, 1), (U, 1, 1)]
    s._resolve((U, 1, 1))
    assert s.out == ["red"] and s.winner is None
    s.active, s.phase = 1, "start"
    s._settle()
    assert s.active == 2  # red's turn is skipped, no re-entry
    s.tokens["blue"] = [(U, 1, 1), (U, 1, 1)]
    s._resolve((U, 1, 1))
    s._settle()
    assert s.outcome.winners == (0,) and "out of the game" in s.outcome.reason


def test_co_op_victory_elders_exiting_in_one_round_win_together():
    s = exit_layout(players=4, variants=("co_op_victory",))
    for colour in ("red", "blue"):
        s.elder[colour] = 0
        s.tokens[colour] = [(U, 1, -2), (U, 1, -2)]
        seat = s.seat_of(colour)
        at_move(s, seat, f"{colour} 1", 2)
        s.apply(A.Step("N"))
        assert s.outcome is None and colour in s.out
    s.active = 0
    s._end_turn()  # the round ends
    s._settle()
    assert s.outcome.winners == (1, 2)


def test_co_op_victory_after_an_exit_the_staff_can_no_longer_win_unless_race_on():
    # 3 players: the Staff needs 2; one already neutralized, then red leaves by the Exit,
    # then the Doctor catches blue in the same round
    for reading, winners in (("elders-won", (1,)), ("race-on", (0,))):
        s = exit_layout(players=3, variants=("co_op_victory",), co_op_after_exit=reading)
        s.neutralized = 1
        red_at(s, (U, 1, -2), (U, 1, -2))
        at_move(s, 1, "red 1", 2)
        s.apply(A.Step("N"))
        assert s.outcome is None and s.escaped == [1]
        s.staffers[0] = (U, 2, 2)
        s.tokens["blue"] = [(U, 2, 2), (U, 2, 2)]
        s._resolve((U, 2, 2))  # blue is neutralized: the Staff's second
        if reading == "race-on":
            s._settle()
            assert s.outcome.winners == winners
            continue
        assert s.winner is None
        s.active = 0
        s._end_turn()  # the round ends: red wins alone
        s._settle()
        assert s.outcome.winners == winners


def test_all_or_nothing_the_staff_moves_2_after_an_exit():
    s = exit_layout(players=3, variants=("all_or_nothing",))
    red_at(s, (U, 1, -2), (U, 1, -2))
    at_move(s, 1, "red 1", 2)
    s.apply(A.Step("N"))
    assert s.escaped == [1] and s.outcome is None
    s.active = 0
    assert s._moves_allowed() == 2
    s.tokens["blue"] = [(U, 1, -2), (U, 1, -2)]
    s.elder["blue"] = 1
    at_move(s, 2, "blue 2", 2)
    s.apply(A.Step("N"))
    assert s.outcome.winners == (1, 2) and "every Elder" in s.outcome.reason


def test_door_markers_on_any_wall_inside_a_tile():
    s = dealt(players=2)
    s._put_tile((U, 1, 0), "T01", 0)  # a wall inside T01 between U 4,0 and U 4,1
    base = set(s.door_spots())
    s2 = dealt(players=2, variants=("door_markers",))
    s2._put_tile((U, 1, 0), "T01", 0)
    spots = set(s2.door_spots())
    assert base < spots and ((U, 4, 0), (U, 4, 1)) in spots
    s2.door_markers[((U, 4, 0), (U, 4, 1))] = 1
    from simlab.games.bedpans.board import passage
    assert passage(s2.tiles, s2.game.geo, s2.door_markers, (U, 4, 0), 2) == "d"


def test_limited_occupancy_removes_decoys_in_a_crowd():
    s = dealt(players=4, variants=("limited_occupancy",))
    for colour in ("red", "blue", "yellow"):
        s.tokens[colour] = [(U, 1, 1), (U, 1, 1)]
        s.elder[colour] = 0
    s.active, s.phase = 1, "end"
    s._settle()
    assert all(s.tokens[c] == [(U, 1, 1), None] for c in ("red", "blue", "yellow"))


def test_do_no_harm_an_elder_ignores_another_elders_detector():
    for variants, offered in (((), True), (("do_no_harm",), False)):
        s = sealed(dealt(players=3, variants=variants))
        s.hands[2] = ["Detector"]
        s.active, s.phase = 1, "window1"
        assert (A.PlayStuff("Detector", "red") in s.stuff_plays(2)) is offered
        s.hands[0] = ["Detector"]  # the Staff is no Elder
        assert A.PlayStuff("Detector", "red") in s.stuff_plays(0)


def test_stuff_is_stuff_discards_stay_on_the_layout_and_every_take_costs():
    s = sealed(dealt(players=2, variants=("stuff_is_stuff",)))
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    s.hands[1] = ["Disguise", "Plans!"]
    s.active, s.phase = 1, "exchange"
    s._settle()
    s.apply(A.Exchange("Disguise", "Plans!"))
    assert s.stuff_at[(U, 0, 0)] == 2 and s.discards == {}
    for variants, offered in (((), True), (("stuff_is_stuff",), False)):
        s = sealed(dealt(players=2, variants=variants))
        s.stuff_at[(U, 1, 0)] = 1
        at_move(s, 1, "red 1", 1)
        s.apply(A.Step("E"))  # no movement left to pay for the pick-up
        assert (A.TakeStuff() in s.legal_actions()) is offered


def test_tile_placement_turns_a_tile_so_2_doors_match():
    # T04 goes below T01 (turned 1, east of the start tile) and east of T03 (south of it):
    # turned 1 it meets both neighbours through their open edges, turned 2 only T01
    for variants, kept in (((), [1, 2]), (("tile_placement",), [1])):
        s = dealt(players=2, variants=variants)
        s._put_tile((U, 1, 0), "T01", 1)
        s._put_tile((U, 0, 1), "T03", 0)
        placing(s, "T04", OpenEdge(U, 1, 1, 4, 2, 2), explore=(U, 4, 2))
        assert [a.rot for a in s.legal_actions()] == kept


def test_tile_placement_reading_doors_counts_printed_doors_only():
    s = dealt(players=2, variants=("tile_placement",), tile_match="doors")
    s._put_tile((U, 1, 0), "T01", 1)
    s._put_tile((U, 0, 1), "T03", 0)
    assert s._matching_doors("T04", OpenEdge(U, 1, 1, 4, 2, 2), [1, 2]) == [1, 2]  # none printed


def test_elder_abilities_twice_each_and_the_staff_starts_with_2_stuff():
    from .test_stuff import close, window

    s = sealed(dealt(players=2, variants=("elder_abilities",), hands=["Walker", "Detector",
                                                                       "Puddle"]))
    assert len(s.hands[0]) == 2  # the Staff's 2 Stuff
    for used in (1, 2):
        window(s, 1, {1: []})
        assert A.PlayStuff("Quick Shuffle", "red") in s.legal_actions()  # red: as Hurry Up
        s.apply(A.PlayStuff("Quick Shuffle", "red"))
        assert s.ability_uses[1] == used and s.fx[Lasting.HURRY_UP] == (TurnEffect("red", 1),)
        close(s)
        s.fx = {}
    window(s, 1, {1: []})
    assert s.stuff_plays(1) == []  # both uses spent


def test_roll_and_assign_rolls_before_the_token_is_chosen():
    s = sealed(dealt(players=2, variants=("roll_and_assign",)))
    s.apply(A.Pass())  # the Decoy stays; no Stuff to play
    assert s.need == Chance(Draw.ROLL) and s.mover is None
    s.apply(A.Roll(3))
    assert s.legal_actions() == [A.ChooseMover("red 1"), A.ChooseMover("red 2")]
    s.apply(A.ChooseMover("red 2"))
    assert s.mover == "red 2" and s.points == 3 and s.need.decision == "move"
    s.apply(A.Stop())
    assert s.need == Chance(Draw.ROLL)  # the second roll (2 dice) for red 1
    assert [a.result for a, _ in s.chance_outcomes()] == [2, 3, 4, 5, 6]


def test_roll_and_assign_for_everyone_reads_the_staff_dice_for_the_staffer_chosen():
    from fractions import Fraction

    def staff_roll():
        s = sealed(dealt(players=3, variants=("roll_and_assign",), assign_for="everyone"))
        s.staffers[0], s.staffers[1] = (U, 1, 1), (U, 2, 1)
        s.active, s.phase = 0, "start"
        s.hands = [[], [], []]
        s._settle()
        assert s.need == Chance(Draw.ROLL) and s.mover is None
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 18 and sum(p for _, p in outcomes) == 1
        assert dict(outcomes)[A.RollDice((3, 1, 2))] == Fraction(2, 27)
        s.apply(A.RollDice((3, 1, 2)))  # red 3, whites 1 and 2
        assert s.legal_actions() == [A.ChooseMover("Doctor"), A.ChooseMover("Nurse 1")]
        return s

    s = staff_roll()
    s.apply(A.ChooseMover("Doctor"))
    assert s.points == 4  # the red die and the lower white die (ruling M3)
    s = staff_roll()
    s.apply(A.ChooseMover("Nurse 1"))
    assert s.points == 5  # the first Nurse: the 2 highest
    s.apply(A.Stop())
    assert s.need == Chance(Draw.ROLL)  # the Staff rolls again for the second Staffer
    s.apply(A.RollDice((3, 1, 2)))
    assert s.points == 4 and s.mover == "Doctor"  # one left: no choice asked
    s = staff_roll()
    # Hurry Up follows the Staffer chosen, after the roll
    s.fx[Lasting.HURRY_UP] = (TurnEffect("Nurse 1", 0),)
    s.apply(A.ChooseMover("Nurse 1"))
    assert s.points == 7


def test_roll_and_assign_leaves_the_staff_turn_alone_by_default():
    s = sealed(dealt(players=3, variants=("roll_and_assign",)))
    s.staffers[0], s.staffers[1] = (U, 1, 1), (U, 2, 1)
    s.active, s.phase = 0, "start"
    s.hands = [[], [], []]
    s._settle()
    assert s.need == Decide(0, Decision.CHOOSE)
