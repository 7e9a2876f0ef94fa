"""``simlab study NAME``: run one registered Monte Carlo study, print its summary.

Every output path is checked and every parameter resolved before the first
game (see :mod:`simlab.cli.output`); a bar or progress lines show the games
(:mod:`simlab.cli.progress`); the files are written atomically; Ctrl-C ends the
run with one line saying how many games were played (exit code 130).
``--out`` holds the summary that is printed, ``--games-out`` the per-game rows;
``--compare-data`` runs the study on two component folders, paired, and prints
the differences.

Examples
--------
>>> from simlab.cli import main
>>> main(["study", "bedpans-movement", "--list-params"])  # doctest: +ELLIPSIS
mover=...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from simlab.cli.args import DATA_HELP, SCHEDULER_HELP, count, key_values
from simlab.cli.executor import cluster_from, run
from simlab.cli.output import TABLE_SUFFIXES, check_file, write_atomically, write_table
from simlab.cli.progress import Progress, interrupted, show_bar, show_lines
from simlab.core.errors import ConfigError

if TYPE_CHECKING:
    from simlab.core.study import Study

__all__ = ["add_parser", "format_default", "study_command"]


def add_parser(sub: Any) -> None:
    """Add the ``study`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser("study", help="run a registered Monte Carlo study")
    p.add_argument("name")
    p.add_argument("--games", type=count("games", low=1), default=None, help="number of games")
    p.add_argument("--seed", type=count("seed"), default=0, help="seed (default 0)")
    p.add_argument("--jobs", type=count("jobs", low=1), default=1, help="processes (default 1)")
    p.add_argument("--param", action="append", default=[], metavar="K=V",
                   help="study parameter (repeatable; see --list-params)")
    p.add_argument("--data", metavar="DIR", help=DATA_HELP)
    p.add_argument("--compare-data", metavar="DIR",
                   help="also run on this component folder, same seed; print each "
                        "quantity's difference with a paired interval")
    p.add_argument("--out", metavar="FILE",
                   help="write the printed summary to a .csv, .parquet or .json file")
    p.add_argument("--games-out", metavar="FILE",
                   help="write the per-game rows to a .csv, .parquet or .json file")
    p.add_argument("--tally", action="store_true",
                   help="fold the rows into counts as the games are played: memory flat "
                        "in the number of games, the same summary (--games-out then "
                        "writes the counts); for the studies whose summary allows it "
                        "(an error lists them)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--list-params", action="store_true", help="list the study's parameters")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar or lines")
    p.add_argument("--scheduler", metavar="ADDR", help=SCHEDULER_HELP)
    p.set_defaults(run=study_command)


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
    progress = Progress(games * runs, study.name, show=show_bar(args), lines=show_lines(args))
    try:
        with cluster_from(args) as cluster:
            result = run(study, games, args, progress,
                         {**params, **folders, "tally": bool(getattr(args, "tally", False))},
                         cluster)
    except KeyboardInterrupt:
        return interrupted(progress, games * runs, "")
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

    from simlab.lab.marks import printable  # pandas: only once a study has run

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
