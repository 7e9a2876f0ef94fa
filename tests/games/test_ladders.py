"""The ``policy-ladder`` studies of the four games: their numbers, from replayed games.

Each game of a ladder is replayed here from its own generator with the
line-up the round robin gives it (written out below, not taken from
:mod:`simlab.core.ladder`), and the pairings' wins, ties, rates and Wilson
intervals, the Staff's side rates, and the Bradley–Terry fit are recomputed
by hand from those games.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import simlab
from simlab.core.errors import ConfigError
from simlab.core.play import run
from simlab.core.search import MCTSPolicy
from simlab.core.study import get_study
from tests.games._numbers import Z95, game_rng

#: (study, game, players, policies): cheap policies, so that each ladder takes about a second.
LADDERS = [
    ("bad-doctor-ladder", "bad_doctor", 3, ("random", "greedy", "cautious")),
    ("broom-service-ladder", "broom_service", 3, ("random", "brave", "cowardly")),
    ("hospital-rush-ladder", "hospital_rush", 3, ("random", "greedy", "honest")),
    ("bedpans-ladder", "bedpans", 3, ("random", "heuristic")),
]


def expected_lineup(policies, players, index, lone_seats):
    """Game ``index``: pairings in turn, then each alone at its seats, then the roles swapped."""
    pairs = [(a, b) for i, a in enumerate(policies) for b in policies[i + 1:]]
    a, b = pairs[index % len(pairs)]
    cycle = [(lone, rest, seat) for lone, rest in ((a, b), (b, a)) for seat in lone_seats]
    lone, rest, seat = cycle[(index // len(pairs)) % len(cycle)]
    return (a, b), tuple(lone if s == seat else rest for s in range(players))


def replay(game_name, players, policies, games, seed, lone_seats):
    out = []
    for index in range(games):
        pairing, lineup = expected_lineup(policies, players, index, lone_seats)
        rng = game_rng(seed, index)
        game = simlab.load_game(game_name, players=players)
        winners = run(game, list(lineup), seed=int(rng.integers(2**63))).outcome.winners
        out.append((pairing, lineup, tuple(winners)))
    return out


def score(lineup, winners, first, second):
    """1, 0 or 0.5 for ``first``: per seat, who won more (a shared win counts 1/k)."""
    credit = {first: 0.0, second: 0.0}
    for w in winners:
        credit[lineup[w]] += 1 / len(winners)
    a, b = credit[first] / lineup.count(first), credit[second] / lineup.count(second)
    return 0.5 if math.isclose(a, b) else float(a > b)


def wilson_share(share, n, z=Z95):
    p = share / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def check_rows(rows, results):
    """``results``: (a, b) -> list of a's scores; ``rows``: summary rows with a, b."""
    assert len(rows) == len(results)
    for row in rows.itertuples():
        got = results[(row.a, row.b)]
        wins, ties = got.count(1.0), got.count(0.5)
        assert (row.n, row.wins, row.ties) == (len(got), wins, ties)
        assert row.estimate == pytest.approx((wins + ties / 2) / len(got))
        assert (row.low, row.high) == pytest.approx(wilson_share(wins + ties / 2, len(got)))


def check_bradley_terry(rows, games):
    """The ratings solve the Bradley–Terry likelihood equations (with the ladder's prior)."""
    names = sorted(rows.policy)
    k = len(names)
    wins = np.zeros((k, k))
    for (first, second), result in games:
        i, j = names.index(first), names.index(second)
        wins[i, j] += result
        wins[j, i] += 1 - result
    wins += 0.5 / k  # the light prior the ladder documents
    np.fill_diagonal(wins, 0.0)
    strength = np.exp(rows.set_index("policy").loc[names, "estimate"].to_numpy())
    for i in range(k):
        expected = sum((wins[i, j] + wins[j, i]) * strength[i] / (strength[i] + strength[j])
                       for j in range(k) if j != i)
        assert wins[i].sum() == pytest.approx(expected, rel=1e-6)
    assert np.log(strength).mean() == pytest.approx(0.0, abs=1e-9)
    assert (rows.low <= rows.estimate + 1e-9).all() and (rows.estimate <= rows.high + 1e-9).all()


@pytest.mark.parametrize(("study", "game", "players", "policies"), LADDERS,
                         ids=[row[0] for row in LADDERS])
