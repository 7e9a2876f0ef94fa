"""The ``policy-ladder`` study's own code, on hand-made games: each number counted by hand.

The rows a summary gives (the challenger's side of each pairing, the lone seat,
the ratings, the two sides' tables) are checked against counts written out
here, Wilson's formula written out and the Bradley–Terry fit of two policies in
closed form; the study a game's table builds is checked field by field.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from scipy.stats import norm

import simlab.core.study.policy_ladder as policy_ladder_module
from simlab.core.api import Outcome
from simlab.core.ladder import bradley_terry, side_lineups, side_rates
from simlab.core.play import run
from simlab.core.registry import Ladder, load_game
from simlab.core.study.policy_ladder import (
    BUDGETS,
    COLUMNS,
    LadderGame,
    _lone_seat_rows,
    _SideSummary,
    ladder_frame,
    ladder_study,
    ladder_summary,
    policy_ladder,
)
from simlab.core.study.seeding import per_game

Z = float(norm.ppf(0.975))


def wilson(score: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval of ``score / n``, written out."""
    p = score / n
    centre = (p + Z**2 / (2 * n)) / (1 + Z**2 / n)
    half = Z / (1 + Z**2 / n) * math.sqrt(p * (1 - p) / n + Z**2 / (4 * n**2))
    return centre - half, centre + half


def games_of(rows: list[tuple[str, str]]) -> pd.DataFrame:
    """A games table as a study stores it: line-ups and winners as text."""
    return pd.DataFrame({"lineup": [r[0] for r in rows], "winners": [r[1] for r in rows]})


#: Two seats, a against x: a wins games 1 and 4, game 3 is a tie, x wins the other three.
HEAD_TO_HEAD = games_of([("a,x", "0"), ("x,a", "0"), ("a,x", ""), ("x,a", "1"),
                         ("a,x", "1"), ("a,x", "1")])


def records(summary: pd.DataFrame, scope: str, *columns: str) -> list[tuple]:
    part = summary[summary.scope == scope]
    return [tuple(row) for row in part[list(columns)].itertuples(index=False)]


def test_ladder_frame_reads_lineups_and_winners_and_empty_or_missing_winners_as_none():
    games = pd.DataFrame({"lineup": ["a,b,b", "b,a", "a,a", "b,b"],
                          "winners": ["0,2", "", float("nan"), "1"]})
    frame = ladder_frame(games)
    assert frame.columns.tolist() == ["lineup", "winners"]
    assert frame.values.tolist() == [[("a", "b", "b"), (0, 2)], [("b", "a"), ()],
                                     [("a", "a"), ()], [("b", "b"), (1,)]]


def test_a_pairing_is_shown_from_the_side_of_the_policy_listed_last():
    # a: 2 wins, 1 tie in 6; x: 3 wins
    mine = ladder_summary(HEAD_TO_HEAD, {"policies": ("x", "a"), "resamples": 5})
    assert records(mine, "pairing", "a", "b", "policy", "quantity", "kind", "n", "wins",
                   "ties") == [("a", "x", "a", "win rate of a", "proportion", 6, 2, 1)]
    row = mine[mine.scope == "pairing"].iloc[0]
    assert row.estimate == pytest.approx(2.5 / 6)
    assert (row.low, row.high) == pytest.approx(wilson(2.5, 6))
    turned = ladder_summary(HEAD_TO_HEAD, {"policies": ("a", "x"), "resamples": 5})
    assert records(turned, "pairing", "a", "b", "policy", "n", "wins", "ties") == [
        ("x", "a", "x", 6, 3, 1)]
    row = turned[turned.scope == "pairing"].iloc[0]
    assert row.estimate == pytest.approx(3.5 / 6)
    assert (row.low, row.high) == pytest.approx(wilson(3.5, 6))
    # policies not named: the alphabetically first policy's share, as win_rates gives it
    plain = ladder_summary(HEAD_TO_HEAD, {"resamples": 5})
    assert records(plain, "pairing", "a", "b", "wins") == [("a", "x", 2)]


def test_pairings_are_listed_in_the_order_of_the_policies_challenger_first():
    games = games_of([("a,b", "0"), ("a,c", "1"), ("b,c", "0"), ("c,b", "0")])
    summary = ladder_summary(games, {"policies": ("c", "a", "b"), "resamples": 3})
    # c beats a, b and c win one each, a beats b (so b, the challenger, has 0 wins)
    assert records(summary, "pairing", "a", "b", "wins", "n") == [
        ("a", "c", 0, 1), ("b", "c", 1, 2), ("b", "a", 0, 1)]



