"""Treating and discharging patients in Hospital Rush ("Treat patient", "When is a patient
cured?", "Phase 3: Discharge patients", and the preterm discharge of "Phase 5").

A mixin of :class:`~simlab.games.hospital_rush.rules.HospitalRushState`.  A "treat patient"
space (and Calling in a favor, Feel-good music) queues a ``claim`` task: the seat puts its
patient marker on a patient no opponent holds or keeps its own
(:meth:`Treatment._treat_patient`, which lifts the marker from its old patient with
:meth:`Treatment._lift_marker`); the ``tiles`` task that follows places patches and medicine,
free or for a buck each, with Intensive care's free patch (:meth:`Treatment._place_tile`).
A patient is cured when every tile on the left of its card is on it
(:meth:`Treatment.is_cured`), or early by its right side (:meth:`Treatment.is_cured_early`).
A discharge (:meth:`Treatment._discharge`) scores the patient's prestige, Finance, Pharmacy and
the watcher's point, and returns the tiles (:meth:`Treatment._clear`); phase 3
(:meth:`Treatment._phase3`) discharges the cured patients and offers early discharges
(:meth:`Treatment._early`); Management discharges at once (:meth:`Treatment._management`).
Bed 4's patient leaves preterm (:meth:`Treatment._preterm`) and the others slide toward bed 4
(:meth:`Treatment._slide`), in phase 5 and for Chillax, man.  Readings:
``docs/rulings/hospital_rush.md``.

Examples
--------
>>> from simlab.games.hospital_rush.rules import HospitalRushGame
>>> s = HospitalRushGame(players=3).new_initial_state()
>>> s.beds[3] = Bed("Jim Caries", [1, 0, 0, 0], 2)      # Seat 2's patient, 1 patch on
>>> s.needs(3), s.is_cured(3)
([0, 1, 0, 0], False)
>>> s.beds[3].tiles[1] += 1                            # a purple medicine: cured
>>> events = []
>>> s._discharge(3, events)
>>> s.prestige, s.beds[3], s.discard
([0, 0, 2], None, ['Jim Caries'])
"""

from __future__ import annotations

import functools
from typing import Any

from simlab.core.api import Action, Event
from simlab.core.errors import SimlabError
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush import tasks as T
from simlab.games.hospital_rush.fields import _DONE, Bed, StateFields

__all__ = ["Treatment"]

_treat = functools.cache(A.Treat)
_tile = functools.cache(A.PlaceTile)


