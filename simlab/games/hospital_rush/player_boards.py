"""The action spaces of Hospital Rush's player boards: two for each board, for its owner only.

A mixin of :class:`~simlab.games.hospital_rush.rules.HospitalRushState`.  Theo Goodberg
steals a skill (:meth:`PlayerBoards._steal_skill`) or a patient
(:meth:`PlayerBoards._take_over`); Kurt von Schneider calls in a favor
(:meth:`PlayerBoards._fx_favor`) or sells medicine (:meth:`PlayerBoards._sell`); Marina
Clementina picks pockets (:meth:`PlayerBoards._fx_pickpocket`) or watches and learns
(:meth:`PlayerBoards._watch`); Freddie Funster's Chillax, man discharges bed 4, slides the
beds and may readmit a discarded patient, each step a choice (:meth:`PlayerBoards._chillax`,
:meth:`PlayerBoards._readmit`), his Feel-good music treats a patient; Vanessa Toad discards a
malingerer (:meth:`PlayerBoards._malinger`) or tells the boss
(:meth:`PlayerBoards._fx_telling_the_boss`); Ivy Drip takes medicine
(:meth:`PlayerBoards._fx_free_samples`), Otto Claves works overtime
(:meth:`PlayerBoards._fx_overtime`) or cooks the books (a Sabotage of bucks only,
:meth:`.MainBoard._fx_sabotage`).  A space whose only effect is a task of its own name uses
:meth:`PlayerBoards._fx_task`; the steals' tiles are taken by :meth:`.MainBoard._steal_it`.
Readings: ``docs/rulings/hospital_rush.md``.

Examples
--------
>>> from simlab.games.hospital_rush.rules import HospitalRushGame
>>> s = HospitalRushGame(players=3).new_initial_state()
>>> s.beds = [None, Bed("Al Furry"), None,     # Seat 0's patient in bed 4 is cured
...           Bed("Jim Caries", [1, 1, 0, 0], patient_marker=0)]
>>> s.discard = ["Polly Pox"]
>>> s._fx_chillax(2, "chillax", [])                    # Freddie: "Chillax, man"
>>> _legal_chillax(s, s.tasks[0])                      # he may forfeit it
[Chillax(discharge=True), Done()]
>>> _ = s._chillax(A.Chillax())
>>> s.prestige, [b and b.patient for b in s.beds], s.tasks
([2, 0, 0], [None, None, None, 'Al Furry'], [ReadmitPatient(seat=2, excluded=None)])
>>> _legal_readmit(s, s.tasks[0])[:2]
[Readmit(patient='Jim Caries', mark=False), Readmit(patient='Jim Caries', mark=True)]
"""

from __future__ import annotations

import functools
from typing import Any

from simlab.core.api import Action, Event
from simlab.core.errors import SimlabError
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush import tasks as T
from simlab.games.hospital_rush.fields import _DONE, Bed, StateFields
from simlab.games.hospital_rush.main_board import learnable

__all__ = ["BUCKS_PER_MEDICINE", "THEO_SKILL_PRICE", "PlayerBoards"]

BUCKS_PER_MEDICINE = 2  # Kurt von Schneider's "sells medicine for 2 bucks apiece"
THEO_SKILL_PRICE = 3

_steal = functools.cache(A.Steal)


