"""Every row of ``bedpans-outcomes`` against its game played again here, followed action by
action by a watcher written apart from the study's code (the Exit tiles placed, the Elders
the Staff neutralized), and the summary's cells against hand counts of those replays."""

from __future__ import annotations

import math

import numpy as np
import pytest

import simlab
from simlab.games.bedpans.rules import BedpansGame

PAIRINGS = ("staff:random/elders:random", "staff:heuristic/elders:heuristic",
            "staff:heuristic/elders:random", "staff:random/elders:heuristic")
SEED, GAMES, LIMIT = 11, 24, 30


def _replay(index: int, players: int, staff: str, elders: str) -> dict:
    """Game ``index`` of the study (its seed drawn as the runner draws it), watched."""
    rng = np.random.default_rng(np.random.SeedSequence(entropy=SEED, spawn_key=(index,)))
    exits: list[int] = []
    neutralized = 0

    def watch(state, actor, action, events) -> None:
        nonlocal neutralized
        # an Elder-player's own Stuff neutralizing an Elder does not count (ruling S5)
        by_elder_stuff = any(e.kind == "stuff" and e.seat not in (0, None) for e in events)
        for event in events:
            words = event.text.split()
            if event.kind == "tile" and words[2:4] == ["placed", "at"] and words[1][0] == "X":
                exits.append(state.round)
            if (event.kind == "neutralize" and event.text.endswith("Elder is neutralized")
                    and not by_elder_stuff):
                neutralized += 1

    final = simlab.run(BedpansGame(players=players, round_limit=LIMIT),
                       [staff] + [elders] * (players - 1), seed=int(rng.integers(2**63)),
                       on_action=watch)
    return {"winners": final.outcome.winners, "rounds": final.round,
            "neutralized": neutralized, "exits": exits}


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def test_each_outcome_row_is_its_game_watched_again_and_the_summary_counts_them():
    result = simlab.run_study("bedpans-outcomes", games=GAMES, seed=SEED,
                              players=("2", "3", "4"), pairings=PAIRINGS, round_limit=LIMIT)
    games = result.games
    assert list(games.columns) == ["game", "players", "pairing", "staff_win", "elder_win",
                                   "undecided", "rounds", "neutralizations", "exit_1_round",
                                   "exit_2_round", "exit_3_round"]
    settings = [(p, pairing) for p in (2, 3, 4) for pairing in PAIRINGS]
    replays = []
    assert list(games.game) == list(range(GAMES))
    for index, row in zip(games.game, games.itertuples(), strict=True):
        players, pairing = settings[index % len(settings)]
        staff, elders = pairing.removeprefix("staff:").split("/elders:")
        seen = _replay(index, players, staff, elders)
        replays.append((players, pairing, seen))
        assert (row.players, row.pairing) == (players, pairing)
        winners = seen["winners"]
        assert bool(row.staff_win) == (winners == (0,))
        assert bool(row.elder_win) == (len(winners) > 0 and 0 not in winners)
        assert bool(row.undecided) == (len(winners) == 0)
        assert (row.rounds, row.neutralizations) == (seen["rounds"], seen["neutralized"])
        found = seen["exits"] + [math.nan] * (3 - len(seen["exits"]))
        got = [row.exit_1_round, row.exit_2_round, row.exit_3_round]
        assert all(_same(float(a), float(b)) for a, b in zip(got, found, strict=True)), index
    # what these games hold, so that every column above is really checked
    assert sum(bool(s["winners"]) and 0 not in s["winners"] for _, _, s in replays) == 4
    assert sum(not s["winners"] for _, _, s in replays) == 4
    assert max(s["rounds"] for _, _, s in replays) == LIMIT  # the study's round limit
    assert [s["exits"] for _, _, s in replays if len(s["exits"]) == 3] == [
        [26, 26, 26], [7, 7, 8], [4, 4, 15]]
    assert [s["exits"] for _, _, s in replays if len(s["exits"]) == 1] == [[7]]

    # the summary: one cell per (players, pairing, quantity), counted from the replays
    summary = result.summary.set_index(["players", "pairing", "quantity"])
    for players, pairing in settings:
        group = [s for p, q, s in replays if (p, q) == (players, pairing)]
        wins = [s["winners"] for s in group]
        counts = {"staff_win": sum(w == (0,) for w in wins),
                  "elder_win": sum(bool(w) and 0 not in w for w in wins),
                  "undecided": sum(not w for w in wins)}
        for quantity, count in counts.items():
            cell = summary.loc[(players, pairing, quantity)]
            assert (cell.n, cell.estimate) == (2, count / 2)
        rounds = summary.loc[(players, pairing, "rounds")]
        assert rounds.estimate == pytest.approx(np.mean([s["rounds"] for s in group]))
        neutral = summary.loc[(players, pairing, "neutralizations")]
        assert neutral.estimate == pytest.approx(np.mean([s["neutralized"] for s in group]))
        for k in range(3):
            found = [s["exits"][k] for s in group if len(s["exits"]) > k]
            key = (players, pairing, f"exit_{k + 1}_round")
            assert summary.loc[key].n == len(found)  # the games that found that Exit
            if found:
                assert summary.loc[key].estimate == pytest.approx(np.mean(found))
    assert len(summary) == len(settings) * 8  # 3 shares and 5 means a group
