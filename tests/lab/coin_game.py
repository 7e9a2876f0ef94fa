"""A toy game with a planted seat advantage, for the balance lab's tests.

Rules.  Each seat in turn calls heads or tails (a decision that changes
nothing) for ``turns`` turns; then a coin decides the game: seat 0 wins with
probability ``edge``, the seats share the win with probability ``tie``, and
else one of the other seats wins (each equally likely).  So seat 0's win share
is exactly ``edge + tie / players``: a planted advantage, known in advance.
A seat that calls heads on its first turn makes the choice "heads first".
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from simlab.core.api import CHANCE, TERMINAL, Action, Event, Game, Option, Outcome, State
from simlab.core.errors import ConfigError, IllegalActionError
from simlab.core.registry import register_game
from simlab.lab.specs import GameSpec


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


class CoinGame(Game):
    NAME = "coin_game"
    TITLE = "Coin game (test game)"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    DEFAULT_PLAYERS = 2
    OPTIONS = (
        Option("edge", 0.5, "probability that seat 0 wins"),
        Option("tie", 0.0, "probability of a win shared by every seat"),
        Option("turns", 2, "turns each seat takes before the coin"),
    )

    def __init__(self, players: int | None = None, variants: Any = (), **options: Any) -> None:
        super().__init__(players, variants, **options)
        edge, tie = float(self.options["edge"]), float(self.options["tie"])
        if not (edge >= 0 and tie >= 0 and edge + tie <= 1):
            raise ConfigError(f"coin_game: edge {edge} and tie {tie} are no probabilities")

    def new_initial_state(self) -> CoinState:
        return CoinState(self)

    def search_settings(self):
        from simlab.core.search_settings import SearchSettings

        return SearchSettings(iterations=10, evaluate=evaluate)

    def parse_action(self, text: str) -> Action:
        if text in ("call heads", "call tails"):
            return Call(text == "call heads")
        if text.startswith("coin: "):
            return Coin(tuple(int(s) for s in text[6:].split(",")))
        raise IllegalActionError(f"coin_game has no action {text!r}")


class CoinState(State):
    game: CoinGame

    def __init__(self, game: CoinGame) -> None:
        super().__init__(game)
        self.calls: list[bool] = []
        self.winners: tuple[int, ...] | None = None

    @property
    def current_player(self) -> int:
        if self.winners is not None:
            return TERMINAL
        n = self.game.players
        if len(self.calls) < n * self.game.options["turns"]:
            return len(self.calls) % n
        return CHANCE

    @property
    def outcome(self) -> Outcome | None:
        if self.winners is None:
            return None
        n = self.game.players
        return Outcome(self.winners, tuple(float(s in self.winners) for s in range(n)), "coin")

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
