"""What a seat may not see in Bedpans & Broomsticks ("Characters", "Special – Your Decoy",
"Special – Stuff": "Keep your Stuff hidden"; Door Code's facedown markers).

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`: a seat's view hides which
token of another colour is the Elder (until a Decoy is removed or the two are apart), the
other seats' hands (:data:`HIDDEN` in place of each Stuff-marker) and another player's
Door Code order (:meth:`HiddenInformation._hide`); the text of an action as a seat sees
it (:meth:`HiddenInformation.action_text_for`); and the search players' redraw of what a
seat cannot see (:meth:`HiddenInformation.resample_hidden`).

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> s.hands = [["Puddle"], ["Hurry Up"]]
>>> s.view(1).hands
[['?'], ['Hurry Up']]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Self

from simlab.core.api import Action
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.stuff import CODE_ORDERS

__all__ = ["HIDDEN", "HiddenInformation"]

#: What another seat sees in place of a Stuff-marker in a hidden hand.
HIDDEN = "?"


class HiddenInformation(StateFields):
    """Hidden information for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def _hide(self, seat: int) -> None:
        self._ready = ()  # listed from what this seat may not see
        mine = self.colour_of(seat) if seat > 0 else None
        for c in self.elder:
            if c != mine and not self.known[c]:
                self.elder[c] = -1
        unseen = dict(self.unseen)
        for s, hand in enumerate(self.hands):
            if s != seat:
                for kind in hand:
                    unseen[kind] += 1
                self.hands[s] = [HIDDEN] * len(hand)
        self.unseen = unseen
        for key, entry in self.blocked.items():  # another player's Door Code order
            if entry.stuff == "Door Code" and entry.player != seat:
                self.blocked[key] = replace(entry, order=HIDDEN)

    def action_text_for(self, action: Action, seat: int) -> str | None:
        """The text of ``action`` as ``seat`` sees it (asked before it is applied).

        As :meth:`_hide` masks them: the Stuff-marker a seat draws is seen by
        that seat only (others read "Elder red draws a Stuff-marker" in the
        events); a Door Code's order only by its player; and, under "Stuff is
        Stuff", which Stuff a seat discards or exchanges only by that seat (it
        goes back face down among the unseen Stuff; otherwise the discards
        are face up and public).  Every other action is public: Residents are
        named by token, never as Elder or Decoy.

        Examples
        --------
        >>> from simlab.games.bedpans.rules import BedpansGame
        >>> s = BedpansGame(players=3).new_initial_state()
        >>> s.draws[0], s.action_text_for(A.DrawStuff("Hurry Up"), 0)
        (0, 'draw Stuff Hurry Up')
        >>> s.action_text_for(A.DrawStuff("Hurry Up"), 1) is None
        True
        >>> s.action_text_for(A.PlayStuff("Door Code", "U 2,0 E 312"), 2)
        'play Door Code: U 2,0 E'
        """
        if isinstance(action, A.DrawStuff):
            return str(action) if self.draws and self.draws[0] == seat else None
        if isinstance(action, A.PlayStuff) and action.kind == "Door Code":
            if self.current_player == seat:  # its player
                return str(action)
            return str(A.PlayStuff(action.kind, action.target.rsplit(" ", 1)[0]))
        if isinstance(action, A.Discard | A.Exchange):
            actor = self.current_player
            if actor == seat or not self._discards_face_down(actor):
                return str(action)
            if isinstance(action, A.Discard):
                return "discard a Stuff-marker"
            return "exchange 2 Stuff-markers"
        return str(action)

    def _discards_face_down(self, seat: int) -> bool:
        """Stuff is Stuff: unused Stuff ``seat`` discards goes face down on the layout."""
        return bool(self.game.options["stuff_is_stuff"]) and self._where_seat(seat) is not None

    def resample_hidden(self, seat: int, rng: Any) -> Self:
        """Redraw what ``seat`` cannot see: other Elder identities and other hands.

        Works on the true state and on ``seat``'s view alike (the search
        players determinize views).

        Examples
        --------
        >>> from simlab.games.bedpans.rules import BedpansGame
        >>> import numpy as np
        >>> s = BedpansGame(players=3).new_initial_state()
        >>> other = s.resample_hidden(1, np.random.default_rng(0))
        >>> other.view(1) == s.view(1)
        True
        >>> s.view(1).resample_hidden(1, np.random.default_rng(0)).view(1) == s.view(1)
        True
        """
        other = self.clone()
        other._ready = ()
        mine = self.colour_of(seat) if seat > 0 else None
        for c in self.elder:
            if c != mine and not self.known[c]:
                other.elder[c] = int(rng.integers(2))
        pool = dict(self.unseen)  # in a view, the hidden hands are in ``unseen`` already
        for s, hand in enumerate(self.hands):
            if s != seat:
                for kind in hand:
                    if kind != HIDDEN:
                        pool[kind] += 1
        for s, hand in enumerate(self.hands):
            if s == seat or not hand:
                continue
            names = [k for k, c in pool.items() for _ in range(c)]
            picks = rng.choice(len(names), size=len(hand), replace=False)
            new = sorted(names[int(i)] for i in picks)
            for kind in new:
                pool[kind] -= 1
            other.hands[s] = new
        other.unseen = pool
        for key, entry in sorted(self.blocked.items()):
            if entry.stuff == "Door Code" and entry.player != seat:
                orders = [o for o in CODE_ORDERS if o not in entry.wrong]
                other.blocked[key] = replace(entry, order=orders[int(rng.integers(len(orders)))])
        return other
