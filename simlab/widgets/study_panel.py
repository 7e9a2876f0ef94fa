"""StudyPanel: run a registered study from controls built from its parameters.

Each :class:`~simlab.core.study.Param` gets a control by its type: a
Dropdown where it has choices, a SelectMultiple for a tuple with choices,
an IntText, FloatText, Checkbox or Text otherwise.  Games, seed and jobs
fields, a Run button with a progress bar, the summary table (estimates with
their 95% intervals and exact values) and the study's figure.

Examples
--------
>>> panel = StudyPanel("bedpans-movement", games=200)
>>> panel.values()["games"]
200
>>> panel.run().summary is panel.result.summary
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import pandas as pd

from simlab.core.errors import SimlabError
from simlab.core.study import Param, Study, StudyResult, get_study, run_study
from simlab.widgets.figure_view import FigureView, for_width
from simlab.widgets.shown import ShownByWidget

__all__ = ["StudyPanel", "param_control"]


def param_control(param: Param) -> w.ValueWidget:
    """The control for one study parameter, holding its default.

    Examples
    --------
    >>> type(param_control(Param("players", 4, int, choices=(2, 3, 4)))).__name__
    'Dropdown'
    >>> type(param_control(Param("by_role", False, bool))).__name__
    'Checkbox'
    """
    style = {"description_width": "initial"}
    common: dict[str, Any] = {"description": param.name, "style": style}
    if param.help:
        common["tooltip"] = param.help
    if param.type is tuple:
        if param.choices:
            return w.SelectMultiple(options=list(param.choices), value=tuple(param.default),
                                    rows=min(6, len(param.choices)), **common)
        return w.Text(value=",".join(str(v) for v in param.default), **common)
    if param.choices:
        return w.Dropdown(options=list(param.choices), value=param.default, **common)
    if param.type is bool:
        return w.Checkbox(value=bool(param.default), indent=False, **common)
    if param.type is int:
        return w.IntText(value=int(param.default), **common)
    if param.type is float:
        return w.FloatText(value=float(param.default), **common)
    return w.Text(value=str(param.default), **common)


class _WidgetBar:
    """A tqdm-like bar that moves an IntProgress (``update``/``close``)."""

    def __init__(self, bar: w.IntProgress, total: int | None = None, **_: Any) -> None:
        self.bar = bar
        if total is not None:
            bar.max = max(1, int(total))
        bar.value = 0

    def update(self, n: int = 1) -> None:
        self.bar.value = min(self.bar.max, self.bar.value + int(n))

    def close(self) -> None:
        """Nothing to release."""


class StudyPanel(ShownByWidget):
    """Controls, Run button, progress, summary table and figure of one study.

    Parameters
    ----------
    name : str or Study
        A registered study (``simlab.study_names()``) or a Study object.
    games : int, optional
        Games to play (the study's default otherwise).
    seed : int
        Root seed of the run.
    jobs : int
        Worker processes (1: in the notebook's process).
    width : int
        The figure's width in px until the page says how wide the panel is
        (then it is drawn again for that width, text 11 px or more).
    **params
        Starting values of the study's parameters.

    Attributes
    ----------
    result : StudyResult or None
        The last run's result.
    """

    def __init__(self, name: str | Study, games: int | None = None, seed: int = 0,
                 jobs: int = 1, width: int = 900, **params: Any) -> None:
        self.study = name if isinstance(name, Study) else get_study(name)
        self.width = width
        self.result: StudyResult | None = None
        values = self.study.resolve(**params)
        self.controls: dict[str, w.ValueWidget] = {}
        for param in self.study.params:
            control = param_control(param)
            value = values[param.name]
            control.value = (tuple(value) if isinstance(control, w.SelectMultiple)
                             else ",".join(value) if param.type is tuple else value)
            self.controls[param.name] = control
        self.games_field = w.IntText(value=games or self.study.default_games,
                                     description="games")
        self.seed_field = w.IntText(value=seed, description="seed")
        self.jobs_field = w.BoundedIntText(value=jobs, min=1, max=64, description="jobs")
        self.run_button = w.Button(description="Run", button_style="primary", icon="play")
        self.progress = w.IntProgress(value=0, min=0, max=1, description="games",
                                      bar_style="info")
        self.status = w.HTML()
        self.table = w.HTML()
        self.figure = FigureView(alt="study figure")
        self.figure.observe(lambda _: self._draw(), names="width")
        self.filter_column = w.Dropdown(description="show rows where", options=[],
                                        style={"description_width": "initial"})
        self.filter_value = w.Dropdown(options=[], layout=w.Layout(width="18em"))
        self.prev_button = w.Button(description="◀ rows", layout=w.Layout(width="auto"))
        self.next_button = w.Button(description="rows ▶", layout=w.Layout(width="auto"))
        self.page_label = w.HTML()
        self.page = 0
        self.table_box = w.HBox([self.filter_column, self.filter_value, self.prev_button,
                                 self.page_label, self.next_button],
                                layout=w.Layout(flex_flow="row wrap", display="none"))
        self.filter_column.observe(self._on_filter_column, names="value")
        self.filter_value.observe(lambda _: self._show_table(reset=True), names="value")
        self.prev_button.on_click(lambda _: self._turn_page(-1))
        self.next_button.on_click(lambda _: self._turn_page(1))
        self.run_button.on_click(lambda _: self.run())
        helps = "".join(
            f"<li><code>{html.escape(p.name)}</code>: {html.escape(p.help)}</li>"
            for p in self.study.params if p.help
        )
        head = (f"<b>{html.escape(self.study.title)}</b> <code>{html.escape(self.study.name)}"
                f"</code>" + (f"<ul>{helps}</ul>" if helps else ""))
        self.widget = w.VBox([
            w.HTML(head),
            w.HBox(list(self.controls.values()), layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.games_field, self.seed_field, self.jobs_field]),
            w.HBox([self.run_button, self.progress, self.status]),
            self.table_box,
            self.table,
            self.figure,
        ])
        self.widget.add_class("simlab-study-panel")

    def values(self) -> dict[str, Any]:
        """The study parameters, games, seed and jobs as the controls hold them."""
        out: dict[str, Any] = {}
        for name, control in self.controls.items():
            value = control.value
            out[name] = tuple(value) if isinstance(value, list | tuple) else value
        out["games"] = int(self.games_field.value)
        out["seed"] = int(self.seed_field.value)
        out["jobs"] = int(self.jobs_field.value)
        return out

    def run(self) -> StudyResult | None:
        """Run the study with the controls' values (the Run button); the result or None."""
        values = self.values()
        self.run_button.disabled = True
        self.progress.bar_style = "info"
        self.progress.max = max(1, values["games"])
        self.progress.value = 0
        self.status.value = "running…"
        try:
            bar = _WidgetBar(self.progress, total=values["games"])
            result = run_study(self.study, progress=bar, **values)
        except SimlabError as err:
            self.progress.bar_style = "danger"
            self.status.value = f'<span style="color:#b22222">{html.escape(str(err))}</span>'
            return None
        finally:
            self.run_button.disabled = False
        self.result = result
        self.progress.value = self.progress.max
        self.progress.bar_style = "success"
        self.status.value = html.escape(
            f"{result.params['games']} games, seed {result.params['seed']}")
        self._set_filters(result.summary)
        self._show_table(reset=True)
        self._draw()
        return result

    def _draw(self) -> None:
        """Draw the result's figure for the width the page gives it (no text under 11 px)."""
        if self.result is None:
            return
        self.figure.show(for_width(self.result.plot(), self.figure.width or self.width))

    # -- the summary table: filtered and paged -------------------------------------------
    def _set_filters(self, summary: pd.DataFrame) -> None:
        columns = [c for c in summary.columns
                   if not pd.api.types.is_numeric_dtype(summary[c])
                   and 1 < summary[c].nunique() <= 20]
        self._filtering = True
        self.filter_column.options = ["(all rows)", *columns]
        self.filter_column.value = "(all rows)"
        self.filter_value.options = []
        self._filtering = False
        self.table_box.layout.display = ""

    def _on_filter_column(self, change: dict[str, Any]) -> None:
        if self.result is None or getattr(self, "_filtering", False):
            return
        column = change["new"]
        values = ([] if column in (None, "(all rows)")
                  else sorted(str(v) for v in self.result.summary[column].unique()))
        self.filter_value.options = values
        self.filter_value.value = values[0] if values else None
        self._show_table(reset=True)

    def shown_rows(self) -> pd.DataFrame:
        """The summary rows the filter keeps (all of them without a filter)."""
        if self.result is None:
            return pd.DataFrame()
        summary = self.result.summary
        column, value = self.filter_column.value, self.filter_value.value
        if column in (None, "(all rows)") or value is None:
            return summary
        return summary[summary[column].astype(str) == value]

    def _turn_page(self, step: int) -> None:
        self.page += step
        self._show_table()

    def _show_table(self, reset: bool = False) -> None:
        if self.result is None:
            return
        rows = self.shown_rows()
        pages = max(1, -(-len(rows) // PAGE_ROWS))
        self.page = 0 if reset else min(max(self.page, 0), pages - 1)
        start = self.page * PAGE_ROWS
        self.table.value = summary_html(rows.iloc[start:start + PAGE_ROWS])
        self.page_label.value = (f"rows {start + 1 if len(rows) else 0}–"
                                 f"{min(start + PAGE_ROWS, len(rows))} of {len(rows)}")
        self.prev_button.disabled = self.page == 0
        self.next_button.disabled = self.page >= pages - 1

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.values().items())
        return f"StudyPanel({self.study.name!r}, {shown})"


#: Rows of the summary table shown at once.
PAGE_ROWS = 25


def summary_html(summary: pd.DataFrame) -> str:
    """The summary table as HTML, numbers to four significant digits, sentinels blank.

    A missing value (``<NA>`` in a whole-number column such as ``place``, on the
    rows over every place) is left blank; so is -1 in a whole-number column
    whose other values are 0 and more, the old way of writing "not by this column".

    Examples
    --------
    >>> summary_html(pd.DataFrame({"estimate": [0.123456]})).count("0.1235")
    1
    >>> "-1" in summary_html(pd.DataFrame({"place": [0, 1, -1], "estimate": [1, 2, 3]}))
    False
    >>> "NA" in summary_html(pd.DataFrame({"place": pd.array([1, None], dtype="Int64")}))
    False
    """
    summary = summary.copy()
    for column in summary.columns:
        values = summary[column]
        if pd.api.types.is_integer_dtype(values) and (values == -1).any() \
                and (values[values != -1] >= 0).all():
            summary[column] = values.astype(object).where(values != -1, "")
        elif values.isna().any() and not pd.api.types.is_float_dtype(values):
            summary[column] = values.astype(object).where(values.notna(), "")  # <NA>
    table = summary.to_html(index=False, float_format=lambda x: f"{x:.4g}", na_rep="",
                            classes="simlab-summary", border=0)
    return SUMMARY_STYLE + table.replace('<tr style="text-align: right;">', "<tr>")


#: Heads over their columns (pandas right-aligns the heads, the browser left-aligns the
#: cells), a rule under the heads and room between the columns.
SUMMARY_STYLE = ("<style>.simlab-summary{border-collapse:collapse;font:13px/1.5 sans-serif}"
                 ".simlab-summary th,.simlab-summary td{text-align:left;padding:1px 14px 1px 0;"
                 "vertical-align:top}.simlab-summary thead th{border-bottom:1px solid #999}"
                 ".simlab-summary tbody tr:nth-child(even){background:#f6f6f6}</style>")
