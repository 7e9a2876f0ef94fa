"""The notebook layer, the top floor: a turn stepper for every game and study panels.

Widgets hold no rules: they drive games through the public API
(:mod:`simlab.core.api`) and studies through :func:`simlab.run_study`, and
draw with the games' renderers and the figures layer (:mod:`simlab.figures`).
Nothing but the command line and the notebooks imports this package.
Everything can be driven without a browser (``button.click()``), which is
how the tests use it.

- :class:`TurnStepper` — play or watch a game on its drawn board
  (``simlab.widgets.stepper``); its model, :class:`StepSession`, holds no
  widgets (``simlab.widgets.session``); its log is written by
  ``simlab.widgets.log``, its board and log views are anywidgets
  (``simlab.widgets.board_view``), its panels plain HTML (``simlab.widgets.panels``).
- :class:`StudyPanel` — a study's parameters, Run, summary and plot.
- :class:`TuneView` — a finished tuning run: its tables, Pareto front and
  proposals, and a picked trial's game opened in a TurnStepper.
- :mod:`simlab.widgets.render` — the renderer contract games follow.
"""

from __future__ import annotations

from simlab.widgets.render import render_state, state_summary
from simlab.widgets.session import HUMAN, StepSession
from simlab.widgets.stepper import TurnStepper
from simlab.widgets.study_panel import StudyPanel
from simlab.widgets.tune_view import TuneView

__all__ = ["HUMAN", "StepSession", "StudyPanel", "TuneView", "TurnStepper", "render_state",
           "state_summary"]
