"""A small game kept for the conformance suite: a dice race on a path graph.

Rules.  The track is a networkx path graph of ``length`` spaces; every
runner starts on space 0.  Before the race each seat is dealt one secret
boost card from a deck of 1, 2, 3 and 4 (chance).  On a turn the runner's
player rolls one three-sided die (chance), then moves that many spaces,
or, once per game, that many plus the boost card (revealing it).  The first
runner on the last space wins.  Each seat sees its own card; the others'
stay hidden until played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

import networkx as nx

from simlab.core.action_text import ActionPatterns
from simlab.core.api import CHANCE, Action, Event, Option
from tests.helpers.toy_games import ToyGame, ToyState

DECK = (1, 2, 3, 4)
HIDDEN = None


@dataclass(frozen=True, slots=True)
class Deal(Action):
    seat: int
    card: int

    def __str__(self) -> str:
        return f"deal boost {self.card} to Seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, slots=True)
class Move(Action):
    boost: bool = False

    def __str__(self) -> str:
        return "move with boost" if self.boost else "move"


_PATTERNS: ActionPatterns = (
    (re.compile(r"deal boost (\d+) to Seat (\d+)"), lambda m: Deal(int(m[2]), int(m[1]))),
    (re.compile(r"roll (\d+)"), lambda m: Roll(int(m[1]))),
    (re.compile(r"move with boost"), lambda m: Move(True)),
    (re.compile(r"move"), lambda m: Move(False)),
)


class RaceState(ToyState):
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset()
    REASON = "reached the last space"

    def __init__(self, game: DiceRace) -> None:
        super().__init__(game)
        n = game.players
        self.position = [0] * n
        self.cards: list[int | None] = []
        self.used = [False] * n
        self.turn = 0
        self.roll: int | None = None
        self.winner: int | None = None

    def _winners(self) -> tuple[int, ...] | None:
        return None if self.winner is None else (self.winner,)

    def _to_play(self) -> int:
        if len(self.cards) < self.game.players or self.roll is None:
            return CHANCE
        return self.turn

    def _chance_outcomes(self):
        if len(self.cards) < self.game.players:
            left = [c for c in DECK if c not in self.cards]
            return [(Deal(len(self.cards), c), Fraction(1, len(left))) for c in left]
        return [(Roll(v), Fraction(1, 3)) for v in (1, 2, 3)]

    def _legal_actions(self):
        actions = [Move(False)]
        if not self.used[self.turn]:
            actions.append(Move(True))
        return actions

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Deal):
            self.cards.append(action.card)
            return [Event(f"Seat {action.seat} is dealt a boost card", "deal", action.seat)]
        if isinstance(action, Roll):
            self.roll = action.value
            return [Event(f"Seat {self.turn} rolls {action.value}", "roll", self.turn)]
        assert isinstance(action, Move) and self.roll is not None
        seat, steps = self.turn, self.roll
        if action.boost:
            steps += self.cards[seat]  # type: ignore[operator]
            self.used[seat] = True
        goal = self.game.options["length"] - 1
        target = self.position[seat] + steps
        if target > goal:
            target = self.position[seat] if self.game.options["exact_finish"] else goal
        self.position[seat] = target
        self.roll = None
        events = [Event(f"Seat {seat} moves to space {target}", "move", seat)]
        if target == goal:
            self.winner = seat
            events.append(Event(f"Seat {seat} wins", "win", seat))
        else:
            self.turn = (seat + 1) % self.game.players
        return events

    def action_text_for(self, action: Action, seat: int) -> str | None:
        if isinstance(action, Deal) and action.seat != seat:
            return None  # the card is secret; the event says a card was dealt
        return str(action)

    def _hide(self, seat: int) -> None:
        self.cards = [
            c if (s == seat or self.used[s]) else HIDDEN for s, c in enumerate(self.cards)
        ]

    def resample_hidden(self, seat: int, rng) -> RaceState:
        other = self.clone()
        hidden = [s for s in range(len(self.cards)) if s != seat and not self.used[s]]
        known = {c for s, c in enumerate(self.cards) if s not in hidden}
        pool = [c for c in DECK if c not in known]
        picks = rng.permutation(pool)[: len(hidden)]
        for s, c in zip(hidden, picks, strict=False):
            other.cards[s] = int(c)
        return other


class DiceRace(ToyGame):
    NAME = "dice_race"
    MAX_PLAYERS = 4
    OPTIONS = (
        Option("length", 10, "spaces on the track"),
        Option("exact_finish", False, "the last space must be reached exactly", variant=True),
    )
    STATE = RaceState
    PATTERNS = _PATTERNS

    def set_up(self) -> None:
        self.track = nx.path_graph(self.options["length"])

    def search_settings(self):
        from simlab.core.search_settings import SearchSettings

        return SearchSettings(iterations=100, rollout="random", evaluate=evaluate)


def evaluate(state: RaceState) -> list[float]:
    """Each runner's chance to win, guessed from the spaces still to go (for search tests)."""
    goal = state.game.options["length"] - 1
    weights = [2.0 ** -(goal - p) for p in state.position]
    total = sum(weights)
    return [w / total for w in weights]
