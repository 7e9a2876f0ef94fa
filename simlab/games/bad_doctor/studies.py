"""Studies of Bad Doctor.

``bad-doctor-complications``: by player count, policy mix and the Variation
without two wild tiles: Complication Cubes added per shift, the share of
Patients cured and dead, deaths and cures per game, time from arrival to
cure or death (with survival curves in the plot), game length and the
winner's score, all with 95% intervals, and the Variation's effect on each
per-game figure (rows with ``variation == EFFECT``: with minus without, a
Welch t interval).  The games table has one row per
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
from typing import Any

import numpy as np
import pandas as pd

import simlab
from simlab.core import stats
from simlab.core.search import policy_choices
from simlab.core.study import Param, Study, per_game, register_study
from simlab.games.bad_doctor.rules import BadDoctorState

__all__ = [
    "COMPLICATIONS",
    "EFFECT",
    "MIXES",
    "SEATS",
    "complications_game",
    "seats_game",
    "survival_curve",
    "welch_difference",
]

_POLICIES = policy_choices("random", "greedy", "bad", "cautious")
#: Policy mixes: one policy for every seat, or two alternating by seat.
MIXES = (*_POLICIES, "greedy+bad", "cautious+random", "bad+random", "mcts+greedy")


def _seat_policies(mix: str, players: int) -> list[str]:
    names = mix.split("+")
    return [names[s % len(names)] for s in range(players)]


def _grid(params: dict[str, Any]) -> list[tuple[int, str, bool]]:
    variation = {"off": (False,), "on": (True,), "both": (False, True)}[params["variation"]]
    players = sorted(int(p) for p in params["players"])
    return list(itertools.product(players, params["mixes"], variation))


def complications_game(params: dict[str, Any], rng: np.random.Generator,
                       game: int) -> list[dict[str, Any]]:
    """One game: a row per Patient, the first also carrying the game's figures."""
    grid = _grid(params)
    players, mix, fewer_wilds = grid[game % len(grid)]
    g = simlab.load_game("bad_doctor", players=players,
                         variants=("two_fewer_wilds",) if fewer_wilds else ())
    state = simlab.run(g, _seat_policies(mix, players), seed=rng)
    assert isinstance(state, BadDoctorState)
    shifts = state.shift + 1
    deaths = sum(1 for d in state.departures if d[3] == "died")
    cures = sum(1 for d in state.departures if d[3] == "cured")
    config = {"players": players, "mix": mix,
              "variation": "two fewer wilds" if fewer_wilds else "all tiles"}
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


def welch_difference(a: Any, b: Any, confidence: float = 0.95) -> tuple[float, float, float]:
    """Difference of means ``mean(a) - mean(b)`` with a Welch t interval.

    Examples
    --------
    >>> d, low, high = welch_difference([3, 4, 5, 4], [1, 2, 3, 2])
    >>> d, bool(low < 2 < high), bool(low > 0)
    (2.0, True, True)
    """
    from scipy import stats as sps

    x = np.asarray(a, dtype=float)
    y = np.asarray(b, dtype=float)
    diff = float(x.mean() - y.mean())
    vx, vy = x.var(ddof=1) / len(x), y.var(ddof=1) / len(y)
    se = float(np.sqrt(vx + vy))
    if se == 0:
        return diff, diff, diff
    df = (vx + vy) ** 2 / (vx**2 / (len(x) - 1) + vy**2 / (len(y) - 1))
    half = float(sps.t.ppf(0.5 + confidence / 2, df)) * se
    return diff, diff - half, diff + half


def _effect_rows(first: pd.DataFrame) -> pd.DataFrame:
    """The Variation's effect on each per-game mean, per player count and mix."""
    rows = []
    for (players, mix), part in first.groupby(["players", "mix"], sort=True):
        on = part[part.variation == "two fewer wilds"]
        off = part[part.variation == "all tiles"]
        if len(on) < 2 or len(off) < 2:
            continue
        for quantity in _GAME_MEANS:
            diff, low, high = welch_difference(on[quantity], off[quantity])
            rows.append({"players": players, "mix": mix, "variation": EFFECT,
                         "quantity": quantity, "kind": "difference", "estimate": diff,
                         "low": low, "high": high, "n": len(on) + len(off),
                         "exact": np.nan})
    return pd.DataFrame(rows)


