"""Policies: registered names, decisions in described positions, strength."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.games.bad_doctor.actions import DrawTile, PlaceTile, RemoveCube
from simlab.games.bad_doctor.policies import POLICIES
from tests.games.bad_doctor import add_cubes, place, position


def _choose(name, state, seed=0):
    policy = state.game.make_policy(name, state.current_player)
    return policy.act(state.view(state.current_player), state.legal_actions(),
                      np.random.default_rng(seed))


def test_names():
    game = simlab.load_game("bad_doctor", players=2)
    assert game.policy_names() == ["random", "greedy", "bad", "cautious", "mcts", "mcts-100"]
    for name in game.policy_names():
        assert game.make_policy(name, 0).name == name
    with pytest.raises(simlab.ConfigError):
        game.make_policy("surgeon", 0)


@pytest.mark.parametrize("name", list(POLICIES))
def test_every_policy_cures_when_it_can(name):
    state = position(hands=[["T05", "T29"]])
    place(state, "T01", "S1", 1, owner=0)
    assert _choose(name, state) == PlaceTile("T05", "S1", 2, "green", 0)


def test_greedy_visits_the_patient_closest_to_death():
    state = position(hands=[["T09", "T13"]])
    add_cubes(state, "S4", 3)     # blue/red, no free space
    action = _choose("greedy", state)
    assert isinstance(action, PlaceTile) and action.patient == "S4"


def test_cautious_visits_a_patient_with_one_free_space_before_curing():
    state = position(hands=[["T13", "T05"]])
    place(state, "T01", "S1", 1, owner=0)          # T05 would cure S1
    add_cubes(state, "S3", 2)     # one free space left
    assert _choose("cautious", state) == PlaceTile("T13", "S3", 2, "blue", 0)
    assert _choose("greedy", state) == PlaceTile("T05", "S1", 2, "green", 0)


def test_bad_doctor_cures_where_its_own_markers_are():
    state = position(hands=[["T05", "T13"]])
    place(state, "T01", "S1", 1, owner=1)           # rival's marker on S1 (green open)
    place(state, "T02", "S4", 2, owner=0)           # own marker on S4 (blue open)
    assert _choose("bad", state) == PlaceTile("T13", "S4", 1, "blue", 0)


def test_remove_cube_from_the_patient_closest_to_death():
    state = position(hands=[["T03"]])
    state.patient("S2").complication_cubes = 1
    state.patient("S3").complication_cubes = 3
    state.complication_cubes -= 4
    state.apply(PlaceTile("T03", "S1", 1, "red", 0))
    assert _choose("greedy", state) == RemoveCube("S3")


def test_greedy_draws_with_nothing_useful():
    state = position(hands=[[]])
    assert _choose("greedy", state) == DrawTile()


def test_policies_only_see_the_view_and_are_seeded():
    game = simlab.load_game("bad_doctor", players=3)
    a = simlab.play(game, ["greedy", "bad", "cautious"], seed=4)
    b = simlab.play(game, ["greedy", "bad", "cautious"], seed=4)
    assert a.to_json() == b.to_json()


def test_cautious_beats_random():
    game = simlab.load_game("bad_doctor", players=2)
    wins = sum(0 in simlab.run(game, ["cautious", "random"], seed=s).outcome.winners
               for s in range(40))
    assert wins >= 28


def test_bad_doctor_adds_cubes_where_its_markers_wait_for_a_rival_shift():
    from simlab.games.bad_doctor.actions import AddCube

    state = position(hands=[["T11"]])
    place(state, "T17", "S1", 1, owner=0)           # two own markers on S1
    place(state, "T05", "S1", 3, owner=0)
    place(state, "T13", "S4", 1, owner=1)           # rival marker on S4
    state.apply(PlaceTile("T11", "S3", 1, "yellow", 0))  # yellow, Add Cube
    assert _choose("bad", state) == AddCube("S1")
    assert _choose("greedy", state) != AddCube("S1")   # greedy keeps cubes off its work


def test_bad_doctor_lets_a_patient_without_rival_markers_die():
    state = position(hands=[["T13", "T06"]])
    add_cubes(state, "S4", 3)       # dies at the end of this shift
    assert _choose("bad", state) != PlaceTile("T13", "S4", 1, "blue", 0)
    assert _choose("greedy", state) == PlaceTile("T13", "S4", 1, "blue", 0)
    place(state, "T01", "S4", 2, owner=1)            # now a rival would bank a marker
    assert _choose("bad", state) == PlaceTile("T13", "S4", 1, "blue", 0)
