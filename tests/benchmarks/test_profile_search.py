"""benchmarks/profile_search.py: the profiled decisions and the time breakdown."""

from __future__ import annotations

import pstats
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import profile_search


@pytest.fixture(scope="module")
def profiled():
    return profile_search.profile("bad_doctor", "mcts-20", skip=1, decisions=2, seed=3)


def test_profiles_the_decisions_asked_with_their_iterations(profiled):
    prof, iterations, done = profiled
    assert done == 2
    assert iterations == 40  # mcts-20, two decisions
    names = {fn for (_, _, fn) in pstats.Stats(prof).stats}
    assert {"iterate", "playout", "resample_hidden"} <= names


def test_breakdown_shares_are_of_the_search_decisions_alone(profiled):
    prof = profiled[0]
    stats = pstats.Stats(prof).stats
    whole = sum(ct for (file, _, fn), (_, _, _, ct, _) in stats.items()
                if fn == "act" and file.endswith("search.py"))
    resample = sum(ct for (_, _, fn), (_, _, _, ct, _) in stats.items()
                   if fn == "resample_hidden")
    iterate_own = sum(tt for (_, _, fn), (_, _, tt, _, _) in stats.items() if fn == "iterate")
    shares = profile_search.breakdown(prof)
    assert set(shares) == set(profile_search.PARTS)
    assert shares["resample_hidden"] == pytest.approx(resample / whole)
    assert shares["tree walk: iterate's own time"] == pytest.approx(iterate_own / whole)
    assert all(0.0 <= s <= 1.0 for s in shares.values())
    # the search's own act is the whole, never a rollout policy's choice
    assert shares["rollout policies' choices (act)"] < 1.0
    assert 0.0 < shares["playout (to the end or evaluate)"] < 1.0


def test_top_lists_the_rows_by_the_key_asked(profiled):
    text = profile_search.top(profiled[0], "cumulative", 5)
    lines = text.splitlines()
    assert lines[0].split()[0] == "ncalls"
    assert len([line for line in lines[1:] if line.strip()]) == 5
    assert "act" in lines[1]  # the decision itself tops the cumulative list
