"""Hospital Rush actions: small frozen values with a rulebook-like text and a parser.

A turn is a :class:`Place` (an action marker onto an action space) followed
by the decisions that space asks for, one at a time (which tile, which
patient, which opponent), ended by :class:`Done` where the player may stop
early ("you are allowed to perform the respective action only partially or
even forfeit it entirely").  Beds are numbered 1 to 4 as in the rulebook.

Examples
--------
>>> str(Treat(2))
'Treat the patient in bed 2'
>>> from simlab.games.hospital_rush.components import load_components
>>> parts = load_components()        # the shipped set; a game parses with its own
>>> parse_action("Take 1 purple medicine from Seat 2's patient in bed 3", parts)
Steal(victim=2, item='purple', count=1, bed=3)
>>> parse_action(str(Penalty(2)), parts) == Penalty(2)
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from simlab.core.action_text import ActionPatterns, known_name, match_action, plain, worded
from simlab.core.api import Action
from simlab.core.errors import IllegalActionError
from simlab.games.hospital_rush.components import Components, load_components

__all__ = [
    "Admit",
    "Appoint",
    "Bribe",
    "Chillax",
    "DealBoard",
    "Done",
    "EarlyDischarge",
    "FinalExam",
    "Learn",
    "Malinger",
    "Penalty",
    "Place",
    "PlaceTile",
    "RatOut",
    "Readmit",
    "Sell",
    "Steal",
    "StealSkill",
    "TakeBucks",
    "TakeMedicine",
    "TakeOver",
    "TellTheBoss",
    "Treat",
    "Watch",
    "parse_action",
    "titles",
]


@worded("Seat {seat} gets the player board {board}")
class DealBoard(Action):
    """Chance: ``seat`` receives a random player board at set-up."""

    seat: int
    board: str


@worded("Patient {patient} comes into bed {bed}")
class Admit(Action):
    """Chance: a patient from the patient stack comes into an empty bed (1-4)."""

    bed: int
    patient: str


@dataclass(frozen=True, slots=True)
class Place(Action):
    """``seat`` places an action marker on action space ``space`` (an id of spaces/boards.txt).

    Its text uses the space's title, which :func:`parse_action` maps back: the title in
    the game's component set, which the rules give it (``title``, left out of equality
    and ``repr``); one built by hand without it is told with the shipped set's title.

    Examples
    --------
    >>> str(Place(2, "night_shift_1", "night shift 1")), str(Place(2, "night_shift_1"))
    ('Seat 2 places on night shift 1', 'Seat 2 places on night shift 1')
    >>> Place(2, "night_shift_1", "late shift") == Place(2, "night_shift_1")
    True
    """

    seat: int
    space: str
    #: The space's title in the game's component set.
    title: str | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        title = self.title if self.title is not None else titles(load_components()).get(
            self.space, self.space)
        return f"Seat {self.seat} places on {title}"


@worded("Done")
class Done(Action):
    """Stop the current action here (forfeit what is left of it)."""


@worded("Take 1 {colour} medicine from the medicine chest")
class TakeMedicine(Action):
    """Take 1 medicine tile of ``colour`` from the medicine chest."""

    colour: str


@worded("Treat the patient in bed {bed}")
class Treat(Action):
    """Treat (claim, continue with, or move the patient marker to) the patient in ``bed``."""

    bed: int


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Place one tile (``"patch"`` or a medicine colour) onto the patient being treated."""

    tile: str

    def __str__(self) -> str:
        return "Place 1 patch" if self.tile == "patch" else f"Place 1 {self.tile} medicine"


@worded("Appoint Seat {seat} starting player")
class Appoint(Action):
    """Night shift 1: give the starting player marker to ``seat`` for the next round."""

    seat: int


@worded("Learn {skill}")
class Learn(Action):
    """Study: mark ``skill`` as learned."""

    skill: str


@worded("Rat out Seat {victim}")
class RatOut(Action):
    """Rat out: punish ``victim``, an opponent with action markers on red spaces."""

    victim: int


@worded("Tell the boss about Seat {victim}")
class TellTheBoss(Action):
    """Vanessa Toad, "I'm telling the boss": report ``victim``, an opponent on a red space."""

    victim: int


