"""The README's headline findings, written from the generated findings pages.

The README opens its balance section with one line a game: who was measured,
on how many games, and the verdicts.  Those lines are never typed: they are
read off the CSVs that :mod:`simlab.lab.findings` writes under
``docs/studies/<game>/<N>p/`` (``games.csv`` for the players and the games
played, ``verdicts.csv`` for the verdicts), and :func:`update_readme` puts
them between two markers in README.md.  ``make findings`` runs it after the
pages are written, and a test fails when the README and the pages disagree.

Examples
--------
>>> import tempfile
>>> import pandas as pd
>>> with tempfile.TemporaryDirectory() as out:
...     folder = Path(out) / "bad_doctor" / "2p"
...     folder.mkdir(parents=True)
...     pd.DataFrame({"policies": ["greedy,greedy"] * 40}).to_csv(folder / "games.csv")
...     pd.DataFrame({"question": ["seat 0", "seat 1"], "estimate": [0.6, 0.4],
...                   "verdict": ["inconclusive"] * 2, "favours": [None] * 2,
...                   "decided_at": [None] * 2}).to_csv(folder / "verdicts.csv")
...     who, says = headline_lines(Path(out))[0].split(": ")
>>> who
'- **Bad Doctor**, 2 players, `greedy` on every seat, 40 games'
>>> says
'seat win shares 0.600 / 0.400; every seat inconclusive.'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from simlab.core.errors import ConfigError

__all__ = ["BEGIN", "END", "headline_lines", "update_readme"]

#: The markers around the generated block in README.md.
BEGIN = "<!-- headline findings: written by `make findings` from docs/studies; do not edit -->"
END = "<!-- end of headline findings -->"

#: The games, in the README's order, with their titles.
_TITLES = {"bedpans": "Bedpans & Broomsticks", "bad_doctor": "Bad Doctor",
           "broom_service": "Broom Service", "hospital_rush": "Hospital Rush"}


def _players(folder: Path) -> int:
    return int(folder.name.removesuffix("p"))


def _policy_text(games: pd.DataFrame) -> str:
    """``mcts`` on every seat, or the line-ups played (by seat)."""
    lineups = sorted(set(games["policies"].astype(str)))
    if len(lineups) == 1:
        names = lineups[0].split(",")
        if len(set(names)) == 1:
            return f"`{names[0]}` on every seat"
        return "seats " + ", ".join(f"`{n}`" for n in names)
    return "line-ups " + "; ".join(f"`{lineup}`" for lineup in lineups)


def _decided(row: pd.Series) -> str:
    """``unbalanced, below fair, decided at 15 games`` or ``inconclusive``."""
    if row["verdict"] == "inconclusive":
        return "inconclusive"
    text = str(row["verdict"])
    if isinstance(row["favours"], str):
        text += f", {row['favours']} fair"
    if pd.notna(row["decided_at"]):
        text += f", decided at {int(row['decided_at']):,} games"
    return text


def _seat_line(title: str, folder: Path, games: pd.DataFrame, verdicts: pd.DataFrame) -> str:
    seats = verdicts[verdicts["question"].str.fullmatch(r"seat \d+")]
    shares = " / ".join(f"{v:.3f}" for v in seats["estimate"])
    kinds = set(seats["verdict"])
    if kinds == {"inconclusive"}:
        says = f"seat win shares {shares}; every seat inconclusive"
    elif kinds == {"balanced"}:
        says = f"seat win shares {shares}; every seat balanced"
    else:
        says = "; ".join(f"{r['question']} {r['estimate']:.3f} ({_decided(r)})"
                         for _, r in seats.iterrows())
    return (f"- **{title}**, {_players(folder)} players, {_policy_text(games)}, "
            f"{len(games):,} games: {says}.")


def _side_line(title: str, folders: Sequence[Path]) -> str:
    parts = []
    lineups = set()
    for folder in folders:
        games = pd.read_csv(folder / "games.csv")
        verdicts = pd.read_csv(folder / "verdicts.csv")
        lineups.add(_policy_text(games))
        side = verdicts[verdicts["question"] == "Elders win"].iloc[0]
        parts.append(f"{side['estimate']:.3f} at {_players(folder)} players "
                     f"({len(games):,} games, {_decided(side)})")
    who = lineups.pop() if len(lineups) == 1 else "the players of each page"
    return f"- **{title}**, {who}: the Elders win " + "; ".join(parts) + "."


def headline_lines(studies: Path) -> list[str]:
    """One Markdown line a game with a findings folder under ``studies``.

    Raises
    ------
    ConfigError
        A player-count folder lacks ``games.csv`` or ``verdicts.csv``.
    """
    lines = []
    for game, title in _TITLES.items():
        folders = sorted((p for p in (studies / game).glob("*p") if p.is_dir()),
                         key=_players)
        for folder in folders:
            for name in ("games.csv", "verdicts.csv"):
                if not (folder / name).is_file():
                    raise ConfigError(f"{folder / name}: missing (run `make findings`)")
        if not folders:
            continue
        if game == "bedpans":
            lines.append(_side_line(title, folders))
            continue
        for folder in folders:
            lines.append(_seat_line(title, folder, pd.read_csv(folder / "games.csv"),
                                    pd.read_csv(folder / "verdicts.csv")))
    return lines


def _split(text: str, readme: Path) -> tuple[str, str]:
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise ConfigError(f"{readme}: needs one line {BEGIN!r} and, after it, one {END!r}")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return head, tail


def block(studies: Path) -> str:
    """The block between (and with) the markers."""
    return "\n".join([BEGIN, *headline_lines(studies), END])


def readme_block(readme: Path) -> str:
    """The block as it stands in ``readme`` (markers included)."""
    text = readme.read_text(encoding="utf-8")
    head, tail = _split(text, readme)
    return text[len(head): len(text) - len(tail)]


def update_readme(readme: Path, studies: Path) -> bool:
    """Write the headline block into ``readme``; whether it changed.

    Raises
    ------
    ConfigError
        The markers are missing or out of order, or a findings CSV is missing
        (``readme`` is then left as it was).
    """
    text = readme.read_text(encoding="utf-8")
    head, tail = _split(text, readme)
    new = head + block(studies) + tail
    if new == text:
        return False
    readme.write_text(new, encoding="utf-8")
    return True


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m simlab.lab.headline [--check] README STUDIES``."""
    parser = argparse.ArgumentParser(prog="python -m simlab.lab.headline",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("readme", type=Path)
    parser.add_argument("studies", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="only say whether the README's block is out of date (exit 1)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            stale = readme_block(args.readme) != block(args.studies)
            if stale:
                print(f"{args.readme}: headline findings out of date; run `make findings`",
                      file=sys.stderr)
            return int(stale)
        changed = update_readme(args.readme, args.studies)
    except (ConfigError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"{args.readme}: headline findings {'written' if changed else 'unchanged'}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
