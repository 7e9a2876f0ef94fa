"""The Treatment Tile Bonuses of Bad Doctor: draws, a Complication Cube moved, added or
removed, another Treatment Tile placed or one removed, another Patient added.

A mixin of :class:`~simlab.games.bad_doctor.rules.BadDoctorState`.  Placing a tile with a
Bonus queues it; the Bonuses that only draw (Draw 1, Draw 2, All Draw 1, Add Patient) queue
their draws at once (:meth:`Bonuses._drawing_bonus`), or on :class:`.actions.ActivateBonus`
where a Bonus may be declined: on a tile placed by Place Tile, or under the ruling
``optional_bonuses`` (:meth:`Bonuses._activate`, :meth:`Bonuses._decline`).  The others
offer a choice of target (:meth:`Bonuses._bonus_targets`; a Bonus with no target is skipped):
a cube moved to a Patient with room for it, added from the pile or removed
(:meth:`Bonuses._cube`), a tile removed from an edge with its unsupported Doctor Marker
(:meth:`Bonuses._remove_tile`), or another tile placed (:meth:`.TakeActions.placements`).
Every Patient touched is Visited.  Add Patient may fill the hospital to :data:`HOSPITAL_MAX`.

Examples
--------
>>> from simlab.games.bad_doctor.actions import AddCube
>>> from simlab.games.bad_doctor.pending import PendingBonus
>>> from simlab.games.bad_doctor.rules import BadDoctorGame
>>> state = BadDoctorGame(players=3).new_initial_state()
>>> state._bonus_targets("Remove Cube")             # no Patient has a cube yet
[]
>>> state.queue = [PendingBonus("Add Cube", False, "T11")]  # a placed tile's Bonus, waiting
>>> state._cube(AddCube("S3"))
[Event(text='Dr. A. Achoo: add cube to Patient S3', kind='cube', seat=0, seen_by=None)]
>>> state.queue, state.complication_cubes, state.patient("S3").visited
([], 14, True)
>>> state._bonus_targets("Move Cube")[0]            # now S3's cube may move to another Patient
MoveCube(source='S3', target='S1')
>>> state._drawing_bonus("All Draw 1")             # every seat draws, seat 0 first (top last)
>>> state.queue
[Draw(seat=2), Draw(seat=1), Draw(seat=0)]
"""

from __future__ import annotations

import bisect

from simlab.core.api import Action, Event
from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.actions import ActivateBonus, AddCube, MoveCube, RemoveCube, RemoveTile
from simlab.games.bad_doctor.fields import StateFields
from simlab.games.bad_doctor.pending import RefillPatient, draw

__all__ = ["HOSPITAL_MAX", "Bonuses"]

#: Patients the hospital may hold after an Add Patient bonus.
HOSPITAL_MAX = 5
#: Bonuses that need no choice (they draw).
_DRAWING = frozenset({"Draw 1", "Draw 2", "All Draw 1", "Add Patient"})


class Bonuses(StateFields):
    """The Treatment Tile Bonuses, for :class:`~simlab.games.bad_doctor.rules.BadDoctorState`."""

    # -- what a bonus may do ---------------------------------------------------
    def _bonus_targets(self, bonus: str, placed: str = "") -> list[Action]:
        """The targets ``bonus`` may take; ``placed`` is the tile whose bonus it is (R11)."""
        hospital = self.hospital
        if bonus == "Move Cube":
            return [MoveCube(a.id, b.id) for a in hospital if a.complication_cubes
                    for b in hospital if b is not a and board.free_cube_spaces(b) > 0]
        if bonus == "Add Cube":
            if not self.complication_cubes:
                return []
            return [AddCube(p.id) for p in hospital if board.free_cube_spaces(p) > 0]
        if bonus == "Remove Cube":
            return [RemoveCube(p.id) for p in hospital if p.complication_cubes]
        if bonus == "Remove Tile":
            own = self.game.options["remove_placed_tile"]
            remove = self.game.action_table.remove
            return [remove(t, p.id) for p in hospital for t in board.edge_tiles(p)
                    if own or t != placed]
        if bonus == "Place Tile":
            return self.placements(self.seat)
        return []

    def _drawing_bonus(self, bonus: str) -> None:
        seat, n = self.seat, self.game.players
        if bonus == "Draw 1":
            self.queue.append(draw(seat))
        elif bonus == "Draw 2":
            self.queue.extend([draw(seat)] * 2)
        elif bonus == "All Draw 1":
            self.queue.extend(draw((seat + k) % n) for k in reversed(range(n)))
        else:  # Add Patient
            self.queue.append(RefillPatient(HOSPITAL_MAX))

    # -- handlers --------------------------------------------------------------
    def _cube(self, action: Action) -> list[Event]:
        self.queue.pop()
        if isinstance(action, AddCube):
            p = self.patient(action.patient)
            p.complication_cubes += 1
            self.complication_cubes -= 1
            p.visited = True
        elif isinstance(action, RemoveCube):
            p = self.patient(action.patient)
            p.complication_cubes -= 1
            self.complication_cubes += 1
            p.visited = True
        elif isinstance(action, MoveCube):
            a, b = self.patient(action.source), self.patient(action.target)
            a.complication_cubes -= 1
            b.complication_cubes += 1
            a.visited = b.visited = True
        return [Event(f"{self._name(self.seat)}: {action}", "cube", self.seat)]

    def _remove_tile(self, action: RemoveTile) -> list[Event]:
        self.queue.pop()
        patient = self.patient(action.patient)
        owner = board.remove_tile(patient, action.tile)
        if owner >= 0:
            self.supply[owner] += 1
        bisect.insort(self.discard, action.tile)
        patient.visited = True
        return [Event(f"{self._name(self.seat)} removes {action.tile} from Patient "
                      f"{patient.id}", "remove", self.seat)]

    def _activate(self, action: ActivateBonus) -> list[Event]:
        self.queue.pop()
        self._drawing_bonus(action.bonus)
        return []

    def _decline(self, action: Action) -> list[Event]:
        self.queue.pop()
        return []
