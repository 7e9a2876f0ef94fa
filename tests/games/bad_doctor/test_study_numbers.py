"""The Bad Doctor studies' numbers, recomputed from replayed games and from the rows.

Each game of a study is played again here, from the generator the study gives
it, while the events are counted: Complication Cubes added, shifts begun,
cures and deaths, who was cured and who died.  The per-game rows must say the
same, and every interval and effect of the summary must follow from the rows
by the formulas written out in ``tests/games/_numbers.py``.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import simlab
from simlab.games.bad_doctor.studies import EFFECT
from tests.games._numbers import (
    assert_summary_rows,
    expected_rows,
    game_rng,
    proportion_row,
    welch,
)

SEED = 5
PARAMS = {"players": ("2", "3"), "mixes": ("random", "greedy+bad"), "variation": "both"}
GAMES = 24
BY = ["players", "mix", "variation"]
GAME_MEANS = ["cubes_per_shift", "deaths", "cures", "shifts", "winner_score"]


@pytest.fixture(scope="module")
def complications():
    return simlab.run_study("bad-doctor-complications", games=GAMES, seed=SEED, **PARAMS)


def _setting(index: int) -> tuple[int, str, bool]:
    """Game ``index`` cycles through players x mixes x (all tiles, two fewer wilds)."""
    grid = [(p, m, v) for p in (2, 3) for m in PARAMS["mixes"] for v in (False, True)]
    return grid[index % len(grid)]


def _replay(index: int) -> dict:
    """Play game ``index`` again and count what happened, from its events."""
    players, mix, fewer = _setting(index)
    game = simlab.load_game("bad_doctor", players=players,
                            variants=("two_fewer_wilds",) if fewer else ())
    names = mix.split("+")
    counts = {"complication": 0, "turn": 0}
    fate: dict[str, str] = {}

    def watch(state, actor, action, events):
        for e in events:
            if e.kind in counts:
                counts[e.kind] += 1
            if e.kind in ("death", "cure"):
                pid = re.match(r"Patient (\S+) ", e.text).group(1)
                fate[pid] = "died" if e.kind == "death" else "cured"

    final = simlab.run(game, [names[s % len(names)] for s in range(players)],
                       seed=game_rng(SEED, index), on_action=watch)
    shifts = counts["turn"] + 1  # the first shift begins at set-up, without an action
    return {"players": players, "mix": mix, "fewer": fewer, "shifts": shifts,
            "cubes": counts["complication"], "fate": fate,
            "winner_score": max(final.outcome.scores),
            "still_in": {p.id for p in final.hospital}}


def test_per_game_figures_match_the_replayed_games(complications):
    games = complications.games
    for index in range(GAMES):
        want = _replay(index)
        rows = games[games.game == index]
        first = rows[rows.game_row.astype(bool)]
        assert len(first) == 1
        row = first.iloc[0]
        assert (row.players, row.mix) == (want["players"], want["mix"])
        assert row.variation == ("two fewer wilds" if want["fewer"] else "all tiles")
        assert row.shifts == want["shifts"]
        assert row.cubes_per_shift == pytest.approx(want["cubes"] / want["shifts"])
        died = {pid for pid, how in want["fate"].items() if how == "died"}
        cured = {pid for pid, how in want["fate"].items() if how == "cured"}
        assert row.deaths == len(died) and row.cures == len(cured)
        assert row.winner_score == want["winner_score"]
        # every Patient once, with the fate its events gave it
        assert set(rows[rows.status == "died"].patient) == died
        assert set(rows[rows.status == "cured"].patient) == cured
        assert set(rows[rows.status == "in hospital"].patient) == want["still_in"]
        assert rows.patient.is_unique


def test_patient_rows_are_consistent(complications):
    games = complications.games
    shifts = games[games.game_row.astype(bool)].set_index("game").shifts
    assert (games.duration >= 1).all()
    assert (games.duration <= games.game.map(shifts)).all()
    cured = games[games.status == "cured"]
    assert (cured.turns_to_cure == cured.duration).all() and cured.turns_to_death.isna().all()
    died = games[games.status == "died"]
    assert (died.turns_to_death == died.duration).all() and died.turns_to_cure.isna().all()
    inside = games[games.status == "in hospital"]
    assert inside.cured.isna().all() and inside.died.isna().all()


def test_every_interval_follows_from_the_rows(complications):
    games, summary = complications.games, complications.summary
    first = games[games.game_row.astype(bool)]
    want = expected_rows(first, BY, means=GAME_MEANS)
    left = games[games.status != "in hospital"].assign(
        cured=lambda g: g.status == "cured", died=lambda g: g.status == "died")
    want |= expected_rows(left, BY, proportions=["cured", "died"],
                          means=["turns_to_cure", "turns_to_death"])
    assert_summary_rows(summary, want, BY, where=lambda s: s.kind != "difference")


def test_every_effect_is_a_welch_difference_of_the_game_rows(complications):
    games, summary = complications.games, complications.summary
    first = games[games.game_row.astype(bool)]
    effects = summary[summary.kind == "difference"]
    assert set(effects.variation) == {EFFECT}
    seen = 0
    for (players, mix), part in first.groupby(["players", "mix"]):
        on = part[part.variation == "two fewer wilds"]
        off = part[part.variation == "all tiles"]
        for quantity in GAME_MEANS:
            row = effects[(effects.players == players) & (effects.mix == mix)
                          & (effects.quantity == quantity)]
            assert len(row) == 1, (players, mix, quantity)
            row = row.iloc[0]
            diff, low, high = welch(on[quantity], off[quantity])
            assert (row.estimate, row.low, row.high) == pytest.approx((diff, low, high),
                                                                      rel=1e-9, abs=1e-12)
            assert row.n == len(on) + len(off)
            seen += 1
    assert seen == len(effects) == 4 * len(GAME_MEANS)


def test_complications_figure_shows_the_deaths_intervals_of_the_summary(complications):
    fig = complications.plot()
    deaths = fig.axes[2]
    rows = complications.summary
    rows = rows[(rows.quantity == "deaths") & (rows.kind == "mean")].reset_index(drop=True)
    bars = deaths.collections[0].get_segments()
    assert len(bars) == len(rows)
    for seg, row in zip(bars, rows.itertuples(), strict=True):
        assert np.allclose(seg[:, 0], [row.low, row.high])
    curves = [line for line in fig.axes[0].get_lines() if line.get_label() != "_nolegend_"]
    assert len(curves) >= 8  # one Kaplan-Meier curve per players x mix x variation


# -- bad-doctor-seats -----------------------------------------------------------------------


def test_seats_rows_credit_each_seat_with_its_own_result():
    result = simlab.run_study("bad-doctor-seats", games=12, seed=3, players=("2", "4"))
    games = result.games
    for index in range(12):
        players = (2, 4)[index % 2]
        final = simlab.run(simlab.load_game("bad_doctor", players=players), "random",
                           seed=game_rng(3, index))
        rows = games[games.game == index].sort_values("seat")
        assert rows.seat.tolist() == list(range(players))
        assert rows.win.tolist() == [s in final.outcome.winners for s in range(players)]
        assert rows.score.tolist() == [final.outcome.scores[s] for s in range(players)]
    want = expected_rows(games, ["players", "seat"], proportions=["win"], means=["score"])
    assert_summary_rows(result.summary, want, ["players", "seat"])
    win = result.summary[(result.summary.quantity == "win") & (result.summary.seat == 0)
                         & (result.summary.players == 2)].iloc[0]
    want_win = proportion_row(games[(games.players == 2) & (games.seat == 0)].win)
    assert win.estimate == pytest.approx(want_win["estimate"])


@pytest.mark.parametrize("players", [2, 3])
def test_rows_of_a_search_game_match_its_events(players):
    """The rows that the studies make of a game of search players (the generated
    docs/studies/bad_doctor/studies.md counts its deaths and wins from them) say what the
    game's events and outcome say."""
    from simlab.games.bad_doctor.studies import patient_rows, seat_rows

    game = simlab.load_game("bad_doctor", players=players)
    fate: dict[str, str] = {}

    def watch(state, actor, action, events):
        for e in events:
            if e.kind in ("death", "cure"):
                fate[re.match(r"Patient (\S+) ", e.text).group(1)] = e.kind

    final = simlab.run(game, ["mcts-3"] * players, seed=players, on_action=watch)
    rows = patient_rows(final, {"players": players, "mix": "mcts-3"})
    died = {r["patient"] for r in rows if r["status"] == "died"}
    assert died == {p for p, how in fate.items() if how == "death"} and died
    assert {r["patient"] for r in rows if r["status"] == "cured"} == {
        p for p, how in fate.items() if how == "cure"}
    assert rows[0]["deaths"] == len(died) and sum(r["game_row"] for r in rows) == 1
    seats = seat_rows(final)
    assert [r["win"] for r in seats] == [s in final.outcome.winners for s in range(players)]
    assert [r["score"] for r in seats] == list(final.outcome.scores)
    assert rows[0]["winner_score"] == max(r["score"] for r in seats if r["win"])
