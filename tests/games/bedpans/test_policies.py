"""Bedpans & Broomsticks policies: the heuristic Elder and Staff."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.errors import ConfigError
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.parts import BlockedDoor, Chance, Decide, Decision, Draw
from simlab.games.bedpans.policies import HeuristicPolicy, make
from simlab.games.bedpans.rules import BedpansGame

from .test_rules import at_move, dealt, red_at, sealed


def test_make_and_names():
    assert BedpansGame().policy_names() == ["random", "heuristic", "mcts", "mcts-100"]
    assert isinstance(make("heuristic", 0), HeuristicPolicy)
    assert make("genius", 1) is None  # not the game's: the roster asks the search players next
    with pytest.raises(ConfigError, match="bedpans has no policy 'genius'; policies: random, "
                                          "heuristic, mcts, mcts-100"):
        BedpansGame().make_policy("genius", 1)


def test_elder_heads_for_a_known_exit_and_takes_free_stuff():
    s = sealed(dealt(players=3))
    s._put_tile(("U", 0, -1), "X1", 0)  # Exit at (1,-3)
    red_at(s, ("U", 1, 0), ("U", 0, 0))
    at_move(s, 1, "red 1", 3)
    policy = HeuristicPolicy(1)
    rng = np.random.default_rng(0)
    assert policy.act(s.view(1), s.legal_actions(), rng) == A.Step("N")
    s.apply(A.Step("S"))  # onto the set-up Stuff
    assert policy.act(s.view(1), s.legal_actions(), rng) == A.TakeStuff()


def test_elder_keeps_away_from_the_doctor():
    s = sealed(dealt(players=3))
    s.staffers[0] = ("U", 1, 1)
    red_at(s, ("U", 1, 0), ("U", 0, 0))
    at_move(s, 1, "red 1", 1)
    action = HeuristicPolicy(1).act(s.view(1), s.legal_actions(), np.random.default_rng(0))
    assert action != A.Step("S")


def test_staff_chases_with_the_nearest_staffer():
    s = sealed(dealt(players=3))
    s.staffers = [("U", 2, 2), ("U", 1, 2), None, None, None, None]
    s.tokens["red"] = [("U", 0, 0), ("U", 0, 0)]
    s.tokens["blue"] = [("U", 2, 0), ("U", 2, 0)]
    s.active, s.phase = 0, "start"
    s._settle()
    policy = HeuristicPolicy(0)
    rng = np.random.default_rng(0)
    assert s.need.decision == "choose"
    choice = policy.act(s.view(0), s.legal_actions(), rng)
    assert choice == A.ChooseMover("Doctor")  # both 2 away from a Resident: the Doctor first
    s.apply(choice)
    s.apply(A.Roll(2))
    assert policy.act(s.view(0), s.legal_actions(), rng) == A.Step("N")


def test_heuristics_beat_random_play():
    game = simlab.load_game("bedpans", players=3)
    staff = [simlab.play(game, ["heuristic", "random", "random"], seed=s).outcome.winners
             for s in range(6)]
    assert all(w == (0,) for w in staff)
    elders = [simlab.play(game, ["random", "heuristic", "heuristic"], seed=s).outcome.winners
              for s in range(12)]
    assert sum(w not in ((0,), ()) for w in elders) >= 6  # random Elders: 0 of these 12


def test_policies_only_see_views():
    """Hidden identity is masked in the view the policy gets, and it still decides."""
    s = dealt(players=3)
    s.elder["blue"] = 1
    view = s.view(0)
    assert view.elder == {"red": -1, "blue": -1}
    legal = s.legal_actions()
    assert HeuristicPolicy(1).act(s.view(1), legal, np.random.default_rng(0)) in legal


def test_heuristic_plays_stuff_sensibly():
    from .test_stuff import window

    s = sealed(dealt(players=2))
    s.staffers[1] = (U1 := ("U", 1, 1))
    s.tokens["red"] = [U1, ("U", 0, 0)]
    s.elder["red"] = 0
    window(s, 1, {1: ["Laughing Gas", "Hurry Up"]})
    rng = np.random.default_rng(0)
    pick = HeuristicPolicy(1).act(s.view(1), s.legal_actions(), rng)
    assert pick == A.PlayStuff("Laughing Gas", "Nurse 1")
    s.apply(pick)
    pick = HeuristicPolicy(1).act(s.view(1), s.legal_actions(), rng)
    assert pick == A.PlayStuff("Hurry Up", "red")
    # the Staff slows the active Elder down with Detector
    s2 = sealed(dealt(players=2))
    window(s2, 1, {0: ["Detector"]})
    assert HeuristicPolicy(0).act(s2.view(0), s2.legal_actions(), rng) == A.PlayStuff(
        "Detector", "red")


def test_heuristic_elder_throws_the_bedpan_at_the_closest_chaser():
    from .test_stuff import window

    s = sealed(dealt(players=2))
    s.tokens["red"] = [("U", 0, 0), ("U", 0, 0)]
    s.staffers[1], s.staffers[2] = ("U", 2, 1), ("U", 1, 0)
    window(s, 0, {1: ["Flying Bedpan"]})
    pick = HeuristicPolicy(1).act(s.view(1), s.legal_actions(), np.random.default_rng(0))
    assert pick == A.PlayStuff("Flying Bedpan", "Nurse 2")


def _decide(state, seat=None):
    seat = state.current_player if seat is None else seat
    return HeuristicPolicy(seat).act(state.view(seat), state.legal_actions(),
                                     np.random.default_rng(0))


def test_planner_elder_turns_tiles_open_the_staff_turns_them_closed():
    from .test_stuff import play, window

    s = dealt(players=2)
    s.sealed |= {("U", -1, -1), ("U", 0, -2)}  # north of the start tile: only east is free
    window(s, 1, {1: ["Plans!"]})
    play(s, "Plans!")
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))  # U 1,0 sees the open edge north
    while s.is_chance or s.need.decision == "explore":
        if s.need == Chance(Draw.TILE):
            s.apply(A.DrawTile("T04"))
        else:
            s.apply(s.legal_actions()[0] if s.current_player >= 0 else s.chance_outcomes()[0][0])
    assert s.need == Decide(1, Decision.PLACE)
    turns = {a.rot: a for a in s.legal_actions()}
    assert sorted(turns) == [0, 3]  # turned 3 leaves an open edge east, turned 0 none
    assert _decide(s) == turns[3]
    assert HeuristicPolicy(0).act(s.view(1), s.legal_actions(), None) == turns[0]


def test_planner_elder_explores_the_open_edge_nearest_its_elder():
    s = dealt(players=2)
    red_at(s, ("U", 1, 2), ("U", 0, 0))
    at_move(s, 1, "red 1", 3)
    s.planner, s.explore = 1, ("U", 1, 2)
    s._settle()
    assert s.need == Decide(1, Decision.EXPLORE)
    assert _decide(s) == A.Explore(("U", 0, 1))  # south of the start tile, not north


def test_new_shift_second_nurse_staff_sends_elder_leaves():
    from .test_stuff import play, window

    for seat, kind in ((0, A.SendStaffer), (1, A.LeaveStation)):
        s = sealed(dealt(players=2))
        window(s, 1, {seat: ["New Shift"]})
        play(s, "New Shift")
        s._put_tile(("U", 1, 0), "T01", 0)  # a Nurse station at U 5,2
        s.queue = s._staff_for(("U", 1, 0))
        s._settle()
        assert s.need == Decide(seat, Decision.EXTRA)  # the New Shift player decides
        assert isinstance(_decide(s), kind)


def _jammed(layout_keep, tile, rot, red_at, door):
    s = dealt(players=2)
    s._put_tile(("U", 1, 0), tile, rot)
    s.sealed |= {("U", 2, 0), ("U", 1, -1), ("U", 1, 1), ("U", 0, -1), ("U", 0, 1),
                 ("U", -1, 0)} - {layout_keep}
    s.elder["red"] = 0
    s.tokens["red"] = [red_at, ("U", 0, 0)]
    s.blocked[door] = BlockedDoor("Jammed Door")
    at_move(s, 1, "red 1", 3)
    return s


def test_mover_tries_a_blocked_door_only_when_going_round_is_much_longer():
    # T06 turned 3: the door U 2,1 - U 3,1 is the only way to the frontier (U 4,0)
    s = _jammed(("U", 1, -1), "T06", 3, ("U", 2, 1), (("U", 2, 1), ("U", 3, 1)))
    assert _decide(s) == A.TryDoor("E")
    # T02: round the door U 3,0 - U 4,0 by U 3,1 costs 1 more move than through it
    s = _jammed(("U", 2, 0), "T02", 0, ("U", 3, 0), (("U", 3, 0), ("U", 4, 0)))
    assert A.TryDoor("E") in s.legal_actions()
    assert _decide(s) == A.Step("S")


@pytest.mark.parametrize("variants", [
    ("door_markers", "elder_abilities"),
    ("door_markers", "elder_abilities", "do_no_harm", "stuff_is_stuff", "roll_and_assign",
     "limited_occupancy", "tile_placement"),
])
def test_heuristic_games_with_the_stuff_variants_finish(variants):
    for players in (3, 4):
        game = simlab.load_game("bedpans", players=players, variants=variants)
        for seed in range(4):
            record = simlab.play(game, ["heuristic"] * players, seed=seed)
            assert record.outcome is not None


def test_roll_and_assign_elder_gives_a_low_roll_to_its_decoy():
    for roll, mover in ((2, "red 2"), (3, "red 2"), (4, "red 1"), (6, "red 1")):
        s = sealed(dealt(players=2, variants=("roll_and_assign",)))
        s.elder["red"] = 0
        s.apply(A.Pass())  # the Decoy stays
        s.apply(A.Roll(roll))
        assert _decide(s) == A.ChooseMover(mover)


def test_roll_and_assign_staff_gives_its_dice_to_the_staffer_they_help_most():
    # the Doctor 3 moves from red, Nurse 1 4 moves: without the dice the Doctor would go
    for dice, mover in (((1, 3, 3), "Nurse 1"),  # Doctor 1 + 3 = 4, Nurse 3 + 3 = 6
                        ((3, 1, 1), "Doctor")):  # Doctor 3 + 1 = 4, Nurse 3 + 1 = 4
        s = sealed(dealt(players=2, variants=("roll_and_assign",), assign_for="everyone"))
        s.tokens["red"] = [("U", 0, 0), ("U", 0, 0)]
        s.staffers[0], s.staffers[1] = ("U", 2, 1), ("U", 2, 2)
        s.active, s.phase, s.hands = 0, "start", [[], []]
        s._settle()
        s.apply(A.RollDice(dice))
        assert _decide(s) == A.ChooseMover(mover)
