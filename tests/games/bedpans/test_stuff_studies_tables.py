"""The tables of bedpans-variants and bedpans-stuff on hand-made games: each Variation's
verdict and finding, each Stuff kind's worth, and both summaries, against t intervals and
counts worked out here."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import t as student_t

from simlab.games.bedpans.stuff_studies import STUFF_STUDY, VARIANTS_STUDY, verdicts, worth


def _t(diffs: list[float]) -> tuple[float, float, float]:
    """Mean and 95% Student t interval, written out."""
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    half = student_t.ppf(0.975, n - 1) * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def _pairs(players: int, variant: str, base: list[int], with_it: list[int],
           first: int = 0) -> list[dict]:
    rows = []
    for k, (b, v) in enumerate(zip(base, with_it, strict=True)):
        rows += [{"players": players, "variant": variant, "pair": first + k, "arm": "base",
                  "elder_win": bool(b)},
                 {"players": players, "variant": variant, "pair": first + k,
                  "arm": "variant", "elder_win": bool(v)}]
    return rows


#: one Variation for each way a finding reads (diffs variant - base per pair)
GAMES = pd.DataFrame(
    _pairs(3, "staff_experience", [0, 0, 0], [1, 1, 1])          # +1 each: agrees
    + _pairs(2, "no_recovery", [1, 1, 1, 0], [0, 0, 1, 0])       # -0.5, holds 0: neutral
    + _pairs(2, "door_markers", [1, 1], [0, 0], first=10)        # -1 each: disagrees
    + _pairs(2, "elder_abilities", [0, 0, 0, 0, 0], [1, 1, 1, 1, 0], first=20)  # no label
    + _pairs(4, "co_op_victory", [1, 0, 1], [1, 0, 1])           # no winner changed
    # a pair played in the base arm only (an unfinished pair): left out
    + [{"players": 2, "variant": "no_recovery", "pair": 99, "arm": "base",
        "elder_win": True}])


def test_verdicts_weigh_each_variation_by_paired_differences_against_its_label():
    table = verdicts(GAMES)
    assert list(zip(table.players, table.variant, strict=True)) == [
        (2, "door_markers"), (2, "elder_abilities"), (2, "no_recovery"),
        (3, "staff_experience"), (4, "co_op_victory")]
    table = table.set_index("variant")
    expected = {  # variant: (label, diffs, simulated, agrees, base, with it)
        "door_markers": ("favors Elders", [-1, -1], "favors Staff", False, 1.0, 0.0),
        "elder_abilities": ("no label", [1, 1, 1, 1, 0], "favors Elders", None, 0.0, 0.8),
        "no_recovery": ("favors Staff", [-1, -1, 0, 0], "neutral", False, 0.75, 0.25),
        "staff_experience": ("favors Elders", [1, 1, 1], "favors Elders", True, 0.0, 1.0),
        "co_op_victory": ("neutral", [0, 0, 0], "neutral", True, 2 / 3, 2 / 3),
    }
    for variant, (label, diffs, simulated, agrees, base, with_it) in expected.items():
        row = table.loc[variant]
        mean, low, high = _t(diffs)
        assert (row.rulebook, row.simulated, row.agrees, row.n) == (
            label, simulated, agrees, len(diffs))
        assert (row.change, row.low, row.high) == pytest.approx((mean, low, high))
        assert (row.elder_win_base, row.elder_win_variant) == pytest.approx((base, with_it))
    assert table.loc["no_recovery"].low < 0 < table.loc["no_recovery"].high
    assert list(table.finding) == [
        "door_markers at 2 players: DISAGREES: the rulebook says favors Elders, the "
        "simulation favors Staff (-1.000 to -1.000)",
        "elder_abilities at 2 players: the rulebook gives no label; simulated favors Elders "
        f"({_t([1, 1, 1, 1, 0])[1]:+.3f} to {_t([1, 1, 1, 1, 0])[2]:+.3f})",
        "no_recovery at 2 players: the rulebook says favors Staff; no effect was found at "
        f"this number of games ({_t([-1, -1, 0, 0])[1]:+.3f} to {_t([-1, -1, 0, 0])[2]:+.3f})",
        "staff_experience at 3 players: agrees with the rulebook, favors Elders "
        "(+1.000 to +1.000)",
        "co_op_victory at 4 players: no game's winner changed, so the Variation never "
        "decided a game here (the rulebook says neutral)",
    ]
    assert verdicts(GAMES[GAMES.variant == "door_markers"]).players.tolist() == [2]


def test_a_variation_the_rulebook_does_not_name_has_an_empty_label():
    games = pd.DataFrame(_pairs(2, "house_rule", [0, 0], [1, 1]))
    row = verdicts(games).iloc[0]
    assert (row.rulebook, row.simulated, row.agrees) == ("", "favors Elders", False)
    assert row.finding == ("house_rule at 2 players: DISAGREES: the rulebook says , the "
                           "simulation favors Elders (+1.000 to +1.000)")


def test_variants_summary_puts_its_keys_first_and_counts_each_arm():
    games = GAMES.assign(staff_win=~GAMES.elder_win, undecided=False,
                         rounds=np.arange(len(GAMES)) % 7 + 1)
    table = VARIANTS_STUDY.summarize(games, {})
    assert list(table.columns[:5]) == ["players", "variant", "quantity", "kind", "arm"]
    assert {"estimate", "low", "high", "n"} <= set(table.columns[5:])
    for (players, variant, arm), group in games.groupby(["players", "variant", "arm"]):
        cells = table[(table.players == players) & (table.variant == variant)
                      & (table.arm == arm)].set_index("quantity")
        assert list(cells.index) == ["elder_win", "staff_win", "undecided", "rounds"]
        assert (cells.n == len(group)).all()
        assert cells.loc["elder_win"].estimate == group.elder_win.mean()
        assert cells.loc["staff_win"].estimate == pytest.approx(1 - group.elder_win.mean())
        assert cells.loc["undecided"].estimate == 0
        assert cells.loc["rounds"].estimate == pytest.approx(group.rounds.mean())
        assert (cells.loc["rounds"].kind, cells.loc["elder_win"].kind) == ("mean",
                                                                          "proportion")


#: Stuff games: kind, [(holder won with it, without it)], the last pair unfinished
STUFF = {"Walker": [(1, 0), (1, 1), (1, 0), (0, 0)], "Puddle": [(0, 1), (0, 0), (1, 1)]}


def _stuff_games() -> pd.DataFrame:
    rows, pair = [], 0
    for kind, results in STUFF.items():
        for with_it, without in results:
            rows += [{"stuff": kind, "pair": pair, "arm": "with", "holder_win": bool(with_it),
                      "rounds": 5 + pair, "gone": pair % 2 == 0},
                     {"stuff": kind, "pair": pair, "arm": "without",
                      "holder_win": bool(without), "rounds": 6 + pair, "gone": False}]
            pair += 1
    rows.append({"stuff": "Walker", "pair": pair, "arm": "with", "holder_win": True,
                 "rounds": 3, "gone": True})  # its "without" game is missing
    return pd.DataFrame(rows)


def test_worth_is_the_paired_difference_of_the_holders_wins():
    table = worth(_stuff_games())
    assert sorted(table.index) == ["Puddle", "Walker"]
    assert list(table.columns) == ["worth", "worth_low", "worth_high", "pairs"]
    for kind, results in STUFF.items():
        diffs = [w - wo for w, wo in results]
        assert tuple(table.loc[kind, ["worth", "worth_low", "worth_high"]]) == pytest.approx(
            _t(diffs))
        assert table.loc[kind, "pairs"] == len(diffs)


def test_stuff_summary_holds_each_arms_shares_and_the_kinds_worth():
    games = _stuff_games()
    table = STUFF_STUDY.summarize(games, {})
    for (kind, arm), group in games.groupby(["stuff", "arm"]):
        cells = table[(table.stuff == kind) & (table.arm == arm)].set_index("quantity")
        assert list(cells.index) == ["holder_win", "gone", "rounds"]
        assert cells.loc["holder_win"].estimate == group.holder_win.mean()
        assert cells.loc["gone"].estimate == group.gone.mean()
        assert cells.loc["rounds"].estimate == pytest.approx(group.rounds.mean())
        assert (cells.n == len(group)).all()
        mean, low, high = _t([w - wo for w, wo in STUFF[kind]])
        assert cells.worth.tolist() == pytest.approx([mean] * 3)
        assert cells.worth_low.tolist() == pytest.approx([low] * 3)
        assert cells.worth_high.tolist() == pytest.approx([high] * 3)
        assert cells.pairs.tolist() == [len(STUFF[kind])] * 3


def test_stuff_summary_keeps_a_kind_with_no_finished_pair():
    lone = pd.DataFrame([{"stuff": "Detector", "pair": 50, "arm": "with", "holder_win": True,
                          "rounds": 2, "gone": True}])
    table = STUFF_STUDY.summarize(pd.concat([_stuff_games(), lone], ignore_index=True), {})
    detector = table[table.stuff == "Detector"]
    assert list(detector.quantity) == ["holder_win", "gone", "rounds"]
    assert detector.n.tolist() == [1, 1, 1]
    assert detector.worth.isna().all() and detector.pairs.isna().all()
    assert sorted(set(table.stuff)) == ["Detector", "Puddle", "Walker"]
