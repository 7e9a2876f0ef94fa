"""TuneView: a finished tuning run, and a trial's game opened in the stepper.

A tuning run (``simlab tune``, :func:`simlab.lab.tune.tune`) leaves its
Optuna study in ``OUT/tune.db`` and its report (``trials.csv``,
``promoted.csv``, ``validated.csv``, ...) beside it.  The view shows, from
that folder:

- what the run was (game, seats, objective, trials, seeds) and the rulebook
  game's imbalance;
- the Pareto front figure (imbalance against distance from the rulebook,
  :func:`simlab.lab.tune_report.pareto_figure`), drawn for the page's width;
- the validated proposals (held-out verdicts under the strong player);
- the trial table, front first;
- a picker of the feasible trials (the front first, then the others by the
  upper bound of their imbalance), each labelled with what it moved and its
  imbalance, and an "Open in stepper" button: the trial's game (its options
  and component files, :func:`simlab.lab.tune.trial_game`) opens in a
  :class:`~simlab.widgets.stepper.TurnStepper` below, in place of the one
  opened before, with a line saying which trial is open and what it changed.

Examples
--------
>>> view = TuneView(EXAMPLE_RUN)
>>> view.picker.label.startswith("#")
True
>>> stepper = view.open()
>>> view.opened == view.picker.value
True
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

import ipywidgets as w
import pandas as pd

from simlab.core.errors import ConfigError
from simlab.lab.tune import TuneRun, TuneSettings, pareto_table, trial_game, trial_table
from simlab.widgets.figure_view import FigureView, for_width
from simlab.widgets.shown import ShownByWidget
from simlab.widgets.stepper import TurnStepper
from simlab.widgets.study_panel import summary_html

__all__ = ["EXAMPLE_RUN", "TuneView", "load_run", "trial_choices"]

#: A small finished run (Bedpans, 3 players, side balance) in the repository's
#: docs: the one the tuning notebook and its web app show.
EXAMPLE_RUN = Path(__file__).resolve().parents[2] / "docs" / "tuning" / "bedpans-3p-small"

#: The columns of the trial table as the view shows them.
TRIAL_COLUMNS = ["number", "state", "moved", "imbalance", "low", "high", "distance", "turns",
                 "games", "feasible", "same_as"]
#: The columns of the validated table as the view shows them.
VALIDATED_COLUMNS = ["trial", "moved", "question", "verdict", "fair", "estimate", "low",
                     "high", "games"]


def load_run(out: str | Path) -> tuple[TuneRun, str]:
    """The tuning run stored in the folder ``out``, and its study's name.

    The trial table and the Pareto front are read from the study
    (``out/tune.db``); the promoted and validated tables from the report's
    ``promoted.csv`` and ``validated.csv`` (empty when the run wrote none).

    Raises
    ------
    ConfigError
        ``out`` is not a folder, or holds no tuning run.

    Examples
    --------
    >>> run, name = load_run(EXAMPLE_RUN)
    >>> name, run.settings.players, len(run.trials)
    ('bedpans-side-balance', 3, 11)
    >>> try:
    ...     load_run(EXAMPLE_RUN.parent)
    ... except ConfigError as err:
    ...     print(str(err).split(":")[1])
     it has no tune.db (make one with `simlab tune GAME --out ...
    """
    import optuna

    from simlab.lab.space import parse_space
    from simlab.lab.tune import storage_url

    folder = Path(out)
    if not folder.is_dir():
        raise ConfigError(f"{out} is not a tuning run: no such folder")
    if not (folder / "tune.db").is_file():
        raise ConfigError(f"{out} is not a tuning run: it has no tune.db "
                          f"(make one with `simlab tune GAME --out {out}`)")
    url = storage_url(folder)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    try:
        names = sorted(s.study_name for s in optuna.get_all_study_summaries(url))
    except Exception as err:  # sqlalchemy's errors: not a database, another schema ...
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ConfigError(f"{out} is not a tuning run: {folder / 'tune.db'} cannot be "
                          f"read ({reason})") from None
    if not names:
        raise ConfigError(f"{out} is not a tuning run: {folder / 'tune.db'} holds no study")
    study = optuna.load_study(study_name=names[0], storage=url)
    attrs = study.user_attrs
    if "space_file" not in attrs or "settings" not in attrs:
        raise ConfigError(f"{out} is not a tuning run of simlab: study {names[0]!r} has no "
                          "space or settings")
    space = parse_space(attrs["space_file"]["text"], source=attrs["space_file"]["source"])
    settings = TuneSettings(**attrs["settings"], **_later_settings(attrs))
    tables = {name: _csv(folder / f"{name}.csv") for name in ("promoted", "validated")}
    run = TuneRun(settings, space, study, trial_table(study, space), pareto_table(study, space),
                  tables["promoted"], tables["validated"], attrs.get("baseline", {}))
    return run, names[0]


def _later_settings(attrs: dict[str, Any]) -> dict[str, Any]:
    """The promotion and validation settings a run's study keeps in its stored results' keys.

    The study stores only the settings its trials depend on; the promoted
    results are keyed ``"trial:strong:games"``, the validated ones
    ``"trial:strong:games:margin"``.

    Examples
    --------
    >>> _later_settings({"validated": {"rulebook:mcts-3:40:0.15": {}}})
    {'strong': 'mcts-3', 'validate_games': 40, 'margin': 0.15}
    """
    found: dict[str, Any] = {}
    for key in attrs.get("promoted", {}):
        _, strong, games = key.rsplit(":", 2)
        found.update(strong=strong, promote_games=int(games))
    for key in attrs.get("validated", {}):
        _, strong, games, margin = key.rsplit(":", 3)
        found.update(strong=strong, validate_games=int(games), margin=float(margin))
    return found


def _csv(path: Path) -> pd.DataFrame:
    """The table in ``path``; empty when the file is missing or empty."""
    if not path.is_file() or path.stat().st_size <= 1:
        return pd.DataFrame()
    return pd.read_csv(path)


def trial_choices(run: TuneRun) -> list[tuple[str, int]]:
    """The feasible finished trials as ``(label, number)``: the front first, then by bound.

    A trial that took the result of an earlier one with the same values
    (``same_as``) is left out: the earlier one stands for it.

    Examples
    --------
    >>> run, _ = load_run(EXAMPLE_RUN)
    >>> label, number = trial_choices(run)[0]
    >>> number == int(run.pareto.number.iloc[0]), "front" in label
    (True, True)
    """
    trials = run.trials
    done = trials[(trials.state == "complete") & trials.feasible & trials.same_as.isna()]
    front = [int(n) for n in run.pareto.number]
    rest = done[~done.number.isin(front)].sort_values(["high", "distance", "number"])
    rows = done.set_index("number")
    out = []
    for number in [*front, *(int(n) for n in rest.number)]:
        row = rows.loc[number]
        where = "front" if number in front else "off the front"
        out.append((f"#{number} ({where}) {row.moved}: imbalance {row.imbalance:.3f} "
                    f"(≤ {row.high:.3f})", number))
    return out


class TuneView(ShownByWidget):
    """A finished tuning run: tables, Pareto front, proposals, and trials opened to play.

    Parameters
    ----------
    out : str or Path
        The run's output folder (``simlab tune ... --out OUT``).
    run : TuneRun, optional
        The run as :func:`simlab.lab.tune.tune` returned it (read from ``out``
        otherwise).
    seed : int
        The seed of the games opened in the stepper.
    width : int
        The figure's width in px until the page says how wide the view is.

    Attributes
    ----------
    run : TuneRun
        The run shown.
    stepper : TurnStepper or None
        The stepper of the trial opened last.
    opened : int or None
        The number of that trial.

    Raises
    ------
    ConfigError
        ``out`` holds no tuning run, or the run has no feasible trial to open.
    """

    def __init__(self, out: str | Path, run: TuneRun | None = None, seed: int = 0,
                 width: int = 900) -> None:
        self.out = Path(out)
        loaded, self.study_name = load_run(self.out)
        self.run = run if run is not None else loaded
        self.seed = seed
        self.width = width
        self.stepper: TurnStepper | None = None
        self.opened: int | None = None
        choices = trial_choices(self.run)
        if not choices:
            raise ConfigError(f"the tuning run in {out} has no feasible finished trial to open")
        self.figure = FigureView(alt="Pareto front")
        self.figure.observe(lambda _: self._draw(), names="width")
        self.picker = w.Dropdown(options=choices, value=choices[0][1], description="trial",
                                 layout=w.Layout(width="100%", max_width="78em"),
                                 style={"description_width": "initial"})
        self.open_button = w.Button(description="Open in stepper", button_style="primary",
                                    tooltip="play the picked trial's game (its options and "
                                            "components) in the stepper below",
                                    layout=w.Layout(width="auto", min_width="11em"))
        self.open_button.add_class("simlab-tune-open")
        self.open_button.on_click(lambda _: self.open())
        self.status = w.HTML()
        self.status.add_class("simlab-tune-status")
        self.stepper_box = w.VBox([])
        self.widget = w.VBox([
            w.HTML(self._head_html()),
            self.figure,
            w.HTML(self._validated_html()),
            w.HTML(self._trials_html()),
            w.HTML("<h3>Play a trial</h3>"),
            w.HBox([self.picker, self.open_button],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.status,
            self.stepper_box,
        ], layout=w.Layout(width="100%"))
        self.widget.add_class("simlab-tune-view")
        self._draw()

    # -- the run ----------------------------------------------------------------------------
    def _head_html(self) -> str:
        s, base = self.run.settings, self.run.baseline
        finished = self.run.trials[self.run.trials.state.isin(["complete", "pruned"])]
        pruned = int((self.run.trials.state == "pruned").sum())
        lines = [f"<h2>Tuning {html.escape(s.game)}, {s.players} players, for "
                 f"{html.escape(s.objective)}</h2>",
                 f"<p>Run in <code>{html.escape(str(self.out))}</code>: {len(finished)} "
                 f"finished trials ({pruned} pruned), each {s.blocks * s.block_games} games of "
                 f"'{html.escape(s.cheap)}' on every seat, root seed {s.seed}; space "
                 f"{html.escape(', '.join(k.name for k in self.run.space.knobs))}.</p>"]
        if base:
            lines.append(f"<p>The rulebook game: imbalance {base['imbalance']:.3f} "
                         f"[{base['low']:.3f}, {base['high']:.3f}] over {base['games']} games, "
                         f"{base['turns']:.1f} turns.</p>")
        return "".join(lines)

    def _validated_html(self) -> str:
        validated = self.run.validated
        head = "<h3>Validated on held-out seeds</h3>"
        if validated.empty:
            return head + "<p>No trial was validated in this run.</p>"
        proposals = self.run.proposals
        said = ("<p>Balanced on held-out seeds (these count): "
                + "; ".join(f"trial {html.escape(str(r.trial))}: {html.escape(str(r.moved))}"
                            for _, r in proposals.iterrows()) + ".</p>"
                if not proposals.empty else
                "<p>No change was found balanced on held-out seeds.</p>")
        shown = validated[[c for c in VALIDATED_COLUMNS if c in validated.columns]]
        return head + said + summary_html(shown)

    def _trials_html(self) -> str:
        trials = self.run.trials
        front = [int(n) for n in self.run.pareto.number]
        order = {n: i for i, n in enumerate(front)}
        ranked = trials.assign(
            front=trials.number.isin(front),
            _order=[order.get(int(n), len(front)) for n in trials.number],
        ).sort_values(["_order", "high", "number"])
        shown = ranked[["front", *[c for c in TRIAL_COLUMNS if c in ranked.columns]]]
        return ("<h3>Trials (the Pareto front first)</h3>"
                "<div class='simlab-tune-table' style='max-height:22em;overflow:auto'>"
                + summary_html(shown) + "</div>")

    def _draw(self) -> None:
        """Draw the Pareto front for the width the page gives it."""
        import matplotlib.pyplot as plt

        from simlab.lab.tune_report import pareto_figure

        fig = pareto_figure(self.run)
        self.figure.show(for_width(fig, self.figure.width or self.width))
        plt.close(fig)  # shown by the view only, not again by the notebook's backend

    # -- a trial in the stepper -------------------------------------------------------------
    def open(self, number: int | None = None) -> TurnStepper:
        """Open trial ``number`` (default: the picked one) in the stepper, replacing the last."""
        if number is None:
            number = int(self.picker.value)
        elif number not in {n for _, n in self.picker.options}:
            raise ConfigError(f"trial {number} is not a feasible finished trial of the run "
                              f"in {self.out}")
        else:
            self.picker.value = number
        game = trial_game(self.out, number, study_name=self.study_name)
        self.stepper = TurnStepper(game, seed=self.seed)
        self.opened = number
        self.stepper_box.children = [self.stepper.widget]
        self.status.value = self._opened_html(number, game)
        return self.stepper

    def _opened_html(self, number: int, game: Any) -> str:
        row = self.run.trials.set_index("number").loc[number]
        options = ", ".join(f"{k.name} = {game.options[k.name]}" for k in self.run.space.knobs
                            if k.kind == "option")
        made = game.component_set
        parts = ("the shipped components" if made.is_shipped
                 else f"the components in <code>{html.escape(str(made.folder))}</code>")
        imbalance = "" if math.isnan(row.imbalance) else f", imbalance {row.imbalance:.3f}"
        return (f"<p><b>Trial {number} is open below</b>: it changed "
                f"<b>{html.escape(str(row.moved))}</b>{imbalance}. Options: "
                f"{html.escape(options)}; {parts}.</p>")

    def __repr__(self) -> str:
        opened = "" if self.opened is None else f", trial {self.opened} open"
        return (f"TuneView({str(self.out)!r}, {len(self.run.trials)} trials, "
                f"{len(self.run.pareto)} on the front{opened})")
