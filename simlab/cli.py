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
from pathlib import Path
from typing import Any, NoReturn

from simlab.core.errors import ConfigError, SimlabError

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        raise ConfigError(f"{self.prog}: {message}")


def _key_values(pairs: Sequence[str], what: str) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ConfigError(f"{what} {pair!r} is not KEY=VALUE")
        out[key.strip().replace("-", "_")] = value
    return out


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=1, default=str))


# -- games / info ------------------------------------------------------------
def _games(args: argparse.Namespace) -> int:
    from simlab.core.registry import game_class, game_names
    from simlab.core.study import get_study, study_names

    rows = []
    for name in game_names():
        cls = game_class(name)
        game = cls()
        rows.append(
            {
                "game": name,
                "title": cls.TITLE,
                "players": f"{cls.MIN_PLAYERS}-{cls.MAX_PLAYERS}",
                "variants": [o.name for o in cls.OPTIONS if o.variant],
                "policies": game.policy_names(),
            }
        )
    studies = [{"study": s, "title": get_study(s).title} for s in study_names()]
    if args.json:
        _print_json({"games": rows, "studies": studies})
        return 0
    for row in rows:
        print(f"{row['game']:16} {row['title']} ({row['players']} players)")
        print(f"{'':16} variants: {', '.join(row['variants']) or '-'}")
        print(f"{'':16} policies: {', '.join(row['policies'])}")
    print("studies:")
    for s in studies:
        print(f"  {s['study']:28} {s['title']}")
    return 0


def _info(args: argparse.Namespace) -> int:
    from simlab.core.registry import game_class

    cls = game_class(args.game)
    game = cls()
    info = {
        "game": cls.NAME,
        "title": cls.TITLE,
        "players": [cls.MIN_PLAYERS, cls.MAX_PLAYERS],
        "options": [
            {"name": o.name, "default": o.default, "variant": o.variant, "help": o.help,
             "choices": list(o.choices) if o.choices else None}
            for o in cls.OPTIONS
        ],
        "policies": game.policy_names(),
        "components": game.components() if hasattr(game, "components") else {},
        "rulings": f"docs/rulings/{cls.NAME}.md",
    }
    if args.json:
        _print_json(info)
        return 0
    print(f"{cls.TITLE} ({cls.NAME}), {cls.MIN_PLAYERS} to {cls.MAX_PLAYERS} players")
    print("options:")
    for o in info["options"]:
        kind = "variant" if o["variant"] else f"default {o['default']!r}"
        print(f"  {o['name']:24} {kind:18} {o['help']}")
    print(f"policies: {', '.join(info['policies'])}")
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

    options = _key_values(args.option, "option")
    game = simlab.load_game(args.game, players=args.players, variants=args.variant, **options)
    policies = args.policy or None
    if policies is not None and len(policies) == 1:
        policies = policies[0]
    record = simlab.play(game, policies, seed=args.seed)
    if args.record:
        record.save(args.record)
    if args.json:
        print(record.to_json())
        return 0
    _print_log(replay_steps(record), game)
    _print_outcome(record, game)
    return 0


def _print_outcome(record, game) -> None:
    outcome = record.outcome
    names = game.seat_names()
    winners = ", ".join(names[w] for w in outcome.winners) or "nobody"
    scores = ", ".join(f"{names[i]} {s:g}" for i, s in enumerate(outcome.scores))
    print(f"winner: {winners} ({outcome.reason}); scores: {scores}")


def _replay(args: argparse.Namespace) -> int:
    from simlab.core.record import GameRecord, replay, replay_steps

    record = GameRecord.load(args.file)
    replay(record, source=str(args.file))  # checks it all before printing
    if args.json:
        print(record.to_json())
        return 0
    game = record.new_game()
    _print_log(replay_steps(record, source=str(args.file)), game)
    if record.outcome is not None:
        _print_outcome(record, game)
    return 0


