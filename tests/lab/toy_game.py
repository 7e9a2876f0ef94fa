"""A toy game with a planted knob, for the tuner's tests.

Seat 0 calls a coin; then a chance node decides the winner: seat 0 wins with
probability ``edge / 10``.  The seats are balanced exactly at ``edge = 5``
(the known optimum); the "rulebook" default is 8 (seat 0 wins 80 %).  The
option ``noise`` changes nothing (a knob that must not matter).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from simlab.core.action_text import ActionPatterns
from simlab.core.api import CHANCE, Action, Event, Option
from simlab.core.errors import ConfigError
from tests.helpers.toy_games import ToyGame, ToyState


@dataclass(frozen=True, slots=True)
class Call(Action):
    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Land(Action):
    winner: int

    def __str__(self) -> str:
        return f"seat {self.winner} wins the toss"


class TossState(ToyState):
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset()
    REASON = "toss"

    def __init__(self, game: CoinToss) -> None:
        super().__init__(game)
        self.called = False
        self.winner: int | None = None

    def _winners(self) -> tuple[int, ...] | None:
        return None if self.winner is None else (self.winner,)

    def _to_play(self) -> int:
        return CHANCE if self.called else 0

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


class CoinToss(ToyGame):
    NAME = "coin_toss"
    TITLE = "Coin toss (tuner test game)"
    OPTIONS = (
        Option("edge", 8, "tenths of the games seat 0 wins"),
        Option("noise", "a", "changes nothing", choices=("a", "b", "c")),
    )
    STATE = TossState
    PATTERNS: ClassVar[ActionPatterns] = (
        (re.compile(r"call"), lambda m: Call()),
        (re.compile(r"seat (\d+) wins the toss"), lambda m: Land(int(m[1]))),
    )

    def set_up(self) -> None:
        if not 0 <= self.options["edge"] <= 10:
            raise ConfigError(f"option 'edge' is 0 to 10, not {self.options['edge']}")
