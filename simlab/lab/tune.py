"""``simlab tune``: which change of options or component numbers makes a game fair.

The search runs on Optuna (TPE, multi-objective, with a constraint):

1. **Objectives** (both minimised): the imbalance of the chosen objective
   (:mod:`simlab.lab.scoring`: ``seat-balance``, ``side-balance``, ``length``)
   and the distance of the trial from the rulebook (:meth:`Space.distance`).
   The result is the Pareto front, not one "best".
2. **Constraint**: the mean game length (turns) stays within ``band`` (±25 %
   by default) of the rulebook game's, through ``trial.set_constraint`` (Optuna
   5's successor of the sampler's deprecated ``constraints_func``; the TPE
   sampler and the Pareto front take it the same way); with the ``length``
   objective the length is the goal itself and no constraint applies.
3. **Cheap players on paired seed blocks**: every trial plays the same games
   (seed ``seed``, game indices 0, 1, ...) with the game's fast heuristic
   (:attr:`simlab.lab.specs.GameSpec.fast_policy`) on every seat, in blocks of
   ``block_games``; two trials differ only by their knobs, never by luck.
4. **Pruning**: Optuna's pruners (``WilcoxonPruner`` among them) work on
   single-objective studies only: ``trial.report`` raises for a study with two
   directions.  So the tuner runs the pruner's test itself, on the same terms:
   after each block from the ``min_blocks``-th on, the trial's per-block
   imbalances are compared with the incumbent's on the same blocks (the same
   seeds) by a one-sided Wilcoxon signed-rank test (``scipy.stats.wilcoxon``,
   as ``WilcoxonPruner`` does); ``p < prune_p`` prunes the trial
   (``optuna.TrialPruned``).  The incumbent is the finished, feasible trial
   with the lowest upper bound of imbalance (the rulebook game, trial 0, at
   first).  Only the first objective is tested: the second, the distance, is
   known before any game is played.
5. **Rank by a bound**: trials are ranked by the upper end of their
   imbalance interval, not by the estimate (the best of many estimates is the
   luckiest).
6. **Promotion**: the ``promote`` best-ranked trials of the Pareto front are
   played again with the strong player (``mcts``) on every seat, on the search
   seeds, and ranked again by the bound.
7. **Validation**: the ``validate`` best promoted trials and the rulebook game
   are played on *held-out* seeds (:func:`held_out_seed`: another root seed,
   so no game of the search is played again) under the strong player, and
   judged by the balance verdict of :func:`simlab.lab.balance.balance`.  A
   proposal counts only if its verdict is *balanced*.

Storage is an Optuna RDB storage, by default SQLite in the output folder
(``sqlite:///OUT/tune.db``): every finished trial is committed when it
finishes, so Ctrl-C loses none, and the same ``study_name`` resumes the run
(the trials already finished count towards ``trials``; a trial cut short is
tried again with the same values).  A trial that draws the values of a finished
trial plays no game (it would play the very same games): it takes that trial's
result, is marked ``same_as``, and does not count towards ``trials``.

Examples
--------
>>> from simlab.lab.tune import held_out_seed
>>> held_out_seed(0) != 0 and held_out_seed(0) == held_out_seed(0)
True
"""

from __future__ import annotations

import concurrent.futures as cf
import json
import math
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from simlab.core.checks import whole_number
from simlab.core.errors import ConfigError, SimlabError
from simlab.lab.scoring import OBJECTIVES, Score, block_imbalance, imbalance, mean_turns
from simlab.lab.space import Space

__all__ = [
    "TuneSettings",
    "TuneRun",
    "held_out_seed",
    "open_study",
    "storage_url",
    "trial_game",
    "tune",
]



