"""Information-set MCTS: known best moves, max^n, availability, chance, no peeking, reuse."""

from __future__ import annotations

import copy
import dataclasses
import math

import numpy as np
import pytest

import simlab
from simlab.core.api import CHANCE
from simlab.core.errors import ConfigError
from simlab.core.registry import register_game
from simlab.core.search import (
    MIXED,
    MCTSPolicy,
    _frontier,
    make_search_policy,
    outcome_values,
    race_values,
    search,
    search_settings_for,
)
from simlab.core.search_settings import SearchSettings, policy_choices
from tests.games.dice_race import Deal, Move, Roll
from tests.games.tree_game import HIDDEN, Draw, Pick, TreeGame
from tests.helpers.toy_games import first_decision

register_game(TreeGame)


class Poison:
    """A hidden fact no one may read: any use but copying and identity raises."""

    def __deepcopy__(self, memo):
        return self

    def _read(self, *args):
        raise AssertionError("the search read a hidden fact")

    __hash__ = __bool__ = __int__ = __index__ = __str__ = __repr__ = _read  # type: ignore
    __add__ = __radd__ = __lt__ = __gt__ = __le__ = __ge__ = _read


def _tree_state(tree: str, *labels: str):
    game = simlab.load_game("tree_game", tree=tree)
    state = game.new_initial_state()
    for label in labels:
        state.apply(Draw(label) if state.current_player == CHANCE else Pick(label))
    return state


def _settings(iterations: int, **kw) -> SearchSettings:
    return SearchSettings(iterations=iterations, **kw)


@pytest.mark.parametrize(("tree", "draws", "best"), [
    ("trust", (), "gamble"),
    ("odds", (), "safe"),
    ("kingmaker", (), "right"),
    ("box", ("2",), "0"),
    ("ace", ("ace",), "attack"),
])
def test_finds_the_best_move_known_by_hand(tree, draws, best):
    state = _tree_state(tree, *draws)
    for seed in range(3):
        result = search(state.view(0), seed, _settings(600))
        assert result.action == Pick(best), (tree, seed, result.stats)


def test_chance_is_sampled_by_its_exact_probabilities():
    state = _tree_state("odds")
    result = search(state.view(0), 1, _settings(3000, exploration=2.0))
    means = {a.label: (visits, mean) for a, visits, mean in result.stats}
    for label, exact in (("safe", 0.55), ("risky", 0.45)):
        visits, mean = means[label]
        sd = (exact * (1 - exact) / visits) ** 0.5
        assert abs(mean - exact) < 4 * sd, (label, visits, mean)


def test_each_seat_maximizes_its_own_reward_max_n():
    result = search(_tree_state("kingmaker").view(0), 0, _settings(2000))
    means = {a.label: mean for a, _, mean in result.stats}
    left, right = (result.root.children[Pick(x)].children for x in ("left", "right"))
    assert left[Pick("q")].visits > 5 * left[Pick("p")].visits  # seat 1 takes the win itself
    assert right[Pick("q")].visits > 5 * right[Pick("p")].visits  # seat 2 shares it
    assert means["left"] < 0.2 and abs(means["right"] - 0.5) < 0.05


def test_availability_counts_actions_legal_in_some_determinizations():
    state = _tree_state("ace", "low")  # seat 0 cannot see that seat 1 holds no ace
    result = search(state.view(0), 3, _settings(2000))
    attack = result.root.children[Pick("attack")]
    counter, yield_ = attack.children[Pick("counter")], attack.children[Pick("yield")]
    assert yield_.avail >= attack.visits - 3  # available whenever tried (after expansion)
    share = counter.avail / attack.visits
    assert abs(share - 0.25) < 4 * (0.25 * 0.75 / attack.visits) ** 0.5
    assert counter.visits <= counter.avail


def _uct_by_hand(order, iterations, c, prior=0.0):
    """UCT on the ``three`` tree written out from the paper's formula.

    ``order``: the picks in the order they were first tried (one each in the
    first three iterations).  Every pick is legal in every iteration, so a
    pick's availability count is the number of iterations since it was tried
    first, itself included.  A tried pick scores ``mean + c·sqrt(ln(avail) /
    visits)`` (plus ``prior / (visits + 1)`` for the first legal pick); the
    first of equal scores in the legal order wins.
    """
    legal = ["win", "share", "lose"]
    value = {"win": 1.0, "share": 0.5, "lose": 0.0}
    visits = dict.fromkeys(legal, 0)
    reward = dict.fromkeys(legal, 0.0)
    avail = dict.fromkeys(legal, 0)
    for i in range(iterations):
        for a in legal:
            if visits[a]:
                avail[a] += 1
        if i < 3:
            pick = order[i]
            avail[pick] = 1
        else:
            def score(a):
                s = reward[a] / visits[a] + c * math.sqrt(math.log(avail[a]) / visits[a])
                return s + (prior / (visits[a] + 1) if a == legal[0] else 0.0)
            pick = max(legal, key=lambda a: (score(a), -legal.index(a)))
        visits[pick] += 1
        reward[pick] += value[pick]
    return visits, reward, avail


@pytest.mark.parametrize(("iterations", "c", "prior"), [
    (40, 0.7, 0.0), (25, 2.0, 0.0), (30, 1.0, 3.0), (3, 0.7, 0.0), (4, 0.0, 0.0),
])
def test_uct_counts_on_the_three_pick_tree_are_the_hand_computed_ones(iterations, c, prior):
    state = _tree_state("three")
    for seed in range(3):
        settings = _settings(iterations, exploration=c, prior=prior)
        result = search(state.view(0), seed, settings)
        children = result.root.children
        # the order of first tries is the only chance: read it off the availability counts
        order = sorted(children, key=lambda a: -children[a].avail)
        assert sorted(ch.avail for ch in children.values()) == [iterations - 2,
                                                               iterations - 1, iterations]
        visits, reward, avail = _uct_by_hand([a.label for a in order], iterations, c, prior)
        for a, child in children.items():
            assert (child.visits, child.reward[0], child.avail) == (
                visits[a.label], reward[a.label], avail[a.label]), (seed, a)
            assert child.reward[1] == child.visits - reward[a.label]  # the other seat's share
        assert result.root.visits == iterations and result.iterations == iterations
        stats = {a.label: (n, mean) for a, n, mean in result.stats}
        assert stats == {k: (visits[k], reward[k] / visits[k]) for k in visits}
        best = max(visits, key=lambda k: (visits[k], reward[k] / visits[k]))
        assert result.action == Pick(best)


