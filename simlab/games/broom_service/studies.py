"""Studies of Broom Service.

``broom-service-steals``: how often a brave claim is stolen, by the claimer's
place in the follow order (1 = the turn's starting player), player count and
policy, with the exact value beside the estimate where one exists; and the
expected final VP of each policy (brave against cowardly play).

Exact value.  In the first turn of a round (4 cards each, no "More or Less"),
every other seat's hand is a uniformly random 4 of its 10 roles, independent
of the claimer's, so a later follower holds the claimed role with
probability 4/10.  With followers who play a held role brave with
probability q (q = 1 for ``brave``, 1/2 for ``random``, p for ``brave-p``),
a claim at place k among n seats (k = 1 for the starting player) is stolen with
probability ``1 - (1 - 0.4 q) ** (n - k)``.

``broom-service-scores``: final VP distribution and win rate by seat and by
policy, seats rotating through the policies from game to game.  Brave against
cowardly play between strong players: ``policies=mcts-brave,mcts-cowardly,mcts``
(the default search player restricted to brave, or cowardly, role plays of
its own, :func:`~simlab.games.broom_service.evaluate.role_search_policy`,
beside a free one).

Examples
--------
>>> import simlab
>>> result = simlab.run_study("broom-service-steals", games=40, seed=1, players=("3",),
...                           policies=("brave",))
>>> first = result.summary[(result.summary.scope == "first turn")
...                        & (result.summary.quantity == "stolen")]
>>> round(float(first[first.place == 1].exact.iloc[0]), 4)   # 1 - 0.6**2
0.64
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import pandas as pd

from simlab.core import stats
from simlab.core.api import Event, Outcome
from simlab.core.play import run
from simlab.core.search_settings import policy_choices
from simlab.core.study import (
    Param,
    Study,
    game_setting,
    per_game,
    player_count_param,
    register_study,
    rotate_seats,
    setting_params,
    stack_summaries,
    summarize_games,
    tally_values,
)
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.evaluate import ROLE_SEARCH_NAMES, is_role_search_name
from simlab.games.broom_service.rules import HAND, BroomServiceGame, BroomServiceState

__all__ = ["SCORES", "STEALS", "exact_steal_probability"]



class _Choices(tuple):
    """Policy names a study accepts: those of ``policy_choices``, and ``mcts-brave[-N]``,
    ``mcts-cowardly[-N]``."""

    __slots__ = ()

    def __contains__(self, name: object) -> bool:
        return tuple.__contains__(self, name) or name in _SEARCH or (
            isinstance(name, str) and is_role_search_name(name))


_SEARCH = policy_choices("random", "brave", "cowardly", "brave-0.25", "brave-0.5", "brave-0.75",
                         "heuristic")
_POLICIES = _Choices((*_SEARCH, *ROLE_SEARCH_NAMES))
_ROLES = 10


def follower_brave_chance(policy: str) -> float | None:
    """Chance that a follower with ``policy`` holding the role plays it brave (or ``None``).

    Examples
    --------
    >>> follower_brave_chance("brave"), follower_brave_chance("random")
    (1.0, 0.5)
    >>> follower_brave_chance("heuristic") is None
    True
    """
    if policy == "brave":
        return 1.0
    if policy == "cowardly":
        return 0.0
    if policy == "random":
        return 0.5
    if policy.startswith("brave-"):
        return float(policy.split("-", 1)[1])
    return None


def exact_steal_probability(players: int, place: int, q: float) -> float:
    """P(a first-turn brave claim at ``place`` is stolen) with uniform hands of 4.

    ``place`` counts from 1, the turn's starting player.

    Examples
    --------
    >>> exact_steal_probability(4, 1, 1.0)   # three followers, each holds it with 0.4
    0.784
    >>> exact_steal_probability(4, 4, 1.0)   # the last follower cannot be stolen from
    0.0
    """
    later = players - place
    return round(1.0 - (1.0 - HAND / _ROLES * q) ** later, 12)


def _steals_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> list[dict]:
    players, policy = game_setting(index, params["players"], params["policies"])
    game = BroomServiceGame(players=players)
    rows: list[dict[str, Any]] = []
    claim: dict[str, Any] | None = None

    def watch(state: Any, actor: int, action: Any, events: list[Event]) -> None:
        nonlocal claim
        kinds = {e.kind for e in events}
        if "steal" in kinds and claim is not None:
            rows.append({**claim, "stolen": True})
            claim = None
        if isinstance(action, A.PlayRole) and action.brave and "dead" not in kinds:
            first = (
                not state.performed
                and state.event != "More or Less"
                and state.log[0].role == action.role
            )
            claim = {"seat": actor, "policy": policy, "players": players, "role": action.role,
                     "place": (actor - state.leader) % players + 1, "first_turn": first}
        if "brave" in kinds and claim is not None:
            rows.append({**claim, "stolen": False})
            claim = None

    final = cast(BroomServiceState,
                 run(game, policy, seed=int(rng.integers(2**63)), on_action=watch))
    out = [{"row": "claim", "vp": np.nan, **r} for r in rows]
    for seat, vp in enumerate(final.final_vp or []):
        out.append({"row": "seat", "seat": seat, "vp": float(vp), "policy": policy,
                    "players": players, "role": "", "first_turn": False, "stolen": False})
    return out


def _steals_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    claims = games[games["row"] == "claim"].copy()
    claims["stolen"] = claims["stolen"].astype(bool)
    claims["place"] = claims["place"].astype(int)
    tables = {}
    by = ["policy", "players", "place"] + (["role"] if params["by_role"] else [])
    for scope, part in (("first turn", claims[claims["first_turn"].astype(bool)]),
                        ("all turns", claims)):
        if part.empty:
            continue
        exact: dict[tuple, float] = {}
        if scope == "first turn":
            for key, _ in part.groupby(by):
                q = follower_brave_chance(key[0])
                if q is not None:
                    exact[tuple(key)] = exact_steal_probability(int(key[1]), int(key[2]), q)
        tables[scope] = stats.summarize(part, by=by, proportions=["stolen"],
                                        exact={"stolen": exact})
    seats = games[games["row"] == "seat"]
    tables["final VP per seat"] = stats.summarize(seats, by=["policy", "players"], means=["vp"])
    out = stack_summaries("scope", tables)
    if "place" in out:
        out["place"] = out["place"].astype("Int64")  # no place on the VP rows: <NA>
    return out


def _steals_plot(result: Any) -> Any:
    """P(stolen) of a first-turn brave claim by place, one line per policy and player count."""
    from matplotlib.figure import Figure

    from simlab.figures.intervals import intervals
    from simlab.figures.limits import SAYS_NOTHING

    table = result.summary
    claims = table[(table.quantity == "stolen") & (table.scope == "first turn")]
    fig = Figure(figsize=(8, 4.4), layout="constrained")
    ax = fig.add_subplot()
    groups = list(claims.groupby(["policy", "players"]))
    for i, ((policy, players), part) in enumerate(groups):
        part = part.groupby("place", as_index=False).first()
        shift = (i - (len(groups) - 1) / 2) * 0.06  # side by side, so no interval hides
        place = part.place.to_numpy(dtype=float)
        intervals(ax, place + shift, part.estimate, part.low, part.high,
                  limit=SAYS_NOTHING, color=f"C{i}", connect=True, n=part.n,
                  label=f"{policy} seats, {players} players")
        if part.exact.notna().any():
            ax.plot(place + shift, part.exact, "x", color="k", ms=7, zorder=4,
                    label="exact (uniform hands)" if i == 0 else None)
    most = max((int(p) for p in claims.players), default=2)
    ax.set_xticks(range(1, most + 1))
    ax.set_xlim(0.5, most + 0.5)
    ax.set_xlabel("claimer's place in the follow order (1 = the turn's starting player)")
    ax.set_ylabel("chance the brave claim is stolen\n(first turn of a round, 95% Wilson)")
    ax.set_ylim(-0.05, 1.1)
    ax.grid(alpha=0.3)
    if groups:  # no claim at all: nothing to name
        ax.legend(fontsize=7, frameon=False)
    fig.suptitle("How often is a brave claim stolen, by the claimer's place in the follow "
                 f"order? (Broom Service, {result.params.get('games', 0):,} games)", fontsize=11)
    return fig


STEALS = register_study(
    Study(
        name="broom-service-steals",
        title="Broom Service: chance a brave claim is stolen, by place in follow order",
        description=(
            "Every brave claim is followed to its end (stolen or performed).  Rows: one per "
            "claim (policy, players, role, place, first turn, stolen) and one per seat (final "
            "VP).  The summary gives P(stolen) by policy, player count and place, for the "
            "first turn of each round (exact value beside it where known) and over all turns, "
            "and the mean final VP of each policy."
        ),
        params=(
            *setting_params((2, 3, 4, 5), ("brave", "cowardly"), _POLICIES),
            Param("by_role", False, bool, help="break P(stolen) down by role"),
        ),
        run_chunk=per_game(_steals_game),
        summarize=_steals_summary,
        plot=_steals_plot,
        chunk_size=50,
        default_games=200,
    )
)


def _scores_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> list[dict]:
    players = params["players"]
    seats = rotate_seats(params["policies"], players, index)
    game = BroomServiceGame(players=players)
    outcome = cast(Outcome, run(game, seats, seed=int(rng.integers(2**63))).outcome)  # ended
    return [
        {"seat": s, "policy": seats[s], "vp": outcome.scores[s], "win": s in outcome.winners,
         "sole_win": outcome.winners == (s,)}
        for s in range(players)
    ]


def _scores_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    return stack_summaries("by", {
        key: summarize_games(games.assign(level=games[key].astype(str)), by=["level"],
                             proportions=["win", "sole_win"], means=["vp"])
        for key in ("policy", "seat")
    })


def _scores_plot(result: Any) -> Any:
    """Final VP of each policy's seats, and the win rate of each policy."""
    from matplotlib.figure import Figure

    from simlab.figures.axes import whole_ticks
    from simlab.figures.intervals import intervals
    from simlab.figures.limits import SAYS_NOTHING

    games, table = result.games, result.summary
    fig = Figure(figsize=(10, 4.0), layout="constrained")
    left, right = fig.subplots(1, 2)
    every, _ = tally_values(games, "vp")  # rows or a tally (run_study(..., tally=True))
    low, high = int(every.min()), int(every.max())
    bins = np.linspace(low - 0.5, high + 0.5, min(25, high - low + 1) + 1)
    for policy in sorted(set(games["policy"])):
        vp, seats = tally_values(games, "vp", policy=policy)
        left.hist(vp, bins=bins, weights=seats, histtype="step", lw=1.6, label=str(policy))
    left.set_xlabel("final VP (victory points) of a seat")
    left.set_ylabel("seats")
    whole_ticks(left, "x")
    whole_ticks(left, "y")
    left.legend(fontsize=7, frameon=False)
    wins = table[(table.by == "policy") & (table.quantity == "win")].reset_index(drop=True)
    x = np.arange(len(wins), dtype=float)
    right.bar(x, wins.estimate, color="#8e44ad", alpha=0.35)
    intervals(right, x, wins.estimate, wins.low, wins.high, limit=SAYS_NOTHING, n=wins.n,
              color="k")
    right.set_xticks(x, wins.level)
    right.axhline(1 / int(result.params.get("players", 4)), color="k", ls="--", lw=1,
                  label="1 / players")
    right.set_xlabel("policy")
    right.set_ylabel("win rate of its seats\n(shared wins count; 95% Wilson)")
    right.set_ylim(0, 1.05)
    right.legend(fontsize=7, frameon=False)
    fig.suptitle("Which policy scores and wins most in Broom Service? "
                 f"({result.params.get('players')} players, "
                 f"{result.params.get('games', 0):,} games)", fontsize=11)
    return fig


SCORES = register_study(
    Study(
        name="broom-service-scores",
        title="Broom Service: final VP and win rate by seat and policy",
        description=(
            "Seats rotate through the given policies from game to game (seat s of game i plays "
            "policies[(s + i) % len]); rows are one per seat with final VP and win.  The "
            "summary gives the win rate (shared wins count) and sole-win rate with Wilson "
            "intervals and the mean VP with t intervals, by policy and by seat."
        ),
        params=(
            player_count_param(4, (2, 3, 4, 5)),
            Param("policies", ("heuristic", "brave", "cowardly", "random"), tuple,
                  choices=_POLICIES, help="policies the seats rotate through"),
        ),
        run_chunk=per_game(_scores_game),
        summarize=_scores_summary,
        plot=_scores_plot,
        chunk_size=25,
        default_games=100,
        tally=("seat", "policy"),
    )
)