@dataclass(frozen=True)
class TuneSettings:
    """Everything a tuning run depends on (stored with the study; a resume must match).

    Attributes
    ----------
    game, objective : str
        The game and the objective (:data:`simlab.lab.scoring.OBJECTIVES`).
    players : int
        Seats.
    trials : int
        Finished trials (complete or pruned) to reach; a resumed run plays only the rest.
    blocks, block_games : int
        Each trial plays ``blocks`` seed blocks of ``block_games`` games.
    min_blocks, prune_p : int, float
        The paired pruning test starts after ``min_blocks`` blocks, prunes at ``p < prune_p``.
    seed : int
        Root seed of the search games and of the sampler.
    cheap, strong : str
        The screening player and the validating player (on every seat).
    promote, promote_games : int
        Trials promoted to the strong player, and their games (search seeds).
    validate, validate_games, margin : int, int, float
        Trials validated on held-out seeds, at most this many games each, and
        the balance margin (±``margin`` around the fair share).
    band : float
        The length constraint: mean turns within ``1 ± band`` of the rulebook game's.
    target : float or None
        The ``length`` objective's target number of turns.
    """

    game: str
    objective: str
    players: int
    trials: int = 30
    blocks: int = 8
    block_games: int = 25
    min_blocks: int = 5
    prune_p: float = 0.05
    seed: int = 0
    cheap: str = "heuristic"
    strong: str = "mcts"
    promote: int = 3
    promote_games: int = 60
    validate: int = 2
    validate_games: int = 400
    margin: float = 0.05
    band: float = 0.25
    target: float | None = None

    def key(self) -> dict[str, Any]:
        """What must not change between a run and its resume (the trials depend on it)."""
        return {k: v for k, v in asdict(self).items()
                if k in ("game", "objective", "players", "blocks", "block_games", "seed",
                         "cheap", "band", "target")}


@dataclass
class TuneRun:
    """What a tuning run found: the study, the tables, the validated proposals."""

    settings: TuneSettings
    space: Space
    study: Any
    trials: pd.DataFrame
    pareto: pd.DataFrame
    promoted: pd.DataFrame
    validated: pd.DataFrame
    baseline: dict[str, Any] = field(default_factory=dict)

    @property
    def proposals(self) -> pd.DataFrame:
        """The validated trials whose held-out verdict is *balanced* (the rulebook's excluded)."""
        if self.validated.empty:
            return self.validated
        return self.validated[(self.validated.verdict == "balanced")
                              & (self.validated.trial != "rulebook")]


def held_out_seed(seed: int) -> int:
    """The root seed of the validation games: drawn from ``seed``, never ``seed`` itself.

    Game ``i`` of a root seed ``r`` plays with ``SeedSequence(r, spawn_key=(i,))``
    (:func:`simlab.lab.games.game_seed`); another root gives other games for
    every index, so no validation game is a search game.
    """
    value = int(np.random.SeedSequence([int(seed), 0x7E57]).generate_state(1)[0])
    return value if value != seed else value + 1


def storage_url(out: str | Path, storage: str | None = None) -> str:
    """``storage``, or SQLite in ``out`` (``sqlite:///OUT/tune.db``).

    Examples
    --------
    >>> storage_url("runs/x").endswith("runs/x/tune.db")
    True
    """
    if storage:
        return storage
    return f"sqlite:///{(Path(out) / 'tune.db').resolve()}"


def open_study(url: str, name: str, settings: TuneSettings, space_key: str) -> Any:
    """Open (or make) the study ``name`` in the storage at ``url``.

    Raises
    ------
    ConfigError
        The storage cannot be opened, or the study there was made with other
        settings or another space (then another name is needed).
    """
    import optuna

    # errors only: a trial cut short by Ctrl-C is said in one line (the command's), and kept
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    try:
        # a heartbeat: a trial whose process died (SIGKILL, a lost machine) is marked
        # FAIL by Optuna after the grace period, never while its process still runs
        storage = optuna.storages.RDBStorage(
            url, heartbeat_interval=60, grace_period=180,
            engine_kwargs={"connect_args": {"timeout": 60}} if url.startswith("sqlite") else {})
    except Exception as err:  # sqlalchemy's errors: a bad URL, no driver, no folder ...
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ConfigError(f"cannot open storage {url!r} ({reason})") from None
    sampler = optuna.samplers.TPESampler(seed=settings.seed, n_startup_trials=8)
    study = optuna.create_study(storage=storage, study_name=name, sampler=sampler,
                                directions=["minimize", "minimize"], load_if_exists=True)
    stored = study.user_attrs
    if "settings" in stored:
        if stored["settings"] != settings.key() or stored.get("space") != space_key:
            what = "space" if stored.get("space") != space_key else "settings"
            differ = "" if what == "space" else ": " + ", ".join(
                f"{k} {stored['settings'].get(k)!r} -> {v!r}"
                for k, v in settings.key().items() if stored["settings"].get(k) != v)
            raise ConfigError(f"study {name!r} in {url} was made with other {what}{differ}; "
                              "resume with the same ones or choose another --study-name")
    else:
        study.set_user_attr("settings", settings.key())
        study.set_user_attr("space", space_key)
    return study