class PlayerBoards(StateFields):
    """The player boards' action spaces, for
    :class:`~simlab.games.hospital_rush.rules.HospitalRushState`."""

    # -- effects of placing a marker ------------------------------------------------------
    def _fx_task(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.BoardSpace(seat, space))

    def _fx_favor(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.BoardSpace(seat, space))  # the steal
        self.tasks.append(T.ClaimPatient(seat, 0, 0, True, True))

    def _fx_pickpocket(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.Pickpocket(seat))

    def _fx_feel_good(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.ClaimPatient(seat, 0, 1, False, False))

    def _fx_chillax(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.ChillaxMan(seat))
        self.tasks.append(T.ReadmitPatient(seat))

    def _fx_telling_the_boss(self, seat: int, space: str, events: list[Event]) -> None:
        if self._may_forfeit(seat, 1, "telling the boss"):
            events.append(Event(f"Seat {seat} tells the boss", "bucks", seat))
        else:
            got = self._gain(seat, 1)
            events.append(Event(f"Seat {seat} tells the boss and takes {got} buck", "bucks",
                                seat))
        self.tasks.append(T.Denounce(seat, self.red_opponents(seat), to_the_boss=True))

    def _fx_free_samples(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.FetchMedicine(seat, 3 if space == "raid_the_chest" else 1, 0))

    def _fx_overtime(self, seat: int, space: str, events: list[Event]) -> None:
        if not self._may_forfeit(seat, 2, "overtime"):
            got = self._gain(seat, 2)
            events.append(Event(f"Seat {seat} works overtime: {got} bucks", "bucks", seat))

    # -- decisions -------------------------------------------------------------------
    def _steal_skill(self, action: A.StealSkill) -> list[Event]:
        seat = self.tasks.pop(0).seat
        v = action.victim
        self.bucks[seat] -= THEO_SKILL_PRICE
        self.bucks[v] += THEO_SKILL_PRICE
        self.skills[v].remove(action.skill)
        self.skills[seat].append(action.skill)
        self.steals.append((seat, v, "skill"))
        return [Event(f"Seat {seat}: {action}", "steal", seat)]

    def _take_over(self, action: A.TakeOver) -> list[Event]:
        seat = self.tasks.pop(0).seat
        bed = self._bed(action.bed - 1)
        v = bed.patient_marker
        if v is None:  # pragma: no cover - TakeOver is offered for an opponent's patient only
            raise SimlabError(f"hospital_rush: bed {action.bed} has no patient marker to take over")
        price = sum(bed.tiles)
        self.bucks[seat] -= price
        self.bucks[v] += price
        self._lift_marker(seat)
        bed.patient_marker = seat
        self.steals.append((seat, v, "patient"))
        return [Event(f"Seat {seat}: {action} from Seat {v} for {price} bucks", "steal", seat)]

    def _sell(self, action: A.Sell) -> list[Event]:
        seat = self.tasks[0].seat
        c = self.game.colours.index(action.colour)
        self.medicine[seat][c] -= 1
        self.chest[c] += 1
        self._gain(seat, BUCKS_PER_MEDICINE)
        return [Event(f"Seat {seat}: {action}", "sell", seat)]

    def _watch(self, action: A.Watch) -> list[Event]:
        seat = self.tasks.pop(0).seat
        self._lift_marker(seat)
        bed = self._bed(action.bed - 1)
        bed.watcher = seat
        return [Event(f"Seat {seat}: {action}", "watch", seat)]

    def _chillax(self, action: A.Chillax) -> list[Event]:
        """"Chillax, man": bed 4 is discharged (cured: its points as in phase 3; not cured:
        preterm), then the patients slide toward bed 4."""
        seat = self.tasks.pop(0).seat
        events = [Event(f"Seat {seat}: {action}", "chillax", seat)]
        if action.discharge:
            bed = self._bed(3)
            if self.game.options["chillax_readmit"] == "other" and self.tasks:
                self.tasks[0] = T.ReadmitPatient(seat, bed.patient)
            if self.is_cured(3):
                self._discharge(3, events, front=True)
            elif self.is_cured_early(3) and self.game.options["chillax_right_side"] == "early":
                self._discharge(3, events, points=1, front=True)
            else:
                self._preterm(3, events)
        self._slide()
        return events

    def _readmit(self, action: A.Readmit) -> list[Event]:
        seat = self.tasks.pop(0).seat
        self.discard.remove(action.patient)
        if action.mark:
            self._lift_marker(seat)
        self.beds[0] = Bed(action.patient, patient_marker=seat if action.mark else None)
        return [Event(f"Seat {seat}: {action}", "readmit", seat)]

    def _malinger(self, action: A.Malinger) -> list[Event]:
        seat = self.tasks.pop(0).seat
        i = action.bed - 1
        bed = self._bed(i)
        events = [Event(f"Seat {seat}: {action}", "discard", seat)]
        if self.is_cured(i):
            got = self._score(seat, 1)
            if got:
                events.append(Event(f"Seat {seat} gains 1 prestige for the cured malingerer",
                                    "score", seat, score=got))
            own_twice = self.game.options["malingerer_own_patient"] == "two"
            marker = bed.patient_marker
            if marker is not None and (marker != seat or own_twice):
                got = self._score(marker, 1)
                if got:
                    events.append(Event(f"Seat {marker} gains 1 prestige: its Patient Marker is "
                                        "on the malingerer", "score", marker, score=got))
        self._clear(i)
        return events

    def _malinger_then_skills(self, action: A.Malinger) -> list[Event]:
        """"What a malingerer", then, with the option ``malingerer_skills``, Finance and
        Pharmacy of the treating player if the patient was fully cured: the discard read as
        "a cured patient of yours is discharged" (ruling 12)."""
        i = action.bed - 1
        marker = self._bed(i).patient_marker if self.is_cured(i) else None
        events = self._malinger(action)
        if marker is None or not self.game.options["malingerer_skills"]:
            return events
        skills = self.skills[marker]
        if "Finance" in skills:
            got = self._gain(marker, 2)
            events.append(Event(f"Seat {marker} takes {got} bucks (Finance)", "finance", marker))
        if "Pharmacy" in skills:
            self.tasks.insert(0, T.FetchMedicine(marker, 1, 0))
        return events


