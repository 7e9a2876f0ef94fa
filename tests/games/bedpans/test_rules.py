"""Bedpans & Broomsticks rules: set-up, turns, movement, exploration, Staffers, Stuff, ends."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

import simlab
from simlab.core.api import CHANCE, TERMINAL
from simlab.core.errors import ConfigError, IllegalActionError
from simlab.core.play import sample_chance
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import DX, DY
from simlab.games.bedpans.parts import Chance, Decide, Decision, Draw
from simlab.games.bedpans.rolls import read_roll, roll_distribution
from simlab.games.bedpans.rules import BedpansGame
from tests.games.bedpans._checks import check_stuff_conserved


def dealt(players=2, hands=None, **options):
    """A fresh game with the first Stuff dealt (``hands``: one kind per seat)."""
    state = BedpansGame(players=players, **options).new_initial_state()
    # kinds with no play in the positions of these tests (no door next to a Resident, no
    # Staffer with another player's Resident)
    hands = hands or ["Jammed Door", "Steroids!", "Jammed Door", "Head Nurse",
                      "Laughing Gas"][:players]
    for kind in hands:
        assert state.need == Chance(Draw.STUFF)
        state.apply(A.DrawStuff(kind))
    return state


def at_move(state, seat, mover, points, took=0):
    """Put ``state`` in the middle of ``seat``'s move of ``mover`` with ``points`` left."""
    state.active, state.phase, state.mover, state.points = seat, "move", mover, points
    state.took, state.can_take, state.window = took, False, []
    state.explore = state.target = state.drawn = None
    state._settle()
    return state


def placing(state, tile, edge, explore=None):
    """Put ``state`` where the Staff-player places the drawn ``tile`` at the open ``edge``
    (``explore``: the position explored into, if the test needs it)."""
    state.explore, state.target, state.drawn = explore, edge, tile
    state.need = Decide(0, Decision.PLACE)
    return state


def sealed(state):
    """Seal the 4 positions around the start tile: no exploration in the test."""
    state.sealed |= {("U", 0, -1), ("U", 1, 0), ("U", 0, 1), ("U", -1, 0)}
    return state


def red_at(state, elder, decoy):
    """Red's token 1 is its Elder, standing at ``elder``; token 2, its Decoy, at ``decoy``."""
    state.elder["red"] = 0
    state.tokens["red"] = [elder, decoy]
    return state


def test_set_up():
    s = dealt(players=4, hands=["Walker", "Detector", "Hurry Up", "Puddle"])
    assert s.tiles == {("U", 0, 0): ("S", 0)}
    assert s.tokens == {"red": [("U", 0, 0)] * 2, "blue": [("U", 2, 0)] * 2,
                        "yellow": [("U", 0, 2)] * 2}
    assert s.stuff_at == {("U", 1, 1): 1}
    assert s.hands == [["Walker"], ["Detector"], ["Hurry Up"], ["Puddle"]]
    assert s.doors_held == [0, 1, 1, 1]
    assert len(s.stack) == 13 and s.staffers == [None] * 6
    assert s.pile == 48 - 1 - 4
    # the player left of the Staff-player starts, with the Decoy's repositioning
    assert s.current_player == 1 and s.need.decision == "decoy"


