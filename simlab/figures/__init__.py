"""Figures: the matplotlib helpers that studies, renderers and notebooks share.

The figures layer sits above :mod:`simlab.core` and below the games: it
imports core (statistics, the registry) and nothing of a game or of the
notebook layer, and the games, the command line and :mod:`simlab.widgets`
draw with it.  Every helper builds a :class:`matplotlib.figure.Figure` (or
draws into the ``ax`` it is given) and touches no pyplot state, so it works
in notebooks, scripts, tests and worker processes alike.

- :mod:`.limits` — a figure's size and when an interval says nothing (no
  matplotlib: the command line reads them too).
- :mod:`.axes` — a new figure's axes, whole-number ticks.
- :mod:`.intervals` — intervals that show, forest plots.
- :mod:`.distributions` — observed distributions and proportions, exact values marked.
- :mod:`.survival` — Kaplan–Meier curves with their bands.
- :mod:`.heatmap` — node values over a board graph.
- :mod:`.board` — what the games' board renderers share: places, legible text.
- :mod:`.legend` — legend entries of board pictures (a mark, a line, a note).
- :mod:`.png` — a figure as PNG bytes (a renderer's picture, the notebook's image).
- :mod:`.summary` and :mod:`.ladder` — the figures a study declares by name.

A study declares its figure (:class:`simlab.core.study.Study` ``plot``): a
function of its own (a game's studies draw theirs with these helpers) or
the name of a figure in :data:`FIGURES`.  Importing this package (``import
simlab`` does) registers each named figure with :mod:`simlab.core.registry`
as a lazy ``"module:function"`` path, the way the games register
themselves, so that core names no figure and draws nothing, and listing
them imports no matplotlib.

Examples
--------
>>> import simlab
>>> from simlab.core.registry import figure_names
>>> figure_names() == sorted(FIGURES)
True
"""

from __future__ import annotations

from simlab.core.registry import register_figure

#: Figure name -> "module:function" drawing it from a study result.
FIGURES = {
    "summary": "simlab.figures.summary:summary_figure",
    "policy-ladder": "simlab.figures.ladder:ladder_figure",
}

for _name, _path in FIGURES.items():
    register_figure(_name, _path)