def test_visits_add_up_down_the_ace_tree():
    """Every iteration passes the root; a node's children see all its visits but the first."""
    state = _tree_state("ace", "low")
    result = search(state.view(0), 5, _settings(500))
    root = result.root
    assert root.visits == 500 == sum(ch.visits for ch in root.children.values())
    stack = list(root.children.values())
    while stack:
        node = stack.pop()
        if node.children:
            assert sum(ch.visits for ch in node.children.values()) == node.visits - 1
            stack.extend(node.children.values())
    attack = root.children[Pick("attack")]
    counter, yield_ = attack.children[Pick("counter")], attack.children[Pick("yield")]
    # yield is legal in every determinization; it misses at most the one iteration in
    # which counter was tried first while both were untried
    assert attack.visits - 2 <= yield_.avail <= attack.visits - 1
    assert counter.visits <= counter.avail <= attack.visits - 1


def test_shared_wins_split_the_reward():
    from simlab.core.api import Outcome

    assert outcome_values(Outcome((1,), (0.0, 1.0, 0.0)), 3) == [0.0, 1.0, 0.0]
    assert outcome_values(Outcome((0, 1, 2), (1.0,) * 3), 3) == [1 / 3] * 3


def test_the_same_decision_whatever_the_hidden_facts():
    """Two states differing only in what seat 0 cannot see, equal generators: same action."""
    for seed in range(4):
        picks = set()
        for prize in "012":
            state = _tree_state("box", prize)  # the true state, not a view
            picks.add(search(state, seed, _settings(60)).action)
        assert len(picks) == 1


def test_determinizations_never_read_the_true_hidden_facts(monkeypatch):
    from tests.games.tree_game import TreeState

    seen = []
    redraw = TreeState.resample_hidden

    def watched(self, seat, rng):
        out = redraw(self, seat, rng)
        assert not any(isinstance(h, Poison) for h in out.history)
        seen.append(out.history[0])
        return out

    monkeypatch.setattr(TreeState, "resample_hidden", watched)
    state = _tree_state("box", "1")
    state.history[0] = Poison()  # the prize's box: any read of it raises
    result = search(state, 0, _settings(200))
    assert result.iterations == 200 and len(seen) == 200
    assert set(seen) == {"0", "1", "2"}  # redrawn every time


def test_a_dice_race_state_with_poisoned_cards_is_searched_from_redrawn_cards():
    game = simlab.load_game("dice_race", players=3)
    state = game.new_initial_state()
    for seat, card in enumerate((2, 3, 4)):
        state.apply(Deal(seat, card))
    state.apply(Roll(1))
    state.cards[1] = state.cards[2] = Poison()

    def watch(s):
        assert not any(isinstance(c, Poison) for c in s.cards)
        assert sorted(s.cards[1:]) in ([1, 3], [1, 4], [3, 4])  # never seat 0's own 2
        return [1 / 3] * 3

    policy = MCTSPolicy(game, 0, _settings(100, depth=3, evaluate=watch, reuse=False))
    assert policy.act(state, state.legal_actions(), np.random.default_rng(0)) in (
        Move(False), Move(True))


def test_dice_race_takes_the_boost_that_wins_now():
    game = simlab.load_game("dice_race", players=2)
    state = game.new_initial_state()
    state.apply(Deal(0, 3))
    state.apply(Deal(1, 1))
    state.position = [5, 8]  # seat 1 finishes on any roll next turn
    state.apply(Roll(1))
    for seed in range(3):
        assert search(state.view(0), seed, _settings(100)).action == Move(True)


def test_a_depth_limit_hands_the_position_to_evaluate():
    calls = []

    def evaluate(state):
        calls.append(len(state.history))
        return [0.5, 0.5]

    state = _tree_state("ace", "ace")
    search(state.view(0), 0, _settings(300, depth=1, evaluate=evaluate))
    assert calls and set(calls) == {2}  # one action after the root, then evaluate
    with pytest.raises(simlab.ConfigError, match="needs an evaluate"):
        SearchSettings(depth=3)


def test_applied_counts_every_action_of_the_walks_and_playouts(monkeypatch):
    # Counted independently: every _apply on a determinized position of the search.
    game = simlab.load_game("dice_race", players=2)
    state = first_decision(game)
    counted = []
    cls = type(state)
    real = cls._apply

    def counting(self, action):
        counted.append(action)
        return real(self, action)

    monkeypatch.setattr(cls, "_apply", counting)
    result = search(state.view(state.current_player), 3, _settings(40))
    assert result.applied == len(counted) > 40
    counted.clear()
    limited = search(state.view(state.current_player), 3,
                     _settings(40, depth=2, evaluate=lambda s: [0.5, 0.5]))
    assert limited.applied == len(counted) <= 40 * 2


def test_same_seed_same_game_and_decisions():
    game = simlab.load_game("dice_race", players=3)
    a = simlab.play(game, ["mcts-30", "random", "mcts-20"], seed=4)
    b = simlab.play(game, ["mcts-30", "random", "mcts-20"], seed=4)
    assert a.to_json() == b.to_json()
    assert a.policies == ["mcts-30", "random", "mcts-20"]


@pytest.mark.parametrize(("name", "players"), [
    ("bad_doctor", 3), ("broom_service", 3), ("hospital_rush", 3), ("bedpans", 3)])
def test_same_seed_same_decisions_in_another_process(name, players):
    """Each game's search, seeded alike, decides alike in a fresh process with another
    string-hash seed (no decision may hang on a set's or a dict's order of strings)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    from tests.games._search_checks import search_decisions

    here = search_decisions(name, players, seed=5, decisions=12)
    root = Path(__file__).resolve().parents[2]
    code = ("import json; from tests.games._search_checks import search_decisions; "
            f"print(json.dumps(search_decisions({name!r}, {players}, seed=5, decisions=12)))")
    for hash_seed in ("123",):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env,
                             capture_output=True, text=True, check=True).stdout
        assert json.loads(out) == here
    assert len(here) == 12


def _second_decision(tree: str, coin: str):
    """Seat 0's policy after its first decision (``a``), and the state at its second one."""
    game = simlab.load_game("tree_game", tree=tree)
    policy = MCTSPolicy(game, 0, _settings(200))
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    first = policy.act(state.view(0), state.legal_actions(), rng)
    assert first == Pick("a")
    for action in (first, Draw(coin)):
        state.apply(action)
    return policy, state, rng