def test_options_and_start_tiles():
    with pytest.raises(ConfigError):
        BedpansGame(players=6)
    with pytest.raises(ConfigError):
        BedpansGame(start_tile="huge")
    # "you may start with one of the 2 bed tiles in a 2-player game": the first Elder-player
    # chooses (ruling B13); "Normally, the start Room-tile is the tile with 4 beds"
    s = BedpansGame(players=2, start_tile="chosen").new_initial_state()
    assert s.need == Decide(1, Decision.START_TILE)
    assert s.legal_actions() == [A.ChooseStart(t) for t in ("S", "T03", "T04")]
    s.apply(A.ChooseStart("T04"))
    assert s.tiles == {("U", 0, 0): ("T04", 0)} and "T04" not in s.stack
    assert s.tokens["red"] == [("U", 0, 0)] * 2
    # "Shuffle the rest of the Room-tiles": the unused 4-bed tile goes in the stack
    assert "S" in s.stack and len(s.stack) == 13
    s3 = BedpansGame(players=3, start_tile="chosen").new_initial_state()
    assert [a.tile for a in s3.legal_actions()] == ["S", "T01", "T02"]
    s3.apply(A.ChooseStart("S"))
    assert "S" not in s3.stack and len(s3.stack) == 13
    # with 4 players there is nothing to choose
    s4 = BedpansGame(players=4, start_tile="chosen").new_initial_state()
    assert s4.tiles == {("U", 0, 0): ("S", 0)} and s4.need == Chance(Draw.STUFF)


def test_no_start_tile_takes_an_exit_sign_out_of_the_stack():
    # "7th Exit Sign Tile – The Staff-player places a 3rd Exit tile": whichever tile play
    # starts on, 7 Exit-sign tiles stay in the stack (issue 13: T04 and T02 carried signs)
    for players in (2, 3, 4):
        for start in BedpansGame(players=players).new_initial_state().start_tiles():
            s = BedpansGame(players=players, start_tile="chosen").new_initial_state()
            if getattr(s.need, "decision", None) == "start-tile":
                s.apply(A.ChooseStart(start))
            specs = s.game.specs
            assert sum(specs[t].exit_sign for t in s.stack) == 7, (players, start)


def test_elder_turn_sequence_and_dice():
    s = dealt(players=3)
    s.apply(A.Pass())  # Decoy stays
    # Stuff window: nobody has anything to play (no Door-marker spot on one tile)
    assert s.need.decision == "choose"
    assert s.legal_actions() == [A.ChooseMover("red 1"), A.ChooseMover("red 2")]
    s.apply(A.ChooseMover("red 2"))
    assert s.current_player == CHANCE
    assert s.chance_outcomes() == [(A.Roll(v), p) for v, p in roll_distribution("elder1")]
    s.apply(A.Roll(2))
    assert s.need == Decide(1, Decision.MOVE)
    s.apply(A.Stop())
    assert s.chance_outcomes() == [(A.Roll(v), p) for v, p in roll_distribution("elder2")]
    assert s.mover == "red 1"


def test_dice_distributions():
    # the rules engine enumerates dice itself; movement.py's expressions agree (via dice.py)
    from simlab.core.dice import distribution
    from simlab.games.bedpans.movement import expression

    movers = {"elder1": "elder_first", "elder2": "elder_second", "nurse1": "first_nurse",
              "nurse": "other_nurse", "doctor": "doctor"}
    for kind, mover in movers.items():
        assert dict(roll_distribution(kind)) == distribution(expression(mover))
    assert dict(roll_distribution("elder1"))[2] == Fraction(7, 27)  # two or three 1s
    assert dict(roll_distribution("nurse1"))[6] == Fraction(7, 27)
    assert sum(p for _, p in roll_distribution("doctor")) == 1
    assert dict(roll_distribution("doctor"))[2] == Fraction(5, 27)  # red 1, lower white 1


def test_staff_turn_moves_three_staffers_first_nurse_highest():
    s = dealt(players=3)
    s.staffers = [("U", 1, 1), ("U", 1, 2), ("U", 2, 1), ("U", 2, 2), None, None]
    s.active, s.phase = 0, "start"
    s._settle()
    assert s.need == Decide(0, Decision.CHOOSE)
    s.apply(A.ChooseMover("Nurse 2"))
    assert s.chance_outcomes() == [(A.Roll(v), p) for v, p in roll_distribution("nurse1")]
    s.apply(A.Roll(2))
    s.apply(A.Stop())
    s.apply(A.ChooseMover("Doctor"))
    assert s.chance_outcomes() == [(A.Roll(v), p) for v, p in roll_distribution("doctor")]
    s.apply(A.Roll(2))
    s.apply(A.Stop())
    assert A.ChooseMover("Nurse 2") not in s.legal_actions()
    s.apply(A.ChooseMover("Nurse 1"))
    assert s.chance_outcomes() == [(A.Roll(v), p) for v, p in roll_distribution("nurse")]
    s.apply(A.Roll(2))
    s.apply(A.Stop())
    # third Staffer moved: on to the exchange / next round
    assert s.round == 2 and s.active == 1


