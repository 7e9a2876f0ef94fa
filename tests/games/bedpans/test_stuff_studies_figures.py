"""The figures of bedpans-variants and bedpans-stuff: what they draw, against hand-made games
whose differences are worked out here, and everything else they show against a reviewed
copy (tests/helpers/figure_facts.py)."""

from __future__ import annotations

import warnings
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest

import simlab
from simlab.games.bedpans.stuff_studies import STUFF_STUDY, VARIANTS_STUDY
from tests.helpers.figure_facts import check_figure

FIGURES = Path(__file__).parent / "figures"


def _arms(players: int, variant: str, diffs: list[int], first: int = 0) -> list[dict]:
    """Pairs of games whose Elder win goes from base to variant by each of ``diffs``."""
    rows = []
    for k, d in enumerate(diffs):
        base = 1 if d < 0 else 0
        rows += [{"players": players, "variant": variant, "pair": first + k, "arm": "base",
                  "elder_win": bool(base)},
                 {"players": players, "variant": variant, "pair": first + k,
                  "arm": "variant", "elder_win": bool(base + d)}]
    return pd.DataFrame(rows).to_dict("records")


def _dots(ax) -> list[tuple[float, float]]:
    """Every estimate's dot, (x, y), firm or faint, top row first."""
    dots = [(round(float(x), 6), round(float(y), 6)) for line in ax.lines
            if line.get_marker() == "o" for x, y in zip(*line.get_data(), strict=True)]
    return sorted(dots, key=lambda xy: xy[1])


def test_variants_figure_puts_each_variation_in_rulebook_order_with_its_change():
    games = pd.DataFrame(
        _arms(3, "no_recovery", [-1, -1, 0, 0])
        + _arms(2, "no_recovery", [0] * 20, first=10)          # no change on 20 pairs
        + _arms(2, "staff_experience", [1, 1, 1], first=40)
        + _arms(2, "do_no_harm", [0, 0, 0], first=50))         # no change on 3 pairs
    fig = VARIANTS_STUDY.plot(SimpleNamespace(games=games, params={"games": 1800}))
    ax = fig.axes[0]
    # the rulebook's order of the Variations (staff_experience, no_recovery, do_no_harm),
    # then players
    assert [t.get_text() for t in ax.get_yticklabels()] == [
        "Staff Experience [rulebook: favors Elders], 2 players",
        "No Recovery [rulebook: favors Staff], 2 players",
        "No Recovery [rulebook: favors Staff], 3 players",
        "1st Do No Harm [rulebook: favors Elders], 2 players"]
    # each row's change: the mean of its differences (-0.5 for the 3-player No Recovery)
    assert _dots(ax) == [(1.0, 0.0), (0.0, 1.0), (-0.5, 2.0), (0.0, 3.0)]
    # "no game's winner changed" beside a row of no change on 20 pairs or more only
    notes = [t for t in ax.texts if t.get_text().startswith("no game")]
    assert [(t.get_text(), t.xy) for t in notes] == [("no game's winner changed", (0.0, 1))]
    # 6 points right of the dot, centred on its row, small and grey
    assert (notes[0].xyann, notes[0].anncoords, notes[0].get_va()) == (
        (6, 0), "offset points", "center")
    assert (notes[0].get_fontsize(), notes[0].get_color()) == (7, "#424242")
    assert ax.get_xlabel() == (
        "change in the Elder win rate: game with the Variation − base game\non the same seeds "
        "(right of 0: it favors the Elders)\n(95% t interval; 3 or more pairs of games a row)")
    assert ax.get_legend_handles_labels()[1] == ["2 players", "3 players"]
    assert fig._suptitle.get_text().endswith("without (1,800 games)")
    check_figure(fig, FIGURES / "stuff_variants.json")


def test_variants_figure_names_a_variation_the_rulebook_does_not_by_its_own_name():
    games = pd.DataFrame(_arms(2, "house_rule", [1, 0]))
    ax = VARIANTS_STUDY.plot(SimpleNamespace(games=games, params={})).axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["house_rule [rulebook: ], 2 players"]


def test_variants_figure_of_no_games_is_an_empty_forest():
    games = pd.DataFrame({"players": [2], "variant": ["no_recovery"], "pair": [0],
                          "arm": ["base"], "elder_win": [True]}).iloc[:0]
    with warnings.catch_warnings():  # matplotlib: no rows to set limits or a legend by
        warnings.simplefilter("ignore", UserWarning)
        fig = VARIANTS_STUDY.plot(SimpleNamespace(games=games, params={}))
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.get_yticklabels()] == []
    assert _dots(ax) == []
    assert "\n(95% t interval; 0 or more pairs" in ax.get_xlabel()
    assert fig._suptitle.get_text().endswith("without (0 games)")


def _stuff_games(results: dict[str, list[tuple[int, int, bool]]]) -> pd.DataFrame:
    """Pairs of games: kind -> [(holder won with it, without it, gone with it)]."""
    rows, pair = [], 0
    for kind, pairs in results.items():
        for with_it, without, gone in pairs:
            rows += [{"stuff": kind, "pair": pair, "arm": "with", "holder_win": bool(with_it),
                      "rounds": 4, "gone": gone},
                     {"stuff": kind, "pair": pair, "arm": "without",
                      "holder_win": bool(without), "rounds": 5, "gone": False}]
            pair += 1
    return pd.DataFrame(rows)


def _stuff_result(games: pd.DataFrame, params: dict) -> SimpleNamespace:
    return SimpleNamespace(games=games, summary=STUFF_STUDY.summarize(games, params),
                           params=params)


