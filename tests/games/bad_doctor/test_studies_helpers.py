"""Fast checks of the study helpers of ``bad_doctor/studies.py``, against hand counts."""

from __future__ import annotations

import pandas as pd
import pytest

from simlab.games.bad_doctor.studies import (
    EFFECT,
    _effect_rows,
    _grid,
    _knobs_label,
    _seat_policies,
)


def test_a_two_policy_mix_alternates_by_seat():
    assert _seat_policies("greedy+bad", 5) == ["greedy", "bad", "greedy", "bad", "greedy"]
    assert _seat_policies("random", 3) == ["random", "random", "random"]


def test_the_grid_is_every_player_count_mix_variation_and_knob():
    grid = _grid({"players": ("3", "2"), "mixes": ("random", "bad"), "variation": "both",
                  "extra_cube_spaces": ("0", "1"), "max_tile_ends": ("3",)})
    assert len(grid) == 2 * 2 * 2 * 2 * 1
    assert grid[0] == (2, "random", False, 0, 3) and grid[-1] == (3, "bad", True, 1, 3)
    assert {g[2] for g in _grid({"players": ("2",), "mixes": ("bad",),
                                 "variation": "on"})} == {True}
    assert _grid({"players": ("2",), "mixes": ("bad",), "variation": "off"}) == [
        (2, "bad", False, 0, 3)]
    assert _grid({"players": ("2",), "mixes": ("bad",), "variation": "off",
                  "extra_cube_spaces": ("-1",), "max_tile_ends": ("1", "2")}) == [
        (2, "bad", False, -1, 1), (2, "bad", False, -1, 2)]


def test_the_knobs_label_names_only_what_differs_from_the_data():
    assert _knobs_label(0, 3) == ""
    assert _knobs_label(1, 3) == ", +1 cube spaces"
    assert _knobs_label(-2, 2) == ", -2 cube spaces, tiles of <= 2 ends"
    assert _knobs_label(0, 4) == ", tiles of <= 4 ends"


def _first_rows(on: list[float], off: list[float]) -> pd.DataFrame:
    rows = [{"variation": v, "x": x} for v, xs in (("two fewer wilds", on), ("all tiles", off))
            for x in xs]
    frame = pd.DataFrame(rows).assign(players=2, mix="bad", extra_cube_spaces=0,
                                      max_tile_ends=3)
    for quantity in ("cubes_per_shift", "deaths", "cures", "shifts", "winner_score"):
        frame[quantity] = frame["x"]
    return frame


def test_the_effect_is_the_welch_difference_computed_by_hand():
    # on - off = 4 - 2 = 2; each sample's variance 2/3, se = sqrt(2/3/4 * 2) = 0.57735,
    # Satterthwaite df = 6, t(0.975, 6) = 2.44691: half-width 1.41271.
    effect = _effect_rows(_first_rows([3, 4, 5, 4], [1, 2, 3, 2]))
    assert len(effect) == 5 and set(effect.variation) == {EFFECT}
    assert list(effect.quantity) == ["cubes_per_shift", "deaths", "cures", "shifts",
                                     "winner_score"]
    row = effect.iloc[0]
    assert row.estimate == pytest.approx(2.0)
    assert row.low == pytest.approx(2 - 1.41271, abs=1e-4)
    assert row.high == pytest.approx(2 + 1.41271, abs=1e-4)
    assert row.n == 8 and row.kind == "difference"
    assert list(effect.columns) == ["players", "mix", "variation", "extra_cube_spaces",
                                    "max_tile_ends", "quantity", "kind", "estimate", "low",
                                    "high", "n", "exact"]
    assert effect.exact.isna().all()  # no exact value is known for an effect
    assert (row.players, row.mix, row.extra_cube_spaces, row.max_tile_ends) == (2, "bad", 0, 3)


def test_no_effect_without_two_games_on_each_side():
    assert _effect_rows(_first_rows([3, 4], [1])).empty
    assert _effect_rows(_first_rows([3], [1, 2])).empty
    assert len(_effect_rows(_first_rows([3, 4], [1, 2]))) == 5
    # a player count without its two games a side does not stop the next one's effect
    short, full = _first_rows([3], [1, 2]), _first_rows([3, 4], [1, 2]).assign(players=3)
    effect = _effect_rows(pd.concat([short, full], ignore_index=True))
    assert effect.players.tolist() == [3] * 5
    assert effect.estimate.tolist() == pytest.approx([2.0] * 5)  # 3.5 - 1.5


def test_the_seats_figure_draws_each_fair_share_and_names_the_play():
    from types import SimpleNamespace

    from simlab.games.bad_doctor.studies import _seats_plot

    rows = [{"players": p, "seat": s, "quantity": "win", "estimate": e, "low": e - 0.1,
             "high": e + 0.1, "n": 10} for p, s, e in
            ((2, 0, 0.6), (2, 1, 0.4), (3, 0, 0.3), (3, 1, 0.3), (3, 2, 0.4))]
    score = {"players": 2, "seat": 0, "quantity": "score", "estimate": 9.0, "low": 8,
             "high": 10, "n": 10}
    summary = pd.DataFrame([*rows, score])
    fig = _seats_plot(SimpleNamespace(summary=summary,
                                      params={"policy": "greedy", "games": 1200}))
    ax = fig.axes[0]
    dashed = [seg for c in ax.collections if c.get_linestyle()[0][1] is not None
              for seg in c.get_segments() if seg[0][1] == seg[1][1]]
    fair = sorted((round(s[0][1], 4), s[0][0], s[1][0]) for s in dashed)
    assert fair == [(round(1 / 3, 4), 0.7, 3.3), (0.5, 0.7, 2.3)]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["2 players", "3 players"]
    assert fig._suptitle.get_text() == ("Does the seat order decide Bad Doctor? Win rate by "
                                        "seat (greedy play, 1,200 games)")
    assert ax.get_xlabel() == "seat (1 = the first player)"
    assert ax.get_ylim() == (-0.05, 1.05)
