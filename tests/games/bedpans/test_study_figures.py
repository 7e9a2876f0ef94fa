"""The bedpans-movement figure: what it draws, against hand counts and odds counted die by
die here, and everything else it shows against a reviewed copy (tests/helpers/figure_facts.py).

The exact odds come from the rulebook's three-sided dice, enumerated outcome by outcome
(an Elder's first move keeps the lowest 2 of 3 dice, the first Nurse the highest 2, the
Doctor the red die plus the lower white die; Hurry Up adds 1 to each die, a Detector
makes each die 1, a Walker each die 2: rulings M4-M6), never from the study's dice code.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path
from types import SimpleNamespace

import pandas as pd
import pytest
from matplotlib import rc_context
from matplotlib.colors import to_hex

import simlab
from simlab.core.study import get_study
from tests.games._numbers import wilson
from tests.helpers.figure_facts import check_figure

FIGURES = Path(__file__).parent / "figures"
STUDY = get_study("bedpans-movement")
PARAMS = {"mover": "all", "stuff": "all", "walker": "dice-2", "hurry_up": "dice+1",
          "detector": "dice-1"}
#: The legend's name of each Stuff (the rulebook's card titles).
NAMES = {"none": "no Stuff", "hurry_up": "Hurry Up", "detector": "Detector",
         "walker": "Walker"}
#: The colour of each Stuff's bars and intervals, as reviewed.
COLOURS = {"none": "#9e9e9e", "hurry_up": "#e6862e", "detector": "#3b7dd8",
           "walker": "#3fa34d"}
_DIE = {"none": lambda d: d, "hurry_up": lambda d: d + 1, "detector": lambda d: 1,
        "walker": lambda d: 2}


def _read(mover: str, dice: list[int]) -> int:
    """The movement the rulebook reads from the dice of ``mover`` (Doctor: red die first)."""
    if mover == "doctor":
        return dice[0] + min(dice[1:])
    kept = sorted(dice)[-2:] if mover == "first_nurse" else sorted(dice)[:2]
    return sum(kept)


def exact_odds(mover: str, stuff: str) -> dict[int, Fraction]:
    """Each movement result's probability, counted over every throw of the dice."""
    count = 2 if mover == "elder_second" else 3
    throws = Counter(_read(mover, [_DIE[stuff](d) for d in throw])
                     for throw in product((1, 2, 3), repeat=count))
    return {value: Fraction(ways, 3**count) for value, ways in sorted(throws.items())}


def test_exact_odds_by_enumeration_are_the_rulebooks():
    assert exact_odds("elder_second", "none") == {v: Fraction(w, 9) for v, w in
                                                  zip(range(2, 7), (1, 2, 3, 2, 1), strict=True)}
    assert exact_odds("elder_first", "detector") == {2: 1} == exact_odds("other_nurse",
                                                                           "detector")
    assert exact_odds("doctor", "none")[2] == Fraction(5, 27)  # red 1, lower white 1


def _centres(ax) -> list[float]:
    return [p.get_x() + p.get_width() / 2 for p in ax.patches]


def _interval_ends(ax) -> dict[float, tuple[float, float, str]]:
    """x of each interval drawn on ``ax`` -> (lower end, upper end, colour)."""
    ends = {}
    for collection in ax.collections:
        (colour,) = {to_hex(c) for c in collection.get_colors()}  # one colour a Stuff
        for (x, y0), (_, y1) in collection.get_segments():
            ends[round(float(x), 6)] = (float(y0), float(y1), colour)
    return ends


def _two_stuff_result(params: dict) -> SimpleNamespace:
    # 90 rolls of an Elder moving second without Stuff (2d3: 2..6) and 90 with Hurry Up
    # (each die +1: 4..8), the counts made up by hand
    rolls = pd.DataFrame(
        [("elder_second", "none", v, c) for v, c in ((2, 10), (3, 20), (4, 30), (5, 30))]
        + [("elder_second", "hurry_up", v, c)
           for v, c in ((4, 9), (5, 21), (6, 27), (7, 24), (8, 9))],
        columns=["mover", "stuff", "result", "count"])
    return SimpleNamespace(summary=STUDY.summarize(rolls, PARAMS), params=params)


