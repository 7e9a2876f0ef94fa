"""Step 1 of a Bad Doctor turn, "Take Actions": drawing and placing Treatment Tiles.

A mixin of :class:`~simlab.games.bad_doctor.rules.BadDoctorState`.  The seat to act takes two
actions (:meth:`TakeActions._turn_actions`), each a draw (:meth:`TakeActions._draw`, not with
:data:`HAND_LIMIT` tiles in hand) or a Treatment Tile placed next to a Patient's matching
Malady (:meth:`TakeActions.placements`, one action per kind of tile; :meth:`TakeActions._place`);
on its first turn it draws one and places one.  Placing puts a Doctor Marker from the supply
on the Malady space, makes the Patient Visited and queues the tile's Bonus (:mod:`.bonuses`);
with an empty supply the seat may take one of its markers back from another Patient
(:meth:`TakeActions._take_back`) or place none (:meth:`TakeActions._no_marker`).  A seat with
a full hand that can place nothing is stuck: it discards a tile and draws
(:meth:`TakeActions._discard`); one that can do nothing at all passes
(:meth:`TakeActions._pass`).  The draws themselves are chance nodes of :mod:`.rules`.

Examples
--------
>>> from simlab.games.bad_doctor.actions import RevealTile
>>> from simlab.games.bad_doctor.rules import BadDoctorGame
>>> state = BadDoctorGame(players=2).new_initial_state()
>>> for tile in ("T01", "T13", "T05", "T14"):       # set-up: two draws each, seats 0 1 0 1
...     _ = state.apply(RevealTile(tile))
>>> state.hands
[['T01', 'T05'], ['T13', 'T14']]
>>> [str(a) for a in state.legal_actions()[:2]]
['draw a Treatment Tile', 'place tile T01 (red) on Patient S1 at red space 1']
>>> state.apply("place tile T01 (red) on Patient S1 at red space 1")
[Event(text='Dr. A. Achoo places T01 (red) on Patient S1', kind='place', seat=0, seen_by=None)]
>>> state.legal_actions()                           # a first turn: the other action is a draw
[DrawTile()]
>>> state.supply, state.patient("S1").visited
([19, 20], True)
"""

from __future__ import annotations

import bisect

from simlab.core.api import Action, Event
from simlab.core.errors import SimlabError
from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.actions import DiscardTile, DrawTile, Pass, PlaceTile, TakeBackMarker
from simlab.games.bad_doctor.board import NO_MARKER
from simlab.games.bad_doctor.fields import StateFields
from simlab.games.bad_doctor.pending import PendingMarker, bonus_of, draw

__all__ = ["HAND_LIMIT", "TakeActions"]

#: Treatment Tiles a player may hold.
HAND_LIMIT = 5
#: The draw action (a frozen value: one serves every decision).
DRAW_TILE = DrawTile()


