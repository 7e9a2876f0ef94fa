"""The bedpans-variants and bedpans-stuff studies (small, seeded)."""

from __future__ import annotations

import simlab
from simlab.games.bedpans.stuff_studies import LABELS, verdicts


def test_variants_study_matched_arms_and_verdicts():
    result = simlab.run_study("bedpans-variants", games=4, seed=2, players=("2",),
                              variants=("staff_experience", "no_recovery"), round_limit=10)
    games = result.games
    assert len(games) == 8 and (games.groupby("arm").size() == 4).all()
    table = verdicts(games)
    assert list(table.variant) == ["no_recovery", "staff_experience"]
    assert set(table.rulebook) == {LABELS["no_recovery"], LABELS["staff_experience"]}
    assert table.simulated.isin(["favors Elders", "favors Staff", "neutral"]).all()
    again = simlab.run_study("bedpans-variants", games=4, seed=2, players=("2",),
                             variants=("staff_experience", "no_recovery"), round_limit=10)
    assert games.equals(again.games)


def test_stuff_study_with_and_without_on_the_same_seed():
    result = simlab.run_study("bedpans-stuff", games=4, seed=3, kinds=("Hurry Up", "Walker"),
                              players=2, round_limit=10)
    games = result.games
    assert len(games) == 8 and set(games.arm) == {"with", "without"}
    assert not games[games.arm == "without"].gone.any()
    assert {"stuff", "worth"} <= set(result.summary.columns)


def test_stuff_study_deals_a_single_marker_kind_to_the_holder():
    result = simlab.run_study("bedpans-stuff", games=6, seed=5, kinds=("Head Nurse",),
                              holder="staff", players=4, round_limit=3)
    assert set(result.games.stuff) == {"Head Nurse"}