def test_two_players_staff_moves_only_two():
    s = dealt(players=2)
    s.staffers = [None, ("U", 1, 2), ("U", 2, 1), ("U", 2, 2), None, None]
    s.active, s.phase = 0, "start"
    s._settle()
    for name in ("Nurse 1", "Nurse 2"):
        s.apply(A.ChooseMover(name))
        s.apply(A.Roll(2))
        s.apply(A.Stop())
    assert s.active == 1 and s.round == 2


def test_walls_block_and_illegal_steps_leave_the_state():
    s = at_move(dealt(), 1, "red 1", 3)
    assert A.Step("N") not in s.legal_actions() and A.Step("W") not in s.legal_actions()
    before = s.clone()
    with pytest.raises(IllegalActionError):
        s.apply(A.Step("N"))
    assert s == before
    s.apply(A.Step("E"))
    assert s.tokens["red"][0] == ("U", 1, 0) and s.points == 2


def test_exploration_staff_chooses_edge_then_tile_then_turn():
    s = at_move(dealt(), 1, "red 1", 3)
    s.apply(A.Step("E"))  # (1,0) sees the north open edge and, 2 spaces south, the south one
    assert s.need == Decide(0, Decision.EXPLORE)
    assert s.legal_actions() == [A.Explore(("U", 0, -1)), A.Explore(("U", 0, 1))]
    s.apply(A.Explore(("U", 0, -1)))
    assert s.current_player == CHANCE
    tiles = [a.tile for a, _ in s.chance_outcomes()]
    assert len(tiles) == 13  # every room tile has an open edge that can meet it
    s.apply(A.DrawTile("T13"))
    assert s.need == Decide(0, Decision.PLACE)
    turns = s.legal_actions()
    assert turns == [A.PlaceTile("T13", ("U", 0, -1), r) for r in (0, 2)]
    s.apply(A.PlaceTile("T13", ("U", 0, -1), 0))
    # the Doctor goes on the black station; Stuff on the corners opposite the joined edge
    assert s.staffers[0] == ("U", 0, -1)
    assert s.stuff_at[("U", 0, -3)] == 1 and s.stuff_at[("U", 2, -3)] == 1
    # the second open edge in view is explored next (only one left: no choice)
    assert s.current_player == CHANCE and s.target.position == ("U", 0, 1)


def test_tile_that_does_not_fit_is_not_drawn_and_hopeless_edges_are_sealed():
    s = at_move(dealt(), 1, "red 1", 3)
    s.stack = ["T08"]  # T08 has open edges only east and west of its centre
    s.apply(A.Step("E"))
    s.apply(A.Explore(("U", 0, -1)))
    assert [a.tile for a, _ in s.chance_outcomes()] == ["T08"]
    s.apply(A.DrawTile("T08"))
    assert s.legal_actions() == [A.PlaceTile("T08", ("U", 0, -1), r) for r in (1, 3)]
    s.apply(A.PlaceTile("T08", ("U", 0, -1), 1))
    # the stack is empty: the other edge is sealed (no Exit tile on the upper floor)
    assert ("U", 0, 1) in s.sealed and s.need == Decide(1, Decision.MOVE)


