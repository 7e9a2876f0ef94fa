"""The policy-ladder figure: ratings, and win rates in cells at the summary's numbers.

Drawn from ladder summaries of made-up games (no game is played here); the
ladders' own end-to-end figure test is in ``tests/games/test_ladders.py``.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simlab.core.registry import figure
from simlab.core.study import StudyResult, get_study
from simlab.core.study.policy_ladder import ladder_summary, policy_ladder
from simlab.figures.ladder import ladder_figure
from simlab.figures.limits import MIN_GAMES, TOO_FEW
from simlab.games import STUDIES


def drawn(games: pd.DataFrame, sides: tuple[str, str] | None = None):
    study = policy_ladder("bedpans", "x-ladder", "X: who wins?", ("a", "b"), ("random",), 3,
                          (3,), sides=sides)
    summary = ladder_summary(games, {"policies": ("a", "b"), "resamples": 10}, sides)
    return summary, ladder_figure(StudyResult(study, {"games": len(games)}, games, summary,
                                              0.0))


def test_every_ladder_declares_the_figure_by_name_and_it_is_this_one():
    ladders = [name for name in STUDIES if name.endswith("-ladder")]
    assert len(ladders) == 4
    assert {get_study(name).plot for name in ladders} == {"policy-ladder"}
    assert figure("policy-ladder") is ladder_figure


@pytest.mark.parametrize(("repeats", "few"), [(MIN_GAMES // 2, False), (MIN_GAMES // 4 - 1, True)])
def test_win_rates_are_the_pairing_rows_and_their_mirror(repeats, few):
    games = pd.DataFrame({"lineup": ["a,b,b", "b,a,a", "b,b,a", "a,a,b"] * repeats,
                          "winners": ["0", "1", "0", "0"] * repeats})  # a wins 3 in 4
    summary, fig = drawn(games)
    ratings, table = fig.axes
    rows = summary[summary.scope == "rating"].sort_values("estimate")
    assert [t.get_text() for t in ratings.get_yticklabels()] == rows.policy.tolist()
    order = rows.policy.tolist()[::-1]
    (pairing,) = summary[summary.scope == "pairing"].itertuples()
    assert (pairing.a, pairing.b, pairing.estimate) == ("b", "a", 0.25)
    cells = table.images[0].get_array()
    i, j = order.index(pairing.a), order.index(pairing.b)
    assert cells[i, j] == pytest.approx(pairing.estimate)
    assert cells[j, i] == pytest.approx(1 - pairing.estimate)
    assert (pairing.n < MIN_GAMES) == few
    texts = [t.get_text() for t in table.texts]
    assert all(t.startswith("(") == few for t in texts) and len(texts) == 2
    assert (TOO_FEW in table.get_xlabel()) == few
    assert fig.get_suptitle() == f"Which policy plays X best? ({len(games)} games)"


def test_two_sides_add_the_first_sides_win_rate_table():
    games = pd.DataFrame({"lineup": ["a,b,b", "b,a,a"] * 12,
                          "winners": ["0", "1", "0", "0"] * 6})
    summary, fig = drawn(games, ("Staff", "Elders"))
    assert len(fig.axes) == 3
    side = fig.axes[2]
    assert side.get_title() == "Staff win rate (rows: Staff, columns: Elders)"
    assert side.get_xlabel() == "Elders policy"
    order = [t.get_text() for t in side.get_yticklabels()]
    cells = side.images[0].get_array()
    for r in summary[summary.scope == "side"].itertuples():
        assert cells[order.index(r.a), order.index(r.b)] == pytest.approx(r.estimate)
    assert np.isnan(cells.filled(np.nan).diagonal()).all()
