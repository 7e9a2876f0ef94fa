"""Bedpans search candidates: what the search weighs, the heuristic elsewhere, views only."""

from __future__ import annotations

import numpy as np

import simlab
from simlab.core.search import MCTSPolicy
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.candidates import (
    NEAR,
    Candidates,
    candidates,
    kind,
    mover_at,
    near,
)
from simlab.games.bedpans.policies import HeuristicPolicy
from simlab.games.bedpans.routes import mover_cost, step_target
from tests.games._search_checks import decisions_of

GAME = simlab.load_game("bedpans", players=3)


def positions(seed: int, games: int = 2):
    """Every decision with a choice along heuristic games (the state, its legal actions)."""
    for g in range(games):
        for state, legal in decisions_of(GAME, seed + g, "heuristic"):
            if len(legal) > 1:
                yield state, legal


def heuristic(state, legal):
    player = state.current_player
    return HeuristicPolicy(player).act(state.view(player), legal, np.random.default_rng(0))


def test_other_seats_get_the_heuristic_action_alone():
    seen = 0
    for state, legal in positions(1):
        player = state.current_player
        for seat in range(3):
            if seat != player:
                assert candidates(state, legal, seat) == [heuristic(state, legal)]
                seen += 1
    assert seen > 100


def test_the_searching_seat_weighs_its_choices_and_steps_near_the_other_side():
    counts = {"choose": 0, "near": 0, "far": 0, "window": 0}
    every = Candidates()  # no limit at a step
    for state, legal in positions(5):
        player = state.current_player
        mine = every(state, legal, player)
        assert mine and set(mine) <= set(legal)
        assert mine[0] == heuristic(state, legal)  # first: the search's preferred action
        assert len(set(mine)) == len(mine)
        what = kind(state)
        if what == "choose":
            assert set(mine) == set(legal)
            counts["choose"] += 1
        elif what == "move":
            close = near(state, player, mover_at(state))
            assert set(mine) == (set(legal) if close else {heuristic(state, legal)})
            counts["near" if close else "far"] += 1
        elif what == "window" and len(mine) > 1:
            assert mine[1] == simlab.load_game("bedpans").parse_action("pass")
            counts["window"] += 1
    assert all(v > 0 for v in counts.values()), counts


def test_near_is_within_reach_on_the_same_floor():
    state = GAME.new_initial_state()
    state.staffers = [None] * len(state.staffers)
    assert not near(state, 1, ("U", 0, 0))
    state.staffers[0] = ("U", NEAR, 0)
    assert near(state, 1, ("U", 0, 0)) and not near(state, 1, ("U", 0, 1))
    state.staffers[0] = ("G", 0, 0)
    assert not near(state, 1, ("U", 0, 0))
    assert near(state, 0, state.tokens[GAME.colours[0]][0])  # the Staff looks for Residents


def test_candidates_read_only_what_the_acting_seat_sees():
    checked = 0
    for state, legal in positions(9):
        player = state.current_player
        other = state.resample_hidden(player, np.random.default_rng(checked))
        assert candidates(state, legal, player) == candidates(other, legal, player)
        assert candidates(state.view(player), legal, player) == candidates(state, legal, player)
        checked += 1
    assert checked > 100


def test_a_decision_left_with_one_candidate_is_not_searched():
    policy = GAME.make_policy("mcts-4", 1)
    assert policy.settings.candidates is candidates
    for state, legal in positions(3, games=1):
        if state.current_player == 1 and len(candidates(state, legal, 1)) == 1:
            action = policy.act(state.view(1), legal, np.random.default_rng(0))
            assert action == heuristic(state, legal) and policy.last is None
            return
    raise AssertionError("no decision with one candidate")