def test_stuff_figure_shows_each_kinds_worth_and_how_often_it_was_gone():
    # Puddle: worth +0.25 on 4 pairs, gone in 3 of 4 games; Walker: worth 0 on 20 pairs
    # (an interval of no width), gone in 5 of 20
    games = _stuff_games({
        "Puddle": [(1, 0, True), (1, 1, True), (0, 0, True), (0, 0, False)],
        "Walker": [(1, 1, k < 5) for k in range(20)]})
    fig = STUFF_STUDY.plot(_stuff_result(games, {"games": 1234, "holder": "staff"}))
    left, right = fig.axes
    # the rulebook's order of IMPLEMENTED: Walker before Puddle
    assert [t.get_text() for t in left.get_yticklabels()] == ["Walker", "Puddle"]
    assert _dots(left) == [(0.0, 0.0), (0.25, 1.0)]
    assert _dots(right) == [(0.25, 0.0), (0.75, 1.0)]
    assert left.get_ylim() == (1.5, -0.5)
    assert [t.get_fontsize() for t in left.get_yticklabels()] == [8, 8]
    # "too few games" beside Puddle's interval, at its high end clipped to 1
    assert [(t.get_text(), t.xy) for t in left.texts] == [("too few games", (1.0, 1.0))]
    # the widest reach: Puddle's t interval, 0.25 + t(0.975, 3) * 0.5 / 2
    from scipy.stats import t as student_t

    reach = 0.25 + student_t.ppf(0.975, 3) * 0.5 / 2
    assert reach > 1  # capped at 1
    assert left.get_xlim() == pytest.approx((-1.1, 1.7))
    assert right.get_xlim() == pytest.approx((-0.02, 1.3))
    assert left.get_xlabel().startswith("worth: the Staff's win rate")
    assert "(95% t interval; 4 or more pairs a kind)" in left.get_xlabel()
    assert "after which the Staff\n" in right.get_xlabel()
    assert [line.get_xdata()[0] for line in left.lines if line.get_linestyle() == "-"
            and line.get_marker() in ("None", None, "")] == [0.0]  # the line at no worth
    assert fig.get_size_inches()[1] == pytest.approx(1.8 + 0.3 * 2)
    assert fig._suptitle.get_text() == ("What is each Stuff kind worth to the Staff who "
                                        "starts with it? (1,234 games)")
    check_figure(fig, FIGURES / "stuff_worth.json")


def test_stuff_figure_of_one_small_kind_keeps_a_small_reach():
    # no worth on 2 pairs (an interval of no width at 0): the reach is its floor, 0.05
    games = _stuff_games({"Detector": [(1, 1, False), (0, 0, True)]})
    fig = STUFF_STUDY.plot(_stuff_result(games, {}))
    left, right = fig.axes
    assert left.get_xlim() == pytest.approx((-0.055, 0.085))
    assert "the red Elder's win rate" in left.get_xlabel()
    assert "after which the red Elder\n" in right.get_xlabel()
    assert "(95% t interval; 2 or more pairs a kind)" in left.get_xlabel()
    assert fig.get_size_inches()[1] == pytest.approx(1.8 + 0.3)
    assert fig._suptitle.get_text().endswith("red Elder who starts with it? (0 games)")


def test_stuff_figure_of_a_study_draws_its_worth():
    result = simlab.run_study("bedpans-stuff", games=4, seed=3, kinds=("Hurry Up", "Walker"),
                              players=2, round_limit=6)
    left, right = result.plot().axes
    games = result.games
    wide = games.pivot_table(index=["stuff", "pair"], columns="arm", values="holder_win")
    worth = (wide["with"] - wide["without"]).groupby(level="stuff").mean()
    gone = games[games.arm == "with"].groupby("stuff").gone.mean()
    assert _dots(left) == [(round(float(worth[k]), 6), float(y))
                           for y, k in enumerate(("Hurry Up", "Walker"))]
    assert _dots(right) == [(round(float(gone[k]), 6), float(y))
                            for y, k in enumerate(("Hurry Up", "Walker"))]


def test_stuff_figure_marks_an_interval_on_fewer_than_20_pairs_faint():
    # no worth and never gone: intervals narrow enough on both sides, on 20 pairs for
    # Walker (firm) and 19 for Hurry Up (faint, "too few games")
    games = _stuff_games({"Hurry Up": [(1, 1, False)] * 19, "Walker": [(0, 0, False)] * 20})
    left, right = STUFF_STUDY.plot(_stuff_result(games, {})).axes
    for ax in (left, right):
        faint = [line.get_alpha() for line in ax.lines if line.get_marker() == "o"]
        assert faint == [1.0, 0.35]  # drawn firm first: Walker (y = 1), then Hurry Up
        assert [t.xy[1] for t in ax.texts] == [0.0]
        colours = {line.get_color() for line in ax.lines if line.get_marker() == "o"}
        assert colours == {"C0" if ax is left else "C2"}
    assert "(95% t interval; 19 or more pairs a kind)" in left.get_xlabel()


def test_stuff_figure_of_a_kind_with_no_finished_pair_counts_no_pairs():
    games = pd.concat([_stuff_games({"Walker": [(1, 0, True)] * 3}),
                       pd.DataFrame([{"stuff": "Detector", "pair": 9, "arm": "with",
                                      "holder_win": True, "rounds": 2, "gone": True}])],
                      ignore_index=True)
    left, _ = STUFF_STUDY.plot(_stuff_result(games, {})).axes
    assert [t.get_text() for t in left.get_yticklabels()] == ["Detector", "Walker"]
    assert "(95% t interval; 0 or more pairs a kind)" in left.get_xlabel()
