"""What a Bedpans & Broomsticks layout allows, worked out once per layout.

The layout (placed tiles, Door-markers, Elevator and Stairs links) changes only
when a tile or a Door-marker is placed: a few dozen times a game, against
thousands of steps.  :class:`Layout` holds, for one layout, how each space joins
its 4 neighbours (:attr:`Layout.ways`), and keeps whatever is asked of that
layout (moves to the closest bed, the doors, where a Door-marker may go,
distance fields, what is in view) in :attr:`Layout.memo`.  A state finds its
layout with :func:`layout_of`, which builds a new one when the layout changed;
clones share it (it is never changed once built, only added to).

The answers are those of :func:`~simlab.games.bedpans.board.passage`, which
reads the tiles each time: ``tests/games/bedpans/test_layout.py`` compares them.

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> lay = layout_of(s)
>>> lay.ways[("U", 0, 0)]            # N E S W from the corner of the start tile
(None, 'o', 'o', None)
>>> layout_of(s) is lay              # nothing placed since: the same layout
True
>>> s._put_tile(("U", 1, 0), "T08", 0)
>>> layout_of(s) is lay
False
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from simlab.core.api import Action
from simlab.games.bedpans.actions import STEP_TO, Stop
from simlab.games.bedpans.board import (
    DX,
    DY,
    MARKER,
    Space,
    TileGeometry,
    marker_key,
    passages,
    tile_passages,
)

__all__ = ["MARKER", "Laid", "Layout", "bfs_field", "layout_of"]

#: How many answers :meth:`Layout.recent` keeps.
RECENT = 64


@dataclass(frozen=True, eq=False)
class Layout:
    """One layout's passages, and what has been worked out about it.

    ``key`` identifies the layout (see :func:`layout_of`); ``ways[space][d]`` is how
    ``space`` joins its neighbour in direction ``d`` (N E S W): ``"o"`` an open edge,
    ``"d"`` a door, :data:`MARKER` a Door-marker, None a wall or nothing beyond;
    ``links[space]`` is the other space of an Elevator shaft or a flight of Stairs;
    ``moves[space]``, what :meth:`plain_moves` found for ``space`` (read at every step).
    """

    key: tuple
    ways: dict[Space, tuple[str | None, ...]]
    links: Mapping[Space, tuple[Space, str]]
    tiles: Mapping[tuple[str, int, int], tuple[str, int]] = field(default_factory=dict)
    markers: frozenset = frozenset()
    memo: dict[Hashable, Any] = field(default_factory=dict)
    moves: dict[Space, tuple[Action, ...] | None] = field(default_factory=dict)

    def way(self, space: Space, d: int, marker: str) -> str | None:
        """How ``space`` joins its neighbour in direction ``d``, a Door-marker read as
        ``marker`` (what :func:`~simlab.games.bedpans.board.passage` answers)."""
        ways = self.ways.get(space)
        if ways is None:
            return None
        kind = ways[d]
        return marker if kind == MARKER else kind

    def known(self, name: Hashable, work: Callable[..., Any], *args: Any) -> Any:
        """What ``work(*args)`` gives for this layout, worked out on first asking (``args``
        spare a caller on a hot path the closure a ``lambda`` would make at every call)."""
        memo = self.memo
        found = memo.get(name)
        if found is None and name not in memo:
            found = memo[name] = work(*args)
        return found

    def recent(self, name: Hashable, work: Callable[[], Any]) -> Any:
        """What ``work()`` gives for this layout, kept among the last :data:`RECENT` asked
        (for answers that also hang on who stands where, such as distance fields)."""
        kept = self.memo.setdefault("recent", {})
        if name in kept:
            return kept[name]
        if len(kept) >= RECENT:
            del kept[next(iter(kept))]  # the oldest
        kept[name] = found = work()
        return found

    def steps(self, space: Space) -> tuple[tuple[int, Space], ...]:
        """The directions ``d`` (N E S W) in which a Character may step from ``space`` on
        its floor (an open edge, a door or a Door-marker), with the space beyond: what
        :attr:`ways` says, kept per space for the move options asked at every step."""
        table = self.memo.get("steps")
        if table is None:
            table = self.memo["steps"] = {}
        found = table.get(space)
        if found is None:
            found = table[space] = _steps(space, self.ways.get(space, _NO_WAYS))
        return found  # type: ignore[no-any-return]

    def plain_steps(self, space: Space) -> tuple[Action, ...] | None:
        """The Step actions out of ``space`` where only the walls decide (:meth:`steps`),
        or None when ``space`` or a space it steps to is on an Elevator shaft or Stairs
        (whether one may go there depends on who stands at the other end).  Kept per space:
        the move options at every step of a move without Stuff in play."""
        table = self.memo.get("plain steps")
        if table is None:
            table = self.memo["plain steps"] = {}
        if space in table:
            return table[space]  # type: ignore[no-any-return]
        links = self.links
        near = self.steps(space)
        found = None if space in links else tuple([STEP_TO[d] for d, _ in near])
        for _, nxt in near:
            if nxt in links:
                found = None
        table[space] = found
        return found

    def plain_moves(self, space: Space) -> tuple[Action, ...] | None:
        """The move options out of ``space`` where only the walls decide and no Stuff may be
        taken: the Step actions of :meth:`plain_steps` and Stop (none at all when there is no
        step), or None as :meth:`plain_steps`.  Kept per space."""
        table = self.moves
        if space in table:
            return table[space]
        steps = self.plain_steps(space)
        found = table[space] = None if steps is None else (*steps, _STOP) if steps else ()
        return found

    def neighbours(self) -> dict[Space, tuple[Space, ...]]:
        """Where a Character may move from each space: across an open edge, a door or a
        Door-marker, and along an Elevator shaft or Stairs (who stands where ignored)."""
        return self.known("neighbours", self._neighbours)

    def _neighbours(self) -> dict[Space, tuple[Space, ...]]:
        out = {}
        for space, ways in self.ways.items():
            near = [(space[0], space[1] + DX[d], space[2] + DY[d]) for d in range(4)
                    if ways[d] is not None]
            link = self.links.get(space)
            if link is not None:
                near.append(link[0])
            out[space] = tuple(near)
        return out


class _Geometries(Protocol):
    """What a layout reads of the game: each tile's 4 turned geometries."""

    @property
    def geo(self) -> dict[str, tuple[TileGeometry, ...]]: ...