# -- playing and scoring a trial -------------------------------------------------------------
@dataclass
class _Player:
    """Plays a trial's games (the same executor and jobs for every trial)."""

    settings: TuneSettings
    space: Space
    out: Path
    jobs: int = 1
    executor: cf.Executor | None = None
    play: Callable[..., pd.DataFrame] | None = None

    def games(self, params: dict[str, Any], *, policy: str, games: int, first: int = 0,
              seed: int | None = None, folder: Path | None = None) -> pd.DataFrame:
        from simlab.lab.games import play_games

        play = self.play or play_games
        data = self.data(params, folder)
        return play(self.settings.game, players=self.settings.players, policies=[policy],
                    options=self.space.options(params), data=data, games=games,
                    first_game=first, seed=self.settings.seed if seed is None else seed,
                    jobs=self.jobs, executor=self.executor, progress=False)

    def data(self, params: dict[str, Any], folder: Path | None) -> Path | None:
        if not self.space.needs_data(params):
            return None
        target = folder or self.out / "data" / _digest(params)
        if target.is_dir() and any(target.glob("*.txt")):
            return target  # written before (a resume, a promotion): the same numbers
        return self.space.write_data(params, target)


def _digest(params: dict[str, Any]) -> str:
    import hashlib

    text = json.dumps(params, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def _incumbent(study: Any) -> list[float] | None:
    """The per-block imbalances of the best feasible finished trial (lowest upper bound)."""
    import optuna

    best: tuple[float, list[float]] | None = None
    for t in study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,)):
        a = attrs_of(t)
        if a.get("constraint", 0.0) > 0 or "blocks" not in a:
            continue
        if best is None or a["high"] < best[0]:
            best = (a["high"], a["blocks"])
    return None if best is None else best[1]


def paired_worse(trial_blocks: list[float], incumbent: list[float], p: float) -> bool:
    """Whether a trial is clearly worse than the incumbent on the same blocks (Wilcoxon).

    A one-sided Wilcoxon signed-rank test of the block-by-block differences
    (the trial's imbalance minus the incumbent's); ties and zero differences
    as scipy's ``zero_method="zsplit"`` counts them.

    Examples
    --------
    >>> paired_worse([0.3, 0.4, 0.35, 0.5, 0.45], [0.1, 0.1, 0.05, 0.1, 0.2], 0.05)
    True
    >>> paired_worse([0.1, 0.4, 0.05, 0.5, 0.0], [0.1, 0.1, 0.05, 0.1, 0.2], 0.05)
    False
    """
    from scipy.stats import wilcoxon

    n = min(len(trial_blocks), len(incumbent))
    diff = np.asarray(trial_blocks[:n]) - np.asarray(incumbent[:n])
    if n == 0 or np.all(diff == 0):
        return False
    result = wilcoxon(diff, alternative="greater", zero_method="zsplit")
    return bool(result.pvalue < p)


def _same_trial(study: Any, params: dict[str, Any]) -> Any:
    """A finished trial with exactly ``params`` (it played the very games this one would)."""
    import optuna

    states = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)
    for t in study.get_trials(deepcopy=False, states=states):
        if t.params == params and "score" in t.user_attrs:
            return t
    return None


def _objective(player: _Player, base_turns: float) -> Callable[[Any], tuple[float, float]]:
    import optuna

    s, space = player.settings, player.space

    def objective(trial: Any) -> tuple[float, float]:
        params = {k.name: k.suggest(trial) for k in space.knobs}
        distance = space.distance(params)
        # one write of everything at the end (a write is a commit: 25 ms on a busy disk)
        found: dict[str, Any] = {"distance": distance, "moved": space.describe(params)}
        same = _same_trial(trial.study, params)
        if same is not None:  # the same values play the same games: take its result
            found.update({**same.user_attrs.get("score", {}), "same_as": same.number})
            trial.set_user_attr("score", found)
            trial.set_constraint("length_band", found.get("constraint", 0.0))
            if same.state == optuna.trial.TrialState.PRUNED:
                raise optuna.TrialPruned(f"the same values as trial {same.number}")
            return tuple(same.values)  # type: ignore[return-value]
        target = s.target if s.objective == "length" else None
        incumbent = _incumbent(trial.study)
        frames: list[pd.DataFrame] = []
        blocks: list[float] = []
        for b in range(s.blocks):
            try:
                frame = player.games(params, policy=s.cheap, games=s.block_games,
                                     first=b * s.block_games)
            except SimlabError as err:  # a joint value the components refuse
                found["refused"] = str(err).splitlines()[0]
                trial.set_user_attr("score", found)
                raise optuna.TrialPruned(str(err)) from None
            frames.append(frame)
            blocks += block_imbalance(frame, s.objective, s.block_games, target=target)
            found["blocks"] = blocks
            if (incumbent is not None and b + 1 >= s.min_blocks and b + 1 < s.blocks
                    and paired_worse(blocks, incumbent, s.prune_p)):
                found["pruned_after"] = b + 1
                _record(trial, found, pd.concat(frames, ignore_index=True), s, base_turns,
                        target)
                raise optuna.TrialPruned(f"worse than the incumbent after {b + 1} blocks")
        score = _record(trial, found, pd.concat(frames, ignore_index=True), s, base_turns,
                        target)
        return score.estimate, distance

    return objective


