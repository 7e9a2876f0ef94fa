"""Setting up Bedpans & Broomsticks ("Setting Up", "Special – Start Tiles").

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`: the start tile placed (the
4-bed tile, or the one the first Elder-player chooses, ruling B13), each colour's Elder and
Decoy on its bed, the set-up Stuff, and the first Stuff dealt to every player
(:meth:`SettingUp._set_up`).

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=3, start_tile="chosen").new_initial_state()
>>> s.need, s.start_tiles()
(Decide(seat=1, decision=<Decision.START_TILE: 'start-tile'>), ['S', 'T01', 'T02'])
"""

from __future__ import annotations

from simlab.core.api import Action, Event
from simlab.core.errors import SimlabError
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import Space
from simlab.games.bedpans.components import start_candidates
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.parts import Phase

__all__ = ["BED_LETTER", "SettingUp"]

#: The bed letter of each colour on a tile.
BED_LETTER = {"red": "R", "blue": "B", "yellow": "Y", "green": "G"}
#: Features of a space that takes no Stuff: a Staff station (l.240), an elevator or stairs.
_NO_STUFF = frozenset("NDES")
#: Where the set-up Stuff of a start tile may go, in order: centre, N, E, S, W, the corners.
_SETUP_STUFF_ORDER = ((1, 1), (1, 0), (2, 1), (1, 2), (0, 1), (0, 0), (2, 0), (0, 2), (2, 2))


class SettingUp(StateFields):
    """Set-up for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def start_tiles(self) -> list[str]:
        """The tiles play may start on with this many players ("Special – Start Tiles")."""
        return start_candidates(self.game.data.tiles, self.game.players)

    def _set_up(self, start: str) -> None:
        if start != "S":  # "Shuffle the rest of the Room-tiles": the 4-bed tile too
            self.stack = sorted([*self.stack, "S"])
        self._put_tile(("U", 0, 0), start, 0)
        for space, f in list(self.features.items()):
            for colour in self.game.colours:
                if f == BED_LETTER[colour]:
                    self.tokens[colour] = [space, space]
            if f == "$":
                self._put_stuff(space)
        if start != "S":  # ruling B13: the set-up Stuff goes on the centre space, or
            self._put_stuff(self._setup_stuff_space())  # the nearest without a station
        self.draws = []
        for seat in range(self.game.players):
            self._queue_draw(seat)
        if self.game.options["elder_abilities"]:  # the Staff starts with 2 Stuff
            self._queue_draw(0)
        self.phase = Phase.START

    def _setup_stuff_space(self) -> Space:
        """Where the set-up Stuff goes on a start tile printed without one (ruling B13).

        The centre space, as the 4-bed tile shows it; "Do not place Stuff on a space
        containing a Staff station" (l.240), nor (as for the 1 Stuff of an Elevator or Exit
        tile) on an elevator or stairs: then the first such free space next to the centre,
        looking N, E, S, W, then the corners in reading order.
        """
        for x, y in _SETUP_STUFF_ORDER:
            space = ("U", x, y)
            if self.features.get(space, ".") not in _NO_STUFF:
                return space
        raise SimlabError("bedpans: the start tile has no space for the set-up Stuff")

    def _choose_start(self, action: A.ChooseStart) -> list[Event]:
        self._set_up(action.tile)
        return [Event(f"play starts on tile {action.tile}", "tile", 1)]

    def _legal_start_tile(self, seat: int) -> list[Action]:
        """The start tiles the first Elder-player may choose (ruling B13)."""
        return [A.ChooseStart(t) for t in self.start_tiles()]
