"""The heuristic's Stuff decisions in Bedpans & Broomsticks: which Stuff and Door-marker
to play where, and the choices some Stuff asks for (a Door Code guess, a move closer
to a bed).

Every decision reads only the seat's view and works on distance fields
(:func:`~simlab.games.bedpans.routes.distance_field`): a kind is weighed only
when the seat holds it, so the breadth-first searches are paid for only then.

- **Door-marker** (Elders): on the wall whose opening shortens the way of the
  player's Elder to its goal by at least ``DOOR_GAIN`` moves, the most first.
- **Jammed Door, Door Code**: the Staff blocks the door that lengthens the way of
  the active Elder (else the leading Resident) to the Exits or the frontier; an
  Elder blocks the door that lengthens the way of the nearest Staffer to its
  Elder, when that Staffer is within ``THREAT`` moves (not after the Staff has
  moved).  Gains are measured by BFS with the door removed; at least
  ``BLOCK_GAIN`` moves.  The Door Code order is drawn at random.
- **Just Cleaned, Puddle** (first window): the Staff, in an Elder's turn, on the
  next space of that Elder's shortest way, once it is within ``EXIT_NEAR`` of a
  known Exit (earlier, the marker would slow the Staffers chasing it later in
  the round: a study found Puddle then cost the Staff wins); an Elder, in the
  Staff turn, on the next space of the nearest Staffer's way to its Elder.
  Just Cleaned also mops a Puddle on the player's own way.
- **Bingo on TV, New Shift, Head Nurse** (Staff): Bingo on the active Elder when
  its way out leads away from the beds; New Shift when the active Elder is
  within ``SHIFT_NEAR`` of the frontier; Head Nurse when a Nurse is
  ``HEAD_GAIN`` moves nearer the Residents than the Doctor.
- **Power-Chair, Staffers on Strike, Disguise** (Elders, own turn): Power-Chair
  on its own pair; Staffers on Strike near the frontier; Disguise on the first
  Staffer space on its Elder's way.
- **Lost Teeth, My Plants!**: the Staff sends back the colour furthest from the
  beds (at least ``TEETH_FROM`` moves), and everyone when the Residents are on
  average that far; an Elder sends back the rival most ahead of it.
- **Plans!** (Elders, own turn, first window): when the frontier is within
  ``PLANS_NEAR`` moves of its Elder.
- **Bed Bump** (Elders): pushes a threatening Staffer away from its Elder, or,
  in the Staff turn, goes on the space next to its Elder the nearest Staffer
  would step through.

Examples
--------
>>> import numpy as np
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> s._put_tile(("U", 1, 0), "T08", 0)
>>> s.phase, s.active, s.hands[0] = "window1", 1, ["Lost Teeth"]
>>> s.tokens["red"] = [("U", 4, 1), ("U", 4, 1)]  # 3 moves from a bed
>>> choose(s.view(0), 0, [A.Pass(), *s.stuff_plays(0)], np.random.default_rng(0))
PlayStuff(kind='Lost Teeth', target='red')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

import numpy as np

from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import (
    DX,
    DY,
    Space,
    marker_key,
    parse_space,
    space_text,
)
from simlab.games.bedpans.components import STAFFERS
from simlab.games.bedpans.layout import layout_of
from simlab.games.bedpans.routes import (
    FAR,
    distance_field,
    escape_goals,
    frontier,
    goals,
    mover_cost,
)
from simlab.games.bedpans.rules import BedpansState
from simlab.games.bedpans.stuff import ABILITIES

__all__ = ["Sight", "choose", "closer", "guess"]

#: An Elder plays a Door-marker that shortens its way by at least this many moves.
DOOR_GAIN = 2
#: A door is blocked when that lengthens the way by at least this many moves.
BLOCK_GAIN = 2
#: An Elder acts against a Staffer at most this many moves from its Elder.
THREAT = 8
#: Lost Teeth goes on a colour at least this far from the beds (My Plants!: on average).
TEETH_FROM = 3
#: An Elder plays Plans! when the frontier is at most this many moves away.
PLANS_NEAR = 4
#: The Staff spills Puddle / Just Cleaned before an Elder this near a known Exit.
EXIT_NEAR = 6
#: New Shift (Staff) and Staffers on Strike (Elder): the Elder this near the frontier.
SHIFT_NEAR = 2
#: Head Nurse: the Nurse at least this many moves nearer a Resident than the Doctor.
HEAD_GAIN = 3
_DIRS = {"N": 0, "E": 1, "S": 2, "W": 3}
Edge = tuple[Space, Space]


class Sight:
    """What one seat sees now, with the distance fields its Stuff decisions share,
    each computed on first use.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> s.staffers[1] = ("U", 2, 2)
    >>> sight = Sight(s.view(1), 1)
    >>> sight.elder_at, sight.chaser
    (('U', 0, 0), ('U', 2, 2))
    """

    def __init__(self, view: BedpansState, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.elder_name = ""
        self.elder_at: Space | None = None
        if seat > 0:
            colour = view.colour_of(seat)
            i = view.elder[colour]
            self.elder_name = f"{colour} {i + 1}"
            self.elder_at = view.tokens[colour][i]

    @cached_property
    def adj(self) -> dict[Space, tuple[Space, ...]]:
        """Where a Character may move from each space (blocked doors included)."""
        return layout_of(self.view).neighbours()

    @cached_property
    def to_goal(self) -> dict[Space, int]:
        """Distances to the goals of the seat's Elder (Elders only)."""
        return distance_field(self.view, goals(self.view, self.elder_name)[0])

    @cached_property
    def to_elder(self) -> dict[Space, int]:
        """Distances to the seat's Elder, round blocked doors (Elders only)."""
        at = [self.elder_at] if self.elder_at is not None else []
        return distance_field(self.view, at, cut=self.view.blocked)

    @cached_property
    def to_escape(self) -> dict[Space, int]:
        """Distances to where the Elders head (the Exits, else the frontier)."""
        return distance_field(self.view, escape_goals(self.view), cut=self.view.blocked)

    @cached_property
    def to_frontier(self) -> dict[Space, int]:
        """Distances to the spaces with an open edge still to explore (empty: none)."""
        edges = frontier(self.view)
        return distance_field(self.view, edges) if edges else {}

    def near_frontier(self, spot: Space | None, moves: int) -> bool:
        """Whether ``spot`` is at most ``moves`` from an open edge still to explore."""
        return spot is not None and self.to_frontier.get(spot, FAR) <= moves

    @cached_property
    def chaser(self) -> Space | None:
        """The space of the Staffer nearest the seat's Elder, if within ``THREAT``."""
        if self.elder_at is None:
            return None
        field = self.to_elder
        staff = [s for s in self.view.staffers if s is not None and field.get(s, FAR) <= THREAT]
        return min(staff, key=lambda s: (field[s], s)) if staff else None

    def runner(self, colours: Sequence[str]) -> Space | None:
        """The leading Resident of ``colours`` (the Elder where known), by ``to_escape``."""
        spots = []
        for c in colours:
            toks = self.view.tokens[c]
            if self.view.known[c] and self.view.elder[c] >= 0:
                toks = [toks[self.view.elder[c]]]
            spots += [p for p in toks if p is not None]
        field = self.to_escape
        return min(spots, key=lambda p: (field.get(p, FAR), p)) if spots else None

    def next_step(self, field: dict[Space, int], start: Space) -> Space | None:
        """The first space of the shortest way from ``start`` down ``field``."""
        k = field.get(start, FAR)
        down = [n for n in self.adj.get(start, ()) if field.get(n, FAR) == k - 1]
        return min(down) if down else None

    def way(self, field: dict[Space, int], start: Space) -> list[Space]:
        """The spaces of the shortest way from ``start`` down ``field`` (``start`` first)."""
        out = [start]
        nxt = self.next_step(field, start)
        while nxt is not None:
            out.append(nxt)
            nxt = self.next_step(field, nxt)
        return out


