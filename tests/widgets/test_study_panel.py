"""StudyPanel: controls from the Param list, Run fills progress, table and figure."""

from __future__ import annotations

import ipywidgets as w

import simlab
from simlab.core.study import Param
from simlab.widgets import StudyPanel
from simlab.widgets.study_panel import param_control


def test_controls_follow_param_types() -> None:
    assert isinstance(param_control(Param("n", 3)), w.IntText)
    assert isinstance(param_control(Param("p", 0.5, float)), w.FloatText)
    assert isinstance(param_control(Param("b", True, bool)), w.Checkbox)
    assert isinstance(param_control(Param("m", "a", str, ("a", "b"))), w.Dropdown)
    multi = param_control(Param("t", ("2",), tuple, ("2", "3")))
    assert isinstance(multi, w.SelectMultiple) and multi.value == ("2",)


def test_run_fills_table_progress_and_figure() -> None:
    panel = StudyPanel("broom-service-steals", games=60, seed=2, players=("3",))
    assert panel.table.value == ""
    panel.run_button.click()
    result = panel.result
    assert result is not None
    assert panel.progress.value == panel.progress.max == 60
    assert "<table" in panel.table.value and "estimate" in panel.table.value
    assert panel.figure.value.startswith("<img")
    expected = simlab.run_study("broom-service-steals", games=60, seed=2, players=("3",))
    assert result.summary.equals(expected.summary)


def test_changed_control_changes_the_run() -> None:
    panel = StudyPanel("bedpans-movement", games=100)
    panel.controls["mover"].value = panel.controls["mover"].options[1]
    panel.run()
    assert panel.result.params["mover"] == panel.controls["mover"].options[1]


def test_bad_value_is_reported() -> None:
    panel = StudyPanel("bedpans-movement", games=100)
    panel.games_field.value = 0
    assert panel.run() is None
    assert "games" in panel.status.value
    assert panel.progress.bar_style == "danger"


def test_table_is_paged_filtered_and_hides_sentinels() -> None:
    panel = StudyPanel("broom-service-steals", games=60, seed=2, players=("3",))
    panel.run()
    summary = panel.result.summary
    assert summary["place"].isna().any()  # the VP rows are over every place
    assert "<td>-1</td>" not in panel.table.value and "NA" not in panel.table.value
    assert panel.table.value.count("<tr>") <= 25 + 1
    column = panel.filter_column.options[1]
    panel.filter_column.value = column
    value = panel.filter_value.value
    shown = panel.shown_rows()
    assert len(shown) == (summary[column].astype(str) == value).sum()
    if len(summary) > 25:
        panel.filter_column.value = "(all rows)"
        panel.next_button.click()
        assert panel.page == 1 and "rows 26–" in panel.page_label.value
