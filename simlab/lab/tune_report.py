"""The files of a tuning run: the trial table, the Pareto front, the figures, the summary.

:func:`write_report` writes into the output folder:

``trials.csv``
    One row per trial (:func:`simlab.lab.tune.trial_table`).
``pareto.csv``, ``pareto.png``
    The Pareto front of imbalance against distance from the rulebook, among
    the feasible finished trials, ranked by the imbalance's upper bound.
``history.png``
    The optimisation history (Optuna's ``plot_optimization_history`` on the
    imbalance).
``importances.png``
    Parameter importances for the imbalance (``plot_param_importances`` with
    Optuna's PED-ANOVA evaluator: its fANOVA one needs scikit-learn).
``promoted.csv``, ``validated.csv``
    The strong player's scores of the promoted trials; the held-out verdicts.
``summary.md``
    The command, seeds, commit and date; the rulebook game; the front; the
    promoted and validated trials; the proposals that count (balanced on
    held-out seeds) or, if none, the best found.
"""

from __future__ import annotations

import datetime as _dt
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pandas as pd

from simlab.lab.tune import TuneRun, held_out_seed

__all__ = ["pareto_figure", "write_report"]

_LABEL = {"seat-balance": "seat imbalance (largest - smallest seat win share)",
          "side-balance": "side imbalance |first side's win share - 1/2|",
          "length": "length gap |mean turns - target| / target"}


def _commit() -> str:
    try:
        done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, cwd=Path(__file__).parent, timeout=10, check=False)
    except OSError:
        return "unknown"
    return done.stdout.strip() or "unknown"


def write_report(run: TuneRun, out: str | Path, *, command: str = "") -> list[Path]:
    """Write the tables, figures and summary of ``run`` into ``out``; return the files."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, table in (("trials", run.trials), ("pareto", run.pareto),
                        ("promoted", run.promoted), ("validated", run.validated)):
        path = folder / f"{name}.csv"
        table.to_csv(path, index=False)
        written.append(path)
    import matplotlib

    # optuna's matplotlib plots switch the whole process to the ggplot style, and its
    # warnings filters would outlive the report: keep both to the report's own figures
    with matplotlib.rc_context(), warnings.catch_warnings():
        written += _figures(run, folder)
    summary = folder / "summary.md"
    summary.write_text(_summary(run, command), encoding="utf-8")
    written.append(summary)
    return written


def _figures(run: TuneRun, folder: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import optuna
    from optuna.visualization import matplotlib as ovm

    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    label = _LABEL[run.settings.objective]
    written = []

    fig = pareto_figure(run)
    path = folder / "pareto.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    written.append(path)

    done = run.trials[run.trials.state == "complete"]
    if len(done) >= 1:
        ax = ovm.plot_optimization_history(run.study, target=lambda t: t.values[0],
                                           target_name="imbalance")
        ax.set_title("", loc="left")
        figure: Any = ax.figure
        figure.set_size_inches(7.5, 4.5)
        ax.set_title(f"{run.settings.game}: optimisation history ({run.settings.objective}; "
                     "grey: outside the length band)", fontsize=10)
        ax.set_ylabel(label, fontsize=8)
        ax.legend(loc="best", fontsize=8)
        figure.tight_layout()
        path = folder / "history.png"
        figure.savefig(path, dpi=110)
        plt.close(figure)
        written.append(path)
    path = folder / "importances.png"
    try:
        warnings.filterwarnings("ignore", message="PedAnovaImportanceEvaluator computes")
        ax = ovm.plot_param_importances(
            run.study, target=lambda t: t.values[0], target_name="imbalance",
            evaluator=optuna.importance.PedAnovaImportanceEvaluator())
        figure = ax.figure
        figure.set_size_inches(7.5, 0.5 + 0.4 * max(3, len(run.space.knobs)))
        ax.set_title("", loc="left")  # optuna's own title, on the left
        ax.set_title(f"{run.settings.game}: which knob moves the imbalance (PED-ANOVA)",
                     fontsize=10)
        ax.set_ylabel("knob")
        ax.set_xlabel("importance for the imbalance")
        figure.tight_layout()
        figure.savefig(path, dpi=110)
        plt.close(figure)
        written.append(path)
    except (RuntimeError, ValueError, ZeroDivisionError, IndexError) as err:  # too few trials
        fig, ax = plt.subplots(figsize=(7.5, 2))
        ax.axis("off")
        ax.text(0.5, 0.5, f"no importances: {str(err).splitlines()[0][:90]}", ha="center")
        fig.savefig(path, dpi=110)
        plt.close(fig)
        written.append(path)
    return written


def pareto_figure(run: TuneRun) -> Any:
    """The finished trials, imbalance against distance, the Pareto front with intervals."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 5))
    _pareto_axes(ax, run, _LABEL[run.settings.objective])
    fig.tight_layout()
    return fig


