"""``simlab data export`` and ``simlab data check``: a designer's own component files.

``export GAME DIR`` copies the shipped files (with their RECONSTRUCTED notes)
as a starting point.  ``check DIR`` reads the folder as its game would, noting
every problem instead of stopping at the first, adds every count that is not
the rulebook's, and prints them one a line, ``file:line: what`` (exit 2 if
any).

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp()) / "mine"
>>> _ = export_command(_Args(game="bad_doctor", dir=str(folder)))  # doctest: +ELLIPSIS
wrote 3 files of bad_doctor to ...
>>> game, problems = check_data(folder)
>>> game, problems
('bad_doctor', [])
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from simlab.cli.args import Parser
from simlab.core.data import collect_problems, data_dir, export_data
from simlab.core.errors import ConfigError, DataError

__all__ = ["add_parser", "check_command", "check_data", "data_command", "export_command",
           "guess_game"]


class _Args(argparse.Namespace):
    def __init__(self, **values: Any) -> None:
        super().__init__(**values)


def add_parser(sub: Any) -> None:
    """Add the ``data`` subcommand and its ``export`` and ``check`` to ``sub``."""
    p = sub.add_parser("data", help="export, edit and check component files")
    data = p.add_subparsers(dest="action", metavar="ACTION", parser_class=Parser)
    data.required = True
    q = data.add_parser("export", help="copy the shipped component files of GAME into DIR")
    q.add_argument("game")
    q.add_argument("dir")
    q.set_defaults(run=data_command)
    q = data.add_parser("check", help="list every problem of a component folder (exit 2 if any)")
    q.add_argument("dir")
    q.add_argument("--game", help="the game (default: told by the file names)")
    q.set_defaults(run=data_command)


def data_command(args: argparse.Namespace) -> int:
    """Run ``simlab data export`` or ``simlab data check`` (``args.action``)."""
    return export_command(args) if args.action == "export" else check_command(args)


def _components_module(game: str) -> ModuleType:
    from simlab.core.registry import canonical_name, game_class

    package = game_class(game).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(f"{package}.components")
    except ImportError:
        raise ConfigError(f"{canonical_name(game)} has no component files to check") from None


def _four_games() -> list[str]:
    from simlab.core.registry import game_names

    return [g for g in game_names() if data_dir(g).is_dir()]


def guess_game(folder: Path) -> str:
    """The game whose shipped file names ``folder``'s ``*.txt`` files match best.

    Raises
    ------
    ConfigError
        No game's files, or two games equally (then ``--game`` says which).
    """
    have = {p.name for p in folder.glob("*.txt")}
    scores = []
    for game in _four_games():
        shipped = {p.name for p in data_dir(game).glob("*.txt")}
        scores.append((len(have & shipped) - len(shipped - have), game, len(have & shipped)))
    scores.sort(reverse=True)
    if not scores or scores[0][2] == 0:
        raise ConfigError(f"{str(folder)!r} holds no game's component files; "
                          "name the game with --game")
    if len(scores) > 1 and scores[0][0] == scores[1][0]:
        raise ConfigError(f"{str(folder)!r} could be {scores[0][1]} or {scores[1][1]}; "
                          "name the game with --game")
    return scores[0][1]


def check_data(folder: str | Path, game: str | None = None) -> tuple[str, list[DataError]]:
    """Every problem of the component folder ``folder`` (of ``game``, or the one it looks like).

    The folder is read as its game reads it, with every bad line noted and
    skipped, then its counts are held against the rulebook's.

    Raises
    ------
    ConfigError
        ``folder`` is not a folder, or its game cannot be told.
    """
    from simlab.core.registry import canonical_name

    path = Path(folder).expanduser()
    if not path.is_dir():
        raise ConfigError(f"{str(folder)!r} is not a folder")
    name = canonical_name(game) if game else None
    if name is None and not any(path.glob("*.txt")):
        inner = [g for g in _four_games() if (path / g).is_dir()]
        if len(inner) == 1:
            path = path / inner[0]
    name = name or guess_game(path)
    module = _components_module(name)
    load = module.load_components.uncached
    problems = collect_problems(lambda: load(path))
    rulebook = getattr(module, "rulebook_problems", None)
    if rulebook is not None:
        seen = {str(p) for p in problems}
        problems += [p for p in collect_problems(lambda: rulebook(path)) if str(p) not in seen]
    return name, sorted(problems, key=_order)


def _order(error: DataError) -> tuple[str, int]:
    return (str(error.file or ""), error.line or 0)


def export_command(args: argparse.Namespace) -> int:
    """Run ``simlab data export GAME DIR``."""
    from simlab.core.registry import canonical_name, game_class

    game = canonical_name(game_class(args.game).NAME)
    if not data_dir(game).is_dir():
        raise ConfigError(f"{game} has no component files to export")
    written = export_data(game, args.dir)
    print(f"wrote {len(written)} files of {game} to {args.dir}; edit them, then "
          f"`simlab data check {args.dir}`")
    return 0


def check_command(args: argparse.Namespace) -> int:
    """Run ``simlab data check DIR``: one line a problem, exit 2 if any."""
    game, problems = check_data(args.dir, args.game)
    for error in problems:
        print(error)
    if problems:
        print(f"{len(problems)} problem{'s' * (len(problems) != 1)} in {args.dir} ({game})")
        return 2
    print(f"{args.dir}: {game} components, no problem found")
    return 0
