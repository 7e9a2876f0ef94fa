"""Hospital Rush studies: registered, small runs, identical for any jobs."""

from __future__ import annotations

import simlab
from simlab.games.hospital_rush.studies import FATES, summed_steal_graph


def test_registered():
    names = simlab.study_names()
    for name in ("hospital-rush-patients", "hospital-rush-unfair", "hospital-rush-boards"):
        assert name in names


def test_patients_shares_add_up():
    r = simlab.run_study("hospital-rush-patients", games=6, seed=3, players=("3",),
                         policies=("greedy",))
    shares = r.summary[r.summary.scope == "patients who left"]
    assert set(shares.quantity) == set(FATES)
    assert abs(shares.estimate.sum() - 1) < 1e-9
    left = r.games[~r.games.in_bed_at_end.astype(bool)]
    # every patient who left did so once, with one fate
    assert (left[list(FATES)].astype(int).sum(axis=1) == 1).all()
    assert (r.games.rounds >= 1).all()


def test_unfair_honest_never_steals_and_same_result_for_any_jobs():
    kwargs = dict(games=8, seed=5, players=3, policies=("honest", "opportunist"))
    one = simlab.run_study("hospital-rush-unfair", **kwargs)
    two = simlab.run_study("hospital-rush-unfair", jobs=2, **kwargs)
    assert one.games.equals(two.games)
    reds = one.games[one.games.row == "red"]
    assert set(reds.policy) <= {"opportunist"}
    g = summed_steal_graph(one)
    assert "honest" not in {u for u, _ in g.edges}
    seats = summed_steal_graph(one, by="seat")
    assert sorted(seats.nodes) == [0, 1, 2]


def test_boards_win_rates_by_board():
    r = simlab.run_study("hospital-rush-boards", games=10, seed=1, players=4, policy="random")
    wins = r.summary[r.summary.quantity == "win"]
    assert set(wins.board) <= set(simlab.load_game("hospital_rush").data.boards)
    assert (wins.low <= wins.estimate).all() and (wins.estimate <= wins.high).all()
    assert len(r.games) == 40
