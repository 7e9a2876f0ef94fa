"""What a Hospital Rush state shares with its mixins: a :class:`Bed`, the ``Done`` that
ends every task's choices, and the state's attributes and helpers, declared for the type
checker so that the mixins (:mod:`.treatment`, :mod:`.main_board`, :mod:`.player_boards`)
may use them.

:class:`~simlab.games.hospital_rush.rules.HospitalRushState` defines them all; at run time
:class:`StateFields` is empty.

Examples
--------
>>> from simlab.games.hospital_rush.rules import HospitalRushGame, HospitalRushState
>>> issubclass(HospitalRushState, StateFields)
True
>>> s = HospitalRushGame(players=3).new_initial_state()
>>> s.beds[0] = Bed("Jim Caries", [1, 0, 0, 0], patient_marker=2)
>>> s.beds[0]
Bed(patient='Jim Caries', tiles=[1, 0, 0, 0], patient_marker=2, watcher=None)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

from simlab.core import api
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.tasks import Task

if TYPE_CHECKING:  # pragma: no cover
    from simlab.core.api import Event
    from simlab.games.hospital_rush.components import Components, Patient

__all__ = ["Bed", "GameFacts", "StateFields"]


@dataclass(slots=True)
class Bed:
    """A bed with its patient (a bed without one is ``None`` in ``state.beds``).

    Parameters
    ----------
    patient : str
        The patient card's name ("Jim Caries").
    tiles : list of int
        The tiles placed on the patient: patch tiles, then medicine tiles of each
        colour (``game.colours``), four counts.
    patient_marker : int or None
        The seat whose patient marker is on the patient ("claim your patient by
        placing your patient marker onto a patient"), or nobody's.
    watcher : int or None
        Marina Clementina's seat while her second marker is on the patient ("I'll just
        watch and learn"), else ``None``.

    Examples
    --------
    >>> bed = Bed("Al Furry")
    >>> bed.tiles[0] += 1; bed.patient_marker = 1
    >>> bed
    Bed(patient='Al Furry', tiles=[1, 0, 0, 0], patient_marker=1, watcher=None)
    """

    patient: str
    tiles: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    patient_marker: int | None = None
    watcher: int | None = None


_DONE = A.Done()
_T = TypeVar("_T", bound=Task)


class GameFacts(api.GameFacts, Protocol):
    """What the mixins read of their game beyond its seats and options
    (:class:`~.rules.HospitalRushGame` has it all)."""

    data: Components
    colours: tuple[str, ...]
    tiles: tuple[str, ...]
    patients: dict[str, Patient]
    amount: dict[str, int]


class StateFields:
    """What a Hospital Rush state provides to its mixins (declarations only)."""

    if TYPE_CHECKING:
        game: GameFacts
        phase: str
        round: int
        boards: list[str | None]
        bank: int
        bucks: list[int]
        chest: list[int]
        medicine: list[list[int]]
        patches: int
        study_markers: int
        skills: list[list[str]]
        exam: list[bool]
        prestige: list[int]
        beds: list[Bed | None]
        stack: list[str]
        discard: list[str]
        occupied: dict[str, list[int]]
        placed: int
        start: int
        next_start: int | None
        tasks: list[Task]
        steals: list[tuple[int, int, str]]
        end_reason: str

        def _task(self, kind: type[_T]) -> _T: ...
        def red_markers(self, seat: int | None = None) -> int: ...
        def red_opponents(self, seat: int) -> tuple[int, ...]: ...
        def _gain(self, seat: int, bucks: int) -> int: ...
        def _may_forfeit(self, seat: int, bucks: int, why: str) -> bool: ...
        def _pay(self, seat: int, bucks: int) -> None: ...
        def _score(self, seat: int, points: int) -> int | None: ...
        def _bed(self, i: int) -> Bed: ...
        def is_cured(self, bed: int) -> bool: ...
        def is_cured_early(self, bed: int) -> bool: ...
        def _lift_marker(self, seat: int) -> None: ...
        def _clear(self, i: int) -> None: ...
        def _discharge(
            self, i: int, events: list[Event], points: int | None = None, front: bool = False
        ) -> None: ...
        def _preterm(self, i: int, events: list[Event]) -> None: ...
        def _slide(self) -> None: ...
