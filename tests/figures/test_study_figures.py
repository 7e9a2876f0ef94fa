"""Every registered study's figure: it answers its question where a user can read it.

Each figure is drawn from a small run and checked for what issue 17 asks: a title
asking the study's question with the number of games, axis labels, whole-number
ticks on counts and places, every interval drawn visibly, under 2,000 px a side
as ``simlab report`` writes it, and "too few games" where an interval says
nothing.  The runs are small (a second or two each), so the marks show.
"""

from __future__ import annotations

import io
import struct

import numpy as np
import pytest

import simlab
from simlab.figures.limits import REPORT_DPI, TOO_FEW
from simlab.games import STUDIES
from simlab.games.bedpans.stuff_studies import RULEBOOK_NAMES, verdicts, worth

#: Small runs of every registered study: the figures' shape, not their numbers.
SMALL = {
    "bad-doctor-complications": {"games": 8, "players": ("2",)},
    "bad-doctor-seats": {"games": 12},
    "bedpans-escape": {"games": 12, "distance": ("2", "4")},
    "bedpans-movement": {"games": 1000},
    "bedpans-outcomes": {"games": 4, "players": ("2", "3"),
                         "pairings": ("staff:random/elders:random",),
                         "round_limit": 6},
    "bedpans-stuff": {"games": 4, "kinds": ("Walker", "Puddle"), "round_limit": 6,
                      "policy": "random"},
    "bedpans-variants": {"games": 4, "players": ("2", "3"),
                         "variants": ("staff_experience", "no_recovery"), "round_limit": 6,
                         "policy": "random"},
    "broom-service-steals": {"games": 8, "players": ("3", "4")},
    "broom-service-scores": {"games": 4, "players": 3},
    "hospital-rush-patients": {"games": 3, "players": ("3",), "policies": ("greedy",)},
    "hospital-rush-unfair": {"games": 4, "players": 3},
    "hospital-rush-boards": {"games": 4, "players": 3},
    "bad-doctor-ladder": {"games": 6, "policies": ("random", "greedy")},
    "bedpans-ladder": {"games": 4, "policies": ("random", "heuristic")},
    "broom-service-ladder": {"games": 4, "policies": ("random", "heuristic")},
    "hospital-rush-ladder": {"games": 4, "policies": ("random", "greedy")},
}

_RESULTS: dict[str, object] = {}


def result_of(name):
    if name not in _RESULTS:
        _RESULTS[name] = simlab.run_study(name, seed=1, **SMALL[name])
    return _RESULTS[name]


_FIGURES: dict[str, object] = {}


def figure_of(name):
    """The figure of the small run of ``name``, drawn once (the tests only read it)."""
    if name not in _FIGURES:
        _FIGURES[name] = result_of(name).plot()
    return _FIGURES[name]


def png_size(fig) -> tuple[int, int]:
    """Width and height in px of the PNG ``simlab report`` writes of ``fig``."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=REPORT_DPI, bbox_inches="tight")
    width, height = struct.unpack(">II", buffer.getvalue()[16:24])
    return width, height


def texts(fig) -> list[str]:
    """Every text drawn on ``fig``: notes, annotations and the axes' corner titles."""
    return [t.get_text() for ax in fig.axes for t in ax.texts] + [
        t.get_text() for t in fig.texts] + [ax.get_title(loc="right") for ax in fig.axes]


def test_every_registered_study_has_a_small_run_here():
    assert set(SMALL) == set(STUDIES)


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_figure_is_titled_labelled_and_fits_a_screen(name):
    result = result_of(name)
    fig = figure_of(name)
    title = fig.get_suptitle()
    assert "?" in title, title  # it asks the study's question
    assert f"{result.params['games']:,}" in title  # and says on how many games
    width, height = png_size(fig)
    assert width < 2000 and height < 2000, (width, height)
    for ax in fig.axes:
        shared = ax.get_shared_x_axes().get_siblings(ax)
        assert any(other.get_xlabel() for other in shared), (name, ax.get_title())
        named_rows = any(t.get_text() and not t.get_text().lstrip("−-").replace(".", "")
                         .isdigit() for t in ax.get_yticklabels())
        assert ax.get_ylabel() or named_rows or ax.get_shared_y_axes().get_siblings(ax)


#: Axis words of whole-number quantities.
_WHOLE = ("place", "seat (", "players", "spaces", "turns", "VP")


