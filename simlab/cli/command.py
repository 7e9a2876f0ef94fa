"""The ``simlab`` command: its parser, made of one module's subcommand each, and ``main``.

Every mistake of the user's (unknown game, study, option, policy, a bad
value, a bad file) ends with one line on stderr naming it, and exit code 2;
never a traceback.  Building the parser imports no game, pandas or
matplotlib: each command imports what it needs when it runs.

Examples
--------
>>> main(["dice", "2d6", "--json"])  # doctest: +ELLIPSIS
{
 "expression": "2d6",
 "mean": 7.0,
...
0
>>> main(["play", "no_such_game"])  # one line on stderr, naming the known games
2
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from simlab.cli import (
    balance,
    data,
    dice,
    games,
    info,
    play,
    replay,
    report,
    study,
    tune,
)
from simlab.cli.args import Parser
from simlab.core.errors import SimlabError

__all__ = ["COMMANDS", "build_parser", "main"]

#: The command modules, in the order ``simlab --help`` lists them; each adds its
#: subcommand with ``add_parser(subparsers)``.
COMMANDS = (games, info, play, replay, dice, study, report, balance, data, tune)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``simlab`` command.

    Examples
    --------
    >>> build_parser().parse_args(["games", "--json"]).json
    True
    """
    from simlab import __version__

    parser = Parser(prog="simlab", description="Simulate and study four tabletop games.")
    parser.add_argument("--version", action="version", version=f"simlab {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit code (0, or 2 for a user's mistake)."""
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except SimlabError as err:
        message = str(err).splitlines()[0] if str(err) else type(err).__name__
        prefix = "" if message.startswith("simlab") else "simlab: error: "
        print(f"{prefix}{message}", file=sys.stderr)
        return 2
    except SystemExit as done:  # --help and --version
        return done.code if isinstance(done.code, int) else 0
    except BrokenPipeError:  # pragma: no cover - `simlab ... | head`
        return 0
    except KeyboardInterrupt:  # pragma: no cover
        print("simlab: interrupted", file=sys.stderr)
        return 130
