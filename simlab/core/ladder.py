"""The machinery of a policy ladder: a round robin, pairwise win rates, Bradley–Terry ratings.

Pure functions (no game is played here): :func:`schedule` lays out the
games of a round robin with the seats rotated, :func:`pairwise` scores each
played game for its pairing, :func:`win_rates` gives each pairing's win
rate with a Wilson interval (ties split), and :func:`bradley_terry` fits
ratings with bootstrap intervals.

In a game of pairing (a, b), one policy holds one seat and the other every
other seat; each line-up is played with the lone seat at every place and
with the roles of a and b swapped, so neither seat order nor numbers favour
either.  The game goes to the policy whose seats won more per seat (a win
shared by k seats counts 1/k to each); a game nobody wins, or an even
split, is a tie, counted half to each.

Examples
--------
>>> games = schedule(["random", "greedy"], seats=3, games_per_pairing=6)
>>> games[0]
('random', 'greedy', 'greedy')
>>> pairwise(games[0], winners=(0,), pairing=("random", "greedy"))
1.0
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from simlab.core.errors import ConfigError
from simlab.core.stats import wilson_share_interval

__all__ = ["bradley_terry", "lineup_at", "lineups", "pairwise", "schedule", "side_lineups",
           "side_rates", "win_rates"]


def lineups(a: str, b: str, seats: int,
            lone_seats: Sequence[int] | None = None) -> list[tuple[str, ...]]:
    """The line-ups of pairing (a, b): each alone at every seat (of ``lone_seats``) among the other.

    ``lone_seats`` limits the seats the lone policy takes (default: all);
    a game of two sides, such as Bedpans' Staff (seat 0) against the Elders,
    gives ``(0,)``, so that each policy plays each side whole.

    Examples
    --------
    >>> lineups("x", "y", 2)
    [('x', 'y'), ('y', 'x')]
    >>> len(lineups("x", "y", 3)), lineups("x", "y", 3)[3]
    (6, ('y', 'x', 'x'))
    >>> lineups("x", "y", 3, lone_seats=(0,))
    [('x', 'y', 'y'), ('y', 'x', 'x')]
    """
    if seats < 2:
        raise ConfigError(f"a ladder needs at least 2 seats, not {seats}")
    if a == b:
        raise ConfigError(f"a pairing needs two different policies, not {a!r} twice")
    places = range(seats) if lone_seats is None else list(lone_seats)
    if not places or any(not 0 <= p < seats for p in places):
        raise ConfigError(f"lone seats must be seats 0..{seats - 1}, not {list(places)}")
    if seats == 2 and lone_seats is None:
        places = [0]  # with two seats, "x alone at seat 1" is "y alone at seat 0"
    out = []
    for lone, rest in ((a, b), (b, a)):
        for seat in places:
            out.append(tuple(lone if s == seat else rest for s in range(seats)))
    return out


def lineup_at(policies: Sequence[str], seats: int, index: int,
              lone_seats: Sequence[int] | None = None) -> tuple[tuple[str, str], tuple[str, ...]]:
    """The pairing and line-up of game ``index`` of an open-ended round robin.

    Games cycle through the pairings first (game ``i`` plays pairing
    ``i % P`` of the ``P`` pairs of ``policies``, in
    ``itertools.combinations`` order), then through each pairing's
    :func:`lineups`, so any number of games spreads evenly over the
    pairings, and every ``P x len(lineups)`` games are a full rotation.

    Examples
    --------
    >>> [lineup_at(["a", "b", "c"], 2, i)[1] for i in range(4)]
    [('a', 'b'), ('a', 'c'), ('b', 'c'), ('b', 'a')]
    >>> lineup_at(["a", "b"], 3, 5)
    (('a', 'b'), ('a', 'a', 'b'))
    """
    if len(set(policies)) != len(policies) or len(policies) < 2:
        raise ConfigError("a ladder needs at least 2 different policies")
    pairs = list(itertools.combinations(policies, 2))
    pairing = pairs[index % len(pairs)]
    cycle = lineups(*pairing, seats, lone_seats)
    return pairing, cycle[(index // len(pairs)) % len(cycle)]


def schedule(policies: Sequence[str], seats: int, games_per_pairing: int) -> list[tuple[str, ...]]:
    """Every game of a round robin among ``policies``: the line-ups of each pairing in turn.

    Each pairing gets ``games_per_pairing`` games cycling through its
    :func:`lineups`; pairings come in the order of ``policies``.

    Examples
    --------
    >>> len(schedule(["a", "b", "c"], seats=2, games_per_pairing=4))
    12
    """
    if len(set(policies)) != len(policies) or len(policies) < 2:
        raise ConfigError("a ladder needs at least 2 different policies")
    if games_per_pairing < 1:
        raise ConfigError(f"games_per_pairing must be >= 1, not {games_per_pairing}")
    games: list[tuple[str, ...]] = []
    for a, b in itertools.combinations(policies, 2):
        cycle = lineups(a, b, seats)
        games.extend(cycle[i % len(cycle)] for i in range(games_per_pairing))
    return games


def pairwise(lineup: Sequence[str], winners: Sequence[int], pairing: tuple[str, str]) -> float:
    """The first policy of ``pairing``'s result in one game: 1 a win, 0 a loss, 0.5 a tie.

    Examples
    --------
    >>> pairwise(("a", "b", "b"), (1,), ("a", "b"))
    0.0
    >>> pairwise(("a", "b", "b"), (), ("a", "b")), pairwise(("a", "b"), (0, 1), ("a", "b"))
    (0.5, 0.5)
    """
    a, b = pairing
    credit = {a: 0.0, b: 0.0}
    for w in winners:
        credit[lineup[w]] += 1.0 / len(winners)
    per_a = credit[a] / lineup.count(a)
    per_b = credit[b] / lineup.count(b)
    if math.isclose(per_a, per_b):
        return 0.5
    return 1.0 if per_a > per_b else 0.0


def _results(games: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for lineup, winners in zip(games["lineup"], games["winners"], strict=True):
        a, b = sorted(set(lineup))
        rows.append({"a": a, "b": b, "result": pairwise(lineup, winners, (a, b))})
    return pd.DataFrame(rows, columns=["a", "b", "result"])


def win_rates(games: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """Each pairing's win rate (ties split) with a Wilson interval.

    Parameters
    ----------
    games : DataFrame
        One row per game: ``lineup`` (a tuple of policy names, one per
        seat) and ``winners`` (a tuple of seats).

    Returns
    -------
    DataFrame
        One row per pairing ``a`` < ``b``: games, wins and ties of ``a``,
        ``rate`` (wins + ties / 2 over games), ``low``, ``high``.

    Examples
    --------
    >>> games = pd.DataFrame({"lineup": [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")],
    ...                       "winners": [(0,), (1,), (), (0,)]})
    >>> win_rates(games)[["a", "b", "games", "wins", "ties", "rate"]].to_dict("records")
    [{'a': 'a', 'b': 'b', 'games': 4, 'wins': 2, 'ties': 1, 'rate': 0.625}]
    """
    results = _results(games)
    rows = []
    for (a, b), part in results.groupby(["a", "b"], sort=True):
        n = len(part)
        wins = int((part.result == 1.0).sum())
        ties = int((part.result == 0.5).sum())
        score = wins + ties / 2
        low, high = wilson_share_interval(score, n, confidence)
        rows.append({"a": a, "b": b, "games": n, "wins": wins, "ties": ties,
                     "rate": score / n, "low": float(low), "high": float(high)})
    return pd.DataFrame(rows)


def _fit(names: list[str], a_idx: np.ndarray, b_idx: np.ndarray, result: np.ndarray,
         iterations: int = 500) -> np.ndarray:
    """Bradley–Terry strengths by the MM algorithm (Hunter 2004); ties count half each way."""
    k = len(names)
    wins = np.zeros((k, k))
    np.add.at(wins, (a_idx, b_idx), result)
    np.add.at(wins, (b_idx, a_idx), 1.0 - result)
    wins += 0.5 / k  # a light prior: every strength stays finite, even for a clean sweep
    np.fill_diagonal(wins, 0.0)
    games = wins + wins.T
    total = wins.sum(axis=1)
    p = np.ones(k)
    for _ in range(iterations):
        denom = (games / (p[:, None] + p[None, :])).sum(axis=1)
        new = total / denom
        new /= np.exp(np.log(new).mean())
        if np.max(np.abs(new - p)) < 1e-12:
            p = new
            break
        p = new
    return np.log(p)


def bradley_terry(games: pd.DataFrame, resamples: int = 200, seed: int = 0,
                  confidence: float = 0.95) -> pd.DataFrame:
    """Bradley–Terry ratings of the policies with bootstrap intervals.

    A rating is the log strength (mean 0 over the policies); a policy rated
    ``r`` beats one rated ``s`` with chance ``1 / (1 + exp(s - r))``.  The
    intervals are percentiles of the ratings refitted on games resampled
    within each pairing.

    Examples
    --------
    >>> lineup = [("a", "b"), ("b", "a")] * 20
    >>> winners = [(0,), (1,)] * 15 + [(1,), (0,)] * 5   # a wins 30 of 40
    >>> table = bradley_terry(pd.DataFrame({"lineup": lineup, "winners": winners}))
    >>> table.policy.tolist(), round(float(table.rating[0] - table.rating[1]), 2)
    (['a', 'b'], 1.08)
    """
    results = _results(games)
    names = sorted(set(results.a) | set(results.b))
    index = {n: i for i, n in enumerate(names)}
    a_idx = results.a.map(index).to_numpy()
    b_idx = results.b.map(index).to_numpy()
    result = results.result.to_numpy(dtype=float)
    rating = _fit(names, a_idx, b_idx, result)
    rng = np.random.default_rng(seed)
    groups = [np.flatnonzero((a_idx == i) & (b_idx == j))
              for i, j in sorted(set(zip(a_idx, b_idx, strict=True)))]
    draws = np.empty((resamples, len(names)))
    for r in range(resamples):
        pick = np.concatenate([rng.choice(g, size=len(g)) for g in groups])
        draws[r] = _fit(names, a_idx[pick], b_idx[pick], result[pick])
    tail = (1 - confidence) / 2 * 100
    low, high = np.percentile(draws, [tail, 100 - tail], axis=0)
    return pd.DataFrame({"policy": names, "rating": rating, "low": low, "high": high})


def side_lineups(games: pd.DataFrame, sides: tuple[str, str]) -> pd.DataFrame:
    """``games`` with every policy named by its side (seat 0's, then the others').

    A game of two sides (Bedpans: the Staff at seat 0, the Elders at every
    other seat) is then scored by :func:`pairwise` as a game between two
    "players", ``"p (Staff)"`` and ``"q (Elders)"``: the side whose seats won
    more per seat wins it.  :func:`bradley_terry` of the result rates each
    policy on each side.

    Examples
    --------
    >>> games = pd.DataFrame({"lineup": [("a", "b", "b")], "winners": [(2,)]})
    >>> side_lineups(games, ("Staff", "Elders")).lineup[0]
    ('a (Staff)', 'b (Elders)', 'b (Elders)')
    """
    first, rest = sides
    relabel = [(f"{lineup[0]} ({first})", *(f"{p} ({rest})" for p in lineup[1:]))
               for lineup in games["lineup"]]
    return games.assign(lineup=relabel)


def side_rates(games: pd.DataFrame, sides: tuple[str, str],
               confidence: float = 0.95) -> pd.DataFrame:
    """The first side's win rate for each pair of policies playing the two sides (ties split).

    Returns
    -------
    DataFrame
        One row per (``first``, ``second``): the policy of seat 0's side and
        the policy of the other seats; games, wins and ties of the first
        side, ``rate`` (wins + ties / 2 over games), ``low``, ``high``
        (Wilson).

    Examples
    --------
    >>> games = pd.DataFrame({"lineup": [("a", "b", "b"), ("b", "a", "a"), ("a", "b", "b")],
    ...                       "winners": [(0,), (1,), (2,)]})
    >>> side_rates(games, ("Staff", "Elders"))[["first", "second", "games", "wins"]].values.tolist()
    [['a', 'b', 2, 1], ['b', 'a', 1, 0]]
    """
    second_side = sides[1]
    rows: dict[tuple[str, str], list[float]] = {}
    labelled = side_lineups(games, sides)
    for lineup, named, winners in zip(games["lineup"], labelled["lineup"], games["winners"],
                                      strict=True):
        if len(set(lineup[1:])) != 1:
            raise ConfigError(f"the seats of side {second_side!r} play different policies: "
                              f"{list(lineup[1:])}")
        result = pairwise(named, winners, (named[0], named[1]))
        tally = rows.setdefault((lineup[0], lineup[1]), [0, 0, 0])
        tally[0] += 1
        tally[1] += result == 1.0
        tally[2] += result == 0.5
    out = []
    for (first, second), (n, wins, ties) in sorted(rows.items()):
        score = wins + ties / 2
        low, high = wilson_share_interval(score, int(n), confidence)
        out.append({"first": first, "second": second, "games": int(n), "wins": int(wins),
                    "ties": int(ties), "rate": score / n, "low": float(low), "high": float(high)})
    return pd.DataFrame(out, columns=["first", "second", "games", "wins", "ties", "rate", "low",
                                      "high"])
