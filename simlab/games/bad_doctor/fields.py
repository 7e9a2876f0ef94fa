"""The attributes and helpers of a Bad Doctor state that its mixins use (:mod:`.take_actions`,
:mod:`.bonuses`, :mod:`.cures_and_deaths`), declared for the type checker only.

:class:`~simlab.games.bad_doctor.rules.BadDoctorState` sets and defines every one of them; the
declarations sit under ``if TYPE_CHECKING:``, so that :class:`StateFields` adds nothing at run
time and a mixin's method reads ``self.hospital`` or calls ``self.patient(pid)`` type-checked.

Examples
--------
>>> from simlab.games.bad_doctor.rules import BadDoctorGame
>>> [name for name in vars(StateFields) if not name.startswith("__")]
[]
>>> state = BadDoctorGame(players=2).new_initial_state()
>>> isinstance(state, StateFields), state.patient("S1").id, state._name(1)
(True, 'S1', 'Dr. Eror')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from simlab.core import api

if TYPE_CHECKING:  # pragma: no cover
    from simlab.core.api import Action
    from simlab.games.bad_doctor.action_table import ActionTable
    from simlab.games.bad_doctor.board import Departure, Patient, TileEnds
    from simlab.games.bad_doctor.components import Components
    from simlab.games.bad_doctor.pending import Pending

__all__ = ["GameFacts", "StateFields"]


class GameFacts(api.GameFacts, Protocol):
    """What the mixins read of their game beyond its seats and options
    (:class:`~.rules.BadDoctorGame` has it all)."""

    tiles: Any
    tile_ends: dict[str, TileEnds]
    tile_kinds: dict[str, tuple]
    action_table: ActionTable

    @property
    def parts(self) -> Components: ...


class StateFields:
    """What a Bad Doctor state provides to its mixins (declarations only)."""

    if TYPE_CHECKING:
        game: GameFacts
        hands: list[list[str]]
        deck: list[str]
        discard: list[str]
        patient_discard: list[str]
        patients_out: list[str]
        starting_sides: dict[str, str]
        hospital: list[Patient]
        complication_cubes: int
        supply: list[int]
        score_pile: list[int]
        removed: list[int]
        seat: int
        actions_left: int
        first_turn: list[bool]
        drew: int
        placed: int
        shift: int
        queue: list[Pending]
        departures: list[Departure]
        cubes_added: int

        def patient(self, pid: str) -> Patient: ...
        def _name(self, seat: int) -> str: ...
        def placements(self, seat: int) -> list[Action]: ...