def test_ladder_numbers_follow_from_the_replayed_games(study, game, players, policies):
    sided = game == "bedpans"
    lone = (0,) if sided else tuple(range(players))
    n_games = 6 if sided else 9
    result = simlab.run_study(study, games=n_games, seed=4, players=players, policies=policies,
                              resamples=30)
    played = replay(game, players, policies, n_games, 4, lone)
    rows = result.games
    assert rows.lineup.tolist() == [",".join(lineup) for _, lineup, _ in played]
    assert rows.winners.fillna("").astype(str).tolist() == [
        ",".join(map(str, w)) for _, _, w in played]
    pairs: dict[tuple[str, str], list[float]] = {}
    lone_rows: dict[tuple[str, str], list[float]] = {}
    scored = []
    for (a, b), lineup, winners in played:
        first, second = sorted((a, b))
        scored.append(((first, second), score(lineup, winners, first, second)))
        # the row shows the challenger's side: the policy listed later in `policies`
        challenger, other = (b, a) if policies.index(b) > policies.index(a) else (a, b)
        pairs.setdefault((challenger, other), []).append(
            score(lineup, winners, challenger, other))
        lone = a if lineup.count(a) == 1 else b
        rest = b if lone == a else a
        lone_rows.setdefault((lone, rest), []).append(score(lineup, winners, lone, rest))
    summary = result.summary
    pairing_rows = summary[summary.scope == "pairing"]
    check_rows(pairing_rows, pairs)
    assert all(policies.index(r.a) > policies.index(r.b) for r in pairing_rows.itertuples())
    ratings = summary[summary.scope.str.contains("rating")]
    assert ratings.wins.isna().all() and ratings.ties.isna().all()  # no -1 placeholders
    assert not (summary[["wins", "ties"]].fillna(0) < 0).any().any()
    check_bradley_terry(summary[summary.scope == "rating"], scored)
    if sided:
        sides: dict[tuple[str, str], list[float]] = {}
        side_games = []
        for _, lineup, winners in played:
            staff_won = 0 in winners
            elder_won = any(w != 0 for w in winners)
            value = 0.5 if staff_won == elder_won else float(staff_won)
            sides.setdefault((lineup[0], lineup[1]), []).append(value)
            side_games.append(((f"{lineup[0]} (Staff)", f"{lineup[1]} (Elders)"), value))
        check_rows(summary[summary.scope == "side"], sides)
        check_bradley_terry(summary[summary.scope == "side rating"], side_games)
        assert not (summary.scope == "lone seat").any()  # the side rows say it
    else:
        assert not summary.scope.isin(["side", "side rating"]).any()
        check_rows(summary[summary.scope == "lone seat"], lone_rows)


def test_a_ladder_is_the_same_for_any_number_of_processes():
    kwargs = dict(games=6, seed=9, players=3, policies=("random", "greedy", "mcts-3"),
                  resamples=20)
    one = simlab.run_study("hospital-rush-ladder", jobs=1, **kwargs)
    two = simlab.run_study("hospital-rush-ladder", jobs=2, **kwargs)
    assert one.games.equals(two.games)
    assert one.summary.equals(two.summary)


def test_the_figure_draws_the_ratings_and_the_win_rates():
    result = simlab.run_study("bad-doctor-ladder", games=9, seed=2, players=3,
                              policies=("random", "greedy", "cautious"), resamples=20)
    fig = result.plot()
    ratings, table = fig.axes[0], fig.axes[1]
    rows = result.summary[result.summary.scope == "rating"].sort_values("estimate")
    assert [t.get_text() for t in ratings.get_yticklabels()] == rows.policy.tolist()
    drawn = table.images[0].get_array()
    order = rows.policy.tolist()[::-1]
    for r in result.summary[result.summary.scope == "pairing"].itertuples():
        i, j = order.index(r.a), order.index(r.b)
        assert drawn[i, j] == pytest.approx(r.estimate)
        assert drawn[j, i] == pytest.approx(1 - r.estimate)


def test_the_default_policies_are_the_games_own_and_a_small_search():
    for study, game, _, _ in LADDERS:
        defaults = get_study(study).resolve()["policies"]
        g = simlab.load_game(game)
        registered = [p for p in g.policy_names()  # the heuristics; search players aside
                      if not isinstance(g.make_policy(p, 0), MCTSPolicy)]
        assert list(defaults[:-1]) == registered
        assert defaults[-1] == "mcts-30"


@pytest.mark.parametrize("policies", [("greedy",), ("greedy", "greedy")])
def test_a_ladder_needs_two_different_policies(policies):
    with pytest.raises(ConfigError, match="at least 2 different policies"):
        simlab.run_study("bad-doctor-ladder", games=2, policies=policies)


def test_an_unknown_policy_is_named():
    with pytest.raises(ConfigError, match="parameter 'policies': bad value 'genius'"):
        simlab.run_study("bad-doctor-ladder", games=2, policies=("greedy", "genius"))
