"""Door-markers of Bedpans & Broomsticks ("Door-markers", "Special – Door-Markers", the
Variation "Door-markers").

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`: where a Door-marker may go
(:meth:`DoorMarkers.door_spots`: "the non-open edge between 2 tiles", not next to an
Elevator, Stairs or Exit space), the plays offered in a Stuff window, and a marker played.
What a played marker makes of the wall (an open edge, or a door) is option
``door_marker`` (ruling B18).

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> s.door_spots(), s.doors_held
([], [0, 1])
"""

from __future__ import annotations

from simlab.core.api import Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import DX, DY, Space, marker_key
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.layout import layout_of

__all__ = ["DoorMarkers"]


class DoorMarkers(StateFields):
    """Door-markers for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def _door_plays(self) -> tuple[A.PlayDoor, ...]:
        """The Door-marker plays: made once per layout."""
        return layout_of(self).known("door plays", lambda: tuple(  # type: ignore[no-any-return]
            A.PlayDoor(a, b) for a, b in self.door_spots()))

    def door_spots(self) -> list[tuple[Space, Space]]:
        """Edges where a Door-marker may go: a non-open edge between 2 tiles, away from
        Elevator, Stairs and Exit spaces, without a Door-marker yet.

        Examples
        --------
        >>> from simlab.games.bedpans.rules import BedpansGame
        >>> s = BedpansGame(players=2).new_initial_state()
        >>> s._put_tile(("U", 1, 0), "T08", 0)
        >>> s.door_spots()
        [(('U', 2, 0), ('U', 3, 0)), (('U', 2, 2), ('U', 3, 2))]
        """
        lay = layout_of(self)
        return list(lay.known("door spots", lambda: _door_spots(
            self.tiles, self.features, lay.ways, self.game.options["door_markers"])))

    def _play_door(self, action: A.PlayDoor) -> list[Event]:
        seat = self.decider
        self.doors_held[seat] -= 1
        self.door_markers[marker_key(action.a, action.b)] = seat
        layout_of(self)  # the new layout worked out here, once, not in each view
        return [Event(f"{self.game.seat_names()[seat]} plays a Door-marker", "door", seat)]


def _door_spots(tiles: dict[tuple[str, int, int], tuple[str, int]], features: dict[Space, str],
                ways: dict[Space, tuple[str | None, ...]], anywhere: bool = False) -> tuple:
    """:meth:`DoorMarkers.door_spots` worked out from the layout's passages (``ways``, of
    :class:`~.layout.Layout`: None for a wall, as :func:`~.board.passage` reads it) and the
    features of its spaces (``features``: those other than ``.``)."""
    banned = "ES" if anywhere else "ESX"
    spots = []
    for (floor, tx, ty) in sorted(tiles):
        for d in (1, 2):
            if not anywhere and (floor, tx + DX[d], ty + DY[d]) not in tiles:
                continue
            for k in range(3):
                a = (floor, 3 * tx + 2, 3 * ty + k) if d == 1 else (floor, 3 * tx + k, 3 * ty + 2)
                b = (floor, a[1] + DX[d], a[2] + DY[d])
                if b not in ways:
                    continue
                if features.get(a, ".") in banned or features.get(b, ".") in banned:
                    continue
                if ways[a][d] is None:
                    spots.append((a, b))
            if anywhere:  # the walls inside the tile too (Variation "Door-markers")
                for i in range(9):
                    r, c = divmod(i, 3)
                    if (d == 1 and c == 2) or (d == 2 and r == 2):
                        continue
                    a = (floor, 3 * tx + c, 3 * ty + r)
                    b = (floor, a[1] + DX[d], a[2] + DY[d])
                    if features.get(a, ".") in "ES" or features.get(b, ".") in "ES":
                        continue
                    if ways[a][d] is None:
                        spots.append((a, b))
    return tuple(spots)
