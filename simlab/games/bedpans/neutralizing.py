"""Neutralizing in Bedpans & Broomsticks ("Neutralizing Elders & Staffers", "Special –
Neutralizing", "Special – Your Decoy", the Variations "No Recovery" and "Limited Occupancy").

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`.  Whenever Characters meet
(:meth:`Neutralizing._resolve`): Decoys with a Staffer are removed; an Elder with the
Doctor or 2+ Staffers is neutralized (:meth:`Neutralizing._neutralize`): its Stuff
discarded and 1 drawn in exchange, the Staffers involved sent to their nearest stations,
the Staff's count raised (ruling S5); it re-enters on a bed of its colour at the start
of its next turn (:meth:`Neutralizing._reenter`).

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> s.staffers[0] = s.tokens["red"][0]
>>> s._resolve(s.staffers[0])
>>> s.tokens["red"], s.neutralized
([None, None], 1)
"""

from __future__ import annotations

from simlab.core.api import Action, Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import Space, space_text
from simlab.games.bedpans.components import STAFFERS
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.layout import bfs_field, layout_of
from simlab.games.bedpans.parts import Phase

__all__ = ["Neutralizing"]


class Neutralizing(StateFields):
    """Neutralizing for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def _resolve(self, space: Space) -> None:
        """Decoys with a Staffer are removed; an Elder with the Doctor or 2+ Staffers is
        neutralized ("Neutralizing Elders & Staffers")."""
        if space not in self.staffers:  # no Staffer: nothing happens (the usual case)
            return
        toks, staff = self.occupants(space)
        if not toks or not staff:
            return
        for c, i in toks:
            if i != self.elder[c]:
                self.tokens[c][i] = None
                self.known[c] = True
        strong = 0 in staff or len(staff) >= 2
        for c, i in toks:
            if i == self.elder[c]:
                if strong:
                    self._neutralize(c, space, staff)
                else:
                    self.known[c] = True

    def _neutralize(self, colour: str, space: Space, staff: list[int],
                    by_staff: bool = True) -> None:
        """Neutralize ``colour``'s Elder on ``space`` (``staff``: the Staffers involved).

        ``by_staff`` false: another Elder-player's Stuff did it, which does not count
        towards the Staff's win unless ``counted_neutralizations=all`` (ruling S5).
        """
        self.tokens[colour] = [None, None]
        self.known[colour] = True
        if by_staff or self.game.options["counted_neutralizations"] == "all":
            self.neutralized += 1
        seat = self.seat_of(colour)
        for kind in list(self.hands[seat]):
            self._discard(seat, kind)
        if self.game.options["no_recovery"]:  # out of the game: no Stuff in exchange
            self.out.append(colour)
            self._check_all_out()
        else:
            self._queue_draw(seat)
        needed = self.game.players - (0 if self.game.options["staff_experience"] else 1)
        if (self.neutralized >= needed and not self.game.options["no_recovery"]
                and not self._elders_have_won()):
            self.winner = 0
            plural = "s" if self.neutralized != 1 else ""
            self.reason = f"the Staff neutralized {self.neutralized} Elder{plural}"
            return
        returning = [0] if 0 in staff else []
        nurses = [i for i in staff if i != 0]
        if nurses:
            returning.append(nurses[0])
        for i in returning:
            letter = "D" if i == 0 else "N"
            dist = bfs_field(layout_of(self).neighbours(), [space])
            stations = sorted((k, s) for s, k in dist.items() if self.features.get(s) == letter)
            if stations:
                self.staffers[i] = stations[0][1]
                self.returned += ((i, stations[0][1]),)
                self._resolve(stations[0][1])

    def _reenter(self, action: A.Reenter) -> list[Event]:
        colour = self.colour_of(self.active)
        self.tokens[colour] = [action.space, action.space]
        self.known[colour] = False
        self._resolve(action.space)
        self._open_window(Phase.WINDOW1)
        return [Event(f"{colour} Elder and Decoy re-enter", "reenter", self.active)]

    def _limit_occupancy(self) -> None:
        crowd: dict[Space, int] = {}
        for pos in [*self.staffers, *(p for ps in self.tokens.values() for p in ps)]:
            if pos is not None:
                crowd[pos] = crowd.get(pos, 0) + 1
        for space, k in crowd.items():
            if k >= 5:
                for c, i in self.occupants(space)[0]:
                    if i != self.elder[c]:
                        self.tokens[c][i] = None
                        self.known[c] = True

    def _removal_events(self, before: dict[str, int]) -> list[Event]:
        """The removals told after an action: ``before``, each colour's tokens that were off
        the layout before it."""
        events = []
        for colour, where in self.tokens.items():
            if where == [None, None] and before[colour] < 2:
                seat = self.seat_of(colour)
                events.append(Event(f"the {colour} Elder is neutralized", "neutralize", seat))
            elif None in where and before[colour] == 0:
                seat = self.seat_of(colour)
                events.append(Event(f"the {colour} Decoy is removed", "decoy", seat))
        return events

    def _return_events(self) -> list[Event]:
        """Tell where the Staffers sent back by a neutralization went (and forget them)."""
        events = [Event(f"{STAFFERS[i]} goes to the nearest "
                        f"{'doctor' if i == 0 else 'nurse'}'s station, {space_text(space)}",
                        "move", 0) for i, space in self.returned]
        self.returned = ()
        return events

    def _legal_reenter(self, seat: int) -> list[Action]:
        """A neutralized Elder re-enters on a bed of its colour ("your choice")."""
        return [A.Reenter(s) for s in self.beds(self.colour_of(seat))]
