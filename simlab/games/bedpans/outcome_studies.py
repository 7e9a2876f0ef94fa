"""Outcome studies of Bedpans & Broomsticks.

``bedpans-outcomes``: Elder and Staff win rates with 95% Wilson intervals by
player count and policy pairing, rounds per game, neutralizations per game,
and the round at which each Exit is found.

``bedpans-escape``: an Elder on a straight corridor at a given distance from
an Exit, with the Doctor a given distance behind it (or absent), and the
probability that it escapes within ``turns`` turns (heuristic Elder and
Staff).  With no Doctor and one turn the exact value is P(first move >=
distance) under 3 dice, the lowest 2.

Examples
--------
>>> import simlab
>>> result = simlab.run_study("bedpans-escape", games=200, seed=1, distance=(3,), doctor=0,
...                           turns=1)
>>> row = result.summary[result.summary.quantity == "escaped"].iloc[0]
>>> round(float(row.exact), 4)   # 20/27
0.7407
>>> bool(row.low <= row.exact <= row.high)
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, cast

import numpy as np
import pandas as pd

from simlab.core import stats
from simlab.core.api import Outcome
from simlab.core.play import run
from simlab.core.study import Param, Study, game_setting, per_game, register_study, summarize_games
from simlab.games.bedpans.parts import Phase
from simlab.games.bedpans.rolls import roll_distribution
from simlab.games.bedpans.rules import BedpansGame, BedpansState
from simlab.games.bedpans.stuff_studies import play_out, round_limit_param

__all__ = ["ESCAPE", "OLD_PAIRINGS", "OUTCOMES", "PAIRINGS", "corridor_state",
           "exact_escape_one_turn", "pairing_name", "pairing_sides"]

_SIDES = (("random", "random"), ("heuristic", "heuristic"), ("heuristic", "random"),
          ("random", "heuristic"), ("mcts", "heuristic"), ("heuristic", "mcts"), ("mcts", "mcts"))


def pairing_name(staff: str, elders: str) -> str:
    """The parameter value of a pairing, its sides named: ``staff:P/elders:Q``.

    Examples
    --------
    >>> pairing_name("mcts", "heuristic")
    'staff:mcts/elders:heuristic'
    >>> pairing_sides(pairing_name("mcts", "heuristic"))
    ('mcts', 'heuristic')
    """
    return f"staff:{staff}/elders:{elders}"


def pairing_sides(pairing: str) -> tuple[str, str]:
    """The Staff's and the Elders' policy of a pairing value (see :func:`pairing_name`)."""
    staff, elders = str(pairing).split("/")
    return staff.removeprefix("staff:"), elders.removeprefix("elders:")


#: Policy pairings, each side named: ``staff:mcts/elders:heuristic`` is the search player
#: on the Staff and the heuristic on every Elder.  ``mcts`` is the game's search player,
#: each side with its own settings (``SearchSettings.seats``: the Staff searches its choice
#: of Staffer), so ``staff:mcts/elders:mcts`` is the game between the strongest players of
#: both sides.
PAIRINGS = tuple(pairing_name(staff, elders) for staff, elders in _SIDES)
#: The first names of the pairings, "Staff-Elders" (``mcts-heuristic``), still accepted.
OLD_PAIRINGS = tuple((f"{staff}-{elders}", pairing_name(staff, elders))
                     for staff, elders in _SIDES)


def _outcome_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> dict:
    players, pairing = game_setting(index, params["players"], params["pairings"])
    staff, elders = pairing_sides(pairing)
    game = BedpansGame(players=players, round_limit=params["round_limit"])
    final = run(game, [staff] + [elders] * (players - 1), seed=int(rng.integers(2**63)))
    final = cast(BedpansState, final)
    winners = cast(Outcome, final.outcome).winners  # a game run to its end
    exits = list(final.exit_rounds) + [np.nan] * (3 - len(final.exit_rounds))
    return {
        "players": players,
        "pairing": pairing,
        "staff_win": winners == (0,),
        "elder_win": bool(winners) and winners != (0,),
        "undecided": not winners,
        "rounds": final.round,
        "neutralizations": final.neutralized,
        "exit_1_round": exits[0],
        "exit_2_round": exits[1],
        "exit_3_round": exits[2],
    }


def _outcome_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    return summarize_games(
        games, by=["players", "pairing"],
        proportions=["staff_win", "elder_win", "undecided"],
        means=["rounds", "neutralizations", "exit_1_round", "exit_2_round", "exit_3_round"],
    )


def _by_players(ax: Any, table: pd.DataFrame, quantity: str, limit: float) -> None:
    """One line per pairing across the player counts, with intervals (side by side)."""
    from simlab.figures.axes import whole_ticks
    from simlab.figures.intervals import intervals

    part = table[table.quantity == quantity]
    pairings = list(dict.fromkeys(part.pairing))
    for i, pairing in enumerate(pairings):
        rows = part[part.pairing == pairing].sort_values("players")
        shift = (i - (len(pairings) - 1) / 2) * 0.08
        staff, elders = pairing_sides(pairing)
        intervals(ax, rows.players.astype(float) + shift, rows.estimate, rows.low, rows.high,
                  limit=limit, n=rows.n, connect=True, color=f"C{i}",
                  label=f"Staff {staff}, Elders {elders}")
    whole_ticks(ax, "x")
    ax.set_xlabel("players")
    ax.grid(alpha=0.3)


def _outcomes_plot(result: Any) -> Any:
    """Elder win rate and game length by player count, a line per policy pairing."""
    from matplotlib.figure import Figure

    from simlab.figures.limits import SAYS_NOTHING

    table = result.summary
    fig = Figure(figsize=(11, 4.2), layout="constrained")
    wins, staff, rounds = fig.subplots(1, 3)
    _by_players(wins, table, "elder_win", SAYS_NOTHING)
    wins.set_ylabel("share of games the Elders win (95% Wilson)")
    _by_players(staff, table, "staff_win", SAYS_NOTHING)
    staff.set_ylabel("share of games the Staff-player wins (95% Wilson)")
    for ax in (wins, staff):
        ax.set_ylim(-0.05, 1.05)
    _by_players(rounds, table, "rounds", np.inf)
    rounds.set_ylabel("rounds per game (mean, 95% t interval)")
    wins.legend(fontsize=7, frameon=False)
    limit = result.params.get("round_limit")
    fig.suptitle("Who wins Bedpans & Broomsticks, and how long do games last, by player "
                 f"count? ({result.params.get('games', 0):,} games, round limit {limit})",
                 fontsize=11)
    return fig


OUTCOMES = register_study(
    Study(
        name="bedpans-outcomes",
        title="Bedpans & Broomsticks: who wins, how long games last, when Exits are found",
        description=(
            "Whole games by player count and policy pairing (staff:P/elders:Q): Staff and Elder "
            "win rates with Wilson intervals, undecided games (round limit), rounds and "
            "neutralizations per game, and the round each Exit is found (mean over games "
            "that found it)."
        ),
        params=(
            Param("players", ("2", "3", "4", "5"), tuple, choices=("2", "3", "4", "5"),
                  help="player counts"),
            Param("pairings", (pairing_name("random", "random"),
                               pairing_name("heuristic", "heuristic")), tuple,
                  choices=PAIRINGS, aliases=OLD_PAIRINGS,
                  help="policy pairings, staff:P/elders:Q (the Staff's policy, the Elders')"),
            round_limit_param(60),
        ),
        run_chunk=per_game(_outcome_game),
        summarize=_outcome_summary,
        plot=_outcomes_plot,
        chunk_size=20,
        default_games=400,
        tally=("players", "pairing"),
    )
)


# -- escape --------------------------------------------------------------------------------


def corridor_state(distance: int, doctor: int, turns: int) -> BedpansState:
    """A 2-player position: the red Elder (and its Decoy) ``distance`` steps west of an
    Exit along a straight corridor, the Doctor ``doctor`` steps behind it (0: absent).

    The corridor is a row of open room tiles (``T05``, repeated: a synthetic layout)
    ending in Exit tile ``X1`` on the ground floor; every other tile position is sealed,
    so nothing is explored.  Nobody holds Stuff (so no Detector slows the Elder).

    Examples
    --------
    >>> s = corridor_state(4, 2, 3)
    >>> s.features[("G1", 2, 1)], s.tokens["red"][0], s.staffers[0]
    ('X', ('G1', -2, 1), ('G1', -4, 1))
    """
    game = BedpansGame(players=2, round_limit=turns)
    state = game.new_initial_state()
    state.pile += sum(state.stuff_at.values()) + len(state.draws)
    state.stuff_at, state.tiles, state.features = {}, {}, {}
    state.draws = []  # no Stuff in hand: the exact value assumes plain dice
    for k in range(1, (distance + doctor) // 3 + 2):
        state._put_tile(("G1", -k, 0), "T05", 0)
    state._put_tile(("G1", 0, 0), "X1", 1)  # its Exit space is (2, 1), entered from the west
    state.sealed = {(f, x + dx, y + dy) for (f, x, y) in state.tiles
                    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0))} - set(state.tiles)
    start = ("G1", 2 - distance, 1)
    state.tokens["red"] = [start, start]
    state.staffers = [("G1", 2 - distance - doctor, 1) if doctor else None] + [None] * 5
    state.active, state.phase = 1, Phase.START
    state._settle()
    return state


def exact_escape_one_turn(distance: int) -> float:
    """P(the Elder's first move reaches ``distance``) with no Staffer: 3 dice, lowest 2.

    Examples
    --------
    >>> exact_escape_one_turn(2), round(exact_escape_one_turn(4), 4)
    (1.0, 0.4074)
    """
    return float(sum((p for v, p in roll_distribution("elder1") if v >= distance), Fraction(0)))


def _escape_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> dict:
    distances = [int(d) for d in params["distance"]]
    distance = distances[index % len(distances)]
    state = corridor_state(distance, params["doctor"], params["turns"])
    play_out(state, ["heuristic", "heuristic"], rng)
    outcome = cast(Outcome, state.outcome)  # played to its end
    return {"distance": distance, "doctor": params["doctor"], "turns": params["turns"],
            "escaped": outcome.winners == (1,), "neutralized": state.neutralized > 0,
            "rounds": state.round}


def _escape_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    table = stats.summarize(games, by=["distance"], proportions=["escaped", "neutralized"],
                            means=["rounds"])
    exact = np.nan * np.ones(len(table))
    if params["doctor"] == 0 and params["turns"] == 1:
        for i, (distance, quantity) in enumerate(zip(table.distance, table.quantity,
                                                     strict=True)):
            if quantity == "escaped":
                exact[i] = exact_escape_one_turn(int(distance))
    table["exact"] = exact
    return table


def _escape_plot(result: Any) -> Any:
    """P(escape) and P(neutralized) by distance, exact values as crosses."""
    from matplotlib.figure import Figure

    from simlab.figures.axes import whole_ticks
    from simlab.figures.board import counted
    from simlab.figures.intervals import intervals
    from simlab.figures.limits import SAYS_NOTHING

    table = result.summary
    fig = Figure(figsize=(8, 4.4), layout="constrained")
    ax = fig.add_subplot()
    for i, (quantity, name) in enumerate((("escaped", "escaped"),
                                          ("neutralized", "neutralized by the Staff"))):
        rows = table[table.quantity == quantity].sort_values("distance")
        d = rows.distance.astype(float) + (i - 0.5) * 0.12
        intervals(ax, d, rows.estimate, rows.low, rows.high, limit=SAYS_NOTHING, n=rows.n,
                  connect=True, color=f"C{i}", label=name)
        if quantity == "escaped" and rows.exact.notna().any():
            ax.plot(d, rows.exact, "x", color="k", ms=8, zorder=4, label="exact")
    whole_ticks(ax, "x")
    ax.set_ylim(-0.05, 1.1)
    ax.set_xlabel("spaces from the Elder to the Exit")
    ax.set_ylabel("share of games (95% Wilson interval)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, frameon=False)
    doctor, turns = result.params.get("doctor"), result.params.get("turns")
    behind = f"the Doctor {counted(doctor, 'space')} behind" if doctor else "no Doctor"
    within = counted(turns, "turn") if turns else "its turns"
    fig.suptitle(f"How likely is an Elder to reach the Exit within {within}, {behind}? "
                 f"({result.params.get('games', 0):,} games)", fontsize=11)
    return fig


ESCAPE = register_study(
    Study(
        name="bedpans-escape",
        title="Bedpans & Broomsticks: chance to escape from a given distance within k turns",
        description=(
            "An Elder on a straight corridor, `distance` steps from an Exit, the Doctor "
            "`doctor` steps behind (0: none); heuristic Elder and Staff play `turns` rounds. "
            "With no Doctor and 1 turn the exact chance is P(3 dice, lowest 2 >= distance)."
        ),
        params=(
            Param("distance", ("2", "3", "4", "6", "8"), tuple, low=1, high=40,
                  help="distances to the Exit"),
            Param("doctor", 3, int, low=0, high=40,
                  help="steps from the Doctor to the Elder (0: no Doctor)"),
            Param("turns", 3, int, low=1, high=100, help="turns (rounds) the Elder has"),
        ),
        run_chunk=per_game(_escape_game),
        summarize=_escape_summary,
        plot=_escape_plot,
        chunk_size=100,
        default_games=2000,
    )
)
