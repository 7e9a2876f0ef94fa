"""Bedpans & Broomsticks policies: a heuristic Elder and a heuristic Staff.

Both see only their seat's view (another player's Elder and Decoy look the
same; hands are hidden) and work on distance fields over the layout
(breadth-first search from a set of goal spaces, ignoring who stands where) to the
goals each Character heads for (:mod:`simlab.games.bedpans.routes`).

- **Elder** (seats 1..): the Elder heads for a known Exit, else for the
  nearest unexplored open edge (or, with ground floors found, the Elevator
  and Stairs), keeping clear of Staffers; the Decoy heads for the space next
  to the Staffer nearest the Elder, to block it; free Stuff is taken.
- **Staff** (seat 0): moves the Staffer nearest to a Resident, chasing known
  Elders first (otherwise every token), the Doctor first on ties; once a
  Resident is within ``GUARD`` moves of an Exit, the Exits are goals too (a
  Staffer nearer to an Exit guards it); turns new tiles to show the fewest
  open edges onto empty tile positions (lengthening the Elders' way) and sends
  Staffers to new stations.

Both play Stuff and Door-markers where it plainly helps (see
:mod:`simlab.games.bedpans.stuff_policy`), try a blocked door when going round
it is much longer, and an Elder holding Plans! turns tiles to show the most
open edges.

Examples
--------
>>> import simlab
>>> game = simlab.load_game("bedpans", players=3)
>>> record = simlab.play(game, ["heuristic", "heuristic", "random"], seed=1)
>>> record.outcome is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

import numpy as np

from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import DX, DY, Space
from simlab.games.bedpans.components import OPEN, STAFFERS
from simlab.games.bedpans.moves import STEP_DIRS
from simlab.games.bedpans.parts import Decide
from simlab.games.bedpans.routes import FAR, distance_field, goals, mover_cost, step_target
from simlab.games.bedpans.rules import BedpansState
from simlab.games.bedpans.stuff import ABILITIES
from simlab.games.bedpans.stuff_policy import choose, closer, guess

__all__ = ["HeuristicPolicy", "make"]

#: Moves a try at a blocked door is worth (Jammed Door: 3 tries on average).
TRY_COST = 3


class HeuristicPolicy:
    """The heuristic Elder (seats 1..) or Staff (seat 0); see the module docstring."""

    uses_view = True

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.name = "heuristic"

    def act(self, view: BedpansState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        """Choose one of ``legal`` seeing only ``view`` (this seat's view)."""
        if len(legal) == 1:
            return legal[0]
        kind = cast(Decide, view.need).decision
        if kind == "move" or kind == "chair":
            return self._move(view, legal)
        if kind == "choose":
            return self._choose(view, legal)
        if kind == "place" or kind == "special":
            sign = -1 if self.seat > 0 else 1  # an Elder with Plans! opens the layout up
            return min(legal, key=lambda a: (sign * self._open_edges(view, a), str(a)))
        if kind == "explore" and self.seat > 0:
            return self._explore(view, legal)
        if kind == "station" or kind == "extra":
            sends = [a for a in legal if isinstance(a, A.SendStaffer)]
            if self.seat > 0 or not sends:  # an Elder's New Shift: no second Nurse
                return next((a for a in legal if isinstance(a, A.LeaveStation)), legal[0])
            return sends[-1]
        if kind == "decoy":
            return self._decoy(view)
        if kind == "window":
            return self._stuff(view, legal, rng)
        if kind == "exchange":
            return A.Pass() if A.Pass() in legal else legal[0]
        if kind == "guess":
            return guess(view, self.seat, legal, rng)
        if kind == "closer":
            return closer(view, self.seat, legal)
        return legal[0]

    def _decoy(self, view: BedpansState) -> Any:
        colour = view.colour_of(self.seat)
        toks = view.tokens[colour]
        elder_at = toks[view.elder[colour]]
        if toks[1 - view.elder[colour]] is None and elder_at is not None:
            return A.PlaceDecoy(elder_at)
        return A.Pass()

    def _stuff(self, view: BedpansState, legal: Sequence[Any],
               rng: np.random.Generator) -> Any:
        """Play Stuff where it plainly helps (issue 5), else pass.

        Elders: Laughing Gas on a Staffer in their space, Hurry Up on
        themselves, Coffee Break and a Flying Bedpan on the closest Staffer in
        the Staff turn.  Staff: Steroids! or Laughing Gas on an Elder caught
        with one Staffer, Detector on the active Elder, Hurry Up on a Staffer.
        Then the other kinds and Door-markers, by
        :func:`simlab.games.bedpans.stuff_policy.choose`.
        """
        pick = self._first_wanted(view, legal)
        if pick is None and len(legal) > 1:
            pick = choose(view, self.seat, legal, rng)
        if pick is not None:
            return pick
        return A.Pass() if A.Pass() in legal else legal[0]

    def _first_wanted(self, view: BedpansState, legal: Sequence[Any]) -> Any:
        """The first Stuff play of ``legal`` that :meth:`_stuff` names, or None."""
        mine = view.active == self.seat
        elder_turn = view.active > 0
        if self.seat > 0:
            colour = view.colour_of(self.seat)
            wanted = [("Laughing Gas", lambda t: t in STAFFERS)]
            if mine:
                wanted.append(("Hurry Up", lambda t: t == colour))
            if not elder_turn:
                wanted += [("Coffee Break", lambda t: True), ("Flying Bedpan", lambda t: True)]
        else:
            wanted = [("Steroids!", lambda t: True),
                      ("Laughing Gas", lambda t: t not in STAFFERS)]
            if elder_turn:
                wanted.append(("Detector", lambda t: True))
            else:
                wanted.append(("Hurry Up", lambda t: True))
        kinds = {kind for kind, _ in wanted}  # most windows offer none of them: no sorting
        plays = [a for a in legal  # (PlayStuff has no subclasses)
                 if type(a) is A.PlayStuff and ABILITIES.get(a.kind, a.kind) in kinds]
        if not plays:
            return None
        if self.seat > 0:  # the closest chaser first (Flying Bedpan, Laughing Gas)
            own = [p for p in view.tokens[view.colour_of(self.seat)] if p is not None]

            def near(a: A.PlayStuff) -> int:
                where = view.position(a.target) if a.target in STAFFERS else None
                if where is None:
                    return 10**6
                return min((abs(where[1] - p[1]) + abs(where[2] - p[2]) for p in own
                            if p[0] == where[0]), default=10**5)

            plays = sorted(plays, key=near)
        for kind, ok in wanted:
            for a in plays:
                if ABILITIES.get(a.kind, a.kind) == kind and ok(a.target):
                    return a
        return None

    # -- helpers ----------------------------------------------------------------------------
    def _open_edges(self, view: BedpansState, action: A.PlaceTile) -> int:
        """Open edges of the placed tile onto empty tile positions: the new frontier.

        (Counting every open edge of the tile would not tell its turns apart.)
        """
        g = view.game.geo[action.tile][action.rot]
        pos = action.position
        floor, tx, ty = pos
        count = 0
        for i in range(9):
            x, y = 3 * tx + i % 3, 3 * ty + i // 3
            for d in range(4):
                if g.edges[i][d] == OPEN:
                    npos = (floor, (x + DX[d]) // 3, (y + DY[d]) // 3)
                    count += npos != pos and npos not in view.tiles and npos not in view.sealed
        return count

    def _explore(self, view: BedpansState, legal: Sequence[Any]) -> Any:
        """An Elder with Plans! explores the open edge nearest its Elder."""
        colour = view.colour_of(self.seat)
        at = view.tokens[colour][view.elder[colour]]
        if at is None:
            return legal[0]

        def key(a: A.Explore) -> tuple:
            f, tx, ty = a.position
            return (f != at[0], abs(3 * tx + 1 - at[1]) + abs(3 * ty + 1 - at[2]), str(a))

        return min(legal, key=key)

    def _move(self, view: BedpansState, legal: Sequence[Any]) -> Any:
        if A.TakeStuff() in legal and view.took == 0:
            return A.TakeStuff()
        mover = cast(str, view.mover)  # a move or chair decision has its mover
        here = cast(Space, view.position(mover))  # ... on the layout
        cost = mover_cost(view, mover)
        best: A.Step | A.Stop | A.TryDoor = A.Stop()
        best_cost = cost(here)
        for a in legal:
            if isinstance(a, A.Step):
                c = cost(step_target(here, a, view))
            elif isinstance(a, A.TryDoor):  # worth it when going round is much longer
                d = STEP_DIRS[a.direction]
                c = cost((here[0], here[1] + DX[d], here[2] + DY[d])) + TRY_COST
            else:
                continue
            if c < best_cost:
                best, best_cost = a, c
        return best if best in legal else legal[-1]

    def _choose(self, view: BedpansState, legal: Sequence[Any]) -> Any:
        """The token or Staffer to move.  Under "Roll Movement Dice & Assign" the roll is
        known: an Elder gives a result of 4 or more (the mean of the 2 dice still to come)
        to its Elder, a smaller one to its Decoy; the Staff gives its dice to the Staffer
        they bring closest to its goal."""
        if self.seat > 0:
            colour = view.colour_of(self.seat)
            i = view.elder[colour]
            pick = f"{colour} {i + 1}"
            if 0 < view.pending < 4:
                pick = f"{colour} {2 - i}"
            if A.ChooseMover(pick) in legal:
                return A.ChooseMover(pick)
            return legal[0]
        field = distance_field(view, goals(view, "Doctor")[0])
        dice = view.dice

        def key(a: A.ChooseMover) -> tuple:
            where = view.position(a.mover)
            left = field.get(where, FAR) if where else FAR
            if dice:
                left -= view.dice_result(a.mover)
            return (left, a.mover != "Doctor", a.mover)

        return min(legal, key=key)


def make(name: str, seat: int) -> HeuristicPolicy | None:
    """The policy ``name`` for ``seat``, or ``None`` if it is not one of the game's own.

    The game's roster (``simlab/games/bedpans/__init__.py``) names it.
    """
    if name == "heuristic":
        return HeuristicPolicy(seat)
    return None
