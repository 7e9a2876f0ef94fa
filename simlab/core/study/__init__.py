"""Monte Carlo studies: the registry, the runner and its results.

One module a concern: :mod:`.params` (Param), :mod:`.definition` (Study),
:mod:`.registry` (names to studies), :mod:`.seeding` (chunks, their seeds,
``per_game``), :mod:`.design` (the setting of each game), :mod:`.executors`
(where chunks run), :mod:`.combine` (chunk frames into the games table),
:mod:`.tally` (rows folded into counts), :mod:`.progress` (bars),
:mod:`.runner` (``run_study``), :mod:`.result`
(StudyResult) and :mod:`.output` (files and JSON).  No module draws: a study
declares its figure (a function of its own or a registered figure's name), and
the named figures are drawn by the figures layer (:mod:`simlab.figures`).

A :class:`Study` names a question ("how likely is a capture in the first
three turns?"), its parameters, a function that plays a *chunk* of games and
a function that summarizes the games table.  :func:`run_study` plays the
games, in this process, in a process pool (``jobs > 1``) or on any
:class:`concurrent.futures.Executor` (for example dask.distributed's
``Client.get_executor()``), and returns a :class:`StudyResult`.

Reproducibility
---------------
Games are split into chunks of ``study.chunk_size`` games, a number fixed by
the study and never by ``jobs``: chunk ``k`` holds games
``[k * chunk_size, min((k + 1) * chunk_size, games))`` and is seeded with
``SeedSequence(entropy=seed, spawn_key=(k,))``, which is exactly
``SeedSequence(seed).spawn(k + 1)[k]``.  Chunk results are consumed in chunk
order, so the games table and the summary are identical for any ``jobs`` and
any executor.  :func:`per_game` goes further: game ``i`` draws from
``default_rng(SeedSequence(entropy=seed, spawn_key=(i,)))``, so its numbers
depend on its index only, never on the chunking.

Workers
-------
Tasks are the module-level ``_run_chunk_task``, so any start method works
(fork, spawn, forkserver; the pool uses the platform default).  A registered
study travels by name: a worker that does not know it imports the module
its game registered for it or the module that registered it.  Any other study
is pickled (its functions must be module-level).  ``summarize`` and ``plot``
always run in the calling process.

Memory
------
At most ``2 × workers`` chunks are in flight at once.  With
``combine="concat"`` the games table is the concatenation of all chunk
frames (memory grows with the result rows only).  With ``combine="sum"``
chunks are aggregated counts with a ``count`` column; they are folded into a
running ``groupby(keys).sum()`` as they arrive, so memory stays flat in the
number of games.  A ``combine="concat"`` study that declares ``Study.tally``
(its group columns) gets the same with ``run_study(..., tally=True)``: each
chunk's rows are folded into counts of each value of each quantity in the
worker that played them (:mod:`.tally`), and the summary is the same.

Examples
--------
>>> from simlab.core import stats
>>> def flip(params, rng, game):
...     return {"heads": bool(rng.random() < params["p"])}
>>> def summary(games, params):
...     return stats.summarize(games, proportions=["heads"], exact={"heads": params["p"]})
>>> coin = Study(name="coin", title="Chance of heads", params=(Param("p", 0.5, float),),
...              run_chunk=per_game(flip), summarize=summary)
>>> result = run_study(coin, games=2000, seed=1, p=0.3)
>>> result.params
{'p': 0.3, 'games': 2000, 'seed': 1}
>>> row = result.summary.iloc[0]
>>> int(row["n"]), bool(row["low"] <= 0.3 <= row["high"])
(2000, True)
"""

from __future__ import annotations

from simlab.core.study.definition import Study
from simlab.core.study.design import (
    game_setting,
    player_count_param,
    rotate_seats,
    seat_policy_param,
    setting_params,
)
from simlab.core.study.params import Param
from simlab.core.study.progress import PROGRESS_MIN_GAMES
from simlab.core.study.registry import get_study, register_study, study_names, unregister_study
from simlab.core.study.result import StudyResult
from simlab.core.study.runner import run_study
from simlab.core.study.seeding import per_game
from simlab.core.study.tally import (
    is_tally,
    stack_summaries,
    summarize_games,
    tally_rows,
    tally_values,
)

__all__ = [
    "PROGRESS_MIN_GAMES",
    "Param",
    "Study",
    "StudyResult",
    "is_tally",
    "stack_summaries",
    "summarize_games",
    "tally_rows",
    "tally_values",
    "game_setting",
    "setting_params",
    "player_count_param",
    "seat_policy_param",
    "get_study",
    "per_game",
    "register_study",
    "rotate_seats",
    "run_study",
    "study_names",
    "unregister_study",
]
