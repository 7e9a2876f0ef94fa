"""The Stuff-markers of Bedpans & Broomsticks: the pile, the hands, the discards and the Stuff
played in front of its player ("Stuff", "Special – Stuff", "Placing Stuff").

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`: Stuff dealt and drawn
(:meth:`StuffMarkers._queue_draw`, the discards reshuffled when the pile runs out, ruling
B8), put on the layout (:meth:`StuffMarkers._put_stuff`), played in a Stuff window
(:meth:`StuffMarkers._play_stuff`; what each kind does is :mod:`.stuff`'s table), discarded
over the hand limit and exchanged at the end of a turn (2 for 1).

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> s.pile, s.draws, HAND_LIMIT
(45, [0, 1], 3)
"""

from __future__ import annotations

import itertools

from simlab.core.api import Action, Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans import stuff
from simlab.games.bedpans.board import Space
from simlab.games.bedpans.components import STAFFERS
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.parts import Phase

__all__ = ["HAND_LIMIT", "IN_FRONT", "StuffMarkers"]

#: "If you have 3 Stuff and you draw a 4th, you must immediately discard until you only
#: have 3."
HAND_LIMIT = 3
#: Stuff placed "in front of you" when played (l.331-350), and when it leaves (then it is
#: discarded; ruling B8: only discarded Stuff is reshuffled into an empty pile): Jammed Door
#: and Door Code with their door's markers, Just Cleaned and Plans! at the end of the round,
#: Walker at the end of the turn ("to move this turn"), Bed Bump never (ruling S13).
IN_FRONT: dict[str, str] = {"Bed Bump": "game", "Door Code": "door", "Jammed Door": "door",
                            "Just Cleaned": "round", "Plans!": "round", "Walker": "turn"}
_PASS = A.Pass()


