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
from simlab.widgets.render import figure_png, png_html

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


class StudyPanel:
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
    **params
        Starting values of the study's parameters.

    Attributes
    ----------
    result : StudyResult or None
        The last run's result.
    """

    def __init__(self, name: str | Study, games: int | None = None, seed: int = 0,
                 jobs: int = 1, dpi: int = 72, **params: Any) -> None:
        self.study = name if isinstance(name, Study) else get_study(name)
        self.dpi = dpi
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
        self.figure = w.HTML()
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
        self.table.value = summary_html(result.summary)
        self.figure.value = png_html(figure_png(result.plot(), dpi=self.dpi), alt="study figure")
        return result

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.values().items())
        return f"StudyPanel({self.study.name!r}, {shown})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = repr(self)
        return bundle


def summary_html(summary: pd.DataFrame) -> str:
    """The summary table as HTML, numbers to four significant digits.

    Examples
    --------
    >>> summary_html(pd.DataFrame({"estimate": [0.123456]})).count("0.1235")
    1
    """
    return summary.to_html(index=False, float_format=lambda x: f"{x:.4g}", na_rep="",
                           classes="simlab-summary", border=0)
