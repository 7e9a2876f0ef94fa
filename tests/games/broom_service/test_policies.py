"""Broom Service policies: names, brave/cowardly behaviour, views only, heuristic sense."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.errors import ConfigError
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.policies import (
    HeuristicPolicy,
    action_value,
    make,
    steal_probability,
)
from simlab.games.broom_service.rules import BroomServiceGame
from tests.games.broom_service.test_rules import FAIRY, GG, GO, GP, WF, WH, WM, play, position


def test_names():
    game = BroomServiceGame(players=3)
    for name in [*game.policy_names(), "brave-0.25"]:
        assert game.make_policy(name, 0).name == name
    with pytest.raises(ConfigError, match="no policy 'timid'"):
        game.make_policy("timid", 0)
    with pytest.raises(ConfigError, match="0 <= P <= 1"):
        make("brave-1.5", 0)


@pytest.mark.parametrize(("name", "word"), [("brave", "brave"), ("cowardly", "cowardly")])
def test_always_brave_or_cowardly(name, word):
    game = BroomServiceGame(players=3)
    record = simlab.play(game, [name, "random", "random"], seed=4)
    plays = [a for s, a in zip(record.actors, record.actions, strict=True)
             if s == 0 and " plays " in a]
    assert plays and all(a.endswith(word) for a in plays)


def test_brave_p_mixes():
    game = BroomServiceGame(players=2)
    record = simlab.play(game, ["brave-0.5", "brave-0.5"], seed=1)
    plays = [a for a in record.actions if " plays " in a]
    share = sum(a.endswith("brave") for a in plays) / len(plays)
    assert 0.25 < share < 0.75


def test_steal_probability_by_follow_order():
    s = position(4, hands=[[GG, WF], [GO, WH], [GP, WM], [FAIRY, GG]])
    v0 = s.view(0)
    first = steal_probability(v0, 0, GG, brave_chance=1.0)
    assert first == pytest.approx(1 - (1 - 2 / 10) ** 3)
    play(s, "Seat 0 plays Witch (Forest) cowardly", "do nothing", "Next!", "Next!")
    assert s.current_player == 3
    # seat 3 is the last follower: nobody can steal from it
    assert steal_probability(s.view(3), 3, FAIRY) == 0.0


def test_steal_probability_uses_next_answers():
    s = position(3, hands=[[GG, WF, GO], [GO, WH, GP], [GP, WM, FAIRY]])
    play(s, "Seat 0 plays Witch (Forest) cowardly", "do nothing", "Next!", "Next!")
    v = s.view(0)
    # both followers said Next! to the Witch (Forest): 9 roles left, 3 cards each
    assert steal_probability(v, 0, GG, brave_chance=1.0) == pytest.approx(1 - (1 - 3 / 9) ** 2)
    assert steal_probability(v, 0, WF, brave_chance=1.0) == 0.0


def test_heuristic_sees_only_the_view():
    game = BroomServiceGame(players=4)
    rng = np.random.default_rng(3)
    state = simlab.run(game, seed=3, max_actions=10**6)
    assert state.is_terminal
    record = simlab.play(game, seed=3)
    s = game.new_initial_state()
    checked = 0
    for text in record.actions[:400]:
        seat = s.current_player
        if seat >= 0 and s.phase in ("lead", "follow", "choose"):
            legal = s.legal_actions()
            other = s.resample_hidden(seat, rng)
            a = HeuristicPolicy().act(s.view(seat), legal, np.random.default_rng(0))
            b = HeuristicPolicy().act(other.view(seat), legal, np.random.default_rng(0))
            assert a == b
            checked += 1
        s.apply(text)
    assert checked > 50


def test_heuristic_brave_when_last_cowardly_when_likely_stolen():
    s = position(4, hands=[[GG, WF], [GO, WH], [GP, WM], [FAIRY, GG]])
    play(s, "Seat 0 plays Witch (Forest) cowardly", "do nothing", "Next!", "Next!", "Next!")
    s.pawns[0] = ["Goblin Hill", "Castle Roseguard"]
    # brave Gatherer worth 3 potions, cowardly 1: brave unless nearly sure to be stolen
    choice = HeuristicPolicy().act(s.view(0), s.legal_actions(), np.random.default_rng(0))
    assert choice.brave
    assert action_value(s, 0, GG, True) > action_value(s, 0, GG, False)


def test_heuristic_beats_random():
    game = BroomServiceGame(players=3)
    wins = 0
    for seed in range(6):
        outcome = simlab.run(game, ["heuristic", "random", "random"], seed=seed).outcome
        wins += 0 in outcome.winners
    assert wins >= 5


def test_policies_return_legal_actions():
    game = BroomServiceGame(players=5)
    final = simlab.run(game, ["heuristic", "brave", "cowardly", "brave-0.3", "random"], seed=8)
    assert final.is_terminal
    assert isinstance(game.parse_action("Next!"), A.Next)


def test_heuristic_kept_values_are_the_values_worked_out_afresh():
    """One heuristic keeps its action values across positions of a game, across every
    event card and square-tower use: each kept value must equal action_value computed anew
    (a key that missed a fact it reads would hand one position's value to another)."""
    from simlab.games.broom_service.policies import HeuristicPolicy, action_value
    from tests.games._search_checks import decisions_of

    game = BroomServiceGame(players=3)
    kept = HeuristicPolicy()
    checked = 0
    for n, (state, _legal) in enumerate(decisions_of(game, 0, "heuristic")):
        every = n % 20 == 0
        for event, used in [(state.event, None), *((e, None) for e in game.events if every),
                            *((state.event, u) for u in ((), game.roles) if every)]:
            changed = state.clone()
            changed.event = event
            if used is not None:  # every seat has delivered to a square tower with ``used``
                changed.square_used = [sorted(used) for _ in range(3)]
            for seat in range(3):
                for role in game.roles:
                    for brave in (True, False):
                        assert kept._value(changed, seat, role, brave) == action_value(
                            changed, seat, role, brave), (n, event, seat, role, brave)
                        checked += 1
    stored = sum(len(values) for pair in kept._values.values() for values in pair)
    assert checked > 5_000 and stored < checked / 2  # many kept


def _value_from_options(view, seat, role, brave):
    """action_value as first written: the best of the actions ``options_for`` lists."""
    from simlab.games.broom_service.policies import LIGHTNING_VALUE, RESOURCE_VALUE
    from simlab.games.broom_service.rules import BRAVE_BONUS

    if view.game.role_kind[role][0] == "gatherer":
        return (3 if brave else 1) * RESOURCE_VALUE
    bonus = BRAVE_BONUS if brave else 0
    value = 0.0
    for a in view.options_for(seat, role, brave):
        if isinstance(a, A.Move):
            best = max((d.vp for d in view.deliveries(seat, a.region, role)), default=0)
            value = max(value, 0.3 + (best if brave else 0.0))
        elif isinstance(a, A.Deliver):
            value = max(value, a.vp + bonus)
        elif isinstance(a, A.Charm):
            cloud = view.clouds[a.space]
            light = view.game.clouds[cloud].lightning if cloud is not None else 0
            value = max(value, LIGHTNING_VALUE * light - RESOURCE_VALUE * a.wands + bonus)
    return value


@pytest.mark.parametrize("options", [{}, {"druid_landscape": "any",
                                           "square_tower_limit": "action"}])
def test_action_value_is_the_best_of_the_options_the_rules_list(options):
    """action_value reads the rules' helpers (witch_moves, druid_regions, charm_spaces,
    open_towers) instead of building the actions: at every decision of two heuristic games,
    for every seat, role and reading, it must equal the best of ``options_for``'s actions,
    under every event card now and then."""
    from tests.games._search_checks import decisions_of

    game = BroomServiceGame(players=3, **options)
    checked = moved = 0
    for seed in range(2):
        for n, (state, _legal) in enumerate(decisions_of(game, seed, "heuristic")):
            for event in (state.event, *(game.events if n % 25 == 0 else ())):
                changed = state.clone()
                changed.event = event
                for seat in range(3):
                    for role in game.roles:
                        for brave in (True, False):
                            want = _value_from_options(changed, seat, role, brave)
                            assert action_value(changed, seat, role, brave) == want, (
                                seed, n, event, seat, role, brave)
                            checked += 1
                            moved += want > 1
    assert checked > 10_000 and moved > checked / 10


def test_heuristic_keeps_no_value_across_component_sets(tmp_path):
    """A heuristic handed positions of two games (the tower VPs of one edited) values each
    by its own towers: its kept values are dropped when the game changes."""
    from tests.helpers.data_folders import break_line, copy_data

    folder = copy_data(tmp_path, "broom_service")
    break_line(folder / "towers.txt", "T6 | Willow Glen | circular | orange | 2 | 0",
               "T6 | Willow Glen | circular | orange | 9 | 0")
    shipped = BroomServiceGame(players=2).new_initial_state()
    edited = simlab.load_game("broom_service", players=2, data=folder).new_initial_state()
    kept = HeuristicPolicy()
    values = [kept._value(s, 0, WF, True) for s in (shipped, edited, shipped)]
    assert values == [action_value(s, 0, WF, True) for s in (shipped, edited, shipped)]
    assert values[0] != values[1]
