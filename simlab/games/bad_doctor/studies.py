"""Studies of Bad Doctor.

``bad-doctor-complications``: by player count, policy mix and the Variation
without two wild tiles: Complication Cubes added per shift, the share of
Patients cured and dead, deaths and cures per game, time from arrival to
cure or death (with survival curves in the plot), game length and the
winner's score, all with 95% intervals, and the Variation's effect on each
per-game figure (rows with ``variation == EFFECT``: with minus without, a
Welch t interval, :func:`simlab.core.stats.welch_difference`).  The games
table has one row per
Patient that came into the hospital (``game_row`` marks one row per game
that also carries the game's figures).

``bad-doctor-seats``: the win rate of each seat by player count (a shared
win counts for every winner).

Game ``i`` plays configuration ``i mod k`` of the parameter grid, so every
configuration gets (nearly) the same number of games.

Examples
--------
>>> import simlab
>>> result = simlab.run_study("bad-doctor-seats", games=30, seed=1, players=("2",))
>>> sorted(result.summary.seat.unique().tolist())
[0, 1]
>>> bool((result.summary.low <= result.summary.estimate).all())
True
"""

from __future__ import annotations

import itertools
from typing import Any, cast

import numpy as np
import pandas as pd

import simlab
from simlab.core import stats
from simlab.core.search_settings import policy_choices
from simlab.core.study import (
    Param,
    Study,
    per_game,
    register_study,
    seat_policy_param,
    summarize_games,
)
from simlab.games.bad_doctor.rules import BadDoctorState

__all__ = [
    "COMPLICATIONS",
    "EFFECT",
    "MIXES",
    "SEATS",
    "complications_game",
    "patient_rows",
    "seat_rows",
    "seats_game",
]

_POLICIES = policy_choices("random", "greedy", "bad", "cautious")
#: Policy mixes: one policy for every seat, or two alternating by seat.
MIXES = (*_POLICIES, "greedy+bad", "cautious+random", "bad+random", "mcts+greedy")


def _seat_policies(mix: str, players: int) -> list[str]:
    names = mix.split("+")
    return [names[s % len(names)] for s in range(players)]


def _grid(params: dict[str, Any]) -> list[tuple[int, str, bool, int, int]]:
    variation = {"off": (False,), "on": (True,), "both": (False, True)}[params["variation"]]
    players = sorted(int(p) for p in params["players"])
    spaces = [int(k) for k in params.get("extra_cube_spaces", ("0",))]
    ends = [int(k) for k in params.get("max_tile_ends", ("3",))]
    return list(itertools.product(players, params["mixes"], variation, spaces, ends))


def complications_game(params: dict[str, Any], rng: np.random.Generator,
                       game: int) -> list[dict[str, Any]]:
    """One game: a row per Patient, the first also carrying the game's figures."""
    grid = _grid(params)
    players, mix, fewer_wilds, extra, ends = grid[game % len(grid)]
    g = simlab.load_game("bad_doctor", players=players,
                         variants=("two_fewer_wilds",) if fewer_wilds else (),
                         extra_cube_spaces=extra, max_tile_ends=ends)
    state = cast(BadDoctorState, simlab.run(g, _seat_policies(mix, players), seed=rng))
    config = {"players": players, "mix": mix,
              "variation": "two fewer wilds" if fewer_wilds else "all tiles",
              "extra_cube_spaces": extra, "max_tile_ends": ends}
    return patient_rows(state, config)


def patient_rows(state: BadDoctorState, config: dict[str, Any]) -> list[dict[str, Any]]:
    """A finished game's ``bad-doctor-complications`` rows: one per Patient, ``config`` first."""
    shifts = state.shift + 1
    deaths = sum(1 for d in state.departures if d.how == "died")
    cures = sum(1 for d in state.departures if d.how == "cured")
    episodes = [(pid, arrived, left, how) for pid, arrived, left, how in state.departures]
    episodes += [(p.id, p.arrived, state.shift, "in hospital") for p in state.hospital]
    rows = []
    for k, (pid, arrived, left, how) in enumerate(episodes):
        duration = left - arrived + 1
        rows.append({
            **config,
            "patient": pid,
            "status": how,
            "duration": duration,
            "cured": how == "cured" if how != "in hospital" else None,
            "died": how == "died" if how != "in hospital" else None,
            "turns_to_cure": duration if how == "cured" else np.nan,
            "turns_to_death": duration if how == "died" else np.nan,
            "game_row": k == 0,
            "cubes_per_shift": state.cubes_added / shifts if k == 0 else np.nan,
            "deaths": deaths if k == 0 else np.nan,
            "cures": cures if k == 0 else np.nan,
            "shifts": shifts if k == 0 else np.nan,
            "winner_score": max(state.score_pile) if k == 0 else np.nan,
        })
    return rows


