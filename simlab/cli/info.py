"""``simlab info GAME``: a game's options, policies, components and rulings page.

The entry is the catalog's (:mod:`simlab.cli.catalog`), so no game is imported;
with ``--data DIR`` the game is built on that component folder and its
components are counted from it.

Examples
--------
>>> from simlab.cli import main
>>> main(["info", "broom_service"])  # doctest: +ELLIPSIS
Broom Service (broom_service), 2 to 5 players
options:
...
rulings: docs/rulings/broom_service.md
0
"""

from __future__ import annotations

import argparse
from typing import Any

from simlab.cli.args import DATA_HELP, print_json

__all__ = ["add_parser", "info_command"]


def add_parser(sub: Any) -> None:
    """Add the ``info`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser("info", help="components, options and rulings of one game")
    p.add_argument("game")
    p.add_argument("--data", metavar="DIR", help=DATA_HELP)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=info_command)


def info_command(args: argparse.Namespace) -> int:
    """Run ``simlab info``."""
    from simlab.cli.catalog import game_info, policy_line

    entry = game_info(args.game)  # stored: no game import (see simlab.cli.catalog)
    if args.data is not None:  # the components of that folder: the game is built on it
        import simlab

        game = simlab.load_game(entry["game"], data=args.data)
        made = game.component_set
        listed = game.components()
        entry = {**entry, "components": {**listed, "component files":
                                         f"{made.label} (hash {made.hash})"}}
    low, high = entry["players"]
    info = {
        "game": entry["game"],
        "title": entry["title"],
        "players": [low, high],
        "options": entry["options"],
        "policies": entry["policies"],
        "components": entry["components"],
        "rulings": f"docs/rulings/{entry['game']}.md",
    }
    if args.json:
        print_json(info)
        return 0
    print(f"{info['title']} ({info['game']}), {low} to {high} players")
    print("options:")
    for o in info["options"]:
        kind = "variant" if o["variant"] else f"default {o['default']!r}"
        print(f"  {o['name']:24} {kind:18} {o['help']}")
    print(f"policies: {policy_line(info['policies'])}")
    for key, value in info["components"].items():
        print(f"  {key}: {value}")
    print(f"rulings: {info['rulings']}")
    return 0
