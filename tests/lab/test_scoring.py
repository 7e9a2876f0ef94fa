"""Imbalance scores against independent computations (scipy's Wilson and t intervals)."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from simlab.core.errors import ConfigError
from simlab.lab.scoring import block_imbalance, imbalance


def wilson(k, n, level):
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    return ci.low, ci.high


def test_seat_balance_holds_every_seat_at_once():
    wins = [30, 50, 20]  # of 100 games, 3 seats
    frame = pd.DataFrame({f"win_{s}": [1.0] * w + [0.0] * (100 - w) for s, w in enumerate(wins)})
    score = imbalance(frame, "seat-balance")
    bounds = [wilson(w, 100, 1 - 0.05 / 3) for w in wins]
    assert score.estimate == pytest.approx(0.30)
    assert score.high == pytest.approx(bounds[1][1] - bounds[2][0])
    assert score.low == pytest.approx(bounds[1][0] - bounds[2][1])


def test_side_balance_is_the_distance_of_the_first_side_from_one_half():
    frame = pd.DataFrame({"side_win": [1.0] * 11 + [0.0] * 89})
    score = imbalance(frame, "side-balance")
    low, high = wilson(11, 100, 0.95)
    assert score.estimate == pytest.approx(0.39)
    assert score.high == pytest.approx(0.5 - low) and score.low == pytest.approx(0.5 - high)


def test_length_uses_the_t_interval_of_mean_turns():
    turns = np.arange(10, 30, dtype=float)
    score = imbalance(pd.DataFrame({"turns": turns}), "length", target=25)
    low, high = stats.t.interval(0.95, len(turns) - 1, turns.mean(), stats.sem(turns))
    assert score.estimate == pytest.approx(abs(19.5 - 25) / 25)
    assert score.high == pytest.approx((25 - low) / 25)
    assert score.low == pytest.approx((25 - high) / 25)
    with pytest.raises(ConfigError, match="target"):
        imbalance(pd.DataFrame({"turns": turns}), "length")


def test_blocks_and_bad_objectives():
    frame = pd.DataFrame({"win_0": [1, 1, 0, 0, 1, 0], "win_1": [0, 0, 1, 1, 0, 1],
                          "turns": [3] * 6})
    assert block_imbalance(frame, "seat-balance", 2) == [1.0, 1.0, 0.0]
    with pytest.raises(ConfigError, match="unknown objective 'fun'"):
        imbalance(frame, "fun")
    with pytest.raises(ConfigError, match="no sides"):
        imbalance(frame, "side-balance")