def test_pairings_with_policies_outside_the_ladder_come_first_then_in_the_ladders_order():
    # win_rates gives (a, b), (a, x), (a, y), (x, y); a and b are not in the ladder
    games = games_of([("a,b", "0"), ("a,x", "0"), ("y,a", "0"), ("x,y", "1")])
    summary = ladder_summary(games, {"policies": ("y", "x"), "resamples": 3})
    assert records(summary, "pairing", "a", "b", "wins") == [
        ("a", "b", 1), ("y", "a", 1), ("x", "a", 0), ("x", "y", 0)]


#: Three seats: the lone a wins twice in three, the lone b ties twice, the lone c loses,
#: a policy outside the ladder (z) wins alone and loses to a lone a; the rest are not
#: lone-seat games.
THREE_SEATS = games_of([
    ("a,a,a", "0"),    # no lone seat
    ("a,b,b", "0"),    # the lone a wins
    ("b,a,b", "0"),    # b: 1/2 a seat against 0 for a
    ("b,b,a", "0,2"),  # a: 1/2 a seat against b's 1/4
    ("b,a,a", ""),     # no winner: the lone b ties
    ("c,a,a", "1"),    # the lone c loses
    ("z,a,a", "0"),    # the lone z wins
    ("a,z,z", "1"),    # the lone a among z loses
    ("a,b,a", ""),     # the lone b ties again
    ("a,b,c", "0"),    # three policies
    ("a,b", "0"),      # two seats
])


def test_the_lone_seat_rows_count_wins_and_ties_of_the_lone_policy_by_hand():
    # the win rates of pairings need two policies a game: the lone seat's own rows here
    rows = pd.DataFrame(_lone_seat_rows(ladder_frame(THREE_SEATS), ("a", "b", "c")))
    assert set(rows.scope) == {"lone seat"}
    # z (outside the ladder) first, a alone before z alone (z ranks below every policy),
    # then the pairs in the ladder's order, the later policy alone first
    assert [tuple(r) for r in rows[["a", "b", "policy", "n", "wins", "ties"]].itertuples(
        index=False)] == [("a", "z", "a", 1, 0, 0), ("z", "a", "z", 1, 1, 0),
                          ("b", "a", "b", 2, 0, 2), ("a", "b", "a", 3, 2, 0),
                          ("c", "a", "c", 1, 0, 0)]
    assert set(rows.quantity) == {"win rate of the lone a"}
    assert set(rows.kind) == {"proportion"}
    assert rows.estimate.tolist() == pytest.approx([0.0, 1.0, 0.5, 2 / 3, 0.0])
    hand = [(0, 1), (1, 1), (1, 2), (2, 3), (0, 1)]
    for (low, high), (score, n) in zip(rows[["low", "high"]].values, hand, strict=True):
        assert (low, high) == pytest.approx(wilson(score, n), abs=1e-9)


def test_two_policies_are_rated_by_the_closed_form_of_the_fit_and_counted_by_games_played():
    summary = ladder_summary(HEAD_TO_HEAD, {"policies": ("a", "x"), "resamples": 7})
    rating = summary[summary.scope == "rating"]
    assert rating.policy.tolist() == ["a", "x"]
    assert set(rating.quantity) == {"Bradley-Terry rating"} and set(rating.kind) == {"rating"}
    assert (rating.a == "").all() and (rating.b == "").all()
    assert rating.wins.isna().all() and rating.ties.isna().all()
    assert rating.n.tolist() == [6, 6]
    # a scores 2.5 of 6, x 3.5; the fit's prior adds 0.5 / 2 to each: the log ratio, halved
    gap = math.log((2.5 + 0.25) / (3.5 + 0.25))
    assert rating.estimate.tolist() == pytest.approx([gap / 2, -gap / 2])
    frame = ladder_frame(HEAD_TO_HEAD)
    for resamples, params in ((7, {"resamples": 7}), (200, {})):
        fit = bradley_terry(frame, resamples=resamples)
        got = ladder_summary(HEAD_TO_HEAD, params)
        got = got[got.scope == "rating"]
        assert got.low.tolist() == pytest.approx(fit.low.tolist())
        assert got.high.tolist() == pytest.approx(fit.high.tolist())
    assert summary.columns.tolist() == COLUMNS
    assert str(summary.wins.dtype) == "Int64" and str(summary.ties.dtype) == "Int64"


