"""Exploration in Bedpans & Broomsticks: placing new tiles ("Placing New Tiles").

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`.  When a Resident
sees an open edge with no tile beyond, the Staff-player (or the Elder holding
Plans!) picks the edge if several (:meth:`Exploration._explore_step`), a tile
that fits is drawn (:meth:`Exploration._tile_pool`, a chance node), turned and
placed (:meth:`Exploration._place_tile`); then the queue of what follows the
new tile is worked off (:meth:`Exploration._queue_step`): Staffers at its
stations (under New Shift and Staffers on Strike), Stuff on its corners, and the
Exit-sign sequence's Elevator pairs and Exit tiles.  Readings: rulings B1-B7 and
V8 in ``docs/rulings/bedpans.md``.

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> from simlab.games.bedpans.parts import OpenEdge
>>> s._fitting("T08", OpenEdge("U", 1, 0, 2, 1, 1))   # T08 east of the start tile: its turns
[0, 2]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from simlab.core.api import Action, Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import DX, DY, Space, space_text, view_targets
from simlab.games.bedpans.components import OPEN, STAFFERS
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.layout import layout_of
from simlab.games.bedpans.parts import (
    ON_STRIKE,
    Chance,
    CornerStuff,
    Decide,
    Decision,
    Draw,
    DrawSpecial,
    ExtraNurse,
    Lasting,
    OneStuff,
    OpenEdge,
    PlaceSpecial,
    QueueItem,
    Station,
)

if TYPE_CHECKING:  # pragma: no cover
    pass

__all__ = ["Exploration"]

_DRAW_TILE = Chance(Draw.TILE)
#: No tile position sealed (the usual case), in the key of the places of a special tile.
_UNSEALED: frozenset = frozenset()

#: The corner spaces of each side of a tile (by the side's direction).
CORNERS = {0: (0, 2), 1: (2, 8), 2: (6, 8), 3: (0, 6)}


class Exploration(StateFields):
    """Tile placement for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def _allowed_floor(self, floor: str) -> bool:
        if sum(self.exits_on.values()) >= 3:
            return False
        return floor != "U" or self.pairs_placed < 2

    def _targets(self, space: Space) -> list[OpenEdge]:
        """The open edges in view from ``space`` that may be explored: with no tile beyond
        (what is in view is kept for the layout), the position beyond not sealed, on a floor
        that may have more tiles."""
        lay = layout_of(self)
        key = ("in view", space)
        found = lay.memo.get(key)
        if found is None:
            found = lay.memo[key] = view_targets(self.tiles, self.game.geo, space, (),
                                                 self.door_markers, self.marker_edge,
                                                 lay.ways)
        return self._explorable(found) if found else []

    def _explorable(self, edges: list[OpenEdge]) -> list[OpenEdge]:
        """Those of ``edges`` whose position beyond is not sealed, on a floor that may have
        more tiles."""
        sealed = self.sealed
        return [t for t in edges if self._allowed_floor(t.floor)
                and not (sealed and t.position in sealed)]

    def _around(self, pos: tuple[str, int, int]) -> tuple[bool, frozenset[int]]:
        """Around the empty position ``pos``: whether a neighbour's Exit faces it (then no
        tile may go there), and the sides on which it has a neighbour (which the Exit of
        a tile placed there may not face)."""
        floor, tx, ty = pos
        faced, sides = False, []
        for d in range(4):
            other = self.tiles.get((floor, tx + DX[d], ty + DY[d]))
            if other is not None:
                sides.append(d)
                faced = faced or self.game.exit_sides[other[0]][other[1]] == (d + 2) % 4
        return faced, frozenset(sides)

    def _fitting(self, tid: str, target: OpenEdge) -> list[int]:
        """The turns of tile ``tid`` that fit the open edge ``target`` (kept for the
        layout: the pile is searched for it at each draw, and its turns are offered)."""
        memo = layout_of(self).memo
        key = ("fits", tid, target)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._turns_fitting(tid, target, memo)
        return list(found)

    def _turns_fitting(self, tid: str, target: OpenEdge, memo: dict) -> tuple[int, ...]:
        """:meth:`_fitting` worked out (``memo``: the layout's, which keeps what is around
        the empty position)."""
        floor, tx, ty, x, y, d = target.floor, target.tx, target.ty, target.x, target.y, target.side
        cx, cy = x + DX[d], y + DY[d]
        i = 3 * (cy - 3 * ty) + (cx - 3 * tx)
        back = (d + 2) % 4
        around = memo.get(("around", floor, tx, ty))  # the same for every tile tried
        if around is None:
            around = memo[("around", floor, tx, ty)] = self._around((floor, tx, ty))
        faced, neighbours = around
        exits = self.game.exit_sides[tid]
        return () if faced else tuple([
            rot for rot, g in enumerate(self.game.geo[tid])
            if g.edges[i][back] == OPEN and exits[rot] not in neighbours])

    def _free_targets(self, pos: tuple[str, int, int]) -> list[OpenEdge]:
        """Open edges of the tile at ``pos`` with an empty, unsealed position beyond."""
        floor, tx, ty = pos
        g = self._geom(pos)
        out = []
        for i in range(9):
            r, c = divmod(i, 3)
            x, y = 3 * tx + c, 3 * ty + r
            for d in range(4):
                if g.edges[i][d] != OPEN:
                    continue
                npos = (floor, (x + DX[d]) // 3, (y + DY[d]) // 3)
                if npos != pos and npos not in self.tiles and npos not in self.sealed:
                    out.append(OpenEdge(floor, npos[1], npos[2], x, y, d))
        return out

    def _put_tile(self, pos: tuple[str, int, int], tid: str, rot: int) -> None:
        if self._layout is not None and pos in self._layout.tiles:  # a layout set up anew
            self._layout = None
        self.tiles[pos] = (tid, rot)
        g = self.game.geo[tid][rot]
        floor, tx, ty = pos
        for i, f in enumerate(g.features):
            if f != ".":
                r, c = divmod(i, 3)
                self.features[(floor, 3 * tx + c, 3 * ty + r)] = f
        for pile in (self.stack, self.elevators_left, self.exits_left):
            if tid in pile:
                pile.remove(tid)

    def _queue_step(self) -> bool:
        """The next work a new tile brings (:data:`.parts.QueueItem`): True when it waits
        for a decision or a draw."""
        item = self.queue[0]
        if isinstance(item, Station):
            space, letter = item.space, item.letter
            free = [i for i in self._staffer_ids(letter) if self.staffers[i] is None]
            if free:
                self.queue.pop(0)
                self.staffers[free[0]] = space
                self._resolve(space)
                return False
            self.need = Decide(0, Decision.STATION)
            return True
        if isinstance(item, ExtraNurse):  # New Shift: 1 or 2 Nurses, as its player chooses (S12)
            if any(self.staffers[i] is None for i in self._staffer_ids("N")):
                self.need = Decide(item.seat, Decision.EXTRA)
                return True
            self.queue.pop(0)
            return False
        if isinstance(item, OneStuff):
            if not self._stuff_available() or not self._stuff_spaces(item.pos):
                self.queue.pop(0)
                return False
            self.need = Decide(0, Decision.STUFF_PLACE)
            return True
        if isinstance(item, CornerStuff):
            self.queue.pop(0)
            pos, side = item.pos, item.side
            g = self._geom(pos)
            floor, tx, ty = pos
            for i in CORNERS[(side + 2) % 4]:
                if g.features[i] not in "ND":
                    r, c = divmod(i, 3)
                    self._put_stuff((floor, 3 * tx + c, 3 * ty + r))
            return False
        if isinstance(item, DrawSpecial):
            what = item.kind
            if not self._special_pool(what):  # no Elevator / Exit tile left with a place
                self.queue.pop(0)
                return False
            self.need = Chance(Draw(what))
            return True
        # PlaceSpecial: the Staff places the drawn Elevator/Exit tile
        if not self._special_options(item.tile, item.anchor, item.kind):
            self.queue.pop(0)
            return False
        self.need = Decide(0, Decision.SPECIAL)
        return True

    def _staffer_ids(self, letter: str) -> list[int]:
        return [0] if letter == "D" else [1, 2, 3, 4, 5]

    def _stuff_spaces(self, pos: tuple[str, int, int]) -> list[Space]:
        floor, tx, ty = pos
        g = self._geom(pos)
        return [(floor, 3 * tx + i % 3, 3 * ty + i // 3) for i in range(9)
                if g.features[i] not in "NDESX"]

    def _special_options(self, tid: str, anchor: tuple, kind: str) -> list[tuple]:
        """(position, rot) where the drawn Elevator/Exit tile may go (ruling B6).

        Next to the Exit-sign tile just placed (``anchor``) if it can; else an Elevator
        tile goes "adjacent to any non-Elevator, upper floor tile" and an Exit tile next to
        any tile of a ground-floor group with fewer than 2 Exits.
        """
        key = ("special", tid, anchor, kind, frozenset(self.sealed) if self.sealed
               else _UNSEALED, self.exits_on.get("G1", 0), self.exits_on.get("G2", 0))
        memo = layout_of(self).memo  # asked at the draw's check, outcomes and placement
        found = memo.get(key)
        if found is None:
            found = memo[key] = tuple(self._special_spots(tid, anchor, kind))
        return list(found)

    def _special_pool(self, what: str) -> list[str]:
        """The Elevator (``what="elevator"``) or Exit tiles left that have a place near the
        Exit-sign tile that calls for them (``queue[0]``; the chance node's outcomes)."""
        pool = self.elevators_left if what == "elevator" else self.exits_left
        anchor = cast(DrawSpecial, self.queue[0]).anchor
        return [t for t in pool if self._special_options(t, anchor, what)]

    def _special_spots(self, tid: str, anchor: tuple, kind: str) -> list[tuple]:
        """:meth:`_special_options` worked out."""
        if kind == "elevator":
            floors = {"U"}
        else:
            floors = {f for f in ("G1", "G2") if self._has_floor(f) and self.exits_on.get(f, 0) < 2}
        opts: set[tuple] = set()
        if anchor in self.tiles and anchor[0] in floors:
            for t in self._free_targets(anchor):
                opts.update((t.position, rot) for rot in self._fitting(tid, t))
        if not opts:
            for pos in sorted(self.tiles):
                if pos[0] not in floors or (
                        kind == "elevator" and self.game.specs[self.tiles[pos][0]].kind == kind):
                    continue
                for t in self._free_targets(pos):
                    opts.update((t.position, rot) for rot in self._fitting(tid, t))
        return sorted(opts)

    def _has_floor(self, floor: str) -> bool:
        return any(p[0] == floor for p in self.tiles)

    def _explore_step(self) -> bool:
        if self.drawn is not None:
            self.need = Decide(self.planner, Decision.PLACE)
            return True
        if self.target is not None:
            if not self._tile_pool():
                self.sealed.add(self.target.position)
                self.target = None
                return False
            self.need = _DRAW_TILE
            return True
        space = self.explore
        targets = self._targets(space) if space is not None and self._still_there(space) else []
        if not targets:
            self.explore = None
            return False
        if len(targets) == 1:
            self.target = targets[0]
            return False
        self.need = Decide(self.planner, Decision.EXPLORE)
        return True

    def _still_there(self, space: Space) -> bool:
        return any(space in pos for pos in self.tokens.values())

    def _tile_pool(self) -> list[str]:
        """The tiles that fit the open edge being explored (the chance node's outcomes; kept
        for the layout, as the draw is looked for and then made)."""
        target = cast(OpenEdge, self.target)  # set: a tile is drawn for it
        key = ("pool", target, tuple(self.stack), tuple(self.exits_left),
               self.exits_on.get(target.floor, 0))
        memo = layout_of(self).memo
        found = memo.get(key)
        if found is None:
            pool = [t for t in self.stack if self._fitting(t, target)]
            if not self.stack and target.floor != "U" and key[-1] < 2:
                pool = [t for t in self.exits_left if self._fitting(t, target)]
            found = memo[key] = tuple(pool)
        return list(found)

    def _draw_tile(self, action: A.DrawTile) -> list[Event]:
        what = cast(Chance, self.need).draw
        if what == "tile":
            self.drawn = action.tile
        else:
            anchor = cast(DrawSpecial, self.queue.pop(0)).anchor
            self.queue.insert(0, PlaceSpecial(action.tile, anchor, what))
        return [Event(f"tile {action.tile} is drawn", "tile")]

    def _place_tile(self, action: A.PlaceTile) -> list[Event]:
        pos, tid, rot = action.position, action.tile, action.rot
        spec = self.game.specs[tid]
        target = self.target
        if cast(Decide, self.need).decision == "special":
            self.queue.pop(0)
        else:
            self.target, self.drawn = None, None
        self._put_tile(pos, tid, rot)
        events = [Event(f"tile {tid} placed at {space_text(pos)}", "tile")]
        new: list[QueueItem] = []
        if spec.kind == "elevator":
            new += self._place_partner(pos, tid, rot)
        elif spec.kind == "exit":
            self.exits_on[pos[0]] = self.exits_on.get(pos[0], 0) + 1
            self.exit_rounds.append(self.round)
            new += [*self._staff_for(pos), OneStuff(pos)]
        else:
            # the side of the new tile that meets the open edge it was drawn for
            side = (cast(OpenEdge, target).side + 2) % 4
            new += [*self._staff_for(pos), CornerStuff(pos, side)]
            if spec.exit_sign:
                self.exit_signs += 1
                if self.exit_signs in (3, 4):
                    new.append(DrawSpecial("elevator", pos))
                elif self.exit_signs in (5, 6, 7):
                    new.append(DrawSpecial("exit", pos))
        self.queue[0:0] = new
        layout_of(self)  # the new layout worked out here, once, not in each view
        return events

    def _staff_for(self, pos: tuple[str, int, int]) -> list[QueueItem]:
        """Staffers for a new tile, under Staffers on Strike and New Shift (ruling S12).

        Staffers on Strike waits for "the next room-tile with at least 1 station"; New
        Shift acts on "the next new tile" (option ``new_shift``: or waits for one with a
        station).
        """
        stations = self._stations(pos)
        fx = self.fx
        if stations and Lasting.STAFFERS_ON_STRIKE in fx:
            del fx[Lasting.STAFFERS_ON_STRIKE]
            if self.game.options["new_shift"] == "next-tile":
                fx.pop(Lasting.NEW_SHIFT, None)  # this tile was New Shift's, with no Nurse placed
            return []
        items: list[QueueItem] = list(stations)
        if Lasting.NEW_SHIFT in fx and (stations or self.game.options["new_shift"] == "next-tile"):
            seat = fx.pop(Lasting.NEW_SHIFT)[0].player
            items = []
            for st in stations:
                items += [st, ExtraNurse(st.space, seat)] if st.letter == "N" else [st]
        return items

    def _matching_doors(self, tid: str, target: OpenEdge, rots: list[int]) -> list[int]:
        """Tile Placement: the turns where 2 doors match, if any turn has them (ruling V8).

        Option ``tile_match``: ``passages`` counts every way across the new tile's border
        (an open edge or a door on both sides); ``doors`` counts printed doors meeting
        printed doors and keeps the turns with the most.
        """
        passages = self.game.options["tile_match"] == "passages"
        ways = (OPEN, "d") if passages else ("d",)
        floor, tx, ty = target.position
        score = {}
        for rot in rots:
            g = self.game.geo[tid][rot]
            n = 0
            for i in range(9):
                r, c = divmod(i, 3)
                x, y = 3 * tx + c, 3 * ty + r
                for d in range(4):
                    if g.edges[i][d] not in ways:
                        continue
                    nb = (floor, (x + DX[d]) // 3, (y + DY[d]) // 3)
                    if nb == (floor, tx, ty) or nb not in self.tiles:
                        continue
                    og = self._geom(nb)
                    j = 3 * ((y + DY[d]) % 3) + (x + DX[d]) % 3
                    n += og.edges[j][(d + 2) % 4] in ways
            score[rot] = n
        if passages:
            kept = [r for r in rots if score[r] >= 2]
            return kept or rots
        best = max(score.values(), default=0)
        return [r for r in rots if score[r] == best] if best > 0 else rots

    def _stations(self, pos: tuple[str, int, int]) -> list[Station]:
        floor, tx, ty = pos
        g = self._geom(pos)
        return [Station((floor, 3 * tx + i % 3, 3 * ty + i // 3), g.features[i])
                for i in range(9) if g.features[i] in "ND"]

    def _place_partner(self, pos: tuple[str, int, int], tid: str, rot: int) -> list[QueueItem]:
        if self.game.options["new_shift"] == "next-tile":
            # New Shift's tile: its stations wait to be woken (ruling B7)
            self.fx.pop(Lasting.NEW_SHIFT, None)
        pair = self.game.specs[tid].pair
        partner = next(t.id for t in self.game.data.tiles if t.pair == pair and t.id != tid)
        floor = "G1" if self.pairs_placed == 0 else "G2"
        ground = (floor, 0, 0)
        self._put_tile(ground, partner, rot)
        self.pairs_placed += 1
        g = self.game.geo[tid][rot]
        for i, f in enumerate(g.features):
            if f in "ES" and (f == "E" or i in (0, 2, 6, 8)):
                r, c = divmod(i, 3)
                up = ("U", 3 * pos[1] + c, 3 * pos[2] + r)
                down = (floor, c, r)
                kind = "elevator" if f == "E" else "stairs"
                self.links[up] = (down, kind)
                self.links[down] = (up, kind)
        self.dormant[pos] = pair or ""
        self.dormant[ground] = pair or ""
        if (Lasting.STAFFERS_ON_STRIKE in self.fx
                and self.game.options["strike_elevator"] == "elevator-tile"):
            struck = next((p for p in (pos, ground) if self._stations(p)), None)
            if struck is not None:  # "the next room-tile with at least 1 station" (S12)
                del self.fx[Lasting.STAFFERS_ON_STRIKE]
                self.dormant[struck] += ON_STRIKE
        return [OneStuff(pos), OneStuff(ground)]

    def _explore(self, action: A.Explore) -> list[Event]:
        self.target = next(t for t in self._targets(self.explore)  # type: ignore[arg-type]
                           if t.position == action.position)
        return [Event(f"the Staff explores {space_text(action.position)}", "explore", 0)]

    def _place_stuff(self, action: A.PlaceStuff) -> list[Event]:
        self.queue.pop(0)
        self._put_stuff(action.space)
        return [Event(f"Stuff placed at {space_text(action.space)}", "stuff", 0)]

    def _send_staffer(self, action: A.SendStaffer) -> list[Event]:
        self.queue.pop(0)
        self.staffers[STAFFERS.index(action.staffer)] = action.space
        self._resolve(action.space)
        return [Event(f"{action.staffer} goes to {space_text(action.space)}", "staffer", 0)]

    def _leave_station(self, action: A.LeaveStation) -> list[Event]:
        self.queue.pop(0)
        return []

    def _legal_explore(self, seat: int) -> list[Action]:
        """The open edge to explore, when several are in view."""
        return [A.Explore(t.position) for t in self._targets(self.explore)]  # type: ignore

    def _legal_place(self, seat: int) -> list[Action]:
        """The turns of the drawn tile that fit (under Tile Placement: that match 2 doors)."""
        target = cast(OpenEdge, self.target)
        drawn = cast(str, self.drawn)
        rots = self._fitting(drawn, target)
        if self.game.options["tile_placement"]:
            rots = self._matching_doors(drawn, target, rots)
        return [A.PlaceTile(drawn, target.position, r) for r in rots]

    def _legal_special(self, seat: int) -> list[Action]:
        """Where the drawn Elevator or Exit tile goes, and its turn."""
        item = cast(PlaceSpecial, self.queue[0])
        return [A.PlaceTile(item.tile, pos, rot) for pos, rot in
                self._special_options(item.tile, item.anchor, item.kind)]

    def _legal_stuff_place(self, seat: int) -> list[Action]:
        """The space of the new Elevator or Exit tile its Stuff-marker goes on."""
        return [A.PlaceStuff(s) for s in self._stuff_spaces(cast(OneStuff, self.queue[0]).pos)]

    def _legal_station(self, seat: int) -> list[Action]:
        """Which Staffer goes to the new station, or none."""
        station = cast(Station, self.queue[0])
        space, letter = station.space, station.letter
        return [*(A.SendStaffer(STAFFERS[i], space) for i in self._staffer_ids(letter)
                  if self.staffers[i] != space), A.LeaveStation(space)]

    def _legal_extra(self, seat: int) -> list[Action]:
        """New Shift: a second Nurse to the new station, or not."""
        space = cast(ExtraNurse, self.queue[0]).space
        free = next(i for i in self._staffer_ids("N") if self.staffers[i] is None)
        return [A.SendStaffer(STAFFERS[free], space), A.LeaveStation(space)]
