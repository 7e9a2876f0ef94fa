"""The figures of a balance report, each with the table it is drawn from.

Pure functions returning :class:`matplotlib.figure.Figure` objects (no pyplot
state).  Text is at least 9 pt so that the PNGs read at their saved size.

Examples
--------
>>> from simlab.lab.balance import balance
>>> report = balance("broom_service", players=2, policies="heuristic", max_games=20,
...                  first_batch=20, command="doctest")
>>> sorted(report_figures(report))
['choices', 'drama', 'length', 'seats', 'verdicts']
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import NullFormatter, ScalarFormatter

from simlab.lab.balance import cs_paths

if TYPE_CHECKING:
    from simlab.lab.report import BalanceReport

__all__ = ["report_figures"]

_FONT = 10


def _style(ax: Any) -> None:
    ax.tick_params(labelsize=_FONT - 1)
    ax.grid(alpha=0.3)


def verdicts_figure(report: BalanceReport) -> tuple[Figure, pd.DataFrame]:
    """Each question's confidence sequence against the games played, fair ± D shaded."""
    paths = cs_paths(report.games, report.players, report.name, report.alpha)
    names = list(dict.fromkeys(paths.question)) if len(paths) else []
    cols = min(3, max(1, len(names)))
    rows = max(1, math.ceil(len(names) / cols))
    fig = Figure(figsize=(4.2 * cols, 3.2 * rows), layout="constrained")
    axes = np.atleast_1d(fig.subplots(rows, cols, squeeze=False)).ravel()
    for ax, name in zip(axes, names, strict=False):
        part = paths[paths.question == name]
        fair = float(part.fair.iloc[0])
        ax.axhspan(fair - report.margin, fair + report.margin, color="C2", alpha=0.15,
                   label=f"fair ± {report.margin:g}")
        ax.axhline(fair, color="C2", lw=1)
        ax.fill_between(part.games, part.low, part.high, color="C0", alpha=0.3,
                        label="confidence sequence")
        ax.plot(part.games, part["mean"], color="C0", lw=1, label="running mean")
        ax.set_xscale("log")
        ax.xaxis.set_major_formatter(ScalarFormatter())
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_ylim(-0.02, 1.02)
        ax.set_title(name, fontsize=_FONT + 1)
        ax.set_xlabel("games played", fontsize=_FONT)
        ax.set_ylabel("share", fontsize=_FONT)
        _style(ax)
    for ax in axes[len(names):]:
        ax.set_visible(False)
    if names:
        axes[0].legend(fontsize=_FONT - 1, loc="upper right")
    fig.suptitle(f"{report.game.TITLE or report.name}, {report.players} players: "
                 "verdicts as the games came in", fontsize=_FONT + 2)
    return fig, paths


def seats_figure(report: BalanceReport) -> tuple[Figure, pd.DataFrame]:
    """Each seat's win share with its confidence sequence, against fair ± D."""
    seats = report.seats
    fig = Figure(figsize=(6.4, 1.2 + 0.55 * len(seats)), layout="constrained")
    ax = fig.add_subplot()
    if not report.sides:  # the seats of sides are not alike: no fair share to draw
        fair = 1.0 / report.players
        ax.axvspan(fair - report.margin, fair + report.margin, color="C2", alpha=0.15,
                   label=f"fair share ± {report.margin:g}")
        ax.axvline(fair, color="C2", lw=1)
    y = np.arange(len(seats))
    ax.errorbar(seats.share, y, xerr=[seats.share - seats.low, seats.high - seats.share],
                fmt="o", color="C0", capsize=4, label="win share, confidence sequence")
    sides = seats.side if "side" in seats.columns else [""] * len(seats)
    ax.set_yticks(y, [f"seat {s} {side} ({p})".replace("  ", " ") for s, side, p
                      in zip(seats.seat, sides, seats.player, strict=True)], fontsize=_FONT)
    ax.invert_yaxis()
    ax.set_xlim(-0.02, 1.02)
    ax.set_xlabel("share of the wins", fontsize=_FONT)
    b = report.balance_index
    ax.set_title(f"Seat win shares, {report.games_played:,} games; Balance "
                 f"{b['balance']:.2f} [{b['low']:.2f}, {b['high']:.2f}]", fontsize=_FONT + 1)
    ax.legend(fontsize=_FONT - 1, loc="lower right")
    _style(ax)
    return fig, seats