class Treatment(StateFields):
    """Treating and discharging patients, for
    :class:`~simlab.games.hospital_rush.rules.HospitalRushState`."""

    # -- when is a patient cured? -------------------------------------------------------
    def patient_of(self, seat: int) -> int | None:
        """The bed index (0-3) holding ``seat``'s patient marker (treating or watching)."""
        for i, bed in enumerate(self.beds):
            if bed is not None and (bed.patient_marker == seat or bed.watcher == seat):
                return i
        return None

    def needs(self, bed: int) -> list[int]:
        """Tiles still missing on the patient in bed index ``bed`` (patch, colours)."""
        b = self._bed(bed)
        need = self.game.patients[b.patient].needs
        return [n - t for n, t in zip(need, b.tiles, strict=True)]

    def is_cured(self, bed: int) -> bool:
        """All tiles of the left side of the card are on the patient."""
        b = self.beds[bed]
        return b is not None and tuple(b.tiles) == self.game.patients[b.patient].needs

    def is_cured_early(self, bed: int) -> bool:
        """All tiles of the right side (if any) are on the patient."""
        b = self.beds[bed]
        if b is None:
            return False
        early = self.game.patients[b.patient].early
        return early is not None and all(t >= e for t, e in zip(b.tiles, early, strict=True))

    def _bed(self, i: int) -> Bed:
        """The patient in bed index ``i``; the actions that name a bed are legal only for an
        occupied one, so an empty bed here is an error of the rules, not of a player."""
        bed = self.beds[i]
        if bed is None:  # pragma: no cover - legality is checked before
            raise SimlabError(f"hospital_rush: bed {i + 1} is empty")
        return bed

    # -- treat patient -------------------------------------------------------------------
    def _fx_treat(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.ClaimPatient(seat, self.game.amount[space], 0, True, True))

    def _treat_patient(self, action: A.Treat) -> list[Event]:
        task = self._task(T.ClaimPatient)
        seat, free, patch_free = task.seat, task.free, task.patch_free
        i = action.bed - 1
        bed = self._bed(i)
        if bed.patient_marker is None:
            self._lift_marker(seat)
            bed.patient_marker = seat
        if task.intensive and bed.patient_marker == seat and "Intensive care" in self.skills[seat]:
            patch_free += 1
        self.tasks[0] = T.PlaceTiles(seat, i, free, patch_free, task.paid)
        return [Event(f"Seat {seat}: {action}", "treat", seat)]

    def _place_tile(self, action: A.PlaceTile) -> list[Event]:
        task = self._task(T.PlaceTiles)
        seat, i, free, patch_free = task.seat, task.bed, task.free, task.patch_free
        k = self.game.tiles.index(action.tile)
        if k == 0:
            self.patches -= 1
            if patch_free:
                patch_free -= 1
            elif free:
                free -= 1
            else:
                self._pay(seat, 1)
        else:
            self.medicine[seat][k - 1] -= 1
            if free:
                free -= 1
            else:
                self._pay(seat, 1)
        bed = self._bed(i)
        bed.tiles[k] += 1
        self.tasks[0] = T.PlaceTiles(seat, i, free, patch_free, task.paid)
        events = [Event(f"Seat {seat}: {action} on bed {i + 1}", "tile", seat)]
        if bed.patient_marker == seat and "Management" in self.skills[seat] and self.is_cured(i):
            self.tasks.pop(0)
            self._discharge(i, events, front=True)
        return events

    def _lift_marker(self, seat: int) -> None:
        """Take ``seat``'s patient marker back from wherever it is (tiles stay)."""
        for bed in self.beds:
            if bed is None:
                continue
            if bed.watcher == seat:
                bed.watcher = None
            elif bed.patient_marker == seat:
                bed.patient_marker, bed.watcher = bed.watcher, None

    # -- discharge, slide ---------------------------------------------------------------
    def _management(self, events: list[Event]) -> None:
        """Management: "As soon as a patient of yours is fully cured, discharge that patient
        immediately" -- however it became cured or became yours (a tile placed by anyone, a
        marker moved onto a cured patient, Theo's take-over, Management learned or stolen)."""
        skills = self.skills
        for held in skills:  # a plain loop: this runs on every placement, mostly to return
            if "Management" in held:
                break
        else:
            return
        for i, bed in enumerate(self.beds):
            if (
                bed is not None
                and bed.patient_marker is not None
                and "Management" in skills[bed.patient_marker]
                and self.is_cured(i)
            ):
                self._discharge(i, events, front=True)

    def _phase3(self, events: list[Event]) -> None:
        stay = self.game.options["cured_without_marker"] == "stay"
        for i in range(len(self.beds)):
            bed = self.beds[i]
            if bed is not None and self.is_cured(i) and not (stay and bed.patient_marker is None):
                self._discharge(i, events)
        for i, bed in enumerate(self.beds):
            if bed is not None and bed.patient_marker is not None and self.is_cured_early(i):
                self.tasks.append(T.DischargeEarly(bed.patient_marker, i))

    def _early(self, action: A.EarlyDischarge) -> list[Event]:
        seat = self.tasks.pop(0).seat
        i = action.bed - 1
        events = [Event(f"Seat {seat}: {action}", "early" if action.discharge else "keep", seat)]
        if action.discharge:
            self._discharge(i, events, points=1, front=True)
        return events

    def _clear(self, i: int) -> None:
        """Remove the patient in bed index ``i``: tiles back, markers back, card discarded."""
        bed = self._bed(i)
        tiles = bed.tiles
        self.patches += tiles[0]
        for c in range(3):
            self.chest[c] += tiles[c + 1]
        self.discard.append(bed.patient)
        self.beds[i] = None

    def _discharge(
        self, i: int, events: list[Event], points: int | None = None, front: bool = False
    ) -> None:
        """Discharge a cured patient: prestige, Finance, Pharmacy, watcher's point."""
        bed = self._bed(i)
        marker, watcher = bed.patient_marker, bed.watcher
        full = points is None
        gain = self.game.patients[bed.patient].prestige if points is None else points
        got = watched = None
        if marker is not None:
            got = self._score(marker, gain)
            skills = self.skills[marker]
            if "Finance" in skills:
                self._gain(marker, 2)
            if "Pharmacy" in skills:
                task = T.FetchMedicine(marker, 1, 0)
                if front:
                    self.tasks.insert(0, task)
                else:
                    self.tasks.append(task)
        if watcher is not None and full:
            watched = self._score(watcher, 1)
        kind = "discharge" if full else "early"
        events.append(
            Event(
                f"{bed.patient} in bed {i + 1} is discharged cured "
                f"({gain} prestige to Seat {marker})",
                kind,
                marker,
                score=got,
            )
        )
        if watched:
            events.append(Event(f"Seat {watcher} gains 1 prestige for watching {bed.patient}",
                                "score", watcher, score=watched))
        self._clear(i)

    def _preterm(self, i: int, events: list[Event]) -> None:
        bed = self._bed(i)
        events.append(
            Event(
                f"{bed.patient} in bed {i + 1} is discharged preterm", "preterm", bed.patient_marker
            )
        )
        self._clear(i)

    def _slide(self) -> None:
        """Slide the patients toward bed 4, keeping their order."""
        patients = [b for b in self.beds if b is not None]
        self.beds = [None] * (len(self.beds) - len(patients)) + patients


