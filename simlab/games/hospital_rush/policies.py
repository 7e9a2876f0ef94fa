"""Hospital Rush policies: random, honest, opportunist and greedy.

The three rule-of-thumb policies share one scorer: each legal action gets a
quick estimate of its worth for the seat (prestige soon, tiles for its
patient, bucks) and the best is played, ties broken at random.  They differ
only in the red (unfair) spaces:

- ``honest`` never places an action marker on a red space;
- ``opportunist`` uses red spaces only when seated late in the round (one
  of the last two seats of the placing order, second marker), when few
  opponents can still rat it out;
- ``greedy`` uses red spaces whenever they score best, with a small charge
  for every opponent still to place while the rat-out space is free.

Examples
--------
>>> import simlab
>>> game = simlab.load_game("hospital_rush", players=3)        # doctest: +SKIP
>>> record = simlab.play(game, ["honest", "opportunist", "greedy"], seed=2)  # doctest: +SKIP
>>> make("honest", 0).name
'honest'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from simlab.core.api import Action
from simlab.core.policies import RandomPolicy
from simlab.games.hospital_rush import actions as A

__all__ = ["POLICIES", "RuleOfThumbPolicy", "make"]

POLICIES = ("random", "honest", "opportunist", "greedy")
_SKILL_ORDER = {"Finance": 4, "Intensive care": 3, "Pharmacy": 2, "Management": 1}


def make(name: str, seat: int) -> Any:
    """Build the policy called ``name`` for ``seat``; ``None`` for a name that is none of them.

    The game's roster (``simlab/games/hospital_rush/__init__.py``) names it.

    Examples
    --------
    >>> make("greedy", 1).red, make("lazy", 0)
    ('always', None)
    """
    if name == "random":
        return RandomPolicy()
    if name in ("honest", "opportunist", "greedy"):
        return RuleOfThumbPolicy(name)
    return None


class RuleOfThumbPolicy:
    """Score every legal action with rules of thumb; play the best.

    Parameters
    ----------
    name : {"honest", "opportunist", "greedy"}
        Also decides the use of red spaces (see the module docstring).
    """

    uses_view = True

    def __init__(self, name: str) -> None:
        self.name = name
        self.red = {"honest": "never", "opportunist": "late", "greedy": "always"}[name]

    def act(self, view: Any, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        """Choose the best-scoring legal action for the seat to act in ``view``."""
        if len(legal) == 1:
            return legal[0]
        seat = view.current_player
        scores = [self.score(view, seat, a) for a in legal]
        best = max(scores)
        top = [a for a, s in zip(legal, scores, strict=True) if s == best]
        return top[int(rng.integers(len(top)))] if len(top) > 1 else top[0]

    # -- scoring -------------------------------------------------------------------------
    def score(self, s: Any, seat: int, action: Action) -> float:
        """Rough worth of ``action`` for ``seat`` in position ``s`` (higher is better)."""
        if isinstance(action, A.Place):
            return self._place_score(s, seat, action.space)
        if isinstance(action, A.Done):
            return 0.0
        if isinstance(action, A.TakeMedicine):
            return 2.0 + self._wanted(s, seat, action.colour)
        if isinstance(action, A.Treat):
            return self._patient_worth(s, seat, action.bed - 1)
        if isinstance(action, A.PlaceTile):
            task = s.tasks[0]
            free = task.free or (action.tile == "patch" and task.patch_free)
            return 3.0 if free else (1.0 if s.bucks[seat] > 1 else -0.5)
        if isinstance(action, A.Appoint):
            if self.red == "never" or s.game.players < 3:
                return 1.0 if action.seat == seat else 0.0
            return 1.0 if action.seat == (seat + 1) % s.game.players else 0.0
        if isinstance(action, A.Learn):
            return _SKILL_ORDER.get(action.skill, 0)
        if isinstance(action, (A.RatOut, A.TellTheBoss)):
            # punish every opponent, the nearest clockwise first (so none is skipped)
            return 2.0 - 0.01 * ((action.victim - seat) % s.game.players)
        if isinstance(action, A.Chillax):
            return self._chillax_worth(s, seat)
        if isinstance(action, A.Penalty):
            return 1.0 if action.bucks and s.bucks[seat] - action.bucks >= 0 else 0.5
        if isinstance(action, A.Steal):
            if action.item == "buck":
                return 1.0 + action.count
            return 1.5 + self._wanted(s, seat, action.item)
        if isinstance(action, A.Bribe):
            return 2.0 * (1 if action.bucks == 3 else 2) - 0.2 * action.bucks
        if isinstance(action, A.EarlyDischarge):
            left = sum(s.needs(action.bed - 1))
            return 1.0 if action.discharge == (left >= 3 or s.round > 20) else 0.0
        if isinstance(action, A.Readmit):
            return 1.0 + action.mark
        return 1.0

    def _chillax_worth(self, s: Any, seat: int) -> float:
        """Discharging bed 4 is good unless it scores an opponent or loses our own work."""
        bed = s.beds[3]
        if bed is None:
            return 0.5
        cured = s.is_cured(3)
        if bed.patient_marker == seat:
            return 3.0 if cured else -0.5
        if bed.patient_marker is not None:
            return -1.0 if cured else 1.0
        return 0.5

    def _wanted(self, s: Any, seat: int, colour: str) -> float:
        bed = s.patient_of(seat)
        if bed is None:
            return 0.0
        c = s.game.colours.index(colour)
        missing = s.needs(bed)[c + 1] - s.medicine[seat][c]
        return 2.0 if missing > 0 else 0.0

    def _patient_worth(self, s: Any, seat: int, bed: int) -> float:
        b = s.beds[bed]
        card = s.game.patients[b.patient]
        need = s.needs(bed)
        left = sum(need)
        have = need[0] + sum(min(n, m) for n, m in zip(need[1:], s.medicine[seat], strict=True))
        own = 1.0 if b.patient_marker == seat else 0.0
        return card.prestige / (1 + left) + 0.5 * have + own + 0.2 * (bed + 1 < 4)

    def _red_allowed(self, s: Any, seat: int) -> bool:
        if self.red == "never":
            return False
        if self.red == "always":
            return True
        n = s.game.players
        return s.placed >= n and s.placement_index(seat) >= n - 2

    def _place_score(self, s: Any, seat: int, space: str) -> float:
        game = s.game
        kind = game.space[space]
        if kind == "red" and not self._red_allowed(s, seat):
            return -100.0
        bucks = s.bucks[seat]
        mine = s.patient_of(seat)
        value = _BASE.get(space, 1.5)
        if space.startswith("treat"):
            open_beds = [
                i
                for i, b in enumerate(s.beds)
                if b is not None and b.patient_marker in (None, seat)
            ]
            if not open_beds:
                return -1.0
            best = max(self._patient_worth(s, seat, i) for i in open_beds)
            value += best + (1.0 if space == "treat_patient_2" else 0.0)
        elif space.startswith("fetch") or space in ("free_samples", "raid_the_chest"):
            if not any(s.chest):
                return -1.0
            if mine is not None:
                need = s.needs(mine)
                value += sum(max(0, n - m) for n, m in zip(need[1:], s.medicine[seat], strict=True))
        elif kind == "night":
            value += game.amount[space] / 2 - bucks / 3
        elif space == "study":
            value = 5.0 - len(s.skills[seat]) if bucks >= 3 else -1.0
        elif space.startswith("final_exam"):
            ok = not s.exam[seat] and bucks >= game.amount[space]
            value = 2.5 * len(s.skills[seat]) if ok else -1.0
        elif space.startswith("bribe"):
            cost = game.amount[space] or (5 if bucks >= 5 else 3)
            value = (4.0 if cost == 3 else 7.0) if bucks >= cost else -1.0
        elif space == "rat_out":
            value += 1.5 * (s.red_markers() - s.red_markers(seat))
        if kind == "red" and self.red == "always" and "rat_out" not in s.occupied:
            value -= 0.5 * (2 * game.players - s.placed - 1)
        return value


#: Base worth of each space before the position is considered.
_BASE = {
    "treat_patient_2": 2.0,
    "treat_patient_1": 1.0,
    "fetch_medicine_2": 2.0,
    "fetch_medicine_1": 1.0,
    "rat_out": 1.0,
    "sabotage": 3.0,
    "overtime": 2.0,
    "cook_the_books": 3.0,
    "pickpocket": 3.5,
    "calling_in_a_favor": 3.0,
    "sell_medicine": 0.5,
    "steal_skill": 1.0,
    "my_patient_now": 2.0,
    "watch_and_learn": 1.5,
    "chillax": 1.0,
    "feel_good_music": 2.0,
    "malingerer": 0.5,
    "telling_the_boss": 1.5,
    "free_samples": 1.5,
    "raid_the_chest": 2.5,
}
