"""Studies of Hospital Rush.

``hospital-rush-patients``: what becomes of the patients — the share
discharged cured (full cure), cured early (right side of the card),
discharged preterm from bed 4, or discarded (Vanessa's malingerer); and the
rounds a cured patient spent in the beds, by player count and policy.

``hospital-rush-unfair``: how often a red (unfair) action marker is ratted
out (rat out, or Vanessa's "I'm telling the boss"), by the seat's place in
the round's placing order; the final prestige of honest against opportunist
play; the steal graph summed over the games (``summed_steal_graph``).  Its
seats may also play ``honest-mcts``: the default search player (``mcts``)
that never places its own action marker on a red space
(a registered policy, :func:`~simlab.games.hospital_rush.evaluate.honest_policy`), so that
honest and unfair play can be compared between two strong players
(``policies=mcts,honest-mcts``).

``hospital-rush-boards``: win rate by player board, with Wilson intervals.

Examples
--------
>>> import simlab
>>> result = simlab.run_study("hospital-rush-boards", games=12, seed=1, players=3)
>>> sorted(result.summary.quantity.unique())
['prestige', 'win']
"""

from __future__ import annotations

from typing import Any, cast

import networkx as nx
import numpy as np
import pandas as pd

from simlab.core import stats
from simlab.core.api import Event, Outcome
from simlab.core.play import run
from simlab.core.search_settings import policy_choices
from simlab.core.study import (
    Param,
    Study,
    StudyResult,
    game_setting,
    is_tally,
    per_game,
    player_count_param,
    register_study,
    rotate_seats,
    seat_policy_param,
    setting_params,
    stack_summaries,
    summarize_games,
)
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.board import steal_graph, sum_steal_graphs
from simlab.games.hospital_rush.evaluate import HONEST_MCTS
from simlab.games.hospital_rush.policies import POLICIES
from simlab.games.hospital_rush.rules import HospitalRushGame, HospitalRushState, Phase

__all__ = ["BOARDS", "PATIENTS", "UNFAIR", "summed_steal_graph"]

#: Policies a study's seats may play: the heuristics and the search players.
_CHOICES = policy_choices(*POLICIES)

_FATES = {"discharge": "cured", "early": "cured early", "preterm": "preterm"}
FATES = ("cured", "cured early", "preterm", "discarded")


# -- hospital-rush-patients ---------------------------------------------------------------


def _round_now(state: HospitalRushState) -> int:
    """The round an event of the last action belongs to (phase 5 already counted the next)."""
    if state.phase == Phase.BEDS and state.placed == 0 and state.round > 1:
        return state.round - 1
    return state.round


def _patients_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> list[dict]:
    players, policy = game_setting(index, params["players"], params["policies"])
    game = HospitalRushGame(players=players)
    admitted: dict[str, int] = {}
    rows: list[dict[str, Any]] = []

    def watch(state: Any, actor: int, action: Any, events: list[Event]) -> None:
        now = {b.patient for b in state.beds if b is not None}
        if len(now) == len(admitted) and now == admitted.keys():
            return
        fates = {e.text.split(" in bed ")[0]: _FATES[e.kind] for e in events if e.kind in _FATES}
        when = _round_now(state)
        for name in [n for n in admitted if n not in now]:
            start = admitted.pop(name)
            fate = fates.get(name, "discarded")
            rows.append({"fate": fate, "rounds": when - start + 1})
        for name in now - admitted.keys():
            admitted[name] = state.round

    final = cast(HospitalRushState,
                 run(game, policy, seed=int(rng.integers(2**63)), on_action=watch))
    base = {"players": players, "policy": policy, "game_rounds": final.round}
    out = [
        {**base, **r, **{f: r["fate"] == f for f in FATES}, "in_bed_at_end": False} for r in rows
    ]
    out.extend(
        {
            **base,
            "fate": "in bed at end",
            "rounds": final.round - start + 1,
            **dict.fromkeys(FATES, False),
            "in_bed_at_end": True,
        }
        for start in admitted.values()
    )
    return out