# -- task legality -------------------------------------------------------------------------


def _legal_claim(s: Treatment, task: T.ClaimPatient) -> list[Action]:
    seat = task.seat
    out: list[Action] = [
        _treat(i + 1)
        for i, b in enumerate(s.beds)
        if b is not None
        and (b.patient_marker is None or b.patient_marker == seat or b.watcher == seat)
    ]
    out.append(_DONE)
    return out


def _legal_tiles(s: Treatment, task: T.PlaceTiles) -> list[Action]:
    seat, i, free, patch_free, paid = task.seat, task.bed, task.free, task.patch_free, task.paid
    bed = s.beds[i]
    if bed is None:
        return []
    can_pay = paid and s.bucks[seat] >= 1
    if not (free or patch_free or can_pay):
        return []
    need = s.game.patients[bed.patient].needs
    tiles = bed.tiles
    out: list[Action] = []
    if need[0] > tiles[0] and s.patches:
        out.append(_tile("patch"))
    if free or can_pay:
        med = s.medicine[seat]
        for c in range(3):
            if need[c + 1] > tiles[c + 1] and med[c]:
                out.append(_tile(s.game.colours[c]))
    out.append(_DONE)
    return out


def _legal_early(s: Treatment, task: T.DischargeEarly) -> list[Action]:
    seat, i = task.seat, task.bed
    bed = s.beds[i]
    if bed is None or bed.patient_marker != seat or not s.is_cured_early(i) or s.is_cured(i):
        return []
    return [A.EarlyDischarge(i + 1, True), A.EarlyDischarge(i + 1, False)]


#: The legal choices of each task this module queues (task class -> function of state, task).
TASK_LEGAL: dict[type, Any] = {
    T.ClaimPatient: _legal_claim,
    T.PlaceTiles: _legal_tiles,
    T.DischargeEarly: _legal_early,
}
