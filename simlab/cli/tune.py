"""``simlab tune GAME``: search the game's options and component numbers for a fair game.

Everything the user gives is checked before any game is played: the game, the
space file (every knob built at its ends), the storage, the cluster.  Ctrl-C
keeps every finished trial in the storage; the same command resumes.

Examples
--------
>>> parser = argparse.ArgumentParser(prog="simlab")
>>> add_parser(parser.add_subparsers())
>>> args = parser.parse_args(["tune", "bedpans", "--objective", "side-balance"])
>>> args.objective, args.trials, args.out
('side-balance', 30, None)
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from simlab.cli.args import count
from simlab.core.errors import ConfigError

__all__ = ["OBJECTIVES", "add_parser", "tune_command"]

#: :data:`simlab.lab.scoring.OBJECTIVES`, written out: building the parser imports no pandas.
OBJECTIVES = ("seat-balance", "side-balance", "length")


def _fraction(name: str) -> Any:
    def convert(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{name} must be a number, got {text!r}") from None
        if not 0 < value < 1:
            raise argparse.ArgumentTypeError(f"{name} must be between 0 and 1, got {text}")
        return value

    return convert


def add_parser(sub: Any) -> None:
    """Add the ``tune`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser("tune", help="search options and component numbers for a fair game")
    p.add_argument("game")
    p.add_argument("--objective", required=True, choices=OBJECTIVES,
                   help="what to make fair: the seats, the sides (Bedpans), or the length")
    p.add_argument("--space", metavar="FILE",
                   help="space file (TOML) naming the knobs (default data/<game>/space.toml)")
    p.add_argument("--trials", type=count("trials", low=1), default=30,
                   help="finished trials to reach (a resumed run plays the rest; default 30)")
    p.add_argument("--storage", metavar="URL",
                   help="Optuna storage URL (default sqlite:///OUT/tune.db)")
    p.add_argument("--study-name", metavar="NAME",
                   help="study name (default GAME-OBJECTIVE); the same name resumes")
    p.add_argument("--scheduler", metavar="ADDR",
                   help="play the games on this dask scheduler (same numbers as locally)")
    p.add_argument("--players", type=count("players", low=1), default=None, help="seats")
    p.add_argument("--seed", type=count("seed"), default=0, help="root seed (default 0)")
    p.add_argument("--jobs", type=count("jobs", low=1), default=1, help="processes (default 1)")
    p.add_argument("--out", metavar="DIR",
                   help="output folder (default results/tune/GAME-OBJECTIVE)")
    p.add_argument("--target", type=float, default=None, metavar="TURNS",
                   help="the length objective's mean number of turns")
    p.add_argument("--blocks", type=count("blocks", low=1), default=8,
                   help="seed blocks a trial (default 8)")
    p.add_argument("--block-games", type=count("block-games", low=1), default=25,
                   help="games a block (default 25)")
    p.add_argument("--cheap", metavar="P", default=None,
                   help="screening player on every seat (default: the game's heuristic)")
    p.add_argument("--strong", metavar="P", default="mcts",
                   help="promotion and validation player (default mcts)")
    p.add_argument("--promote", type=count("promote"), default=3,
                   help="trials promoted to the strong player (default 3)")
    p.add_argument("--promote-games", type=count("promote-games", low=1), default=60,
                   help="games of a promoted trial (default 60)")
    p.add_argument("--validate", type=count("validate"), default=2,
                   help="promoted trials validated on held-out seeds (default 2)")
    p.add_argument("--validate-games", type=count("validate-games", low=1), default=400,
                   help="most games of a validation (default 400)")
    p.add_argument("--margin", type=_fraction("margin"), default=0.05,
                   help="balanced within ±D of the fair share (default 0.05)")
    p.add_argument("--band", type=_fraction("band"), default=0.25,
                   help="length constraint: mean turns within ±BAND of the rulebook game's")
    p.add_argument("-q", "--quiet", action="store_true", help="no line a trial")
    p.set_defaults(run=tune_command)


def _client(address: str | None) -> Any:
    """A dask client of the scheduler at ``address`` (``None``: none)."""
    if address is None:
        return None
    try:
        from distributed import Client
    except ImportError:
        raise ConfigError("--scheduler needs dask.distributed (pip install 'simlab[cluster]')"
                          ) from None
    try:
        client = Client(address, timeout="5s")
    except (OSError, TimeoutError, ValueError) as err:
        reason = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise ConfigError(f"cannot reach the dask scheduler {address!r} ({reason})") from None
    return client


def tune_command(args: argparse.Namespace, argv: list[str] | None = None) -> int:
    """Run ``simlab tune``; return the exit code."""
    import simlab
    from simlab.core.registry import canonical_name
    from simlab.lab.space import load_space
    from simlab.lab.specs import spec_for
    from simlab.lab.tune import TuneSettings, open_study, storage_url, tune
    from simlab.lab.tune_report import write_report

    game = canonical_name(args.game)
    built = simlab.load_game(game, players=args.players)
    if args.objective == "length" and not args.target:
        raise ConfigError("--objective length needs --target TURNS")
    if args.objective == "side-balance" and not spec_for(built).side_question:
        raise ConfigError(f"{game} has no sides; use --objective seat-balance or length")
    cheap = args.cheap or spec_for(built).fast_policy
    for name in (cheap, args.strong):
        built.make_policy(name, 0)
    space = load_space(args.space, game, players=built.players)
    settings = TuneSettings(game, args.objective, built.players, trials=args.trials,
                            blocks=args.blocks, block_games=args.block_games,
                            seed=args.seed, cheap=cheap, strong=args.strong,
                            promote=args.promote, promote_games=args.promote_games,
                            validate=args.validate, validate_games=args.validate_games,
                            margin=args.margin, band=args.band, target=args.target)
    out = Path(args.out or f"results/tune/{game}-{args.objective}")
    url = storage_url(out, args.storage)
    if args.storage is None:
        out.mkdir(parents=True, exist_ok=True)
    name = args.study_name or f"{game}-{args.objective}"
    from simlab.lab.tune import _space_key

    open_study(url, name, settings, _space_key(space))  # a bad storage: exit 2, no game played
    client = _client(args.scheduler)
    say = (lambda line: None) if args.quiet else (lambda line: print(line, flush=True))
    command = "simlab " + shlex.join(argv if argv is not None else sys.argv[1:])
    try:
        run = tune(space, settings, out=out, storage=args.storage, study_name=name,
                   jobs=args.jobs, executor=None if client is None else client.get_executor(),
                   progress=say)
    except KeyboardInterrupt:
        print(f"simlab: interrupted; every finished trial is kept in {url} (study {name!r}): "
              "run the same command to resume", file=sys.stderr)
        return 130
    finally:
        if client is not None:
            client.close()
    files = write_report(run, out, command=command)
    proposals = run.proposals
    print(f"{len(run.trials)} trials; Pareto front {len(run.pareto)}; "
          f"{len(proposals)} proposal(s) balanced on held-out seeds; wrote "
          f"{', '.join(p.name for p in files)} to {out}")
    return 0