def test_the_chosen_subtree_is_reused_at_the_next_decision():
    policy, state, rng = _second_decision("again", "tails")
    before = copy.deepcopy(rng.bit_generator.state)
    assert policy.act(state.view(0), state.legal_actions(), rng) == Pick("d")
    assert policy.last is not None and policy.last.reused > 0
    assert policy.last.root.visits == policy.last.reused + 200
    # Back, then decide again from the same generator state: the same decision,
    # from the same kept tree, which the first resumption left untouched.
    again, reused = policy.last, policy.last.reused
    rng.bit_generator.state = before
    assert policy.act(state.view(0), state.legal_actions(), rng) == Pick("d")
    assert policy.last.reused == reused and policy.last is not again
    assert policy.last.root.visits == again.root.visits


def test_no_reuse_when_the_view_matches_no_single_kept_node():
    policy, state, rng = _second_decision("blind", "tails")  # heads and tails look alike
    policy.act(state.view(0), state.legal_actions(), rng)
    assert policy.last is not None and policy.last.reused == 0
    policy, state, rng = _second_decision("again", "tails")
    policy.act(state.view(0), state.legal_actions(), np.random.default_rng(9))  # other stream
    assert policy.last is not None and policy.last.reused == 0


def test_frontier_views_seen_differently_are_not_reused():
    result = search(_tree_state("trust").view(0), 0, _settings(50))
    assert _frontier(result.root) == []  # seat 0 never decides again
    node = result.root.children[Pick("trust")]
    node.view = MIXED
    assert _frontier(node) == [node]


def test_a_seconds_budget_runs_whole_iterations():
    result = search(_tree_state("odds").view(0), 0, SearchSettings(iterations=None,
                                                                      seconds=0.01))
    assert result.iterations >= 1
    assert sum(v for _, v, _ in result.stats) == result.iterations


def test_search_policy_names_and_errors():
    game = simlab.load_game("dice_race")
    assert "mcts" in game.policy_names() and "mcts-100" in game.policy_names()
    assert search_settings_for(game, "mcts").iterations == 100
    assert search_settings_for(game, "mcts-7").iterations == 7
    assert search_settings_for(game, "mcts-1.5s").seconds == 1.5
    for bad, message in (("mcts-x", "search policies are mcts"), ("mcts-0", "N >= 1"),
                         ("mcts-0s", "X > 0")):
        with pytest.raises(simlab.ConfigError, match=message):
            game.make_policy(bad, 0)
    tree = simlab.load_game("tree_game")
    assert tree.policy_names() == ["random"]
    with pytest.raises(simlab.ConfigError, match="has no policy 'mcts'"):
        tree.make_policy("mcts", 0)
    with pytest.raises(simlab.ConfigError, match="rollouts cannot be played by 'mcts-5'"):
        SearchSettings(rollout="mcts-5")
    with pytest.raises(simlab.ConfigError, match="no seat is to decide"):
        search(tree.new_initial_state().clone().__class__(simlab.load_game(
            "tree_game", tree="box")), 0)


def test_views_hide_and_resample_in_the_test_tree():
    state = _tree_state("box", "2")
    assert state.view(0).history == [HIDDEN] and state.view(1).history == ["2"]
    redrawn = state.resample_hidden(0, np.random.default_rng(0))
    assert redrawn.view(0) == state.view(0)


def test_the_stepper_session_takes_search_seats_and_back_replays_them():
    from simlab.widgets.session import StepSession

    game = simlab.load_game("dice_race", length=8)
    session = StepSession(game, ["mcts", "mcts-100"], seed=2)
    session.run_to_end()
    played = list(session.actions)
    assert len(played) >= 8
    for _ in range(4):
        session.back()
    session.run_to_end()
    assert session.actions == played


class _Refuses:
    """A rollout policy that must never be asked (it counts the views it was handed)."""

    uses_view = True

    def __init__(self) -> None:
        self.asked = 0

    def act(self, view, legal, rng):
        self.asked += 1
        return legal[0]


def _rollout_asks(epsilon: float) -> int:
    from simlab.core.search import _Search

    game = simlab.load_game("dice_race", players=2)
    state = first_decision(game)
    rng = np.random.default_rng(3)
    machinery = _Search(game, _settings(40, rollout_epsilon=epsilon))
    machinery.rollout = [_Refuses(), _Refuses()]
    machinery.run(state.view(state.current_player), state.current_player,
                  state.legal_actions(), rng)
    return sum(p.asked for p in machinery.rollout)


def test_epsilon_greedy_rollouts_mix_random_moves_with_the_rollout_policy():
    assert _rollout_asks(1.0) == 0  # every rollout decision random
    always, half = _rollout_asks(0.0), _rollout_asks(0.5)
    assert always > 0 and 0 < half < always
    with pytest.raises(simlab.ConfigError, match="rollout_epsilon"):
        SearchSettings(rollout_epsilon=1.5)


def test_rollout_policies_get_views_built_only_when_read(monkeypatch):
    from simlab.core.lazy_view import LazyView

    handed = []

    class Ignores(_Refuses):
        def act(self, view, legal, rng):
            handed.append(type(view) is LazyView)
            return legal[0]

    from simlab.core.search import _Search

    game = simlab.load_game("dice_race", players=2)
    state = first_decision(game)
    machinery = _Search(game, _settings(10))
    machinery.rollout = [Ignores(), Ignores()]
    machinery.run(state.view(state.current_player), state.current_player,
                  state.legal_actions(), np.random.default_rng(0))
    assert handed and all(handed)  # never read, so never built


def _race_views(seeds):
    """(seed, view of the seat to play) at the first decision of a 3-seat dice race, its
    chance drawn from ``seed``, for each of ``seeds``."""
    game = simlab.load_game("dice_race", players=3)
    for seed in seeds:
        state = first_decision(game, np.random.default_rng(seed))
        yield seed, state.view(state.current_player)


def test_settle_stops_early_with_the_action_the_whole_budget_chooses():
    stopped = []
    for seed, view in _race_views(range(6)):
        full = search(view, seed, _settings(400, exploration=0.3))
        settled = search(view, seed, _settings(400, exploration=0.3, settle=True))
        assert settled.action == full.action
        assert settled.iterations <= full.iterations == 400
        top = [*sorted((v for _, v, _ in settled.stats), reverse=True), 0]
        if settled.iterations < 400:  # stopped: the leader could not be caught any more
            assert top[0] - top[1] > 400 - settled.iterations
            stopped.append(settled.iterations)
    assert stopped, "settle never stopped a search early"