def _record(trial: Any, found: dict[str, Any], games: pd.DataFrame, s: TuneSettings,
            base_turns: float, target: float | None) -> Score:
    score = imbalance(games, s.objective, target=target)
    turns = mean_turns(games)
    constraint = 0.0 if s.objective == "length" or not base_turns else \
        abs(turns / base_turns - 1) - s.band
    found.update(imbalance=score.estimate, low=score.low, high=score.high, turns=turns,
                 games=len(games), constraint=constraint)
    trial.set_user_attr("score", found)
    trial.set_constraint("length_band", constraint)  # Optuna 5's successor of constraints_func
    return score


# -- the run ----------------------------------------------------------------------------------
def tune(space: Space, settings: TuneSettings, *, out: str | Path, storage: str | None = None,
         study_name: str | None = None, jobs: int = 1, executor: cf.Executor | None = None,
         progress: Callable[[str], None] | None = None,
         play: Callable[..., pd.DataFrame] | None = None, stages: bool = True) -> TuneRun:
    """Search ``space`` for the changes that best meet ``settings.objective``.

    Parameters
    ----------
    space : Space
        The knobs (:func:`simlab.lab.space.load_space`, checked).
    settings : TuneSettings
        The objective, budgets and seeds.
    out : path
        Output folder (the SQLite storage, the trials' component folders).
    storage, study_name : str, optional
        An Optuna storage URL (default SQLite in ``out``) and the study's
        name (default ``<game>-<objective>``); the same name resumes.
    jobs, executor :
        Processes for the games, or any Executor (a dask cluster's).
    progress : callable, optional
        Called with one line after each trial and stage.
    stages : bool
        Promote and validate after the search (``False``: the search only).

    Returns
    -------
    TuneRun

    Examples
    --------
    >>> import tempfile
    >>> from simlab.lab.space import parse_space
    >>> space = parse_space('game = "bad_doctor"\\n[options]\\ngoal = {low = 7, high = 9}')
    >>> s = TuneSettings("bad_doctor", "seat-balance", players=2, trials=2, blocks=1,
    ...                  block_games=10, cheap="greedy")
    >>> run = tune(space, s, out=tempfile.mkdtemp(), stages=False)
    >>> table = run.trials[run.trials.same_as.isna()]  # a repeat of a trial does not count
    >>> len(table), int(table.goal.iloc[0]), table.state.tolist()
    (2, 8, ['complete', 'complete'])
    """
    import optuna

    warnings.filterwarnings("ignore", category=optuna.exceptions.ExperimentalWarning)
    whole_number(jobs, "jobs", low=1)
    if settings.objective not in OBJECTIVES:
        raise ConfigError(f"unknown objective {settings.objective!r}; objectives: "
                          f"{', '.join(OBJECTIVES)}")
    if settings.objective == "length" and not settings.target:
        raise ConfigError("--objective length needs --target TURNS (the game length to reach)")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    name = study_name or f"{settings.game}-{settings.objective}"
    study = open_study(storage_url(folder, storage), name, settings, _space_key(space))
    if "space_file" not in study.user_attrs:
        study.set_user_attr("space_file", {"text": space.text, "source": space.source})
    say = progress or (lambda line: None)
    player = _Player(settings, space, folder, jobs, executor, play)

    baseline = study.user_attrs.get("baseline")
    if baseline is None:
        games = player.games(space.defaults(), policy=settings.cheap,
                             games=settings.blocks * settings.block_games)
        base = imbalance(games, settings.objective, target=settings.target)
        baseline = {"turns": mean_turns(games), "imbalance": base.estimate, "low": base.low,
                    "high": base.high, "games": len(games)}
        study.set_user_attr("baseline", baseline)
        say(f"rulebook game: imbalance {base.estimate:.3f} [{base.low:.3f}, {base.high:.3f}], "
            f"{baseline['turns']:.1f} turns, {len(games)} games ({settings.cheap})")
    _requeue(study, space)
    done = _finished(study)
    left = settings.trials - done
    if left > 0:
        def report(study: Any, trial: Any) -> None:
            attrs = attrs_of(trial)
            shown = (f"imbalance {attrs['imbalance']:.3f} (<= {attrs['high']:.3f})"
                     if "imbalance" in attrs else "refused")
            say(f"trial {trial.number} {trial.state.name.lower()}: {shown}, "
                f"distance {attrs.get('distance', 0):.2f}: {attrs.get('moved', '')}")

        def enough(study: Any, trial: Any) -> None:
            if _finished(study) >= settings.trials:
                study.stop()

        # a trial with the values of a finished one costs no game and does not count; the
        # cap ends a search whose space has fewer points than ``trials``
        study.optimize(_objective(player, baseline["turns"]), n_trials=4 * left,
                       callbacks=[report, enough], gc_after_trial=False)
    trials = trial_table(study, space)
    pareto = pareto_table(study, space)
    promoted = pd.DataFrame()
    validated = pd.DataFrame()
    if stages:
        promoted = _promote(study, player, pareto, say)
        validated = _validate(study, player, promoted, say)
    return TuneRun(settings, space, study, trials, pareto, promoted, validated, baseline)


