"""Broom Service studies: registered, exact values, reproducible, plots."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.study import get_study, study_names
from simlab.games.broom_service.studies import exact_steal_probability, follower_brave_chance


def test_registered_by_name():
    assert {"broom-service-steals", "broom-service-scores"} <= set(study_names())
    assert get_study("broom-service-steals").name == "broom-service-steals"


@pytest.mark.parametrize(
    ("players", "place", "q", "value"),
    [(2, 1, 1.0, 0.4), (3, 1, 1.0, 0.64), (3, 2, 1.0, 0.4), (5, 5, 1.0, 0.0),
     (3, 1, 0.5, 1 - 0.8**2)],
)
def test_exact_steal_probability(players, place, q, value):
    assert exact_steal_probability(players, place, q) == pytest.approx(value)


def test_follower_brave_chance():
    assert follower_brave_chance("brave-0.7") == 0.7
    assert follower_brave_chance("cowardly") == 0.0


def test_steals_estimates_agree_with_exact():
    result = simlab.run_study("broom-service-steals", games=120, seed=5, players=("3",),
                              policies=("brave",))
    table = result.summary
    first = table[(table.scope == "first turn") & (table.quantity == "stolen")]
    assert sorted(first.place) == [1, 2, 3]
    assert first.exact.notna().all()
    for row in first.itertuples():
        assert row.low - 0.03 <= row.exact <= row.high + 0.03, row
    assert first[first.place == 3].estimate.iloc[0] == 0.0  # the last follower keeps it
    vp = table[table.quantity == "vp"]
    assert len(vp) == 1 and vp.n.iloc[0] == 360


def test_steals_by_role_and_brave_versus_cowardly_vp():
    result = simlab.run_study("broom-service-steals", games=20, seed=2, players=("2",),
                              policies=("brave", "cowardly"), by_role=True)
    table = result.summary
    assert "role" in table.columns
    vp = table[table.quantity == "vp"].set_index("policy").estimate
    assert set(vp.index) == {"brave", "cowardly"}
    claims = result.games[result.games.row == "claim"]
    assert set(claims.policy) == {"brave"}  # cowardly players never claim


def test_scores_reproducible_and_summarized():
    a = simlab.run_study("broom-service-scores", games=8, seed=3, players=3,
                         policies=("heuristic", "random"))
    b = simlab.run_study("broom-service-scores", games=8, seed=3, players=3,
                         policies=("heuristic", "random"))
    assert a.games.equals(b.games)
    assert len(a.games) == 24
    table = a.summary
    assert set(table.by) == {"policy", "seat"}
    wins = table[(table.by == "policy") & (table.quantity == "win")].set_index("level")
    assert wins.estimate["heuristic"] > wins.estimate["random"]


@pytest.mark.parametrize(("name", "accepted"), [
    ("brave", True), ("heuristic", True), ("mcts-brave", True),  # named
    ("mcts-30", True), ("mcts-0.5s", True),  # any budget of the search
    ("mcts-brave-40", True), ("mcts-cowardly-7", True),  # a role search with a budget
    ("mcts-bold-40", False), ("genius", False), ("brave-2", False), (None, False), (3, False),
])
def test_the_studies_accept_every_policy_name_and_no_other(name, accepted):
    from simlab.games.broom_service.studies import _POLICIES

    assert (name in _POLICIES) is accepted
