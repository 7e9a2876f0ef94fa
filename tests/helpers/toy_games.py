"""The Game-protocol parts every toy test game shares: a base game and a base state.

A toy game (``dice_race``, ``tree_game``, ``coin_game``, ``coin_toss``) names its state
class and its table of action texts; :class:`ToyGame` builds the initial state from the
one and reads actions back with the other.  :class:`ToyState` ends the game once
:meth:`ToyState._winners` names the winners, who score 1 (a shared win too) while every
other seat scores 0.

Examples
--------
>>> import re
>>> from simlab.core.api import Event
>>> class Flip(ToyState):
...     REASON = "shared"
...     def __init__(self, game):
...         super().__init__(game)
...         self.done = False
...     def _winners(self):
...         return (0, 1) if self.done else None
...     def _to_play(self):
...         return 0
...     def _legal_actions(self):
...         return [Action()]
...     def _apply(self, action):
...         self.done = True
...         return [Event("flip")]
>>> class FlipGame(ToyGame):
...     NAME = "flip"
...     STATE = Flip
...     PATTERNS = ((re.compile("flip"), lambda m: Action()),)
>>> FlipGame.TITLE
'Flip (test game)'
>>> state = FlipGame().new_initial_state()
>>> state.current_player, state.outcome
(0, None)
>>> _ = state.apply(FlipGame().parse_action("flip"))
>>> state.current_player == TERMINAL, state.outcome
(True, Outcome(winners=(0, 1), scores=(1.0, 1.0), reason='shared'))
>>> FlipGame().parse_action("fly")
Traceback (most recent call last):
...
simlab.core.errors.IllegalActionError: flip has no action 'fly'
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from simlab.core.action_text import ActionPatterns, match_action
from simlab.core.api import CHANCE, TERMINAL, Action, Game, Outcome, State
from simlab.core.errors import IllegalActionError

__all__ = ["ToyGame", "ToyState", "first_decision"]


class ToyState(State):
    """A toy game's position: over once :meth:`_winners` names the winners.

    A subclass says whose turn it is while the game runs (:meth:`_to_play`: a seat or
    ``CHANCE``), who has won (:meth:`_winners`), and why the game ends (``REASON``).
    """

    #: The reason every finished game gives (:attr:`Outcome.reason`).
    REASON: ClassVar[str] = ""

    def _winners(self) -> tuple[int, ...] | None:
        """The seats that have won, or None while the game runs."""
        raise NotImplementedError

    def _to_play(self) -> int:
        """Whose turn it is while the game runs: a seat, or ``CHANCE``."""
        raise NotImplementedError

    @property
    def current_player(self) -> int:
        return TERMINAL if self._winners() is not None else self._to_play()

    @property
    def outcome(self) -> Outcome | None:
        winners = self._winners()
        if winners is None:
            return None
        scores = tuple(float(s in winners) for s in range(self.game.players))
        return Outcome(winners, scores, self.REASON)


class ToyGame(Game):
    """A toy game: its state class ``STATE`` and its action texts ``PATTERNS``.

    Two seats by default (:class:`~simlab.core.api.Game`'s own defaults); a subclass
    checks its options and builds what it holds in :meth:`set_up`.
    """

    #: The class of the game's positions (built from the game alone).
    STATE: ClassVar[type[ToyState]]
    #: The texts of the game's actions, each with what builds the action.
    PATTERNS: ClassVar[ActionPatterns] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A toy game without a ``TITLE`` of its own is titled by its ``NAME``'s words,
        marked as a test game (``dice_race``: "Dice race (test game)")."""
        super().__init_subclass__(**kwargs)
        if "TITLE" not in cls.__dict__:
            cls.TITLE = f"{cls.NAME.replace('_', ' ').capitalize()} (test game)"

    def __init__(self, players: int | None = None, variants: Any = (), **options: Any) -> None:
        super().__init__(players, variants, **options)
        self.set_up()

    def set_up(self) -> None:
        """Check the options (:class:`~simlab.core.errors.ConfigError`) and build what the
        game holds; nothing by default."""

    def new_initial_state(self) -> ToyState:
        return self.STATE(self)

    def parse_action(self, text: str) -> Action:
        action = match_action(self.PATTERNS, text)
        if action is None:
            raise IllegalActionError(f"{self.NAME} has no action {text!r}")
        return action


def first_decision(game: Game, rng: np.random.Generator | None = None) -> State:
    """``game``'s first position where a seat decides: each chance outcome on the way is
    the first one listed, or one drawn uniformly by ``rng``.

    Examples
    --------
    >>> from tests.games.dice_race import DiceRace
    >>> state = first_decision(DiceRace())
    >>> state.cards, state.roll, state.current_player
    ([1, 2], 1, 0)
    >>> first_decision(DiceRace(), np.random.default_rng(0)).cards
    [4, 2]
    """
    state = game.new_initial_state()
    while state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        pick = 0 if rng is None else int(rng.integers(len(outcomes)))
        state.apply(outcomes[pick][0])
    return state