def test_staffer_stops_on_resident_and_decoy_is_removed():
    s = dealt(players=3)
    s.staffers[1] = ("U", 1, 1)
    at_move(s, 0, "Nurse 1", 3)
    red_at(s, ("U", 0, 1), ("U", 1, 0))
    events = s.apply(A.Step("N"))  # onto red 2, the Decoy
    assert str(events[-1]) == "the red Decoy is removed"
    assert s.tokens["red"] == [("U", 0, 1), None] and s.known["red"]
    assert s.points == 0  # a Staffer ends its move on entering a Resident's space


def test_one_nurse_does_not_neutralize_but_reveals_two_do():
    s = dealt(players=3)
    s.staffers[1] = ("U", 1, 1)
    s.staffers[2] = ("U", 0, 1)
    s.elder["red"] = 1
    s.tokens["red"] = [("U", 2, 2), ("U", 1, 0)]
    at_move(s, 0, "Nurse 1", 3)
    s.apply(A.Step("N"))
    assert s.tokens["red"] == [("U", 2, 2), ("U", 1, 0)] and s.known["red"]
    at_move(s, 0, "Nurse 2", 3)
    s.apply(A.Step("N"))
    s.apply(A.Step("E"))
    assert s.tokens["red"] == [None, None] and s.neutralized == 1
    assert s.outcome is None
    # aftermath: one Nurse goes to the nearest Nurse station (none on the layout: stays)
    assert s.hands[1] == [] and s.draws == [1]


def test_doctor_neutralizes_alone_and_staff_wins():
    s = dealt(players=2)
    s.staffers[0] = ("U", 1, 1)
    red_at(s, ("U", 1, 0), ("U", 0, 0))
    at_move(s, 0, "Doctor", 2)
    events = s.apply(A.Step("N"))
    assert [e.kind for e in events] == ["move", "neutralize", "score"]
    assert (events[-1].seat, events[-1].score) == (0, 1.0)  # the win told (issue 34)
    assert s.is_terminal
    assert s.outcome.winners == (0,) and "neutralized 1" in s.outcome.reason


def test_elder_stops_at_staffer_and_decoy_walks_in_and_is_removed():
    s = dealt(players=3)
    s.staffers[3] = ("U", 1, 0)
    s.elder["red"] = 0
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))
    assert s.points == 0 and s.known["red"] and s.tokens["red"][0] == ("U", 1, 0)
    at_move(s, 1, "red 2", 3)
    s.apply(A.Step("E"))
    assert s.tokens["red"][1] is None


def test_elder_reaching_exit_wins_decoy_does_not():
    s = sealed(dealt(players=3))
    s._put_tile(("U", 0, -1), "X1", 0)  # its Exit space is at (1,-3), on the north edge
    s.elder["blue"] = 1
    s.tokens["blue"] = [("U", 1, -2), ("U", 1, -2)]
    at_move(s, 2, "blue 1", 2)
    s.apply(A.Step("N"))
    assert s.outcome is None
    at_move(s, 2, "blue 2", 2)
    s.apply(A.Step("N"))
    assert s.outcome.winners == (2,) and "blue Elder reached an Exit" in s.outcome.reason


def test_neutralized_elder_reenters_on_a_bed():
    s = dealt(players=3)
    s.tokens["red"] = [None, None]
    s.active, s.phase = 1, "start"
    s._settle()
    assert s.need == Decide(1, Decision.REENTER)
    assert s.legal_actions() == [A.Reenter(("U", 0, 0))]
    s.apply(A.Reenter(("U", 0, 0)))
    assert s.tokens["red"] == [("U", 0, 0)] * 2 and not s.known["red"]


def test_decoy_repositioning_reveals_it():
    s = dealt(players=3)
    red_at(s, ("U", 1, 1), ("U", 2, 2))
    s.known["red"] = False
    s.active, s.phase = 1, "start"
    s._settle()
    assert s.legal_actions() == [A.Pass(), A.PlaceDecoy(("U", 0, 0)), A.PlaceDecoy(("U", 1, 1))]
    s.apply(A.PlaceDecoy(("U", 0, 0)))
    assert s.tokens["red"] == [("U", 1, 1), ("U", 0, 0)] and s.known["red"]


