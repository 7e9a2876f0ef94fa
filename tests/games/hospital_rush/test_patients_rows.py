"""The rows of ``hospital-rush-patients``, against a replay of each game followed patient by
patient, and the round an event belongs to."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

import simlab
from simlab.core.play import run
from simlab.core.study import game_setting
from simlab.games.hospital_rush.rules import HospitalRushGame, Phase
from simlab.games.hospital_rush.studies import FATES, _round_now
from tests.games._numbers import game_rng

GAMES = 6
PLAYERS = ("3", "4")
POLICIES = ("greedy", "random")
#: The event kinds that tell how a patient left (any other way out of a bed: discarded).
LEAVES = {"discharge": "cured", "early": "cured early", "preterm": "preterm"}


def replayed_fates(players: int, policy: str, seed: int) -> tuple[Counter, int, int]:
    """How the patients of a game left (fate: count), told apart from the study's watcher:
    a patient leaves when it is no longer in a bed; the fate is that of an event naming it
    on that action; also the patients still in bed at the end, and the last round."""
    beds: set[str] = set()
    fates: Counter = Counter()

    def record(state: Any, actor: int, action: Any, events: list) -> None:
        nonlocal beds
        now = {b.patient for b in state.beds if b is not None}
        for name in beds - now:
            told = [LEAVES[e.kind] for e in events
                    if e.kind in LEAVES and e.text.startswith(f"{name} in bed ")]
            fates[told[0] if told else "discarded"] += 1
        beds = now

    final = run(HospitalRushGame(players=players), policy, seed=seed, on_action=record)
    return fates, len(beds), final.round


@pytest.fixture(scope="module")
def patients():
    return simlab.run_study("hospital-rush-patients", games=GAMES, seed=7, players=PLAYERS,
                            policies=POLICIES)


def test_every_patient_row_is_the_replayed_games(patients):
    games = patients.games
    assert sorted(games.columns) == sorted(["game", "players", "policy", "game_rounds", "fate",
                                            "rounds", *FATES, "in_bed_at_end"])
    for flag in (*FATES, "in_bed_at_end"):  # told on every row, never missing
        assert games[flag].map(type).eq(bool).all()
    assert set(games.fate) <= {*FATES, "in bed at end"}
    for index in range(GAMES):
        players, policy = game_setting(index, PLAYERS, POLICIES)
        fates, in_bed, last_round = replayed_fates(players, policy,
                                                   int(game_rng(7, index).integers(2**63)))
        rows = games[games.game == index]
        assert (rows.players == players).all() and (rows.policy == policy).all()
        assert (rows.game_rounds == last_round).all()
        left = rows[~rows.in_bed_at_end.astype(bool)]
        assert Counter(left.fate) == fates
        for fate in FATES:  # one flag a fate, true on its own rows only
            assert (left[fate].astype(bool) == (left.fate == fate)).all()
        stayed = rows[rows.in_bed_at_end.astype(bool)]
        assert len(stayed) == in_bed and (stayed.fate == "in bed at end").all()
        assert not stayed[list(FATES)].astype(bool).any().any()
        assert (stayed.rounds >= 1).all() and (stayed.rounds <= last_round).all()
    # the shortest stay is one round (admitted and gone in the same round; admitted in the
    # last round and still in bed), never zero
    assert games.groupby("in_bed_at_end").rounds.min().to_dict() == {False: 1, True: 1}


@pytest.mark.parametrize(("phase", "placed", "round_", "counted"), [
    (Phase.BEDS, 0, 3, 2),  # phase 5 of round 2 has just counted round 3: round 2's event
    (Phase.BEDS, 0, 1, 1),  # the first round's beds: no round before it
    (Phase.BEDS, 0, 2, 1),  # phase 5 of round 1 has just counted round 2
    (Phase.BEDS, 1, 3, 3),  # a bed of round 3 already filled: round 3
    (Phase.PLACE, 0, 3, 3),
    (Phase.DISCHARGE, 0, 2, 2),
])
def test_an_event_belongs_to_the_round_it_happened_in(phase, placed, round_, counted):
    state = SimpleNamespace(phase=phase, placed=placed, round=round_)
    assert _round_now(state) == counted
