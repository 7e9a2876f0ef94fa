"""The rows and summary of ``bad-doctor-complications``, on hand-made finished games whose
every figure is counted by hand, and the games the study plays, against games played here
with the same knobs and generator."""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.games.bad_doctor.board import Departure
from simlab.games.bad_doctor.studies import (
    _complications_summary,
    complications_game,
    patient_rows,
)
from tests.games._numbers import assert_summary_rows, expected_rows, wilson

BY = ["players", "mix", "variation", "extra_cube_spaces", "max_tile_ends"]


def _finished(shift: int, departures: list[Departure], inside: list[tuple[str, int]],
              cubes: int, scores: list[int]) -> Any:
    """What ``patient_rows`` reads of a finished game: the shift, who left how, who is
    still in the hospital (id, shift of arrival), the cubes added and the score piles."""
    return SimpleNamespace(shift=shift, departures=departures,
                           hospital=[SimpleNamespace(id=i, arrived=a) for i, a in inside],
                           cubes_added=cubes, score_pile=scores)


# Shift 4 is the fifth (shifts count from 0): P1 came in shift 0 and was cured in shift 2,
# P2 came in shift 1 and died in shift 4, P3 came in shift 3 and is still in.
GAME_A = _finished(4, [Departure("P1", 0, 2, "cured"), Departure("P2", 1, 4, "died")],
                   [("P3", 3)], cubes=7, scores=[5, 9])
# Two shifts: P4 cured in the shift it came, P5 the shift after.
GAME_B = _finished(1, [Departure("P4", 0, 0, "cured"), Departure("P5", 0, 1, "cured")],
                   [], cubes=3, scores=[10, 4])
# Three shifts, three seats: P6 died in its third shift, P7 came in the second and stays.
GAME_C = _finished(2, [Departure("P6", 0, 2, "died")], [("P7", 1)], cubes=6,
                   scores=[1, 2, 3])

NAN = math.nan


def test_a_row_per_patient_counted_by_hand():
    config = {"players": 2, "mix": "random"}
    rows = patient_rows(GAME_A, config)
    assert [r["patient"] for r in rows] == ["P1", "P2", "P3"]
    assert [r["status"] for r in rows] == ["cured", "died", "in hospital"]
    # arrival and departure shifts both count: 2 - 0 + 1, 4 - 1 + 1, 4 - 3 + 1
    assert [r["duration"] for r in rows] == [3, 4, 2]
    assert [r["cured"] for r in rows] == [True, False, None]
    assert [r["died"] for r in rows] == [False, True, None]
    assert rows[0]["turns_to_cure"] == 3 and math.isnan(rows[0]["turns_to_death"])
    assert rows[1]["turns_to_death"] == 4 and math.isnan(rows[1]["turns_to_cure"])
    assert math.isnan(rows[2]["turns_to_cure"]) and math.isnan(rows[2]["turns_to_death"])
    assert [r["game_row"] for r in rows] == [True, False, False]
    first = rows[0]
    assert (first["cubes_per_shift"], first["deaths"], first["cures"], first["shifts"],
            first["winner_score"]) == (7 / 5, 1, 1, 5, 9)
    for later in rows[1:]:  # the game's figures are on its first row only
        for key in ("cubes_per_shift", "deaths", "cures", "shifts", "winner_score"):
            assert math.isnan(later[key]), key
    assert all(r["players"] == 2 and r["mix"] == "random" for r in rows)
    assert list(rows[0])[:2] == ["players", "mix"]  # the configuration first


def _games() -> pd.DataFrame:
    def config(players: int) -> dict[str, Any]:
        return {"players": players, "mix": "random", "variation": "all tiles",
                "extra_cube_spaces": 0, "max_tile_ends": 3}

    rows = [{"game": g, **r} for g, (state, players) in
            enumerate(((GAME_A, 2), (GAME_B, 2), (GAME_C, 3)))
            for r in patient_rows(state, config(players))]
    return pd.DataFrame(rows)


