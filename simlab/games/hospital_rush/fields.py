"""What a Hospital Rush state shares with its mixins: the layout of a bed, the ``Done`` that
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
>>> s.beds[0] = ["Jim Caries", [1, 0, 0, 0], 2, None]
>>> s.beds[0][NAME], s.beds[0][TILES], s.beds[0][MARKER], s.beds[0][WATCHER]
('Jim Caries', [1, 0, 0, 0], 2, None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.tasks import Task

if TYPE_CHECKING:  # pragma: no cover
    from simlab.core.api import Event
    from simlab.games.hospital_rush.rules import HospitalRushGame

__all__ = ["MARKER", "NAME", "TILES", "WATCHER", "StateFields"]

#: Indices into a bed: ``[patient name, tiles placed (patch, colour 0-2), marker, watcher]``.
NAME, TILES, MARKER, WATCHER = 0, 1, 2, 3
_DONE = A.Done()
_T = TypeVar("_T", bound=Task)


class StateFields:
    """What a Hospital Rush state provides to its mixins (declarations only)."""

    if TYPE_CHECKING:
        game: HospitalRushGame
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
        beds: list[list[Any] | None]
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
        def _pay(self, seat: int, bucks: int) -> None: ...
        def _score(self, seat: int, points: int) -> None: ...
        def _bed(self, i: int) -> list[Any]: ...
        def is_cured(self, bed: int) -> bool: ...
        def is_cured_early(self, bed: int) -> bool: ...
        def _lift_marker(self, seat: int) -> None: ...
        def _clear(self, i: int) -> None: ...
        def _discharge(
            self, i: int, events: list[Event], points: int | None = None, front: bool = False
        ) -> None: ...
        def _preterm(self, i: int, events: list[Event]) -> None: ...
        def _slide(self) -> None: ...