def test_figure_of_two_stuff_side_by_side_draws_the_hand_counts():
    fig = STUDY.plot(_two_stuff_result({"games": 90}))
    top, bottom = fig.axes
    counts = {"none": {2: 10, 3: 20, 4: 30, 5: 30},
              "hurry_up": {4: 9, 5: 21, 6: 27, 7: 24, 8: 9}}
    ways = (1, 2, 3, 2, 1)
    # two Stuff: bars 0.8 / 2 apart, 90% of that wide, the first left of the result
    centres, heights, marks = [], [], []
    for stuff, shift, lowest in (("none", -0.2, 2), ("hurry_up", 0.2, 4)):
        for value, way in zip(range(lowest, lowest + 5), ways, strict=True):
            centres.append(value + shift)
            heights.append(way / 9)
            marks.append(counts[stuff].get(value, 0) / 90)
    assert _centres(top) == pytest.approx(centres)
    assert [p.get_height() for p in top.patches] == pytest.approx(heights)
    assert [p.get_width() for p in top.patches] == pytest.approx([0.36] * 10)
    assert [to_hex(p.get_facecolor()) for p in top.patches] == (
        [COLOURS["none"]] * 5 + [COLOURS["hurry_up"]] * 5)
    assert {p.get_alpha() for p in top.patches} == {0.45}
    estimates = [line for line in top.lines if line.get_marker() == "_"]
    assert len(estimates) == 2
    assert [x for line in estimates for x in line.get_xdata()] == pytest.approx(centres)
    assert [y for line in estimates for y in line.get_ydata()] == pytest.approx(marks)
    assert [(line.get_color(), line.get_markersize(), line.get_markeredgewidth())
            for line in estimates] == [("k", 6, 1.5)] * 2
    # below: estimate - exact, its interval the Wilson interval's ends less the exact odds
    ends = _interval_ends(bottom)
    want = {}
    for centre, height, mark, stuff in zip(centres, heights, marks,
                                           ["none"] * 5 + ["hurry_up"] * 5, strict=True):
        low, high = wilson(round(mark * 90), 90)
        want[round(centre, 6)] = (low - height, high - height, COLOURS[stuff])
    assert ends.keys() == want.keys()
    for x, (low, high, colour) in want.items():
        assert ends[x][:2] == pytest.approx((low, high)) and ends[x][2] == colour
    zero = [line for line in bottom.lines if line.get_linestyle() == "-"]
    assert [(list(z.get_ydata()), z.get_color(), z.get_linewidth(), z.get_zorder())
            for z in zero] == [([0.0, 0.0], "k", 1, 0)]
    assert list(bottom.get_xticks()) == list(range(2, 9))
    assert top.get_shared_x_axes().joined(top, bottom)  # one column, one x axis
    assert top.get_ylim()[0] == 0.0
    assert (top.get_title(), top.title.get_fontsize()) == (
        "Elder or Decoy, second move\n(2 dice)", 8)
    # one mover's column: the question in two lines, the games on a third
    assert fig.get_suptitle() == ("Do the simulated movement dice match the\n"
                                  "exact odds of each mover and Stuff?\n"
                                  "(90 games, a roll of each a game)")
    check_figure(fig, FIGURES / "studies_movement_two_stuff.json")


def test_figure_legend_sits_under_the_plots_in_one_row():
    fig = STUDY.plot(_two_stuff_result({"games": 90}))
    (legend,) = fig.legends
    texts = legend.get_texts()
    assert [t.get_text() for t in texts] == ["estimate", NAMES["none"], NAMES["hurry_up"]]
    assert [t.get_fontsize() for t in texts] == [8] * 3 and not legend.get_frame_on()
    line, *bars = legend.legend_handles  # the estimates' mark, then a bar a Stuff
    assert (line.get_marker(), line.get_color()) == ("_", "k")
    assert [to_hex(b.get_facecolor()) for b in bars] == [COLOURS["none"], COLOURS["hurry_up"]]
    fig.draw_without_rendering()  # the constrained layout places it
    box = legend.get_window_extent()
    lowest = min(ax.get_window_extent().y0 for ax in fig.axes)
    assert box.y1 < lowest  # below every plot
    assert (box.x0 + box.x1) / 2 == pytest.approx(fig.bbox.width / 2, abs=1)  # centred
    rows = {round(t.get_window_extent().y0) for t in texts}
    assert len(rows) == 1  # one column a label: a single row