def test_the_summary_by_hand():
    summary = _complications_summary(_games(), {})
    assert list(summary.columns[:5]) == BY and "index" not in summary.columns
    assert list(summary.index) == list(range(len(summary)))
    two = summary[summary.players == 2].set_index("quantity")
    # the two-player games: P1, P4, P5 cured, P2 died (P3, still in, is left out)
    assert two.loc["cured", "estimate"] == 0.75 and two.loc["cured", "n"] == 4
    assert (two.loc["cured", "low"], two.loc["cured", "high"]) == pytest.approx(wilson(3, 4))
    assert two.loc["died", "estimate"] == 0.25 and two.loc["died", "n"] == 4
    assert two.loc["turns_to_cure", "estimate"] == 2.0  # (3 + 1 + 2) / 3
    assert two.loc["turns_to_cure", "n"] == 3
    assert two.loc["turns_to_death", "estimate"] == 4.0
    assert two.loc["cubes_per_shift", "estimate"] == pytest.approx((7 / 5 + 3 / 2) / 2)
    assert (two.loc["deaths", "estimate"], two.loc["cures", "estimate"],
            two.loc["shifts", "estimate"], two.loc["winner_score", "estimate"]) == (
        0.5, 1.5, 3.5, 9.5)
    assert (two.n[["cubes_per_shift", "deaths", "cures", "shifts", "winner_score"]] == 2).all()
    three = summary[summary.players == 3].set_index("quantity")
    assert three.loc["died", "estimate"] == 1.0 and three.loc["died", "n"] == 1
    assert three.loc["cured", "estimate"] == 0.0
    assert three.loc["shifts", "estimate"] == 3 and three.loc["winner_score", "estimate"] == 3
    assert three.loc["cubes_per_shift", "estimate"] == 2.0
    # every row as the written-out formulas give it, and no other row
    games = _games()
    want = expected_rows(games[games.game_row], BY,
                         means=["cubes_per_shift", "deaths", "cures", "shifts",
                                "winner_score"])
    left = games[games.status != "in hospital"]
    want |= expected_rows(left.assign(cured=left.status == "cured",
                                      died=left.status == "died"), BY,
                          proportions=["cured", "died"],
                          means=["turns_to_cure", "turns_to_death"])
    assert_summary_rows(summary, want, BY)
    assert summary[["kind", "quantity"]].apply(tuple, axis=1).tolist()[:2] == [
        ("mean", "cubes_per_shift"), ("mean", "cures")]  # sorted by kind, then quantity


@pytest.mark.parametrize(("extra", "ends"), [(2, 3), (0, 1)])
def test_a_game_is_played_with_the_knobs_of_its_configuration(extra, ends):
    params = {"players": ("2",), "mixes": ("greedy+bad",), "variation": "on",
              "extra_cube_spaces": (str(extra),), "max_tile_ends": (str(ends),)}
    rows = complications_game(params, np.random.default_rng(11), 0)
    game = simlab.load_game("bad_doctor", players=2, variants=("two_fewer_wilds",),
                            extra_cube_spaces=extra, max_tile_ends=ends)
    final = simlab.run(game, ["greedy", "bad"], seed=np.random.default_rng(11))
    assert rows == patient_rows(final, {"players": 2, "mix": "greedy+bad",
                                        "variation": "two fewer wilds",
                                        "extra_cube_spaces": extra, "max_tile_ends": ends})
    plain = simlab.run(simlab.load_game("bad_doctor", players=2,
                                        variants=("two_fewer_wilds",)),
                       ["greedy", "bad"], seed=np.random.default_rng(11))
    assert rows != patient_rows(plain, {"players": 2, "mix": "greedy+bad",
                                        "variation": "two fewer wilds",
                                        "extra_cube_spaces": extra, "max_tile_ends": ends})
