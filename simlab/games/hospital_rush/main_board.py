"""The action spaces of Hospital Rush's main board: fetch medicine, night shift, study, rat
out, final exam, sabotage and bribe ("treat patient" is in :mod:`.treatment`).

A mixin of :class:`~simlab.games.hospital_rush.rules.HospitalRushState`.  Placing on a space
runs its effect (a ``_fx_`` method, by the ``_SPACE_EFFECTS`` table of :mod:`.rules`): bucks
are taken at once (:meth:`MainBoard._fx_night_shift`, :meth:`MainBoard._fx_rat_out`), and
every choice becomes a task, decided one small action at a time: medicine from the chest
(:meth:`MainBoard._take_medicine`), the next starting player (:meth:`MainBoard._appoint`), a
skill (:meth:`MainBoard._learn`, :func:`learnable`), whom to rat out
(:meth:`MainBoard._denounce`, also for "I'm telling the boss"), the ratted-out's penalty
(:meth:`MainBoard._penalty`), the exam (:meth:`MainBoard._final_exam`), a bribe
(:meth:`MainBoard._bribe_choice`).  :meth:`MainBoard._steal_it` takes the tiles of a steal,
for Sabotage and for the player boards' Calling in a favor and Pickpocket.  Readings:
``docs/rulings/hospital_rush.md``.

Examples
--------
>>> from simlab.games.hospital_rush.rules import HospitalRushGame
>>> s = HospitalRushGame(players=3).new_initial_state()
>>> s.occupied = {"sabotage": [1]}            # Seat 1's marker on a red space
>>> s._fx_rat_out(0, "rat_out", [])           # 1 buck, and 1 for each red marker
>>> s.bucks, s.tasks
([3, 1, 1], [Denounce(seat=0, victims=(1,), to_the_boss=False)])
>>> _legal_rat_out(s, s.tasks[0])             # the rat may punish Seat 1, or forfeit
[RatOut(victim=1), Done()]
>>> [str(e) for e in s._denounce(A.RatOut(1))]
['Seat 0: Rat out Seat 1', 'Seat 1 is ratted out (1 red)']
>>> _legal_penalty(s, s.tasks[0])             # pay 1 buck or lose 1 prestige point
[Penalty(bucks=1), Penalty(bucks=0)]
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any

from simlab.core.api import Action, Event
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush import tasks as T
from simlab.games.hospital_rush.fields import _DONE, StateFields

__all__ = ["BRIBES", "MainBoard", "learnable"]

#: Bribe: bucks paid -> prestige points gained.
BRIBES = {3: 1, 5: 2}

_take = functools.cache(A.TakeMedicine)
_steal = functools.cache(A.Steal)
_penalty = functools.cache(A.Penalty)


class MainBoard(StateFields):
    """The main board's action spaces, for
    :class:`~simlab.games.hospital_rush.rules.HospitalRushState`."""

    # -- effects of placing a marker ------------------------------------------------------
    def _fx_fetch(self, seat: int, space: str, events: list[Event]) -> None:
        free = self.game.amount.get(space, 1)
        self.tasks.append(T.FetchMedicine(seat, free, 1 if free == 1 else 0))

    def _fx_night_shift(self, seat: int, space: str, events: list[Event]) -> None:
        if not self._may_forfeit(seat, self.game.amount[space], "the night shift"):
            got = self._gain(seat, self.game.amount[space])
            events.append(Event(f"Seat {seat} takes {got} bucks for the night shift", "bucks",
                                seat))
        if space == "night_shift_1":
            self.tasks.append(T.AppointStartingPlayer(seat))

    def _fx_study(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.LearnSkill(seat))

    def _fx_rat_out(self, seat: int, space: str, events: list[Event]) -> None:
        if self._may_forfeit(seat, 1 + self.red_markers(), "rat out"):
            events.append(Event(f"Seat {seat} rats out", "rat_out", seat))
        else:
            got = self._gain(seat, 1 + self.red_markers())
            events.append(Event(f"Seat {seat} rats out and takes {got} bucks", "rat_out", seat))
        self.tasks.append(T.Denounce(seat, self.red_opponents(seat)))

    def _fx_final_exam(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.TakeFinalExam(seat, self.game.amount[space]))

    def _fx_sabotage(self, seat: int, space: str, events: list[Event]) -> None:
        self.tasks.append(T.Sabotage(seat, (), space == "cook_the_books"))

    def _fx_bribe(self, seat: int, space: str, events: list[Event]) -> None:
        cost = self.game.amount[space]
        self.tasks.append(T.BribeStaff(seat, tuple(BRIBES) if cost == 0 else (cost,)))

    def _may_forfeit(self, seat: int, bucks: int, why: str) -> bool:
        """Option ``payouts=may-forfeit`` (ruling 6): the ``bucks`` an action pays become a
        choice, taken (``Take 3 bucks for the night shift``) or forfeited (``Done``), queued
        before the rest of the action; returns whether it was queued."""
        if self.game.options["payouts"] != "may-forfeit":
            return False
        self.tasks.append(T.TakeBucks(seat, bucks, why))
        return True

    # -- decisions -------------------------------------------------------------------
    def _take_bucks(self, action: A.TakeBucks) -> list[Event]:
        seat = self.tasks.pop(0).seat
        got = self._gain(seat, action.bucks)
        return [Event(f"Seat {seat} takes {got} bucks for {action.why}", "bucks", seat)]

    def _take_medicine(self, action: A.TakeMedicine) -> list[Event]:
        task = self._task(T.FetchMedicine)
        seat, free, paid = task.seat, task.free, task.paid
        c = self.game.colours.index(action.colour)
        if free:
            free -= 1
        else:
            paid -= 1
            self._pay(seat, 1)
        self.chest[c] -= 1
        self.medicine[seat][c] += 1
        self.tasks[0] = T.FetchMedicine(seat, free, paid)
        return [Event(f"Seat {seat}: {action}", "medicine", seat)]

    def _appoint(self, action: A.Appoint) -> list[Event]:
        seat = self.tasks.pop(0).seat
        self.next_start = action.seat
        return [Event(f"Seat {seat}: {action}", "appoint", seat)]

    def _learn(self, action: A.Learn) -> list[Event]:
        seat = self.tasks.pop(0).seat
        self._pay(seat, self.game.data.supply["study_cost"])
        self.study_markers -= 1
        self.skills[seat].append(action.skill)
        return [Event(f"Seat {seat}: {action}", "study", seat)]

    def _denounce(self, action: A.RatOut | A.TellTheBoss) -> list[Event]:
        """Rat out (or tell the boss about) one opponent: their penalty comes next, then the
        rest of the opponents the informer may still punish (those after it, clockwise)."""
        task = self._task(T.Denounce)
        seat, victims, v = task.seat, task.victims, action.victim
        rest = dataclasses.replace(task, victims=victims[victims.index(v) + 1 :])
        if not task.to_the_boss:
            count = self.red_markers(v)
            penalty = T.PayPenalty(v, count, 1)
            text = f"Seat {v} is ratted out ({count} red)"
        else:
            penalty = T.PayPenalty(v, 1, 2)
            text = f"Seat {v} is reported to the boss"
        self.tasks[0:1] = [penalty, rest]
        return [Event(f"Seat {seat}: {action}", "denounce", seat), Event(text, "ratted", v)]

    def _penalty(self, action: A.Penalty) -> list[Event]:
        task = self._task(T.PayPenalty)
        seat, count = task.seat, task.count
        lost = None
        if action.bucks:
            self._pay(seat, action.bucks)
        else:
            lost = self._score(seat, -1)
        if count > 1:
            self.tasks[0] = dataclasses.replace(task, count=count - 1)
        else:
            self.tasks.pop(0)
        return [Event(f"Seat {seat}: {action}", "penalty", seat, score=lost)]

    def _task_done(self, step: Callable[[int, int, list[Event]], None], cost: int) -> list[Event]:
        """The task on top is decided: ``step(seat, cost, events)`` for its seat."""
        seat = self.tasks.pop(0).seat
        events: list[Event] = []
        step(seat, cost, events)
        return events

    def _final_exam(self, action: A.FinalExam) -> list[Event]:
        return self._task_done(self._take_exam, action.bucks)

    def _take_exam(self, seat: int, cost: int, events: list[Event]) -> None:
        self._pay(seat, cost)
        self.study_markers -= 1
        self.exam[seat] = True
        points = len(self.skills[seat])
        got = self._score(seat, points)
        events.append(Event(f"Seat {seat} takes the final exam: +{points} prestige", "exam", seat,
                            score=got))

    def _steal_it(self, action: A.Steal) -> list[Event]:
        task = self.tasks[0]
        seat = task.seat
        v, item = action.victim, action.item
        if item == "buck":
            self.bucks[v] -= action.count
            self.bucks[seat] += action.count
        else:
            c = self.game.colours.index(item)
            if action.bed:
                bed = self._bed(action.bed - 1)
                bed.tiles[c + 1] -= 1
            else:
                self.medicine[v][c] -= 1
            self.medicine[seat][c] += 1
        for _ in range(action.count):
            self.steals.append((seat, v, item))
        if isinstance(task, T.Sabotage):
            taken = (*task.taken, v)
            self.tasks[0] = dataclasses.replace(task, taken=taken)
            if len(taken) == 2:
                self.tasks.pop(0)
        elif isinstance(task, T.Pickpocket) and item != "buck" and task.victim == -1:
            self.tasks[0] = T.Pickpocket(seat, v)
        else:
            self.tasks.pop(0)
        return [Event(f"Seat {seat}: {action}", "steal", seat)]

    def _bribe_choice(self, action: A.Bribe) -> list[Event]:
        return self._task_done(self._bribe, action.bucks)

    def _bribe(self, seat: int, cost: int, events: list[Event]) -> None:
        self._pay(seat, cost)
        got = self._score(seat, BRIBES[cost])
        events.append(Event(f"Seat {seat} bribes for {BRIBES[cost]} prestige", "bribe", seat,
                            score=got))


# -- task legality -------------------------------------------------------------------------


def _legal_fetch(s: MainBoard, task: T.FetchMedicine) -> list[Action]:
    seat, free, paid = task.seat, task.free, task.paid
    if not free and not (paid and s.bucks[seat] >= 1):
        return []
    out: list[Action] = [_take(c) for c, n in zip(s.game.colours, s.chest, strict=True) if n]
    out.append(_DONE)
    return out


def _legal_appoint(s: MainBoard, task: T.AppointStartingPlayer) -> list[Action]:
    return [A.Appoint(p) for p in range(s.game.players)]


def _legal_study(s: MainBoard, task: T.LearnSkill) -> list[Action]:
    seat = task.seat
    if s.bucks[seat] < s.game.data.supply["study_cost"] or not s.study_markers:
        return []
    return [*(A.Learn(k) for k in learnable(s.skills[seat])), _DONE]


def learnable(skills: list[str]) -> list[str]:
    """Skills not yet learned that may be learned (Management needs 2 others first).

    Examples
    --------
    >>> learnable(["Finance"])
    ['Intensive care', 'Pharmacy']
    >>> learnable(["Finance", "Pharmacy"])
    ['Intensive care', 'Management']
    """
    from simlab.games.hospital_rush.components import SKILLS

    out = [k for k in SKILLS if k not in skills]
    if len(skills) < 2 and "Management" in out:
        out.remove("Management")
    return out


def _legal_rat_out(s: MainBoard, task: T.Denounce) -> list[Action]:
    if not task.victims:
        return []
    if task.to_the_boss:
        return [*(A.TellTheBoss(v) for v in task.victims), _DONE]
    return [*(A.RatOut(v) for v in task.victims), _DONE]


def _legal_penalty(s: MainBoard, task: T.PayPenalty) -> list[Action]:
    seat, amount = task.seat, task.bucks
    if s.bucks[seat] >= amount:
        return [_penalty(amount), _penalty(0)]
    return [_penalty(0)]


def _legal_sabotage(s: MainBoard, task: T.Sabotage) -> list[Action]:
    seat, taken, bucks_only = task.seat, task.taken, task.bucks_only
    out: list[Action] = []
    for v in range(s.game.players):
        if v == seat or v in taken:
            continue
        if s.bucks[v]:
            out.append(_steal(v, "buck", 1, 0))
        if not bucks_only:
            out.extend(
                _steal(v, c, 1, 0) for c, n in zip(s.game.colours, s.medicine[v], strict=True) if n
            )
    out.append(_DONE)
    return out


def _legal_bribe(s: MainBoard, task: T.BribeStaff) -> list[Action]:
    seat, costs = task.seat, task.costs
    money = s.bucks[seat]
    return [*(A.Bribe(c) for c in costs if money >= c), _DONE]


def _legal_take_bucks(s: MainBoard, task: T.TakeBucks) -> list[Action]:
    return [A.TakeBucks(task.bucks, task.why), _DONE]


def _legal_exam(s: MainBoard, task: T.TakeFinalExam) -> list[Action]:
    seat, cost = task.seat, task.cost
    if s.exam[seat] or s.bucks[seat] < cost or not s.study_markers:
        return []
    return [A.FinalExam(cost), _DONE]


#: The legal choices of each task this module queues (task class -> function of state, task).
TASK_LEGAL: dict[type, Any] = {
    T.FetchMedicine: _legal_fetch,
    T.AppointStartingPlayer: _legal_appoint,
    T.LearnSkill: _legal_study,
    T.Denounce: _legal_rat_out,
    T.PayPenalty: _legal_penalty,
    T.Sabotage: _legal_sabotage,
    T.BribeStaff: _legal_bribe,
    T.TakeFinalExam: _legal_exam,
    T.TakeBucks: _legal_take_bucks,
}
