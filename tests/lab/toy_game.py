"""A toy game with a planted knob, for the tuner's tests.

Seat 0 calls a coin; then a chance node decides the winner: seat 0 wins with
probability ``edge / 10``.  The seats are balanced exactly at ``edge = 5``
(the known optimum); the "rulebook" default is 8 (seat 0 wins 80 %).  The
option ``noise`` changes nothing (a knob that must not matter).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from simlab.core.api import CHANCE, TERMINAL, Action, Event, Game, Option, Outcome, State
from simlab.core.errors import ConfigError, IllegalActionError


@dataclass(frozen=True, slots=True)
class Call(Action):
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Land(Action):
    winner: int

    def __str__(self) -> str:
        return f"seat {self.winner} wins the toss"


class CoinToss(Game):
    NAME = "coin_toss"
    TITLE = "Coin toss (tuner test game)"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    DEFAULT_PLAYERS = 2
    OPTIONS = (
        Option("edge", 8, "tenths of the games seat 0 wins"),
        Option("noise", "a", "changes nothing", choices=("a", "b", "c")),
    )

    def __init__(self, players=None, variants=(), **options):
        super().__init__(players, variants, **options)
        if not 0 <= self.options["edge"] <= 10:
            raise ConfigError(f"option 'edge' is 0 to 10, not {self.options['edge']}")

    def new_initial_state(self) -> TossState:
        return TossState(self)

    def parse_action(self, text: str) -> Action:
        if text == "call":
            return Call()
        if text.startswith("seat "):
            return Land(int(text.split()[1]))
        raise IllegalActionError(f"coin_toss has no action {text!r}")


class TossState(State):
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, game: CoinToss) -> None:
        super().__init__(game)
        self.called = False
        self.winner: int | None = None

    @property
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.called else 0

    @property
    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome((self.winner,), tuple(float(s == self.winner) for s in range(2)), "toss")

    def _chance_outcomes(self):
        p = Fraction(self.game.options["edge"], 10)
        return [(Land(s), q) for s, q in ((0, p), (1, 1 - p)) if q > 0]

    def _legal_actions(self):
        return [Call()]

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Call):
            self.called = True
            return [Event("seat 0 calls", "call", 0)]
        assert isinstance(action, Land)
        self.winner = action.winner
        return [Event(str(action), "toss", action.winner)]
