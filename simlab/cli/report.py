"""``simlab report``: every registered study, its table and figure, and an index that
opens with the findings.

Quick by default (:mod:`simlab.cli.report_plan`: minutes on 2 cores), ``--full``
the long run.  The output folder is checked before the first game; one bar (or
progress lines) counts every study's games, weighed by what each costs; Ctrl-C
ends the run saying how many studies were written (exit code 130).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from simlab.cli.args import SCHEDULER_HELP, count
from simlab.cli.executor import cluster_from, run
from simlab.cli.output import check_folder, write_atomically, write_figure, write_table
from simlab.cli.progress import INTERRUPTED, Progress, duration, show_bar, show_lines
from simlab.core.errors import ConfigError

if TYPE_CHECKING:
    import concurrent.futures as cf

    import pandas as pd

    from simlab.core.study import Study

__all__ = ["add_parser", "report_command", "report_index", "undecided_rows"]


def add_parser(sub: Any) -> None:
    """Add the ``report`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser("report", help="run every registered study; write tables and figures")
    p.add_argument("--out", default="results", help="folder (default results/)")
    p.add_argument("--data", metavar="DIR",
                   help="a data/ tree of component folders, <game>/ each (games without "
                        "one use the shipped set)")
    p.add_argument("--games", type=count("games", low=1), default=None, help="games per study")
    p.add_argument("--full", action="store_true",
                   help="the long run: every study at its default games and parameters "
                        "(default: a quick run, minutes on 2 cores)")
    p.add_argument("--seed", type=count("seed"), default=0, help="seed (default 0)")
    p.add_argument("--jobs", type=count("jobs", low=1), default=1, help="processes (default 1)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar or lines")
    p.add_argument("--scheduler", metavar="ADDR", help=SCHEDULER_HELP)
    p.set_defaults(run=report_command)


def report_data(study_name: str, tree: str | None) -> dict[str, str]:
    """The ``data`` of one study of a report: its game's folder in ``tree``, if there is one."""
    if tree is None:
        return {}
    from simlab.cli.catalog import catalog

    games = {s["study"]: s["game"] for s in catalog()["studies"]}
    folder = Path(tree) / str(games.get(study_name, ""))
    return {"data": str(folder)} if games.get(study_name) and folder.is_dir() else {}


def report_command(args: argparse.Namespace) -> int:
    """Run ``simlab report``: every registered study, its table and figure, and an index
    that opens with the findings.

    Quick by default (:mod:`simlab.cli.report_plan`: minutes on 2 cores); ``--full``
    runs every study at its default games and parameters; ``--games`` sets every
    study's games.
    """
    with cluster_from(args) as cluster:  # an unreachable scheduler: said before anything is made
        return _report(args, cluster)


def _report(args: argparse.Namespace, cluster: cf.Executor | None) -> int:
    from simlab.cli.report_plan import report_plan
    from simlab.lab.marks import printable  # pandas: once the studies run

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
    progress = Progress(total, "report", show=show_bar(args), lines=show_lines(args))
    progress.plan(list(zip(counts, seconds, strict=True)))
    if not args.quiet:
        kind = "full run" if full else "quick run (simlab report --full: the long run)"
        print(f"simlab report: {len(studies)} studies, {total:,} games, {kind}; expected "
              f"about {duration(expected)} on an idle 2-core machine, longer under load",
              file=sys.stderr, flush=True)
    written: list[tuple[Study, int, float, str]] = []
    found: list[tuple[Study, str]] = []
    try:
        for i, (study, games, plan) in enumerate(zip(studies, counts, plans, strict=True)):
            progress.describe(study.name)
            progress.stage(i)
            params = {**plan.params, **report_data(study.name, tree)}
            result = run(study, games, args, progress, params, cluster)
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
    from simlab.cli.findings import describe
    from simlab.cli.report_plan import finding_spec

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
    from simlab.lab.marks import few_games

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