# -- the Stuff window ---------------------------------------------------------------------
def choose(view: BedpansState, seat: int, legal: Sequence[Any],
           rng: np.random.Generator) -> Any:
    """The Stuff or Door-marker ``seat`` plays now from ``legal``, or None to pass.

    Examples
    --------
    >>> import numpy as np
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> s.phase, s.active = "window1", 1
    >>> choose(s.view(1), 1, [A.Pass()], np.random.default_rng(0)) is None
    True
    """
    by_kind: dict[str, list[A.PlayStuff]] = {}
    doors: list[A.PlayDoor] = []
    name, group = "", []
    for a in legal:  # one pass: a window offers a Door-marker play for every free wall
        cls = type(a)  # (neither action class has subclasses)
        if cls is A.PlayStuff:
            if a.kind != name:  # the plays of one Stuff come together: its group once
                name = a.kind
                group = by_kind.setdefault(ABILITIES.get(name, name), [])
            group.append(a)
        elif cls is A.PlayDoor:
            doors.append(a)
    if not by_kind and not doors:
        return None
    sight = Sight(view, seat)
    for kinds, rule in _RULES:
        if kinds == _DOOR_MARKER:
            if seat == 0:
                continue
            offered: list[Any] = doors
        elif len(kinds) == 1:
            offered = by_kind.get(kinds[0], [])
        else:
            offered = [a for k in kinds for a in by_kind.get(k, ())]
        if offered:
            pick = rule(sight, offered, rng)
            if pick is not None:
                return pick
    return None