def test_the_games_played_count_each_game_once_per_policy():
    games = THREE_SEATS.drop([0, 9])  # two policies a game
    summary = ladder_summary(games, {"policies": ("a", "b", "c"), "resamples": 3})
    played = summary[summary.scope == "rating"].set_index("policy").n.to_dict()
    assert played == {"a": 9, "b": 6, "c": 1, "z": 2}
    assert len(summary[summary.scope == "lone seat"]) == 5


def test_a_game_of_two_sides_gives_side_rows_and_side_ratings_and_no_lone_seat():
    sides = ("Staff", "Elders")
    games = games_of([("a,b,b", "0"), ("b,a,a", "0"), ("a,b,b", "1"), ("b,a,a", "1,2"),
                      ("a,b,b", "")])
    summary = ladder_summary(games, {"policies": ("a", "b"), "resamples": 4}, sides)
    assert sorted(summary.scope.unique()) == ["pairing", "rating", "side", "side rating"]
    # a as Staff: won, lost, tied (3 games); b as Staff: won, lost (2 games)
    assert records(summary, "side", "a", "b", "policy", "quantity", "kind", "n", "wins",
                   "ties") == [("a", "b", "a", "Staff win rate", "proportion", 3, 1, 1),
                               ("b", "a", "b", "Staff win rate", "proportion", 2, 1, 0)]
    side = summary[summary.scope == "side"]
    assert side.estimate.tolist() == pytest.approx([1.5 / 3, 0.5])
    assert side.low.tolist() == pytest.approx([wilson(1.5, 3)[0], wilson(1, 2)[0]])
    assert side.high.tolist() == pytest.approx([wilson(1.5, 3)[1], wilson(1, 2)[1]])
    rated = summary[summary.scope == "side rating"]
    named = side_lineups(ladder_frame(games), sides)
    fit = bradley_terry(named, resamples=4)
    assert rated.policy.tolist() == fit.policy.tolist() == [
        "a (Elders)", "a (Staff)", "b (Elders)", "b (Staff)"]
    assert rated.estimate.tolist() == pytest.approx(fit.rating.tolist())
    assert rated.low.tolist() == pytest.approx(fit.low.tolist())
    assert rated.n.tolist() == [2, 3, 3, 2]
    assert rated.wins.isna().all() and set(rated.quantity) == {"Bradley-Terry rating"}
    assert len(side_rates(ladder_frame(games), sides)) == 2


def test_a_ladder_game_plays_its_lineup_from_its_generator():
    params = {"players": 3, "policies": ("random", "greedy")}
    row = LadderGame("hospital_rush")(params, np.random.default_rng(5), 1)
    final = run(load_game("hospital_rush", players=3), ["greedy", "random", "greedy"],
                seed=int(np.random.default_rng(5).integers(2**63)))
    assert row == {"a": "random", "b": "greedy", "lineup": "greedy,random,greedy",
                   "winners": ",".join(str(w) for w in final.outcome.winners)}
    # the lone policy at seat 0 only: game 1 swaps the roles
    row = LadderGame("hospital_rush", [0])(params, np.random.default_rng(5), 1)
    assert row["lineup"] == "greedy,random,random"


def test_a_ladder_game_seeds_its_game_from_its_generator_and_joins_shared_winners(monkeypatch):
    calls = []

    def fake_run(game, lineup, seed):
        calls.append((repr(game), lineup, seed))
        return SimpleNamespace(outcome=Outcome(winners=(0, 2), scores=(1.0, 0.0, 1.0)))

    monkeypatch.setattr(policy_ladder_module, "run", fake_run)
    params = {"players": 3, "policies": ("random", "greedy")}
    row = LadderGame("hospital_rush")(params, np.random.default_rng(11), 0)
    assert row == {"a": "random", "b": "greedy", "lineup": "random,greedy,greedy",
                   "winners": "0,2"}
    seed = int(np.random.default_rng(11).integers(2**63))
    game = "simlab.load_game('hospital_rush', players=3)"
    assert calls == [(game, ["random", "greedy", "greedy"], seed)]


