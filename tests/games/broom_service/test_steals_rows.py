"""The rows of ``broom-service-steals``, against a replay of each game followed claim by claim."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.core.play import run
from simlab.core.study import game_setting
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.rules import BroomServiceGame
from tests.games._numbers import game_rng

GAMES = 12
PLAYERS = ("3", "4")
POLICIES = ("brave", "brave-0.5")


@pytest.fixture(scope="module")
def steals():
    return simlab.run_study("broom-service-steals", games=GAMES, seed=6, players=PLAYERS,
                            policies=POLICIES)


def replayed_claims(players: int, policy: str, seed: int) -> tuple[list[dict[str, Any]], list]:
    """Every brave claim of the game, resolved, told apart from the study's own watcher:
    the claim's seat, role and place (1 = the round's leader), whether it was stolen, and
    whether it was made on the round's first role (its first card played) outside a
    More-or-Less round; and the final VP."""
    steps: list[tuple[int, Any, set[str], int, Any, int]] = []

    def record(state: Any, actor: int, action: Any, events: list) -> None:
        steps.append((actor, action, {e.kind for e in events}, state.round, state.event,
                      state.leader))

    final = run(BroomServiceGame(players=players), policy, seed=seed, on_action=record)
    first_role: dict[int, Any] = {}
    claims = []
    for i, (actor, action, kinds, round_, event, leader) in enumerate(steps):
        if not isinstance(action, A.PlayRole):
            continue
        first_role.setdefault(round_, action.role)
        if not action.brave or "dead" in kinds:  # a role already played: no claim
            continue
        stolen = None
        for j in range(i, len(steps)):
            later = steps[j][2]
            if j > i and "steal" in later:
                stolen = True
                break
            if "brave" in later:
                stolen = False
                break
        if stolen is None:
            continue  # the game ended on it
        claims.append({"seat": actor, "role": action.role, "place": (actor - leader) % players + 1,
                       "stolen": stolen,
                       "first_turn": action.role == first_role[round_] and event != "More or Less"})
    return claims, list(final.final_vp)


def test_every_claim_and_seat_row_is_the_replayed_games(steals):
    games = steals.games
    assert sorted(games.columns) == sorted(["game", "row", "seat", "policy", "players", "role",
                                            "place", "first_turn", "stolen", "vp"])
    assert games.stolen.map(type).eq(bool).all()  # every claim told stolen or not
    assert steals.params["players"] == PLAYERS
    for index in range(GAMES):
        players, policy = game_setting(index, PLAYERS, POLICIES)
        claims, vp = replayed_claims(players, policy, int(game_rng(6, index).integers(2**63)))
        rows = games[games.game == index]
        got = rows[rows.row == "claim"]
        assert len(got) == len(claims) > 0
        for (_, row), claim in zip(got.iterrows(), claims, strict=True):
            assert (row.seat, row.role, row.place, bool(row.stolen)) == (
                claim["seat"], claim["role"], claim["place"], claim["stolen"])
            assert (row.policy, row.players) == (policy, players)
            assert np.isnan(row.vp)
        seats = rows[rows.row == "seat"]
        assert seats.seat.tolist() == list(range(players))
        assert seats.vp.tolist() == vp
        # a seat row is no claim: no role, never first turn, never stolen
        assert (seats.role == "").all()
        assert not seats.first_turn.astype(bool).any() and not seats.stolen.astype(bool).any()


def test_first_turn_claims_are_those_on_the_rounds_first_role(steals):
    games = steals.games
    firsts = 0
    for index in range(GAMES):
        players, policy = game_setting(index, PLAYERS, POLICIES)
        claims, _ = replayed_claims(players, policy, int(game_rng(6, index).integers(2**63)))
        got = games[(games.game == index) & (games.row == "claim")]
        assert got.first_turn.astype(bool).tolist() == [c["first_turn"] for c in claims]
        firsts += sum(c["first_turn"] for c in claims)
    assert 0 < firsts < len(games[games.row == "claim"])


def test_a_summary_of_later_turn_claims_only_still_has_its_all_turns_rows():
    from simlab.games.broom_service.studies import _steals_summary

    claims = [{"game": 0, "row": "claim", "seat": s, "policy": "brave", "players": 3,
               "role": "Witch", "place": s + 1, "first_turn": False, "stolen": s == 0,
               "vp": np.nan} for s in range(3)]
    seats = [{"game": 0, "row": "seat", "seat": s, "policy": "brave", "players": 3, "role": "",
              "place": np.nan, "first_turn": False, "stolen": False, "vp": 10.0 + s}
             for s in range(3)]
    summary = _steals_summary(pd.DataFrame(claims + seats), {"by_role": False})
    assert sorted(set(summary.scope)) == ["all turns", "final VP per seat"]
    later = summary[summary.scope == "all turns"]
    assert later.place.tolist() == [1, 2, 3] and later.estimate.tolist() == [1.0, 0.0, 0.0]
    assert str(summary.place.dtype) == "Int64"  # places as whole numbers, none on VP rows
    assert summary[summary.scope == "final VP per seat"].estimate.tolist() == [11.0]