def _door_marker(sight: Sight, doors: list[A.PlayDoor], rng: Any) -> A.PlayDoor | None:
    """The wall whose opening most shortens the Elder's way (at least ``DOOR_GAIN``)."""
    at = sight.elder_at
    if at is None:
        return None
    to_goal = sight.to_goal
    now = to_goal.get(at, FAR)
    # Through a door from side a to side b the way is at least now - to_goal[a] + 1 +
    # to_goal[b] (the Elder reaches a no sooner than the distances to the goal tell:
    # the layout's moves go both ways) and at least 1 + to_goal[b]: most walls are
    # passed over before the distances from the Elder are looked up.
    reach = now - DOOR_GAIN
    wide = []
    for a in doors:
        to_a, to_b = to_goal.get(a.a, FAR), to_goal.get(a.b, FAR)
        if (to_a - to_b > DOOR_GAIN and to_b < reach) or (to_b - to_a > DOOR_GAIN
                                                          and to_a < reach):
            wide.append(a)
    return _best_door(sight, at, wide) if wide else None


def _best_door(sight: Sight, at: Space, doors: list[A.PlayDoor]) -> A.PlayDoor | None:
    """Of ``doors``, weighing each, the wall whose opening most shortens the way from
    ``at`` to the goal, by ``DOOR_GAIN`` or more (None: none does)."""
    to_goal = sight.to_goal
    now = to_goal.get(at, FAR)
    from_elder = distance_field(sight.view, [at])
    best, gain = None, DOOR_GAIN - 1
    for a in doors:
        via = min(from_elder.get(a.a, FAR) + 1 + to_goal.get(a.b, FAR),
                  from_elder.get(a.b, FAR) + 1 + to_goal.get(a.a, FAR))
        if now - via > gain:
            best, gain = a, now - via
    return best


def _door_of(play: A.PlayStuff) -> Edge:
    """The edge of a Jammed Door / Door Code play (``<space> E`` or ``<space> S ...``)."""
    parts = play.target.split()
    a = parse_space(" ".join(parts[:2]))
    d = _DIRS[parts[2]]
    return marker_key(a, (a[0], a[1] + DX[d], a[2] + DY[d]))


