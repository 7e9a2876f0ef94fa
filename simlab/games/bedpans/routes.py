"""Where the heuristic players send each Character, and how far every space is from there.

Distance fields over the layout (breadth-first search from a set of goal spaces,
ignoring who stands where, kept with the layout they were worked out on), the
frontier still to explore, the goals of each mover (an Elder escapes, a Decoy blocks
the Staffer nearest its Elder, a Staffer chases Residents and guards the Exits) and
the cost of a space to a mover.  The heuristic policies (:mod:`.policies`), their
Stuff choices (:mod:`.stuff_policy`), the search's evaluation (:mod:`.evaluate`) and
its candidate moves (:mod:`.candidates`) read them.

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> goals(s, "red 1")[1], mover_cost(s, "Doctor")(("U", 0, 0))
(True, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import DX, DY, Space
from simlab.games.bedpans.components import STAFFERS
from simlab.games.bedpans.layout import bfs_field, layout_of
from simlab.games.bedpans.moves import STEP_DIRS
from simlab.games.bedpans.rules import BedpansState

__all__ = ["DANGER", "FAR", "GUARD", "distance_field", "escape_goals", "frontier", "goals",
           "mover_cost", "step_target"]

#: Extra cost the Elder puts on a space holding or next to a Staffer.
DANGER = 6
#: The Staff guards an Exit once a Resident is this many moves from it.
GUARD = 8
#: "Unreachable" in a distance field.
FAR = 10**6


def distance_field(state: BedpansState, goals: Iterable[Space],
                   cut: Collection[tuple[Space, Space]] = ()) -> dict[Space, int]:
    """Moves from every space to the nearest of ``goals`` (multi-source BFS).

    Parameters
    ----------
    state : BedpansState
        The position (only the layout is read: tiles, Door-markers, floor links).
    goals : iterable of Space
        The spaces at distance 0.
    cut : collection of (Space, Space)
        Edges (as :func:`~simlab.games.bedpans.board.marker_key`) that may not be
        crossed, e.g. blocked doors.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> distance_field(s, [("U", 1, 1)])[("U", 0, 0)]
    2
    >>> distance_field(s, [("U", 0, 1)], cut=[(("U", 0, 0), ("U", 0, 1))])[("U", 0, 0)]
    3
    """
    lay = layout_of(state)
    starts = tuple(goals)
    # kept while the layout stands: the same goals are asked again at the next decisions
    return lay.recent(("distances", starts, frozenset(cut)),
                      lambda: bfs_field(lay.neighbours(), starts, cut))


def step_target(space: Space, action: A.Step, state: BedpansState) -> Space:
    """The space a Character on ``space`` reaches by the Step ``action`` (a stair or
    elevator link for ``down``/``up``).

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> step_target(("G1", 4, 4), A.Step("E"), s)
    ('G1', 5, 4)
    """
    if action.direction in ("down", "up"):
        return state.links[space][0]
    d = STEP_DIRS[action.direction]
    return (space[0], space[1] + DX[d], space[2] + DY[d])


def frontier(state: BedpansState) -> list[Space]:
    """Spaces with an open edge onto an empty tile position that may still be explored.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> len(frontier(s)) > 0
    True
    """
    key = ("frontier", frozenset(state.sealed), sum(state.exits_on.values()),
           state.pairs_placed)  # what _allowed_floor and _free_targets read besides tiles

    def work() -> list[Space]:
        return [(t.floor, t.x, t.y) for pos in state.tiles if state._allowed_floor(pos[0])
                for t in state._free_targets(pos)]

    return list(layout_of(state).known(key, work))  # kept for the layout; a copy to change


def escape_goals(view: BedpansState) -> list[Space]:
    """Where any Elder heads: the known Exits, else the frontier (with ground floors
    found, the Elevator and Stairs too), else any feature space.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> escape_goals(s) == frontier(s)
    True
    """
    exits = [s for s, f in view.features.items() if f == "X"]
    if exits:
        return exits
    out = frontier(view)
    if any(s[0] != "U" for s in view.features):
        out += list(view.links)
    return out or list(view.features)


def goals(view: BedpansState, mover: str) -> tuple[list[Space], bool]:
    """Goal spaces for ``mover`` (a Staffer, or a token of the viewer's own colour) and
    whether it should avoid Staffers.

    A Staffer chases the known Elders (else every Resident) and guards the Exits
    once a Resident is within ``GUARD`` moves of one; an Elder escapes
    (:func:`escape_goals`); a Decoy goes next to the Staffer nearest its Elder.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> goals(s, "Doctor")
    ([('U', 0, 0), ('U', 0, 0)], False)
    """
    if mover in STAFFERS:
        known: list[Space] = []
        for c, t in view.tokens.items():
            where = t[view.elder[c]] if view.known[c] and view.elder[c] >= 0 else None
            if where is not None:
                known.append(where)
        residents = known or [p for t in view.tokens.values() for p in t if p is not None]
        exits = [s for s, f in view.features.items() if f == "X"]
        if exits:  # guard the Exits that Residents are closing in on
            near = distance_field(view, exits)
            if any(near.get(r, FAR) <= GUARD for r in residents):
                return residents + exits, False
        return residents, False
    colour, idx = mover.split()
    i = int(idx) - 1
    if view.elder[colour] == i:
        return escape_goals(view), True
    elder_at = view.tokens[colour][1 - i]
    staff = [s for s in view.staffers if s is not None]
    if elder_at is None or not staff:
        return ([elder_at] if elder_at else [view.tokens[colour][i]]), False  # type: ignore
    near = distance_field(view, [elder_at])
    target = min(staff, key=lambda s: (near.get(s, FAR), s))
    around = [(target[0], target[1] + DX[d], target[2] + DY[d]) for d in range(4)]
    return [s for s in around if s in near] or [target], False


def mover_cost(view: BedpansState, mover: str) -> Callable[[Space], int]:
    """How bad a space is for ``mover``: its distance to its :func:`goals` (round blocked
    doors), plus ``DANGER`` on or next to a Staffer for an Elder (a Decoy: on one).

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> s.staffers[1] = ("U", 1, 1)
    >>> mover_cost(s, "Nurse 1")(("U", 1, 0))
    1
    """
    targets, careful = goals(view, mover)
    field = distance_field(view, targets, cut=view.blocked)
    staff = {s for s in view.staffers if s is not None}
    danger: set[Space] = set()
    if careful:
        for s in staff:
            danger.add(s)
            for d in range(4):
                danger.add((s[0], s[1] + DX[d], s[2] + DY[d]))
    elif mover not in STAFFERS:
        danger = staff  # a Decoy is removed on a Staffer's space

    def cost(space: Space) -> int:
        return field.get(space, FAR) + (DANGER if space in danger else 0)

    return cost
