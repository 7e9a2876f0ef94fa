"""Movement dice of Bedpans & Broomsticks and the bedpans-movement study."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.core import dice
from simlab.games.bedpans import movement


def _by_hand(mover: str, stuff: str, per_die: bool = True) -> dict[int, Fraction]:
    """Enumerate the physical dice as the rulebook reads them (independent of dice.py).

    ``per_die``: "die result" read as one die's number (Hurry Up +1 on each die,
    Detector each die 1); else as the movement result (+1 on the result; a result of 1).
    """
    counts: Counter[int] = Counter()
    bump = 1 if stuff == "hurry_up" and per_die else 0
    if mover == "doctor":
        rolls = itertools.product(range(1, 4), repeat=3)  # red, white, white
        for red, w1, w2 in rolls:
            counts[(red + bump) + min(w1, w2) + bump] += 1
    else:
        n = 2 if mover == "elder_second" else 3
        for faces in itertools.product(range(1, 4), repeat=n):
            faces = sorted(f + bump for f in faces)
            if stuff == "detector":
                faces = [1] * n
            kept = faces[-2:] if mover == "first_nurse" else faces[:2]
            counts[sum(kept)] += 1
    if not per_die and stuff == "hurry_up":
        counts = Counter({k + 1: v for k, v in counts.items()})
    if not per_die and stuff == "detector":
        counts = Counter({1: sum(counts.values())})
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in sorted(counts.items())}


COMBOS = [(m, s) for m in movement.MOVERS for s in ("none", "hurry_up", "detector")
          if movement.applies(m, s)]
RESULT_READINGS = {"hurry_up": "result+1", "detector": "result-1"}


@pytest.mark.parametrize(("mover", "stuff"), COMBOS)
def test_expression_matches_the_physical_dice(mover, stuff):
    assert dice.distribution(movement.expression(mover, stuff)) == _by_hand(mover, stuff)
    other = {stuff: RESULT_READINGS[stuff]} if stuff in RESULT_READINGS else {}
    assert dice.distribution(movement.expression(mover, stuff, **other)) == _by_hand(
        mover, stuff, per_die=not other)


def test_rulebook_example_rolls():
    # "He rolls 2, 1, 3. The sum of the lowest 2 results is 3."
    assert sum(sorted([2, 1, 3])[:2]) == 3
    assert dice.distribution("3d3kl2")[3] == Fraction(1, 3)
    # Doctor: red plus the lower white; the most likely result is 4.
    dist = dice.distribution(movement.expression("doctor"))
    assert max(dist, key=dist.get) == 4 and dist[2] == Fraction(5, 27)


def test_walker_readings_and_who_stuff_affects():
    # "each may use a die result of 2": each of the 2 dice read counts 2 (ruling M6)
    assert movement.expression("elder_first", "walker") == "4"
    assert movement.expression("elder_first", "walker", walker="result-2") == "2"
    with pytest.raises(simlab.ConfigError, match="unknown Detector reading 'dice-9'"):
        movement.expression("elder_first", "detector", detector="dice-9")
    assert not movement.applies("doctor", "walker")
    with pytest.raises(simlab.ConfigError, match="Detector does not affect the doctor"):
        movement.expression("doctor", "detector")
    with pytest.raises(simlab.ConfigError, match="unknown mover 'janitor'"):
        movement.roll("janitor", "none", 3, np.random.default_rng(0))


@pytest.mark.parametrize(("mover", "stuff"), COMBOS)
def test_rolls_follow_the_exact_distribution(mover, stuff):
    from simlab.core.stats import chisquare_gof

    for per_die in (True, False):
        other = {} if per_die or stuff not in RESULT_READINGS else {
            stuff: RESULT_READINGS[stuff]}
        values = movement.roll(mover, stuff, 60_000, np.random.default_rng(7), **other)
        observed = Counter(values.tolist())
        exact = _by_hand(mover, stuff, per_die=per_die or not other)
        assert set(observed) <= set(exact)
        if len(exact) > 1:
            assert chisquare_gof(dict(observed), exact) > 1e-4


def test_study_intervals_cover_exact_values():
    result = simlab.run_study("bedpans-movement", games=50_000, seed=11)
    table = result.summary
    assert set(table.mover) == set(movement.MOVERS)
    props = table[table.kind == "proportion"]
    covered = ((props.low <= props.exact) & (props.exact <= props.high)).mean()
    assert covered >= 0.85  # 95% intervals: a few of ~70 may miss
    for (_, _), group in props.groupby(["mover", "stuff"]):
        assert group.exact.sum() == pytest.approx(1.0)
        assert group.estimate.sum() == pytest.approx(1.0)
    p_values = table.chisquare_p.dropna()
    assert (p_values > 1e-4).all()


def test_study_is_identical_for_any_jobs():
    a = simlab.run_study("bedpans-movement", games=300_000, seed=5, jobs=1)
    b = simlab.run_study("bedpans-movement", games=300_000, seed=5, jobs=2)
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.summary, b.summary)
    c = simlab.run_study("bedpans-movement", games=300_000, seed=6, jobs=1)
    assert not a.games.equals(c.games)


def test_study_games_table_is_counts_flat_in_games():
    small = simlab.run_study("bedpans-movement", games=1_000, seed=1, mover="doctor")
    large = simlab.run_study("bedpans-movement", games=200_000, seed=1, mover="doctor")
    assert len(small.games) == len(large.games) == 5 + 5  # results 2-6, and 4-8 with Hurry Up
    assert large.games["count"].sum() == 2 * 200_000