def _block(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """Block the door that most lengthens the way of whom the seat wants slowed."""
    view = sight.view
    if sight.seat == 0:
        colours = [view.colour_of(view.active)] if view.active > 0 else list(view.game.colours)
        start, targets, field = sight.runner(colours), escape_goals(view), sight.to_escape
    else:
        if sight.elder_at is None or (view.active == 0 and view.phase == "window2"):
            return None  # (the Staffers have moved: wait for the next round)
        start, targets, field = sight.chaser, [sight.elder_at], sight.to_elder
    if start is None:
        return None
    cut = set(view.blocked)
    now = field.get(start, FAR)
    if now >= FAR:
        return None
    on_way = _tight_edges(sight, field, start)
    best: Edge | None = None
    gain = BLOCK_GAIN - 1
    for edge in sorted({_door_of(p) for p in plays} & on_way):
        after = distance_field(view, targets, cut=cut | {edge}).get(start, FAR)
        if after - now > gain:
            best, gain = edge, after - now
    if best is None:
        return None
    options = [p for p in plays if _door_of(p) == best]
    jammed = [p for p in options if p.kind == "Jammed Door"]
    if jammed:
        return jammed[0]
    return options[int(rng.integers(len(options)))]  # the Door Code order: at random


def _tight_edges(sight: Sight, field: dict[Space, int], start: Space) -> set[Edge]:
    """The edges on some shortest way from ``start`` down ``field``."""
    edges: set[Edge] = set()
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        k = field.get(here, FAR)
        for n in sight.adj.get(here, ()):
            if field.get(n, FAR) == k - 1 and marker_key(here, n) not in sight.view.blocked:
                edges.add(marker_key(here, n))
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
    return edges


def _spill(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """Just Cleaned or Puddle on the next space of the way of whom the seat wants slowed."""
    view = sight.view
    if view.phase != "window1":
        return None
    if sight.seat == 0 and view.active > 0:
        start = sight.runner([view.colour_of(view.active)])
        field = sight.to_escape
        if start is None or not _near_exit(sight, start):
            return None  # the marker stays for the round: it would slow the chase too
    elif sight.seat > 0 and view.active == 0:
        start, field = sight.chaser, sight.to_elder
    else:
        return None
    if start is None:
        return None
    spot = sight.next_step(field, start)
    if spot is None:
        return None
    where = space_text(spot)
    cleaned = [p for p in plays if p.kind == "Just Cleaned"
               and (p.target == where or p.target.startswith(f"{where} mop "))]
    if cleaned:
        mop = _puddle_on_way(sight)
        if mop is not None:
            wanted = f"{where} mop {space_text(mop)}"
            return next((p for p in cleaned if p.target == wanted), cleaned[0])
        return next(p for p in cleaned if p.target == where)
    if spot == sight.elder_at:
        return None  # a Puddle where the Staffer stops anyway
    return next((p for p in plays if p.kind == "Puddle" and p.target == where), None)


def _near_exit(sight: Sight, spot: Space) -> bool:
    """Whether ``spot`` is within ``EXIT_NEAR`` moves of a known Exit."""
    exits = [s for s, f in sight.view.features.items() if f == "X"]
    return bool(exits) and sight.to_escape.get(spot, FAR) <= EXIT_NEAR


def _bingo(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """The Staff, on the active Elder when its way out leads away from the beds."""
    view = sight.view
    if sight.seat > 0 or view.active == 0:
        return None
    start = sight.runner([view.colour_of(view.active)])
    if start is None:
        return None
    beds = view.bed_distances()
    nxt = sight.next_step(sight.to_escape, start)
    away = nxt is not None and beds.get(nxt, 0) > beds.get(start, 0)
    return plays[0] if away else None


def _new_shift(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """The Staff, in an Elder's turn, when that Elder is next to the unexplored layout."""
    view = sight.view
    if sight.seat > 0 or view.active == 0:
        return None
    start = sight.runner([view.colour_of(view.active)])
    return plays[0] if sight.near_frontier(start, SHIFT_NEAR) else None


def _head_nurse(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """The Staff brings the Doctor to the Nurse nearest a Resident, when that Nurse is
    at least ``HEAD_GAIN`` moves nearer than the Doctor (or the Doctor is off the layout)."""
    view = sight.view
    if sight.seat > 0:
        return None
    residents = [p for c in view.game.colours for p in _tokens(view, c)]
    if not residents:
        return None
    field = distance_field(view, residents)
    doctor = view.staffers[0]
    doctor_far = field.get(doctor, FAR) if doctor is not None else FAR
    def far(p: A.PlayStuff) -> int:
        where = view.position(p.target)
        return field.get(where, FAR) if where is not None else FAR

    best = min(plays, key=lambda p: (far(p), p.target))
    return best if far(best) + HEAD_GAIN <= doctor_far else None


def _own_turn_boost(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """An Elder plays Power-Chair on its own pair in its own turn (2 free spaces each)."""
    view = sight.view
    if sight.seat == 0 or view.active != sight.seat or view.phase != "window1":
        return None
    own = view.colour_of(sight.seat)
    return next((p for p in plays if p.target == own), None)


def _strike(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """An Elder, in its own turn, next to the unexplored layout: no Staffers on the next
    tile with a station."""
    view = sight.view
    if sight.seat == 0 or view.active != sight.seat:
        return None
    return plays[0] if sight.near_frontier(sight.elder_at, SHIFT_NEAR) else None


def _disguise(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """An Elder, in its own turn, on the first Staffer space of its Elder's way."""
    view = sight.view
    if sight.seat == 0 or view.active != sight.seat or sight.elder_at is None:
        return None
    staff = {s for s in view.staffers if s is not None}
    way = sight.way(sight.to_goal, sight.elder_at)[1:5]
    spot = next((s for s in way if s in staff), None)
    if spot is None:
        return None
    wanted = f"{view.colour_of(sight.seat)} {space_text(spot)}"
    return next((p for p in plays if p.target == wanted), None)


def _puddle_on_way(sight: Sight) -> Space | None:
    """A Puddle on the seat's own way: its Elder's, or its Staffer nearest a Resident."""
    view = sight.view
    puddles = {s for s, k in view.status.items() if k == "Puddle"}
    if not puddles:
        return None
    if sight.seat > 0:
        if sight.elder_at is None:
            return None
        way = sight.way(sight.to_goal, sight.elder_at)
    else:
        field = distance_field(view, goals(view, STAFFERS[0])[0])
        staff = [s for s in view.staffers if s is not None]
        if not staff:
            return None
        way = sight.way(field, min(staff, key=lambda s: (field.get(s, FAR), s)))
    return next((s for s in way if s in puddles), None)


def _lost_teeth(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """The Staff: the colour furthest from the beds; an Elder: the rival most ahead."""
    view = sight.view
    beds = view.bed_distances()
    own = view.colour_of(sight.seat) if sight.seat else ""
    rivals = {p.target: p for p in plays if p.target != own}
    if not rivals:
        return None
    if sight.seat == 0:
        def progress(c: str) -> int:
            return max((beds.get(p, 0) for p in _tokens(view, c)), default=0)

        best = max(sorted(rivals), key=progress)
        return rivals[best] if progress(best) >= TEETH_FROM else None
    if sight.elder_at is None:
        return None
    exits = [s for s, f in view.features.items() if f == "X"]
    to_exit = distance_field(view, exits) if exits else {}

    def behind(spots: list[Space]) -> int:  # smaller is further ahead
        if exits:
            return min((to_exit.get(p, FAR) for p in spots), default=FAR)
        return -max((beds.get(p, 0) for p in spots), default=0)

    best = min(sorted(rivals), key=lambda c: behind(_tokens(view, c)))
    ahead = behind(_tokens(view, best)) < behind([sight.elder_at])
    return rivals[best] if ahead else None


def _tokens(view: BedpansState, colour: str) -> list[Space]:
    """Where ``colour``'s Elder may be: its Elder where known, else both tokens."""
    toks = view.tokens[colour]
    if view.known[colour] and view.elder[colour] >= 0:
        toks = [toks[view.elder[colour]]]
    return [p for p in toks if p is not None]


def _plants(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """The Staff, when the Residents are on average ``TEETH_FROM`` or more from a bed."""
    if sight.seat > 0:
        return None
    beds = sight.view.bed_distances()
    spots = [p for t in sight.view.tokens.values() for p in t if p is not None]
    if not spots or sum(beds.get(p, 0) for p in spots) < TEETH_FROM * len(spots):
        return None
    return plays[0]


def _plans(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """An Elder, at the start of its own turn, with the frontier near its Elder."""
    view = sight.view
    if sight.seat == 0 or view.active != sight.seat or view.phase != "window1":
        return None
    return plays[0] if sight.near_frontier(sight.elder_at, PLANS_NEAR) else None


def _bump(sight: Sight, plays: list[A.PlayStuff], rng: Any) -> A.PlayStuff | None:
    """An Elder pushes a Staffer away from its Elder, or stops the nearest one next to it."""
    view = sight.view
    if sight.seat == 0 or sight.chaser is None:
        return None
    field = sight.to_elder
    staff = {s for s in view.staffers if s is not None}
    pushes = []
    for p in plays:
        where, _, to = p.target.partition(" push ")
        if to:
            a, b = parse_space(where), parse_space(to)
            threat = a in staff and a != sight.elder_at and field.get(a, FAR) <= THREAT
            if threat and field.get(b, FAR) > field.get(a, FAR):
                pushes.append((-field.get(b, FAR), p.target, p))
    if pushes:
        return min(pushes)[2]
    if view.active != 0 or view.phase != "window1":
        return None
    way = sight.way(field, sight.chaser)
    spot = next((s for s in way if field.get(s) == 1), None)
    if spot is None or spot == sight.chaser:
        return None
    return next((p for p in plays if p.target == space_text(spot)), None)


#: The Door-markers' place among the kinds (weighed by the Elders only).
_DOOR_MARKER = ("Door-marker",)
_Rule = Callable[[Sight, list[Any], Any], Any]
#: The kinds (as Stuff kinds; abilities resolve as theirs) in the order they are weighed.
_RULES: tuple[tuple[tuple[str, ...], _Rule], ...] = (
    (("Lost Teeth",), _lost_teeth),
    (("Just Cleaned", "Puddle"), _spill),
    (("Jammed Door", "Door Code"), _block),
    (_DOOR_MARKER, _door_marker),
    (("Bed Bump",), _bump),
    (("Plans!",), _plans),
    (("My Plants!",), _plants),
    (("Power-Chair",), _own_turn_boost),
    (("Bingo on TV",), _bingo),
    (("New Shift",), _new_shift),
    (("Staffers on Strike",), _strike),
    (("Head Nurse",), _head_nurse),
    (("Disguise",), _disguise),
)


# -- choices that Stuff asks for ------------------------------------------------------------
def guess(view: BedpansState, seat: int, legal: Sequence[Any],
          rng: np.random.Generator) -> Any:
    """A Door Code guess: the order itself on the seat's own Door Code, else at random.

    Examples
    --------
    >>> import numpy as np
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> key = (("U", 0, 0), ("U", 1, 0))
    >>> from simlab.games.bedpans.parts import BlockedDoor
    >>> s.blocked[key], s.trying = BlockedDoor("Door Code", order="231", player=1), key
    >>> legal = [A.GuessCode(o) for o in ("123", "231", "321")]
    >>> guess(s.view(1), 1, legal, np.random.default_rng(0))
    GuessCode(order='231')
    """
    entry = view.blocked.get(view.trying) if view.trying is not None else None
    if entry is not None and entry.stuff == "Door Code" and entry.player == seat:
        own = A.GuessCode(entry.order)
        if own in legal:
            return own
    return legal[int(rng.integers(len(legal)))]


def closer(view: BedpansState, seat: int, legal: Sequence[Any]) -> Any:
    """Where a Character moved 1 space closer to a bed goes, when ``seat`` chooses.

    The seat's own Elder or Decoy: its best space by
    :func:`~simlab.games.bedpans.routes.mover_cost`; a Staffer chosen by the Staff:
    the space nearest the Residents; by an Elder: the space furthest from its Elder.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> s.staffers[1] = ("U", 2, 2)
    >>> legal = [A.Closer("red 1", ("U", 0, 1)), A.Closer("red 1", ("U", 1, 0))]
    >>> closer(s.view(1), 1, legal)
    Closer(name='red 1', space=('U', 0, 1))
    """
    options: list[A.Closer] = [a for a in legal if isinstance(a, A.Closer)]
    if not options:
        return legal[0]
    name = options[0].name
    options = [a for a in options if a.name == name]
    if name in STAFFERS:
        if seat == 0:
            field = distance_field(view, goals(view, name)[0])
            return min(options, key=lambda a: (field.get(a.space, FAR), a.space))
        at = Sight(view, seat).elder_at
        if at is None:
            return options[0]
        field = distance_field(view, [at])
        return max(options, key=lambda a: (field.get(a.space, FAR), a.space))
    if seat > 0 and name.split()[0] == view.colour_of(seat):
        cost = mover_cost(view, name)
        return min(options, key=lambda a: (cost(a.space), a.space))
    return options[0]
