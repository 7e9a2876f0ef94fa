"""The Hospital Rush studies' numbers, recomputed from replayed games and from the rows.

Each game is played again from the generator the study gives it; the rows
must credit every seat with its own board, prestige, win and steals, and
every interval of the summary must follow from the rows by the formulas of
``tests/games/_numbers.py``.
"""

from __future__ import annotations

import pytest

import simlab
from simlab.core.play import run
from simlab.core.study import rotate_seats
from simlab.games.hospital_rush.rules import HospitalRushGame
from tests.games._numbers import assert_summary_rows, expected_rows, game_rng


def _replay(seed: int, index: int, players: int, policies):
    rng = game_rng(seed, index)
    return run(HospitalRushGame(players=players), policies, seed=int(rng.integers(2**63)))


def test_boards_rows_credit_each_seat_with_its_own_board():
    result = simlab.run_study("hospital-rush-boards", games=6, seed=2, players=3,
                              policy="random")
    games = result.games
    for index in range(6):
        final = _replay(2, index, 3, "random")
        rows = games[games.game == index].sort_values("seat")
        assert rows.seat.tolist() == [0, 1, 2]
        assert rows.board.tolist() == [final.boards[s] for s in range(3)]
        assert rows.win.tolist() == [s in final.outcome.winners for s in range(3)]
        assert rows.prestige.tolist() == [final.outcome.scores[s] for s in range(3)]
    want = expected_rows(games, ["board"], proportions=["win"], means=["prestige"])
    assert_summary_rows(result.summary, want, ["board"])
    assert result.summary.fair_share.tolist() == pytest.approx([1 / 3] * len(result.summary))


def test_unfair_rows_credit_each_seat_and_every_interval_follows_from_them():
    kwargs = {"games": 6, "seed": 4, "players": 3, "policies": ("honest", "opportunist")}
    result = simlab.run_study("hospital-rush-unfair", **kwargs)
    games = result.games
    for index in range(6):
        seats = rotate_seats(("honest", "opportunist"), 3, index)
        final = _replay(4, index, 3, seats)
        rows = games[(games.game == index) & (games.row == "seat")].sort_values("seat")
        assert rows.policy.tolist() == seats
        assert rows.prestige.tolist() == [final.outcome.scores[s] for s in range(3)]
        assert rows.win.tolist() == [s in final.outcome.winners for s in range(3)]
        made = [sum(1 for t, _, _ in final.steals if t == s) for s in range(3)]
        suffered = [sum(1 for _, v, _ in final.steals if v == s) for s in range(3)]
        assert rows.steals_made.tolist() == made
        assert rows.steals_suffered.tolist() == suffered
        steals = games[(games.game == index) & (games.row == "steal")]
        assert list(zip(steals.seat, steals.victim, steals["item"], strict=True)) == [
            tuple(s) for s in final.steals]
    reds = games[games.row == "red"].assign(ratted=lambda g: g.ratted.astype(bool))
    seats = games[games.row == "seat"].assign(win=lambda g: g.win.astype(bool))
    summary = result.summary
    for scope, by in (("red markers by place in the round", "position"),
                      ("red markers by policy", "policy")):
        want = expected_rows(reds, [by], proportions=["ratted"])
        assert_summary_rows(summary, want, [by], where=lambda s, sc=scope: s.scope == sc)
    want = expected_rows(seats, ["policy"], proportions=["win"],
                         means=["prestige", "steals_made", "steals_suffered"])
    assert_summary_rows(summary, want, ["policy"], where=lambda s: s.scope == "seats by policy")


def test_patients_every_share_and_mean_follows_from_the_rows():
    result = simlab.run_study("hospital-rush-patients", games=6, seed=3, players=("3", "4"),
                              policies=("greedy",))
    games, summary = result.games, result.summary
    left = games[~games.in_bed_at_end.astype(bool)]
    fates = ["cured", "cured early", "preterm", "discarded"]
    want = expected_rows(left.assign(**{f: left[f].astype(bool) for f in fates}),
                         ["players", "policy"], proportions=fates)
    assert_summary_rows(summary, want, ["players", "policy"],
                        where=lambda s: s.scope == "patients who left")
    cured = games[games.fate == "cured"].rename(columns={"rounds": "rounds_to_cure"})
    want = expected_rows(cured, ["players", "policy"], means=["rounds_to_cure"])
    assert_summary_rows(summary, want, ["players", "policy"],
                        where=lambda s: s.scope == "cured patients")
    for index in range(6):
        rows = games[games.game == index]
        assert (rows.rounds >= 1).all()
        assert (rows.rounds <= rows.game_rounds).all()


def test_figures_draw_the_summary_numbers():
    boards = simlab.run_study("hospital-rush-boards", games=4, seed=1, players=3)
    ax = boards.plot().axes[0]
    wins = boards.summary[boards.summary.quantity == "win"]
    assert [b.get_height() for b in ax.patches] == pytest.approx(wins.estimate.tolist())
    assert ax.lines[-1].get_ydata()[0] == pytest.approx(1 / 3)  # the fair share
    unfair = simlab.run_study("hospital-rush-unfair", games=4, seed=1, players=3)
    right = unfair.plot().axes[1]
    prestige = unfair.summary[(unfair.summary.scope == "seats by policy")
                              & (unfair.summary.quantity == "prestige")]
    assert [b.get_height() for b in right.patches] == pytest.approx(prestige.estimate.tolist())
    patients = simlab.run_study("hospital-rush-patients", games=3, seed=1, players=("3",),
                                policies=("greedy",))
    heights = sorted(b.get_height() for b in patients.plot().axes[0].patches)
    shares = patients.summary[patients.summary.scope == "patients who left"]
    assert heights == pytest.approx(sorted(shares.estimate.tolist()))