def _patients_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    left = games[~games["in_bed_at_end"].astype(bool)].copy()
    for f in FATES:
        left[f] = left[f].astype(bool)
    tables = {"patients who left": stats.summarize(left, by=["players", "policy"],
                                                   proportions=list(FATES))}
    cured = games[games["fate"] == "cured"].rename(columns={"rounds": "rounds_to_cure"})
    if not cured.empty:
        tables["cured patients"] = stats.summarize(cured, by=["players", "policy"],
                                                   means=["rounds_to_cure"])
    return stack_summaries("scope", tables)


def _patients_plot(result: StudyResult) -> Any:
    from matplotlib.figure import Figure

    from simlab.figures.intervals import intervals
    from simlab.figures.limits import SAYS_NOTHING

    table = result.summary
    shares = table[table.scope == "patients who left"]
    fig = Figure(figsize=(8, 3.8), layout="constrained")
    ax = fig.add_subplot()
    groups = list(shares.groupby(["players", "policy"]).groups)
    width = 0.8 / len(FATES)
    for k, fate in enumerate(FATES):
        part = shares[shares.quantity == fate].set_index(["players", "policy"]).loc[groups]
        x = np.arange(len(groups)) + k * width
        ax.bar(x, part.estimate, width * 0.9, alpha=0.5, color=f"C{k}", label=fate)
        intervals(ax, x, part.estimate, part.low, part.high, limit=SAYS_NOTHING,
                  n=part.n, color=f"C{k}")
    ax.set_xticks(np.arange(len(groups)) + 0.4 - width / 2)
    ax.set_xticklabels([f"{p} players, {pol}" for p, pol in groups], fontsize=7)
    ax.set_xlabel("player count and policy of every seat")
    ax.set_ylabel("share of patients who left (95% Wilson)")
    ax.legend(fontsize=7, frameon=False)
    fig.suptitle("What becomes of the patients in Hospital Rush? "
                 f"({result.params.get('games', 0):,} games)", fontsize=11)
    return fig


PATIENTS = register_study(
    Study(
        name="hospital-rush-patients",
        title="Hospital Rush: patients cured, cured early, discharged preterm or discarded",
        description=(
            "Every patient is followed from its bed to its leaving.  Rows: one per patient "
            "(fate, rounds in the beds), patients still in a bed at the end marked apart.  "
            "Summary: the share of each fate among patients who left, with Wilson intervals, "
            "and the mean rounds a fully cured patient spent in the beds, by player count "
            "and policy (all seats play the policy)."
        ),
        params=(
            *setting_params((3, 4, 5), ("random", "greedy"), _CHOICES),
        ),
        run_chunk=per_game(_patients_game),
        summarize=_patients_summary,
        plot=_patients_plot,
        chunk_size=30,
        default_games=120,
    )
)


# -- hospital-rush-unfair -------------------------------------------------------------------


def _unfair_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> list[dict]:
    players = params["players"]
    seats = rotate_seats(params["policies"], players, index)
    game = HospitalRushGame(players=players)
    reds: list[dict[str, Any]] = []
    open_reds: list[dict[str, Any]] = []
    places = [0]  # action markers placed so far in the game

    def watch(state: Any, actor: int, action: Any, events: list[Event]) -> None:
        if isinstance(action, A.Place):
            # Every round places exactly 2 markers a seat, the starting player first: the
            # k-th marker of a round (k from 0) is marker 1 + (k >= players) of the seat
            # at place k mod players + 1.  (Read from the count, not from the state, which
            # may already be in the next round when the last marker's action ended it.)
            k = places[0] % (2 * players)
            places[0] += 1
            if k == 0:
                open_reds.clear()
            if action.space in game.red_spaces:
                red = {
                    "row": "red",
                    "seat": actor,
                    "policy": seats[actor],
                    "position": k % players + 1,  # 1: the round's starting player
                    "marker": 1 + (k >= players),
                    "ratted": False,
                }
                reds.append(red)
                open_reds.append(red)
        for e in events:
            if e.kind == "ratted":
                for red in open_reds:
                    if red["seat"] == e.seat:
                        red["ratted"] = True

    final = cast(HospitalRushState, run(game, seats,
                                        seed=int(rng.integers(2**63)), on_action=watch))
    outcome = cast(Outcome, final.outcome)  # the game ran to its end
    out: list[dict[str, Any]] = list(reds)
    made = [0] * players
    suffered = [0] * players
    for thief, victim, _item in final.steals:
        made[thief] += 1
        suffered[victim] += 1
    for s in range(players):
        out.append(
            {
                "row": "seat",
                "seat": s,
                "policy": seats[s],
                "ratted": False,
                "prestige": outcome.scores[s],
                "win": s in outcome.winners,
                "steals_made": made[s],
                "steals_suffered": suffered[s],
            }
        )
    for thief, victim, item in final.steals:
        out.append(
            {
                "row": "steal",
                "seat": thief,
                "victim": victim,
                "item": item,
                "policy": seats[thief],
                "victim_policy": seats[victim],
                "ratted": False,
            }
        )
    return out


