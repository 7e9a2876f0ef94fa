"""Broom Service studies: registered, exact values, reproducible, plots."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.core.play import run
from simlab.core.study import get_study, study_names
from simlab.games.broom_service.rules import BroomServiceGame
from simlab.games.broom_service.studies import exact_steal_probability, follower_brave_chance
from tests.games._numbers import game_rng, t_interval, wilson


def test_registered_by_name():
    assert {"broom-service-steals", "broom-service-scores"} <= set(study_names())
    assert get_study("broom-service-steals").name == "broom-service-steals"


@pytest.mark.parametrize(
    ("players", "place", "q", "value"),
    [(2, 1, 1.0, 0.4), (3, 1, 1.0, 0.64), (3, 2, 1.0, 0.4), (5, 5, 1.0, 0.0),
     (3, 1, 0.5, 1 - 0.8**2)],
)
def test_exact_steal_probability(players, place, q, value):
    assert exact_steal_probability(players, place, q) == pytest.approx(value)


def test_follower_brave_chance():
    assert follower_brave_chance("brave-0.7") == 0.7
    assert follower_brave_chance("cowardly") == 0.0


def test_steals_estimates_agree_with_exact():
    result = simlab.run_study("broom-service-steals", games=120, seed=5, players=("3",),
                              policies=("brave",))
    table = result.summary
    first = table[(table.scope == "first turn") & (table.quantity == "stolen")]
    assert sorted(first.place) == [1, 2, 3]
    assert first.exact.notna().all()
    for row in first.itertuples():
        assert row.low - 0.03 <= row.exact <= row.high + 0.03, row
    assert first[first.place == 3].estimate.iloc[0] == 0.0  # the last follower keeps it
    vp = table[table.quantity == "vp"]
    assert len(vp) == 1 and vp.n.iloc[0] == 360


def test_steals_by_role_and_brave_versus_cowardly_vp():
    result = simlab.run_study("broom-service-steals", games=20, seed=2, players=("2",),
                              policies=("brave", "cowardly"), by_role=True)
    table = result.summary
    assert "role" in table.columns
    vp = table[table.quantity == "vp"].set_index("policy").estimate
    assert set(vp.index) == {"brave", "cowardly"}
    claims = result.games[result.games.row == "claim"]
    assert set(claims.policy) == {"brave"}  # cowardly players never claim


def test_scores_reproducible_and_summarized():
    a = simlab.run_study("broom-service-scores", games=8, seed=3, players=3,
                         policies=("heuristic", "random"))
    b = simlab.run_study("broom-service-scores", games=8, seed=3, players=3,
                         policies=("heuristic", "random"))
    assert a.games.equals(b.games)
    assert len(a.games) == 24
    table = a.summary
    assert set(table.by) == {"policy", "seat"}
    wins = table[(table.by == "policy") & (table.quantity == "win")].set_index("level")
    assert wins.estimate["heuristic"] > wins.estimate["random"]


@pytest.mark.parametrize(("name", "accepted"), [
    ("brave", True), ("heuristic", True), ("mcts-brave", True),  # named
    ("mcts-30", True), ("mcts-0.5s", True),  # any budget of the search
    ("mcts-brave-40", True), ("mcts-cowardly-7", True),  # a role search with a budget
    ("mcts-bold-40", False), ("genius", False), ("brave-2", False), (None, False), (3, False),
])
def test_the_studies_accept_every_policy_name_and_no_other(name, accepted):
    from simlab.games.broom_service.studies import _POLICIES

    assert (name in _POLICIES) is accepted
def _claim(policy, place, first, stolen, players=3, role="Witch"):
    return {"row": "claim", "vp": np.nan, "seat": place - 1, "policy": policy,
            "players": players, "role": role, "place": place, "first_turn": first,
            "stolen": stolen}


def _steals_table(claims, vps=(5, 7, 9)):
    seats = [{"row": "seat", "seat": s, "vp": float(v), "policy": "brave", "players": 3,
              "role": "", "first_turn": False, "stolen": False} for s, v in enumerate(vps)]
    return pd.DataFrame([*claims, *seats])


def test_steals_summary_of_a_hand_made_table():
    # brave, 3 players: first-turn claims at place 1 stolen twice in 3, at place 2 kept;
    # a later-turn claim at place 1 stolen; a heuristic claim (no exact value) kept
    games = _steals_table([_claim("brave", 1, True, True), _claim("brave", 1, True, False),
                           _claim("brave", 1, True, True), _claim("brave", 2, True, False),
                           _claim("brave", 1, False, True), _claim("heuristic", 1, True, False)])
    table = get_study("broom-service-steals").summarize(games, {"by_role": False})
    assert "role" not in table.columns
    got = {(r.scope, r.policy, r.place): (r.estimate, r.low, r.high, r.n, r.exact)
           for r in table[table.quantity == "stolen"].itertuples()}
    nan = float("nan")
    want = {("first turn", "brave", 1): (2 / 3, *wilson(2, 3), 3, 1 - 0.6**2),
            ("first turn", "brave", 2): (0.0, *wilson(0, 1), 1, 0.4),
            ("first turn", "heuristic", 1): (0.0, *wilson(0, 1), 1, nan),
            ("all turns", "brave", 1): (3 / 4, *wilson(3, 4), 4, nan),
            ("all turns", "brave", 2): (0.0, *wilson(0, 1), 1, nan),
            ("all turns", "heuristic", 1): (0.0, *wilson(0, 1), 1, nan)}
    assert set(got) == set(want)
    for key, value in want.items():
        assert got[key] == pytest.approx(value, nan_ok=True), key
    vp = table[table.scope == "final VP per seat"].iloc[0]
    mean, low, high = t_interval([5, 7, 9])
    assert (vp.estimate, vp.low, vp.high, vp.n) == pytest.approx((mean, low, high, 3))
    assert pd.isna(vp.place) and str(table.place.dtype) == "Int64"
    by_role = get_study("broom-service-steals").summarize(games, {"by_role": True})
    assert set(by_role.role.dropna()) == {"Witch"}
    assert by_role[by_role.scope == "first turn"].exact.notna().sum() == 2


def test_steals_summary_without_first_turn_claims_has_no_first_turn_scope():
    games = _steals_table([_claim("random", 2, False, True), _claim("random", 2, False, True)])
    table = get_study("broom-service-steals").summarize(games, {"by_role": False})
    assert list(table.scope) == ["all turns", "final VP per seat"]
    assert table.estimate.iloc[0] == 1.0 and table.n.iloc[0] == 2


def test_scores_summary_of_a_hand_made_table():
    games = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
                          "policy": ["brave", "cowardly", "cowardly", "brave"],
                          "vp": [10, 4, 6, 6], "win": [True, False, True, True],
                          "sole_win": [True, False, False, False]})
    table = get_study("broom-service-scores").summarize(games, {})
    got = {(r.by, r.level, r.quantity): (r.estimate, r.n) for r in table.itertuples()}
    assert got == {("policy", "brave", "win"): (1.0, 2), ("policy", "brave", "sole_win"): (0.5, 2),
                   ("policy", "brave", "vp"): (8.0, 2), ("policy", "cowardly", "win"): (0.5, 2),
                   ("policy", "cowardly", "sole_win"): (0.0, 2),
                   ("policy", "cowardly", "vp"): (5.0, 2), ("seat", "0", "win"): (1.0, 2),
                   ("seat", "0", "sole_win"): (0.5, 2), ("seat", "0", "vp"): (8.0, 2),
                   ("seat", "1", "win"): (0.5, 2), ("seat", "1", "sole_win"): (0.0, 2),
                   ("seat", "1", "vp"): (5.0, 2)}


@pytest.mark.parametrize(("policy", "q"), [("brave", 1.0), ("cowardly", 0.0), ("random", 0.5),
                                           ("brave-0.25", 0.25), ("heuristic", None),
                                           ("mcts", None)])
def test_follower_brave_chance_of_each_policy(policy, q):
    assert follower_brave_chance(policy) == q


def test_policies_accepted_include_role_search_players():
    params = {p.name: p for p in get_study("broom-service-scores").params}
    choices = params["policies"].choices
    assert "brave" in choices and "mcts-brave" in choices and "mcts-cowardly-50" in choices
    assert "bold" not in choices and 3 not in choices


def test_plots_axes_and_titles():
    steals = simlab.run_study("broom-service-steals", games=4, seed=2, players=("4",),
                              policies=("brave",))
    ax = steals.plot().axes[0]
    assert [t for t in ax.get_xticks()] == [1, 2, 3, 4]
    assert ax.get_xlim() == (0.5, 4.5) and ax.get_ylim() == (-0.05, 1.1)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert sorted(labels) == ["brave seats, 4 players", "exact (uniform hands)"]
    assert "4 games" in ax.figure.get_suptitle()
    scores = simlab.run_study("broom-service-scores", games=3, seed=1, players=2,
                              policies=("heuristic", "random"))
    fig = scores.plot()
    right = fig.axes[1]
    assert [t.get_text() for t in right.get_xticklabels()] == ["heuristic", "random"]
    line = next(ln for ln in right.lines if ln.get_linestyle() == "--")
    assert list(line.get_ydata()) == [0.5, 0.5]  # 1 / players
    assert right.get_ylim() == (0, 1.05)
    assert "(2 players, 3 games)" in fig.get_suptitle()


def test_steals_figure_sets_groups_side_by_side_and_names_its_axes():
    steals = simlab.run_study("broom-service-steals", games=6, seed=2, players=("2", "3"),
                              policies=("brave",))
    fig = steals.plot()
    ax = fig.axes[0]
    assert tuple(fig.get_size_inches()) == (8, 4.4)
    curves = [ln for ln in ax.lines if ln.get_linestyle() == "-"]  # the connecting lines
    crosses = [ln for ln in ax.lines if ln.get_marker() == "x"]
    # two groups (2 and 3 players) sit 0.03 left and right of each place
    assert list(curves[0].get_xdata()) == pytest.approx([0.97, 1.97])
    assert list(curves[1].get_xdata()) == pytest.approx([1.03, 2.03, 3.03])
    assert list(crosses[1].get_ydata()) == pytest.approx([0.64, 0.4, 0.0])
    assert [c.get_color() for c in crosses] == ["k", "k"]
    assert crosses[0].get_markersize() == 7 and crosses[0].get_zorder() == 4
    assert [c.get_label() for c in crosses][1].startswith("_")  # one legend entry for both
    assert curves[0].get_color() != curves[1].get_color()
    assert ax.get_xlabel().startswith("claimer's place in the follow order")
    assert ax.get_ylabel() == ("chance the brave claim is stolen\n"
                               "(first turn of a round, 95% Wilson)")
    assert fig.get_layout_engine() is not None and len(curves) == 2  # first-turn rows only
    assert fig.get_suptitle().startswith("How often is a brave claim stolen")
    assert fig._suptitle.get_fontsize() == 11
    assert ax.get_legend().get_texts()[0].get_fontsize() == 7
    assert all(line.get_visible() for line in ax.get_xgridlines())


def test_scores_figure_histograms_every_seat_and_names_its_axes():
    scores = simlab.run_study("broom-service-scores", games=3, seed=1, players=2,
                              policies=("heuristic", "random"))
    fig = scores.plot()
    left, right = fig.axes[:2]
    assert tuple(fig.get_size_inches()) == (10, 4)
    vp = scores.games.vp
    assert fig.get_layout_engine() is not None  # constrained
    assert left.get_position().x1 < right.get_position().x0  # side by side
    edges = left.patches[0].get_xy()[:, 0]
    bins = np.unique(edges)
    for patch, policy in zip(left.patches, ("heuristic", "random"), strict=True):
        counts, _ = np.histogram(vp[scores.games.policy == policy], bins=bins)
        assert patch.get_xy()[:, 1].max() == counts.max()  # the step's top: its seats
    assert edges.min() == pytest.approx(vp.min() - 0.5)
    assert edges.max() == pytest.approx(vp.max() + 0.5)
    assert [t.get_text() for t in left.get_legend().get_texts()] == ["heuristic", "random"]
    assert left.get_xlabel() == "final VP (victory points) of a seat"
    assert left.get_ylabel() == "seats"
    assert right.get_xlabel() == "policy"
    assert right.get_ylabel().startswith("win rate of its seats")
    bars = right.patches
    assert [b.get_x() + b.get_width() / 2 for b in bars] == pytest.approx([0.0, 1.0])
    assert bars[0].get_alpha() == 0.35
    assert [t.get_text() for t in right.get_legend().get_texts()] == ["1 / players"]
    assert fig.get_suptitle().startswith("Which policy scores and wins most in Broom Service?")
    assert fig._suptitle.get_fontsize() == 11


def test_scores_game_tells_a_shared_win_from_a_sole_win(monkeypatch):
    # no seeded game of ours ends in a shared win, so the played game is replaced by one
    # that does: seats 0 and 2 share it with 12 VP
    from types import SimpleNamespace

    from simlab.core.api import Outcome
    from simlab.games.broom_service import studies

    played = []

    def shared_win(game, seats, seed):
        played.append((game.players, list(seats)))
        return SimpleNamespace(outcome=Outcome(winners=(0, 2), scores=(12.0, 7.0, 12.0),
                                               reason="end of round 7"))

    monkeypatch.setattr(studies, "run", shared_win)
    rows = studies._scores_game({"players": 3, "policies": ("brave", "random")},
                                np.random.default_rng(0), 1)
    assert played == [(3, ["random", "brave", "random"])]  # seat s plays policies[(s + 1) % 2]
    assert [(r["seat"], r["policy"], r["vp"], r["win"], r["sole_win"]) for r in rows] == [
        (0, "random", 12.0, True, False), (1, "brave", 7.0, False, False),
        (2, "random", 12.0, True, False)]


def test_steals_rows_are_reproducible_and_complete():
    def once():
        return simlab.run_study("broom-service-steals", games=3, seed=9, players=("3",),
                                policies=("brave",)).games

    games = once()
    assert games.equals(once())
    seats = games[games.row == "seat"]
    assert seats.groupby("game").seat.apply(sorted).tolist() == [[0, 1, 2]] * 3
    assert (seats.role == "").all()
    assert seats.first_turn.eq(False).all() and seats.stolen.eq(False).all()  # not missing
    for index in range(3):  # each game is the one its seed from game_rng plays
        rng = game_rng(9, index)
        final = run(BroomServiceGame(players=3), "brave", seed=int(rng.integers(2**63)))
        assert seats[seats.game == index].vp.tolist() == [float(v) for v in final.final_vp]
    claims = games[games.row == "claim"]
    assert claims.vp.isna().all() and claims.seat.between(0, 2).all()
    assert claims.role.str.len().gt(0).all() and claims.stolen.any() and claims.first_turn.any()