def _trust_first(state, legal, seat):
    """Candidates in the ``trust`` tree with the losing ``trust`` first (the "preferred" one)."""
    return sorted(legal, key=lambda a: a != Pick("trust"))


def test_margin_keeps_the_first_candidate_unless_another_beats_it_clearly():
    view = _tree_state("trust").view(0)  # gamble wins 2/5, trust never
    for seed in range(3):
        plain = search(view, seed, _settings(300, candidates=_trust_first))
        kept = search(view, seed, _settings(300, candidates=_trust_first, margin=0.6))
        left = search(view, seed, _settings(300, candidates=_trust_first, margin=0.1))
        assert plain.action == left.action == Pick("gamble"), plain.stats
        assert kept.action == Pick("trust"), kept.stats
        assert kept.stats == plain.stats  # the margin changes the choice, not the search


def test_prior_biases_selection_towards_the_first_candidate_as_a_fading_bonus():
    view = _tree_state("trust").view(0)

    def visits(prior, candidates=_trust_first, iterations=300):
        result = search(view, 0, _settings(iterations, candidates=candidates, prior=prior))
        return result.action, {a.label: v for a, v, _ in result.stats}

    assert visits(0.0)[1]["trust"] < visits(0.5)[1]["trust"] < visits(5.0)[1]["trust"]

    def gamble_first(state, legal, seat):
        return [*reversed(_trust_first(state, legal, seat))]

    assert visits(5.0, gamble_first)[1]["trust"] < visits(0.0)[1]["trust"]  # the first only
    assert visits(0.5, iterations=2000)[0] == Pick("gamble")  # the bonus fades


def test_prior_and_margin_must_not_be_negative():
    with pytest.raises(ConfigError, match="prior must be >= 0"):
        SearchSettings(prior=-1)
    with pytest.raises(ConfigError, match="margin must be >= 0"):
        SearchSettings(margin=-0.1)


def test_seats_adjusts_a_seats_settings_after_the_policy_names_budget(monkeypatch):
    game = simlab.load_game("dice_race", players=2)
    plain = game.search_settings()

    def seats(seat, settings):
        return dataclasses.replace(settings, exploration=2.0) if seat == 1 else settings

    monkeypatch.setattr(
        type(game), "search_settings", lambda self: dataclasses.replace(plain, seats=seats)
    )
    zero, one = game.make_policy("mcts-7", 0), game.make_policy("mcts-7", 1)
    assert zero.settings.iterations == one.settings.iterations == 7
    assert (zero.settings.exploration, one.settings.exploration) == (plain.exploration, 2.0)


# -- Exact checks written against the survivors of mutation testing (docs/mutation.md) -----

def _hand_tree():
    """A root with two children, one of which has a child: 4 nodes, views on two of them."""
    from simlab.core.search import Node

    root = Node(2)
    a, b, c = Node(2), Node(2), Node(2)
    root.children = {Pick("a"): a, Pick("b"): b}
    a.children = {Pick("c"): c}
    for n, (visits, avail, reward, view) in zip(
            (root, a, b, c), ((7, 0, [3.0, 4.0], None), (4, 5, [1.0, 3.0], "seen"),
                              (3, 6, [2.0, 1.0], MIXED), (2, 2, [0.5, 1.5], "later")), strict=True):
        n.visits, n.avail, n.reward, n.view = visits, avail, reward, view
    return root


def _dump(node):
    return (node.visits, node.avail, list(node.reward), node.view,
            {a: _dump(ch) for a, ch in node.children.items()})


def test_node_size_mean_and_copy_on_a_hand_built_tree():
    from simlab.core.search import Node

    root = _hand_tree()
    assert root.size() == 4 and root.children[Pick("a")].size() == 2 and Node(3).size() == 1
    assert root.mean(1) == 4 / 7 and Node(2).mean(0) == 0.0
    twin = root.copy()
    assert _dump(twin) == _dump(root)  # every count, reward and view, all the way down
    assert twin.children[Pick("b")].view is MIXED
    twin.children[Pick("a")].children[Pick("c")].reward[0] += 1  # independent of the original
    twin.children[Pick("a")].visits += 1
    assert root.children[Pick("a")].children[Pick("c")].reward == [0.5, 1.5]
    assert root.children[Pick("a")].visits == 4


def test_race_values_by_hand_and_without_overflow():
    # exp(-3/1.5) against exp(0): the leader's share 1 / (1 + e^-2)
    values = race_values([5.0, 2.0], 1.5)
    assert values == pytest.approx([1 / (1 + math.exp(-2)), math.exp(-2) / (1 + math.exp(-2))],
                                   rel=1e-15)
    assert race_values([3.0, 1.0, 3.0], 0.0) == [0.5, 0.0, 0.5]  # no spread: the leaders
    assert race_values([1.0, 0.0], 0.5) == pytest.approx(
        [1 / (1 + math.exp(-2)), 1 - 1 / (1 + math.exp(-2))], rel=1e-15)
    assert race_values([800.0, 798.0], 1.0) == pytest.approx(  # exp(800) would overflow
        [1 / (1 + math.exp(-2)), math.exp(-2) / (1 + math.exp(-2))], rel=1e-15)


def test_rng_keys_freeze_any_generator_state_and_tell_states_apart():
    from simlab.core.search import _freeze, _rng_key

    assert _freeze({"b": [1, np.array([2, 3])], "a": (4, {"c": 5})}) == (
        ("a", (4, (("c", 5),))), ("b", (1, (2, 3))))
    for bits in (np.random.PCG64, np.random.MT19937):  # MT19937 keeps an array
        rng = np.random.Generator(bits(7))
        key = _rng_key(rng)
        assert hash(key) == hash(_rng_key(np.random.Generator(bits(7))))
        rng.random()
        assert _rng_key(rng) != key


def test_the_policy_searches_for_the_deciding_seat_whatever_its_own():
    """The seat deciding in the view is the one searched for (its means, its candidates)."""
    game = simlab.load_game("tree_game", tree="trust")
    asked = []

    def candidates(state, legal, seat):
        asked.append(seat)
        return legal

    view = _tree_state("trust").view(0)
    for own in (1, 0):
        asked.clear()
        policy = MCTSPolicy(game, own, _settings(200, candidates=candidates))
        assert policy.act(view, view.legal_actions(), np.random.default_rng(0)) == Pick("gamble")
        means = {a.label: mean for a, _, mean in policy.last.stats}
        assert abs(means["gamble"] - 0.4) < 0.1 and means["trust"] < 0.1  # seat 0's rewards
        assert asked and set(asked) == {0}


