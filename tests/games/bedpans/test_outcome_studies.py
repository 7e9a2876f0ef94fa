"""The bedpans-outcomes and bedpans-escape studies."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import simlab
from simlab.core.study import get_study
from simlab.games.bedpans.outcome_studies import corridor_state, exact_escape_one_turn
from simlab.games.bedpans.parts import Decide, Decision
from simlab.games.bedpans.rules import BedpansGame
from tests.helpers.play_loop import play_to_end


def test_outcomes_rows_and_summary():
    result = simlab.run_study("bedpans-outcomes", games=8, seed=3, players=("2", "3"),
                              pairings=("staff:heuristic/elders:heuristic",))
    games = result.games
    assert len(games) == 8 and set(games.players) == {2, 3}
    assert (games.staff_win.astype(int) + games.elder_win.astype(int)
            + games.undecided.astype(int) == 1).all()
    summary = result.summary
    assert {"staff_win", "elder_win", "rounds", "neutralizations", "exit_1_round"} <= set(
        summary.quantity)
    # the first spelling, "Staff-Elders", is still read, as the same pairing
    again = simlab.run_study("bedpans-outcomes", games=8, seed=3, players=("2", "3"),
                             pairings="heuristic-heuristic")
    assert again.games.equals(games)
    assert set(games.pairing) == {"staff:heuristic/elders:heuristic"}


def test_pairing_values_name_the_sides_in_order():
    """``staff:P/elders:Q`` puts P on seat 0 (the Staff) and Q on every Elder seat."""
    study = get_study("bedpans-outcomes")
    assert study.resolve(pairings="staff:mcts/elders:heuristic")["pairings"] == (
        "staff:mcts/elders:heuristic",)
    assert study.resolve(pairings="mcts-heuristic")["pairings"] == (
        "staff:mcts/elders:heuristic",)
    one = simlab.run_study("bedpans-outcomes", games=2, seed=5, players=("3",),
                           pairings="staff:heuristic/elders:random")
    rng = np.random.default_rng(np.random.SeedSequence(entropy=5, spawn_key=(0,)))
    final = simlab.run(BedpansGame(players=3, round_limit=60),
                       ["heuristic", "random", "random"], seed=int(rng.integers(2**63)))
    row = one.games.iloc[0]
    assert (row.rounds, row.neutralizations) == (final.round, final.neutralized)


def test_mcts_on_both_sides_is_the_search_player_on_every_seat():
    """``staff:mcts/elders:mcts``: the game ``simlab.run`` plays with ``mcts`` on the Staff
    and every Elder.

    Game ``i`` of the study draws its game seed from ``SeedSequence(entropy=seed,
    spawn_key=(i,))`` (the runner's per-game seeding); the same game is replayed here by
    hand from that seed, and a heuristic Staff on the same seed plays another game.
    """
    result = simlab.run_study("bedpans-outcomes", games=1, seed=3, players=("2",),
                              pairings=("staff:mcts/elders:mcts",))
    row = result.games.iloc[0]
    rng = np.random.default_rng(np.random.SeedSequence(entropy=3, spawn_key=(0,)))
    seed = int(rng.integers(2**63))
    game = BedpansGame(players=2, round_limit=60)
    both = simlab.run(game, ["mcts", "mcts"], seed=seed)
    assert row.pairing == "staff:mcts/elders:mcts"
    assert (row.rounds, row.neutralizations) == (both.round, both.neutralized)
    assert bool(row.elder_win) == (bool(both.outcome.winners) and both.outcome.winners != (0,))
    def trace(state):
        return state.round, state.neutralized, state.outcome, tuple(state.exit_rounds)

    # the check can tell the sides apart: with the heuristic Staff this seed plays otherwise
    assert trace(simlab.run(game, ["heuristic", "mcts"], seed=seed)) != trace(both)


def test_escape_matches_exact_value_without_staff():
    result = simlab.run_study("bedpans-escape", games=300, seed=5, distance=("3", "4"),
                              doctor=0, turns=1)
    rows = result.summary[result.summary.quantity == "escaped"]
    for _, row in rows.iterrows():
        assert row.exact == exact_escape_one_turn(int(row.distance))
        assert row.low <= row.exact <= row.high


def test_corridor_position():
    s = corridor_state(5, 0, 2)
    assert s.staffers == [None] * 6
    assert s.need == Decide(1, Decision.DECOY) and s.hands == [[], []]  # no Stuff dealt
    assert not s._targets(s.tokens["red"][0])  # nothing to explore


# (distance, Doctor) -> T05 tiles west of the Exit tile, counted by hand on a drawing: the
# corridor reaches one tile past the tile of its westmost Character
CORRIDORS = {(1, 0): 1, (2, 0): 1, (3, 0): 2, (4, 2): 3, (5, 5): 4, (8, 3): 4, (2, 7): 4}


def test_corridor_is_a_sealed_row_of_open_tiles_ending_at_the_exit_with_every_stuff_in_the_pile():
    for (distance, doctor), tiles in CORRIDORS.items():
        s = corridor_state(distance, doctor, 2)
        row = {("G1", -k, 0): ("T05", 0) for k in range(1, tiles + 1)}
        assert s.tiles == {**row, ("G1", 0, 0): ("X1", 1)}
        # sealed: the four neighbours of the row's tiles that hold no tile
        assert s.sealed == ({("G1", x, y) for x in range(-tiles, 1) for y in (-1, 1)}
                            | {("G1", -tiles - 1, 0), ("G1", 1, 0)})
        assert s.features == {("G1", 2, 1): "X"}
        west = 2 - distance - doctor  # the westmost Character's space, on the row's tiles
        assert -3 * tiles <= west and west // 3 > -tiles - 1
        assert s.tokens["red"] == [("G1", 2 - distance, 1)] * 2
        # all 48 Stuff-markers in the pile (rulebook, Components): none set up, none drawn
        assert (s.pile, s.stuff_at, s.draws, s.hands) == (48, {}, [], [[], []])
        assert s.pile == sum(s.unseen.values())


def _escape_replay(seed: int, index: int, distance: int, doctor: int, turns: int) -> dict:
    """Game ``index`` of ``bedpans-escape`` played again with a loop of the tests' own."""
    state = corridor_state(distance, doctor, turns)
    rng = np.random.default_rng(np.random.SeedSequence(entropy=seed, spawn_key=(index,)))
    policies = [state.game.make_policy("heuristic", seat) for seat in (0, 1)]
    told: list[tuple[str, int | None]] = []
    play_to_end(state, policies, rng,
                lambda action, events: told.extend((e.kind, e.seat) for e in events))
    return {"escaped": ("win", 1) in told, "neutralized": [k for k, _ in told].count("neutralize"),
            "rounds": state.round}


def test_escape_rows_are_their_corridor_games_played_again():
    result = simlab.run_study("bedpans-escape", games=16, seed=2, distance=("4", "7"),
                              doctor=1, turns=3)
    games = result.games
    assert list(games.columns) == ["game", "distance", "doctor", "turns", "escaped",
                                   "neutralized", "rounds"]
    escaped = []
    for index, row in zip(games.game, games.itertuples(), strict=True):
        distance = (4, 7)[index % 2]
        seen = _escape_replay(2, index, distance, 1, 3)
        assert (row.distance, row.doctor, row.turns) == (distance, 1, 3)
        assert (bool(row.escaped), bool(row.neutralized), row.rounds) == (
            seen["escaped"], seen["neutralized"] > 0, seen["rounds"])
        escaped.append(seen["escaped"])
    # every Elder escapes here, in 1 to 3 rounds: the Doctor behind it meets its Decoy first
    assert all(escaped) and sorted(set(games.rounds)) == [1, 2, 3]
    assert not games.neutralized.any()


def test_escape_exact_values_only_without_a_doctor_in_one_turn():
    for doctor, turns in ((0, 2), (2, 1)):
        result = simlab.run_study("bedpans-escape", games=4, seed=1, distance=("3",),
                                  doctor=doctor, turns=turns)
        assert result.summary.exact.isna().all()
    result = simlab.run_study("bedpans-escape", games=6, seed=1, distance=("3", "5"), doctor=0,
                              turns=1)
    summary = result.summary.set_index(["distance", "quantity"])
    assert list(summary.index) == [(d, q) for d in (3, 5)
                                   for q in ("escaped", "neutralized", "rounds")]
    # the 27 rolls of 3 three-sided dice, the lowest 2 summed (rulebook: an Elder moving
    # first): 20 of them reach 3, 4 reach 5 (2-3-3 three ways, 3-3-3)
    rolls = [sum(sorted(r)[:2]) for r in itertools.product((1, 2, 3), repeat=3)]
    assert (sum(r >= 3 for r in rolls), sum(r >= 5 for r in rolls)) == (20, 4)
    assert summary.loc[(3, "escaped")].exact == pytest.approx(20 / 27)
    assert summary.loc[(5, "escaped")].exact == pytest.approx(4 / 27)
    assert summary.loc[[(3, "neutralized"), (3, "rounds"), (5, "rounds")]].exact.isna().all()
    games = result.games
    rounds = summary.loc[(5, "rounds")]
    assert (rounds.kind, rounds.n, rounds.estimate) == (
        "mean", 3, games[games.distance == 5].rounds.mean())
