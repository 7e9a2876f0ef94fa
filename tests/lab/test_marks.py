"""Which summary rows rest on too few games (simlab.lab.marks), against a hand count."""

from __future__ import annotations

import pandas as pd

from simlab.figures.limits import MIN_GAMES, SAYS_NOTHING
from simlab.lab.marks import TOO_FEW, few_games, marked, printable


def _rows() -> pd.DataFrame:
    # one row per case, with the verdict worked out by hand beside it
    return pd.DataFrame([
        # a share on 400 games, 0.10 wide: says something
        {"kind": "proportion", "estimate": 0.5, "low": 0.45, "high": 0.55, "n": 400},
        # a share a little narrower than SAYS_NOTHING on enough games: says something
        {"kind": "proportion", "estimate": 0.5, "low": 0.41, "high": 0.4 + SAYS_NOTHING,
         "n": 400},
        # a share a little wider than SAYS_NOTHING: too few
        {"kind": "proportion", "estimate": 0.5, "low": 0.39, "high": 0.4 + SAYS_NOTHING,
         "n": 400},
        # a mean, as wide as it likes, on MIN_GAMES games: judged by its games alone
        {"kind": "mean", "estimate": 5.0, "low": 1.0, "high": 9.0, "n": MIN_GAMES},
        # a mean on one game fewer: too few
        {"kind": "mean", "estimate": 5.0, "low": 4.9, "high": 5.1, "n": MIN_GAMES - 1},
        # a share with no interval: too few
        {"kind": "proportion", "estimate": 0.5, "low": float("nan"), "high": float("nan"),
         "n": 400},
        # a mean with no interval on enough games: judged by its games alone
        {"kind": "mean", "estimate": 5.0, "low": float("nan"), "high": float("nan"),
         "n": 400},
    ])


def test_few_games_marks_the_rows_a_hand_count_finds():
    assert few_games(_rows()).tolist() == [False, False, True, False, True, True, False]


def test_marked_and_printable_add_the_note_only_when_a_row_needs_it():
    rows = _rows()
    assert marked(rows)["note"].tolist() == ["", "", TOO_FEW, "", TOO_FEW, TOO_FEW, ""]
    assert printable(rows)["note"].tolist() == marked(rows)["note"].tolist()
    decided = rows.iloc[[0, 1, 3]]
    assert "note" not in printable(decided).columns
    pd.testing.assert_frame_equal(printable(decided), decided)


def test_a_summary_without_intervals_has_no_row_marked():
    assert few_games(pd.DataFrame({"estimate": [0.5, 0.2]})).tolist() == [False, False]
    assert few_games(pd.DataFrame(columns=["low", "high", "n"])).tolist() == []


def test_a_summary_without_kind_judges_every_row_as_a_share():
    rows = _rows().drop(columns="kind")
    # the mean rows 3 (8 wide), 4 (on 19 games) and 6 (no interval) are shares now
    assert few_games(rows).tolist() == [False, False, True, True, True, True, True]
