"""The figure of a policy ladder: ratings with their intervals, and the win-rate tables.

The figure named ``"policy-ladder"`` (:data:`simlab.figures.FIGURES`), which
every ladder study declares (:func:`simlab.core.study.policy_ladder.policy_ladder`);
it reads the summary that :func:`~simlab.core.study.policy_ladder.ladder_summary`
writes.

Examples
--------
>>> import pandas as pd
>>> from simlab.core.study import Study, StudyResult
>>> from simlab.core.study.policy_ladder import ladder_summary
>>> games = pd.DataFrame({"lineup": ["a,b,b", "b,a,a", "b,b,a", "a,a,b"] * 6,
...                       "winners": ["0", "1", "0", "2"] * 6})
>>> summary = ladder_summary(games, {"policies": ("a", "b"), "resamples": 10})
>>> study = Study("x-ladder", "X: who wins?", (), run_chunk=print, summarize=print,
...               plot="policy-ladder")
>>> fig = ladder_figure(StudyResult(study, {"games": 24}, games, summary, 0.0))
>>> fig.get_suptitle()
'Which policy plays X best? (24 games)'
>>> [t.get_text() for t in fig.axes[1].texts]   # b's row, then a's: 24 games say something
['0.50', '0.50']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from simlab.figures.intervals import intervals
from simlab.figures.limits import MIN_GAMES, TOO_FEW

if TYPE_CHECKING:
    from simlab.core.study import StudyResult

__all__ = ["ladder_figure"]


def _matrix(part: pd.DataFrame, rows: list[str], cols: list[str], mirror: bool) -> np.ndarray:
    m = np.full((len(rows), len(cols)), np.nan)
    for r in part.itertuples():
        if r.a in rows and r.b in cols:
            m[rows.index(r.a), cols.index(r.b)] = r.estimate
        if mirror and r.b in rows and r.a in cols:
            m[rows.index(r.b), cols.index(r.a)] = 1 - r.estimate
    return m


def _heatmap(ax: Any, m: np.ndarray, rows: list[str], cols: list[str], title: str,
             few: np.ndarray | None = None) -> None:
    """Win rates as coloured cells; a cell from too few games shows its rate in brackets."""
    ax.imshow(m, vmin=0, vmax=1, cmap="RdBu", aspect="auto")
    for i in range(len(rows)):
        for j in range(len(cols)):
            if not np.isnan(m[i, j]):
                text = f"{m[i, j]:.2f}"
                if few is not None and few[i, j]:
                    text = f"({text})"
                ax.text(j, i, text, ha="center", va="center", fontsize=8,
                        color="white" if abs(m[i, j] - 0.5) > 0.3 else "black")
    ax.set_xticks(range(len(cols)), cols, rotation=30, ha="right", fontsize=8)
    ax.set_yticks(range(len(rows)), rows, fontsize=8)
    ax.set_title(title, fontsize=9)


def ladder_figure(result: StudyResult) -> Figure:
    """Ratings with their intervals, and the win-rate table (per side too, for two sides).

    Ratings from too few games, or with an interval wider than 2 (a factor of e² in
    strength), are drawn faint and marked "too few games"; win rates behind fewer than
    :data:`~simlab.figures.limits.MIN_GAMES` games are shown in brackets, with a note.
    """
    summary = result.summary
    sided = (summary.scope == "side").any()
    fig = Figure(figsize=(13 if sided else 9.5, 4.4), layout="constrained")
    axes = fig.subplots(1, 3 if sided else 2)
    game = result.study.title.split(":")[0]
    fig.suptitle(f"Which policy plays {game} best? "
                 f"({int(result.params['games']):,} games)", fontsize=10)
    ratings = summary[summary.scope == "rating"].sort_values("estimate")
    intervals(axes[0], np.arange(len(ratings)), ratings.estimate, ratings.low, ratings.high,
              limit=2.0, horizontal=True, color="#2c7fb8", n=ratings.n)
    axes[0].set_yticks(range(len(ratings)), ratings.policy.tolist(), fontsize=8)
    axes[0].axvline(0, color="grey", lw=0.8, ls=":")
    axes[0].set_xlabel("Bradley-Terry rating (log strength, 95% bootstrap)")
    order = ratings.policy.tolist()[::-1]
    pairs = summary[summary.scope == "pairing"]
    games = _matrix(pairs.assign(estimate=pairs.n.astype(float)), order, order, mirror=False)
    games = np.where(np.isnan(games), games.T, games)
    few = np.nan_to_num(games, nan=np.inf) < MIN_GAMES
    _heatmap(axes[1], _matrix(pairs, order, order, mirror=True), order, order,
             "win rate of the row policy against the column policy", few)
    axes[1].set_xlabel("column policy")
    if sided:
        side = summary[summary.scope == "side"]
        first, second = getattr(result.study.summarize, "sides", None) or ("first", "second")
        side_games = _matrix(side.assign(estimate=side.n.astype(float)), order, order,
                             mirror=False)
        _heatmap(axes[2], _matrix(side, order, order, mirror=False), order, order,
                 f"{first} win rate (rows: {first}, columns: {second})",
                 np.nan_to_num(side_games, nan=np.inf) < MIN_GAMES)
        axes[2].set_xlabel(f"{second} policy")
    if few.any():
        axes[1].set_xlabel(f"column policy\n(rate): {TOO_FEW} (under {MIN_GAMES}) to say "
                           "anything", fontsize=9)
    return fig