def test_a_new_policy_has_its_game_seat_and_name_and_no_result_yet():
    game = simlab.load_game("dice_race", players=3)
    policy = MCTSPolicy(game, 2, _settings(5))
    assert (policy.game, policy.seat, policy.name, policy.last) == (game, 2, "mcts", None)
    made = make_search_policy(game, "mcts-9", 1)
    assert (made.game, made.seat, made.name, made.settings.iterations) == (game, 1, "mcts-9", 9)


def test_the_policy_keeps_the_trees_of_its_last_16_decisions():
    from simlab.core.search import KEEP, _rng_key

    game = simlab.load_game("dice_race", players=2, length=40)
    policy = MCTSPolicy(game, 0, _settings(3))
    state = first_decision(game)
    rng = np.random.default_rng(0)
    keys = []
    for _ in range(KEEP + 4):
        policy.act(state.view(state.current_player), state.legal_actions(), rng)
        keys.append(_rng_key(rng))
    assert KEEP == 16 and list(policy._kept) == keys[-KEEP:]  # the newest, oldest first


def test_policy_choices_take_the_listed_names_and_any_positive_budget():
    choices = policy_choices("random", "greedy")
    assert "random" in choices and "greedy" in choices and "heuristic" not in choices
    assert "mcts-1" in choices and "mcts-0.25s" in choices and "mcts" in choices
    for bad in ("mcts-0", "mcts-0s", "mcts-x", "mcts-", 7):
        assert bad not in choices, bad


def test_search_settings_for_every_budget_and_its_errors(monkeypatch):
    game = simlab.load_game("dice_race")
    assert search_settings_for(game, "mcts-1").iterations == 1
    with pytest.raises(ConfigError, match=r"^policy 'mcts-x': search policies are mcts, mcts-N "
                       r"\(N iterations\) or mcts-Xs \(X seconds per decision\)$"):
        search_settings_for(game, "mcts-x")
    with pytest.raises(ConfigError, match=r"^tree_game has no search players \(policy 'mcts'\)$"):
        search_settings_for(simlab.load_game("tree_game"), "mcts")
    timed = SearchSettings(iterations=None, seconds=0.5, exploration=0.3)
    monkeypatch.setattr(type(game), "search_settings", lambda self: timed)
    counted = search_settings_for(game, "mcts-7")
    assert (counted.iterations, counted.seconds, counted.exploration) == (7, None, 0.3)
    assert search_settings_for(game, "mcts") is timed
    counted_game = dataclasses.replace(timed, iterations=20, seconds=None)
    monkeypatch.setattr(type(game), "search_settings", lambda self: counted_game)
    clocked = search_settings_for(game, "mcts-2s")
    assert (clocked.iterations, clocked.seconds) == (None, 2.0)


def test_search_defaults_seed_zero_the_games_settings_and_every_legal_action():
    view = _tree_state("odds").view(0)
    plain = search(view, settings=_settings(40))
    assert plain.stats == search(view, 0, _settings(40)).stats != search(
        view, 1, _settings(40)).stats
    assert search(view).iterations == SearchSettings().iterations == 200  # no game settings
    race = simlab.load_game("dice_race", players=2)
    state = first_decision(race)
    assert race.search_settings().iterations == 100
    assert search(state.view(state.current_player)).iterations == 100  # the game's own
    only = [Pick("risky")]
    narrowed = search(view, 0, _settings(10), legal=only)
    assert [a for a, _, _ in narrowed.stats] == only and narrowed.action == Pick("risky")


def test_a_finished_game_without_an_outcome_is_a_search_error(monkeypatch):
    from simlab.core.search import SearchError
    from tests.games.tree_game import TreeState

    monkeypatch.setattr(TreeState, "outcome", property(lambda self: None))
    with pytest.raises(SearchError, match=r"^tree_game: a finished game has no outcome$"):
        search(_tree_state("three").view(0), 0, _settings(5))


def _paper_score(visits, reward, avail, c, prior, first):
    """The selection score of Cowling et al. (2012), availability counts included, by hand."""
    score = reward / visits + c * math.sqrt(math.log(avail) / visits)
    return score + (prior / (visits + 1) if first else 0.0)


@pytest.mark.parametrize("seed", range(4))
def test_one_selection_step_picks_the_hand_scored_child(seed):
    """One iteration from a root whose children carry hand-set counts: the child the
    paper's formula scores highest is the one descended into, and every child's
    availability count grows by one before it is scored (a ``log(avail + 1)`` in the
    score, a parent-visit count for ``avail`` or a lost increment picks another child
    in some of these draws)."""
    from simlab.core.search import Node, _Search

    gen = np.random.default_rng(seed)
    game = simlab.load_game("tree_game", tree="three")
    view = game.new_initial_state().view(0)
    legal = view.legal_actions()
    value = {"win": 1.0, "share": 0.5, "lose": 0.0}
    for _ in range(50):
        c = float(gen.choice([0.0, 0.3, 0.7, 1.5]))
        prior = float(gen.choice([0.0, 0.0, 0.8]))
        root = Node(2)
        counts = {}
        for a in legal:
            visits = int(gen.integers(1, 12))
            avail = visits + int(gen.integers(0, 6))
            mine = float(gen.integers(0, visits + 1))
            child = root.children[a] = Node(2)
            child.visits, child.avail, child.reward = visits, avail, [mine, visits - mine]
            counts[a] = (visits, mine, avail)
        root.visits = sum(v for v, _, _ in counts.values())
        scores = [_paper_score(v, r, av + 1, c, prior, a is legal[0])
                  for a, (v, r, av) in counts.items()]
        chosen = legal[max(range(3), key=lambda i: (scores[i], -i))]
        settings = _settings(1, exploration=c, prior=prior, reuse=False)
        _Search(game, settings).run(view, 0, legal, np.random.default_rng(0), root)
        for a, (v, r, av) in counts.items():
            child = root.children[a]
            hit = a == chosen
            assert (child.visits, child.avail) == (v + hit, av + 1), (a, chosen, scores)
            assert child.reward == [r + hit * value[a.label], v - r + hit * (1 - value[a.label])]


