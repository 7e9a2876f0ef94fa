"""The conformance suite: every registered game runs through it automatically.

For each game and each allowed player count (and once with every variant
on, and once with every variant on and every reading option at a value other
than its default) it plays random games to the end and checks, on the states met:
legal actions apply without error; illegal ones raise IllegalActionError
and leave the state exactly as it was; chance outcomes carry exact
Fractions summing to 1; clones are independent; ``parse(str(a)) == a``;
record -> JSON -> replay rebuilds identical states and outcome; the same
seed plays the same game; a seat's view does not change when what it may
not see is redrawn, nor does the text it sees of an action
(``action_text_for``); and what a seat reads of an action (its text and the
events it sees) never tells apart two actions its views after them do not.
"""

from __future__ import annotations

import os
import pickle
from fractions import Fraction

import numpy as np
import pytest

import simlab
from simlab.core.api import CHANCE, TERMINAL
from simlab.core.play import sample_chance
from simlab.core.record import GameRecord, replay_steps
from simlab.core.registry import game_class, game_names

SEEDS = int(os.environ.get("SIMLAB_CONFORMANCE_SEEDS", "12"))
#: Deep checks (every legal action applied to a clone) on at most this many states a game.
CHECKED_STATES = int(os.environ.get("SIMLAB_CONFORMANCE_STATES", "150"))


def _configs():
    for name in game_names():
        cls = game_class(name)
        for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            yield pytest.param(name, players, {}, id=f"{name}-{players}p")
        variants = tuple(o.name for o in cls.OPTIONS if o.variant)
        if variants:
            yield pytest.param(name, cls.MAX_PLAYERS, {"variants": variants},
                               id=f"{name}-all-variants")
        readings = {o.name: next(c for c in o.choices if c != o.default)
                    for o in cls.OPTIONS if o.choices and len(o.choices) > 1}
        if readings:  # the fewest players some readings need (bedpans' "fewer-beds")
            yield pytest.param(name, min(cls.MIN_PLAYERS + 1, cls.MAX_PLAYERS),
                               {"variants": variants, **readings}, id=f"{name}-all-options")


CONFIGS = list(_configs())


def _game(name, players, setup):
    return simlab.load_game(name, players=players, **setup)


