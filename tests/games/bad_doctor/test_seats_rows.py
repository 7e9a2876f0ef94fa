"""The rows of ``bad-doctor-seats``: a game played with the study's policy, and a game
without an outcome credited to no seat."""

from __future__ import annotations

import numpy as np

import simlab
from simlab.games.bad_doctor.studies import seat_rows, seats_game


def test_a_seats_game_is_played_by_the_policy_asked_for():
    rows = seats_game({"players": ("4", "3"), "policy": "greedy"},
                      np.random.default_rng(4), 1)  # game 1 of [3, 4] players: 4
    final = simlab.run(simlab.load_game("bad_doctor", players=4), "greedy",
                       seed=np.random.default_rng(4))
    assert [(r["players"], r["seat"]) for r in rows] == [(4, s) for s in range(4)]
    assert [r["win"] for r in rows] == [s in final.outcome.winners for s in range(4)]
    assert [r["score"] for r in rows] == list(final.outcome.scores)
    by_random = simlab.run(simlab.load_game("bad_doctor", players=4), "random",
                           seed=np.random.default_rng(4))
    assert [r["score"] for r in rows] != list(by_random.outcome.scores)


def test_a_game_not_finished_is_won_by_no_seat():
    state = simlab.load_game("bad_doctor", players=3).new_initial_state()
    state.score_pile[1] = 4
    assert state.outcome is None
    assert seat_rows(state) == [{"players": 3, "seat": s, "win": False, "score": 4 * (s == 1)}
                                for s in range(3)]
