"""Bad Doctor policies: heuristic doctors that see only their view.

Every policy scores each legal action with a few features of the view
(does a placement cure? how close to death is the Patient? whose Doctor
Markers are on it?) and takes the best, breaking ties at random with the
generator it is given.

- ``greedy``: the curer: cure progress first, then visiting the Patient
  closest to death.
- ``bad``: the Bad Doctor: scores first (cures where its own markers are),
  spreads its markers, and lets Patients die when that pays: it visits a
  Patient about to die on its own shift only when rivals would bank markers
  there, never tends Patients that will die on a rival's shift, and adds
  cubes where its own markers are (a death on a rival's shift banks them).
- ``cautious``: never leaves a Patient with one free cube space (or none)
  unvisited when an action can visit it; otherwise like ``greedy``.

Examples
--------
>>> import simlab
>>> game = simlab.load_game("bad_doctor", players=3)
>>> record = simlab.play(game, ["greedy", "bad", "cautious"], seed=2)
>>> record.outcome is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.actions import (
    ActivateBonus,
    AddCube,
    DeclineBonus,
    DiscardTile,
    DrawTile,
    MoveCube,
    NoMarker,
    PlaceTile,
    RemoveCube,
    RemoveMarker,
    RemoveTile,
    TakeBackMarker,
)

__all__ = ["POLICIES", "BadDoctorPolicy", "CautiousPolicy", "GreedyPolicy", "HeuristicPolicy",
           "make"]

#: Worth of a bonus to the player who takes it (a rough guide for placements).
_BONUS_WORTH = {
    "": 0.0,
    "Draw 1": 4.0,
    "Draw 2": 7.0,
    "All Draw 1": 2.0,
    "Move Cube": 3.0,
    "Add Cube": 1.0,
    "Remove Cube": 4.0,
    "Place Tile": 6.0,
    "Remove Tile": 1.0,
    "Add Patient": 0.0,
}


class HeuristicPolicy:
    """Score every legal action, take the best (ties broken at random).

    Subclasses set the weights; all features come from the view.

    Attributes
    ----------
    danger : int
        A Patient with at most this many free cube spaces, unvisited, is in danger.
    rescue : float
        Worth of visiting a Patient in danger.
    progress : float
        Worth of each open Malady space a placement closes.
    cure : float
        Worth of a cure; ``own_cure`` adds this much per own marker on it.
    rival_weight : float
        Extra worth of rescuing a Patient in danger, per rival marker on it
        (a death on this doctor's shift banks them for the rivals).
    urgency : float
        Worth of visiting an unvisited Patient, times 3 / (1 + free cube spaces).
    """

    name = "heuristic"
    uses_view = True
    danger = 0
    rescue = 200.0
    progress = 30.0
    cure = 1000.0
    own_cure = 0.0
    rival_weight = 0.0
    spread = 0.0
    draw = 20.0
    urgency = 10.0

    def act(self, view: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        """Choose one of ``legal`` from what ``view`` shows."""
        if len(legal) == 1:
            return legal[0]
        scores = np.array([self.score(view, a) for a in legal], dtype=float)
        best = np.flatnonzero(scores >= scores.max() - 1e-9)
        return legal[int(best[rng.integers(len(best))])]

    # -- features ----------------------------------------------------------------
    @staticmethod
    def _rivals(view: Any, patient: board.Patient, seat: int) -> int:
        return sum(1 for _, o in patient.junctions.values() if o >= 0 and o != seat)

    def _in_danger(self, patient: board.Patient) -> bool:
        return not patient.visited and board.free_cube_spaces(patient) <= self.danger

    def _urgency(self, patient: board.Patient) -> float:
        return 0.0 if patient.visited else 3.0 / (1 + board.free_cube_spaces(patient))

    def score(self, view: Any, action: Any) -> float:
        """How much this policy likes ``action`` in ``view``."""
        seat = view.seat
        if isinstance(action, PlaceTile):
            return self._place(view, action, seat)
        if isinstance(action, DrawTile):
            return self.draw - 3.0 * len(view.hands[seat])
        if isinstance(action, DiscardTile):
            return -self._fit_count(view, action.tile)
        if isinstance(action, (ActivateBonus, NoMarker)):
            return 1.0 if isinstance(action, ActivateBonus) else 0.0
        if isinstance(action, DeclineBonus):
            return 0.5
        if isinstance(action, RemoveCube):
            return self._save(view.patient(action.patient), seat, view)
        if isinstance(action, AddCube):
            return self._harm(view.patient(action.patient), seat, view)
        if isinstance(action, MoveCube):
            return (self._save(view.patient(action.source), seat, view)
                    + self._harm(view.patient(action.target), seat, view))
        if isinstance(action, RemoveTile):
            p = view.patient(action.patient)
            owner = next(o for t, o in p.junctions.values() if t == action.tile)
            return (2.0 if owner not in (seat, -1) else -2.0 if owner == seat else 0.0) + (
                self._save(p, seat, view) if self._in_danger(p) else 0.0)
        # which of a Patient's markers: the one at the highest-numbered space, the newest
        if isinstance(action, TakeBackMarker):
            p = view.patient(action.patient)
            return 1.0 + len(board.open_spaces(p)) - 2.0 + 1e-3 * action.space
        if isinstance(action, RemoveMarker):
            p = view.patient(action.patient)
            return len(board.open_spaces(p)) + board.free_cube_spaces(p) + 1e-3 * action.space
        return 0.0

    def _fit_count(self, view: Any, tile_id: str) -> float:
        tile = view.game.tiles[tile_id]
        open_ = [m for p in view.hospital for _, m in board.open_spaces(p)]
        return sum(1 for m in open_ for e in tile.ends if e == m or "wild" in (e, m))

    def _place(self, view: Any, action: PlaceTile, seat: int) -> float:
        tile = view.game.tiles[action.tile]
        p = view.patient(action.patient)
        opens = len(board.open_spaces(p))
        after = opens - 1 + (len(tile.ends) - 1)
        mine = board.markers_of(p, seat) + (1 if view.supply[seat] > 0 else 0)
        rivals = self._rivals(view, p, seat)
        value = self.progress * (opens - after) + _BONUS_WORTH[tile.bonus] + self.spread
        if after == 0:
            value += self.cure + self.own_cure * mine
        if self._in_danger(p):
            value += self.rescue + self.rival_weight * rivals
        value += self.urgency * self._urgency(p)
        return value

    def _save(self, p: board.Patient, seat: int, view: Any) -> float:
        return 10.0 * (1 + p.cube_spaces - board.free_cube_spaces(p)) / p.cube_spaces

    def _harm(self, p: board.Patient, seat: int, view: Any) -> float:
        # cubes go where there is most room, away from this doctor's own work
        return board.free_cube_spaces(p) - 0.5 * board.markers_of(p, seat)


class GreedyPolicy(HeuristicPolicy):
    """The curer: cure progress first, then the Patient closest to death."""

    name = "greedy"


class CautiousPolicy(HeuristicPolicy):
    """Never leaves a Patient with one free cube space unvisited if it can help it."""

    name = "cautious"
    danger = 1
    rescue = 2000.0


class BadDoctorPolicy(HeuristicPolicy):
    """Scores first, spreads markers, lets rivals' Patients die when that pays."""

    name = "bad"
    cure = 100.0
    own_cure = 300.0
    rescue = 0.0
    rival_weight = 60.0
    spread = 15.0
    progress = 10.0
    urgency = 0.0

    def _harm(self, p: board.Patient, seat: int, view: Any) -> float:
        # cubes go where its own markers are: that Patient may die on a rival's
        # shift, which banks them
        return 5.0 * board.markers_of(p, seat) - 3.0 * self._rivals(view, p, seat)

    def _save(self, p: board.Patient, seat: int, view: Any) -> float:
        return 5.0 * board.markers_of(p, seat) - self._rivals(view, p, seat)


#: Registered policies by name (``random`` comes from the core).
POLICIES: dict[str, type[HeuristicPolicy]] = {
    "greedy": GreedyPolicy,
    "bad": BadDoctorPolicy,
    "cautious": CautiousPolicy,
}


def make(name: str, seat: int) -> HeuristicPolicy | None:
    """The policy ``name`` (any seat), or ``None`` if it is not one of :data:`POLICIES`.

    The game's roster (``simlab/games/bad_doctor/__init__.py``) names it.

    Examples
    --------
    >>> make("cautious", 2).name, make("genius", 0)
    ('cautious', None)
    """
    cls = POLICIES.get(name)
    return None if cls is None else cls()
