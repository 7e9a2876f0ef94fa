"""Bedpans & Broomsticks: the rules issue 13 found read wrongly, and the rulings that are
named options, each checked in a position built from the rulebook's words.

Line numbers are those of ``shared/rules/bedpans-and-broomsticks.txt``.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from simlab.games.bedpans import actions as A
from simlab.games.bedpans.parts import (
    Chance,
    Draw,
    Lasting,
    OpenEdge,
    Station,
    TurnEffect,
)
from simlab.games.bedpans.rolls import roll_distribution
from simlab.games.bedpans.rules import BedpansGame

from .test_rules import at_move, dealt, placing, red_at, sealed
from .test_stuff import close, play, window

U = "U"
#: The upper and lower Elevator spaces of the pair E1a (upper, at U 1,0) / E1b (G1 0,0).
UP, DOWN = (U, 4, 1), ("G1", 1, 1)


def red_moves_after(s, holder: int, kind: str, target: str = ""):
    """Seat ``holder`` plays ``kind`` in red's Stuff window, the window closes, red 1 moves."""
    window(s, 1, {holder: [kind]})
    play(s, kind, target)
    close(s)
    s.apply(A.ChooseMover("red 1"))
    return s


def two_floors(players=2, **options):
    """The start tile, Elevator tile E1a east of it and its partner E1b starting G1.

    The Elevator spaces are U 4,1 and G1 1,1 (a shaft); the corner Stairs U 3,0 and
    G1 0,0.  Every empty tile position is sealed (nothing is explored), the Elevator
    tiles' Staffers are not waiting to be placed.  The beds are the start tile's: from
    the upper Elevator space the closest is 3 moves away, from the lower one 4 (by the
    shaft: "The top and bottom elevator spaces are connected", l.369).
    """
    s = sealed(dealt(players=players, **options))
    s._put_tile((U, 1, 0), "E1a", 0)
    s.queue.clear()
    s._place_partner((U, 1, 0), "E1a", 0)
    s.dormant = {}
    s.sealed |= {(U, 2, 0), (U, 1, -1), (U, 1, 1), ("G1", 0, -1), ("G1", 1, 0),
                 ("G1", 0, 1), ("G1", -1, 0)}
    assert s.links[UP] == (DOWN, "elevator")
    beds = s.bed_distances()
    assert (beds[UP], beds[DOWN]) == (3, 4)
    return s


def occupied(state, space):
    return space in state.staffers or any(space in pos for pos in state.tokens.values())


# -- 1. Elevator shaft exclusivity for forced moves ------------------------------------------
def test_lost_teeth_may_not_move_a_token_into_the_lower_shaft_space_under_a_nurse():
    """l.216: "Both spaces of an Elevator shaft may not be occupied at the same time. When
    Characters occupy an Elevator space, the other, corresponding space may not be
    entered."  l.346 Lost Teeth: "Each must move so that it is 2 spaces closer to its
    closest bed."  A Nurse stands in the upper Elevator space; the red tokens' only way
    closer is the lower one: they stay (as with a Just Cleaned space, ruling S10)."""
    s = two_floors()
    s.staffers[1] = UP
    s.tokens["red"] = [("G1", 0, 1), ("G1", 0, 1)]  # next to the lower Elevator space
    window(s, 1, {0: ["Lost Teeth"]})
    play(s, "Lost Teeth", "red")
    assert s.tokens["red"] == [("G1", 0, 1), ("G1", 0, 1)]
    assert not (occupied(s, UP) and occupied(s, DOWN))
    # with the upper space empty the same play takes both in (the first step of each),
    # then red 1 rides up, carrying red 2 along ("Any Characters in the same space also
    # move"), and red 2's own second step takes it on west
    s2 = two_floors()
    s2.tokens["red"] = [("G1", 0, 1), ("G1", 0, 1)]
    window(s2, 1, {0: ["Lost Teeth"]})
    play(s2, "Lost Teeth", "red")
    assert s2.tokens["red"] == [UP, (U, 3, 1)]


