"""Studies: registration, table shape, intervals, reproducibility, plots."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.games.bad_doctor.studies import EFFECT, complications_game


def test_registered():
    names = simlab.study_names()
    assert "bad-doctor-complications" in names and "bad-doctor-seats" in names


@pytest.fixture(scope="module")
def complications():
    return simlab.run_study("bad-doctor-complications", games=24, seed=5,
                            players=("2", "3"), mixes=("random", "greedy+bad"))


def test_complications_table(complications):
    games = complications.games
    assert games.game_row.sum() == 24
    assert set(games.players) == {2, 3} and set(games.mix) == {"random", "greedy+bad"}
    assert set(games.variation) == {"all tiles", "two fewer wilds"}
    assert set(games.status) <= {"cured", "died", "in hospital"}
    first = games[games.game_row]
    assert (first.winner_score >= 8).all()
    assert (first.deaths + first.cures <= games.groupby("game").size().values).all()
    done = games[games.status == "cured"]
    assert (done.turns_to_cure == done.duration).all()


def test_complications_summary_has_intervals(complications):
    summary = complications.summary
    quantities = set(summary.quantity)
    assert {"cubes_per_shift", "deaths", "cured", "died", "turns_to_death", "shifts",
            "winner_score"} <= quantities
    effect = summary[summary.kind == "difference"]
    assert set(effect.variation) == {EFFECT}
    assert set(effect.quantity) == {"cubes_per_shift", "deaths", "cures", "shifts",
                                    "winner_score"}
    means = summary[summary.kind == "mean"].set_index(["players", "mix", "variation",
                                                      "quantity"]).estimate
    row = effect[(effect.players == 2) & (effect.mix == "random")
                 & (effect.quantity == "deaths")].iloc[0]
    assert row.estimate == pytest.approx(means[(2, "random", "two fewer wilds", "deaths")]
                                         - means[(2, "random", "all tiles", "deaths")])
    ok = summary.dropna(subset=["estimate"])
    assert ((ok.low <= ok.estimate + 1e-12) & (ok.estimate <= ok.high + 1e-12)).all()
    shares = summary[summary.quantity.isin(["cured", "died"]) & (summary.kind == "proportion")]
    sums = shares.groupby(["players", "mix", "variation"]).estimate.sum()
    assert np.allclose(sums, 1.0)


def test_same_seed_same_rows():
    params = {"players": ("2",), "mixes": ("random",), "variation": "off"}
    a = complications_game(params, np.random.default_rng(3), 0)
    b = complications_game(params, np.random.default_rng(3), 0)
    assert a == b


def test_seats_study():
    result = simlab.run_study("bad-doctor-seats", games=40, seed=2, players=("2", "4"))
    summary = result.summary
    wins = summary[summary.quantity == "win"]
    assert sorted(wins.groupby("players").size().tolist()) == [2, 4]
    assert (wins.n == 20).all()
    # every game has at least one winner
    assert (result.games.groupby("game").win.sum() >= 1).all()
    again = simlab.run_study("bad-doctor-seats", games=40, seed=2, players=("2", "4"))
    assert again.games.equals(result.games)


def test_seats_study_same_in_a_process_pool():
    one = simlab.run_study("bad-doctor-seats", games=200, seed=9, players=("3",))
    two = simlab.run_study("bad-doctor-seats", games=200, seed=9, players=("3",), jobs=2)
    assert one.games.equals(two.games)