class TakeActions(StateFields):
    """Drawing and placing Treatment Tiles (Step 1), for
    :class:`~simlab.games.bad_doctor.rules.BadDoctorState`."""

    # -- what the seat to act may do --------------------------------------------
    def placements(self, seat: int) -> list[Action]:
        """Every legal placement of one of ``seat``'s tiles (one per tile kind).

        Examples
        --------
        >>> from simlab.games.bad_doctor.rules import BadDoctorGame
        >>> state = BadDoctorGame(players=2).new_initial_state()
        >>> state.hands[0] = ["T35"]                     # a wild tile fits any open space
        >>> len(state.placements(0))                     # 4 Starting Patients x 2 spaces
        8
        """
        hand = self.hands[seat]
        if not hand:
            return []
        kinds, ends_of = self.game.tile_kinds, self.game.tile_ends
        placement = self.game.action_table.placement  # each made once, with the tile's facts
        seen: set = set()
        out: list[Action] = []
        spaces = [(p.id, space, malady) for p in self.hospital  # the open Malady spaces
                  for space, (malady, _) in p.spaces.items() if space not in p.junctions]
        for t in hand:
            kind = kinds[t]
            if kind in seen:
                continue
            seen.add(kind)
            ends_for = ends_of[t]
            for pid, space, malady in spaces:
                for end in ends_for[malady]:
                    out.append(placement(t, pid, space, malady, end))
        return out

    def _can_draw(self, seat: int) -> bool:
        return len(self.hands[seat]) < HAND_LIMIT and bool(self.deck or self.discard)

    def _could_place(self, tile_ids: list[str]) -> bool:
        maladies = {m for p in self.hospital for _, m in board.open_spaces(p)}
        ends_of = self.game.tile_ends
        return any(ends_of[t][m] for t in set(tile_ids) for m in maladies)

    def _turn_actions(self) -> list[Action]:
        seat = self.seat
        can_draw = self._can_draw(seat)
        places = self.placements(seat)
        if self.first_turn[seat]:
            if self.drew and not self.placed and places:
                return places
            if self.placed and not self.drew and can_draw:
                return [DRAW_TILE]
        actions: list[Action] = [DRAW_TILE] if can_draw else []
        actions.extend(places)
        if actions:
            return actions
        hand = self.hands[seat]
        if len(hand) >= HAND_LIMIT and self._could_place(self.deck + self.discard):
            tiles = self.game.parts.tiles
            kinds: dict = {}
            for t in hand:
                kinds.setdefault(tiles[t].kind, t)
            return [self.game.action_table.discard(t) for t in kinds.values()]
        return [Pass()]

    # -- handlers --------------------------------------------------------------
    def _place(self, action: PlaceTile) -> list[Event]:
        seat = self.seat
        from_bonus = bool(self.queue)
        if from_bonus:
            self.queue.pop()
        else:
            self.actions_left -= 1
            self.placed += 1
        tile = self.game.tiles[action.tile]
        self.hands[seat].remove(action.tile)
        patient = self.patient(action.patient)
        owner = NO_MARKER
        if self.supply[seat] > 0:
            self.supply[seat] -= 1
            owner = seat
        board.place_tile(patient, tile, action.space, action.end, owner)
        patient.visited = True
        if tile.bonus:
            nested = from_bonus or self.game.options["optional_bonuses"]
            self.queue.append(bonus_of(tile.bonus, nested, tile.id))
        if owner == NO_MARKER and any(
            board.markers_of(p, seat) for p in self.hospital if p is not patient
        ):
            self.queue.append(PendingMarker(patient.id, action.space))
        return [Event(f"{self._name(seat)} places {tile} on Patient {patient.id}", "place", seat)]

    def _draw(self, action: Action) -> list[Event]:
        self.actions_left -= 1
        self.drew += 1
        self.queue.append(draw(self.seat))
        return [Event(f"{self._name(self.seat)} draws a Treatment Tile", "draw", self.seat)]

    def _discard(self, action: DiscardTile) -> list[Event]:
        seat = self.seat
        if self.game.options["stuck_costs_action"]:  # R6: the discard-and-draw is an action
            self.actions_left -= 1
        self.hands[seat].remove(action.tile)
        bisect.insort(self.discard, action.tile)
        self.queue.append(draw(seat))
        return [Event(f"{self._name(seat)} is stuck and discards {action.tile}", "stuck", seat)]

    def _pass(self, action: Action) -> list[Event]:
        self.actions_left -= 1
        return [Event(f"{self._name(self.seat)} can take no action", "pass", self.seat)]

    # -- a Doctor Marker taken back from another Patient ------------------------
    def _take_back(self, action: TakeBackMarker) -> list[Event]:
        seat = self.seat
        item = self.queue.pop()
        if not isinstance(item, PendingMarker):  # pragma: no cover - legality checked before
            raise SimlabError("bad_doctor: no Doctor Marker is waiting to be taken back")
        pid, space = item.patient, item.space
        source = self.patient(action.patient)
        mine = action.space
        source.junctions[mine] = (source.junctions[mine][0], NO_MARKER)
        target = self.patient(pid)
        target.junctions[space] = (target.junctions[space][0], seat)
        return [Event(f"{self._name(seat)} moves a Doctor Marker from Patient {source.id} "
                      f"to Patient {pid}", "marker", seat)]

    def _no_marker(self, action: Action) -> list[Event]:
        self.queue.pop()
        return []
