"""``simlab balance``: the balance report of one game, or of every game (``--all``).

``simlab balance GAME`` plays GAME (``mcts`` on every seat unless ``--policy``
says otherwise) until every verdict is decided or ``--max-games`` is reached,
prints the verdicts and writes the report (``report.md``, PNG figures, the CSV
behind every table and figure) into ``--out``.

``simlab balance --all --out docs/studies`` regenerates the findings of every
game: each game at its default player count, Bedpans at 2, 3, 4 and 5, into
``docs/studies/<game>.md`` with figures and CSVs under ``docs/studies/<game>/``
(``--all GAME``: that game's page only, so the long runs can be split), and
each game's designer studies (:mod:`simlab.lab.study_pages`: the search player
on the ladder, Stuff worth, Variation verdicts, ...) into
``docs/studies/<game>/studies.md``; ``--only balance`` or ``--only studies``
writes one of the two, ``--study-games N`` caps the games of each study (a
smaller run than the plan's, said on the page).  Nothing under docs/studies is
typed by hand.  The policy ``fast`` names each game's fast player (its best
heuristic).

Every mistake (unknown game, policy, option, a bad margin) is one line and exit
2, before any game is played.

Examples
--------
>>> from simlab.cli import main
>>> main(["balance", "bedpans", "--margin", "0.9"])  # one line on stderr, no game played
2
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from simlab.cli.args import count, key_values
from simlab.core.errors import ConfigError

__all__ = ["ALL_GAMES", "add_parser", "balance_command"]

#: What ``--all`` reports: each game and its player counts (None: the default count).
ALL_GAMES: tuple[tuple[str, tuple[int | None, ...]], ...] = (
    ("bad_doctor", (None,)),
    ("bedpans", (2, 3, 4, 5)),
    ("broom_service", (None,)),
    ("hospital_rush", (None,)),
)
#: The policy name that stands for each game's fast player.
FAST = "fast"


def add_parser(sub: Any) -> None:
    """Add the ``balance`` subcommand to the ``simlab`` parser's subparsers."""
    p = sub.add_parser("balance", help="is GAME fair? seat, side, length, drama and choices, "
                                       "with sequential verdicts")
    p.add_argument("game", nargs="?", help="the game (with --all: only its findings page)")
    p.add_argument("--all", action="store_true",
                   help="the findings pages: every game at its default player count, "
                        "Bedpans at 2-5, into OUT/<game>.md")
    p.add_argument("--only", choices=("balance", "studies"), default=None,
                   help="with --all: only the balance pages, or only the designer studies "
                        "(default both)")
    p.add_argument("--study-games", action="append", default=[], metavar="[STUDY=]N",
                   help="with --all: at most N games a designer study, or for STUDY "
                        "(repeatable; default: the plan's)")
    p.add_argument("--players", type=count("players", low=1), default=None,
                   help="number of seats (default: the game's)")
    p.add_argument("--policy", action="append", default=[], metavar="P",
                   help="policy per seat, in seat order, or one for all (default mcts; "
                        "'fast': the game's best heuristic)")
    p.add_argument("--option", action="append", default=[], metavar="K=V",
                   help="game option, a rule Variation as NAME=true (repeatable)")
    p.add_argument("--data", metavar="DIR",
                   help="component folder laid out like data/<game>/ (default: the shipped set)")
    p.add_argument("--max-games", type=count("max_games", low=1), default=None,
                   help="stop here if a verdict is still open (default 2000)")
    p.add_argument("--margin", default="0.05",
                   help="D: balanced means within fair ± D (default 0.05)")
    p.add_argument("--seed", type=count("seed"), default=0, help="root seed (default 0)")
    p.add_argument("--jobs", type=count("jobs", low=1), default=1, help="processes (default 1)")
    p.add_argument("--scheduler", metavar="ADDR",
                   help="run the games on the dask cluster at ADDR (same numbers as locally)")
    p.add_argument("--out", metavar="DIR", default=None,
                   help="folder of the report (default results/balance/<game>-<N>p; "
                        "with --all, required)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(run=balance_command)


def _policies(names: list[str], game: str) -> list[str] | None:
    """The policy names, ``fast`` read as the game's fast player; None: the default."""
    from simlab.lab.specs import spec_for

    if not names:
        return None
    return [spec_for(game).fast_policy if n == FAST else n for n in names]


def _command_line() -> str:
    return "simlab " + " ".join(shlex.quote(a) for a in sys.argv[1:])


def _executor(address: str | None) -> Any:
    if address is None:
        return None
    try:
        from distributed import Client

        return Client(address, timeout="10s").get_executor()
    except (OSError, TimeoutError, ImportError, ValueError) as exc:
        raise ConfigError(f"--scheduler {address}: cannot connect ({exc})") from None


def _checked(game: str, args: argparse.Namespace, players: int | None) -> dict[str, Any]:
    """The keyword arguments of ``balance`` for one report, checked (no game played)."""
    from simlab.lab.balance import DEFAULT_MAX_GAMES, check_margin
    from simlab.lab.games import check_setup

    options = key_values(args.option, "--option")
    policies = _policies(args.policy, game)
    built, names = check_setup(game, players, policies, options, args.data)
    return {"game": built.NAME, "players": built.players, "policies": list(names),
            "options": options or None, "data": args.data,
            "max_games": args.max_games or DEFAULT_MAX_GAMES,
            "margin": check_margin(args.margin), "seed": args.seed, "jobs": args.jobs,
            "progress": False if args.quiet else None}


def _study_games(values: list[str]) -> dict[str, int] | int | None:
    """``--study-games``: one N for every study, or STUDY=N for each study named."""
    if not values:
        return None
    games: dict[str, int] = {}
    for value in values:
        name, _, number = value.rpartition("=")
        if not number.isdigit() or int(number) < 1 or (not name and len(values) > 1):
            raise ConfigError(f"--study-games {value!r}: give N (games, at least 1) once, "
                              f"or STUDY=N")
        games[name] = int(number)
    return games.pop("") if "" in games else games


def _say(report: Any) -> None:
    print(f"{report.name}, {report.players} players, {report.games_played:,} games:")
    for v in report.verdicts:
        print(f"  {v.question}: {v.text()}")


def balance_command(args: argparse.Namespace) -> int:
    """Run ``simlab balance``; every argument is checked before the first game."""
    if not args.all and args.game is None:
        raise ConfigError("simlab balance: give a GAME, or --all (with a GAME: its pages only)")
    if args.all:
        if args.out is None:
            raise ConfigError("simlab balance --all needs --out DIR (e.g. docs/studies)")
        if args.players is not None:
            raise ConfigError("simlab balance --all plays each game's own player counts; "
                              "drop --players")
        return _all(args)
    if args.only is not None or args.study_games:
        raise ConfigError("simlab balance: --only and --study-games go with --all")
    from simlab.lab.balance import balance

    kwargs = _checked(args.game, args, args.players)
    executor = _executor(args.scheduler)
    out = Path(args.out or f"results/balance/{kwargs['game']}-{kwargs['players']}p")
    report = balance(**kwargs, executor=executor, command=_command_line())
    path = report.write(out)
    _say(report)
    print(f"report: {path}")
    return 0


def _all(args: argparse.Namespace) -> int:
    from simlab.lab.balance import balance
    from simlab.lab.findings import write_findings
    from simlab.lab.study_pages import STUDIES, write_study_page

    if args.option or args.data:
        raise ConfigError("simlab balance --all reports the rulebook games: drop --option "
                          "and --data")
    chosen = ALL_GAMES
    if args.game is not None:
        from simlab.core.registry import canonical_name, game_class

        name = game_class(args.game).NAME  # an unknown game: one line naming the known
        chosen = tuple((g, counts) for g, counts in ALL_GAMES if g == canonical_name(name))
        if not chosen:
            known = ", ".join(g for g, _ in ALL_GAMES)
            raise ConfigError(f"simlab balance --all: no findings page for {args.game!r}; "
                              f"pages: {known}")
    study_games = _study_games(args.study_games)
    if isinstance(study_games, dict):
        from simlab.lab.study_pages import STUDIES

        planned = {e.study for g, _ in chosen for e in STUDIES.get(g, ())}
        for study in study_games:
            if study not in planned:
                raise ConfigError(f"--study-games: no designer study {study!r}; studies: "
                                  f"{', '.join(sorted(planned))}")
    plans = [(game, _checked(game, args, players)) for game, counts in chosen
             for players in counts] if args.only != "studies" else []
    # every setting checked before the first game
    executor = _executor(args.scheduler)
    command = _command_line()
    reports: dict[str, list[Any]] = {}
    for game, kwargs in plans:
        report = balance(**kwargs, executor=executor, command=command)
        reports.setdefault(game, []).append(report)
        _say(report)
    for game, made in reports.items():
        path = write_findings(game, made, Path(args.out), command)
        print(f"findings: {path}")
    if args.only != "balance":
        for game in (g for g, _ in chosen if g in STUDIES):  # a game without: none to run
            games = ({k: v for k, v in study_games.items()
                      if k in {e.study for e in STUDIES[game]}}
                     if isinstance(study_games, dict) else study_games)
            path = write_study_page(game, Path(args.out), command, games=games,
                                    seed=args.seed, jobs=args.jobs, executor=executor,
                                    say=None if args.quiet else print)
            print(f"designer studies: {path}")
    return 0
