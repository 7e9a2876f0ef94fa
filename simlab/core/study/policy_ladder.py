"""The ``policy-ladder`` study of a game: a round robin among policies, rated.

:func:`policy_ladder` builds, for any registered game, the study that plays
every pairing of the chosen policies (one policy alone at a seat, the other
at every other seat, the lone seat rotated, roles swapped; see
:func:`simlab.core.ladder.lineup_at`), scores each game for its pairing
(ties split, :func:`simlab.core.ladder.pairwise`) and summarizes:

- ``scope == "pairing"``: each pairing's win rate of ``a`` against ``b``
  with a Wilson interval, shown from the side of the challenger: ``a`` is
  the policy listed later in ``policies`` (``policies=greedy,mcts`` gives
  ``mcts``'s share against ``greedy``);
- ``scope == "lone seat"`` (3 seats or more, one side): the lone seat of the
  line-ups, one ``a`` among ``b`` at every other seat, and its win rate
  (about ``1 / seats`` when the two play alike);
- ``scope == "rating"``: each policy's Bradley–Terry rating (log strength,
  mean 0) with a bootstrap interval;
- for a game of two sides (``sides``, e.g. Bedpans' Staff and Elders), the
  lone policy holds seat 0's side and the other policy every other seat, and
  ``scope == "side"`` gives the first side's win rate for every pair of
  policies (``a`` on the first side, ``b`` on the second), ``scope == "side
  rating"`` a rating of each policy on each side.

A rating row has no wins or ties of its own: those cells are empty (``<NA>``).

Each game draws from its own generator (:func:`~simlab.core.study.per_game`),
so the numbers are the same for any ``jobs``.  A game declares its ladder as
data, a :class:`~simlab.core.registry.Ladder` in its package table (core
names no game), and :func:`ladder_study` builds and registers the study the
first time it is asked for by name.

Examples
--------
>>> import simlab
>>> result = simlab.run_study("hospital-rush-ladder", games=3, seed=1,
...                           policies=("random", "greedy"))
>>> result.games[["a", "b", "lineup"]].values.tolist()[:2]
[['random', 'greedy', 'random,greedy,greedy'], ['random', 'greedy', 'greedy,random,greedy']]
>>> sorted(result.summary.scope.unique())
['lone seat', 'pairing', 'rating']
>>> result.summary.loc[0, ["scope", "a", "b"]].tolist()
['pairing', 'greedy', 'random']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, cast

import numpy as np
import pandas as pd

from simlab.core.api import Outcome
from simlab.core.ladder import (
    bradley_terry,
    lineup_at,
    pairwise,
    side_lineups,
    side_rates,
    win_rates,
)
from simlab.core.play import run
from simlab.core.registry import ladders, load_game
from simlab.core.search_settings import policy_choices
from simlab.core.stats import wilson_share_interval
from simlab.core.study.definition import Study
from simlab.core.study.params import Param
from simlab.core.study.seeding import per_game

__all__ = ["LadderGame", "ladder_frame", "ladder_study", "ladder_summary", "policy_ladder"]

#: Search budgets a ladder lists beside ``mcts`` and ``mcts-100`` (any ``mcts-N`` is allowed).
BUDGETS = ("mcts-3", "mcts-10", "mcts-30")
#: Columns of a ladder summary, in order.
COLUMNS = ["scope", "a", "b", "policy", "quantity", "kind", "estimate", "low", "high", "n",
           "wins", "ties"]


class LadderGame:
    """One game of a ladder (picklable): its pairing, line-up and winners.

    Parameters
    ----------
    game : str
        Registered game name.
    lone_seats : sequence of int or None
        Seats the lone policy of a pairing takes (``None``: every seat).
    """

    def __init__(self, game: str, lone_seats: Sequence[int] | None = None) -> None:
        self.game = game
        self.lone_seats = None if lone_seats is None else tuple(lone_seats)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, LadderGame) and other.game == self.game
                and other.lone_seats == self.lone_seats)

    def __hash__(self) -> int:
        return hash((LadderGame, self.game, self.lone_seats))

    def __repr__(self) -> str:
        return f"LadderGame({self.game!r}, lone_seats={self.lone_seats!r})"

    def __call__(self, params: dict[str, Any], rng: np.random.Generator,
                 index: int) -> dict[str, Any]:
        players = int(params["players"])
        (a, b), lineup = lineup_at(params["policies"], players, index, self.lone_seats)
        game = load_game(self.game, players=players)
        final = run(game, list(lineup), seed=int(rng.integers(2**63)))
        outcome = cast(Outcome, final.outcome)
        return {"a": a, "b": b, "lineup": ",".join(lineup),
                "winners": ",".join(str(w) for w in outcome.winners)}


def ladder_frame(games: pd.DataFrame) -> pd.DataFrame:
    """The rows of a ladder as :mod:`simlab.core.ladder` takes them: tuples of names and seats.

    Examples
    --------
    >>> ladder_frame(pd.DataFrame({"lineup": ["a,b"], "winners": ["1"]})).values.tolist()
    [[('a', 'b'), (1,)]]
    """
    lineup = [tuple(str(x).split(",")) for x in games["lineup"]]
    winners = [tuple(int(w) for w in str(x).split(",")) if str(x) not in ("", "nan") else ()
               for x in games["winners"]]
    return pd.DataFrame({"lineup": lineup, "winners": winners})


def _rating_rows(table: pd.DataFrame, played: pd.Series, scope: str) -> list[dict[str, Any]]:
    """A rating has no wins or ties of its own: those cells are left empty (``<NA>``)."""
    return [{"scope": scope, "a": "", "b": "", "policy": r.policy,
             "quantity": "Bradley-Terry rating", "kind": "rating", "estimate": r.rating,
             "low": r.low, "high": r.high, "n": int(played.get(r.policy, 0)), "wins": pd.NA,
             "ties": pd.NA}
            for r in table.itertuples()]


def _challenger_rows(frame: pd.DataFrame, policies: Sequence[str]) -> list[dict[str, Any]]:
    """Each pairing's rows from the side of the policy listed last in ``policies``.

    :func:`~simlab.core.ladder.win_rates` gives the alphabetically first policy's
    share; a user who names ``policies=greedy,mcts`` asks how ``mcts`` (the
    challenger, listed last) does against ``greedy``, so the row is turned round
    where needed: the other share, its interval mirrored, the other's wins.
    """
    order = {name: i for i, name in enumerate(policies)}
    rows = []
    for r in win_rates(frame).itertuples():
        a, b, rate, low, high, wins = r.a, r.b, r.rate, r.low, r.high, r.wins
        if order.get(a, -1) < order.get(b, -1):
            a, b, rate, low, high = b, a, 1.0 - rate, 1.0 - high, 1.0 - low
            wins = r.games - r.wins - r.ties
        rows.append({"scope": "pairing", "a": a, "b": b, "policy": a,
                     "quantity": "win rate of a", "kind": "proportion", "estimate": rate,
                     "low": low, "high": high, "n": r.games, "wins": wins, "ties": r.ties})
    rows.sort(key=lambda row: (order.get(row["a"], -1), order.get(row["b"], -1)))
    return rows


def _lone_seat_rows(frame: pd.DataFrame, policies: Sequence[str]) -> list[dict[str, Any]]:
    """The lone seat of each line-up: one ``a`` among ``b`` at every other seat.

    ``win rate of the lone a``: the share of those games the lone seat wins for its
    policy (ties, an even split or no winner, counted half), with a Wilson interval.
    With 3 or more seats a fair game gives the lone seat about ``1 / seats``.
    """
    order = {name: i for i, name in enumerate(policies)}
    tally: dict[tuple[str, str], list[int]] = {}
    for lineup, winners in zip(frame["lineup"], frame["winners"], strict=True):
        names = set(lineup)
        lone = next((p for p in names if lineup.count(p) == 1), None)
        if lone is None or len(lineup) < 3 or len(names) != 2:
            continue
        other = next(p for p in names if p != lone)
        result = pairwise(lineup, winners, (lone, other))
        counts = tally.setdefault((lone, other), [0, 0, 0])
        counts[0] += 1
        counts[1] += result == 1.0
        counts[2] += result == 0.5
    rows = []
    for (lone, other), (n, wins, ties) in tally.items():
        low, high = wilson_share_interval(wins + ties / 2, n)
        rows.append({"scope": "lone seat", "a": lone, "b": other, "policy": lone,
                     "quantity": "win rate of the lone a", "kind": "proportion",
                     "estimate": (wins + ties / 2) / n, "low": float(low), "high": float(high),
                     "n": n, "wins": wins, "ties": ties})
    pair_rank = {frozenset(p): i for i, p in enumerate(itertools.combinations(policies, 2))}
    def rank(row: dict[str, Any]) -> tuple[int, int]:
        a, b = str(row["a"]), str(row["b"])
        return pair_rank.get(frozenset((a, b)), -1), -order.get(a, -1)

    rows.sort(key=rank)
    return rows


def _played(frame: pd.DataFrame) -> pd.Series:
    return pd.Series([name for lineup in frame["lineup"] for name in set(lineup)]).value_counts()


def ladder_summary(games: pd.DataFrame, params: dict[str, Any],
                   sides: tuple[str, str] | None = None) -> pd.DataFrame:
    """The ladder's tables: pairings, ratings, and for two sides each side's (see the module).

    ``params["resamples"]`` bootstrap resamples give the rating intervals
    (seeded, so the summary is a function of the games alone).
    """
    frame = ladder_frame(games)
    resamples = int(params.get("resamples", 200))
    policies = tuple(params.get("policies", ()))
    rows = _challenger_rows(frame, policies)
    if sides is None:
        rows += _lone_seat_rows(frame, policies)
    rows += _rating_rows(bradley_terry(frame, resamples=resamples), _played(frame), "rating")
    if sides is not None:
        for r in side_rates(frame, sides).itertuples():
            rows.append({"scope": "side", "a": r.first, "b": r.second, "policy": r.first,
                         "quantity": f"{sides[0]} win rate", "kind": "proportion",
                         "estimate": r.rate, "low": r.low, "high": r.high, "n": r.games,
                         "wins": r.wins, "ties": r.ties})
        named = side_lineups(frame, sides)
        rows += _rating_rows(bradley_terry(named, resamples=resamples), _played(named),
                             "side rating")
    out = pd.DataFrame(rows, columns=COLUMNS)
    return out.astype({"wins": "Int64", "ties": "Int64"})


def policy_ladder(game: str, name: str, title: str, policies: Sequence[str],
                  choices: Sequence[str], players: int, player_choices: Sequence[int],
                  sides: tuple[str, str] | None = None, default_games: int = 60) -> Study:
    """The ladder study ``name`` of ``game`` among ``policies`` (see the module text).

    Parameters
    ----------
    game : str
        Registered game name.
    name, title : str
        The study's registry name and one-line title.
    policies : sequence of str
        Default policies of the round robin.
    choices : sequence of str
        Policies a user may name, listed; :data:`BUDGETS`, ``mcts`` and
        any ``mcts-N`` are allowed too.
    players, player_choices
        Default player count and the allowed ones.
    sides : (str, str), optional
        For a game of two sides: the name of seat 0's side and of the others'.
    default_games : int
        Games played when not told.
    """
    side_text = (
        f" The lone policy of a pairing plays the {sides[0]} (seat 0) and the other every "
        f"{sides[1]} seat, then the roles swap; `side` rows give the {sides[0]} win rate "
        f"for each pair of policies, and `side rating` rows rate each policy on each side."
        if sides else
        " One policy holds one seat and the other every other seat, the lone seat rotating "
        "through every place, then the roles swap."
    )
    return Study(
        name=name,
        title=title,
        description=(
            "A round robin among the policies: game i plays pairing i mod P of the P pairs, "
            "cycling through each pairing's line-ups." + side_text + " A game goes to the "
            "policy whose seats won more per seat (a shared win counts 1/k to each winner); "
            "an even split or no winner is a tie, counted half.  The summary gives each "
            "pairing's win rate of `a` against `b` with a Wilson interval and each policy's "
            "Bradley-Terry rating (log strength, mean 0) with a bootstrap interval."
        ),
        params=(
            Param("players", players, int, choices=tuple(player_choices),
                  help="number of players"),
            Param("policies", tuple(policies), tuple,
                  choices=policy_choices(*choices, *BUDGETS),
                  help="the policies of the round robin (mcts-N: N iterations a decision)"),
            Param("resamples", 200, int, low=1, help="bootstrap resamples of the rating intervals"),
        ),
        run_chunk=per_game(LadderGame(game, (0,) if sides else None)),
        summarize=_SideSummary(sides),
        plot="policy-ladder",  # a figure by name: core draws nothing (simlab.figures)
        chunk_size=2,
        default_games=default_games,
    )


def ladder_study(name: str) -> Study | None:
    """The ladder study ``name``, built from its game's table; ``None``: no such ladder.

    :func:`simlab.core.study.get_study` registers it the first time it is asked for.

    Examples
    --------
    >>> study = ladder_study("bad-doctor-ladder")
    >>> study.title
    'Bad Doctor: policy ladder, win rates and ratings'
    >>> study.resolve()["policies"]
    ('random', 'greedy', 'bad', 'cautious', 'mcts-30')
    >>> ladder_study("no-such-ladder") is None
    True
    """
    entry = ladders().get(name)
    if entry is None:
        return None
    game, ladder = entry
    return policy_ladder(
        game, name, title=ladder.title, policies=ladder.policies,
        choices=ladder.choices or ("random",), players=ladder.players,
        player_choices=ladder.player_choices, sides=ladder.sides,
        default_games=ladder.default_games)


class _SideSummary:
    """``ladder_summary`` with the game's sides bound (picklable, comparable)."""

    def __init__(self, sides: tuple[str, str] | None) -> None:
        self.sides = sides

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _SideSummary) and other.sides == self.sides

    def __hash__(self) -> int:
        return hash((_SideSummary, self.sides))

    def __call__(self, games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
        return ladder_summary(games, params, self.sides)
