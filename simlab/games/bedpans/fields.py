"""The attributes and helpers of a Bedpans & Broomsticks state, declared for the type
checker, so that the state's mixins (:mod:`.exploration`, :mod:`.moves`) may use them.

:class:`~simlab.games.bedpans.rules.BedpansState` defines them all; at run time this
class is empty.

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansState
>>> issubclass(BedpansState, StateFields)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from simlab.core.api import Action, Event
    from simlab.games.bedpans.board import Space, TileGeometry
    from simlab.games.bedpans.layout import Layout
    from simlab.games.bedpans.parts import (
        BlockedDoor,
        Chance,
        Decide,
        Decision,
        Lasting,
        Nudge,
        OpenEdge,
        Over,
        QueueItem,
        Station,
        TurnEffect,
    )
    from simlab.games.bedpans.rules import BedpansGame

__all__ = ["StateFields"]


class StateFields:
    """What a Bedpans state provides to its mixins (declarations only)."""

    if TYPE_CHECKING:
        game: BedpansGame
        _layout: Layout | None
        _ready: tuple
        need: Decide | Chance | Over
        queue: list[QueueItem]
        tiles: dict[tuple[str, int, int], tuple[str, int]]
        features: dict[Space, str]
        links: dict[Space, tuple[Space, str]]
        sealed: set[tuple[str, int, int]]
        dormant: dict[tuple[str, int, int], str]
        stack: list[str]
        elevators_left: list[str]
        exits_left: list[str]
        exits_on: dict[str, int]
        exit_rounds: list[int]
        exit_signs: int
        pairs_placed: int
        tokens: dict[str, list[Space | None]]
        staffers: list[Space | None]
        fx: dict[Lasting, tuple[TurnEffect, ...]]
        explore: Space | None
        target: OpenEdge | None
        drawn: str | None
        planner: int
        round: int
        door_markers: dict[tuple[Space, Space], int]
        elder: dict[str, int]
        known: dict[str, bool]
        stuff_at: dict[Space, int]
        in_front: dict[str, int]
        draws: list[int]
        status: dict[Space, str]
        bed_bumps: set[Space]
        blocked: dict[tuple[Space, Space], BlockedDoor]
        trying: tuple[Space, Space] | None
        chair: list[str]
        chair_seat: int
        nudges: list[Nudge]
        active: int
        mover: str | None
        points: int
        took: int
        can_take: bool
        winner: int | None
        reason: str

        @property
        def marker_edge(self) -> str: ...
        def _geom(self, pos: tuple[str, int, int]) -> TileGeometry: ...
        def _resolve(self, space: Space) -> None: ...
        def _decide(self, seat: int, kind: Decision, legal: Sequence[Action]) -> None: ...
        def _put_stuff(self, space: Space) -> bool: ...
        def _lay_aside(self, kind: str, count: int | None = None) -> None: ...
        def _stuff_available(self) -> bool: ...
        def _set_up(self, start: str) -> None: ...
        def position(self, name: str) -> Space | None: ...
        def occupants(self, space: Space) -> tuple[list[tuple[str, int]], list[int]]: ...
        def seat_of(self, colour: str) -> int: ...
        def bed_distances(self) -> dict[Space, int]: ...
        def _occupied(self, space: Space) -> bool: ...
        def _affected(self, kind: Lasting) -> tuple[str, ...]: ...
        def _escape(self, colour: str) -> list[Event]: ...
        def _stations(self, pos: tuple[str, int, int]) -> list[Station]: ...
        def _targets(self, space: Space) -> list[OpenEdge]: ...