_GAME_MEANS = ("cubes_per_shift", "deaths", "cures", "shifts", "winner_score")
#: ``variation`` label of the rows giving the Variation's effect (with minus without).
EFFECT = "effect of two fewer wilds"


def _effect_rows(first: pd.DataFrame) -> pd.DataFrame:
    """The Variation's effect on each per-game mean, per player count and mix."""
    rows = []
    knobs = ["extra_cube_spaces", "max_tile_ends"]
    for (players, mix, extra, ends), part in first.groupby(["players", "mix", *knobs],
                                                           sort=True):
        on = part[part.variation == "two fewer wilds"]
        off = part[part.variation == "all tiles"]
        if len(on) < 2 or len(off) < 2:
            continue
        for quantity in _GAME_MEANS:
            diff, low, high = stats.welch_difference(on[quantity], off[quantity])
            rows.append({"players": players, "mix": mix, "variation": EFFECT,
                         "extra_cube_spaces": extra, "max_tile_ends": ends,
                         "quantity": quantity, "kind": "difference", "estimate": diff,
                         "low": low, "high": high, "n": len(on) + len(off),
                         "exact": np.nan})
    return pd.DataFrame(rows)


def _complications_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    by = ["players", "mix", "variation", "extra_cube_spaces", "max_tile_ends"]
    first = games[games.game_row]
    per_game = stats.summarize(first, by=by, means=list(_GAME_MEANS))
    left = games[games.status != "in hospital"].copy()
    left["cured"] = left["cured"].astype(bool)
    left["died"] = left["died"].astype(bool)
    per_patient = stats.summarize(left, by=by, proportions=["cured", "died"],
                                  means=["turns_to_cure", "turns_to_death"])
    parts = [per_game, per_patient, _effect_rows(first)]
    out = pd.concat([p for p in parts if len(p)], ignore_index=True)
    return out.sort_values([*by, "kind", "quantity"], kind="stable").reset_index(drop=True)


def _complications_plot(result: Any) -> Any:
    from matplotlib.figure import Figure

    from simlab.figures.axes import whole_ticks
    from simlab.figures.intervals import intervals
    from simlab.figures.survival import survival_steps

    games = result.games
    fig = Figure(figsize=(12, 4.0), layout="constrained")
    ax_surv, ax_cure, ax_deaths = fig.subplots(1, 3)
    keys = ["players", "mix", "variation", "extra_cube_spaces", "max_tile_ends"]
    for (players, mix, variation, extra, ends), part in games.groupby(keys):
        label = f"{players}p {mix}, {variation}" + _knobs_label(extra, ends)
        survival_steps(ax_surv, part.duration, part.status == "died", label=label)
        survival_steps(ax_cure, part.duration, part.status == "cured", label=label,
                       complement=True)
    ax_surv.set(title="Patients not dead\n(Kaplan-Meier, shaded: 95% band)",
                xlabel="turns since arrival", ylabel="share")
    ax_cure.set(title="Patients cured\n(1 - Kaplan-Meier, shaded: 95% band)",
                xlabel="turns since arrival", ylabel="share")
    for ax in (ax_surv, ax_cure):
        whole_ticks(ax, "x")
    ax_surv.legend(fontsize=6)
    summary = result.summary
    rows = summary[(summary.quantity == "deaths") & (summary.kind == "mean")]
    rows = rows.reset_index(drop=True)
    labels = [f"{r.players}p {r.mix}\n{r.variation}"
              + _knobs_label(r.extra_cube_spaces, r.max_tile_ends) for r in rows.itertuples()]
    y = np.arange(len(rows))
    intervals(ax_deaths, y, rows.estimate, rows.low, rows.high, limit=np.inf, n=rows.n,
              horizontal=True)
    ax_deaths.set_yticks(y, labels, fontsize=6)
    ax_deaths.set_ylim(len(rows) - 0.5, -0.5)
    ax_deaths.set(title="Deaths per game (95% t interval)", xlabel="deaths per game")
    fig.suptitle("How often do Patients die, and how soon are they cured? (Bad Doctor, "
                 f"{result.params.get('games', 0):,} games)", fontsize=11)
    return fig


def _knobs_label(extra: int, ends: int) -> str:
    """How a configuration's reconstruction knobs differ from the data ("" if they do not)."""
    parts = ([f"{int(extra):+d} cube spaces"] if int(extra) else []) + (
        [f"tiles of <= {int(ends)} ends"] if int(ends) != 3 else [])
    return (", " + ", ".join(parts)) if parts else ""