# -- dice --------------------------------------------------------------------
def _dice(args: argparse.Namespace) -> int:
    import numpy as np

    from simlab.core import dice
    from simlab.core.stats import chisquare_gof

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
        if args.samples < 0:
            raise ConfigError(f"--samples must be >= 0, not {args.samples}")
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
    from simlab.core.study import get_study, run_study

    study = get_study(args.name)
    if args.list_params:
        for p in study.params:
            choices = f" (one of {', '.join(map(str, p.choices))})" if p.choices else ""
            print(f"{p.name:20} default {p.default!r}{choices}  {p.help}")
        return 0
    params: dict[str, Any] = _key_values(args.param, "--param")  # run_study reads the strings
    out = Path(args.out) if args.out else None
    if out is not None and out.suffix not in {".csv", ".parquet"}:
        raise ConfigError(f"--out {args.out!r}: write a .csv or a .parquet file")
    result = run_study(study, games=args.games, seed=args.seed, jobs=args.jobs,
                       progress=None, **params)
    if out is not None:
        result.save(out)
    if args.json:
        print(result.summary.to_json(orient="records", indent=1))
        return 0
    import pandas as pd

    with pd.option_context("display.width", 160, "display.max_rows", 500,
                           "display.max_columns", 30):
        print(result.summary.to_string(index=False))
    print(f"{len(result.games)} result rows from {result.params['games']} games "
          f"in {result.elapsed:.2f} s")
    return 0


def _report(args: argparse.Namespace) -> int:
    from simlab.core.study import run_study, study_names

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name in study_names():
        result = run_study(name, games=args.games, seed=args.seed, jobs=args.jobs)
        result.summary.to_csv(out / f"{name}.csv", index=False)
        fig = result.plot()
        fig.savefig(out / f"{name}.png", dpi=110, bbox_inches="tight")
        print(f"{name}: {out / (name + '.csv')}, {out / (name + '.png')} "
              f"({result.elapsed:.1f} s)")
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, not {value}")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``simlab`` command."""
    parser = _Parser(prog="simlab", description="Simulate and study four tabletop games.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("games", help="list games, variants, policies and studies")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_games)

    p = sub.add_parser("info", help="components, options and rulings of one game")
    p.add_argument("game")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_info)

    p = sub.add_parser("play", help="play one game and print its turn log")
    p.add_argument("game")
    p.add_argument("--players", type=_positive, default=None, help="number of seats")
    p.add_argument("--seed", type=_positive, default=0, help="seed (default 0)")
    p.add_argument("--policy", action="append", default=[], metavar="P",
                   help="policy per seat, in seat order (one for all seats)")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="rulebook variation to switch on (repeatable)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="any other game option (repeatable)")
    p.add_argument("--json", action="store_true", help="print the game record as JSON")
    p.add_argument("--record", metavar="FILE", help="save the game record to FILE")
    p.set_defaults(run=_play)

    p = sub.add_parser("replay", help="re-run a game record and print its turn log")
    p.add_argument("file")
    p.add_argument("--json", action="store_true", help="print the checked record as JSON")
    p.set_defaults(run=_replay)

    p = sub.add_parser("dice", help="exact distribution of a dice expression, e.g. 3d3kl2")
    p.add_argument("expr")
    p.add_argument("--samples", type=_positive, default=0, help="also sample N rolls")
    p.add_argument("--seed", type=_positive, default=0, help="seed for the samples")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=_dice)

    p = sub.add_parser("study", help="run a registered Monte Carlo study")
    p.add_argument("name")
    p.add_argument("--games", type=_positive, default=None, help="number of games")
    p.add_argument("--seed", type=_positive, default=0, help="seed (default 0)")
    p.add_argument("--jobs", type=_positive, default=1, help="processes (default 1)")
    p.add_argument("--param", action="append", default=[], metavar="K=V",
                   help="study parameter (repeatable; see --list-params)")
    p.add_argument("--out", metavar="FILE", help="write the per-game rows to .csv or .parquet")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.add_argument("--list-params", action="store_true", help="list the study's parameters")
    p.set_defaults(run=_study)

    p = sub.add_parser("report", help="run every registered study; write tables and figures")
    p.add_argument("--out", default="results", help="folder (default results/)")
    p.add_argument("--games", type=_positive, default=None, help="games per study")
    p.add_argument("--seed", type=_positive, default=0)
    p.add_argument("--jobs", type=_positive, default=1)
    p.set_defaults(run=_report)
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
    except BrokenPipeError:  # pragma: no cover - `simlab ... | head`
        return 0
    except KeyboardInterrupt:  # pragma: no cover
        print("simlab: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