def test_figure_keeps_its_marks_under_another_style():
    # the estimates' marks are 6 points long whatever size a style gives lines
    with rc_context({"lines.markersize": 3.0}):
        fig = STUDY.plot(_two_stuff_result({"games": 90}))
    assert [line.get_markersize() for line in fig.axes[0].lines] == [6, 6]


def test_figure_without_the_games_parameter_counts_the_rolls():
    fig = STUDY.plot(_two_stuff_result({}))
    assert fig.get_suptitle().endswith("(90 games, a roll of each a game)")
    assert fig._suptitle.get_fontsize() == 11


def test_figure_of_every_mover_draws_the_enumerated_odds_and_the_rolled_shares():
    result = simlab.run_study("bedpans-movement", games=30, seed=2)
    fig = result.plot()
    games = result.games
    movers = ["elder_first", "elder_second", "first_nurse", "other_nurse", "doctor"]
    tops, bottoms = fig.axes[:5], fig.axes[5:]
    for mover, top, bottom in zip(movers, tops, bottoms, strict=True):
        stuffs = ["none", "hurry_up", "detector", "walker"] if mover.startswith("elder") \
            else ["none", "hurry_up"]
        width = 0.8 / len(stuffs)
        heights, centres, shares = [], [], []
        for i, stuff in enumerate(stuffs):
            odds = exact_odds(mover, stuff)
            part = games[(games.mover == mover) & (games.stuff == stuff)]
            rolled = dict(zip(part.result, part["count"], strict=True))
            assert sum(rolled.values()) == 30
            for value in sorted(set(odds) | set(rolled)):
                heights.append(float(odds.get(value, 0)))
                centres.append(value + (i - (len(stuffs) - 1) / 2) * width)
                shares.append(rolled.get(value, 0) / 30)
        assert [p.get_height() for p in top.patches] == pytest.approx(heights)
        assert _centres(top) == pytest.approx(centres)
        assert [p.get_width() for p in top.patches] == pytest.approx([0.9 * width]
                                                                      * len(heights))
        estimates = [y for line in top.lines for y in line.get_ydata()]
        assert estimates == pytest.approx(shares)
        assert top.get_shared_x_axes().joined(top, bottom)
    assert [t.get_text() for t in fig.legends[0].get_texts()] == [
        "estimate", *(NAMES[s] for s in ("none", "hurry_up", "detector", "walker"))]
    assert fig.legends[0]._ncols == 5
    assert fig.get_suptitle() == ("Do the simulated movement dice match the exact odds of "
                                  "each mover and Stuff? (30 games, a roll of each a game)")
    check_figure(fig, FIGURES / "studies_movement.json")


def test_figure_of_the_result_minus_one_detector_starts_at_one():
    # the "result-1" reading (ruling M5) moves exactly 1: the axis starts at 1, not 2
    result = simlab.run_study("bedpans-movement", games=6, seed=1, mover="elder_first",
                              stuff="detector", detector="result-1")
    fig = result.plot()
    top, bottom = fig.axes
    assert list(bottom.get_xticks()) == list(range(1, 9))
    assert [(p.get_x() + p.get_width() / 2, p.get_height()) for p in top.patches] == [
        pytest.approx((1.0, 1.0))]
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["estimate", "Detector"]


def test_figure_of_a_staffer_names_the_stuff_of_its_own_column():
    # no Elder drawn: the legend still comes from the one column there is, the Doctor's
    result = simlab.run_study("bedpans-movement", games=5, seed=3, mover="doctor")
    fig = result.plot()
    assert [t.get_text() for t in fig.legends[0].get_texts()] == [
        "estimate", NAMES["none"], NAMES["hurry_up"]]
    assert fig.axes[0].get_title() == "Doctor\n(the red die plus the lower white die)"
