"""``simlab games``: every game with its seats, variants, policies and studies.

The listing is the catalog (:mod:`simlab.cli.catalog`): read from its cache, so
no game, pandas or matplotlib is imported.

Examples
--------
>>> from simlab.cli import main
>>> main(["games"])  # doctest: +ELLIPSIS
bad_doctor       Bad Doctor (2-4 players)
                 variants: two_fewer_wilds
...
studies:
  bad-doctor-complications     ...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from simlab.cli.args import print_json

__all__ = ["add_parser", "games_command"]


def add_parser(sub: Any) -> None:
    """Add the ``games`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser("games", help="list games, variants, policies and studies")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=games_command)


def games_command(args: argparse.Namespace) -> int:
    """Run ``simlab games``."""
    from simlab.cli.catalog import catalog, policy_line

    listing = catalog()  # no game, pandas or matplotlib import (see simlab.cli.catalog)
    if args.json:
        print_json(listing)
        return 0
    for row in listing["games"]:
        low, high = row["players"]
        studies = [s["study"] for s in listing["studies"] if s["game"] == row["game"]]
        print(f"{row['game']:16} {row['title']} ({low}-{high} players)")
        print(f"{'':16} variants: {', '.join(row['variants']) or '-'}")
        print(f"{'':16} policies: {policy_line(row['policies'])}")
        print(f"{'':16} studies:  {', '.join(studies) or '-'}")
    print("studies:")
    for s in listing["studies"]:
        print(f"  {s['study']:28} {s['title']}")
    return 0