def _walk(game, seed):
    """Yield (state, action) along one uniformly random game."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        yield state, action
        state.apply(action)


@pytest.mark.parametrize(("name", "players", "setup"), CONFIGS)
def test_random_playouts_end(name, players, setup):
    game = _game(name, players, setup)
    for seed in range(SEEDS):
        record = simlab.play(game, seed=seed)
        outcome = record.outcome
        assert outcome is not None, f"seed {seed}: no outcome"
        assert len(outcome.scores) == players
        assert set(outcome.winners) <= set(range(players))


@pytest.mark.parametrize(("name", "players", "setup"), CONFIGS)
def test_states_along_random_games(name, players, setup):
    game = _game(name, players, setup)
    seen_actions = {}
    checked = 0
    rng = np.random.default_rng(99)
    for seed in range(max(2, SEEDS // 4)):
        states = list(_walk_clones(game, seed))
        stride = max(1, len(states) // max(1, CHECKED_STATES // max(2, SEEDS // 4)))
        for state in states[::stride]:
            _check_state(game, state, seen_actions, rng)
            checked += 1
    assert checked > 0


def _walk_clones(game, seed):
    for state, _ in _walk(game, seed):
        yield state.clone()


def _check_state(game, state, seen_actions, rng):
    before = state.clone()
    assert before == state, "a clone must compare equal to its original"
    player = state.current_player
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        assert outcomes, "a chance node with no outcomes"
        assert state.legal_actions() == []
        assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == 1
        actions = [a for a, _ in outcomes]
    else:
        actions = state.legal_actions()
        assert actions, "a decision node with no legal action"
        assert state.chance_outcomes() == []
    assert len(set(actions)) == len(actions), "duplicate actions"
    for action in actions:
        assert game.parse_action(str(action)) == action, str(action)
        seen_actions.setdefault(type(action), set()).add(action)
    for action in actions[:25]:
        child = state.clone()
        child.apply(action)  # never raises
        assert state == before, f"applying {action} to a clone changed the original"
    # Illegal: actions met elsewhere that are not legal here.
    legal = set(actions)
    tried = 0
    for pool in seen_actions.values():
        for action in list(pool)[:8]:
            if action not in legal and tried < 6:
                tried += 1
                with pytest.raises(simlab.IllegalActionError):
                    state.apply(action)
                assert state == before, f"illegal {action} changed the state"
    # Views: redrawing what a seat may not see leaves its view unchanged, and the text
    # it sees of each action (where the action is still possible after the redraw).
    if player != TERMINAL:
        for seat in range(game.players):
            view = state.view(seat)
            other = state.resample_hidden(seat, rng)
            assert other.view(seat) == view, f"seat {seat}'s view depends on hidden facts"
            assert state == before
            possible = set(other.legal_actions()) | {a for a, _ in other.chance_outcomes()}
            for action in actions[:25]:
                if action in possible:
                    assert other.action_text_for(action, seat) == \
                        state.action_text_for(action, seat), \
                        f"seat {seat}'s text of {action} depends on hidden facts"


#: States a game on which every seat's texts are checked against its views.
TEXT_STATES = int(os.environ.get("SIMLAB_CONFORMANCE_TEXT_STATES", "24"))


@pytest.mark.parametrize(("name", "players", "setup"), CONFIGS)
def test_texts_tell_a_seat_no_more_than_its_view(name, players, setup):
    game = _game(name, players, setup)
    states = [s for seed in range(2) for s in _walk_clones(game, seed)]
    for state in states[:: max(1, len(states) // TEXT_STATES)]:
        _check_texts(game, state)


def _fingerprint(state) -> bytes:
    """A key for grouping equal views: equal states almost always give equal keys (a set
    stored in another order may not; that only skips a comparison, never fails one)."""
    return pickle.dumps({k: v for k, v in vars(state).items() if k != "game"})


def _check_texts(game, state, limit=12):
    """What a seat's log shows of an action (its text and the events it sees) may tell
    apart two actions only if the seat's views after them differ too."""
    if state.current_player == TERMINAL:
        return
    actions = state.legal_actions() or [a for a, _ in state.chance_outcomes()]
    children = []
    for action in actions[:limit]:
        child = state.clone()
        events = child.apply(action)
        children.append((action, child, events))
    for seat in range(game.players):
        groups: dict[bytes, list] = {}
        for action, child, events in children:
            said = (state.action_text_for(action, seat),
                    tuple(e.text for e in events if e.visible_to(seat)))
            groups.setdefault(_fingerprint(child.view(seat)), []).append((said, action, child))
        for group in groups.values():
            said, action, child = group[0]
            for other_said, other, other_child in group[1:]:
                assert other_said == said or other_child == child, (
                    f"seat {seat} reads {said} for {action} but {other_said} for {other}, "
                    "which its view cannot tell apart")


@pytest.mark.parametrize(("name", "players", "setup"), CONFIGS)
def test_record_json_replay(name, players, setup):
    game = _game(name, players, setup)
    for seed in range(max(2, SEEDS // 4)):
        played = []
        final = simlab.run(
            game, seed=seed, on_action=lambda state, *_, out=played: out.append(state.clone())
        )
        record = simlab.play(game, seed=seed)
        back = GameRecord.from_json(record.to_json(), source="test")
        assert back.to_dict() == record.to_dict()
        steps = list((s.index, s.state.clone()) for s in replay_steps(back))
        assert len(steps) == len(played) + 1
        for (index, rebuilt), original in zip(steps[1:], played, strict=True):
            assert rebuilt == original, f"seed {seed}: state after action {index} differs"
        assert simlab.replay(back).outcome == final.outcome == record.outcome


@pytest.mark.parametrize(("name", "players", "setup"), CONFIGS)
def test_same_seed_same_game(name, players, setup):
    game = _game(name, players, setup)
    first = [simlab.play(game, seed=s).to_json() for s in range(4)]
    again = [simlab.play(game, seed=s).to_json() for s in range(4)]
    assert first == again
    assert len(set(first)) > 1, "different seeds should give different games"