def _space_key(space: Space) -> str:
    return json.dumps([{**asdict(k), "line": 0} for k in space.knobs], default=str)


def _finished(study: Any) -> int:
    import optuna

    states = (optuna.trial.TrialState.COMPLETE, optuna.trial.TrialState.PRUNED)
    return sum("same_as" not in t.user_attrs.get("score", {})
               for t in study.get_trials(deepcopy=False, states=states))


def _requeue(study: Any, space: Space) -> None:
    """Queue the rulebook game first, and again the values of every trial cut short."""
    import optuna

    trials = study.get_trials(deepcopy=False)
    if not trials:
        study.enqueue_trial(space.defaults(), user_attrs={"rulebook": True})
        return
    requeued = set(study.user_attrs.get("requeued", []))
    names = {k.name for k in space.knobs}
    # a trial cut before all its values were drawn never played a game: nothing to retry;
    # a RUNNING trial may belong to a process still at work (the heartbeat fails it if not)
    cut = [t for t in trials if t.state == optuna.trial.TrialState.FAIL
           and t.number not in requeued and set(t.params) == names]
    for t in cut:
        study.enqueue_trial(dict(t.params),
                            user_attrs={"retry_of": t.number,
                                        "rulebook": bool(t.user_attrs.get("rulebook"))})
    if cut:
        study.set_user_attr("requeued", sorted(requeued | {t.number for t in cut}))


# -- tables ----------------------------------------------------------------------------------
def attrs_of(trial: Any) -> dict[str, Any]:
    """What the tuner kept of a trial: its user attributes with its score spread out."""
    return {**trial.user_attrs, **trial.user_attrs.get("score", {})}


def trial_table(study: Any, space: Space) -> pd.DataFrame:
    """One row per trial: its state, knob values, objectives, interval and length.

    Columns: ``number``, ``state``, every knob, ``imbalance``, ``low``,
    ``high`` (the interval of the imbalance), ``distance``, ``moved``,
    ``turns``, ``games``, ``constraint`` (<= 0: within the length band),
    ``feasible``, ``pruned_after``, ``rulebook``.
    """
    rows = []
    for t in study.get_trials(deepcopy=False):
        params = space.complete(t.params) if t.params else {}
        a = attrs_of(t)
        rows.append({"number": t.number, "state": t.state.name.lower(), **params,
                     "imbalance": a.get("imbalance", math.nan), "low": a.get("low", math.nan),
                     "high": a.get("high", math.nan), "distance": a.get("distance", math.nan),
                     "moved": a.get("moved", ""), "turns": a.get("turns", math.nan),
                     "games": a.get("games", 0), "constraint": a.get("constraint", math.nan),
                     "feasible": a.get("constraint", math.inf) <= 0,
                     "pruned_after": a.get("pruned_after", math.nan),
                     "same_as": a.get("same_as", math.nan),
                     "rulebook": bool(a.get("rulebook")) or (bool(params) and
                                                             space.distance(params) == 0)})
    return pd.DataFrame(rows)


