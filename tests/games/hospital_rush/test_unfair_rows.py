"""The rows of ``hospital-rush-unfair``, against a replay of each game: red markers ratted out
(from the "ratted" events of the round), steals made and suffered, and the rows' columns."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import simlab
from simlab.core.play import run
from simlab.core.study import rotate_seats
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.rules import HospitalRushGame
from simlab.games.hospital_rush.studies import summed_steal_graph
from tests.games._numbers import game_rng

GAMES = 4


def replayed_reds(players: int, seats: list[str], seed: int) -> tuple[list[tuple], Any]:
    """(seat, ratted) of every red action marker in placing order, told apart from the
    study's watcher: a red marker is ratted out when a "ratted" event names its seat before
    the round's next first marker; and the final state."""
    game = HospitalRushGame(players=players)
    marks: list[list] = []
    round_marks: list[list] = []
    placed = [0]

    def record(state: Any, actor: int, action: Any, events: list) -> None:
        if isinstance(action, A.Place):
            if placed[0] % (2 * players) == 0:
                round_marks.clear()  # a new round: the old markers are out of reach
            placed[0] += 1
            if action.space in game.red_spaces:
                mark = [actor, False]
                marks.append(mark)
                round_marks.append(mark)
        for seat in (e.seat for e in events if e.kind == "ratted"):
            for mark in round_marks:
                mark[1] = mark[1] or mark[0] == seat

    final = run(game, seats, seed=seed, on_action=record)
    return [tuple(m) for m in marks], final


@pytest.fixture(scope="module")
def unfair():
    # random seats rat out (69 of 638 red markers in 6 games); opportunists steal often
    return simlab.run_study("hospital-rush-unfair", games=GAMES, seed=4, players=3,
                            policies=("random", "opportunist"))


def test_every_red_marker_and_steal_count_is_the_replayed_games(unfair):
    games = unfair.games
    assert sorted(games.columns) == sorted(["game", "row", "seat", "policy", "position",
                                            "marker", "ratted", "prestige", "win",
                                            "steals_made", "steals_suffered", "victim",
                                            "item", "victim_policy"])
    assert games.ratted.map(type).eq(bool).all()
    ratted = most = 0
    for index in range(GAMES):
        seats = rotate_seats(("random", "opportunist"), 3, index)
        reds, final = replayed_reds(3, seats, int(game_rng(4, index).integers(2**63)))
        rows = games[games.game == index]
        red = rows[rows.row == "red"]
        assert list(zip(red.seat, red.ratted, strict=True)) == reds
        ratted += sum(r for _, r in reds)
        seat_rows = rows[rows.row == "seat"].sort_values("seat")
        assert seat_rows.seat.tolist() == [0, 1, 2]
        assert not seat_rows.ratted.astype(bool).any()  # a seat row is no marker
        made = [sum(t == s for t, _, _ in final.steals) for s in range(3)]
        suffered = [sum(v == s for _, v, _ in final.steals) for s in range(3)]
        assert seat_rows.steals_made.tolist() == made
        assert seat_rows.steals_suffered.tolist() == suffered
        most = max(most, *made, *suffered)
        steal_rows = rows[rows.row == "steal"]
        assert not steal_rows.ratted.astype(bool).any()
        assert steal_rows.seat.tolist() == [t for t, _, _ in final.steals]
    assert ratted > 0 and most >= 2  # the counts were put to the test
    assert str(unfair.summary.position.dtype) == "Int64"  # places whole, none on seat rows


def test_the_summed_steal_graph_counts_every_steal_by_policy_and_by_seat(unfair):
    steals = unfair.games[unfair.games.row == "steal"]
    assert len(steals) > 0
    for by, thief, victim in (("policy", "policy", "victim_policy"), ("seat", "seat", "victim")):
        graph = summed_steal_graph(unfair, by=by)
        pairs = Counter(zip(steals[thief].tolist(), steals[victim].tolist(), strict=True))
        assert {(a, b): d["count"] for a, b, d in graph.edges(data=True)} == dict(pairs)