def test_hidden_elder_and_hands():
    s = dealt(players=3, hands=["Walker", "Detector", "Puddle"])
    s.elder["blue"] = 1
    v = s.view(1)
    assert v.elder["red"] == 0 and v.elder["blue"] == -1
    assert v.hands == [["?"], ["Detector"], ["?"]]
    assert sum(v.unseen.values()) == sum(s.unseen.values()) + 2
    rng = np.random.default_rng(3)
    for _ in range(10):
        other = s.resample_hidden(1, rng)
        assert other.view(1) == v
    s.known["blue"] = True
    assert s.view(1).elder["blue"] == 1


def test_stuff_pick_up_costs_and_hand_limit():
    s = sealed(dealt(players=2, hands=["Walker", "Walker"]))
    s.hands[1] = ["Detector", "Walker"]
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("S"))
    s.apply(A.Step("E"))  # onto the set-up Stuff on the centre
    assert A.TakeStuff() in s.legal_actions()
    s.apply(A.TakeStuff())  # first one is free
    assert s.points == 1 and s.current_player == CHANCE
    s.apply(A.DrawStuff("Hurry Up"))
    assert s.hands[1] == ["Detector", "Hurry Up", "Walker"]
    s.stuff_at[("U", 1, 1)] = 1
    s._settle()  # a position changed by hand is settled again (its legal actions relisted)
    s.apply(A.TakeStuff())  # the second costs a space of movement
    assert s.points == 0
    s.apply(A.DrawStuff("Puddle"))
    assert s.need == Decide(1, Decision.DISCARD)  # 4 in hand: down to 3
    s.apply(A.Discard("Puddle"))
    assert len(s.hands[1]) == 3 and s.discards == {"Puddle": 1}


def test_end_of_turn_exchange():
    s = dealt(players=2)
    s.hands[1] = ["Detector", "Walker"]
    s.active, s.phase = 1, "exchange"
    s._settle()
    assert s.legal_actions() == [A.Pass(), A.Exchange("Detector", "Walker")]
    pile = s.pile
    s.apply(A.Exchange("Detector", "Walker"))
    assert s.hands[1] == [] and s.pile == pile - 1 and s.current_player == CHANCE


def test_door_marker():
    s = sealed(dealt(players=2))
    s._put_tile(("U", 1, 0), "T08", 0)
    spots = s.door_spots()
    assert spots == [(("U", 2, 0), ("U", 3, 0)), (("U", 2, 2), ("U", 3, 2))]
    s.active, s.phase = 1, "start"
    s._settle()
    s.apply(A.Pass())
    assert A.PlayDoor(*spots[0]) in s.legal_actions()
    s.apply(A.PlayDoor(*spots[0]))
    assert s.doors_held[1] == 0 and s.door_spots() == [spots[1]]
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))
    s.apply(A.Step("E"))
    assert A.Step("E") in s.legal_actions()  # through the Door-marker


def test_exit_sign_sequence_places_elevator_pair():
    s = at_move(dealt(), 1, "red 1", 3)
    s.exit_signs = 2
    s.apply(A.Step("E"))
    s.apply(A.Explore(("U", 0, -1)))
    s.apply(A.DrawTile("T05"))  # the 3rd Exit-sign tile
    s.apply(A.PlaceTile("T05", ("U", 0, -1), 0))
    assert s.need == Chance(Draw.ELEVATOR)
    assert [a.tile for a, _ in s.chance_outcomes()] == ["E1a", "E1b", "E2a", "E2b"]
    s.apply(A.DrawTile("E2b"))
    options = s.legal_actions()
    assert options and all(a.position[0] == "U" for a in options)
    s.apply(options[0])
    assert s.pairs_placed == 1 and ("G1", 0, 0) in s.tiles and s.tiles[("G1", 0, 0)][0] == "E2a"
    kinds = sorted(k for _, k in s.links.values())
    assert kinds == ["elevator", "elevator", "stairs", "stairs"]
    # Staffers of Elevator tiles wait for a Resident on Elevator or Stairs spaces
    assert set(s.dormant) == {options[0].position, ("G1", 0, 0)}