def test_a_forced_move_up_the_shaft_carries_everyone_in_the_space():
    """l.217: "A Character in an Elevator space may use 1 space of movement to move to the
    corresponding elevator space.  Any Characters in the same space also move."  My
    Plants! (l.349) moves the red Elder, with a Nurse beside it, 1 closer to a bed: up
    the shaft, and the Nurse rides along, so the shaft is never occupied at both ends."""
    s = two_floors(players=3)
    s.elder["red"] = 0
    s.tokens["red"] = [DOWN, (U, 0, 0)]
    s.staffers[1] = DOWN  # one Nurse: the Elder is not neutralized
    s.tokens["blue"] = [(U, 2, 0), (U, 2, 0)]  # on a bed: it stays
    window(s, 2, {0: ["My Plants!"]})
    play(s, "My Plants!")
    assert s.tokens["red"][0] == UP and s.staffers[1] == UP and not occupied(s, DOWN)


def test_nurse_call_may_not_step_a_staffer_onto_an_elevator_space_whose_partner_is_occupied():
    """l.358 Nurse Call: "Move a Staffer 1 space closer to its closest bed"; l.216 again."""
    s = two_floors()
    s.staffers[1] = ("U", 5, 1)  # east of the upper Elevator space: closer is U 4,1
    s.tokens["red"] = [DOWN, DOWN]
    window(s, 1, {0: ["Nurse Call"]})
    play(s, "Nurse Call", "Nurse 1")
    assert s.staffers[1] == ("U", 5, 1) and not (occupied(s, UP) and occupied(s, DOWN))


# -- 2. Bingo on TV and the shaft ride ------------------------------------------------------
def test_bingo_on_tv_forbids_the_ride_down_to_a_space_further_from_a_bed():
    """l.343 Bingo on TV: "that Elder may not move so that it is further from its closest
    bed."  From the upper Elevator space (3 from a bed) the ride down leads 4 away."""
    s = two_floors()
    s.tokens["red"] = [UP, UP]
    at_move(s, 1, "red 1", 3)
    assert A.Step("down") in s.legal_actions()
    s.fx[Lasting.BINGO_ON_TV] = (TurnEffect("red", 0),)
    s._settle()  # a position changed by hand is settled again (its legal actions relisted)
    steps = [a.direction for a in s.legal_actions() if isinstance(a, A.Step)]
    assert "down" not in steps and steps == ["W"]  # W is 2 from a bed; E is 4
    # from the lower space the ride up brings it closer: allowed
    s.tokens["red"] = [DOWN, DOWN]
    at_move(s, 1, "red 1", 3)
    s.fx[Lasting.BINGO_ON_TV] = (TurnEffect("red", 0),)
    s._settle()
    assert [a.direction for a in s.legal_actions() if isinstance(a, A.Step)] == ["up"]


# -- 3. The 4th Exit sign placed on the ground floor ----------------------------------------
def test_fourth_exit_sign_on_the_ground_floor_puts_the_elevator_next_to_a_non_elevator_tile():
    """l.207: "In the rare case that the 4th Exit sign tile is placed on the ground floor,
    the Staff-player places the remaining pair of Elevator tiles so that the initial
    Elevator tile is placed adjacent to any non-Elevator, upper floor tile."  The upper
    floor holds the start tile and the first Elevator tile E1a; only the start tile's
    open edges may take the second pair."""
    s = two_floors()
    s.sealed.clear()
    s.exit_signs = 3
    s.tokens["red"] = [("G1", 2, 1), ("G1", 2, 1)]
    s.explore, s.target = ("G1", 2, 1), OpenEdge("G1", 1, 0, 2, 1, 1)  # east of E1b
    s.stack = ["T05"]  # an Exit-sign tile
    s.active, s.phase = 1, "moves"
    s._settle()
    s.apply(A.DrawTile("T05"))
    s.apply(A.PlaceTile("T05", ("G1", 1, 0), 0))
    assert s.exit_signs == 4 and s.need == Chance(Draw.ELEVATOR)
    s.apply(A.DrawTile("E2a"))
    places = {a.position for a in s.legal_actions()}
    start_tile_edges = {(U, 0, -1), (U, -1, 0), (U, 0, 1)}  # (U 1,0 is E1a)
    assert places and places <= start_tile_edges
    s.apply(A.PlaceTile("E2a", (U, 0, 1), s.legal_actions()[0].rot))
    assert s.pairs_placed == 2 and s.tiles[("G2", 0, 0)][0] == "E2b"


