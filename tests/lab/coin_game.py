"""A toy game with a planted seat advantage, for the balance lab's tests.

Rules.  Each seat in turn calls heads or tails (a decision that changes
nothing) for ``turns`` turns; then a coin decides the game: seat 0 wins with
probability ``edge``, the seats share the win with probability ``tie``, and
else one of the other seats wins (each equally likely).  So seat 0's win share
is exactly ``edge + tie / players``: a planted advantage, known in advance.
A seat that calls heads on its first turn makes the choice "heads first".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from simlab.core.action_text import ActionPatterns
from simlab.core.api import CHANCE, Action, Event, Option, State
from simlab.core.errors import ConfigError
from simlab.core.registry import register_game
from simlab.lab.specs import GameSpec
from tests.helpers.toy_games import ToyGame, ToyState


@dataclass(frozen=True, slots=True)
class Call(Action):
    heads: bool

    def __str__(self) -> str:
        return "call heads" if self.heads else "call tails"


@dataclass(frozen=True, slots=True)
class Coin(Action):
    winners: tuple[int, ...]

    def __str__(self) -> str:
        return "coin: " + ",".join(map(str, self.winners))


class CoinState(ToyState):
    game: CoinGame
    REASON = "coin"

    def __init__(self, game: CoinGame) -> None:
        super().__init__(game)
        self.calls: list[bool] = []
        self.winners: tuple[int, ...] | None = None

    def _winners(self) -> tuple[int, ...] | None:
        return self.winners

    def _to_play(self) -> int:
        n = self.game.players
        if len(self.calls) < n * self.game.options["turns"]:
            return len(self.calls) % n
        return CHANCE

    def _legal_actions(self) -> list[Action]:
        return [Call(True), Call(False)]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        n = self.game.players
        edge = Fraction(self.game.options["edge"]).limit_denominator(10_000)
        tie = Fraction(self.game.options["tie"]).limit_denominator(10_000)
        rest = (1 - edge - tie) / (n - 1)
        out = [(Coin((0,)), edge), (Coin(tuple(range(n))), tie)]
        out += [(Coin((s,)), rest) for s in range(1, n)]
        return [(a, p) for a, p in out if p > 0]

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Call):
            self.calls.append(action.heads)
        else:
            assert isinstance(action, Coin)
            self.winners = action.winners
        return [Event(str(action))]


class CoinGame(ToyGame):
    NAME = "coin_game"
    MAX_PLAYERS = 4
    OPTIONS = (
        Option("edge", 0.5, "probability that seat 0 wins"),
        Option("tie", 0.0, "probability of a win shared by every seat"),
        Option("turns", 2, "turns each seat takes before the coin"),
    )
    STATE = CoinState
    PATTERNS: ClassVar[ActionPatterns] = (
        (re.compile(r"call (heads|tails)"), lambda m: Call(m[1] == "heads")),
        (re.compile(r"coin: (\d+(?:,\d+)*)"), lambda m: Coin(tuple(map(int, m[1].split(","))))),
    )

    def set_up(self) -> None:
        edge, tie = float(self.options["edge"]), float(self.options["tie"])
        if not (edge >= 0 and tie >= 0 and edge + tie <= 1):
            raise ConfigError(f"coin_game: edge {edge} and tie {tie} are no probabilities")

    def search_settings(self):
        from simlab.core.search_settings import SearchSettings

        return SearchSettings(iterations=10, evaluate=evaluate)


def evaluate(state: CoinState) -> list[float]:
    """Seat 0's chance and the others' (the coin's odds: the leader never changes)."""
    n = state.game.players
    edge, tie = state.game.options["edge"], state.game.options["tie"]
    other = (1 - edge - tie) / (n - 1)
    return [edge + tie / n] + [other + tie / n] * (n - 1)


def heads_first(state: State, seat: int, action: Action) -> str | None:
    """The choice of a seat's first call."""
    calls = state.calls  # type: ignore[attr-defined]
    if isinstance(action, Call) and len(calls) <= state.game.players and action.heads:
        return "heads first"
    return None


CoinGame.BALANCE_SPEC = GameSpec(choice=heads_first, choice_kind="first call")  # type: ignore[attr-defined]

register_game(CoinGame)
