"""The attributes and helpers of a Bedpans & Broomsticks state, declared for the type
checker, so that the state's mixins (one per section of the rulebook: :mod:`.setting_up`,
:mod:`.turn_sequence`, :mod:`.rolls`, :mod:`.moves`, :mod:`.exploration`,
:mod:`.stuff_markers`, :mod:`.door_markers`, :mod:`.neutralizing`, :mod:`.end_of_game`,
:mod:`.hidden_information`) and the effects of Stuff (:mod:`.stuff`) may use them and
each other's methods; and what they read of their game (:class:`GameFacts`).

:class:`~simlab.games.bedpans.rules.BedpansState` defines them all (its ``__init__`` sets
every field); at run time :class:`StateFields` is empty.  Both are declared here, not
imported from the rules, so that the mixins never import the module that puts them
together.

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame, BedpansState
>>> issubclass(BedpansState, StateFields)
True
>>> [name for name in vars(StateFields) if not name.startswith("__")]
[]
>>> game = BedpansGame(players=3)
>>> game.colours, game.seat_names()[1], len(game.geo["T08"])
(('red', 'blue'), 'Elder red', 4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Self

from simlab.core import api

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from simlab.core.api import Action, Event
    from simlab.games.bedpans import actions as A
    from simlab.games.bedpans.board import Space, TileGeometry
    from simlab.games.bedpans.components import Components, TileSpec
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
        Phase,
        QueueItem,
        Station,
        TurnEffect,
    )

__all__ = ["GameFacts", "StateFields"]


class GameFacts(api.GameFacts, Protocol):
    """What the mixins read of their game beyond its seats and options
    (:class:`~.rules.BedpansGame` has it all)."""

    #: The component set, each tile's 4 turned geometries, each tile's spec by id.
    data: Components
    geo: dict[str, tuple[TileGeometry, ...]]
    specs: dict[str, TileSpec]
    #: Where the Exit space of each tile faces, by its turn (None: no Exit space).
    exit_sides: dict[str, tuple[int | None, ...]]
    #: The Elder colours in play, in seat order (seat 1 first).
    colours: tuple[str, ...]

    def seat_names(self) -> list[str]: ...


class StateFields:
    """What a Bedpans state provides to its mixins (declarations only)."""

    if TYPE_CHECKING:
        game: GameFacts
        _layout: Layout | None
        _ready: tuple
        # the layout
        tiles: dict[tuple[str, int, int], tuple[str, int]]
        features: dict[Space, str]
        links: dict[Space, tuple[Space, str]]
        door_markers: dict[tuple[Space, Space], int]
        sealed: set[tuple[str, int, int]]
        dormant: dict[tuple[str, int, int], str]
        stack: list[str]
        elevators_left: list[str]
        exits_left: list[str]
        exits_on: dict[str, int]
        exit_rounds: list[int]
        exit_signs: int
        pairs_placed: int
        # the Characters
        tokens: dict[str, list[Space | None]]
        elder: dict[str, int]
        known: dict[str, bool]
        staffers: list[Space | None]
        # Stuff and Door-markers
        stuff_at: dict[Space, int]
        unseen: dict[str, int]
        pile: int
        discards: dict[str, int]
        in_front: dict[str, int]
        hands: list[list[str]]
        doors_held: list[int]
        door_supply: int
        ability_uses: list[int]
        # the turn
        need: Decide | Chance | Over
        round: int
        active: int
        phase: Phase
        window: list[int]
        moves_done: int
        moved: list[str]
        mover: str | None
        points: int
        roll_kind: str
        pending: int
        dice: tuple[int, ...]
        took: int
        can_take: bool
        draws: list[int]
        # exploring
        explore: Space | None
        target: OpenEdge | None
        drawn: str | None
        queue: list[QueueItem]
        planner: int
        # Stuff in play
        fx: dict[Lasting, tuple[TurnEffect, ...]]
        status: dict[Space, str]
        bed_bumps: set[Space]
        blocked: dict[tuple[Space, Space], BlockedDoor]
        trying: tuple[Space, Space] | None
        chair: list[str]
        chair_seat: int
        nudges: list[Nudge]
        # neutralizing and the end of the game
        neutralized: int
        returned: tuple[tuple[int, Space], ...]
        out: list[str]
        escaped: list[int]
        winner: int | None
        winners: tuple[int, ...]
        reason: str

        def _affected(self, kind: Lasting) -> tuple[str, ...]: ...
        def bed_distances(self) -> dict[Space, int]: ...
        def beds(self, colour: str) -> list[Space]: ...
        def _chair_step(self) -> bool: ...
        def _check_all_out(self) -> None: ...
        def clone(self) -> Self: ...
        def colour_of(self, seat: int) -> str: ...
        @property
        def current_player(self) -> int: ...
        def _decide(self, seat: int, kind: Decision, legal: Sequence[Action]) -> None: ...
        @property
        def decider(self) -> int: ...
        def dice_result(self, name: str) -> int: ...
        def _discard(self, seat: int, kind: str) -> None: ...
        def _door_plays(self) -> tuple[A.PlayDoor, ...]: ...
        def _elders_have_won(self) -> bool: ...
        def _escape(self, colour: str) -> list[Event]: ...
        def _explore_step(self) -> bool: ...
        def _finish_escapes(self) -> None: ...
        def _forced_arrival(self, dest: Space, moved: Sequence[tuple[str, int]]
                            ) -> list[Event]: ...
        def _geom(self, pos: tuple[str, int, int]) -> TileGeometry: ...
        def _lay_aside(self, kind: str, count: int | None=None) -> None: ...
        def _limit_occupancy(self) -> None: ...
        @property
        def marker_edge(self) -> str: ...
        def _move_options(self) -> Sequence[Action]: ...
        def _neutralize(self, colour: str, space: Space, staff: list[int],
                        by_staff: bool = True) -> None: ...
        def _nudge_step(self) -> bool: ...
        def occupants(self, space: Space) -> tuple[list[tuple[str, int]], list[int]]: ...
        def _occupied(self, space: Space) -> bool: ...
        def _open_window(self, phase: Phase) -> None: ...
        def position(self, name: str) -> Space | None: ...
        def _put_stuff(self, space: Space) -> bool: ...
        def _put_tile(self, pos: tuple[str, int, int], tid: str, rot: int) -> None: ...
        def _queue_draw(self, seat: int) -> None: ...
        def _queue_step(self) -> bool: ...
        def _resolve(self, space: Space) -> None: ...
        def seat_of(self, colour: str) -> int: ...
        def _shaft_closed(self, space: Space) -> bool: ...
        def _staffer_roll(self, name: str) -> str: ...
        def _stations(self, pos: tuple[str, int, int]) -> list[Station]: ...
        def _stuff_available(self) -> bool: ...
        def _targets(self, space: Space) -> list[OpenEdge]: ...
        def _where_seat(self, seat: int) -> Space | None: ...
        def _window_plays(self, seat: int) -> list[Action]: ...
