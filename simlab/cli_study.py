"""``simlab study`` and ``simlab report``: progress, checked outputs, clean Ctrl-C.

Both commands check every output path before the first game (see
:mod:`simlab.cli_output`), show a tqdm bar on stderr (games done, rate, time
left) unless ``--quiet`` or stderr is not a terminal, write their files
atomically, and end on Ctrl-C with one line saying how many games were
played (exit code 130).

``--out`` holds the summary that is printed; ``--games-out`` the per-game
rows; the extension chooses CSV, parquet or JSON.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import math
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from simlab.cli_args import key_values
from simlab.cli_output import TABLE_SUFFIXES, check_file, check_folder, write_atomically
from simlab.core.errors import ConfigError

if TYPE_CHECKING:
    import pandas as pd

    from simlab.core.study import Study, StudyResult

__all__ = ["Progress", "format_default", "report_command", "report_index", "study_command",
           "undecided_rows"]

#: Exit code of a run stopped with Ctrl-C (128 + SIGINT), as shells use.
INTERRUPTED = 130
#: Seconds between two progress lines when stderr is not a terminal.
PROGRESS_EVERY = 10.0


class Progress:
    """Counts games done; draws them as a tqdm bar on a terminal, or as lines when asked.

    :func:`simlab.core.study.run_study` takes it as its ``progress`` bar: it
    calls :meth:`update` after each chunk and :meth:`close` at the end, which
    leaves the bar open, so ``simlab report`` can run every study under one
    bar; :meth:`finish` closes it.

    ``lines``: with no bar (stderr is not a terminal: output redirected, a log
    file), print one line to stderr every ``every`` seconds: games done, time
    gone and the time left.  The time left is weighed by each stage's expected
    seconds (:meth:`stage`), so a report's slow studies count for what they cost.

    Examples
    --------
    >>> p = Progress(100, "demo", show=False)
    >>> p.update(30); p.close(); p.update(20); p.done
    50
    >>> p.finish()
    >>> p = Progress(100, "demo", show=False)
    >>> p.plan([(50, 9.0), (50, 1.0)]); p.stage(0); p.update(50); p.stage(1); p.update(25)
    >>> p.fraction()
    0.95
    """

    def __init__(self, total: int, desc: str, *, show: bool, lines: bool = False,
                 every: float | None = None) -> None:
        self.total, self.done, self.desc = total, 0, desc
        self.bar: Any = None
        self.lines = lines and not show
        self.every = PROGRESS_EVERY if every is None else every
        self.started = self.last = time.monotonic()
        self._stages: list[tuple[int, float]] = []  # (games, expected seconds)
        self._index = self._stage_done = 0
        if show:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=desc, unit="game", file=sys.stderr,
                            dynamic_ncols=True, smoothing=0.1)

    def plan(self, stages: list[tuple[int, float]]) -> None:
        """The stages to come (a report's studies): ``(games, expected seconds)`` each."""
        self._stages = [(max(int(g), 1), max(float(w), 1e-9)) for g, w in stages]

    def stage(self, index: int) -> None:
        """Stage ``index`` of :meth:`plan` begins."""
        self._index, self._stage_done = index, 0

    def fraction(self) -> float:
        """The share of the work done, each stage weighed by its expected seconds."""
        if not self._stages:
            return self.done / self.total if self.total else 1.0
        weights = [w for _, w in self._stages]
        games, weight = self._stages[self._index]
        gone = sum(weights[:self._index]) + weight * min(self._stage_done / games, 1.0)
        return round(gone / sum(weights), 12)

    def update(self, n: int) -> None:
        """``n`` more games are done."""
        self.done += n
        self._stage_done += n
        if self.bar is not None:
            self.bar.update(n)
        elif self.lines and time.monotonic() - self.last >= self.every:
            self.line()

    def line(self) -> None:
        """Print one progress line on stderr: games done, time gone and left."""
        self.last = now = time.monotonic()
        gone = now - self.started
        share = self.fraction()
        left = f", about {_duration(gone / share - gone)} left" if 0 < share < 1 else ""
        print(f"simlab: {self.desc}: {self.done:,} of {self.total:,} games, "
              f"{_duration(gone)} gone{left}", file=sys.stderr, flush=True)

    def close(self) -> None:
        """End of one study: the bar stays (``finish`` closes it)."""

    def describe(self, desc: str) -> None:
        """Name what the bar is counting now (the study, in a report)."""
        if self.bar is not None:
            self.bar.set_description_str(desc)
        self.desc = desc

    def write(self, line: str) -> None:
        """Print ``line`` on stdout without tearing the bar."""
        if self.bar is not None:
            self.bar.write(line, file=sys.stdout)
        else:
            print(line, flush=True)

    def finish(self) -> None:
        """Close the bar."""
        if self.bar is not None:
            self.bar.close()


def _duration(seconds: float) -> str:
    """``seconds`` as a person reads a wait: ``42 s``, ``3 min 05 s``.

    Examples
    --------
    >>> _duration(42.4), _duration(185)
    ('42 s', '3 min 05 s')
    """
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    return f"{seconds // 60} min {seconds % 60:02d} s"


def _lines(args: argparse.Namespace) -> bool:
    """Progress lines when there is no bar: not ``--quiet``, stderr not a terminal."""
    return not args.quiet and not _show_bar(args)


def _show_bar(args: argparse.Namespace) -> bool:
    if args.quiet:
        return False
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def _ignore_sigint() -> None:  # pragma: no cover - runs in worker processes
    """Workers leave Ctrl-C to the parent, which stops the run and says so."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _executor(study: Study, games: int, jobs: int) -> cf.Executor | None:
    """A process pool whose workers ignore Ctrl-C (None for one process).

    As many workers as ``run_study`` would start itself: never more than chunks.
    """
    workers = min(jobs, math.ceil(games / int(study.chunk_size)))
    if workers <= 1:
        return None
    return cf.ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)


def _run(study: Study, games: int, args: argparse.Namespace, progress: Progress,
         params: dict[str, Any], cluster: cf.Executor | None = None) -> StudyResult:
    """``run_study`` on ``cluster``, in this process, or on a pool whose workers ignore
    Ctrl-C."""
    from simlab.core.study import run_study

    executor = _executor(study, games, args.jobs) if cluster is None else None
    try:
        return run_study(study, games=games, seed=args.seed, jobs=args.jobs,
                         executor=cluster or executor, progress=progress, **params)
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


@contextmanager
def cluster_from(args: argparse.Namespace) -> Iterator[cf.Executor | None]:
    """The dask cluster that ``--scheduler`` (or ``SIMLAB_SCHEDULER``) names, or None.

    Raises
    ------
    ConfigError
        No scheduler answers at the address within a few seconds.
    """
    from simlab.core.study.executors import scheduler_address, scheduler_executor

    address = scheduler_address(getattr(args, "scheduler", None))
    if address is None:
        yield None
        return
    with scheduler_executor(address) as executor:
        yield executor


def write_table(frame: pd.DataFrame, target: Path, result: StudyResult | None = None) -> None:
    """Write ``frame`` atomically as CSV, parquet or JSON (by ``target``'s extension).

    JSON of a summary (``result`` given) is :meth:`StudyResult.to_json`: the
    study, its parameters (enough to repeat it) and the summary rows.
    """
    suffix = target.suffix.lower()

    def write(tmp: Path) -> None:
        if suffix == ".csv":
            frame.to_csv(tmp, index=False)
        elif suffix == ".parquet":
            frame.to_parquet(tmp, index=False)
        elif result is not None:
            tmp.write_text(result.to_json(indent=1) + "\n", encoding="utf-8")
        else:
            tmp.write_text(frame.to_json(orient="records", indent=1) + "\n", encoding="utf-8")

    write_atomically(target, write)


def write_figure(result: StudyResult, target: Path) -> None:
    """Write the study's figure atomically as a PNG."""
    fig = result.plot()

    def write(tmp: Path) -> None:
        fig.savefig(tmp, dpi=110, bbox_inches="tight")

    write_atomically(target, write)


def format_default(value: Any) -> str:
    """A parameter's default as a user types it after ``--param name=``.

    Examples
    --------
    >>> format_default(("night_shift", "rat_out")), format_default(()), format_default(True)
    ('night_shift,rat_out', '(none)', 'true')
    >>> format_default(0.5), format_default("doctor")
    ('0.5', 'doctor')
    """
    if isinstance(value, tuple | list):
        return ",".join(map(str, value)) if value else "(none)"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _list_params(study: Study) -> int:
    for p in study.params:
        print(f"{p.name}={format_default(p.default)}")
        print(f"    {p.help}")
        if p.choices:
            several = " (one or more, comma-separated)" if p.type is tuple else ""
            print(f"    one of: {', '.join(map(str, p.choices))}{several}")
            if "mcts-7" in p.choices:  # a policy parameter: every search budget is allowed
                print("    and any mcts-N (N search iterations a decision, e.g. mcts-50) "
                      "or mcts-Xs (X seconds a decision)")
        if p.aliases:
            print(f"    also read: {', '.join(f'{old} = {new}' for old, new in p.aliases)}")
    return 0


def _interrupted(progress: Progress, total: int, what: str) -> int:
    progress.finish()
    print(f"simlab: interrupted after {progress.done} of {total} games{what}; "
          "no file was written", file=sys.stderr)
    return INTERRUPTED


def study_command(args: argparse.Namespace) -> int:
    """Run ``simlab study``."""
    from simlab.core.study import get_study

    study = get_study(args.name)
    if args.list_params:
        return _list_params(study)
    out = check_file(args.out, "--out", TABLE_SUFFIXES) if args.out else None
    games_out = (check_file(args.games_out, "--games-out", TABLE_SUFFIXES)
                 if args.games_out else None)
    if out is not None and games_out is not None and out.resolve() == games_out.resolve():
        raise ConfigError(f"--out and --games-out are the same file {args.out!r}")
    params: dict[str, Any] = key_values(args.param, "--param")  # run_study reads the strings
    folders: dict[str, Any] = {k: params.pop(k) for k in ("data", "compare_data") if k in params}
    folders.update({k: v for k in ("data", "compare_data")
                    if (v := getattr(args, k, None)) is not None})
    study.resolve(**params)  # a bad parameter is reported before the bar appears
    games = int(study.default_games) if args.games is None else args.games
    runs = 2 if "compare_data" in folders else 1
    progress = Progress(games * runs, study.name, show=_show_bar(args), lines=_lines(args))
    try:
        with cluster_from(args) as cluster:
            result = _run(study, games, args, progress,
                          {**params, **folders, "tally": bool(getattr(args, "tally", False))},
                          cluster)
    except KeyboardInterrupt:
        return _interrupted(progress, games * runs, "")
    progress.finish()
    if runs == 2:
        return _print_comparison(result, out, args)
    if out is not None:
        write_table(result.summary, out, result)
    if games_out is not None:
        write_table(result.games, games_out)
    if args.json:
        print(result.summary.to_json(orient="records", indent=1))
        return 0
    import pandas as pd

    with pd.option_context("display.width", 160, "display.max_rows", 500,
                           "display.max_columns", 30):
        print(printable(result.summary).to_string(index=False, na_rep=""))
    rows = "tally rows" if result.params.get("tally") else "result rows"
    print(f"{len(result.games)} {rows} from {result.params['games']} games "
          f"in {result.elapsed:.2f} s")
    return 0


def _print_comparison(result: Any, out: Path | None, args: argparse.Namespace) -> int:
    """Print (and write) the differences of a ``--compare-data`` run."""
    if out is not None:
        if out.suffix.lower() == ".json":
            write_atomically(out, lambda tmp: tmp.write_text(result.to_json(indent=1) + "\n",
                                                             encoding="utf-8"))
        else:
            write_table(result.summary, out)
    if args.json:
        print(result.to_json(indent=1))
        return 0
    import pandas as pd

    print(f"a: {result.label_a}")
    print(f"b: {result.label_b}")
    print(f"difference a - b, paired on {result.a.params['games']} games of seed "
          f"{result.a.params['seed']} (95% interval):")
    with pd.option_context("display.width", 160, "display.max_rows", 500,
                           "display.max_columns", 30):
        print(result.summary.to_string(index=False))
    return 0


def _report_data(study_name: str, tree: str | None) -> dict[str, str]:
    """The ``data`` of one study of a report: its game's folder in ``tree``, if there is one."""
    if tree is None:
        return {}
    from simlab.cli_catalog import catalog

    games = {s["study"]: s["game"] for s in catalog()["studies"]}
    folder = Path(tree) / str(games.get(study_name, ""))
    return {"data": str(folder)} if games.get(study_name) and folder.is_dir() else {}


def printable(summary: pd.DataFrame) -> pd.DataFrame:
    """``summary`` as printed and as a report writes it: a ``note`` column marks the rows
    on too few games (:func:`simlab.cli_findings.marked`), when any is."""
    from simlab.cli_findings import marked

    out = marked(summary)
    out = out if (out["note"] != "").any() else summary
    # a whole-number column with gaps (a rating's wins): empty cells, as NaN is printed
    gaps = [c for c in out.columns
            if str(out[c].dtype) in ("Int64", "Int32") and out[c].isna().any()]
    return out.astype({c: object for c in gaps}).fillna({c: "" for c in gaps}) if gaps else out


def report_command(args: argparse.Namespace) -> int:
    """Run ``simlab report``: every registered study, its table and figure, and an index
    that opens with the findings.

    Quick by default (:mod:`simlab.cli_report_plan`: minutes on 2 cores); ``--full``
    runs every study at its default games and parameters; ``--games`` sets every
    study's games.
    """
    with cluster_from(args) as cluster:  # an unreachable scheduler: said before anything is made
        return _report(args, cluster)


def _report(args: argparse.Namespace, cluster: cf.Executor | None) -> int:
    from simlab.cli_report_plan import report_plan

    folder = check_folder(args.out, "--out")
    tree = getattr(args, "data", None)
    if tree is not None and not Path(tree).is_dir():
        raise ConfigError(f"--data: {tree!r} is not a folder")
    from simlab.core.study import get_study, study_names

    full = bool(getattr(args, "full", False))
    studies = [get_study(name) for name in study_names()]
    plans = [report_plan(s.name, full=full) for s in studies]
    counts = [int(args.games if args.games is not None else p.games or s.default_games)
              for s, p in zip(studies, plans, strict=True)]
    for study, plan in zip(studies, plans, strict=True):
        study.resolve(**plan.params)  # a plan that no longer fits its study: said at once
    total = sum(counts)
    # each study's expected seconds, scaled to the games it plays here
    seconds = [p.expected * c / int(p.games or s.default_games)
               for s, p, c in zip(studies, plans, counts, strict=True)]
    expected = sum(seconds)
    progress = Progress(total, "report", show=_show_bar(args), lines=_lines(args))
    progress.plan(list(zip(counts, seconds, strict=True)))
    if not args.quiet:
        kind = "full run" if full else "quick run (simlab report --full: the long run)"
        print(f"simlab report: {len(studies)} studies, {total:,} games, {kind}; expected "
              f"about {_duration(expected)} on an idle 2-core machine, longer under load",
              file=sys.stderr, flush=True)
    written: list[tuple[Study, int, float, str]] = []
    found: list[tuple[Study, str]] = []
    try:
        for i, (study, games, plan) in enumerate(zip(studies, counts, plans, strict=True)):
            progress.describe(study.name)
            progress.stage(i)
            params = {**plan.params, **_report_data(study.name, tree)}
            result = _run(study, games, args, progress, params, cluster)
            table, figure = folder / f"{study.name}.csv", folder / f"{study.name}.png"
            write_table(printable(result.summary), table)
            write_figure(result, figure)
            few = undecided_rows(result.summary)
            written.append((study, games, result.elapsed, few))
            found.append((study, _finding(study.name, result.summary)))
            progress.write(f"{study.name}: {games:,} games, {table}, {figure} "
                           f"({result.elapsed:.1f} s; too few games: {few})")
    except KeyboardInterrupt:
        progress.finish()
        print(f"simlab: interrupted after {progress.done} of {total} games; "
              f"{len(written)} of {len(studies)} studies written", file=sys.stderr)
        return INTERRUPTED
    progress.finish()
    index = folder / "index.md"
    text = report_index(written, found, full=full)
    write_atomically(index, lambda tmp: tmp.write_text(text, encoding="utf-8"))
    progress.write(f"index of the studies, findings first: {index}")
    return 0


def _finding(name: str, summary: pd.DataFrame) -> str:
    from simlab.cli_findings import describe
    from simlab.cli_report_plan import finding_spec

    try:
        return describe(summary, finding_spec(name))
    except (KeyError, TypeError, ValueError):  # a summary of a shape no finding reads
        return "see the table"


def undecided_rows(summary: pd.DataFrame) -> str:
    """How many of a summary's rows rest on too few games to say anything, as text.

    A row says nothing when fewer than :data:`~simlab.figures.limits.MIN_GAMES` games
    (or rows) are behind it, or when it is a share (``kind`` "proportion") whose 95%
    interval is wider than :data:`~simlab.figures.limits.SAYS_NOTHING`; the figures mark
    the same rows "too few games".  A report states it, so a reader knows which answers
    need a longer run (``--games``).

    Examples
    --------
    >>> import pandas as pd
    >>> rows = pd.DataFrame({"kind": ["proportion", "proportion", "mean"],
    ...                      "low": [0.40, 0.1, 2.0], "high": [0.45, 0.9, 9.0],
    ...                      "n": [500, 500, 12]})
    >>> undecided_rows(rows)
    '2 of 3 rows'
    >>> undecided_rows(pd.DataFrame({"estimate": [0.5]}))
    'no intervals'
    """
    from simlab.cli_findings import few_games

    if summary.empty or not {"low", "high"} <= set(summary.columns):
        return "no intervals"
    return f"{int(few_games(summary).sum())} of {len(summary)} rows"


def report_index(written: list[tuple[Study, int, float, str]],
                 found: list[tuple[Study, str]] | None = None, *, full: bool = False) -> str:
    """The ``index.md`` of a report: the findings first (one line a study, from the rows
    that say something), then each study's question, games played, the rows that rest
    on too few games (:func:`undecided_rows`), table and figure.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> study = SimpleNamespace(name="coin", title="Heads?")
    >>> print(report_index([(study, 1000, 2.5, "0 of 1 rows")],
    ...                    [(study, "heads: 0.501 [0.470, 0.532]")]))
    ... # doctest: +NORMALIZE_WHITESPACE
    # simlab report
    <BLANKLINE>
    ## Findings
    <BLANKLINE>
    A quick run: each study at the games its headline needs (`simlab report --full` is
    the long run).  Each line is read off the rows that have games enough; the others
    are counted as "too few games".
    <BLANKLINE>
    - **coin** (Heads?): heads: 0.501 [0.470, 0.532]
    <BLANKLINE>
    ## The studies
    <BLANKLINE>
    Each study's table (`n` column: the games or rows behind each estimate; `note`: "too
    few games" on the rows that say nothing yet) and figure.
    "Too few games": the rows whose interval is too wide to say anything, or with under
    20 games behind them; a longer run (`--games`, `--full`) answers them.
    <BLANKLINE>
    | study | what it answers | games | too few games | seconds | table | figure |
    | --- | --- | ---: | ---: | ---: | --- | --- |
    | coin | Heads? | 1,000 | 0 of 1 rows | 2.5 | [coin.csv](coin.csv) | [coin.png](coin.png) |
    <BLANKLINE>
    """
    from simlab.figures.limits import MIN_GAMES

    run = ("The full run: every study at its default games and parameters."
           if full else
           "A quick run: each study at the games its headline needs (`simlab report --full` "
           "is\nthe long run).")
    lines = ["# simlab report", "", "## Findings", "",
             run + "  Each line is read off the rows that have games enough; the others\n"
             'are counted as "too few games".', ""]
    lines += [f"- **{study.name}** ({study.title}): {text}" for study, text in found or []]
    lines += ["", "## The studies", "",
              "Each study's table (`n` column: the games or rows behind each estimate; `note`: "
              '"too\nfew games" on the rows that say nothing yet) and figure.',
              '"Too few games": the rows whose interval is too wide to say anything, or with '
              f"under {MIN_GAMES} games behind them; a longer run (`--games`, `--full`) answers "
              "them.",
              "",
              "| study | what it answers | games | too few games | seconds | table | figure |",
              "| --- | --- | ---: | ---: | ---: | --- | --- |"]
    for study, games, elapsed, few in written:
        lines.append(f"| {study.name} | {study.title} | {games:,} | {few} | {elapsed:.1f} | "
                     f"[{study.name}.csv]({study.name}.csv) | "
                     f"[{study.name}.png]({study.name}.png) |")
    return "\n".join(lines) + "\n"
