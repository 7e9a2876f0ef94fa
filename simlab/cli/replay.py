"""``simlab replay FILE``: check a game record move by move and print its turn log.

Every action is replayed and checked before a line is printed: a record that
does not replay is one line naming the file and the line, exit 2.

Examples
--------
>>> import contextlib, io, tempfile
>>> from pathlib import Path
>>> from simlab.cli import main
>>> path = Path(tempfile.mkdtemp()) / "game.json"
>>> with contextlib.redirect_stdout(io.StringIO()):  # the record only, not the log
...     code = main(["play", "bad_doctor", "--seed", "2", "--record", str(path)])
>>> code
0
>>> main(["replay", str(path)])  # doctest: +ELLIPSIS
    1  Dr. A. Achoo draws T35 (wild)
...
winner: Dr. A. Achoo (a Score Pile reached 8 Doctor Markers); scores: ...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from simlab.cli.play import print_log, print_outcome

__all__ = ["add_parser", "replay_command"]


def add_parser(sub: Any) -> None:
    """Add the ``replay`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser("replay", help="re-run a game record and print its turn log")
    p.add_argument("file")
    p.add_argument("--data", metavar="DIR",
                   help="the component folder the record was made with (default: shipped)")
    p.add_argument("--json", action="store_true", help="print the checked record as JSON")
    p.set_defaults(run=replay_command)


def replay_command(args: argparse.Namespace) -> int:
    """Run ``simlab replay``."""
    from simlab.core.record import GameRecord, replay, replay_steps

    record = GameRecord.load(args.file)
    replay(record, source=str(args.file), data=args.data)  # checks it all before printing
    if args.json:
        print(record.to_json())
        return 0
    game = record.new_game(args.data)
    print_log(replay_steps(record, source=str(args.file), data=args.data))
    if record.outcome is not None:
        print_outcome(record, game)
    return 0
