"""The conformance checks themselves fail on broken games."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from simlab.core.api import State
from tests.games.dice_race import Deal, DiceRace, RaceState, Roll
from tests.test_conformance import _check_state, _check_texts


class _LeakyState(RaceState):
    def _hide(self, seat):  # shows every card
        pass


class _TellTaleState(RaceState):
    action_text_for = State.action_text_for  # every deal in full, to every seat


class _ShiftyTextState(RaceState):
    def action_text_for(self, action, seat):  # names a card the seat cannot see
        hidden = [c for s, c in enumerate(self.cards) if s != seat and not self.used[s]]
        return f"{action} (cards out: {hidden})"


class _BadOddsState(RaceState):
    def _chance_outcomes(self):
        out = super()._chance_outcomes()
        return [(a, p * Fraction(9, 10)) for a, p in out]


class _SloppyState(RaceState):
    def apply(self, action, check=True):
        self.attempts = getattr(self, "attempts", 0) + 1  # changed before the check
        return super().apply(action, check)


def _game_with(state_cls):
    class Broken(DiceRace):
        def new_initial_state(self):
            return state_cls(self)

    return Broken(players=2)


def _dealt(game):
    state = game.new_initial_state()
    state.apply(Deal(0, 1), check=False)
    state.apply(Deal(1, 2), check=False)
    return state


@pytest.mark.parametrize(
    ("state_cls", "message"),
    [(_LeakyState, "view depends on hidden facts"), (_BadOddsState, "sum")],
)
def test_checks_catch_broken_games(state_cls, message):
    game = _game_with(state_cls)
    state = _dealt(game) if state_cls is _LeakyState else game.new_initial_state()
    with pytest.raises(AssertionError, match=message):
        _check_state(game, state, {}, np.random.default_rng(0))


def test_checks_catch_half_applied_illegal_actions():
    game = _game_with(_SloppyState)
    state = _dealt(game)
    state.apply(Roll(1), check=False)
    seen = {Roll: {Roll(2)}}
    with pytest.raises(AssertionError, match="illegal roll 2 changed the state"):
        _check_state(game, state, seen, np.random.default_rng(0))


def test_checks_catch_a_secret_action_text_shown_to_everyone():
    game = _game_with(_TellTaleState)
    with pytest.raises(AssertionError, match="which its view cannot tell apart"):
        _check_texts(game, game.new_initial_state())


def test_checks_catch_an_action_text_that_depends_on_hidden_facts():
    game = _game_with(_ShiftyTextState)
    state = _dealt(game)
    state.apply(Roll(1), check=False)
    with pytest.raises(AssertionError, match="text of move depends on hidden facts"):
        _check_state(game, state, {}, np.random.default_rng(0))
