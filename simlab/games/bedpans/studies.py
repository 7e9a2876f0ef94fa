"""Studies of Bedpans & Broomsticks.

``bedpans-movement``: for every mover and every Stuff that changes dice, the
exact distribution of the movement result beside a Monte Carlo estimate of
physically rolled dice, with 95% Wilson intervals, the mean with its t
interval, and a chi-square goodness-of-fit p-value.

Examples
--------
>>> import simlab
>>> result = simlab.run_study("bedpans-movement", games=20_000, seed=3, mover="doctor")
>>> table = result.summary
>>> row = table[(table.stuff == "none") & (table.quantity == "P(result = 2)")].iloc[0]
>>> round(float(row.exact), 6)  # red 1 and lower white 1: 1/3 * 5/9
0.185185
>>> bool(row.low <= row.exact <= row.high)
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from simlab.core import dice, stats
from simlab.core.study import Param, Study, register_study
from simlab.games.bedpans import movement

__all__ = ["MOVEMENT"]

_ALL = "all"


def _combinations(params: dict[str, Any]) -> list[tuple[str, str]]:
    movers = list(movement.MOVERS) if params["mover"] == _ALL else [params["mover"]]
    stuffs = list(movement.STUFF) if params["stuff"] == _ALL else [params["stuff"]]
    return [(m, s) for m in movers for s in stuffs if movement.applies(m, s)]


def _readings(params: dict[str, Any]) -> dict[str, str]:
    """The readings of the dice Stuff (rulings M4-M6), as :mod:`.movement` takes them."""
    return {k: params[k] for k in ("walker", "hurry_up", "detector")}


def _movement_chunk(
    params: dict[str, Any], seed: np.random.SeedSequence, first: int, n: int
) -> pd.DataFrame:
    """Roll ``n`` times for each (mover, Stuff); return counts of each result."""
    combos = _combinations(params)
    rngs = [np.random.default_rng(s) for s in seed.spawn(len(combos))]
    frames = []
    for (mover, stuff), rng in zip(combos, rngs, strict=True):
        values = movement.roll(mover, stuff, n, rng, **_readings(params))
        result, count = np.unique(values, return_counts=True)
        frames.append(
            pd.DataFrame({"mover": mover, "stuff": stuff, "result": result, "count": count})
        )
    return pd.concat(frames, ignore_index=True)


def _movement_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    rows = []
    for (mover, stuff), group in games.groupby(["mover", "stuff"], sort=False):
        expr = movement.expression(mover, stuff, **_readings(params))
        exact = dice.distribution(expr)
        total = int(group["count"].sum())
        observed = dict(zip(group["result"].astype(int), group["count"].astype(int),
                            strict=True))
        # NaN when fewer than two pooled results remain (a Detector's fixed 2); 0.0 when a
        # result the dice cannot make was seen, a fixed result's too
        p_value = stats.chisquare_gof(observed, exact)
        base = {"mover": mover, "stuff": stuff, "expression": expr}
        mean = stats.weighted_mean_summary(group["result"], group["count"])
        rows.append({**base, "quantity": "mean result", "kind": "mean", **mean,
                     "exact": float(dice.mean(expr)), "chisquare_p": p_value})
        for value in sorted(set(exact) | set(observed)):
            hits = observed.get(value, 0)
            low, high = stats.wilson_interval(hits, total)
            rows.append({**base, "quantity": f"P(result = {value})", "kind": "proportion",
                         "estimate": hits / total, "low": float(low), "high": float(high),
                         "n": total, "exact": float(exact.get(value, Fraction(0))),
                         "chisquare_p": p_value})
    columns = ["mover", "stuff", "expression", "quantity", "kind", "estimate", "low", "high",
               "n", "exact", "chisquare_p"]
    return pd.DataFrame(rows, columns=columns)


#: The figure's question, in lines as narrow as one mover's column.
_QUESTION = ("Do the simulated movement dice match the", "exact odds of each mover and Stuff?")

_STUFF_COLOURS = {"none": "#9e9e9e", "hurry_up": "#e6862e", "detector": "#3b7dd8",
                  "walker": "#3fa34d"}


def _movement_plot(result):
    """Per mover: the exact distribution as bars with the estimates on them (top), and
    estimate minus exact with its 95% interval (bottom), where the intervals show."""
    from matplotlib.figure import Figure

    from simlab.figures.intervals import intervals
    from simlab.figures.limits import SAYS_NOTHING

    table = result.summary[result.summary.kind == "proportion"]
    movers = [m for m in movement.MOVERS if m in set(table.mover)]
    fig = Figure(figsize=(2.9 * len(movers) + 0.8, 6.4), layout="constrained")
    grid = fig.subplots(2, len(movers), sharex="col", squeeze=False)
    lowest = 1 if (table.quantity == "P(result = 1)").any() else 2  # Detector "result-1"
    for col, mover in enumerate(movers):
        top, bottom = grid[0, col], grid[1, col]
        part = table[table.mover == mover]
        stuffs = [s for s in movement.STUFF if s in set(part.stuff)]
        width = 0.8 / len(stuffs)
        for i, stuff in enumerate(stuffs):
            rows = part[part.stuff == stuff]
            x = rows.quantity.str.extract(r"= (-?\d+)")[0].astype(int).to_numpy()
            shift = x + (i - (len(stuffs) - 1) / 2) * width
            colour = _STUFF_COLOURS[stuff]
            top.bar(shift, rows.exact, width=width * 0.9, color=colour, alpha=0.45,
                    label=movement.STUFF[stuff][0].split(":")[0])
            top.plot(shift, rows.estimate, "_", color="k", ms=6, mew=1.5,
                     label="estimate" if i == 0 else None)
            exact = rows.exact.to_numpy(dtype=float)
            intervals(bottom, shift, rows.estimate - exact, rows.low - exact,
                      rows.high - exact, limit=SAYS_NOTHING, color=colour)
        bottom.axhline(0.0, color="k", lw=1, zorder=0)
        top.set_title(movement.MOVERS[mover][0].replace(" (", "\n("), fontsize=8)
        top.set_ylim(0, None)
        bottom.set_xlabel("spaces of movement (die result)")
        bottom.set_xticks(range(lowest, 9))
        for ax in (top, bottom):
            ax.grid(axis="y", alpha=0.3)
            ax.tick_params(labelsize=7)
    grid[0, 0].set_ylabel("probability\n(bars: exact; black line: estimate)")
    grid[1, 0].set_ylabel("estimate − exact\n(with its 95% Wilson interval)")
    # the first column's: the first Elder's, when drawn, shows every Stuff
    handles, labels = grid[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="outside lower center", ncols=len(labels), fontsize=8,
               frameon=False)
    games = int(result.params.get("games", table.n.max()))  # a roll of each a game
    told = f"({games:,} games, a roll of each a game)"
    between = "\n" if len(movers) == 1 else " "  # one mover's column holds a line each
    fig.suptitle(between.join([*_QUESTION, told]), fontsize=11)
    return fig


MOVEMENT = register_study(
    Study(
        name="bedpans-movement",
        title="Bedpans & Broomsticks: movement results of every mover, exact and simulated",
        description=(
            "Each game rolls the movement dice once for every mover and every Stuff that "
            "changes dice; the summary puts each result's probability, exact, beside its "
            "Monte Carlo estimate and 95% Wilson interval, with a chi-square p-value."
        ),
        params=(
            Param("mover", _ALL, str, choices=(_ALL, *movement.MOVERS),
                  help="which mover (default all)"),
            Param("stuff", _ALL, str, choices=(_ALL, *movement.STUFF),
                  help="which Stuff (default all that apply)"),
            Param("walker", "dice-2", str, choices=movement.WALKER_READINGS,
                  help="reading of Walker (ruling M6 of docs/rulings/bedpans.md)"),
            Param("hurry_up", "dice+1", str, choices=movement.HURRY_UP_READINGS,
                  help="reading of Hurry Up (ruling M4)"),
            Param("detector", "dice-1", str, choices=movement.DETECTOR_READINGS,
                  help="reading of Detector (ruling M5)"),
        ),
        run_chunk=_movement_chunk,
        summarize=_movement_summary,
        plot=_movement_plot,
        chunk_size=100_000,
        combine="sum",
        default_games=100_000,
    )
)
