"""Steps 2 and 3 of a Bad Doctor turn: "Remove and Score Cured Patients" and "Add
Complication Cubes", with the deaths they cause.

A mixin of :class:`~simlab.games.bad_doctor.rules.BadDoctorState`.  At the end of the actions
(:meth:`CuresAndDeaths._turn_end`) every Cured Patient leaves: the seat to act scores its own
Doctor Markers on it, the others go back to their supplies.  Then each Patient left Unvisited
takes a Complication Cube, and one with no room for it dies (with no cube left, it is spared
or dies, by the ruling ``cubes_run_out``).  For each death the seat removes a Doctor Marker
from the game: from its supply or, if that is empty, from a Patient it chooses, if it has a
marker there (:meth:`CuresAndDeaths._remove_marker`); then its markers on the dead Patient go
home and the others' to their Score Piles (:meth:`CuresAndDeaths._bury`).  A Patient who
leaves takes its tiles to the discard pile and its cubes back to the pile
(:meth:`CuresAndDeaths._leave`).

Examples
--------
>>> from simlab.games.bad_doctor.actions import DrawTile, RevealTile
>>> from simlab.games.bad_doctor.rules import BadDoctorGame
>>> state = BadDoctorGame(players=2).new_initial_state()
>>> for tile in ("T01", "T13", "T05", "T14"):       # set-up: two draws each, seats 0 1 0 1
...     _ = state.apply(RevealTile(tile))
>>> _ = state.apply("place tile T01 (red) on Patient S1 at red space 1")
>>> _ = state.apply(DrawTile())
>>> for event in state.apply(RevealTile("T09")):  # the draw, then Steps 2 to 4 by themselves
...     print(event)
Dr. A. Achoo draws T09 (yellow)
a Complication Cube is added to Patient S2
a Complication Cube is added to Patient S3
a Complication Cube is added to Patient S4
Dr. Eror's shift begins
>>> state.patient("S2").complication_cubes = 3      # no room left on Patient S2
>>> state.complication_cubes -= 2
>>> _ = state.apply("place tile T13 (blue) on Patient S3 at blue space 2")
>>> _ = state.apply(DrawTile())
>>> for event in state.apply(RevealTile("T06"))[1:]:
...     print(event)
a Complication Cube is added to Patient S1
a Complication Cube is added to Patient S4
Dr. Eror takes a Doctor Marker from the supply and removes it from the game
Patient S2 dies on Dr. Eror's shift
>>> state.departures, state.patient_discard, state.removed
([Departure(patient='S2', arrived=0, left=1, how='died')], ['S2'], [0, 1])
"""

from __future__ import annotations

import bisect

from simlab.core.api import Event
from simlab.core.errors import SimlabError
from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.actions import RemoveMarker
from simlab.games.bad_doctor.board import NO_MARKER, Departure, Patient
from simlab.games.bad_doctor.fields import StateFields
from simlab.games.bad_doctor.pending import SHIFT_END, Death, death

__all__ = ["CuresAndDeaths"]


class CuresAndDeaths(StateFields):
    """Cured Patients, Complication Cubes and deaths (Steps 2 and 3), for
    :class:`~simlab.games.bad_doctor.rules.BadDoctorState`."""

    def _leave(self, patient: Patient, how: str) -> None:
        """Discard a Patient's tiles and cubes and the Patient itself."""
        self.hospital.remove(patient)
        for tile in board.placed_tiles(patient):
            bisect.insort(self.discard, tile)
        self.complication_cubes += patient.complication_cubes
        if patient.side and how == "cured":  # "If the Patient Cured is a Starting Patient,
            self.patients_out.append(patient.id)  # it is removed from the game."
        else:  # "The deceased Patient is also discarded" (a Starting Patient too: R4)
            if patient.side:
                self.starting_sides[patient.id] = patient.side
            bisect.insort(self.patient_discard, patient.id)
        self.departures.append(Departure(patient.id, patient.arrived, self.shift, how))

    def _turn_end(self, log: list[Event]) -> None:
        """Step 2 (cure and score) and Step 3 (Complication Cubes, deaths)."""
        seat = self.seat
        for patient in [p for p in self.hospital if board.is_cured(p)]:
            scored = 0
            for _, owner in patient.junctions.values():
                if owner == seat:
                    scored += 1
                elif owner >= 0:
                    self.supply[owner] += 1
            self.score_pile[seat] += scored
            self._leave(patient, "cured")
            text = f"Patient {patient.id} is cured by {self._name(seat)}"
            log.append(Event(f"{text}: {_scored(scored)}" if scored else text, "cure", seat,
                             score=scored or None))
        dying: list[str] = []
        spare = self.game.options["cubes_run_out"] == "spare"
        for patient in self.hospital:
            if patient.visited:
                continue
            if board.free_cube_spaces(patient) <= 0:
                dying.append(patient.id)
            elif self.complication_cubes > 0:
                self.complication_cubes -= 1
                patient.complication_cubes += 1
                self.cubes_added += 1
                log.append(Event(f"a Complication Cube is added to Patient {patient.id}",
                                 "complication"))
            elif not spare:
                dying.append(patient.id)
        self.queue.append(SHIFT_END)
        self.queue.extend([death(pid) for pid in reversed(dying)])

    def _bury(self, pid: str, log: list[Event]) -> None:
        """The rest of a death: markers home or to Score Piles, tiles and Patient discarded."""
        seat = self.seat
        patient = self.patient(pid)
        scored = [0] * len(self.score_pile)
        for _, owner in patient.junctions.values():
            if owner == seat:
                self.supply[seat] += 1
            elif owner >= 0:
                scored[owner] += 1
        self._leave(patient, "died")
        log.append(Event(f"Patient {pid} dies on {self._name(seat)}'s shift", "death", seat))
        for owner, n in enumerate(scored):
            if n:  # "All other players ... move ... to their Score Pile"
                self.score_pile[owner] += n
                log.append(Event(f"Patient {pid} died: {self._name(owner)} {_scored(n)} to the "
                                 "Score Pile", "score", owner, score=n))

    def _remove_marker(self, action: RemoveMarker) -> list[Event]:
        seat = self.seat
        item = self.queue.pop()
        if not isinstance(item, Death):  # pragma: no cover - legality is checked before
            raise SimlabError("bad_doctor: no Patient is dying")
        dying = item.patient
        p = self.patient(action.patient)
        mine = action.space
        p.junctions[mine] = (p.junctions[mine][0], NO_MARKER)
        self.removed[seat] += 1
        events = [Event(f"{self._name(seat)} removes a Doctor Marker on Patient {p.id} "
                        "from the game", "marker", seat)]
        self._bury(dying, events)
        return events


def _scored(n: int) -> str:
    """Doctor Markers scored, in the words the log itemises ("+1 Doctor Marker")."""
    return f"+{n} Doctor Marker{'' if n == 1 else 's'}"
