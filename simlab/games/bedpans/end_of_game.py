"""The end of a game of Bedpans & Broomsticks ("How to Win", "End of the Game", "Special –
Ending the Game", the Variations "Co-op Victory", "All or Nothing" and "No Recovery").

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`.  An Elder that leaves by
an Exit wins (under Co-op Victory with those out in the same round, ruling V2; under All
or Nothing only once every Elder is out, ruling V3); the Staff wins with one
neutralization per Elder-player (:meth:`.Neutralizing._neutralize`); a guard ends an
endless game undecided (``round_limit``, ruling B14).  :attr:`EndOfGame.outcome` gives
each winner a score of 1.

Examples
--------
>>> import simlab
>>> final = simlab.run(simlab.load_game("bedpans", players=2), seed=3)
>>> final.outcome.winners, final.outcome.reason
((0,), 'the Staff neutralized 1 Elder')
"""

from __future__ import annotations

from simlab.core.api import Event, Outcome
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.parts import OVER

__all__ = ["EndOfGame"]


class EndOfGame(StateFields):
    """The end of the game for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    @property
    def outcome(self) -> Outcome | None:
        if self.need is not OVER:
            return None
        n = self.game.players
        winners = () if self.winner is None else (self.winners or (self.winner,))
        scores = tuple(1.0 if s in winners else 0.0 for s in range(n))
        return Outcome(winners, scores, self.reason)

    def _result_events(self) -> list[Event]:
        """The end of the game told: each winner's score of 1 (the :attr:`outcome`)."""
        outcome = self.outcome
        if outcome is None:  # pragma: no cover - asked when the game is over
            return []
        names = self.game.seat_names()
        return [Event(f"{names[s]} wins ({outcome.reason}): 1 point", "score", s, score=1.0)
                for s in outcome.winners]

    def _escape(self, colour: str) -> list[Event]:
        """Co-op Victory / All or Nothing: the Elder leaves; its tokens go (rulings V2, V3)."""
        seat = self.seat_of(colour)
        self.tokens[colour] = [None, None]
        self.known[colour] = True
        self.out.append(colour)
        self.escaped.append(seat)
        self.points = 0
        self._check_all_out()
        return [Event(f"the {colour} Elder leaves by an Exit", "escape", seat)]

    def _check_all_out(self) -> None:
        if len(self.out) < len(self.game.colours) or self.reason:
            return
        if self.game.options["all_or_nothing"] and len(self.escaped) < len(self.game.colours):
            self.winner = 0
            self.reason = "not every Elder reached an Exit"
        elif self.escaped and not self.game.options["all_or_nothing"]:
            self._finish_escapes()
        elif self.escaped:
            self.winners = tuple(sorted(self.escaped))
            self.winner = self.winners[0]
            self.reason = "every Elder reached an Exit"
        else:
            self.winner = 0
            self.reason = "every Elder is out of the game"

    def _elders_have_won(self) -> bool:
        """Co-op Victory, option ``co_op_after_exit=elders-won``: once an Elder has left by
        an Exit, the round only adds co-winners; the Staff can no longer win (ruling V2)."""
        opts = self.game.options
        return (bool(self.escaped) and opts["co_op_victory"] and not opts["all_or_nothing"]
                and opts["co_op_after_exit"] == "elders-won")

    def _finish_escapes(self) -> None:
        """Co-op Victory: the Elders out by an Exit this round win together."""
        if self.game.options["all_or_nothing"]:
            return
        self.winners = tuple(sorted(self.escaped))
        self.winner = self.winners[0]
        self.reason = "the Elders of " + ", ".join(
            self.colour_of(s) for s in self.winners) + " reached an Exit"