def test_elevator_shaft_carries_and_blocks():
    s = sealed(dealt(players=3))
    s._put_tile(("U", 1, 0), "E1a", 0)
    s._put_tile(("G1", 0, 0), "E1b", 0)
    up, down = ("U", 4, 1), ("G1", 1, 1)
    s.links = {up: (down, "elevator"), down: (up, "elevator")}
    s.tokens["red"] = [up, up]
    s.tokens["blue"] = [up, ("U", 2, 0)]
    at_move(s, 1, "red 1", 2)
    assert A.Step("down") in s.legal_actions()
    s.apply(A.Step("down"))
    assert s.tokens["red"] == [down, down] and s.tokens["blue"][0] == down
    # now the upper Elevator space may not be entered
    at_move(s, 2, "blue 2", 3)
    s.apply(A.Step("S"))
    s.apply(A.Step("E"))
    assert s.tokens["blue"][1] == ("U", 3, 1)
    assert A.Step("E") not in s.legal_actions()


def test_round_limit_ends_undecided():
    game = BedpansGame(players=2, round_limit=1)
    final = simlab.run(game, seed=0)
    assert final.is_terminal and final.current_player == TERMINAL and final.round == 1
    assert "round limit" in final.outcome.reason or final.outcome.winners


def test_components_conserved_along_random_games():
    for players in (2, 5):
        game = BedpansGame(players=players)
        for seed in range(3):
            rng = np.random.default_rng(seed)
            s = game.new_initial_state()
            while not s.is_terminal:
                _check_conservation(s)
                if s.is_chance:
                    s.apply(sample_chance(s.chance_outcomes(), rng), check=False)
                else:
                    legal = s.legal_actions()
                    s.apply(legal[int(rng.integers(len(legal)))], check=False)


def _check_conservation(s):
    check_stuff_conserved(s)
    # 21 Room-tiles: placed, in the stack (the unused start tile too), or set aside
    placed = len(s.tiles) + len(s.stack) + len(s.elevators_left) + len(s.exits_left)
    assert placed == 21
    assert len(s.staffers) == 6
    for colour, pos in s.tokens.items():
        assert len(pos) == 2
        if None in pos:
            assert s.known[colour]


def test_rulebook_dice_examples():
    # "Lee ... rolls 2, 1, 3. The sum of the lowest 2 results is 3."
    assert read_roll("elder1", (2, 1, 3)) == 3
    # "Emma ... 1st roll of 1, 1, 2 => 2 (1+1)"
    assert read_roll("elder1", (1, 1, 2)) == 2
    # "he rolls 3, 2, 2 for his Elder: a result of 3 (2+2)": the rule gives 4 (ruling B16)
    assert read_roll("elder1", (3, 2, 2)) == 4
    # the Doctor: red die plus the lower white one; the first Nurse: the highest 2
    assert read_roll("doctor", (1, 3, 3)) == 4 and read_roll("nurse1", (1, 3, 3)) == 6


def test_staffers_never_trigger_exploration():
    s = dealt(players=2)
    s.staffers[1] = ("U", 1, 2)
    at_move(s, 0, "Nurse 1", 3)
    s.apply(A.Step("N"))  # the centre sees all 4 open edges
    assert s.explore is None and s.need == Decide(0, Decision.MOVE)