def pareto_table(study: Any, space: Space) -> pd.DataFrame:
    """The Pareto front of (imbalance, distance) among the feasible finished trials.

    Ranked by the upper bound of the imbalance (``high``), the rank a
    promotion follows.
    """
    table = trial_table(study, space)
    if table.empty:
        return table
    done = table[(table.state == "complete") & table.feasible].copy()
    keep = []
    for i, row in done.iterrows():
        dominated = ((done.imbalance <= row.imbalance) & (done.distance <= row.distance)
                     & ((done.imbalance < row.imbalance) | (done.distance < row.distance)))
        if not dominated.any():
            keep.append(i)
    front = done.loc[keep].sort_values(["high", "distance"])
    return front.drop_duplicates(subset=[k.name for k in space.knobs]).reset_index(drop=True)


# -- promotion and validation ------------------------------------------------------------------
def _promote(study: Any, player: _Player, pareto: pd.DataFrame,
             say: Callable[[str], None]) -> pd.DataFrame:
    """Play the best-ranked trials of the front with the strong player (search seeds)."""
    s, space = player.settings, player.space
    if pareto.empty or s.promote == 0:
        return pd.DataFrame()
    knobs = [k.name for k in space.knobs]
    chosen = pareto[pareto.distance > 0].head(s.promote)
    stored = study.user_attrs.get("promoted", {})
    rows = []
    target = s.target if s.objective == "length" else None
    for _, row in chosen.iterrows():
        params = {k: _plain(row[k]) for k in knobs}
        key = f"{int(row.number)}:{s.strong}:{s.promote_games}"
        if key not in stored:
            games = player.games(params, policy=s.strong, games=s.promote_games)
            score = imbalance(games, s.objective, target=target)
            stored[key] = {"imbalance": score.estimate, "low": score.low, "high": score.high,
                           "turns": mean_turns(games), "games": len(games)}
            study.set_user_attr("promoted", stored)
        got = stored[key]
        say(f"promoted trial {int(row.number)} ({s.strong}): imbalance "
            f"{got['imbalance']:.3f} (<= {got['high']:.3f})")
        rows.append({"trial": int(row.number), **params, "moved": row.moved,
                     "distance": row.distance, "cheap_imbalance": row.imbalance,
                     "cheap_high": row.high, "strong_imbalance": got["imbalance"],
                     "strong_low": got["low"], "strong_high": got["high"],
                     "strong_turns": got["turns"], "strong_games": got["games"]})
    table = pd.DataFrame(rows)
    return table.sort_values(["strong_high", "distance"]).reset_index(drop=True)


def _plain(value: Any) -> Any:
    return value.item() if hasattr(value, "item") else value


def _validate(study: Any, player: _Player, promoted: pd.DataFrame,
              say: Callable[[str], None]) -> pd.DataFrame:
    """The balance verdict of the rulebook game and the best promoted trials, held-out seeds."""
    s, space = player.settings, player.space
    if s.validate == 0:
        return pd.DataFrame()
    candidates: list[tuple[str, dict[str, Any], str]] = [("rulebook", space.defaults(),
                                                          "rulebook")]
    for _, row in promoted.head(s.validate).iterrows():
        params = {k.name: _plain(row[k.name]) for k in space.knobs}
        candidates.append((str(int(row.trial)), params, str(row.moved)))
    stored = study.user_attrs.get("validated", {})
    rows = []
    for label, params, moved in candidates:
        key = f"{label}:{s.strong}:{s.validate_games}:{s.margin}"
        if key not in stored:
            stored[key] = validate_trial(player, params)
            study.set_user_attr("validated", stored)
        got = stored[key]
        say(f"validated {label}: {got['verdict']} ({got['question']}: {got['estimate']:.3f} "
            f"[{got['low']:.3f}, {got['high']:.3f}] against {got.get('fair', math.nan):.3f}, "
            f"{got['games']} held-out games)")
        rows.append({"trial": label, **params, "moved": moved,
                     "distance": space.distance(params), **got})
    return pd.DataFrame(rows)