def test_ladder_games_and_side_summaries_compare_by_their_fields():
    game = LadderGame("bedpans", [0])
    assert game.lone_seats == (0,) and LadderGame("bedpans").lone_seats is None
    assert game == LadderGame("bedpans", (0,)) and hash(game) == hash(LadderGame("bedpans", (0,)))
    assert game != LadderGame("bedpans") and game != LadderGame("bad_doctor", (0,))
    assert game != ("bedpans", (0,))
    assert repr(game) == "LadderGame('bedpans', lone_seats=(0,))"
    sides = _SideSummary(("Staff", "Elders"))
    assert sides == _SideSummary(("Staff", "Elders")) and sides != _SideSummary(None)
    assert sides != ("Staff", "Elders")
    assert hash(sides) == hash(_SideSummary(("Staff", "Elders")))
    assert sides(HEAD_TO_HEAD, {"resamples": 3}).equals(
        ladder_summary(HEAD_TO_HEAD, {"resamples": 3}, ("Staff", "Elders")))


START = ("A round robin among the policies: game i plays pairing i mod P of the P pairs, "
         "cycling through each pairing's line-ups.")
END = (" A game goes to the policy whose seats won more per seat (a shared win counts 1/k to "
       "each winner); an even split or no winner is a tie, counted half.  The summary gives "
       "each pairing's win rate of `a` against `b` with a Wilson interval and each policy's "
       "Bradley-Terry rating (log strength, mean 0) with a bootstrap interval.")


def test_policy_ladder_builds_the_study_from_its_arguments():
    study = policy_ladder("bedpans", "my-ladder", "My ladder", ("random", "heuristic"),
                          choices=("random", "heuristic"), players=3, player_choices=(2, 3),
                          sides=("Staff", "Elders"), default_games=8)
    assert (study.name, study.title, study.plot, study.chunk_size, study.default_games) == (
        "my-ladder", "My ladder", "policy-ladder", 2, 8)
    params = {p.name: p for p in study.params}
    assert list(params) == ["players", "policies", "resamples"]
    assert (params["players"].default, params["players"].choices) == (3, (2, 3))
    assert params["policies"].default == ("random", "heuristic")
    assert set(BUDGETS) <= set(params["policies"].choices)
    assert (params["resamples"].default, params["resamples"].low) == (200, 1)
    assert study.summarize == _SideSummary(("Staff", "Elders"))
    assert study.run_chunk == per_game(LadderGame("bedpans", (0,)))
    assert [(p.type, p.help) for p in params.values()] == [
        (int, "number of players"),
        (tuple, "the policies of the round robin (mcts-N: N iterations a decision)"),
        (int, "bootstrap resamples of the rating intervals")]
    assert study.description == START + (
        " The lone policy of a pairing plays the Staff (seat 0) and the other every Elders "
        "seat, then the roles swap; `side` rows give the Staff win rate for each pair of "
        "policies, and `side rating` rows rate each policy on each side.") + END
    alone = policy_ladder("bad_doctor", "x", "X", ("random", "greedy"), ("random",), 3, (3,))
    assert alone.summarize == _SideSummary(None)
    assert alone.run_chunk == per_game(LadderGame("bad_doctor", None))
    assert alone.default_games == 60
    assert alone.description == START + (
        " One policy holds one seat and the other every other seat, the lone seat rotating "
        "through every place, then the roles swap.") + END


def test_ladder_study_reads_the_games_table():
    study = ladder_study("bedpans-ladder")
    assert study is not None
    assert study.run_chunk == per_game(LadderGame("bedpans", (0,)))
    assert study.summarize == _SideSummary(("Staff", "Elders"))
    resolved = study.resolve()
    assert (resolved["players"], resolved["policies"]) == (3, ("random", "heuristic", "mcts-30"))
    choices = {p.name: p.choices for p in study.params}
    assert choices["players"] == (2, 3, 4, 5)
    assert {"random", "heuristic", *BUDGETS} <= set(choices["policies"])
    assert study.default_games == 60 and study.name == "bedpans-ladder"


def test_ladder_study_builds_the_study_of_a_table_without_choices_allowing_random(monkeypatch):
    table = Ladder(title="T", policies=("random", "greedy"), players=4, player_choices=(3, 4),
                   default_games=12)
    monkeypatch.setattr(policy_ladder_module, "ladders",
                        lambda: {"t-ladder": ("bad_doctor", table)})
    study = ladder_study("t-ladder")
    assert study is not None
    assert (study.name, study.title, study.default_games) == ("t-ladder", "T", 12)
    choices = {p.name: p.choices for p in study.params}["policies"]
    assert "random" in choices and "greedy" not in choices
    assert study.run_chunk == per_game(LadderGame("bad_doctor", None))
