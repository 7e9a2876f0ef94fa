"""The Bedpans & Broomsticks studies' numbers, recomputed from replayed games and the rows."""

from __future__ import annotations

import pytest

import simlab
from simlab.core import dice
from simlab.core.play import run
from simlab.core.study import game_setting
from simlab.games.bedpans import movement
from simlab.games.bedpans.outcome_studies import exact_escape_one_turn
from simlab.games.bedpans.rules import BedpansGame
from simlab.games.bedpans.stuff_studies import LABELS, verdicts, worth
from tests.games._numbers import (
    assert_summary_rows,
    expected_rows,
    game_rng,
    t_interval,
    wilson,
)


def test_outcomes_rows_follow_the_replayed_games_and_the_summary_the_rows():
    params = {"players": ("2", "3"), "pairings": ("staff:heuristic/elders:heuristic",
                                                    "staff:random/elders:random")}
    result = simlab.run_study("bedpans-outcomes", games=4, seed=3, round_limit=20, **params)
    games = result.games
    for index in range(4):
        players, pairing = game_setting(index, params["players"], params["pairings"])
        staff, elders = (side.split(":")[1] for side in pairing.split("/"))
        rng = game_rng(3, index)
        final = run(BedpansGame(players=players, round_limit=20),
                    [staff] + [elders] * (players - 1), seed=int(rng.integers(2**63)))
        row = games[games.game == index].iloc[0]
        winners = final.outcome.winners
        assert (row.players, row.pairing) == (players, pairing)
        assert row.staff_win == (winners == (0,))
        assert row.elder_win == (bool(winners) and 0 not in winners)
        assert row.rounds == final.round
    want = expected_rows(games, ["players", "pairing"],
                         proportions=["staff_win", "elder_win", "undecided"],
                         means=["rounds", "neutralizations", "exit_1_round", "exit_2_round",
                                "exit_3_round"])
    assert_summary_rows(result.summary, want, ["players", "pairing"])


def test_escape_summary_follows_from_the_rows_with_the_exact_value():
    result = simlab.run_study("bedpans-escape", games=60, seed=4, distance=("3", "5"),
                              doctor=0, turns=1)
    games = result.games
    want = expected_rows(games, ["distance"], proportions=["escaped", "neutralized"],
                         means=["rounds"])
    assert_summary_rows(result.summary, want, ["distance"])
    escaped = result.summary[result.summary.quantity == "escaped"]
    assert [round(e, 12) for e in escaped.exact] == [
        round(exact_escape_one_turn(d), 12) for d in escaped.distance]


def test_variants_verdicts_are_paired_t_intervals_of_the_rows():
    result = simlab.run_study("bedpans-variants", games=6, seed=2, players=("2",),
                              variants=("staff_experience", "no_recovery"), round_limit=8)
    games = result.games
    by = ["players", "variant", "arm"]
    want = expected_rows(games, by, proportions=["elder_win", "staff_win", "undecided"],
                         means=["rounds"])
    assert_summary_rows(result.summary, want, by)
    table = verdicts(games)
    for row in table.itertuples():
        part = games[games.variant == row.variant]
        base = part[part.arm == "base"].set_index("pair").elder_win.astype(float)
        variant = part[part.arm == "variant"].set_index("pair").elder_win.astype(float)
        mean, low, high = t_interval((variant - base).tolist())
        assert (row.change, row.low, row.high) == pytest.approx((mean, low, high), nan_ok=True)
        assert row.rulebook == LABELS[row.variant] and row.n == len(base)
        simulated = "favors Elders" if low > 0 else "favors Staff" if high < 0 else "neutral"
        assert row.simulated == simulated


def test_stuff_worth_is_the_paired_t_interval_of_the_rows():
    result = simlab.run_study("bedpans-stuff", games=6, seed=3, kinds=("Hurry Up", "Walker"),
                              players=2, round_limit=8)
    games = result.games
    want = expected_rows(games, ["stuff", "arm"], proportions=["holder_win", "gone"],
                         means=["rounds"])
    assert_summary_rows(result.summary, want, ["stuff", "arm"])
    table = worth(games)
    for kind in ("Hurry Up", "Walker"):
        part = games[games.stuff == kind]
        with_ = part[part.arm == "with"].set_index("pair").holder_win.astype(float)
        without = part[part.arm == "without"].set_index("pair").holder_win.astype(float)
        mean, low, high = t_interval((with_ - without).tolist())
        row = table.loc[kind]
        assert (row.worth, row.worth_low, row.worth_high) == pytest.approx(
            (mean, low, high), nan_ok=True)
        assert row.pairs == len(with_)


def test_movement_shares_and_means_follow_from_the_counts():
    result = simlab.run_study("bedpans-movement", games=3000, seed=1, mover="doctor")
    games, summary = result.games, result.summary
    for (mover, stuff), counts in games.groupby(["mover", "stuff"]):
        total = int(counts["count"].sum())
        assert total == 3000
        rows = summary[(summary.mover == mover) & (summary.stuff == stuff)]
        exact = dice.distribution(movement.expression(mover, stuff, "result-2"))
        for value, count in zip(counts.result, counts["count"], strict=True):
            row = rows[rows.quantity == f"P(result = {value})"].iloc[0]
            low, high = wilson(int(count), total)
            assert (row.estimate, row.low, row.high, row.n) == pytest.approx(
                (count / total, low, high, total))
            assert row.exact == pytest.approx(float(exact.get(int(value), 0)))
        values = [v for v, c in zip(counts.result, counts["count"], strict=True)
                  for _ in range(int(c))]
        mean = rows[rows.quantity == "mean result"].iloc[0]
        assert (mean.estimate, mean.low, mean.high) == pytest.approx(t_interval(values))
