"""Tests of simlab.core.study.result: StudyResult's repr, HTML, figure, JSON and files."""

from __future__ import annotations

import json
import math
import re

import pandas as pd
import pytest

from simlab.core import registry
from simlab.core.errors import ConfigError
from simlab.core.study import Param, Study, StudyResult

SUMMARY = pd.DataFrame({"quantity": ["win", "vp"], "estimate": [0.123456, math.nan],
                        "n": [40, 40]})
GAMES = pd.DataFrame({"game": [0, 1], "win": [True, False], "vp": [3.5, math.nan]})


def draw(result):
    return ("drawn by the study", result)


def named_figure(result):
    return ("drawn by name", result)


def _result(plot=None, title="Wins & <losses>", elapsed=1.23456) -> StudyResult:
    study = Study("r-study", title, (Param("p", 0.5, float),), run_chunk=print,
                  summarize=print, plot=plot)
    return StudyResult(study=study, params={"p": 0.5, "games": 2, "seed": 7,
                                            "policies": ("a", "b")},
                       games=GAMES, summary=SUMMARY, elapsed=elapsed)


def test_repr_shows_the_study_every_param_and_the_seconds():
    assert repr(_result()) == ("StudyResult('r-study', p=0.5, games=2, seed=7, "
                               "policies=('a', 'b'), elapsed=1.23s)")
    assert repr(_result(elapsed=0.004)).endswith("elapsed=0.00s)")


def test_html_is_the_escaped_title_and_repr_then_the_summary_without_index():
    page = _result()._repr_html_()
    head = ("<b>Wins &amp; &lt;losses&gt;</b> <code>StudyResult(&#x27;r-study&#x27;, p=0.5, "
            "games=2, seed=7, policies=(&#x27;a&#x27;, &#x27;b&#x27;), elapsed=1.23s)</code>")
    assert page.startswith(head + "<table")
    assert re.findall(r"<th>(.*?)</th>", page) == ["quantity", "estimate", "n"]  # no index
    assert re.findall(r"<td>(.*?)</td>", page) == ["win", "0.1235", "40", "vp", "NaN", "40"]
    assert "0.1235" in page and "0.123456" not in page  # 4 significant digits


def test_equality_is_identity():
    assert _result() != _result()


def test_a_study_function_draws_its_figure():
    result = _result(plot=draw)
    assert result.plot() == ("drawn by the study", result)


def test_a_named_figure_is_drawn_by_its_registered_function(monkeypatch):
    monkeypatch.setitem(registry._FIGURES, "r-figure", f"{__name__}:named_figure")
    result = _result(plot="r-figure")
    assert result.plot() == ("drawn by name", result)


def test_no_figure_is_the_default_one(monkeypatch):
    monkeypatch.setitem(registry._FIGURES, registry.DEFAULT_FIGURE, f"{__name__}:named_figure")
    result = _result()
    assert result.plot() == ("drawn by name", result)


def test_an_unregistered_figure_is_a_config_error():
    with pytest.raises(ConfigError, match="r-nowhere"):
        _result(plot="r-nowhere").plot()


def test_json_holds_study_title_params_elapsed_and_summary():
    doc = json.loads(_result().to_json())
    assert doc == {
        "study": "r-study", "title": "Wins & <losses>",
        "params": {"p": 0.5, "games": 2, "seed": 7, "policies": ["a", "b"]},
        "elapsed": 1.23456,
        "summary": [{"quantity": "win", "estimate": 0.123456, "n": 40},
                    {"quantity": "vp", "estimate": None, "n": 40}],
    }
    assert "\n" not in _result().to_json()


def test_json_with_the_games_and_an_indent():
    text = _result().to_json(games=True, indent=2)
    doc = json.loads(text)
    assert doc["games"] == [{"game": 0, "win": True, "vp": 3.5},
                            {"game": 1, "win": False, "vp": None}]
    assert text.startswith('{\n  "study": "r-study",')


@pytest.mark.parametrize(("table", "want"), [("games", GAMES), ("summary", SUMMARY)])
def test_save_writes_the_table_asked(tmp_path, table, want):
    path = _result().save(tmp_path / "out.csv", table=table)
    assert path == tmp_path / "out.csv"
    pd.testing.assert_frame_equal(pd.read_csv(path), want)


def test_save_writes_the_games_by_default(tmp_path):
    pd.testing.assert_frame_equal(pd.read_csv(_result().save(tmp_path / "g.csv")), GAMES)


def test_save_refuses_another_table(tmp_path):
    with pytest.raises(ConfigError) as excinfo:
        _result().save(tmp_path / "x.csv", table="params")
    assert str(excinfo.value) == "table must be 'games' or 'summary', not 'params'"
    assert list(tmp_path.iterdir()) == []