def _complications_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    by = ["players", "mix", "variation"]
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


def survival_curve(durations: Any, events: Any) -> tuple[np.ndarray, np.ndarray]:
    """Kaplan-Meier curve: (times, share not yet having had the event).

    ``events`` is True where the event (a death) happened at ``durations``
    and False where the Patient left otherwise or the game ended (censored).

    Examples
    --------
    >>> t, s = survival_curve([1, 2, 2, 3], [True, False, True, False])
    >>> t.tolist(), s.round(3).tolist()
    ([0, 1, 2, 3], [1.0, 0.75, 0.5, 0.5])
    """
    d = np.asarray(durations, dtype=int)
    e = np.asarray(events, dtype=bool)
    times = np.arange(0, int(d.max()) + 1) if len(d) else np.array([0])
    surv = np.ones(len(times))
    s = 1.0
    for i, t in enumerate(times[1:], 1):
        at_risk = int((d >= t).sum())
        dead = int(((d == t) & e).sum())
        if at_risk:
            s *= 1 - dead / at_risk
        surv[i] = s
    return times, surv


def _complications_plot(result: Any) -> Any:
    from matplotlib.figure import Figure

    games = result.games
    fig = Figure(figsize=(11, 3.6), layout="constrained")
    ax_surv, ax_cure, ax_deaths = fig.subplots(1, 3)
    for (players, mix, variation), part in games.groupby(["players", "mix", "variation"]):
        label = f"{players}p {mix}, {variation}"
        t, s = survival_curve(part.duration, part.status == "died")
        ax_surv.step(t, s, where="post", label=label)
        t, s = survival_curve(part.duration, part.status == "cured")
        ax_cure.step(t, 1 - s, where="post", label=label)
    ax_surv.set(title="Patients not dead (Kaplan-Meier)", xlabel="turns since arrival",
                ylabel="share")
    ax_cure.set(title="Patients cured (1 - Kaplan-Meier)", xlabel="turns since arrival")
    ax_surv.legend(fontsize=6)
    summary = result.summary
    rows = summary[(summary.quantity == "deaths") & (summary.kind == "mean")]
    rows = rows.reset_index(drop=True)
    labels = [f"{r.players}p {r.mix}\n{r.variation}" for r in rows.itertuples()]
    y = np.arange(len(rows))
    ax_deaths.errorbar(rows.estimate, y, xerr=[rows.estimate - rows.low, rows.high - rows.estimate],
                       fmt="o", ms=4)
    ax_deaths.set_yticks(y, labels, fontsize=6)
    ax_deaths.set(title="Deaths per game (95% t interval)", xlabel="deaths")
    return fig


def seats_game(params: dict[str, Any], rng: np.random.Generator,
               game: int) -> list[dict[str, Any]]:
    """One game: a row per seat saying whether it won."""
    counts = sorted(int(p) for p in params["players"])
    players = counts[game % len(counts)]
    g = simlab.load_game("bad_doctor", players=players)
    state = simlab.run(g, params["policy"], seed=rng)
    assert isinstance(state, BadDoctorState) and state.outcome is not None
    winners = state.outcome.winners
    return [{"players": players, "seat": s, "win": s in winners,
             "score": state.score_pile[s]} for s in range(players)]


def _seats_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    return stats.summarize(games, by=["players", "seat"], proportions=["win"], means=["score"])


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
            Param("policy", "random", str, choices=_POLICIES, help="policy of every seat"),
        ),
        run_chunk=per_game(seats_game),
        summarize=_seats_summary,
        chunk_size=100,
        default_games=900,
    )
)