def _unfair_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    tables = {}
    reds = games[games["row"] == "red"].copy()
    if not reds.empty:
        reds["ratted"] = reds["ratted"].astype(bool)
        reds["position"] = reds["position"].astype(int)
        tables["red markers by place in the round"] = stats.summarize(
            reds, by=["position"], proportions=["ratted"])
        tables["red markers by policy"] = stats.summarize(reds, by=["policy"],
                                                          proportions=["ratted"])
    seats = games[games["row"] == "seat"].copy()
    seats["win"] = seats["win"].astype(bool)
    tables["seats by policy"] = stats.summarize(
        seats,
        by=["policy"],
        proportions=["win"],
        means=["prestige", "steals_made", "steals_suffered"],
    )
    out = stack_summaries("scope", tables)
    if "position" in out:
        out["position"] = out["position"].astype("Int64")  # <NA> where no place applies
    return out


def summed_steal_graph(result: StudyResult, by: str = "policy") -> nx.DiGraph:
    """The steal graph summed over every game of a ``hospital-rush-unfair`` result.

    Parameters
    ----------
    by : {"policy", "seat"}
        Nodes are policies (thief policy -> victim policy) or seat numbers.

    Examples
    --------
    >>> import simlab
    >>> r = simlab.run_study("hospital-rush-unfair", games=6, seed=2, players=3,
    ...                      policies=("greedy",))
    >>> g = summed_steal_graph(r)
    >>> list(g.nodes) == ["greedy"] or g.number_of_edges() == 0
    True
    """
    steals = result.games[result.games["row"] == "steal"]
    if by == "policy":
        names = sorted(set(steals["policy"]) | set(steals["victim_policy"]))
        index = {n: i for i, n in enumerate(names)}
        triples = [
            (index[a], index[b], i)
            for a, b, i in zip(
                steals["policy"], steals["victim_policy"], steals["item"], strict=True
            )
        ]
        graph = steal_graph(triples, len(names))
        return nx.relabel_nodes(graph, dict(enumerate(names)))
    triples = [
        (int(a), int(b), i)
        for a, b, i in zip(steals["seat"], steals["victim"], steals["item"], strict=True)
    ]
    return sum_steal_graphs([steal_graph(triples, int(result.params["players"]))])


def _unfair_plot(result: StudyResult) -> Any:
    """P(ratted out) by place in the round; final prestige and win rate by policy."""
    from matplotlib.figure import Figure

    from simlab.figures.intervals import intervals
    from simlab.figures.limits import SAYS_NOTHING

    table = result.summary
    fig = Figure(figsize=(10, 4.0), layout="constrained")
    left, right = fig.subplots(1, 2)
    part = table[(table.scope == "red markers by place in the round")]
    if not part.empty:
        intervals(left, part.position.astype(float), part.estimate, part.low, part.high,
                  limit=SAYS_NOTHING, connect=True, color="C3", n=part.n)
    players = int(result.params.get("players", 4))
    left.set_xticks(range(1, players + 1))
    left.set_xlim(0.5, players + 0.5)
    left.set_ylim(-0.05, 1.05)
    left.set_xlabel("seat's place in the round's placing order (1 = the starting player)")
    left.set_ylabel("chance a red action marker is ratted out\n(95% Wilson interval)")
    left.grid(alpha=0.3)
    pres = table[(table.scope == "seats by policy") & (table.quantity == "prestige")]
    err = np.clip(np.nan_to_num(np.vstack([pres.estimate - pres.low,
                                           pres.high - pres.estimate])), 0, None)
    right.bar(pres.policy, pres.estimate, color="#c0392b", alpha=0.45)
    right.errorbar(np.arange(len(pres)), pres.estimate, yerr=err, fmt="none", ecolor="k",
                   elinewidth=2, capsize=6, zorder=3)
    right.set_xlabel("policy of the seat")
    right.set_ylabel("final prestige per seat (mean, 95% t interval)")
    right.grid(axis="y", alpha=0.3)
    fig.suptitle("Is unfair play ratted out more in some places of the round, and does it "
                 f"pay? (Hospital Rush, {result.params.get('games', 0):,} games)", fontsize=11)
    return fig