# -- 4. The start tile ----------------------------------------------------------------------
def test_the_unused_four_bed_tile_is_shuffled_into_the_stack_and_can_be_drawn():
    """l.84-86 "you may start with one of the 2 bed tiles in a 2-player game"; l.98
    "Place the 3 Exit tiles and the 4 Elevator tiles aside. Shuffle the rest of the
    Room-tiles": the 4-bed tile is one of the rest."""
    s = BedpansGame(players=2, start_tile="chosen").new_initial_state()
    s.apply(A.ChooseStart("T03"))
    while s.is_chance:  # the first Stuff dealt
        s.apply(s.chance_outcomes()[0][0])
    assert "S" in s.stack and "T03" not in s.stack
    s.target = OpenEdge(U, 0, -1, 1, 0, 0)  # the open edge north of T03's U 1,0
    pool = s._tile_pool()
    assert "S" in pool and len(pool) == len(s.stack)  # every tile fits there
    # placed later, it is a room tile like the others: Staffers (none), corner Stuff
    placing(s, "S", s.target)
    s.apply(A.PlaceTile("S", (U, 0, -1), 0))
    assert s.tiles[(U, 0, -1)] == ("S", 0) and s.stuff_at.get((U, 0, -3)) == 1


# -- 5. Rulings with a named option ----------------------------------------------------------
@pytest.mark.parametrize(("reading", "second"), [("first-nurse-moved", "nurse1"),
                                                 ("first-staffer-moved", "nurse")])
def test_the_first_nurse_moved_after_the_doctor_uses_the_highest_two(reading, second):
    """l.141: "When moving the first Nurse, you must use the sum of the 2 highest die
    results."  The Doctor moves first; the Nurse moved next is the first Nurse moved
    (ruling M3; option ``first_nurse``)."""
    s = sealed(dealt(players=3, first_nurse=reading))
    s.staffers = [(U, 1, 1), (U, 2, 1), (U, 1, 2), None, None, None]
    s.hands = [[], [], []]
    s.active, s.phase = 0, "start"
    s._settle()
    s.apply(A.ChooseMover("Doctor"))
    assert s.chance_outcomes() == [(A.Roll(v), p) for v, p in roll_distribution("doctor")]
    s.apply(A.Roll(2))
    s.apply(A.Stop())
    s.apply(A.ChooseMover("Nurse 1"))
    assert s.chance_outcomes() == [(A.Roll(v), p) for v, p in roll_distribution(second)]
    s.apply(A.Roll(2))
    s.apply(A.Stop())
    assert s.mover == "Nurse 2"  # the last Staffer: a second Nurse, the lowest 2 either way
    assert s.chance_outcomes() == [(A.Roll(v), p) for v, p in roll_distribution("nurse")]


@pytest.mark.parametrize(("reading", "bonus"), [("dice+1", 2), ("result+1", 1)])
def test_hurry_up_readings(reading, bonus):
    """l.334 Hurry Up: "Those Characters' movement die results are each increased by 1":
    each of the 2 dice read (+2), or the movement result (+1) (ruling M4)."""
    s = sealed(dealt(players=2, hurry_up=reading))
    red_moves_after(s, 1, "Hurry Up", "red")
    assert s.chance_outcomes() == [(A.Roll(v + bonus), p)
                                   for v, p in roll_distribution("elder1")]


@pytest.mark.parametrize(("reading", "move"), [("dice-1", 2), ("result-1", 1)])
def test_detector_readings(reading, move):
    """l.344 Detector: "Each of their movement die results are changed to '1's": each of
    the 2 dice read is 1 (a move of 2), or the movement result is 1 (ruling M5)."""
    s = sealed(dealt(players=2, detector=reading))
    red_moves_after(s, 0, "Detector", "red")
    assert s.chance_outcomes() == [(A.Roll(move), Fraction(1))]


def test_walker_by_default_lets_each_token_move_4():
    """l.350 Walker: "Your Elder and Decoy may either move normally or each may use a die
    result of 2 to move this turn": each of the 2 dice read may count 2, a move of 4,
    which a roll of 2 or 3 falls short of (ruling M6).  The Elder's second move (2
    dice) gets the same."""
    s = sealed(dealt(players=2))
    red_moves_after(s, 1, "Walker")
    base = dict(roll_distribution("elder1"))
    assert dict((a.result, p) for a, p in s.chance_outcomes()) == {
        4: base[2] + base[3] + base[4], 5: base[5], 6: base[6]}
    s.apply(A.Roll(4))
    s.apply(A.Stop())
    assert min(a.result for a, _ in s.chance_outcomes()) == 4