@pytest.mark.parametrize("name", sorted(STUDIES))
def test_whole_number_quantities_have_whole_number_ticks(name):
    fig = figure_of(name)
    checked = 0
    for ax in fig.axes:
        if any(word in ax.get_xlabel() for word in _WHOLE):
            low, high = sorted(ax.get_xlim())
            ticks = [t for t in ax.get_xticks() if low <= t <= high]
            assert ticks and all(float(t).is_integer() for t in ticks), (ax.get_xlabel(), ticks)
            checked += 1
    if name not in ("bedpans-stuff", "bedpans-variants", "hospital-rush-patients",
                    "hospital-rush-boards") and not name.endswith("-ladder"):
        assert checked, name


#: Studies whose small run still says something: their n counts dice rolls or patients.
_ENOUGH = {"bedpans-movement", "hospital-rush-patients"}


@pytest.mark.parametrize("name", sorted(set(STUDIES) - _ENOUGH))
def test_a_small_run_says_too_few_games_on_its_figure(name):
    assert any(TOO_FEW in t for t in texts(figure_of(name))), name


def test_movement_intervals_show_and_enough_rolls_say_something():
    result = result_of("bedpans-movement")
    fig = figure_of("bedpans-movement")
    assert not any(TOO_FEW in t for t in texts(fig))
    residuals = [ax for ax in fig.axes if "estimate − exact" in ax.get_ylabel()]
    assert residuals  # the intervals are drawn on the scale of the error itself
    table = result.summary[result.summary.kind == "proportion"]
    spread = (table.high - table.low).to_numpy()
    low, high = residuals[0].get_ylim()
    # the median interval is a visible share of its axis, not a dot's width
    assert np.median(spread[spread > 0]) > 0.15 * (high - low)


def test_variants_is_a_forest_plot_of_each_variation_with_its_rulebook_label():
    result = result_of("bedpans-variants")
    fig = figure_of("bedpans-variants")
    (ax,) = fig.axes
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert len(labels) == len(set(labels)) == 4  # 2 Variations x 2 player counts, once each
    assert labels[0] == "Staff Experience [rulebook: favors Elders], 2 players"
    assert all(RULEBOOK_NAMES[v] in " ".join(labels) for v in ("no_recovery",))
    # the arms compared: the game with the Variation against the base game
    assert "with the Variation − base game" in ax.get_xlabel()
    zero = [line for line in ax.lines if list(line.get_xdata()) == [0, 0]]
    assert zero  # the line at no change
    want = verdicts(result.games).sort_values(["variant", "players"], key=lambda c: c.map(
        {"staff_experience": 0, "no_recovery": 1}) if c.name == "variant" else c)
    drawn = np.concatenate([c.lines[0].get_xdata() for c in ax.containers])
    assert sorted(drawn) == pytest.approx(sorted(want.change))
    assert png_size(fig)[1] < 2000
    assert "exact" not in " ".join(labels)


def test_stuff_is_a_forest_plot_per_kind_with_its_use_apart():
    result = result_of("bedpans-stuff")
    fig = figure_of("bedpans-stuff")
    left, right = fig.axes
    assert [t.get_text() for t in left.get_yticklabels()] == ["Walker", "Puddle"]
    assert "worth" in left.get_xlabel() and "starting with no Stuff" in left.get_xlabel()
    assert "played or discarded" in right.get_xlabel()  # what `gone` means, on its own axis
    value = worth(result.games).reindex(["Walker", "Puddle"])
    drawn = np.concatenate([c.lines[0].get_xdata() for c in left.containers])
    assert sorted(drawn) == pytest.approx(sorted(value.worth))


def test_places_count_from_one_and_no_sentinel_rows():
    steals = result_of("broom-service-steals")
    claims = steals.games[steals.games.row == "claim"]
    assert claims.place.min() >= 1 and (claims.place <= claims.players).all()
    assert not (steals.summary.place == -1).any()
    assert not (steals.games.place == -1).any()
    ax = figure_of("broom-service-steals").axes[0]
    assert list(ax.get_xticks()) == [1, 2, 3, 4]
    assert "1 = the turn's starting player" in ax.get_xlabel()
    unfair = result_of("hospital-rush-unfair")
    reds = unfair.games[unfair.games.row == "red"]
    assert reds.position.between(1, 3).all()
    assert not (unfair.games.position == -1).any() and not (unfair.games.marker == 0).any()
    left = figure_of("hospital-rush-unfair").axes[0]
    assert list(left.get_xticks()) == [1, 2, 3]
    assert "1 = the starting player" in left.get_xlabel()
