"""TuneView: a finished tuning run shown, a trial picked and opened in the stepper."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from simlab.core.errors import ConfigError
from simlab.widgets.stepper import TurnStepper
from simlab.widgets.tune_view import EXAMPLE_RUN, TuneView, load_run, trial_choices


@pytest.fixture(scope="module")
def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the example run (opening a trial writes its component files there)."""
    folder = tmp_path_factory.mktemp("tune") / "run"
    shutil.copytree(EXAMPLE_RUN, folder, ignore=shutil.ignore_patterns("data"))
    return folder


@pytest.fixture
def view(run_folder: Path) -> TuneView:
    return TuneView(run_folder, seed=3)


def test_the_run_is_read_from_its_folder(run_folder):
    run, name = load_run(run_folder)
    assert name == "bedpans-side-balance"
    assert (run.settings.game, run.settings.players, run.settings.objective) == \
        ("bedpans", 3, "side-balance")
    assert list(run.trials.number) == list(range(11))
    assert list(run.pareto.number) == [8, 7, 0]
    assert list(run.validated.trial.astype(str)) == ["rulebook", "8"]
    assert run.baseline["games"] == 40
    # kept only in the keys of the stored promotions and validations (the figure's band)
    assert (run.settings.strong, run.settings.margin, run.settings.validate_games) == \
        ("mcts-3", 0.15, 40)


def test_the_picker_holds_the_feasible_trials_front_first():
    run, _ = load_run(EXAMPLE_RUN)
    numbers = [n for _, n in trial_choices(run)]
    # the front by its bound, then the rest by theirs; trial 4 is outside the length
    # band, 1, 2 and 9 took the results of 0, 0 and 8 (same values)
    assert numbers[:3] == [8, 7, 0]
    assert sorted(numbers[3:]) == [3, 5, 6, 10]
    assert not {1, 2, 4, 9} & set(numbers)
    label = dict((n, text) for text, n in trial_choices(run))[8]
    assert label == ("#8 (front) staff_experience False -> True; walker_count 2 -> 4: "
                     "imbalance 0.375 (≤ 0.445)")
    assert "off the front" in dict((n, text) for text, n in trial_choices(run))[10]


def test_the_view_shows_the_tables_figure_and_proposals(view):
    texts = " ".join(getattr(child, "value", "") for child in view.widget.children
                     if not hasattr(child, "png"))
    assert "Tuning bedpans, 3 players, for side-balance" in texts
    assert "No change was found balanced on held-out seeds" in texts
    assert "Elders win" in texts and "unbalanced" in texts
    assert texts.count("<tr>") >= 11 + 3  # every trial and the validated rows
    assert view.figure.png  # the Pareto front, drawn
    assert view.picker.value == 8 and view.stepper is None


def test_open_plays_the_picked_trials_options_and_components(view):
    view.picker.value = 10
    view.open_button.click()
    stepper = view.stepper
    assert isinstance(stepper, TurnStepper) and view.opened == 10
    game = stepper.session.game
    assert game.players == 3
    assert {k: game.options[k] for k in ("staff_experience", "do_no_harm")} == \
        {"staff_experience": True, "do_no_harm": True}
    stuff = {s.name: s.count for s in game.data.stuff}
    assert stuff["Walker"] == 3 and stuff["Puddle"] == 8 - 1  # Puddle (8 shipped) took it
    assert "Trial 10 is open below" in view.status.value
    assert "staff_experience False -&gt; True; do_no_harm False -&gt; True; walker_count 2 " \
           "-&gt; 3" in view.status.value
    assert view.stepper_box.children == (stepper.widget,)
    stepper.step_button.click()
    assert stepper.session.moves == 1


def test_opening_another_trial_replaces_the_stepper(view):
    first = view.open(7)
    second = view.open(0)
    assert view.stepper_box.children == (second.widget,) and first is not second
    assert view.picker.value == 0 and view.opened == 0
    game = second.session.game
    assert game.component_set.is_shipped  # the rulebook trial moves no component number
    assert not game.options["staff_experience"] and not game.options["do_no_harm"]
    assert "the shipped components" in view.status.value


def test_a_trial_that_cannot_be_picked_is_refused(view):
    with pytest.raises(ConfigError, match="trial 4 is not a feasible finished trial"):
        view.open(4)
    assert view.stepper is None


def test_a_folder_that_is_not_a_tuning_run_is_refused(tmp_path):
    with pytest.raises(ConfigError, match=r"is not a tuning run: no such folder"):
        TuneView(tmp_path / "missing")
    with pytest.raises(ConfigError, match=r"is not a tuning run: it has no tune.db"):
        TuneView(tmp_path)
    (tmp_path / "tune.db").write_text("not a database")
    with pytest.raises(ConfigError, match=r"is not a tuning run: .*tune.db cannot be read") \
            as err:
        TuneView(tmp_path)
    assert "\n" not in str(err.value)
