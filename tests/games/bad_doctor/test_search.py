"""Bad Doctor search players: a study with search seats gives the same numbers whatever jobs
(the checks every game shares are in ``tests/games/test_search_players.py``)."""

from __future__ import annotations

import simlab


def test_a_study_with_search_seats_gives_the_same_numbers_whatever_jobs():
    kw = dict(games=2, seed=5, players=("2",), policy="mcts-2")
    one = simlab.run_study("bad-doctor-seats", jobs=1, **kw)
    two = simlab.run_study("bad-doctor-seats", jobs=2, **kw)
    assert one.games.equals(two.games)
