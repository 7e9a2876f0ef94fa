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


class Progress:
    """Counts games done, and draws them as a tqdm bar on stderr when asked.

    :func:`simlab.core.study.run_study` takes it as its ``progress`` bar: it
    calls :meth:`update` after each chunk and :meth:`close` at the end, which
    leaves the bar open, so ``simlab report`` can run every study under one
    bar; :meth:`finish` closes it.

    Examples
    --------
    >>> p = Progress(100, "demo", show=False)
    >>> p.update(30); p.close(); p.update(20); p.done
    50
    >>> p.finish()
    """

    def __init__(self, total: int, desc: str, *, show: bool) -> None:
        self.total, self.done = total, 0
        self.bar: Any = None
        if show:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=desc, unit="game", file=sys.stderr,
                            dynamic_ncols=True, smoothing=0.1)

    def update(self, n: int) -> None:
        """``n`` more games are done."""
        self.done += n
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        """End of one study: the bar stays (``finish`` closes it)."""

    def describe(self, desc: str) -> None:
        """Name what the bar is counting now (the study, in a report)."""
        if self.bar is not None:
            self.bar.set_description_str(desc)

    def write(self, line: str) -> None:
        """Print ``line`` on stdout without tearing the bar."""
        if self.bar is not None:
            self.bar.write(line, file=sys.stdout)
        else:
            print(line)

    def finish(self) -> None:
        """Close the bar."""
        if self.bar is not None:
            self.bar.close()


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
         params: dict[str, Any]) -> StudyResult:
    """``run_study`` in this process or on a pool whose workers ignore Ctrl-C."""
    from simlab.core.study import run_study

    executor = _executor(study, games, args.jobs)
    try:
        return run_study(study, games=games, seed=args.seed, jobs=args.jobs,
                         executor=executor, progress=progress, **params)
    finally:
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


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
    progress = Progress(games * runs, study.name, show=_show_bar(args))
    try:
        result = _run(study, games, args, progress,
                      {**params, **folders, "tally": bool(getattr(args, "tally", False))})
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
        print(result.summary.to_string(index=False))
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


def report_command(args: argparse.Namespace) -> int:
    """Run ``simlab report``: every registered study, its table and figure."""
    folder = check_folder(args.out, "--out")
    tree = getattr(args, "data", None)
    if tree is not None and not Path(tree).is_dir():
        raise ConfigError(f"--data: {tree!r} is not a folder")
    from simlab.core.study import get_study, study_names

    studies = [get_study(name) for name in study_names()]
    counts = [int(s.default_games) if args.games is None else args.games for s in studies]
    total = sum(counts)
    progress = Progress(total, "report", show=_show_bar(args))
    written: list[tuple[Study, int, float, str]] = []
    try:
        for study, games in zip(studies, counts, strict=True):
            progress.describe(study.name)
            result = _run(study, games, args, progress, _report_data(study.name, tree))
            table, figure = folder / f"{study.name}.csv", folder / f"{study.name}.png"
            write_table(result.summary, table)
            write_figure(result, figure)
            few = undecided_rows(result.summary)
            written.append((study, games, result.elapsed, few))
            progress.write(f"{study.name}: {games:,} games, {table}, {figure} "
                           f"({result.elapsed:.1f} s; too few games: {few})")
    except KeyboardInterrupt:
        progress.finish()
        print(f"simlab: interrupted after {progress.done} of {total} games; "
              f"{len(written)} of {len(studies)} studies written", file=sys.stderr)
        return INTERRUPTED
    progress.finish()
    index = folder / "index.md"
    write_atomically(index, lambda tmp: tmp.write_text(report_index(written), encoding="utf-8"))
    progress.write(f"index of the studies and their game counts: {index}")
    return 0


def undecided_rows(summary: pd.DataFrame) -> str:
    """How many of a summary's rows rest on too few games to say anything, as text.

    A row says nothing when fewer than :data:`~simlab.widgets.plots.MIN_GAMES` games
    (or rows) are behind it, or when it is a share (``kind`` "proportion") whose 95%
    interval is wider than :data:`~simlab.widgets.plots.SAYS_NOTHING`; the figures mark
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
    import numpy as np
    import pandas as pd

    from simlab.widgets.plots import SAYS_NOTHING, too_wide

    if summary.empty or not {"low", "high"} <= set(summary.columns):
        return "no intervals"
    share = (summary["kind"] == "proportion").to_numpy() if "kind" in summary.columns \
        else np.ones(len(summary), dtype=bool)
    # a row that is not a share is judged by the games behind it alone
    low = np.where(share, pd.to_numeric(summary["low"], errors="coerce"), 0.0)
    high = np.where(share, pd.to_numeric(summary["high"], errors="coerce"), 0.0)
    games = pd.to_numeric(summary["n"], errors="coerce") if "n" in summary.columns else None
    wide = too_wide(low, high, SAYS_NOTHING, games)
    return f"{int(wide.sum())} of {len(summary)} rows"


def report_index(written: list[tuple[Study, int, float, str]]) -> str:
    """The ``index.md`` of a report: each study's question, games played, the rows that
    rest on too few games (:func:`undecided_rows`), table and figure.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> study = SimpleNamespace(name="coin", title="Heads?")
    >>> print(report_index([(study, 1000, 2.5, "0 of 1 rows")]))
    ... # doctest: +NORMALIZE_WHITESPACE
    # simlab report
    <BLANKLINE>
    Each study's table (`n` column: the games or rows behind each estimate) and figure.
    "Too few games": the rows whose interval is too wide to say anything, or with under
    20 games behind them; a longer run (`--games`) answers them.
    <BLANKLINE>
    | study | what it answers | games | too few games | seconds | table | figure |
    | --- | --- | ---: | ---: | ---: | --- | --- |
    | coin | Heads? | 1,000 | 0 of 1 rows | 2.5 | [coin.csv](coin.csv) | [coin.png](coin.png) |
    <BLANKLINE>
    """
    from simlab.widgets.plots import MIN_GAMES

    lines = ["# simlab report", "",
             "Each study's table (`n` column: the games or rows behind each estimate) and "
             "figure.",
             '"Too few games": the rows whose interval is too wide to say anything, or with '
             f"under {MIN_GAMES} games behind them; a longer run (`--games`) answers them.",
             "",
             "| study | what it answers | games | too few games | seconds | table | figure |",
             "| --- | --- | ---: | ---: | ---: | --- | --- |"]
    for study, games, elapsed, few in written:
        lines.append(f"| {study.name} | {study.title} | {games:,} | {few} | {elapsed:.1f} | "
                     f"[{study.name}.csv]({study.name}.csv) | "
                     f"[{study.name}.png]({study.name}.png) |")
    return "\n".join(lines) + "\n"