def _pareto_axes(ax: Any, run: TuneRun, label: str) -> None:
    trials = run.trials
    done = trials[trials.state == "complete"]
    feasible, infeasible = done[done.feasible], done[~done.feasible]
    ax.scatter(feasible.distance, feasible.imbalance, s=22, color="0.55",
               label="finished trial")
    if not infeasible.empty:
        ax.scatter(infeasible.distance, infeasible.imbalance, s=22, marker="x", color="0.75",
                   label="outside the length band")
    front = run.pareto.sort_values("distance")
    if not front.empty:
        ax.errorbar(front.distance, front.imbalance,
                    yerr=[front.imbalance - front["low"], front["high"] - front.imbalance],
                    fmt="o-", color="tab:blue", capsize=3, label="Pareto front (95% interval)")
        for _, row in front.iterrows():
            ax.annotate(f"#{int(row.number)}", (row.distance, row.imbalance),
                        textcoords="offset points", xytext=(5, 4), fontsize=8)
    base = run.baseline
    if base:
        ax.axhline(base["imbalance"], color="tab:red", lw=1, ls="--",
                   label=f"rulebook game {base['imbalance']:.3f}")
    if run.settings.objective != "length":
        ax.axhspan(0, run.settings.margin, color="tab:green", alpha=0.12,
                   label=f"within ±{run.settings.margin:g} of fair")
    ax.set_xlabel("distance from the rulebook (each moved knob 0.5 to 1)")
    ax.set_ylabel(label, fontsize=8)
    s = run.settings
    ax.set_title(f"{s.game}, {s.players} players: {s.objective} under '{s.cheap}' "
                 f"({s.blocks * s.block_games} games a trial)", fontsize=10)
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8, loc="best")


def _table(frame: pd.DataFrame, columns: list[str]) -> str:
    if frame.empty:
        return "(none)\n"
    shown = frame[[c for c in columns if c in frame.columns]]
    head = "| " + " | ".join(shown.columns) + " |"
    rule = "|" + "---|" * len(shown.columns)
    body = []
    for _, row in shown.iterrows():
        cells = [f"{v:.3f}" if isinstance(v, float) else str(v) for v in row]
        body.append("| " + " | ".join(cells) + " |")
    return "\n".join([head, rule, *body]) + "\n"


def _summary(run: TuneRun, command: str) -> str:
    s = run.settings
    finished = run.trials[run.trials.state.isin(["complete", "pruned"])]
    pruned = int((run.trials.state == "pruned").sum())
    now = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"# Tuning {s.game} for {s.objective}",
        "",
        f"- command: `{command or '(from Python)'}`",
        f"- commit {_commit()}, {now}",
        f"- {s.players} players; space `{run.space.source}` ({len(run.space.knobs)} knobs: "
        f"{', '.join(k.name for k in run.space.knobs)})",
        f"- search: {len(finished)} finished trials ({pruned} pruned by the paired Wilcoxon "
        f"test, p < {s.prune_p:g}), each {s.blocks} blocks of {s.block_games} games, "
        f"'{s.cheap}' on every seat, root seed {s.seed} (games 0-{s.blocks * s.block_games - 1}"
        f" of every trial the same)",
        f"- length band: mean turns within ±{s.band:.0%} of the rulebook game's"
        if s.objective != "length" else f"- target: {s.target:g} turns",
        f"- promotion: the {s.promote} best of the front by the upper bound, "
        f"{s.promote_games} games of '{s.strong}' on every seat (search seeds)",
        f"- validation: the {s.validate} best promoted and the rulebook game, at most "
        f"{s.validate_games} games of '{s.strong}' on held-out seeds (root seed "
        f"{held_out_seed(s.seed)}), balance verdict within ±{s.margin:g}",
        "",
        "## The rulebook game",
        "",
    ]
    base = run.baseline
    if base:
        lines.append(f"Imbalance {base['imbalance']:.3f} [{base['low']:.3f}, {base['high']:.3f}] "
                     f"over {base['games']} games of '{s.cheap}', {base['turns']:.1f} turns.")
    knobs = [k.name for k in run.space.knobs]
    lines += ["", "## Pareto front (search, cheap players)", "",
              "Ranked by the upper bound of the imbalance (`high`), not the estimate.", "",
              _table(run.pareto, ["number", "moved", "imbalance", "low", "high", "distance",
                                  "turns"]),
              "## Promoted to the strong player (search seeds)", "",
              _table(run.promoted, ["trial", "moved", "cheap_imbalance", "strong_imbalance",
                                    "strong_low", "strong_high", "strong_turns",
                                    "strong_games"]),
              "## Validated on held-out seeds", "",
              "For seat balance, the row shown is the question farthest from its fair "
              "share; the verdict is *balanced* only if every question of the balance report "
              "is.", "",
              _table(run.validated, ["trial", "moved", "question", "verdict", "fair",
                                     "estimate", "low", "high", "games"]),
              "## Proposals", ""]
    proposals = run.proposals
    if not proposals.empty:
        lines.append("Balanced on held-out seeds under the strong player (these count):")
        lines.append("")
        for _, row in proposals.iterrows():
            lines.append(f"- trial {row.trial}: {row.moved} ({row.question} "
                         f"{row.estimate:.3f} [{row.low:.3f}, {row.high:.3f}], "
                         f"{row.games} games; distance {row.distance:.2f})")
    else:
        best = run.promoted.head(1) if not run.promoted.empty else run.pareto.head(1)
        lines.append("No change in the space was found balanced on held-out seeds.")
        if not best.empty:
            row = best.iloc[0]
            value = row.get("strong_imbalance", row.get("imbalance"))
            lines.append(f"The best found: {row.moved} (imbalance {value:.3f}).")
    lines += ["", "Knobs: " + ", ".join(knobs), ""]
    return "\n".join(lines)