@pytest.mark.parametrize(("kw", "message"), [
    (dict(iterations=None), "give iterations or seconds, not both or neither"),
    (dict(seconds=1.0), "give iterations or seconds, not both or neither"),
    (dict(iterations=0), "iterations must be >= 1, not 0"),
    (dict(iterations=None, seconds=0.0), "seconds must be > 0, not 0.0"),
    (dict(iterations=None, seconds=-1.0), "seconds must be > 0, not -1.0"),
    (dict(exploration=-0.5), "exploration must be >= 0, not -0.5"),
    (dict(depth=0, evaluate=len), "depth must be >= 1, not 0"),
    (dict(depth=2), "a depth limit needs an evaluate function"),
    (dict(rollout_epsilon=-0.25), r"rollout_epsilon must be in \[0, 1\], not -0.25"),
    (dict(rollout_epsilon=1.25), r"rollout_epsilon must be in \[0, 1\], not 1.25"),
    (dict(prior=-2.0), "prior must be >= 0, not -2.0"),
    (dict(margin=-0.5), "margin must be >= 0, not -0.5"),
    (dict(rollout="mcts"), "rollouts cannot be played by 'mcts'"),
])
def test_search_settings_refuse_each_bad_value_by_name(kw, message):
    with pytest.raises(ConfigError, match=rf"^search settings: {message}$"):
        SearchSettings(**kw)


def test_search_settings_accept_the_edge_values():
    edge = SearchSettings(iterations=1, exploration=0.0, depth=1, evaluate=len,
                          rollout_epsilon=0.0, prior=0.0, margin=0.0)
    assert (edge.iterations, edge.depth, edge.exploration) == (1, 1, 0.0)
    assert SearchSettings(rollout_epsilon=1.0).rollout_epsilon == 1.0
    assert SearchSettings(iterations=None, seconds=1e-6).budget == "1e-06 s"
    assert SearchSettings(iterations=None, seconds=1.25).budget == "1.25 s"
    assert SearchSettings(iterations=7).budget == "7 iterations"
    assert SearchSettings(rollout="greedy").rollout == "greedy"
    assert SearchSettings(rollout="mctsx").rollout == "mctsx"  # not a search name


def test_search_names_are_mcts_and_anything_after_mcts_dash():
    from simlab.core.search import is_search_name

    assert [is_search_name(n) for n in ("mcts", "mcts-", "mcts-3", "mcts-typo")] == [True] * 4
    assert [is_search_name(n) for n in ("mctsx", "MCTS", "x-mcts-3", "random", "")] == [
        False] * 5


def test_a_new_node_is_unvisited_unavailable_and_viewless():
    from simlab.core.search import Node

    node = Node(3)
    assert (node.children, node.visits, node.avail, node.reward, node.view) == (
        {}, 0, 0, [0.0, 0.0, 0.0], None)


def test_the_root_statistics_list_only_the_candidates_in_their_order():
    view = _tree_state("odds").view(0)

    def risky_only(state, legal, seat):
        return [a for a in legal if a == Pick("risky")]

    def reversed_(state, legal, seat):
        return legal[::-1]

    result = search(view, 0, _settings(30, candidates=risky_only))
    assert [(a, n) for a, n, _ in result.stats] == [(Pick("risky"), 30)]
    result = search(view, 0, _settings(30, candidates=reversed_))
    assert [a for a, _, _ in result.stats] == [Pick("risky"), Pick("safe")]
    game = simlab.load_game("tree_game", tree="odds")
    policy = MCTSPolicy(game, 0, _settings(30, candidates=risky_only))
    assert policy.act(view, view.legal_actions(), np.random.default_rng(0)) == Pick("risky")
    assert policy.last is None  # one candidate left: played without a search


_SILENT = object()


def _rollout_inputs(uses_view, views: bool) -> set[str]:
    """What a rollout policy of the dice race is handed: "view" (a LazyView) or "state".

    ``uses_view``: the policy's attribute (``_SILENT``: it has none).
    """
    from simlab.core.lazy_view import LazyView
    from simlab.core.search import _Search

    handed = set()

    class Recording:
        def act(self, view, legal, rng):
            handed.add("view" if type(view) is LazyView else "state")
            return legal[0]

    if uses_view is not _SILENT:
        Recording.uses_view = uses_view  # type: ignore[attr-defined]
    game = simlab.load_game("dice_race", players=2)
    state = first_decision(game)
    machinery = _Search(game, _settings(10, rollout_views=views))
    machinery.rollout = [Recording(), Recording()]
    machinery.run(state.view(state.current_player), state.current_player,
                  state.legal_actions(), np.random.default_rng(0))
    return handed


def test_rollout_policies_get_a_view_unless_they_or_the_settings_say_no():
    assert _rollout_inputs(_SILENT, views=True) == {"view"}  # says nothing: a view, as in play
    assert _rollout_inputs(True, views=True) == {"view"}
    assert _rollout_inputs(False, views=True) == {"state"}
    assert _rollout_inputs(True, views=False) == {"state"}
    assert _rollout_inputs(_SILENT, views=False) == {"state"}


def test_without_a_depth_limit_evaluate_is_never_asked():
    def evaluate(state):
        raise AssertionError("evaluate asked without a depth limit")

    result = search(_tree_state("ace", "low").view(0), 0, _settings(100, evaluate=evaluate))
    assert result.iterations == 100


def test_the_resumed_tree_is_the_kept_node_of_the_view_reached():
    """Of the kept first-own-decision nodes (heads, tails), the one whose view matches."""
    for coin, other in (("tails", "heads"), ("heads", "tails")):
        game = simlab.load_game("tree_game", tree="again")
        policy = MCTSPolicy(game, 0, _settings(200))
        rng = np.random.default_rng(5)
        state = game.new_initial_state()
        policy.act(state.view(0), state.legal_actions(), rng)
        kept = policy.last.root.children[Pick("a")].children
        reached, missed = kept[Draw(coin)], kept[Draw(other)]
        assert reached.visits != missed.visits  # so that the count tells them apart
        for action in (Pick("a"), Draw(coin)):
            state.apply(action)
        policy.act(state.view(0), state.legal_actions(), rng)
        assert policy.last.reused == reached.visits
        assert policy.last.root.view is None  # the root is no decision below itself