# -- task legality -------------------------------------------------------------------------


def _legal_steal_skill(s: PlayerBoards, task: T.Task) -> list[Action]:
    seat = task.seat
    if s.bucks[seat] < THEO_SKILL_PRICE:
        return []
    mine = s.skills[seat]
    ok = learnable(mine)
    out: list[Action] = [
        A.StealSkill(v, k)
        for v in range(s.game.players)
        if v != seat
        for k in s.skills[v]
        if k in ok
    ]
    out.append(_DONE)
    return out


def _others_beds(s: PlayerBoards, seat: int) -> list[tuple[int, Bed]]:
    """The beds (index, bed) whose patient carries another player's patient marker."""
    return [(i, b) for i, b in enumerate(s.beds)
            if b is not None and b.patient_marker not in (None, seat)]


def _legal_take_over(s: PlayerBoards, task: T.Task) -> list[Action]:
    seat = task.seat
    out: list[Action] = [A.TakeOver(i + 1) for i, b in _others_beds(s, seat)
                         if s.bucks[seat] >= sum(b.tiles)]
    out.append(_DONE)
    return out


def _legal_favor_steal(s: PlayerBoards, task: T.Task) -> list[Action]:
    seat = task.seat
    colours = s.game.colours
    out: list[Action] = []
    for v in range(s.game.players):
        if v == seat:
            continue
        out.extend(_steal(v, c, 1, 0) for c, n in zip(colours, s.medicine[v], strict=True) if n)
    for i, b in _others_beds(s, seat):
        victim = b.patient_marker
        out.extend(_steal(victim, colours[c], 1, i + 1) for c in range(3) if b.tiles[c + 1])
    out.append(_DONE)
    return out


def _legal_sell(s: PlayerBoards, task: T.Task) -> list[Action]:
    seat = task.seat
    out: list[Action] = [
        A.Sell(c) for c, n in zip(s.game.colours, s.medicine[seat], strict=True) if n
    ]
    out.append(_DONE)
    return out


def _legal_pickpocket(s: PlayerBoards, task: T.Pickpocket) -> list[Action]:
    seat, victim = task.seat, task.victim
    colours = s.game.colours
    out: list[Action] = []
    for v in range(s.game.players) if victim == -1 else (victim,):
        if v == seat:
            continue
        if victim == -1 and s.bucks[v]:
            out.append(_steal(v, "buck", min(2, s.bucks[v]), 0))
        out.extend(_steal(v, c, 1, 0) for c, n in zip(colours, s.medicine[v], strict=True) if n)
    out.append(_DONE)
    return out


def _legal_watch(s: PlayerBoards, task: T.Task) -> list[Action]:
    out: list[Action] = [A.Watch(i + 1) for i, b in _others_beds(s, task.seat) if b.watcher is None]
    out.append(_DONE)
    return out


def _legal_chillax(s: PlayerBoards, task: T.ChillaxMan) -> list[Action]:
    if s.beds[3] is not None:
        return [A.Chillax(True), _DONE]
    beds = [b is not None for b in s.beds]
    if beds != sorted(beds):  # a gap to close: a patient left of an empty bed
        return [A.Chillax(False), _DONE]
    return []


def _legal_readmit(s: PlayerBoards, task: T.ReadmitPatient) -> list[Action]:
    if s.beds[0] is not None:
        return []
    names = sorted(set(s.discard) - {task.excluded})
    out: list[Action] = [A.Readmit(n, m) for n in names for m in (False, True)]
    out.append(_DONE)
    return out


def _legal_malinger(s: PlayerBoards, task: T.Task) -> list[Action]:
    out: list[Action] = [A.Malinger(i + 1) for i, b in enumerate(s.beds) if b is not None]
    out.append(_DONE)
    return out


#: The legal choices of a player board's one-choice action, by its space id.
_BOARD_SPACE_LEGAL: dict[str, Any] = {
    "steal_skill": _legal_steal_skill,
    "my_patient_now": _legal_take_over,
    "calling_in_a_favor": _legal_favor_steal,
    "sell_medicine": _legal_sell,
    "watch_and_learn": _legal_watch,
    "malingerer": _legal_malinger,
}


def _legal_board_space(s: PlayerBoards, task: T.BoardSpace) -> list[Action]:
    return _BOARD_SPACE_LEGAL[task.space](s, task)  # type: ignore[no-any-return]


#: The legal choices of each task this module queues (task class -> function of state, task).
TASK_LEGAL: dict[type, Any] = {
    T.BoardSpace: _legal_board_space,
    T.Pickpocket: _legal_pickpocket,
    T.ChillaxMan: _legal_chillax,
    T.ReadmitPatient: _legal_readmit,
}