def test_search_settles_a_searched_decision_among_the_candidates():
    for state, legal in positions(3, games=1):
        if state.current_player == 1 and kind(state) == "choose":
            policy = MCTSPolicy(GAME, 1, GAME.search_settings(), "mcts")
            action = policy.act(state.view(1), legal, np.random.default_rng(0))
            assert policy.last is not None and action in candidates(state, legal, 1)
            assert {a for a, _, _ in policy.last.stats} == set(legal)
            return
    raise AssertionError("no choose decision")


def test_a_step_limit_keeps_the_heuristic_step_stop_and_the_next_best_steps():
    three, none = candidates, Candidates(steps=1)  # the default: at most 3
    seen = 0
    for state, legal in positions(5):
        player = state.current_player
        if kind(state) != "move" or not near(state, player, mover_at(state)):
            continue
        mine, every = three(state, legal, player), Candidates()(state, legal, player)
        assert mine == every[:3] and mine[0] == heuristic(state, legal)
        assert none(state, legal, player) == [heuristic(state, legal)]
        rest = [a for a in legal if a != mine[0]]
        if A.Stop() in rest:
            assert mine[1] == A.Stop()
        here, cost = mover_at(state), mover_cost(state.view(player), state.mover)
        steps = [a for a in mine[1:] if isinstance(a, A.Step)]
        left = [a for a in rest if isinstance(a, A.Step) and a not in steps]
        if steps and left:  # the steps kept are the cheapest by the heuristic's own cost
            assert max(cost(step_target(here, a, state)) for a in steps) <= min(
                cost(step_target(here, a, state)) for a in left
            )
        seen += 1
    assert seen > 20


def test_the_staff_searches_only_its_choice_of_mover_the_elders_their_chase():
    staff, elder = GAME.make_policy("mcts-4", 0), GAME.make_policy("mcts-4", 1)
    assert (staff.settings.iterations, elder.settings.iterations) == (4, 4)
    assert (staff.settings.depth, elder.settings.depth) == (50, 12)
    assert elder.settings.candidates is candidates
    seen = set()
    for state, legal in positions(5):
        if state.current_player != 0:
            continue
        weighed = staff.settings.candidates(state, legal, 0)
        assert weighed[0] == heuristic(state, legal)
        if kind(state) == "choose":
            assert set(weighed) == set(legal)
        else:
            assert weighed == [heuristic(state, legal)]
        seen.add(kind(state))
    assert {"choose", "move"} <= seen


def test_the_heuristics_fixed_draws_are_default_rng_0_made_only_when_drawn():
    from simlab.games.bedpans.candidates import _FixedDraws

    lazy, real = _FixedDraws(), np.random.default_rng(0)
    assert lazy._rng is None  # nothing made before a draw
    assert [int(lazy.integers(n)) for n in (2, 7, 1000)] == [
        int(real.integers(n)) for n in (2, 7, 1000)]
    assert lazy.random() == real.random()


def test_the_heuristic_plays_alike_on_the_position_and_on_the_seats_view():
    """Candidates and rollouts hand the heuristic the position (no view built): it must
    choose as it does from the acting seat's view, the hidden facts redrawn or not."""
    from simlab.games.bedpans.candidates import _FixedDraws

    game = simlab.load_game("bedpans", players=3)
    checked = 0
    for state, legal in decisions_of(game, 4, "heuristic"):
        if len(legal) < 2:
            continue
        p = state.current_player
        redrawn = state.resample_hidden(p, np.random.default_rng(checked))
        wants = [HeuristicPolicy(p).act(s, legal, _FixedDraws())
                 for s in (state.view(p), state, redrawn)]
        assert wants[0] == wants[1] == wants[2], (checked, p)
        if state.mover and mover_at(state) is not None:
            here = mover_at(state)
            steps = [a for a in legal if isinstance(a, A.Step)]
            costs = [[mover_cost(s, state.mover)(step_target(here, a, state)) for a in steps]
                     for s in (state.view(p), state, redrawn)]
            assert costs[0] == costs[1] == costs[2]
        checked += 1
    assert checked > 50