def test_a_rollout_view_is_the_acting_seats_built_on_read_and_sealed_after():
    """Read during its decision, a rollout view is the acting seat's view of the position
    played out (with the search's generator); kept unread, it cannot be read later."""
    from simlab.core.errors import SimlabError
    from simlab.core.search import _Search

    game = simlab.load_game("dice_race", players=3)
    state = first_decision(game)
    rng = np.random.default_rng(4)
    kept, checked = [], []

    class Reads:
        uses_view = True

        def act(self, view, legal, generator):
            assert generator is rng
            if len(checked) % 2:
                kept.append(view)  # unread
            else:
                seat = state.current_player
                assert view == state.view(seat) and view.cards != state.cards
            checked.append(1)
            return legal[0]

    machinery = _Search(game, _settings(5))
    machinery.rollout = [Reads(), Reads(), Reads()]
    machinery.playout(state, 0, rng)
    assert len(checked) > 4 and kept
    with pytest.raises(SimlabError, match="read after its decision"):
        _ = kept[0].cards


def test_a_rollout_that_does_not_end_is_a_config_error(monkeypatch):
    import simlab.core.search as search_module

    monkeypatch.setattr(search_module, "MAX_ROLLOUT", 5)
    long_race = simlab.load_game("dice_race", players=2, length=30)
    state = first_decision(long_race)
    with pytest.raises(ConfigError, match=r"^dice_race: a rollout did not end within 5 actions$"):
        search(state.view(state.current_player), 0, _settings(2))


def _first_settled(view, seed, iterations, settings, legal=None):
    """Where settle must stop, read off a full search: the first multiple of 10 below the
    budget after which the most visited root action leads the next by more visits than
    iterations are left (the search up to there draws exactly what the full one draws)."""
    from simlab.core.search import _Search

    history = []
    real = _Search.iterate

    def recording(self, root, view_, seat, rng):
        real(self, root, view_, seat, rng)
        history.append(sorted((ch.visits for a, ch in root.children.items()
                               if legal is None or a in legal), reverse=True))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_Search, "iterate", recording)
        search(view, seed, settings, legal)
    for i, visits in enumerate(history, 1):
        top = [*visits, 0]
        if i % 10 == 0 and i < iterations and top[0] - top[1] > iterations - i:
            return i
    return iterations


def test_settle_stops_at_the_first_check_the_leader_cannot_be_caught():
    stops = []
    for seed, view in _race_views(range(4)):
        full = _settings(300, exploration=0.3)
        expected = _first_settled(view, seed, 300, full)
        settled = search(view, seed, dataclasses.replace(full, settle=True))
        assert settled.iterations == expected, seed
        stops.append(expected)
    assert any(i < 300 for i in stops), stops  # some stopped early
    # one action weighed: it leads by all its visits (the tree holds the other one too)
    view, only = _tree_state("odds").view(0), [Pick("safe")]
    expected = _first_settled(view, 0, 100, _settings(100), only)
    one = search(view, 0, _settings(100, settle=True), legal=only)
    assert one.iterations == expected < 100 and one.stats[0][1] > 100 - expected


def _three_first(*labels):
    """Candidates of the ``three`` tree in the order ``labels``."""
    def candidates(state, legal, seat):
        return [Pick(x) for x in labels if Pick(x) in legal]
    return candidates


@pytest.mark.parametrize(("order", "margin", "played"), [
    (("share", "win", "lose"), 0.5, "share"),   # win beats share by 0.5: not more than 0.5
    (("share", "win", "lose"), 0.49, "win"),
    (("lose", "win", "share"), 1.0, "lose"),    # 1.0 - 0.0 is not more than 1.0
    (("lose", "win", "share"), 0.99, "win"),
])
def test_margin_by_the_exact_means_of_the_three_pick_tree(order, margin, played):
    """Means are exact here (1, 1/2, 0): the first candidate is left only for a gain > margin."""
    view = _tree_state("three").view(0)
    result = search(view, 0, _settings(60, candidates=_three_first(*order), margin=margin))
    assert result.action == Pick(played), result.stats


def test_margin_ignores_a_first_candidate_never_tried():
    view = _tree_state("odds").view(0)
    for seed in range(40):  # one iteration: the other action tried (and lost), the first never
        result = search(view, seed, _settings(1, margin=0.9))
        if result.stats[1][1] == 1 and result.stats[1][2] == 0.0:
            assert result.stats[0] == (Pick("safe"), 0, 0.0)
            assert result.action == Pick("risky")
            return
    raise AssertionError("no seed tried risky first and lost")


def test_ties_in_visits_and_mean_go_to_the_first_legal_action():
    view = _tree_state("odds").view(0)
    ties = 0
    for seed in range(12):
        result = search(view, seed, _settings(2, exploration=0.0))
        (_, n0, m0), (_, n1, m1) = result.stats
        assert n0 == n1 == 1
        if m0 == m1:
            ties += 1
            assert result.action == Pick("safe"), result.stats
        else:
            assert result.action == (Pick("safe") if m0 > m1 else Pick("risky"))
    assert ties


@pytest.mark.parametrize(("iterations", "stop"), [(19, 10), (20, 20), (41, 30), (100, 60)])
def test_settle_with_one_action_weighed_stops_past_half_the_budget(iterations, stop):
    """Every iteration visits the one action: at a check after i iterations it leads by i,
    and the search stops at the first check (a multiple of 10) with i > budget - i."""
    settings = _settings(iterations, settle=True, candidates=_three_first("win"))
    result = search(_tree_state("three").view(0), 0, settings,
                    legal=[Pick("win"), Pick("lose")])
    assert result.iterations == stop and result.stats[0][1] == stop


def test_a_seconds_budget_searches_that_long_from_the_seats_determinizations():
    import time

    view = _tree_state("box", "1").view(0)
    t0 = time.perf_counter()
    result = search(view, 0, SearchSettings(iterations=None, seconds=0.2))
    took = time.perf_counter() - t0
    assert 0.2 <= result.seconds <= took
    assert result.iterations > 1
    means = {a.label: (n, mean) for a, n, mean in result.stats}
    for label, exact in (("0", 1 / 2), ("1", 1 / 3)):  # the prize redrawn every iteration
        n, mean = means[label]
        assert n > 10 and abs(mean - exact) < 4 * (exact * (1 - exact) / n) ** 0.5 + 0.02


def test_seconds_of_an_iteration_budget_are_the_searchs_wall_time():
    import time

    t0 = time.perf_counter()
    result = search(_tree_state("odds").view(0), 0, _settings(50))
    assert 0 < result.seconds <= time.perf_counter() - t0