@dataclass(frozen=True, slots=True)
class Penalty(Action):
    """A ratted-out player pays ``bucks`` to the bank, or (``bucks == 0``) loses 1 prestige."""

    bucks: int

    def __str__(self) -> str:
        if self.bucks == 0:
            return "Lose 1 prestige point"
        return f"Pay {self.bucks} buck{'s' if self.bucks > 1 else ''} to the bank"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Take ``count`` of ``item`` (``"buck"`` or a colour) from ``victim`` (or their patient)."""

    victim: int
    item: str
    count: int = 1
    bed: int = 0

    def __str__(self) -> str:
        noun = (
            f"{self.item} medicine"
            if self.item != "buck"
            else ("bucks" if self.count > 1 else "buck")
        )
        where = (
            f"Seat {self.victim}'s patient in bed {self.bed}"
            if self.bed
            else (f"Seat {self.victim}")
        )
        return f"Take {self.count} {noun} from {where}"


@dataclass(frozen=True, slots=True)
class Bribe(Action):
    """Bribe: pay exactly 3 bucks for 1 point or 5 bucks for 2 (5 players: one per space)."""

    bucks: int

    def __str__(self) -> str:
        points = 1 if self.bucks == 3 else 2
        return f"Pay {self.bucks} bucks for {points} prestige point{'s' if points > 1 else ''}"


@worded("Take {bucks} buck{bucks*s} for {why}")
class TakeBucks(Action):
    """Take the ``bucks`` an action pays, ``why`` that action (option ``payouts=may-forfeit``;
    ``Done`` forfeits them).

    Examples
    --------
    >>> str(TakeBucks(3, "the night shift"))
    'Take 3 bucks for the night shift'
    """

    bucks: int
    why: str


@worded("Take the final exam for {bucks} bucks")
class FinalExam(Action):
    """Final exam: pay ``bucks`` (2, or 4 on the 5-player side's second space) and score skills."""

    bucks: int


@worded("Steal {skill} from Seat {victim} for 3 bucks")
class StealSkill(Action):
    """Theo Goodberg: take ``skill`` from ``victim``, paying them 3 bucks."""

    victim: int
    skill: str


@worded("Take over the patient in bed {bed}")
class TakeOver(Action):
    """Theo Goodberg, "That's my patient now": take over the patient in ``bed``."""

    bed: int


@worded("Sell 1 {colour} medicine for 2 bucks")
class Sell(Action):
    """Kurt von Schneider: sell 1 medicine of ``colour`` for 2 bucks."""

    colour: str


@worded("Watch and learn at the patient in bed {bed}")
class Watch(Action):
    """Marina Clementina, "I'll just watch and learn": add her marker to the patient in ``bed``."""

    bed: int


@worded("{discharge?Discharge the patient in bed 4 and slide the others"
        "|Slide the patients toward bed 4}")
class Chillax(Action):
    """Freddie Funster, "Chillax, man": discharge bed 4 (if a patient lies there) and slide."""

    discharge: bool = True


@worded("Admit {patient} from the discard pile to bed 1{mark? with the patient marker|}")
class Readmit(Action):
    """Freddie Funster, "Chillax, man": a patient from the discard pile into bed 1."""

    patient: str
    mark: bool = False


@worded("Discard the malingerer in bed {bed}")
class Malinger(Action):
    """Vanessa Toad, "What a malingerer": discard the patient in ``bed``."""

    bed: int


@dataclass(frozen=True, slots=True)
class EarlyDischarge(Action):
    """Phase 3: discharge a patient cured on the right side of its card (1 point), or keep it."""

    bed: int
    discharge: bool

    def __str__(self) -> str:
        if self.discharge:
            return f"Discharge the patient in bed {self.bed} early"
        return f"Keep treating the patient in bed {self.bed}"


def titles(c: Components) -> dict[str, str]:
    """Space id -> title, for the main-board and player-board spaces of ``c``.

    Examples
    --------
    >>> titles(load_components())["night_shift_1"]
    'night shift 1'
    """
    return {s.id: s.title for s in c.spaces} | {a.id: a.title for a in c.board_actions}


def _place(m: re.Match[str], c: Components) -> Action:
    for space, title in titles(c).items():
        if title == m[2]:
            return Place(int(m[1]), space, title)
    raise IllegalActionError(f"no action space called {m[2]!r}")


def _patient(name: str, c: Components) -> str:
    return known_name(name, {p.name for p in c.patients}, "hospital_rush has no patient")


def _board(name: str, c: Components) -> str:
    return known_name(name, c.boards, "hospital_rush has no player board")


def _steal(m: re.Match[str]) -> Action:
    count, noun, seat, bed = int(m[1]), m[2], int(m[3] or m[4]), int(m[5] or 0)
    item = "buck" if noun in ("buck", "bucks") else noun.removesuffix(" medicine")
    return Steal(seat, item, count, bed)


Reader = Callable[[re.Match[str], Components], Action]


#: Each text's pattern and its reader ``(match, the game's components) -> action``.
_READERS: tuple[tuple[str, Reader], ...] = (
    (r"Seat (\d+) gets the player board (.+)", lambda m, c: DealBoard(int(m[1]), _board(m[2], c))),
    (r"Patient (.+) comes into bed (\d)", lambda m, c: Admit(int(m[2]), _patient(m[1], c))),
    (r"Seat (\d+) places on (.+)", _place),
    (r"Admit (.+) from the discard pile to bed 1( with the patient marker)?",
     lambda m, c: Readmit(_patient(m[1], c), bool(m[2]))),
)
_PATTERNS: ActionPatterns = tuple(
    (re.compile(p), f) for p, f in _READERS) + tuple(
    (re.compile(p), plain(f))
    for p, f in (
        (r"Done", lambda m: Done()),
        (r"Take 1 (\w+) medicine from the medicine chest", lambda m: TakeMedicine(m[1])),
        (r"Treat the patient in bed (\d)", lambda m: Treat(int(m[1]))),
        (r"Place 1 patch", lambda m: PlaceTile("patch")),
        (r"Place 1 (\w+) medicine", lambda m: PlaceTile(m[1])),
        (r"Appoint Seat (\d+) starting player", lambda m: Appoint(int(m[1]))),
        (r"Learn (.+)", lambda m: Learn(m[1])),
        (r"Rat out Seat (\d+)", lambda m: RatOut(int(m[1]))),
        (r"Tell the boss about Seat (\d+)", lambda m: TellTheBoss(int(m[1]))),
        (r"Discharge the patient in bed 4 and slide the others", lambda m: Chillax(True)),
        (r"Slide the patients toward bed 4", lambda m: Chillax(False)),
        (r"Lose 1 prestige point", lambda m: Penalty(0)),
        (r"Pay (\d+) bucks? to the bank", lambda m: Penalty(int(m[1]))),
        (
            r"Take (\d+) (bucks?|\w+ medicine) from "
            r"(?:Seat (\d+)|Seat (\d+)'s patient in bed (\d))",
            _steal,
        ),
        (r"Pay (\d+) bucks for \d prestige points?", lambda m: Bribe(int(m[1]))),
        (r"Take the final exam for (\d+) bucks", lambda m: FinalExam(int(m[1]))),
        (r"Take (\d+) bucks? for (.+)", lambda m: TakeBucks(int(m[1]), m[2])),
        (r"Steal (.+) from Seat (\d+) for 3 bucks", lambda m: StealSkill(int(m[2]), m[1])),
        (r"Take over the patient in bed (\d)", lambda m: TakeOver(int(m[1]))),
        (r"Sell 1 (\w+) medicine for 2 bucks", lambda m: Sell(m[1])),
        (r"Watch and learn at the patient in bed (\d)", lambda m: Watch(int(m[1]))),
        (r"Discard the malingerer in bed (\d)", lambda m: Malinger(int(m[1]))),
        (r"Discharge the patient in bed (\d) early", lambda m: EarlyDischarge(int(m[1]), True)),
        (r"Keep treating the patient in bed (\d)", lambda m: EarlyDischarge(int(m[1]), False)),
    )
)


def parse_action(text: str, components: Components) -> Action:
    """Read an action back from its ``str`` form, with the space titles, patients and player
    boards of ``components`` (a game's own: ``game.data``).

    Raises
    ------
    IllegalActionError
        ``text`` is not the text of any Hospital Rush action.

    Examples
    --------
    >>> parts = load_components()
    >>> parse_action("Seat 1 places on night shift 1", parts)
    Place(seat=1, space='night_shift_1')
    >>> parse_action("Admit Jim Caries from the discard pile to bed 1 with the patient marker",
    ...              parts)
    Readmit(patient='Jim Caries', mark=True)
    >>> parse_action("Patient Nobody comes into bed 2", parts)
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: hospital_rush has no patient 'Nobody'
    >>> parse_action("Juggle", parts)
    Traceback (most recent call last):
    ...
    simlab.core.errors.IllegalActionError: not a Hospital Rush action: 'Juggle'
    """
    action = match_action(_PATTERNS, text, components)
    if action is None:
        raise IllegalActionError(f"not a Hospital Rush action: {text.strip()!r}")
    return action