def test_exits_at_most_two_per_ground_group():
    s = dealt(players=2)
    s._put_tile(("G1", 0, 0), "E1b", 0)
    s._put_tile(("G2", 0, 0), "E2b", 0)
    s.exits_on = {"G1": 2}
    options = s._special_options("X3", ("G1", 0, 0), "exit")
    assert options and {pos[0] for pos, _ in options} == {"G2"}
    # an Exit space never faces another tile
    for pos, rot in options:
        g = s.game.geo["X3"][rot]
        side = g.exit_side()
        assert (pos[0], pos[1] + DX[side], pos[2] + DY[side]) not in s.tiles
    s.exits_on = {"G1": 2, "G2": 2}
    assert s._special_options("X3", ("G1", 0, 0), "exit") == []


def test_no_upper_floor_tiles_after_second_elevator_pair_nor_after_third_exit():
    s = dealt(players=2)
    assert s._targets(("U", 1, 1))
    s.pairs_placed = 2
    assert s._targets(("U", 1, 1)) == []
    s.pairs_placed = 0
    s.exits_on = {"G1": 2, "G2": 1}
    assert s._targets(("U", 1, 1)) == []


def test_station_with_no_free_staffer_lets_the_staff_displace_one():
    s = dealt()
    s.staffers = [None, ("U", 0, 1), ("U", 2, 1), ("U", 1, 2), ("U", 0, 2), ("U", 2, 2)]
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))
    s.apply(A.Explore(("U", 0, -1)))
    s.apply(A.DrawTile("T10"))  # a Nurse station
    s.apply(s.legal_actions()[0])
    assert s.need == Decide(0, Decision.STATION)
    station = s.legal_actions()[-1].space
    assert s.features[station] == "N"
    assert s.legal_actions() == [A.SendStaffer(f"Nurse {i}", station) for i in range(1, 6)] + [
        A.LeaveStation(station)]
    s.apply(A.SendStaffer("Nurse 3", station))
    assert s.staffers[3] == station


def test_elevator_staffers_wait_for_a_resident_on_stairs_or_elevator():
    s = sealed(dealt(players=3))
    s._put_tile(("U", 1, 0), "E1a", 0)
    s._put_tile(("G1", 0, 0), "E1b", 0)
    s.dormant = {("U", 1, 0): "1", ("G1", 0, 0): "1"}
    s.tokens["red"] = [("U", 3, 1), ("U", 3, 1)]
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))  # onto the Elevator space (4, 1)
    assert s.dormant == {} and s.staffers[1] == ("G1", 0, 2)  # E1b's Nurse station


def test_stairs_carry_only_the_mover():
    s = sealed(dealt(players=3))
    s._put_tile(("U", 1, 0), "E1a", 0)
    s._put_tile(("G1", 0, 0), "E1b", 0)
    up, down = ("U", 3, 0), ("G1", 0, 0)  # the corner Stairs
    s.links = {up: (down, "stairs"), down: (up, "stairs")}
    s.tokens["red"] = [up, up]
    at_move(s, 1, "red 1", 1)
    s.apply(A.Step("down"))
    assert s.tokens["red"] == [down, up] and s.points == 0


def test_stuff_comes_from_the_most_distant_tile_when_the_pile_is_empty():
    s = dealt(players=2)
    s._put_tile(("U", 1, 0), "T05", 0)
    s._put_tile(("U", 2, 0), "T05", 0)
    s.stuff_at = {("U", 1, 1): 1, ("U", 4, 1): 1}
    s.unseen = {k: 0 for k in s.unseen}
    s.unseen["Walker"] = 2
    s.pile = 0
    assert s._put_stuff(("U", 7, 1))
    assert s.stuff_at == {("U", 4, 1): 1, ("U", 7, 1): 1}  # the start tile's was farthest


def test_decoy_explores_too():
    s = dealt(players=2)
    s.elder["red"] = 0
    at_move(s, 1, "red 2", 3)
    s.apply(A.Step("E"))
    assert s.need == Decide(0, Decision.EXPLORE)
