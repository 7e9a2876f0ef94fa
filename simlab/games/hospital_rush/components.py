"""Hospital Rush components: load and validate the files in ``data/hospital_rush``.

Every file is a simple line format: ``#`` starts a comment, fields are
separated by ``|``.  Much of the contents is reconstructed (the rulebook
names the components but its icons were lost); every reconstruction is
marked in the files and listed in ``docs/rulings/hospital_rush.md``.

Examples
--------
>>> c = load_components()
>>> len(c.patients), len(c.boards), c.colours
(23, 7, ('purple', 'green', 'yellow'))
>>> c.patient("Jim Caries").needs
(1, 1, 0, 0)
>>> [s.id for s in c.spaces_for(3) if s.kind == "night"]
['night_shift_1', 'night_shift_2', 'night_shift_3']
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from simlab.core.data import component_loader, last_line, line_problems, problem, read_table
from simlab.core.errors import DataError

__all__ = [
    "BOARD_KINDS",
    "PATIENT_COUNT",
    "SKILLS",
    "SPACE_KINDS",
    "BoardAction",
    "Components",
    "Patient",
    "Space",
    "load_components",
]

PATIENT_COUNT = 23
BOARD_COUNT = 7
#: The four additional skills, in the order of the notches on a player board.
SKILLS: tuple[str, ...] = ("Intensive care", "Pharmacy", "Finance", "Management")
SPACE_KINDS: tuple[str, ...] = ("blue", "red", "unlimited", "night")
BOARD_KINDS: tuple[str, ...] = ("blue", "red")
#: Action ids a player board may carry (each has its rules in ``player_boards.py``).
BOARD_ACTIONS: tuple[str, ...] = (
    "steal_skill",
    "my_patient_now",
    "calling_in_a_favor",
    "sell_medicine",
    "pickpocket",
    "watch_and_learn",
    "chillax",
    "feel_good_music",
    "malingerer",
    "telling_the_boss",
    "free_samples",
    "raid_the_chest",
    "overtime",
    "cook_the_books",
)
SPACE_IDS: tuple[str, ...] = (
    "fetch_medicine_2",
    "fetch_medicine_1",
    "treat_patient_2",
    "treat_patient_1",
    "night_shift_1",
    "night_shift_2",
    "night_shift_3",
    "night_shift_4",
    "study",
    "rat_out",
    "final_exam",
    "final_exam_2",
    "sabotage",
    "bribe",
    "bribe_1",
    "bribe_2",
)
_SUPPLY_INTS = (
    "bucks",
    "patches",
    "study_markers",
    "medicine_3p",
    "medicine_4p",
    "medicine_5p",
    "prestige_min",
    "prestige_max",
    "prestige_goal",
    "starting_bucks",
    "beds",
    "study_cost",
)


@dataclass(frozen=True, slots=True)
class Patient:
    """A patient card.

    ``needs`` and ``early`` count tiles as ``(patches, colour 0, colour 1, colour 2)``;
    ``early`` is the right side of the card (discharge for 1 point) or ``None``.
    """

    name: str
    needs: tuple[int, ...]
    prestige: int
    early: tuple[int, ...] | None
    reconstructed: bool


@dataclass(frozen=True, slots=True)
class Space:
    """An action space of the main board (``amount``: bucks paid out or the cost)."""

    id: str
    title: str
    sides: tuple[int, ...]
    kind: str
    amount: int
    source: str


@dataclass(frozen=True, slots=True)
class BoardAction:
    """One of the two individual action spaces of a player board."""

    board: str
    id: str
    title: str
    kind: str
    text: str
    source: str


@dataclass(frozen=True)
class Components:
    """Everything in the box, as loaded from ``data/hospital_rush``."""

    patients: tuple[Patient, ...]
    spaces: tuple[Space, ...]
    board_actions: tuple[BoardAction, ...]
    colours: tuple[str, ...]
    skills: tuple[str, ...]
    supply: dict[str, int]

    @property
    def boards(self) -> tuple[str, ...]:
        """The player board names, in file order."""
        return tuple(dict.fromkeys(a.board for a in self.board_actions))

    def patient(self, name: str) -> Patient:
        """The patient card called ``name``."""
        for p in self.patients:
            if p.name == name:
                return p
        raise DataError(f"no patient card called {name!r}", key=name)

    def spaces_for(self, players: int) -> tuple[Space, ...]:
        """The main-board spaces on the side used with ``players`` players."""
        side = 5 if players >= 5 else 4
        return tuple(s for s in self.spaces if side in s.sides)

    def actions_of(self, board: str) -> tuple[BoardAction, ...]:
        """The two individual actions of ``board``."""
        return tuple(a for a in self.board_actions if a.board == board)

    def medicine_per_colour(self, players: int) -> int:
        """Medicine tiles of each colour in the chest at set-up (2/3/4 for 3/4/5 players)."""
        return self.supply[f"medicine_{min(max(players, 3), 5)}p"]



def _int(text: str, what: str, path: Path, line: int, low: int | None = 0) -> int:
    if not re.fullmatch(r"-?\d+", text):
        raise DataError(f"{what} must be a whole number, not {text!r}", file=str(path), line=line)
    value = int(text)
    if low is not None and value < low:
        raise DataError(f"{what} must be at least {low}, not {value}", file=str(path), line=line)
    return value


def parse_tiles(text: str, colours: tuple[str, ...], path: Path, line: int) -> tuple[int, ...]:
    """Read ``"1 patch, 2 purple"`` as ``(patches, colour 0, colour 1, colour 2)``.

    Examples
    --------
    >>> parse_tiles("1 patch, 2 green", ("purple", "green", "yellow"), Path("x"), 1)
    (1, 0, 2, 0)
    """
    kinds = ("patch", *colours)
    counts = [0] * len(kinds)
    for part in text.split(","):
        m = re.fullmatch(r"\s*(\d+)\s+(\w+)\s*", part)
        if m is None or m[2] not in kinds:
            raise DataError(
                f"tiles must read like '1 patch, 2 {colours[0]}' ({', '.join(kinds)}), "
                f"not {part.strip()!r}",
                file=str(path),
                line=line,
            )
        counts[kinds.index(m[2])] += int(m[1])
    return tuple(counts)


def _supply(path: Path) -> tuple[dict[str, int], tuple[str, ...], tuple[str, ...]]:
    supply: dict[str, int] = {}
    colours: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    for line, (item, value, _source) in read_table(path, 3):
        with line_problems():
            if item == "medicine_colours":
                colours = tuple(v.strip() for v in value.split(","))
                if len(colours) != 3 or len(set(colours)) != 3:
                    raise DataError(
                        "medicine_colours must name 3 different colours", file=str(path), line=line
                    )
            elif item == "skills":
                skills = tuple(v.strip() for v in value.split(","))
                if skills != SKILLS:
                    raise DataError(f"skills must be {', '.join(SKILLS)}",
                        file=str(path), line=line)
            elif item in _SUPPLY_INTS:
                supply[item] = _int(value, item, path, line, low=None)
            else:
                raise DataError(f"unknown supply item {item!r}", file=str(path), line=line)
    missing = [k for k in _SUPPLY_INTS if k not in supply]
    if missing or not colours or not skills:
        problem(DataError(
            f"missing supply items: {', '.join(missing) or 'colours/skills'}", file=str(path)
        ))
    return supply, colours, skills


def _patients(path: Path, colours: tuple[str, ...]) -> tuple[Patient, ...]:
    out: list[Patient] = []
    for line, (name, needs, prestige, early, source) in read_table(path, 5):
        with line_problems():
            if any(p.name == name for p in out):
                raise DataError(f"patient {name!r} is listed twice", file=str(path), line=line)
            if source not in ("rulebook", "reconstructed"):
                raise DataError(
                    f"source must be rulebook or reconstructed, not {source!r}",
                    file=str(path),
                    line=line,
                )
            left = parse_tiles(needs, colours, path, line)
            right = None if early == "-" else parse_tiles(early, colours, path, line)
            if right is not None and any(r > n for r, n in zip(right, left, strict=True)):
                raise DataError(
                    f"the right side of {name!r} must be part of its left side",
                    file=str(path),
                    line=line,
                )
            out.append(
                Patient(
                    name,
                    left,
                    _int(prestige, "prestige", path, line, 1),
                    right,
                    source == "reconstructed",
                )
            )
    if len(out) != PATIENT_COUNT:
        problem(DataError(f"expected {PATIENT_COUNT} patient cards, found {len(out)}",
            file=str(path), line=last_line(path)))
    return tuple(out)


def _check_new(key: str, title: str, known: Collection[str],
               earlier: Sequence[Space | BoardAction], words: tuple[str, str], path: Path,
               line: int) -> None:
    """A row's id ``key`` must be ``known`` and neither it nor ``title`` in an ``earlier`` row;
    ``words`` name the row in the two errors (unknown, listed twice)."""
    if key not in known:
        raise DataError(f"unknown {words[0]} {key!r}", file=str(path), line=line)
    if any(row.id == key or row.title == title for row in earlier):
        raise DataError(f"{words[1]} {key!r} is listed twice", file=str(path), line=line)


def _spaces(path: Path) -> tuple[Space, ...]:
    out: list[Space] = []
    for line, (sid, title, side, kind, amount, source) in read_table(path, 6):
        with line_problems():
            _check_new(sid, title, SPACE_IDS, out, ("action space", "action space"), path, line)
            if kind not in SPACE_KINDS:
                raise DataError(
                    f"kind must be one of {', '.join(SPACE_KINDS)}, not {kind!r}",
                    file=str(path),
                    line=line,
                )
            sides = {"both": (4, 5), "3/4": (4,), "5": (5,)}.get(side)
            if sides is None:
                raise DataError(f"side must be 3/4, 5 or both, not {side!r}",
                    file=str(path), line=line)
            out.append(Space(sid, title, sides, kind, _int(amount, "amount", path, line), source))
    return tuple(out)


def _board_actions(path: Path) -> tuple[BoardAction, ...]:
    out: list[BoardAction] = []
    for line, (board, aid, title, kind, text, source) in read_table(path, 6):
        with line_problems():
            _check_new(aid, title, BOARD_ACTIONS, out, ("player board action", "board action"),
                       path, line)
            if kind not in BOARD_KINDS:
                raise DataError(f"kind must be blue or red, not {kind!r}",
                    file=str(path), line=line)
            out.append(BoardAction(board, aid, title, kind, text, source))
    boards = dict.fromkeys(a.board for a in out)
    if len(boards) != BOARD_COUNT or any(sum(a.board == b for a in out) != 2 for b in boards):
        problem(DataError(f"expected {BOARD_COUNT} player boards with 2 actions each",
            file=str(path), line=last_line(path)))
    return tuple(out)


@component_loader("hospital_rush")
def load_components(folder: Path) -> Components:
    """Load and check every component file: ``patients.txt``, ``spaces.txt``,
    ``boards.txt`` and ``supplies.txt`` (a game's own set is ``game.data``).

    Raises
    ------
    DataError
        A file is missing or malformed (the message names the file and line).

    Examples
    --------
    >>> load_components().supply["bucks"]
    33
    """
    supply, colours, skills = _supply(folder / "supplies.txt")
    return Components(
        patients=_patients(folder / "patients.txt", colours),
        spaces=_spaces(folder / "spaces.txt"),
        board_actions=_board_actions(folder / "boards.txt"),
        colours=colours,
        skills=skills,
        supply=supply,
    )