def test_applied_counts_each_decision_of_a_policy_on_its_own(monkeypatch):
    game = simlab.load_game("dice_race", players=2)
    state = first_decision(game)
    counted = []
    real = type(state)._apply
    policy = MCTSPolicy(game, state.current_player, _settings(20, reuse=False))
    rng = np.random.default_rng(1)
    monkeypatch.setattr(type(state), "_apply", lambda self, a: counted.append(a) or real(self, a))
    for _ in range(3):
        counted.clear()
        policy.act(state.view(state.current_player), state.legal_actions(), rng)
        assert policy.last.applied == len(counted) > 20


def test_a_dice_race_seat_resumes_its_kept_tree():
    """Views differ by seat here (each seat sees only its own card): a kept node's view must
    be the searching seat's to be found again."""
    game = simlab.load_game("dice_race", players=2, length=20)
    policies = [MCTSPolicy(game, s, _settings(60)) for s in range(2)]
    reused = []

    class Watch:
        uses_view = True

        def __init__(self, seat):
            self.seat = seat

        def act(self, view, legal, rng):
            action = policies[self.seat].act(view, legal, rng)
            if policies[self.seat].last is not None and len(legal) > 1:
                reused.append(policies[self.seat].last.reused)
            return action

    simlab.run(game, [Watch(0), Watch(1)], seed=3)
    assert len(reused) > 4 and sum(r > 0 for r in reused) >= 2, reused


def _one_step(counts, c, prior):
    """The child one iteration descends into from a root whose children carry ``counts``
    (``{label: (visits, seat 0's reward, avail)}`` on the ``three`` tree)."""
    from simlab.core.search import Node, _Search

    game = simlab.load_game("tree_game", tree="three")
    view = game.new_initial_state().view(0)
    root = Node(2)
    for label, (visits, mine, avail) in counts.items():
        child = root.children[Pick(label)] = Node(2)
        child.visits, child.avail, child.reward = visits, avail, [mine, visits - mine]
    before = {a: ch.visits for a, ch in root.children.items()}
    settings = _settings(1, exploration=c, prior=prior, reuse=False)
    _Search(game, settings).run(view, 0, view.legal_actions(), np.random.default_rng(0), root)
    return next(a.label for a, ch in root.children.items() if ch.visits > before[a])


@pytest.mark.parametrize(("counts", "c", "prior", "chosen"), [
    # prior 1 on "win" (the first legal pick), 1 visit, mean 0: 0 + 1/2 beats share's 0.4
    ({"win": (1, 0.0, 1), "share": (5, 2.0, 5), "lose": (5, 0.0, 5)}, 0.0, 1.0, "win"),
    # ... and 0 + 1/3 would not: 1/2 - 0.45 is the prior's whole margin
    ({"win": (1, 0.0, 1), "share": (20, 9.0, 20), "lose": (5, 0.0, 5)}, 0.0, 1.0, "win"),
    # availability counts grow by one before scoring: win 0 + sqrt(ln 2 / 1) = 0.833,
    # share 0.45 + sqrt(ln 11 / 10) = 0.940, lose 0 + sqrt(ln 41 / 10) = 0.609; with
    # log(avail + 1) win would score sqrt(ln 3) = 1.048 against share's 0.949
    ({"win": (1, 0.0, 1), "share": (10, 4.5, 10), "lose": (10, 0.0, 40)}, 1.0, 0.0, "share"),
    # equal scores: the first legal pick (win) is kept on a tie
    ({"win": (2, 1.0, 1), "share": (2, 1.0, 1), "lose": (2, 1.0, 1)}, 0.5, 0.0, "win"),
])
def test_one_selection_step_by_hand(counts, c, prior, chosen):
    assert _one_step(counts, c, prior) == chosen


def test_untried_picks_are_tried_in_a_uniformly_random_order():
    """Which of the three picks is tried first, and second, is the generator's choice:
    over 60 seeds every one of the 6 orders comes up."""
    orders = set()
    for seed in range(60):
        result = search(_tree_state("three").view(0), seed, _settings(3))
        children = result.root.children
        orders.add(tuple(sorted(children, key=lambda a: -children[a].avail)))
    assert len(orders) == 6


def test_candidates_are_asked_with_the_position_at_decisions_with_a_choice():
    from tests.games.tree_game import TreeState

    asked = []

    def candidates(state, legal, seat):
        assert isinstance(state, TreeState) and state.current_player in (0, 1)
        assert len(legal) > 1 and seat == 0
        asked.append(len(state.history))
        return legal

    search(_tree_state("ace", "low").view(0), 0, _settings(200, candidates=candidates))
    assert set(asked) == {1, 2}  # seat 0 at the root, seat 1 when it holds the ace


def _dice_race_search():
    """300 iterations from seat 0's view of a two-seat dice race dealt 2 and 3, after a
    roll of 1."""
    game = simlab.load_game("dice_race", players=2)
    state = game.new_initial_state()
    for seat, card in enumerate((2, 3)):
        state.apply(Deal(seat, card))
    state.apply(Roll(1))
    return search(state.view(0), 0, _settings(300))


def test_a_node_reached_with_different_views_is_marked_mixed():
    """In the dice race a boost shows its card: seat 0's next decision after the same
    actions is seen with whichever card seat 1 was redrawn, so the node is MIXED."""
    result = _dice_race_search()
    frontier = _frontier(result.root)
    mixed = [n for n in frontier if n.view is MIXED]
    assert mixed and len(mixed) < len(frontier)
    assert all(n.view is MIXED or n.view.current_player == 0 for n in frontier)


def test_only_the_first_own_decision_below_the_root_records_a_view():
    """Seat 0 decides again and again in a dice race; a view is kept at its first decision
    below the root on each path (the frontier) and at none below that."""
    result = _dice_race_search()
    frontier = _frontier(result.root)
    assert frontier and result.root.view is None
    below, deeper_decisions = [c for n in frontier for c in n.children.values()], 0
    while below:
        node = below.pop()
        assert node.view is None
        deeper_decisions += bool(node.children)
        below.extend(node.children.values())
    assert deeper_decisions > 0  # the tree does go on below the frontier


def test_rollout_policies_are_made_for_their_seats():
    from simlab.core.search import _Search

    game = simlab.load_game("bedpans", players=3)
    machinery = _Search(game, SearchSettings(rollout="heuristic"))
    assert [p.seat for p in machinery.rollout] == [0, 1, 2]