def test_detector_then_walker_under_the_result_readings():
    """Under the movement-result readings Walker is worth something only with Detector:
    Detector makes the move 1, Walker lets it be 2 (ruling S3)."""
    s = sealed(dealt(players=2, detector="result-1", walker="result-2"))
    s.fx = {Lasting.DETECTOR: (TurnEffect("red", 0),), Lasting.WALKER: (TurnEffect("red", 1),)}
    at_move(s, 1, "red 1", 0)
    s.mover, s.roll_kind = "red 1", "elder1"
    assert s._roll_outcomes() == [(A.Roll(2), Fraction(1))]


@pytest.mark.parametrize(("reading", "reaches"), [("open-edge", True), ("door", False)])
def test_a_door_marker_creates_an_open_edge(reading, reaches):
    """l.263: "When you play a Door-marker, place it on the non-open edge between 2 tiles.
    This creates an open edge that can be moved through."  Flying Bedpan (l.333) reaches
    "within 3 spaces ... there may not be intervening doors or walls": through the
    Door-marker's open edge, but not through a door (option ``door_marker``, ruling B18)."""
    s = sealed(dealt(players=2, door_marker=reading))
    s._put_tile((U, 1, 0), "T08", 0)  # walls between U 2,0 / U 3,0 and U 2,2 / U 3,2
    s.door_markers[((U, 2, 0), (U, 3, 0))] = 1
    s.tokens["red"] = [(U, 2, 0), (U, 2, 0)]
    s.staffers[1] = (U, 4, 0)  # 2 spaces away, through the Door-marker
    window(s, 0, {1: ["Flying Bedpan"]})
    assert (A.PlayStuff("Flying Bedpan", "Nurse 1") in s.legal_actions()) is reaches


@pytest.mark.parametrize(("reading", "sees"), [("open-edge", True), ("door", False)])
def test_sight_passes_a_door_marker_inside_a_tile(reading, sees):
    """l.392 Variation Door-markers: "A Door-marker may be used on any wall"; l.263 it
    "creates an open edge"; l.152 "Whenever you (an Elder-player) enter a space with a
    straight line view through an open edge of a tile".  T01 has a wall between U 1,0
    and U 1,1; with a Door-marker there, the red Elder entering U 1,2 looks north
    through it to T01's open north edge, 2 spaces on."""
    s = dealt(players=2, variants=("door_markers",), door_marker=reading)
    s.tiles.clear()
    s.features.clear()
    s._put_tile((U, 0, 0), "T01", 0)
    s.sealed |= {(U, 1, 0), (U, -1, 0)}
    s.door_markers[((U, 1, 0), (U, 1, 1))] = 1
    s.tokens["red"] = [(U, 0, 2), (U, 0, 2)]
    at_move(s, 1, "red 1", 2)
    s.apply(A.Step("E"))  # onto U 1,2
    assert (s.target is not None and s.target.position == (U, 0, -1)) is sees


# -- 4. Issue 34: forced moves "entering" Elevator, Stairs and Exit spaces ------------------
def _pair_asleep(**options):
    """:func:`two_floors` with the pair's Staffers waiting for a Resident (ruling B7): the
    only station of the pair is E1b's Nurse station at G1 0,2; red's tokens stand at U 5,1,
    east of the upper Elevator space U 4,1, which is their one way 1 closer to a bed."""
    s = two_floors(**options)
    s.dormant = {(U, 1, 0): "1", ("G1", 0, 0): "1"}
    s.tokens["red"] = [(U, 5, 1), (U, 5, 1)]
    return s


@pytest.mark.parametrize("wake_by", ["step", "any-move"])
def test_a_resident_moved_onto_the_elevator_by_my_plants_wakes_the_pair_only_if_any_move(
        wake_by):
    """l.206: "Do not place Staffers until a Resident enters one of the stair or Elevator
    spaces corresponding to the tile."  l.349 My Plants!: "Each Elder and Decoy must move
    1 space closer to its closest bed."  Option ``wake_by`` (ruling B7): a Resident moved
    there by Stuff wakes the Staffers only under ``any-move``."""
    s = _pair_asleep(wake_by=wake_by)
    window(s, 1, {0: ["My Plants!"]})
    play(s, "My Plants!")
    assert UP in s.tokens["red"]  # moved onto the Elevator space (the shaft below is free)
    placed = ("G1", 0, 2) in s.staffers or any(
        getattr(item, "space", None) == ("G1", 0, 2) for item in s.queue)
    if wake_by == "step":
        assert s.dormant == {(U, 1, 0): "1", ("G1", 0, 0): "1"} and not placed
    else:
        assert s.dormant == {} and placed


