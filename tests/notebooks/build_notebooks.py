"""Write notebooks/*.ipynb from the cell texts below and store their outputs.

Run from the repository root: ``python tests/notebooks/build_notebooks.py``
(add ``--no-execute`` to only write them; name words such as ``bedpans`` to
write and execute only the notebooks whose file names contain them).  Outputs are stored by
``jupyter nbconvert --to notebook --execute --inplace`` with the repository on
``PYTHONPATH``, the same environment the nbval run uses.  One stepping
notebook per registered game and one notebook per registered study.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT))

import simlab  # noqa: E402
from simlab.core.study import get_study  # noqa: E402

#: Small stored parameters of each study notebook (each runs in seconds).
STUDY_ARGS: dict[str, dict[str, object]] = {
    "bad-doctor-complications": {"games": 200, "players": ("2", "4"), "mixes": ("random",),
                                 "variation": "off"},
    "bad-doctor-seats": {"games": 300},
    "bedpans-movement": {"games": 20000},
    "bedpans-stuff": {"games": 76, "kinds": ("Hurry Up", "Laughing Gas", "Detector",
                                             "Flying Bedpan")},
    "bedpans-variants": {"games": 36, "players": ("3",), "round_limit": 30},
    "broom-service-scores": {"games": 100, "players": 3},
    "broom-service-steals": {"games": 200, "players": ("3", "4")},
    # ladders: few games and tiny search budgets, so that each notebook runs in seconds
    "bad-doctor-ladder": {"games": 12, "policies": ("random", "greedy", "mcts-10")},
    "bedpans-ladder": {"games": 6, "policies": ("random", "heuristic", "mcts-3")},
    "broom-service-ladder": {"games": 9, "policies": ("random", "heuristic", "mcts-3")},
    "hospital-rush-ladder": {"games": 9, "policies": ("random", "greedy", "mcts-3")},
}
#: Players and seed of each stepping notebook.
STEPPER_ARGS: dict[str, dict[str, int]] = {
    "broom_service": {"players": 3, "seed": 7},
    "bad_doctor": {"players": 2, "seed": 7},
}
#: Extra cells of a study notebook, after the panel: each reads the panel's latest result,
#: so running it again after **Run** redraws it from the new games.
STUDY_EXTRA: dict[str, list[tuple[str, str]]] = {
    "bedpans-variants": [
        ("md", """
         Each Variation against the rulebook's label: `change` is the Elder win rate with
         the Variation minus without it, on the same seeds, with a 95% interval
         `low`–`high`. `simulated` says "favors Elders" when the interval lies above 0,
         "favors Staff" below it, "neutral" when it holds 0; `agrees` is False where the
         simulation disagrees with the rulebook's label (with few games most intervals hold
         0: raise `games` before reading a disagreement as real; the findings run is in
         `docs/studies/bedpans/studies.md`).
         """),
        ("code", """
         from simlab.games.bedpans.stuff_studies import verdicts

         verdicts(panel.result.games)  # the panel's latest games: run again after Run
         """),
    ],
    "bedpans-stuff": [
        ("md", """
         Each kind's `worth`: the holder's win rate with it minus without it, on the same
         seeds, with a 95% interval `worth_low`–`worth_high` of the paired differences. An
         interval holding 0 says this many games cannot tell the kind from no Stuff; the
         findings run (its plan: thousands of pairs) is `docs/studies/bedpans/studies.md`.
         """),
        ("code", """
         from simlab.games.bedpans.stuff_studies import worth

         worth(panel.result.games)  # the panel's latest games: run again after Run
         """),
    ],
    "bad-doctor-complications": [
        ("md", """
         The same games, drawn with the shared helper `survival_plot` (a Kaplan–Meier
         step function): the share of Patients not yet dead, by turns since arrival.
         A Patient who was cured or still in hospital when the game ended is *censored*:
         it counts as at risk until it left, and not as a death.
         """),
        ("code", """
         from simlab.core.stats import kaplan_meier
         from simlab.figures.survival import survival_plot

         games = panel.result.games  # the panel's latest games: run again after Run
         groups = {f"{p} players": (part.duration, part.status == "died")
                   for p, part in games.groupby("players")}
         survival_plot(groups, title="Patients not dead", xlabel="turns since arrival")
         """),
        ("code", """
         two = games[games.players == 2]
         kaplan_meier(two.duration, two.status == "died").head(8)
         """),
    ],
    "broom-service-scores": [
        ("md", """
         The final VP of every seat, as a distribution (the shared helper
         `distribution_plot`); games where a policy wins more often sit further right.
         """),
        ("code", """
         from simlab.figures.distributions import distribution_plot

         vp = (panel.result.games.vp // 10 * 10).astype(int)  # run again after Run
         distribution_plot(vp, xlabel="final VP (bins of 10)", title="Final VP, all seats")
         """),
    ],
}


def _cell(kind: str, text: str) -> nbformat.NotebookNode:
    source = textwrap.dedent(text).strip("\n")
    if kind == "md":
        return nbformat.v4.new_markdown_cell(source)
    return nbformat.v4.new_code_cell(source)


def _write(name: str, cells: list[tuple[str, str]]) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.cells = [_cell(kind, text) for kind, text in cells]
    path = NOTEBOOKS / name
    nbformat.write(nb, path)
    return path


def tour() -> list[tuple[str, str]]:
    return [
        ("md", """
         # A tour of simlab

         simlab simulates tabletop games so that designers, playtesters and curious
         players can **step through turns on a drawn board** and answer **"how likely
         is …"** questions with Monte Carlo studies whose answers carry confidence
         intervals (and exact values where they exist).

         The registered games are listed below (`simlab.study_names()` lists the
         studies). This notebook loads a game, steps it, draws its board graph, and runs
         a small study. Every number below comes from a fixed seed, so it reads the same on
         every run.
         """),
        ("code", """
         %matplotlib inline
         import simlab

         simlab.game_names()
         """),
        ("md", """
         ## A game and a state

         `load_game` builds a game with its options; `new_initial_state()` is the
         position before the first action. `current_player` is a seat number, or
         `simlab.CHANCE` (-1) while dice, draws and shuffles are pending.
         """),
        ("code", """
         game = simlab.load_game("broom_service", players=3)
         state = game.new_initial_state()
         state.current_player, [str(a) for a, p in state.chance_outcomes()[:3]]
         """),
        ("md", """
         `simlab.play` plays a whole game with a seed and returns a **game record**: every
         applied action in the rulebook's words, chance included. `simlab.replay` rebuilds
         the final position from the record alone, without any random numbers.
         """),
        ("code", """
         record = simlab.play(game, policies=["heuristic", "brave", "cowardly"], seed=7)
         print(len(record.actions), "actions; the first three:")
         print("\\n".join(record.actions[:3]))
         final = simlab.replay(record)
         final.outcome
         """),
        ("md", """
         ## Stepping through a game

         `TurnStepper` shows the board drawn by the game's renderer, the event log and a
         small table. **Step** applies one action (chance included), **Turn** steps on to
         the next player's decision, **Back** undoes one action by replaying the record,
         **Play** animates. Choose `human` for a seat to take its decisions yourself, and
         "seen by" to look at the game through one seat's eyes (hidden cards stay hidden).
         With the same seed and no human seat it plays exactly the game `simlab.play`
         recorded above.
         """),
        ("code", """
         from simlab.widgets import TurnStepper

         stepper = TurnStepper(game, policies=["heuristic", "brave", "cowardly"], seed=7)
         stepper
         """),
        ("md", """
         The stepper can also be driven from code; the last lines of its log:
         """),
        ("code", """
         for _ in range(3):
             stepper.turn()
         print("\\n".join(stepper.log_text()[-4:]))
         stepper.session.record().actions == record.actions[: stepper.session.moves]
         """),
        ("md", """
         ## The board is a graph

         Every game builds its board as a `networkx` graph from its data files. Here the
         realm of Broom Service, coloured by how often a witch pawn ends the game in each
         region over 30 seeded games (the shared helper `board_heatmap`).
         """),
        ("code", """
         from collections import Counter

         from simlab.games.broom_service.board import realm_graph
         from simlab.figures.heatmap import board_heatmap

         ends = Counter()
         for seed in range(30):
             last = simlab.replay(simlab.play(game, "heuristic", seed=seed))
             ends.update(region for pawns in last.pawns for region in pawns)
         board_heatmap(realm_graph(), ends, title="Where witches end the game (30 games)",
                       label="pawns")
         """),
        ("md", """
         ## A small study and its intervals

         `run_study` plays many seeded games and summarizes them. Each row is one
         quantity: `estimate` with its 95% interval `low`–`high` (Wilson for proportions,
         Student t for means) over `n` observations, and `exact` where a closed form is
         known. Here: how often a brave claim is stolen, by the claimer's place in the
         follow order. Where `exact` is filled, the interval should usually contain it.
         """),
        ("code", """
         result = simlab.run_study("broom-service-steals", games=200, seed=1, players=("3",),
                                   policies=("brave",))
         first = result.summary[result.summary.scope == "first turn"]
         first[["players", "place", "quantity", "estimate", "low", "high", "n", "exact"]]
         """),
        ("code", """
         result.plot()
         """),
        ("md", """
         More: one stepping notebook per game (`<game>-stepper.ipynb`, also served as web
         apps with Voilà) and one notebook per study (`study-<name>.ipynb`).
         """),
    ]


def stepper_notebook(name: str) -> list[tuple[str, str]]:
    """A stepping notebook: a page of prose and the app, nothing else (it is a web app too)."""
    args = STEPPER_ARGS.get(name, {})
    game = simlab.load_game(name, players=args.get("players"))
    seed = args.get("seed", 7)
    title = game.TITLE or name
    return [
        ("md", f"""
         # {title}
         """),
        ("code", f"""
         from simlab.widgets import TurnStepper

         TurnStepper({name!r}, players={game.players}, seed={seed})
         """),
        ("md", """
         Play or watch a game on its board. The seats start with the game's own
         heuristic players, so **Play** runs a whole game by itself; set a seat to
         `human` and click **Reset** to take its decisions yourself: click an orange
         place on the board, or pick an action in the list and click **Do it**.

         - **Step** applies one action (dice, draws and shuffles included), **Turn** goes
           on to the next player's decision, **Back** undoes one action. A click on a line
           of the log goes to that move; the later moves stay, greyed, and Step replays them.
         - **seen by** shows the game as one player sees it: what that player cannot know
           is drawn face down, and the seat panel shows that player's hand and resources.
         - The board is scaled to its frame, beside the buttons and the whose-turn line,
           so both stay in sight on a laptop's screen (1366 × 768); − and + zoom, **fit**
           scales it back. The legend names every symbol; its labels are the names the
           actions use. The last action is ringed in red; at the end a banner names the
           winners.
         - A choice in the action list is previewed on the board before **Do it**; the
           list opens on the group of the move the game's own heuristic would make.
         - In the web app the browser keeps the game: a reload goes on with it (Reset
           starts again).
         - **Save / Load** a game record (plain JSON) to share or replay it later.

         The same seed with no human seat always plays the same game as
         `simlab.play(game, policies, seed)`. Serve this page as an app with
         `simlab-app notebooks/<game>-stepper.ipynb`.
         """),
    ]


def study_notebook(name: str) -> list[tuple[str, str]]:
    study = get_study(name)
    args = dict(STUDY_ARGS.get(name, {"games": min(study.default_games, 100)}))
    games = args.pop("games")
    params = "".join(f", {k}={v!r}" for k, v in args.items())
    rows = "\n".join(f"         | `{p.name}` | `{p.default!r}` | {p.help} |" for p in study.params)
    cells = [
        ("md", f"""
         # Study `{name}`

         **{study.title}**

         {study.description}

         Its parameters:

         | parameter | default | meaning |
         | --- | --- | --- |
{rows}

          The panel below has a control for each of them, the number of games, the seed and
         the number of worker processes. **Run** plays the games (the bar fills chunk by
         chunk) and shows, in the panel, the summary and the study's figure; both change
         with every Run. The notebook runs a small seeded study so it finishes in seconds;
         raise `games` for tighter intervals, and the figure writes "too few games" where
         an interval is too wide to say anything.

         The summary has one row per quantity and group: `estimate` with its 95% interval
         `low`–`high` (Wilson score interval for proportions, Student t for means) over
         `n` observations; `exact` holds the exact value where one is known, and then the
         interval should contain it in about 95% of runs.
         """),
        ("code", f"""
         %matplotlib inline
         import pandas as pd

         from simlab.widgets import StudyPanel

         pd.set_option("display.max_rows", 40)
         panel = StudyPanel({name!r}, games={games}, seed=1{params})
         result = panel.run()
         panel
         """),
        ("md", """
         The line below sums up the first run's numbers (seed 1). The notebook tests
         run this notebook again and compare the line with the stored one, so it says
         whether the same seed still gives the same numbers; it is not updated by **Run**.
         """),
        ("code", """
         summary = result.summary
         print(f"{len(summary)} summary rows from {result.params['games']} games, seed "
               f"{result.params['seed']}: the estimates sum to {summary.estimate.sum():.6g}, "
               f"the n to {int(summary.n.sum())}")
         """),
    ]
    return cells + STUDY_EXTRA.get(name, [])


def components_notebook() -> list[tuple[str, str]]:
    """Two component sets compared on matched seeds, one example a game (issue 18)."""
    return [
        ("md", """
         # Comparing component sets

         Every result rests on the component files. Here each game is played on the
         shipped set (**a**) and on an edited copy (**b**) on the same seeds, and each
         quantity's difference **a − b** gets a *paired* 95% interval (the games are the
         pairs: `simlab.core.stats.paired_ratio_difference`). The edits are made with
         `simlab data export` and a text editor in practice; here a regular expression
         does them. Few games keep this notebook fast: raise `games` for real answers.
         """),
        ("code", """
         import re
         import tempfile
         from pathlib import Path

         import simlab
         from simlab.core.data import export_data

         ROOT = Path(tempfile.mkdtemp())

         def edited(game, file, pattern, change):
             \"\"\"A copy of the shipped files of `game` with `pattern` replaced in `file`.\"\"\"
             folder = ROOT / game
             export_data(game, folder)
             path = folder / file
             text, n = re.subn(pattern, change, path.read_text(encoding="utf-8"), flags=re.M)
             path.write_text(text, encoding="utf-8")
             print(f"{game}: {n} lines of {file} changed")
             return folder

         COLUMNS = ["quantity", "a", "b", "difference", "low", "high", "n", "method"]
         {game: simlab.load_game(game).component_set.label for game in simlab.game_names()}
         """),
        ("md", """
         ## Bad Doctor: one more cube space on every Patient

         The cube spaces of the Patients are reconstructed. With one more each, fewer
         Patients die (`died` and `deaths` fall: the difference a − b is above 0).
         """),
        ("code", """
         roomy = edited("bad_doctor", "patients.txt", r"^(\\S+\\s+\\S+\\s+\\S+\\s+)(\\d)",
                        lambda m: m[1] + str(int(m[2]) + 1))
         bd = simlab.run_study("bad-doctor-complications", games=12, seed=1, compare_data=roomy,
                               players=("2",), mixes=("random",), variation="off")
         bd.summary[COLUMNS].round(3)
         """),
        ("md", """
         ## Broom Service: every tower worth one more victory point

         The towers' values are reconstructed. Worth more, they raise every seat's
         victory points (`vp`: a − b below 0). This study's summary groups rows by a
         column it derives (`level`), which the games table lacks, so its rows cannot be
         paired: their `method` says `unpaired`: they combine the two intervals as independent.
         """),
        ("code", """
         richer = edited("broom_service", "towers.txt", r"^(T\\d+ \\| [^|]+\\| \\w+ \\| \\w+ \\|) (\\d+) \\|",
                         lambda m: f"{m[1]} {int(m[2]) + 1} |")
         bs = simlab.run_study("broom-service-scores", games=6, seed=1, compare_data=richer,
                               policies=("heuristic",))
         bs.summary[["by", "level", *COLUMNS]].round(3)
         """),
        ("md", """
         ## Hospital Rush: every Patient needs one more patch

         The invented patient deck sets the preterm share. Patients that need more
         treatment are cured less often. This summary is taken over the Patients who
         left (a filter of the games table), so it too is compared `unpaired`.
         """),
        ("code", """
         sicker = edited("hospital_rush", "patients.txt", r"^([^#|][^|]*\\| )(\\d+) patch",
                         lambda m: f"{m[1]}{int(m[2]) + 1} patch")
         hr = simlab.run_study("hospital-rush-patients", games=8, seed=1, compare_data=sicker,
                               players=("3",), policies=("greedy",))
         hr.summary[COLUMNS].round(3)
         """),
        ("md", """
         ## Bedpans & Broomsticks: more Bed Bumps in the Stuff deck

         Two more Bed Bumps, one Door Code and one Jammed Door fewer (still 48
         Stuff-markers). With this few games the intervals hold 0: the tool says so
         rather than inventing an effect.
         """),
        ("code", """
         bumpy = edited("bedpans", "stuff.txt", r"^(Bed Bump|Door Code|Jammed Door) \\| 2",
                        lambda m: f"{m[1]} | " + ("4" if m[1] == "Bed Bump" else "1"))
         bp = simlab.run_study("bedpans-outcomes", games=6, seed=1, compare_data=bumpy,
                               players=("2",), pairings=("random-random",), round_limit=40)
         bp.summary[COLUMNS].round(3)
         """),
        ("md", """
         The same from the command line:
         `simlab study bad-doctor-complications --data A --compare-data B`; and
         `simlab data check B` lists every line of B that does not fit the rulebook.
         """),
    ]


def tune_notebook() -> list[tuple[str, str]]:
    """A finished tuning run, and a picked trial opened in the stepper (also a web app)."""
    return [
        ("md", """
         # Which change makes it fair? A tuning run

         With the heuristics on every seat, the Elders of Bedpans & Broomsticks win few
         games at 3 players. `simlab tune` searches rule options and component numbers for
         a fairer game, with Optuna: every trial plays the same seeds (paired blocks), a
         trial clearly worse than the best so far is pruned by a paired Wilcoxon test, the
         best trials of the Pareto front (imbalance against distance from the rulebook) are
         played again by a search player, and the best of those is judged on held-out seeds
         by the balance verdict. A proposal counts only if that verdict is *balanced*.

         This is a small run, kept in `docs/tuning/bedpans-3p-small/` (its `summary.md`
         has the command): 8 trials of 40 games, a search player of 3 iterations
         (`mcts-3`), a margin of ±0.15 and a wide length band. The full run is the command
         `simlab tune bedpans --players 3 --objective side-balance` (30 trials of 200
         games, `mcts` players, ±0.05). Its space file names the knobs:
         """),
        ("code", """
         from pathlib import Path

         from simlab.widgets import TuneView

         RUN = Path("../docs/tuning/bedpans-3p-small")  # the run's output folder
         print((RUN / "space.toml").read_text())
         """),
        ("md", """
         Below: the rulebook game, the Pareto front (each trial's imbalance, how far the
         Elders' win share is from 1/2, against its distance from the rulebook, each moved
         knob counting 0.5 to 1; the front with 95% intervals), the held-out verdicts, and
         every trial (`high` is the upper end of the imbalance's interval: trials are ranked
         by it, not by the estimate; `feasible`: the mean length stays within the band).
         Pick a trial and click **Open in stepper**: its game, with the trial's options and
         component files, opens in the stepper at the bottom.
         """),
        ("code", """
         view = TuneView(RUN, seed=7)
         view
         """),
    ]


def build(execute: bool = True, only: list[str] | None = None) -> list[Path]:
    NOTEBOOKS.mkdir(exist_ok=True)
    plan = [("00-tour.ipynb", tour), ("components-compare.ipynb", components_notebook),
            ("tune.ipynb", tune_notebook)]
    plan += [(f"{g}-stepper.ipynb", lambda g=g: stepper_notebook(g)) for g in simlab.game_names()]
    plan += [(f"study-{s}.ipynb", lambda s=s: study_notebook(s)) for s in simlab.study_names()]
    if only:  # touch no other notebook: their stored outputs stay as they are
        plan = [(name, cells) for name, cells in plan if any(word in name for word in only)]
    paths = [_write(name, cells()) for name, cells in plan]
    if execute and paths:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
        subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook",
                        "--execute", "--inplace", *map(str, paths)], check=True, env=env,
                       cwd=NOTEBOOKS)
    return paths


if __name__ == "__main__":
    words = [a for a in sys.argv[1:] if not a.startswith("--")]
    for written in build(execute="--no-execute" not in sys.argv, only=words or None):
        print(written.relative_to(ROOT))
