"""The ``simlab`` command.

Every mistake of the user's (unknown game, study, option, policy, a bad
value, a bad file) ends with one line on stderr naming it, and exit code 2;
never a traceback.

Examples
--------
>>> main(["dice", "2d6", "--json"])  # doctest: +ELLIPSIS
{
 "expression": "2d6",
 "mean": 7.0,
...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from simlab.cli_args import count, key_values
from simlab.core.errors import ConfigError, SimlabError

__all__ = ["build_parser", "main"]


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        raise ConfigError(f"{self.prog}: {message}")


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=1, default=str))


# -- games / info ------------------------------------------------------------
def _games(args: argparse.Namespace) -> int:
    from simlab.cli_catalog import catalog, policy_line

    listing = catalog()  # no game, pandas or matplotlib import (see simlab.cli_catalog)
    if args.json:
        _print_json(listing)
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


def _info(args: argparse.Namespace) -> int:
    from simlab.cli_catalog import game_info, policy_line

    entry = game_info(args.game)  # stored: no game import (see simlab.cli_catalog)
    if args.data is not None:  # the components of that folder: the game is built on it
        import simlab

        game = simlab.load_game(entry["game"], data=args.data)
        made = game.component_set
        listed = game.components() if hasattr(game, "components") else {}
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
        _print_json(info)
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


# -- play / replay -----------------------------------------------------------
def _print_log(steps, game) -> None:
    for step in steps:
        for event in step.events:
            print(f"{step.index:5}  {event.text}")


def _play(args: argparse.Namespace) -> int:
    import simlab
    from simlab.core.record import replay_steps

    options = key_values(args.option, "option")
    game = simlab.load_game(args.game, players=args.players, variants=args.variant,
                            data=args.data, **options)
    policies = args.policy or None
    for seat, name in enumerate(policies or ()):
        _check_policy(game, name, seat)
    if policies is not None and len(policies) == 1:
        policies = policies[0]
    record = simlab.play(game, policies, seed=args.seed)
    if args.record:
        record.save(args.record)
    if args.json:
        print(record.to_json())
        return 0
    _print_log(replay_steps(record, data=args.data), game)
    _print_outcome(record, game)
    return 0


def _check_policy(game, name: str, seat: int) -> None:
    """An unknown policy is named with the listing of ``simlab games`` and ``info``."""
    from simlab.cli_catalog import policy_line

    try:
        game.make_policy(name, seat)
    except ConfigError as err:
        if "has no policy" not in str(err):
            raise  # a known family with a bad number (brave-2): the game's own words
        raise ConfigError(f"{game.NAME} has no policy {name!r}; policies: "
                          f"{policy_line(game.policy_names())}") from None


def _print_outcome(record, game) -> None:
    outcome = record.outcome
    names = game.seat_names()
    winners = ", ".join(names[w] for w in outcome.winners) or "nobody"
    scores = ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(outcome.scores))
    print(f"winner: {winners} ({outcome.reason}); scores: {scores}")


def _replay(args: argparse.Namespace) -> int:
    from simlab.core.record import GameRecord, replay, replay_steps

    record = GameRecord.load(args.file)
    replay(record, source=str(args.file), data=args.data)  # checks it all before printing
    if args.json:
        print(record.to_json())
        return 0
    game = record.new_game(args.data)
    _print_log(replay_steps(record, source=str(args.file), data=args.data), game)
    if record.outcome is not None:
        _print_outcome(record, game)
    return 0


# -- dice --------------------------------------------------------------------
def _dice(args: argparse.Namespace) -> int:
    from simlab.core import dice

    expr = dice.parse(args.expr)
    dist = dice.distribution(expr)
    result: dict[str, Any] = {
        "expression": str(expr),
        "mean": float(dice.mean(expr)),
        "variance": float(dice.variance(expr)),
        "distribution": {str(k): str(v) for k, v in dist.items()},
    }
    observed = None
    if args.samples:
        import numpy as np

        from simlab.core.stats import chisquare_gof  # scipy and pandas: only for samples

        values = dice.sample(expr, args.samples, seed=args.seed)
        keys, counts = np.unique(values, return_counts=True)
        observed = {int(k): int(c) for k, c in zip(keys, counts, strict=True)}
        result["samples"] = args.samples
        result["seed"] = args.seed
        result["observed"] = {str(k): v for k, v in observed.items()}
        result["sample_mean"] = float(values.mean())
        result["chisquare_p"] = chisquare_gof(observed, dist)
    if args.json:
        _print_json(result)
        return 0
    print(f"{result['expression']}: mean {result['mean']:.4f}, variance {result['variance']:.4f}")
    header = f"{'value':>6} {'exact':>12} {'p':>9}"
    if observed is not None:
        header += f" {'observed':>10}"
    print(header)
    for value, p in dist.items():
        line = f"{value:>6} {p!s:>12} {float(p):9.5f}"
        if observed is not None:
            line += f" {observed.get(value, 0) / args.samples:10.5f}"
        print(line)
    if observed is not None:
        print(f"chi-square goodness of fit p = {result['chisquare_p']:.4g} "
              f"({args.samples} samples, seed {args.seed})")
    return 0


# -- studies -----------------------------------------------------------------
def _study(args: argparse.Namespace) -> int:
    from simlab.cli_study import study_command

    return study_command(args)


def _report(args: argparse.Namespace) -> int:
    from simlab.cli_study import report_command

    return report_command(args)


def _data(args: argparse.Namespace) -> int:
    from simlab.cli_data import check_command, export_command

    return export_command(args) if args.action == "export" else check_command(args)


_DATA_HELP = "component folder laid out like data/<game>/ (default: the shipped set)"
_SCHEDULER_HELP = ("run on the dask cluster whose scheduler is at ADDR (tcp://HOST:PORT; "
                   "default: $SIMLAB_SCHEDULER, else this machine)")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``simlab`` command."""
    from simlab import __version__

    parser = _Parser(prog="simlab", description="Simulate and study four tabletop games.")
    parser.add_argument("--version", action="version", version=f"simlab {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    seed = count("seed")

    p = sub.add_parser("games", help="list games, variants, policies and studies")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_games)

    p = sub.add_parser("info", help="components, options and rulings of one game")
    p.add_argument("game")
    p.add_argument("--data", metavar="DIR", help=_DATA_HELP)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_info)

    p = sub.add_parser("play", help="play one game and print its turn log")
    p.add_argument("game")
    p.add_argument("--players", type=count("players", low=1), default=None,
                   help="number of seats")
    p.add_argument("--seed", type=seed, default=0, help="seed (default 0)")
    p.add_argument("--policy", action="append", default=[], metavar="P",
                   help="policy per seat, in seat order (one for all seats)")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="rulebook variation to switch on (repeatable)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="any other game option (repeatable)")
    p.add_argument("--data", metavar="DIR", help=_DATA_HELP)
    p.add_argument("--json", action="store_true", help="print the game record as JSON")
    p.add_argument("--record", metavar="FILE", help="save the game record to FILE")
    p.set_defaults(run=_play)

    p = sub.add_parser("replay", help="re-run a game record and print its turn log")
    p.add_argument("file")
    p.add_argument("--data", metavar="DIR",
                   help="the component folder the record was made with (default: shipped)")
    p.add_argument("--json", action="store_true", help="print the checked record as JSON")
    p.set_defaults(run=_replay)

    p = sub.add_parser("dice", help="exact distribution of a dice expression, e.g. 3d3kl2")
    p.add_argument("expr")
    p.add_argument("--samples", type=count("samples"), default=0, help="also sample N rolls")
    p.add_argument("--seed", type=seed, default=0, help="seed for the samples")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_dice)

    games = count("games", low=1)
    jobs = count("jobs", low=1)
    p = sub.add_parser("study", help="run a registered Monte Carlo study")
    p.add_argument("name")
    p.add_argument("--games", type=games, default=None, help="number of games")
    p.add_argument("--seed", type=seed, default=0, help="seed (default 0)")
    p.add_argument("--jobs", type=jobs, default=1, help="processes (default 1)")
    p.add_argument("--param", action="append", default=[], metavar="K=V",
                   help="study parameter (repeatable; see --list-params)")
    p.add_argument("--data", metavar="DIR", help=_DATA_HELP)
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
    p.add_argument("--scheduler", metavar="ADDR", help=_SCHEDULER_HELP)
    p.set_defaults(run=_study)

    p = sub.add_parser("report", help="run every registered study; write tables and figures")
    p.add_argument("--out", default="results", help="folder (default results/)")
    p.add_argument("--data", metavar="DIR",
                   help="a data/ tree of component folders, <game>/ each (games without "
                        "one use the shipped set)")
    p.add_argument("--games", type=games, default=None, help="games per study")
    p.add_argument("--full", action="store_true",
                   help="the long run: every study at its default games and parameters "
                        "(default: a quick run, minutes on 2 cores)")
    p.add_argument("--seed", type=seed, default=0, help="seed (default 0)")
    p.add_argument("--jobs", type=jobs, default=1, help="processes (default 1)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar or lines")
    p.add_argument("--scheduler", metavar="ADDR", help=_SCHEDULER_HELP)
    p.set_defaults(run=_report)

    from simlab.cli_balance import add_parser as add_balance_parser

    add_balance_parser(sub)

    p = sub.add_parser("data", help="export, edit and check component files")
    data = p.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    data.required = True
    q = data.add_parser("export", help="copy the shipped component files of GAME into DIR")
    q.add_argument("game")
    q.add_argument("dir")
    q.set_defaults(run=_data)
    q = data.add_parser("check", help="list every problem of a component folder (exit 2 if any)")
    q.add_argument("dir")
    q.add_argument("--game", help="the game (default: told by the file names)")
    q.set_defaults(run=_data)

    from simlab.cli_tune import add_parser as add_tune

    add_tune(sub)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
