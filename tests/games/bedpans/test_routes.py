"""Bedpans & Broomsticks routes: distance fields, the frontier, each mover's goals and costs."""

from __future__ import annotations

from simlab.games.bedpans import actions as A
from simlab.games.bedpans import routes
from simlab.games.bedpans.routes import (
    DANGER,
    distance_field,
    escape_goals,
    frontier,
    goals,
    mover_cost,
    step_target,
)

from .test_rules import dealt, red_at, sealed

U = "U"
EXIT = (U, 1, -3)  # the Exit space of X1 put north of the start tile


def with_exit(players=2):
    """The start tile, sealed round, with the Exit tile X1 north of it."""
    s = sealed(dealt(players=players))
    s._put_tile((U, 0, -1), "X1", 0)
    return s


def test_distance_field_uses_shafts():
    s = sealed(dealt(players=3))
    s._put_tile(("U", 1, 0), "E1a", 0)
    s._put_tile(("G1", 0, 0), "E1b", 0)
    s.links = {("U", 4, 1): (("G1", 1, 1), "elevator"), ("G1", 1, 1): (("U", 4, 1), "elevator")}
    field = distance_field(s, [("G1", 1, 2)])
    assert field[("U", 4, 1)] == 2 and field[("U", 0, 1)] == 6


def test_frontier_is_every_open_edge_onto_an_empty_position_until_sealed():
    s = dealt(players=3)
    assert frontier(s) == [(U, 1, 0), (U, 0, 1), (U, 2, 1), (U, 1, 2)]
    assert escape_goals(s) == frontier(s)  # no Exit known: the Elders explore
    s = sealed(s)
    assert frontier(s) == []
    assert sorted(escape_goals(s)) == sorted(s.features)  # nothing to explore: any feature


def test_elders_head_for_a_known_exit():
    s = with_exit()
    assert escape_goals(s) == [EXIT]
    red_at(s, (U, 2, 2), (U, 0, 0))
    assert goals(s, "red 1") == ([EXIT], True)  # the Elder escapes, keeping clear


def test_staffers_chase_known_elders_and_guard_a_near_exit(monkeypatch):
    s = with_exit()
    red_at(s, (U, 2, 2), (U, 0, 0))  # 6 moves from the Exit
    assert goals(s, "Doctor") == ([(U, 2, 2), (U, 0, 0), EXIT], False)  # Elder unknown
    s.known["red"] = True
    assert goals(s, "Nurse 1") == ([(U, 2, 2), EXIT], False)
    monkeypatch.setattr(routes, "GUARD", 5)  # the Elder is now too far for a guard
    assert goals(s, "Nurse 1") == ([(U, 2, 2)], False)


def test_a_decoy_blocks_the_staffer_nearest_its_elder():
    s = sealed(dealt(players=3))
    red_at(s, (U, 2, 2), (U, 0, 0))
    s.staffers = [(U, 2, 0), (U, 0, 2), None, None, None, None]
    # both Staffers 2 moves from the Elder: the first in space order, (U, 0, 2); next to it
    assert goals(s, "red 2") == ([(U, 0, 1), (U, 1, 2)], False)


def test_mover_costs_add_danger_near_staffers():
    s = sealed(dealt(players=3))
    red_at(s, (U, 2, 2), (U, 0, 0))
    s.staffers = [(U, 2, 0), (U, 0, 2), None, None, None, None]
    elder = mover_cost(s, "red 1")  # every feature space is a goal (sealed)
    assert [elder(p) for p in [(U, 2, 2), (U, 2, 1), (U, 2, 0)]] == [0, 1 + DANGER, DANGER]
    decoy = mover_cost(s, "red 2")  # only on a Staffer's space
    assert [decoy(p) for p in [(U, 1, 2), (U, 1, 1), (U, 2, 0)]] == [0, 1, 3 + DANGER]
    staff = mover_cost(s, "Doctor")
    assert staff((U, 2, 1)) == 1


def test_step_targets_follow_links_for_up_and_down():
    s = dealt(players=2)
    assert step_target((U, 1, 1), A.Step("E"), s) == (U, 2, 1)
    s.links = {(U, 1, 1): (("G1", 1, 1), "stairs")}
    assert step_target((U, 1, 1), A.Step("down"), s) == ("G1", 1, 1)
