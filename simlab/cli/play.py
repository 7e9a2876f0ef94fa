"""``simlab play GAME``: play one game and print its turn log (or its record as JSON).

Examples
--------
>>> from simlab.cli import main
>>> main(["play", "hospital_rush", "--seed", "1"])  # doctest: +ELLIPSIS
    1  Seat 0 gets the player board Vanessa Toad
...
winner: Green (a player reached 10 prestige); scores: Red 2, Blue 6, Green 11, Orange 7
0
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from simlab.cli.args import DATA_HELP, count, key_values
from simlab.core.errors import ConfigError

if TYPE_CHECKING:
    from collections.abc import Iterable

    from simlab.core.api import Game
    from simlab.core.record import GameRecord

__all__ = ["add_parser", "check_policy", "play_command", "print_log", "print_outcome"]


def add_parser(sub: Any) -> None:
    """Add the ``play`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser("play", help="play one game and print its turn log")
    p.add_argument("game")
    p.add_argument("--players", type=count("players", low=1), default=None,
                   help="number of seats")
    p.add_argument("--seed", type=count("seed"), default=0, help="seed (default 0)")
    p.add_argument("--policy", action="append", default=[], metavar="P",
                   help="policy per seat, in seat order (one for all seats)")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="rulebook variation to switch on (repeatable)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="any other game option (repeatable)")
    p.add_argument("--data", metavar="DIR", help=DATA_HELP)
    p.add_argument("--json", action="store_true", help="print the game record as JSON")
    p.add_argument("--record", metavar="FILE", help="save the game record to FILE")
    p.set_defaults(run=play_command)


def print_log(steps: Iterable[Any]) -> None:
    """Print each event of ``steps`` (from :func:`~simlab.core.record.replay_steps`) as
    ``index  text``."""
    for step in steps:
        for event in step.events:
            print(f"{step.index:5}  {event.text}")


def print_outcome(record: GameRecord, game: Game) -> None:
    """Print the last line of a turn log: the winners, why, and every seat's score."""
    outcome = record.outcome
    assert outcome is not None
    names = game.seat_names()
    winners = ", ".join(names[w] for w in outcome.winners) or "nobody"
    scores = ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(outcome.scores))
    print(f"winner: {winners} ({outcome.reason}); scores: {scores}")


def check_policy(game: Game, name: str, seat: int) -> None:
    """An unknown policy is named with the listing of ``simlab games`` and ``info``.

    Raises
    ------
    ConfigError
        ``game`` has no policy ``name`` (the known ones listed), or the game's own
        words for a known family with a bad number (``brave-2``).
    """
    from simlab.cli.catalog import policy_line

    try:
        game.make_policy(name, seat)
    except ConfigError as err:
        if "has no policy" not in str(err):
            raise  # a known family with a bad number (brave-2): the game's own words
        raise ConfigError(f"{game.NAME} has no policy {name!r}; policies: "
                          f"{policy_line(game.policy_names())}") from None


def play_command(args: argparse.Namespace) -> int:
    """Run ``simlab play``."""
    import simlab
    from simlab.core.record import replay_steps

    options = key_values(args.option, "option")
    game = simlab.load_game(args.game, players=args.players, variants=args.variant,
                            data=args.data, **options)
    policies = args.policy or None
    for seat, name in enumerate(policies or ()):
        check_policy(game, name, seat)
    if policies is not None and len(policies) == 1:
        policies = policies[0]
    record = simlab.play(game, policies, seed=args.seed)
    if args.record:
        record.save(args.record)
    if args.json:
        print(record.to_json())
        return 0
    print_log(replay_steps(record, data=args.data))
    print_outcome(record, game)
    return 0