def validate_trial(player: _Player, params: dict[str, Any]) -> dict[str, Any]:
    """The held-out verdict of one trial under the strong player (a plain dict)."""
    from simlab.lab.balance import balance

    s, space = player.settings, player.space
    data = player.data(params, None)
    until = _side_decided if s.objective == "side-balance" else None
    report = balance(s.game, players=s.players, policies=[s.strong],
                     options=space.options(params), data=data, max_games=s.validate_games,
                     margin=s.margin, seed=held_out_seed(s.seed), jobs=player.jobs,
                     executor=player.executor, progress=False, until=until)
    return _verdict_of(report, s)


def _is_side(question: str) -> bool:
    """Whether ``question`` is a report's side question (the others name seats)."""
    return "seat" not in question


def _side_decided(verdicts: list[Any]) -> bool:
    """Side balance: the held-out games stop once the side question is decided.

    Examples
    --------
    >>> from types import SimpleNamespace as V
    >>> _side_decided([V(question="Elders win", decided=True),
    ...                V(question="Elder seat 1", decided=False)])
    True
    """
    return all(v.decided for v in verdicts if _is_side(str(v.question)))


def _verdict_of(report: Any, s: TuneSettings) -> dict[str, Any]:
    """The held-out verdict for the objective, from a balance report's verdicts.

    ``side-balance``: the verdict on the side question (Bedpans: "Elders win").
    ``seat-balance``: every question of the report at once: *balanced* if all
    are, *unbalanced* if one is, else *inconclusive* (the row shown is the
    question farthest from fair).  ``length``: the t interval of the held-out
    games' mean turns against ``target * (1 ± margin)``.
    """
    verdicts = list(report.verdicts)
    games = len(report.games)
    if s.objective == "length":
        turns = report.games["turns"].to_numpy(dtype=float)
        from simlab.core.stats import mean_interval

        mean, lo, hi = mean_interval(turns)
        t = float(s.target or 0)
        low_ok, high_ok = t * (1 - s.margin), t * (1 + s.margin)
        state = ("balanced" if low_ok <= lo and hi <= high_ok else
                 "unbalanced" if hi < low_ok or lo > high_ok else "inconclusive")
        return {"question": "mean turns", "verdict": state, "fair": t, "estimate": float(mean),
                "low": float(lo), "high": float(hi), "games": games}
    if s.objective == "side-balance":
        chosen = [v for v in verdicts if _is_side(str(v.question))]
        if not chosen:
            raise ConfigError(f"the balance report of {s.game} has no side verdict")
        v = chosen[0]
        state = str(v.verdict)
    else:
        if not verdicts:
            raise ConfigError(f"the balance report of {s.game} has no verdict")
        states = {str(v.verdict) for v in verdicts}
        state = ("unbalanced" if "unbalanced" in states else
                 "balanced" if states == {"balanced"} else "inconclusive")
        v = max(verdicts, key=lambda x: abs(float(x.estimate) - float(x.fair)))
    return {"question": str(v.question), "verdict": state, "fair": float(v.fair),
            "estimate": float(v.estimate), "low": float(v.low), "high": float(v.high),
            "games": games}


def trial_game(out: str | Path, number: int, *, storage: str | None = None,
               study_name: str | None = None) -> Any:
    """The game of trial ``number`` of the run in ``out``: its options and its components.

    The component files are written (again, the same) into
    ``out/data/<digest>`` when the trial moved a component number.

    Raises
    ------
    ConfigError
        No run in ``out``, or no such trial.
    """
    import optuna

    import simlab
    from simlab.lab.space import parse_space

    url = storage_url(out, storage)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    names = [s.study_name for s in optuna.get_all_study_summaries(url)] \
        if study_name is None else [study_name]
    if not names:
        raise ConfigError(f"no tuning run in {out}")
    study = optuna.load_study(study_name=names[0], storage=url)
    meta = study.user_attrs["space_file"]
    space = parse_space(meta["text"], source=meta["source"])
    trials = [t for t in study.get_trials(deepcopy=False) if t.number == number]
    if not trials:
        raise ConfigError(f"the run in {out} has no trial {number}")
    params = space.complete(trials[0].params)
    settings = study.user_attrs["settings"]
    folder = None
    if space.needs_data(params):
        folder = Path(out) / "data" / _digest(params)
        if not any(folder.glob("*.txt")):
            space.write_data(params, folder)
    return simlab.load_game(space.game, players=settings["players"], data=folder,
                            **space.options(params))
