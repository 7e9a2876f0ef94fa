"""Ladder machinery: the round robin's seating, pairwise results, Wilson rates, Bradley–Terry."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.core.ladder import bradley_terry, pairwise, schedule, win_rates
from simlab.core.stats import wilson_interval


def test_every_policy_of_a_pairing_sits_alone_at_every_seat_equally_often():
    games = schedule(["a", "b", "c"], seats=3, games_per_pairing=12)
    assert len(games) == 3 * 12
    for pair in (("a", "b"), ("a", "c"), ("b", "c")):
        mine = [g for g in games if set(g) == set(pair)]
        assert len(mine) == 12
        alone = Counter((g.index(p), p) for g in mine for p in pair if g.count(p) == 1)
        assert set(alone.values()) == {2} and len(alone) == 6


def test_pairwise_results_compare_wins_per_seat():
    lineup = ("a", "b", "b")
    assert pairwise(lineup, (0,), ("a", "b")) == 1.0
    assert pairwise(lineup, (2,), ("a", "b")) == 0.0
    assert pairwise(lineup, (0, 1), ("a", "b")) == 1.0  # a: 1/2 per seat, b: 1/4 per seat
    assert pairwise(lineup, (1, 2), ("b", "a")) == 1.0
    assert pairwise(lineup, (), ("a", "b")) == 0.5


def test_win_rates_split_ties_and_carry_wilson_intervals():
    lineup = [("a", "b"), ("b", "a")] * 5
    # seat 0 wins the first six: a three times, b three times; two ties; then b twice
    winners = [(0,)] * 6 + [()] * 2 + [(1,), (0,)]
    table = win_rates(pd.DataFrame({"lineup": lineup, "winners": winners}))
    row = table.iloc[0]
    assert (row.a, row.b, row.wins, row.ties, row.games) == ("a", "b", 3, 2, 10)
    assert row.rate == pytest.approx(0.4)
    low, high = wilson_interval(4, 10)
    assert (row.low, row.high) == pytest.approx((low, high))


def test_bradley_terry_recovers_known_strengths():
    truth = {"weak": -1.0, "mid": 0.0, "strong": 1.0}
    rng = np.random.default_rng(3)
    rows = []
    for lineup in schedule(list(truth), seats=2, games_per_pairing=600):
        first, second = (truth[p] for p in lineup)
        seat0_wins = rng.random() < 1 / (1 + np.exp(second - first))
        rows.append({"lineup": lineup, "winners": (0,) if seat0_wins else (1,)})
    table = bradley_terry(pd.DataFrame(rows), resamples=100, seed=1).set_index("policy")
    for name, rating in truth.items():
        assert table.low[name] <= rating <= table.high[name], table
    assert table.rating["strong"] > table.rating["mid"] > table.rating["weak"]
    again = bradley_terry(pd.DataFrame(rows), resamples=100, seed=1).set_index("policy")
    assert again.equals(table)  # the bootstrap is seeded


def test_bad_ladders_are_refused():
    with pytest.raises(simlab.ConfigError, match="at least 2 different policies"):
        schedule(["a", "a"], seats=2, games_per_pairing=2)
    with pytest.raises(simlab.ConfigError, match="at least 2 seats"):
        schedule(["a", "b"], seats=1, games_per_pairing=2)
    with pytest.raises(simlab.ConfigError, match="games_per_pairing"):
        schedule(["a", "b"], seats=2, games_per_pairing=0)