@pytest.mark.parametrize("wake_by", ["step", "any-move"])
def test_a_step_onto_the_elevator_wakes_the_pair_under_both_readings(wake_by):
    s = _pair_asleep(wake_by=wake_by)
    at_move(s, 1, "red 1", 1)
    s.apply(A.Step("W"))
    assert s.tokens["red"][0] == UP and s.dormant == {}


def _elder_by_an_exit(**options):
    """The Exit tile X1 north of the start tile: its Exit space is U 1,-3.  Red's Elder
    stands on U 1,-2, just south of it, on a Puddle; its Decoy next to it on U 1,-1."""
    s = sealed(dealt(players=2, **options))
    s._put_tile((U, 0, -1), "X1", 0)
    assert s.features[(U, 1, -3)] == "X"
    red_at(s, (U, 1, -2), (U, 1, -1))
    s.status[(U, 1, -2)] = "Puddle"
    return s


@pytest.mark.parametrize("exit_by", ["step", "any-move"])
def test_an_elder_pushed_onto_an_exit_by_bed_bump_leaves_only_if_any_move(exit_by):
    """l.291: "One Elder leaves the retirement home by entering an "exit" space."  l.331
    Bed Bump: "You may move all Characters already in that space to the same adjacent
    space."  Red bumps the space of its own Elder (next to its Decoy, with a Puddle) and
    pushes the Elder north onto the Exit space (option ``exit_by``, ruling B17)."""
    s = _elder_by_an_exit(exit_by=exit_by)
    window(s, 1, {0: [], 1: ["Bed Bump"]})
    targets = [a.target for a in s.legal_actions() if isinstance(a, A.PlayStuff)]
    assert "U 1,-2 push U 1,-3" in targets
    play(s, "Bed Bump", "U 1,-2 push U 1,-3")
    if exit_by == "step":
        assert s.tokens["red"][0] == (U, 1, -3) and s.outcome is None
    else:
        assert s.outcome is not None and s.outcome.winners == (1,)
        assert "red Elder reached an Exit" in s.outcome.reason


def test_a_decoy_pushed_onto_an_exit_wins_nothing_under_any_move():
    s = _elder_by_an_exit(exit_by="any-move")
    s.elder["red"] = 1  # the token on U 1,-2 is the Decoy
    window(s, 1, {0: [], 1: ["Bed Bump"]})
    play(s, "Bed Bump", "U 1,-2 push U 1,-3")
    assert s.outcome is None and s.tokens["red"][0] == (U, 1, -3)


@pytest.mark.parametrize("strike_elevator", ["later-tile", "elevator-tile"])
def test_staffers_on_strike_and_an_elevator_pair_placed_the_same_turn(strike_elevator):
    """l.360 Staffers on Strike: "Do not place any Staffers on the next room-tile with at
    least 1 station."  Red plays it, then an Exit sign brings the Elevator pair E1a (no
    station) / E1b (a Nurse station at G1 0,2), then a room tile T01 with a Nurse station at
    U 5,2 is placed.  ``later-tile``: the Strike keeps T01 empty and E1b's Nurse comes when
    the pair wakes; ``elevator-tile``: E1b is the struck tile, T01 gets its Nurse."""
    s = sealed(dealt(players=2, strike_elevator=strike_elevator))
    window(s, 1, {0: [], 1: ["Staffers on Strike"]})
    play(s, "Staffers on Strike")
    s._put_tile((U, 1, 0), "E1a", 0)
    s.queue.clear()
    s._place_partner((U, 1, 0), "E1a", 0)
    s._put_tile((U, 0, 1), "T03", 0)  # a Nurse station at U 1,4
    t03 = s._staff_for((U, 0, 1))
    s.queue.clear()
    s.tokens["red"] = [(U, 3, 1), (U, 3, 1)]
    at_move(s, 1, "red 1", 1)
    s.apply(A.Step("E"))  # onto the upper Elevator space: the pair wakes
    assert s.dormant == {}
    woken = ("G1", 0, 2) in s.staffers or any(
        getattr(item, "space", None) == ("G1", 0, 2) for item in s.queue)
    if strike_elevator == "later-tile":
        assert t03 == [] and woken
    else:
        assert t03 == [Station((U, 1, 4), "N")] and not woken