class StuffMarkers(StateFields):
    """Stuff-markers for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def _queue_draw(self, seat: int) -> None:
        if self.pile == 0 and self.discards:  # ruling B8: reshuffle the discards
            for kind, count in self.discards.items():
                self.unseen[kind] += count
                self.pile += count
            self.discards = {}
        if self.pile == 0:
            return
        self.pile -= 1
        self.draws.append(seat)

    def _lay_aside(self, kind: str, count: int | None = None) -> None:
        """``count`` Stuff of ``kind`` in front of the players (all when None) is no longer
        in effect: it goes to the discards."""
        held = self.in_front.get(kind, 0)
        n = held if count is None else min(count, held)
        if not n:
            return
        if n == held:
            del self.in_front[kind]
        else:
            self.in_front[kind] = held - n
        self.discards[kind] = self.discards.get(kind, 0) + n

    def _discard(self, seat: int, kind: str) -> None:
        self.hands[seat].remove(kind)
        self.discards[kind] = self.discards.get(kind, 0) + 1

    def _put_stuff(self, space: Space) -> bool:
        if self.pile > 0:
            self.pile -= 1
        else:  # "use one Stuff from the most distant tile" (ruling B8)
            floor, x, y = space
            here = (x // 3, y // 3)

            def far(s: Space) -> tuple:
                if s[0] != floor:
                    return (-10**6, s)
                return (-(abs(s[1] // 3 - here[0]) + abs(s[2] // 3 - here[1])), s)

            options = sorted((s for s in self.stuff_at if (s[1] // 3, s[2] // 3) != here
                              or s[0] != floor), key=far)
            if not options:
                return False
            source = options[0]
            self.stuff_at[source] -= 1
            if self.stuff_at[source] == 0:
                del self.stuff_at[source]
        self.stuff_at[space] = self.stuff_at.get(space, 0) + 1
        return True

    def _stuff_available(self) -> bool:
        return self.pile > 0 or bool(self.stuff_at)

    def stuff_plays(self, seat: int) -> list[Action]:
        """Stuff that ``seat`` may play in the current Stuff window (see :mod:`.stuff`).

        Examples
        --------
        >>> from simlab.games.bedpans.rules import BedpansGame
        >>> s = BedpansGame(players=2).new_initial_state()
        >>> s.hands[1] = ["Hurry Up"]
        >>> s.phase, s.active = "window1", 1
        >>> s.stuff_plays(1)
        [PlayStuff(kind='Hurry Up', target='red')]
        """
        if not self.hands[seat] and not (
                seat and self.game.options["elder_abilities"] and self.ability_uses[seat] < 2):
            return []
        return stuff.plays(self, seat)

    def _window_plays(self, seat: int) -> list[Action]:
        plays = self.stuff_plays(seat)
        if self.doors_held[seat] > 0:
            plays += self._door_plays()
        return plays

    def _draw_stuff(self, action: A.DrawStuff) -> list[Event]:
        seat = self.draws.pop(0)
        self.unseen[action.kind] -= 1
        self.hands[seat].append(action.kind)
        self.hands[seat].sort()
        return [Event(f"{self.game.seat_names()[seat]} draws a Stuff-marker", "draw", seat)]

    def _play_stuff(self, action: A.PlayStuff) -> list[Event]:
        seat = self.decider
        if action.kind in stuff.ABILITIES:  # "resolved as if it were Stuff", twice a game
            self.ability_uses[seat] += 1
            event = Event(f"{self.game.seat_names()[seat]} uses {action}", "ability", seat)
            return [event, *stuff.resolve(self, seat, action)]
        self.hands[seat].remove(action.kind)
        played = self.in_front if action.kind in IN_FRONT else self.discards
        played[action.kind] = played.get(action.kind, 0) + 1
        shown = action.target[:-4] if action.kind == "Door Code" else action.target
        text = f"{self.game.seat_names()[seat]} plays {action.kind}"
        event = Event(f"{text}: {shown}" if shown else text, "stuff", seat)
        return [event, *stuff.resolve(self, seat, action)]

    def _discard_action(self, action: A.Discard) -> list[Event]:
        self._discard_unused(self.decider, action.kind)
        return []

    def _discard_unused(self, seat: int, kind: str) -> None:
        """Stuff is Stuff: unused Stuff stays where it is discarded (ruling V7)."""
        space = self._where_seat(seat) if self.game.options["stuff_is_stuff"] else None
        if space is None:
            self._discard(seat, kind)
            return
        self.hands[seat].remove(kind)
        self.unseen[kind] += 1
        self.stuff_at[space] = self.stuff_at.get(space, 0) + 1

    def _where_seat(self, seat: int) -> Space | None:
        if seat == 0:
            mover = self.mover if self.mover in STAFFERS and self.active == 0 else None
            places = [self.position(mover)] if mover else list(self.staffers)
        else:
            colour = self.colour_of(seat)
            mover = self.mover if self.mover and self.mover.startswith(colour) else None
            places = [self.position(mover)] if mover else list(self.tokens[colour])
        return next((p for p in places if p is not None), None)

    def _exchange(self, action: A.Exchange) -> list[Event]:
        seat = self.active
        self._discard_unused(seat, action.first)
        self._discard_unused(seat, action.second)
        self._queue_draw(seat)
        self.phase = Phase.END
        return [Event(f"{self.game.seat_names()[seat]} exchanges 2 Stuff for 1", "stuff", seat)]

    def _legal_window(self, seat: int) -> list[Action]:
        """A Stuff window: pass, or play Stuff or a Door-marker."""
        return [_PASS, *self._window_plays(seat)]

    def _legal_discard(self, seat: int) -> list[Action]:
        """Over the hand limit: a kind of Stuff in the hand to discard."""
        return [A.Discard(k) for k in sorted(set(self.hands[seat]))]

    def _legal_exchange(self, seat: int) -> list[Action]:
        """The end of the turn: pass, or exchange 2 Stuff of the hand for 1."""
        hand = sorted(self.hands[seat])
        pairs = sorted({(a, b) for a, b in itertools.combinations(hand, 2)})
        return [_PASS, *(A.Exchange(a, b) for a, b in pairs)]
