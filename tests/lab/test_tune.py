"""The tuner: finds a planted optimum, is the same at 1 and 2 jobs, prunes by a paired test."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simlab.core.registry import register_game
from simlab.lab.space import parse_space
from simlab.lab.tune import TuneSettings, held_out_seed, paired_worse, trial_game, tune
from tests.lab.toy_game import CoinToss

register_game(CoinToss)

TOY_SPACE = """
game = "coin_toss"
[options]
edge = { low = 0, high = 10 }
noise = ["a", "b", "c"]
"""


def toy_settings(**extra):
    values = dict(game="coin_toss", objective="seat-balance", players=2, trials=12, blocks=6,
                  block_games=30, seed=3, cheap="random", strong="random", promote=2,
                  promote_games=200, validate=1, validate_games=600, margin=0.1)
    values.update(extra)
    return TuneSettings(**values)


def test_finds_the_planted_optimum_and_validates_it(tmp_path):
    space = parse_space(TOY_SPACE)
    run = tune(space, toy_settings(), out=tmp_path)
    done = run.trials[run.trials.state == "complete"]
    # Seat 0 wins edge/10 of the games: imbalance |2 edge/10 - 1|, 0 only at edge 5.
    best = done.sort_values("high").iloc[0]
    assert best.edge == 5
    expected = np.abs(2 * done.edge / 10 - 1)
    assert (np.abs(done.imbalance - expected) < 0.15).all()  # 180 games a trial
    # the rulebook game (edge 8, seat 0 wins 0.8) is trial 0, its imbalance about 0.6
    assert run.trials.iloc[0].edge == 8 and run.trials.iloc[0].rulebook
    assert abs(run.baseline["imbalance"] - 0.6) < 0.15
    # the front holds the rulebook game (distance 0) and the planted optimum
    assert 0.0 in set(run.pareto.distance) and 5 in set(run.pareto.edge)
    # validation on held-out seeds: edge 5 balanced, the rulebook unbalanced
    verdicts = dict(zip(run.validated.trial, run.validated.verdict, strict=True))
    assert verdicts["rulebook"] == "unbalanced"
    assert list(run.proposals.edge) == [5]
    # a trial's game is the trial's options
    number = int(best.number)
    assert trial_game(tmp_path, number).options["edge"] == 5


def test_pruned_trials_are_clearly_worse(tmp_path):
    space = parse_space(TOY_SPACE)
    run = tune(space, toy_settings(trials=14, promote=0, validate=0), out=tmp_path,
               stages=False)
    pruned = run.trials[run.trials.state == "pruned"]
    assert len(pruned) > 0
    # the optimum is never pruned; a pruned trial is worse than the best finished one
    assert (pruned.edge != 5).all()
    best = run.trials[run.trials.state == "complete"].imbalance.min()
    assert (pruned.imbalance > best).all()
    # pruned after the fifth block (the first with a test that can reach p < 0.05), early
    assert (pruned.pruned_after == 5).all() and (pruned.games == 150).all()


def test_same_seed_same_trials_at_one_and_two_jobs(tmp_path):
    space = parse_space('game = "bad_doctor"\n[options]\ngoal = { low = 6, high = 10 }\n'
                        'optional_bonuses = [false, true]\n')
    settings = TuneSettings("bad_doctor", "seat-balance", players=3, trials=3, blocks=2,
                            block_games=10, seed=4, cheap="greedy")
    one = tune(space, settings, out=tmp_path / "one", stages=False).trials
    two = tune(space, settings, out=tmp_path / "two", jobs=2, stages=False).trials
    columns = ["number", "state", "goal", "optional_bonuses", "imbalance", "high", "distance",
               "turns"]
    pd.testing.assert_frame_equal(one[columns], two[columns])
    assert one.imbalance.notna().all()


def test_paired_worse_is_the_wilcoxon_test():
    from scipy.stats import wilcoxon

    rng = np.random.default_rng(1)
    incumbent = list(rng.uniform(0, 0.2, 8))
    worse = [x + 0.1 for x in incumbent]
    assert paired_worse(worse, incumbent, 0.05)
    assert wilcoxon(np.subtract(worse, incumbent), alternative="greater").pvalue < 0.05
    assert not paired_worse(incumbent, incumbent, 0.05)
    assert not paired_worse(worse[:4], incumbent, 0.05)  # 4 pairs: p >= 1/16 at best


def test_held_out_seed_plays_other_games():
    from simlab.lab.games import game_seed

    search = {game_seed(7, i) for i in range(500)}
    held = {game_seed(held_out_seed(7), i) for i in range(500)}
    assert not search & held


def test_a_resume_with_other_settings_is_refused(tmp_path):
    from simlab.core.errors import ConfigError

    space = parse_space(TOY_SPACE)
    tune(space, toy_settings(trials=2), out=tmp_path, stages=False)
    with pytest.raises(ConfigError, match="other settings: seed 3 -> 4"):
        tune(space, toy_settings(trials=2, seed=4), out=tmp_path, stages=False)


def test_the_report_leaves_the_process_style_and_warnings_as_they_were(tmp_path):
    # optuna's matplotlib plots switch the process to the ggplot style: a figure drawn
    # after a tuning report must look as before it (its first colour, its grid)
    import warnings

    import matplotlib

    from simlab.lab.tune_report import write_report

    run = tune(parse_space(TOY_SPACE), toy_settings(trials=4, promote=0, validate=0),
               out=tmp_path)
    cycle, grid = matplotlib.rcParams["axes.prop_cycle"], matplotlib.rcParams["axes.grid"]
    filters = list(warnings.filters)
    written = write_report(run, tmp_path / "report")
    assert any(p.name == "importances.png" for p in written)
    assert matplotlib.rcParams["axes.prop_cycle"] == cycle
    assert matplotlib.rcParams["axes.grid"] == grid
    assert list(warnings.filters) == filters