class Laid(Protocol):
    """What :func:`layout_of` reads of a state (a Bedpans state, or any that has these):
    the placed tiles, Door-markers and floor links, the game's tile geometries, and the
    state's last layout, which it keeps in ``_layout``.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s: Laid = BedpansGame(players=2).new_initial_state()
    >>> sorted(s.tiles), s._layout is layout_of(s)
    ([('U', 0, 0)], True)
    """

    tiles: dict[tuple[str, int, int], tuple[str, int]]
    door_markers: dict[tuple[Space, Space], int]
    links: dict[Space, tuple[Space, str]]
    _layout: Layout | None

    @property
    def game(self) -> _Geometries: ...


def layout_of(state: Laid) -> Layout:
    """The :class:`Layout` of ``state``'s layout (built when it has changed).

    Its key is cheap to build: the numbers of tiles, Door-markers and links, which play
    only ever adds to.  A tile put down where the layout has one already (a position
    set up by hand, after ``tiles.clear()``) forgets the layout (``_put_tile``).
    """
    key = (len(state.tiles), len(state.door_markers), len(state.links))
    lay = state._layout
    if lay is not None and lay.key == key:
        return lay
    state._layout = lay = _new_layout(state, key, lay)
    return lay


def _new_layout(state: Laid, key: tuple, lay: Layout | None) -> Layout:
    """The layout of ``state`` (``key``, as :func:`layout_of` makes it), from the last one
    (``lay``) when it only grew."""
    tiles, geo, markers = state.tiles, state.game.geo, state.door_markers
    if not _grows(lay, tiles, markers):  # the first layout, or a tile or Door-marker gone
        ways = {}
        for pos in tiles:
            ways.update(tile_passages(tiles, geo, markers, pos, MARKER))
        memo: dict[Hashable, Any] = {}
    else:  # the passages away from what was placed are as before
        old = cast(Layout, lay)
        ways = {**old.ways}  # in the tiles' order, the new tiles last
        new_tiles = [p for p in tiles if p not in old.tiles]
        for pos in new_tiles:  # a new tile's passages, all 4 ways
            ways.update(tile_passages(tiles, geo, markers, pos, MARKER))
        for floor, tx, ty in new_tiles:  # the old spaces that face a new tile: that way,
            for i in range(9):           # the passage the new space has towards them
                x, y = 3 * tx + i % 3, 3 * ty + i // 3
                for d in _EDGE_DIRECTIONS[i]:
                    beyond = (floor, x + DX[d], y + DY[d])
                    here = ways.get(beyond)
                    if here is not None and (floor, (x + DX[d]) // 3,
                                             (y + DY[d]) // 3) in old.tiles:
                        back = (d + 2) % 4
                        ways[beyond] = (*here[:back], ways[(floor, x, y)][d], *here[back + 1:])
        for a, b in markers.keys() - old.markers:  # both sides of a new Door-marker
            for space in (a, b):
                if space in ways:
                    ways[space] = passages(tiles, geo, markers, space, MARKER)
        memo = _carried(old, tiles, markers)
    return Layout(key, ways, dict(state.links), dict(tiles), frozenset(markers), memo)


_NO_WAYS = (None, None, None, None)
_STOP = Stop()


def _steps(space: Space, ways: tuple[str | None, ...]) -> tuple[tuple[int, Space], ...]:
    """:meth:`Layout.steps` worked out from the space's passages ``ways``."""
    floor, x, y = space
    return tuple([(d, (floor, x + DX[d], y + DY[d])) for d in range(4) if ways[d] is not None])


def _grows(old: Layout | None, tiles: Mapping, markers: Mapping) -> bool:
    """Whether the layout is ``old``'s with tiles or Door-markers added (then only the
    passages they touch are worked out again: a passage reads the tiles on either side of
    it and its Door-marker), rather than a tile or Door-marker gone or no ``old``."""
    return not (old is None or not old.tiles.items() <= tiles.items()
                or not old.markers <= markers.keys())


#: The directions in which local space ``i = 3 * row + col`` of a tile faces its border.
_EDGE_DIRECTIONS = tuple(tuple(d for d, edge in enumerate((i < 3, i % 3 == 2, i >= 6,
                                                           i % 3 == 0)) if edge)
                         for i in range(9))


def _carried(old: Layout, tiles: Mapping, markers: Mapping) -> dict[Hashable, Any]:
    """What ``old.memo`` knows that the tiles placed since cannot change, for the new
    layout's memo: what is in view from a space (sight reads the space's tile and its 4
    neighbours, :func:`~simlab.games.bedpans.board.view_targets`; none is kept after a
    new Door-marker) and the turns of a tile that fit an open edge (they read the
    empty position's 4 neighbours, ``Exploration._fitting``).  Tested in
    ``tests/games/bedpans/test_layout.py`` against answers worked out anew."""
    near = set()
    for floor, tx, ty in tiles.keys() - old.tiles.keys():
        near.add((floor, tx, ty))
        near.update((floor, tx + DX[d], ty + DY[d]) for d in range(4))
    sight = len(markers) == len(old.markers)
    out: dict[Hashable, Any] = {}
    for key, found in old.memo.items():
        if type(key) is not tuple:
            continue
        if key[0] == "in view" and sight:
            floor, x, y = key[1]
            if (floor, x // 3, y // 3) not in near:
                out[key] = found
        elif key[0] == "fits" and key[2].position not in near:  # the edge's empty position
            out[key] = found
    return out


def bfs_field(neighbours: Mapping[Space, Iterable[Space]], goals: Iterable[Space],
              cut: Any = ()) -> dict[Space, int]:
    """Moves from every space to the nearest of ``goals`` (a breadth-first search).

    ``cut``: edges (as :func:`~simlab.games.bedpans.board.marker_key`) not crossed.

    Examples
    --------
    >>> line = {("U", 0, 0): [("U", 1, 0)], ("U", 1, 0): [("U", 0, 0), ("U", 2, 0)],
    ...         ("U", 2, 0): [("U", 1, 0)]}
    >>> bfs_field(line, [("U", 0, 0)])[("U", 2, 0)]
    2
    """
    dist: dict[Space, int] = {}
    queue: deque[Space] = deque()
    for g in goals:
        if g not in dist:
            dist[g] = 0
            queue.append(g)
    while queue:
        here = queue.popleft()
        k = dist[here] + 1
        for nxt in neighbours.get(here, ()):
            if nxt not in dist and not (cut and marker_key(here, nxt) in cut):
                dist[nxt] = k
                queue.append(nxt)
    return dist