UNFAIR = register_study(
    Study(
        name="hospital-rush-unfair",
        title="Hospital Rush: red actions ratted out by seat position; honest vs opportunist",
        description=(
            "Seats rotate through the given policies from game to game.  Rows: one per red "
            "action marker (place in the round, marker 1 or 2, ratted out or not), one per "
            "seat (final prestige, win, steals made and suffered) and one per steal (thief, "
            "victim, item).  Summary: P(ratted out) by place in the round and by policy "
            "(Wilson), win rate, mean prestige and steals by policy.  "
            "summed_steal_graph(result) adds up the steal graphs.  honest-mcts: the "
            "default search player that never places on a red space."
        ),
        params=(
            player_count_param(4, (3, 4, 5)),
            Param(
                "policies",
                ("honest", "opportunist"),
                tuple,
                choices=policy_choices(*POLICIES, HONEST_MCTS),
                help="policies the seats rotate through (honest-mcts: mcts never on a "
                     "red space)",
            ),
        ),
        run_chunk=per_game(_unfair_game),
        summarize=_unfair_summary,
        plot=_unfair_plot,
        chunk_size=25,
        default_games=200,
    )
)


# -- hospital-rush-boards ------------------------------------------------------------------


def _boards_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> list[dict]:
    players = params["players"]
    game = HospitalRushGame(players=players)
    final = cast(HospitalRushState, run(game, params["policy"], seed=int(rng.integers(2**63))))
    outcome = cast(Outcome, final.outcome)  # the game ran to its end
    return [
        {
            "board": final.boards[s],
            "seat": s,
            "win": s in outcome.winners,
            "prestige": outcome.scores[s],
        }
        for s in range(players)
    ]


def _boards_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    if not is_tally(games):
        games = games.assign(win=games["win"].astype(bool))
    table = summarize_games(games, by=["board"], proportions=["win"], means=["prestige"])
    table["fair_share"] = 1 / params["players"]
    return table


def _boards_plot(result: StudyResult) -> Any:
    from matplotlib.figure import Figure

    from simlab.figures.intervals import intervals
    from simlab.figures.limits import SAYS_NOTHING

    wins = result.summary[result.summary.quantity == "win"].reset_index(drop=True)
    fig = Figure(figsize=(8, 4.0), layout="constrained")
    ax = fig.add_subplot()
    x = np.arange(len(wins), dtype=float)
    ax.bar(x, wins.estimate, color="#2980b9", alpha=0.45)
    intervals(ax, x, wins.estimate, wins.low, wins.high, limit=SAYS_NOTHING, n=wins.n,
              color="k")
    ax.set_xticks(x, wins.board)
    ax.axhline(1 / result.params["players"], color="k", ls="--", lw=1, label="1 / players")
    ax.set_ylabel("win rate of the seat with it\n(shared wins count; 95% Wilson)")
    ax.set_xlabel("player board")
    ax.tick_params(axis="x", labelsize=7, rotation=20)
    ax.legend(fontsize=7, frameon=False)
    fig.suptitle("Does any player board win more than its fair share? (Hospital Rush, "
                 f"{result.params.get('games', 0):,} games)", fontsize=11)
    return fig


BOARDS = register_study(
    Study(
        name="hospital-rush-boards",
        title="Hospital Rush: win rate by player board",
        description=(
            "Random player boards are dealt as in the rules; every seat plays the given "
            "policy.  Rows: one per seat (board, win, final prestige).  Summary: win rate "
            "(shared wins count) with Wilson intervals and mean prestige by board, beside "
            "the fair share 1 / players."
        ),
        params=(
            player_count_param(4, (3, 4, 5)),
            seat_policy_param("greedy", _CHOICES),
        ),
        run_chunk=per_game(_boards_game),
        summarize=_boards_summary,
        plot=_boards_plot,
        chunk_size=50,
        default_games=400,
        tally=("board", "seat"),
    )
)