def length_figure(report: BalanceReport) -> tuple[Figure, pd.DataFrame]:
    """Histograms of turns (and rounds, where the game has them)."""
    games = report.games
    columns = [c for c in ("turns", "rounds") if games[c].notna().any()]
    fig = Figure(figsize=(4.6 * len(columns), 3.4), layout="constrained")
    axes = np.atleast_1d(fig.subplots(1, len(columns), squeeze=False)).ravel()
    guard = float(games.guard_ended.mean())
    for ax, column in zip(axes, columns, strict=True):
        values = games[column].dropna().to_numpy(float)
        bins = np.arange(values.min(), values.max() + 2) - 0.5 if np.ptp(values) < 40 else 30
        ax.hist(values, bins=bins, color="C0", alpha=0.8)
        ax.axvline(float(np.median(values)), color="k", lw=1, ls="--", label="median")
        ax.set_xlabel(column, fontsize=_FONT)
        ax.set_ylabel("games", fontsize=_FONT)
        ax.legend(fontsize=_FONT - 1)
        _style(ax)
    fig.suptitle(f"Game length, {len(games):,} games; a guard ended {guard:.1%}",
                 fontsize=_FONT + 1)
    table = games[["game_index", *columns, "guard_ended"]]
    return fig, table


def drama_figure(report: BalanceReport) -> tuple[Figure, pd.DataFrame]:
    """Lead changes per game, and the share of the turns after which the winner led to the end."""
    games = report.games
    fig = Figure(figsize=(9.2, 3.4), layout="constrained")
    left, right = fig.subplots(1, 2)
    changes = games.lead_changes.to_numpy(float)
    bins = np.arange(0, max(changes.max(), 1) + 2) - 0.5 if np.ptp(changes) < 40 else 30
    left.hist(changes, bins=bins, color="C1", alpha=0.8)
    left.set_xlabel("lead changes in a game", fontsize=_FONT)
    left.set_ylabel("games", fontsize=_FONT)
    _style(left)
    shares = games.decided_share.dropna().to_numpy(float)
    right.hist(shares, bins=np.linspace(0, 1, 21), color="C3", alpha=0.8)
    right.set_xlabel("share of the turns after which the winner led to the end",
                     fontsize=_FONT)
    right.set_ylabel("games", fontsize=_FONT)
    _style(right)
    fig.suptitle("Drama: how often the lead changed, and how early games were decided",
                 fontsize=_FONT + 1)
    return fig, games[["game_index", "lead_changes", "trailed_half", "trailed_3q",
                       "decided_turn", "decided_share"]]


def choices_figure(report: BalanceReport) -> tuple[Figure, pd.DataFrame]:
    """Win rate with a choice minus without it, with 95 % intervals (grey: too few games)."""
    table = report.choices
    shown = table.sort_values(["seats", "difference"]).reset_index(drop=True)
    fig = Figure(figsize=(7.6, 1.4 + 0.3 * max(len(shown), 1)), layout="constrained")
    ax = fig.add_subplot()
    y = np.arange(len(shown))
    colors = ["0.6" if few else "C0" for few in shown.too_few]
    for i, row in shown.iterrows():
        ax.errorbar(row.difference, i, xerr=[[row.difference - row.low],
                                             [row.high - row.difference]],
                    fmt="o", color=colors[int(i)], capsize=3)
    labels = [f"{c} ({s})" if len(set(shown.seats)) > 1 else c
              for c, s in zip(shown.choice, shown.seats, strict=True)]
    ax.set_yticks(y, labels, fontsize=_FONT - 1)
    ax.invert_yaxis()
    ax.axvline(0, color="k", lw=1)
    ax.set_xlabel("win rate with the choice − without it (grey: too few games)",
                  fontsize=_FONT)
    ax.set_title(f"What each choice is worth ({report.games_played:,} games)",
                 fontsize=_FONT + 1)
    _style(ax)
    return fig, shown


def report_figures(report: BalanceReport) -> dict[str, tuple[Figure, pd.DataFrame]]:
    """Every figure of ``report`` by file stem, each with the table behind it."""
    out = {"verdicts": verdicts_figure(report), "seats": seats_figure(report),
           "length": length_figure(report)}
    if "lead_changes" in report.games.columns:
        out["drama"] = drama_figure(report)
    if len(report.choices):
        out["choices"] = choices_figure(report)
    return out