def seats_game(params: dict[str, Any], rng: np.random.Generator,
               game: int) -> list[dict[str, Any]]:
    """One game: a row per seat saying whether it won."""
    counts = sorted(int(p) for p in params["players"])
    players = counts[game % len(counts)]
    g = simlab.load_game("bad_doctor", players=players)
    state = cast(BadDoctorState, simlab.run(g, params["policy"], seed=rng))
    return seat_rows(state)


def seat_rows(state: BadDoctorState) -> list[dict[str, Any]]:
    """A finished game's ``bad-doctor-seats`` rows: one per seat, whether it won, its score."""
    players = state.game.players
    winners = state.outcome.winners if state.outcome is not None else ()
    return [{"players": players, "seat": s, "win": s in winners,
             "score": state.score_pile[s]} for s in range(players)]


def _seats_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    return summarize_games(games, by=["players", "seat"], proportions=["win"], means=["score"])


def _seats_plot(result: Any) -> Any:
    """Win rate by seat, a line per player count, beside the fair share 1 / players."""
    from matplotlib.figure import Figure

    from simlab.figures.axes import whole_ticks
    from simlab.figures.intervals import intervals
    from simlab.figures.limits import SAYS_NOTHING

    table = result.summary
    wins = table[table.quantity == "win"]
    fig = Figure(figsize=(8, 4.4), layout="constrained")
    ax = fig.add_subplot()
    counts = sorted(set(int(p) for p in wins.players))
    for i, players in enumerate(counts):
        rows = wins[wins.players.astype(int) == players].sort_values("seat")
        seat = rows.seat.astype(float) + 1 + (i - (len(counts) - 1) / 2) * 0.08
        intervals(ax, seat, rows.estimate, rows.low, rows.high, limit=SAYS_NOTHING,
                  n=rows.n, connect=True, color=f"C{i}", label=f"{players} players")
        ax.hlines(1 / players, 0.7, players + 0.3, colors=f"C{i}", linestyles="--", lw=1)
    whole_ticks(ax, "x")
    ax.set_xlabel("seat (1 = the first player)")
    ax.set_ylabel("share of games the seat wins (95% Wilson)\ndashed: the fair share "
                  "1 / players")
    ax.set_ylim(-0.05, 1.05)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, frameon=False)
    fig.suptitle(f"Does the seat order decide Bad Doctor? Win rate by seat "
                 f"({result.params.get('policy', '')} play, "
                 f"{result.params.get('games', 0):,} games)", fontsize=11)
    return fig


_PLAYERS = Param("players", ("2", "3", "4"), tuple, choices=("2", "3", "4"),
                 help="player counts (comma-separated)")

COMPLICATIONS = register_study(
    Study(
        name="bad-doctor-complications",
        title="Bad Doctor: complications, cures and deaths by player count, policies, variation",
        description=(
            "Cubes added per shift, share of Patients cured and dead, deaths and cures per "
            "game, turns from arrival to cure or death (survival curves), game length and the "
            "winner's score, with 95% intervals, for each player count, policy mix and with or "
            "without the Variation that removes two wild tiles."
        ),
        params=(
            Param("players", ("2", "4"), tuple, choices=("2", "3", "4"),
                  help="player counts (comma-separated)"),
            Param("mixes", ("random", "greedy"), tuple, choices=MIXES,
                  help="policy mixes; a+b alternates a and b by seat"),
            Param("variation", "both", str, choices=("off", "on", "both"),
                  help="the Variation without two wild tiles: off, on or both"),
            Param("extra_cube_spaces", ("0",), tuple, choices=("-1", "0", "1", "2", "3"),
                  help="reconstruction knob: cube spaces added to every Patient (comma-"
                       "separated values to compare)"),
            Param("max_tile_ends", ("3",), tuple, choices=("1", "2", "3"),
                  help="reconstruction knob: tiles with more Malady ends stay in the box"),
        ),
        run_chunk=per_game(complications_game),
        summarize=_complications_summary,
        plot=_complications_plot,
        chunk_size=50,
        default_games=800,
    )
)

SEATS = register_study(
    Study(
        name="bad-doctor-seats",
        title="Bad Doctor: win rate by seat",
        description="Share of games each seat wins (shared wins count for each winner).",
        params=(
            _PLAYERS,
            seat_policy_param("random", _POLICIES),
        ),
        run_chunk=per_game(seats_game),
        summarize=_seats_summary,
        plot=_seats_plot,
        chunk_size=100,
        default_games=900,
        tally=("players", "seat"),
    )
)
