"""Bedpans & Broomsticks policies: the heuristic Elder and Staff."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.errors import ConfigError
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.policies import HeuristicPolicy, distance_field, make
from simlab.games.bedpans.rules import BedpansGame

from .test_rules import at_move, dealt, sealed


def test_make_and_names():
    assert BedpansGame().policy_names() == ["random", "heuristic"]
    assert isinstance(make("heuristic", 0), HeuristicPolicy)
    with pytest.raises(ConfigError):
        make("genius", 1)


def test_distance_field_uses_shafts():
    s = sealed(dealt(players=3))
    s._put_tile(("U", 1, 0), "E1a", 0)
    s._put_tile(("G1", 0, 0), "E1b", 0)
    s.links = {("U", 4, 1): (("G1", 1, 1), "elevator"), ("G1", 1, 1): (("U", 4, 1), "elevator")}
    field = distance_field(s, [("G1", 1, 2)])
    assert field[("U", 4, 1)] == 2 and field[("U", 0, 1)] == 6


def test_elder_heads_for_a_known_exit_and_takes_free_stuff():
    s = sealed(dealt(players=3))
    s._put_tile(("U", 0, -1), "X1", 0)  # Exit at (1,-3)
    s.elder["red"] = 0
    s.tokens["red"] = [("U", 1, 0), ("U", 0, 0)]
    at_move(s, 1, "red 1", 3)
    policy = HeuristicPolicy(1)
    rng = np.random.default_rng(0)
    assert policy.act(s.view(1), s.legal_actions(), rng) == A.Step("N")
    s.apply(A.Step("S"))  # onto the set-up Stuff
    assert policy.act(s.view(1), s.legal_actions(), rng) == A.TakeStuff()


def test_elder_keeps_away_from_the_doctor():
    s = sealed(dealt(players=3))
    s.staffers[0] = ("U", 1, 1)
    s.elder["red"] = 0
    s.tokens["red"] = [("U", 1, 0), ("U", 0, 0)]
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
    assert s.need[2] == "choose"
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
              for s in range(4)]
    assert sum(w not in ((0,), ()) for w in elders) >= 3


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
