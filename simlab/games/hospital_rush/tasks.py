"""The decisions an action space leaves to be made, one small frozen value each.

Placing an action marker queues *tasks* on the state (``state.tasks``, the first being
decided); each names the seat that decides it and what is left of the action, in the
rulebook's words.  A task changes by being replaced (:func:`dataclasses.replace`), never in
place.  The legal choices of each kind are in the ``TASK_LEGAL`` table of the mixin module
that queues it (:mod:`.main_board`, :mod:`.player_boards`, :mod:`.treatment`).

Examples
--------
>>> task = FetchMedicine(seat=2, free=1, paid=1)   # "fetch medicine (1 free, 1 for a buck)"
>>> task.seat, task.free
(2, 1)
>>> import dataclasses
>>> dataclasses.replace(task, free=0)
FetchMedicine(seat=2, free=0, paid=1)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "AppointStartingPlayer",
    "BoardSpace",
    "BribeStaff",
    "ChillaxMan",
    "ClaimPatient",
    "Denounce",
    "DischargeEarly",
    "FetchMedicine",
    "LearnSkill",
    "PayPenalty",
    "Pickpocket",
    "PlaceTiles",
    "ReadmitPatient",
    "Sabotage",
    "TakeBucks",
    "TakeFinalExam",
    "Task",
]


@dataclass(frozen=True, slots=True)
class Task:
    """A decision waiting for ``seat``."""

    seat: int


@dataclass(frozen=True, slots=True)
class FetchMedicine(Task):
    """Take medicine from the chest: ``free`` tiles left free of charge, ``paid`` for a buck."""

    free: int
    paid: int


@dataclass(frozen=True, slots=True)
class AppointStartingPlayer(Task):
    """Night shift 1: "give it to a player of your choice (including yourself)"."""


@dataclass(frozen=True, slots=True)
class LearnSkill(Task):
    """Study: pay 3 bucks and mark a skill as learned."""


@dataclass(frozen=True, slots=True)
class Denounce(Task):
    """Rat out (or, ``to_the_boss``, "I'm telling the boss"): ``victims`` the informer may
    still punish, clockwise."""

    victims: tuple[int, ...]
    to_the_boss: bool = False


@dataclass(frozen=True, slots=True)
class PayPenalty(Task):
    """A punished player: ``count`` penalties left, each ``bucks`` or 1 prestige point."""

    count: int
    bucks: int


@dataclass(frozen=True, slots=True)
class TakeBucks(Task):
    """A payout of ``bucks`` that may be forfeited (option ``payouts=may-forfeit``), ``why``
    the action paying it."""

    bucks: int
    why: str


@dataclass(frozen=True, slots=True)
class TakeFinalExam(Task):
    """The final exam for ``cost`` bucks."""

    cost: int


@dataclass(frozen=True, slots=True)
class Sabotage(Task):
    """Sabotage (and Otto's cook the books, ``bucks_only``): the opponents ``taken`` from."""

    taken: tuple[int, ...] = ()
    bucks_only: bool = False


@dataclass(frozen=True, slots=True)
class BribeStaff(Task):
    """Bribe: the bucks that may be paid (3 for 1 point, 5 for 2)."""

    costs: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ClaimPatient(Task):
    """Treat patient, first step: put the patient marker on a patient (then :class:`PlaceTiles`).

    ``free`` tiles free of charge, ``patch_free`` free patches, ``paid`` tiles for a buck each
    allowed, ``intensive`` whether Intensive care adds its patch.
    """

    free: int
    patch_free: int
    paid: bool
    intensive: bool


@dataclass(frozen=True, slots=True)
class PlaceTiles(Task):
    """Treat patient, second step: tiles onto the patient in bed index ``bed``."""

    bed: int
    free: int
    patch_free: int
    paid: bool


@dataclass(frozen=True, slots=True)
class DischargeEarly(Task):
    """Phase 3: discharge the patient in bed index ``bed``, cured on its right side, or not."""

    bed: int


@dataclass(frozen=True, slots=True)
class BoardSpace(Task):
    """A player board's action with one choice, by its space id (``steal_skill``,
    ``my_patient_now``, ``calling_in_a_favor`` (the steal), ``sell_medicine``,
    ``watch_and_learn``, ``malingerer``)."""

    space: str


@dataclass(frozen=True, slots=True)
class Pickpocket(Task):
    """Marina's pickpocket: ``victim`` once she has taken a first medicine (-1 before)."""

    victim: int = -1


@dataclass(frozen=True, slots=True)
class ChillaxMan(Task):
    """Freddie's "Chillax, man", first step: discharge bed 4 and slide."""


@dataclass(frozen=True, slots=True)
class ReadmitPatient(Task):
    """Freddie's "Chillax, man", second step: a discarded patient into bed 1 (not
    ``excluded``, the one just discharged, under ``chillax_readmit=other``)."""

    excluded: str | None = None
