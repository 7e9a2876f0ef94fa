"""Information-set Monte Carlo tree search over any simlab game (single observer).

The search of Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search" (IEEE Trans. Comp. Intell. AI in Games 4(2), 2012), in its
single-observer form (SO-ISMCTS).  The searching seat sees only its view;
every iteration:

1. **determinizes** that view with ``view.resample_hidden(seat, rng)``: a
   position the seat cannot tell from the one it sees (the true state is
   never given to the search, so it cannot be read);
2. **selects** down the tree: at a chance node an outcome is drawn by its
   exact probability; at a decision the acting seat takes the child that
   maximizes *its own* mean reward plus an exploration term (max^n UCT:
   every node keeps a vector of per-seat rewards).  Actions legal in only
   some determinizations are scored against how often they were
   *available* rather than how often the parent was visited (the
   availability count of the paper), and an available action never tried
   is tried first;
3. **expands** one new decision (chance outcomes and forced moves are
   added on the way without ending the descent);
4. **plays out** with a rollout policy (uniform random or one of the
   game's heuristics), to the end or, with a depth limit, until
   ``depth`` actions after the root, where the game's ``evaluate(state)``
   gives per-seat values in [0, 1];
5. **backs up** the per-seat reward vector (a win is 1, a shared win
   ``1/k`` for each of its ``k`` winners, a loss 0).

The action played is the root child visited most.  The subtree below it is
kept: at the seat's next decision, if exactly one of the seat's own
decisions in that subtree was reached with the view the seat now has, the
search resumes from it (subtree reuse, "where the game allows": a seat
that cannot tell several of its positions apart starts afresh).  Kept trees
are looked up by the state of the seat's generator, so that going back in
a game and deciding again gives the same decision (see :class:`MCTSPolicy`).

Core names no game: a game offers search players by returning
:class:`~simlab.core.search_settings.SearchSettings` from
``Game.search_settings()``; the policies ``mcts`` (those defaults) and
``mcts-N`` (N iterations) or ``mcts-Xs`` (X seconds per decision, not
reproducible) are then built by :func:`make_search_policy`, found by name
through :data:`SEARCH_PLAYERS`, the family of players ``import simlab``
registers (:mod:`simlab.core.roster`).

Examples
--------
>>> import numpy as np, simlab
>>> from simlab.core.play import sample_chance
>>> game = simlab.load_game("broom_service", players=2)
>>> state, rng = game.new_initial_state(), np.random.default_rng(0)
>>> while state.is_chance:
...     _ = state.apply(sample_chance(state.chance_outcomes(), rng))
>>> policy = game.make_policy("mcts-20", 0)
>>> action = policy.act(state.view(0), state.legal_actions(), np.random.default_rng(1))
>>> state.is_legal(action), policy.last.iterations
(True, 20)
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from simlab.core.api import CHANCE, TERMINAL, Action, Game, Outcome, State
from simlab.core.chance import integer_below
from simlab.core.errors import ConfigError, SimlabError
from simlab.core.lazy_view import LazyView, seal
from simlab.core.search_settings import NAME_PATTERN, POLICY_NAMES, SearchSettings, is_search_name

__all__ = [
    "MCTSPolicy",
    "Node",
    "SearchError",
    "SearchPlayers",
    "SearchResult",
    "SEARCH_PLAYERS",
    "make_search_policy",
    "outcome_values",
    "race_values",
    "search",
    "search_settings_for",
]

#: Kept subtrees a policy remembers (one per decision; older ones are dropped).
KEEP = 16
#: Iterations between two checks of ``SearchSettings.settle``.
SETTLE_EVERY = 10
#: Longest rollout, in actions (a guard against a game that does not end).
MAX_ROLLOUT = 100_000


class SearchError(SimlabError):
    """A game broke what the search relies on (a finished game without an outcome ...)."""


def _outcome_values(state: State, seats: int) -> list[float]:
    """:func:`outcome_values` of a finished ``state`` (an error if it has no outcome)."""
    outcome = state.outcome
    if outcome is None:
        raise SearchError(f"{state.game.NAME}: a finished game has no outcome")
    return outcome_values(outcome, seats)


class Node:
    """A node of the search tree: reached by one action sequence from the root.

    Attributes
    ----------
    children : dict
        Action (a decision or a chance outcome) to child node.
    visits : int
        Iterations through this node.
    avail : int
        Iterations in which this node's action was available at its parent.
    reward : list of float
        Sum of each seat's reward over the iterations through this node.
    view : State, None or MIXED
        For the searching seat's first own decision after the root: its
        view there (``None`` until reached; :data:`MIXED` if reached with
        different views, which rules the node out for reuse).
    """

    __slots__ = ("avail", "children", "reward", "view", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * seats
        self.view: Any = None

    def mean(self, seat: int) -> float:
        """Mean reward of ``seat`` through this node (0 if never visited)."""
        return self.reward[seat] / self.visits if self.visits else 0.0

    def size(self) -> int:
        """Nodes in this subtree, itself included."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children.values())
        return count

    def copy(self) -> Node:
        """An independent copy of this subtree (views are shared: they are never changed)."""
        top = _twin(self)
        stack = [(self, top)]
        while stack:
            old, new = stack.pop()
            for action, child in old.children.items():
                twin = _twin(child)
                new.children[action] = twin
                stack.append((child, twin))
        return top


def _twin(node: Node) -> Node:
    other = Node.__new__(Node)
    other.children = {}
    other.visits = node.visits
    other.avail = node.avail
    other.reward = list(node.reward)
    other.view = node.view
    return other


#: ``Node.view`` of a node reached with different views of the searching seat.
MIXED = object()


def outcome_values(outcome: Outcome, seats: int) -> list[float]:
    """Per-seat rewards of a finished game: a win 1, a win shared by k seats 1/k each, else 0.

    Examples
    --------
    >>> outcome_values(Outcome(winners=(0, 2), scores=(3.0, 1.0, 3.0)), 3)
    [0.5, 0.0, 0.5]
    >>> outcome_values(Outcome(winners=(), scores=(0.0, 0.0)), 2)
    [0.0, 0.0]
    """
    values = [0.0] * seats
    if outcome.winners:
        share = 1.0 / len(outcome.winners)
        for w in outcome.winners:
            values[w] = share
    return values


def race_values(scores: Sequence[float], spread: float) -> list[float]:
    """Each seat's chance to win a race on ``scores``: a softmax with scale ``spread``.

    ``spread`` is how many points the scores may still move apart (large
    early in a game, small near its end); the values are in [0, 1] and sum
    to 1.  Games whose rulebook is a score race build ``evaluate`` on it.

    Examples
    --------
    >>> race_values([10, 10], 3.0)
    [0.5, 0.5]
    >>> [round(v, 3) for v in race_values([12, 9, 9], 3.0)]
    [0.576, 0.212, 0.212]
    """
    top = max(scores)
    scale = max(float(spread), 1e-9)
    weights = [math.exp((s - top) / scale) for s in scores]
    total = sum(weights)
    return [w / total for w in weights]


@dataclass
class SearchResult:
    """What one search found.

    Attributes
    ----------
    action : Action
        The action chosen: the root child visited most (ties: the higher mean).
    stats : list of (Action, int, float)
        Each legal root action, its visits and the searching seat's mean reward.
    iterations : int
        Iterations run for this decision.
    applied : int
        Actions (chance included) applied to determinized positions in this
        search: the tree walks and the playouts (not what rollout policies
        try on their own copies).
    reused : int
        Visits the root already had from the previous decision's tree.
    seconds : float
        Wall time of the search.
    root : Node
        The tree.
    """

    action: Action
    stats: list[tuple[Action, int, float]]
    iterations: int
    applied: int
    reused: int
    seconds: float
    root: Node


class _Search:
    """One search's machinery: settings, the game and the rollout policies."""

    def __init__(self, game: Game, settings: SearchSettings) -> None:
        self.game = game
        self.settings = settings
        self.seats = game.players
        self.rollout = [game.make_policy(settings.rollout, s) for s in range(game.players)]
        self.evaluate = settings.evaluate
        self.depth = settings.depth if settings.depth is not None else MAX_ROLLOUT
        #: Actions applied by the search so far (see ``SearchResult.applied``).
        self.applied = 0

    def consider(self, state: State, legal: Sequence[Action], seat: int) -> Sequence[Action]:
        """The actions searched at a decision: ``legal``, or the game's candidates among them."""
        pick = self.settings.candidates
        if pick is None or len(legal) < 2:
            return legal
        return list(pick(state, legal, seat))

    def run(
        self, view: State, seat: int, legal: Sequence[Action], rng: np.random.Generator,
        root: Node | None = None,
    ) -> SearchResult:
        start = time.perf_counter()
        applied = self.applied
        root = root if root is not None else Node(self.seats)
        reused = root.visits
        s = self.settings
        legal = self.consider(view, legal, seat)
        iterations = 0
        if s.iterations is not None:
            children = root.children
            for i in range(1, s.iterations + 1):
                self.iterate(root, view, seat, rng)
                iterations = i
                if s.settle and i % SETTLE_EVERY == 0 and i < s.iterations:
                    visits = sorted((children[a].visits for a in legal if a in children),
                                    reverse=True)
                    if visits and visits[0] - (visits[1] if len(visits) > 1 else 0) > (
                            s.iterations - i):
                        break
        else:
            stop = start + (s.seconds or 0.0)
            while True:
                self.iterate(root, view, seat, rng)
                iterations += 1
                if time.perf_counter() >= stop:
                    break
        stats = []
        for a in legal:
            child = root.children.get(a)
            stats.append((a, child.visits, child.mean(seat)) if child else (a, 0, 0.0))
        best = max(range(len(stats)), key=lambda i: (stats[i][1], stats[i][2], -i))
        if s.margin and best and stats[0][1] and stats[best][2] - stats[0][2] <= s.margin:
            best = 0  # not a clear enough gain over the preferred action
        return SearchResult(legal[best], stats, iterations, self.applied - applied, reused,
                            time.perf_counter() - start, root)

    def iterate(self, root: Node, view: State, seat: int, rng: np.random.Generator) -> None:
        """One iteration: determinize, select, expand, play out, back up."""
        state = view.resample_hidden(seat, rng)
        node = root
        path = [root]
        settings = self.settings
        c = settings.exploration
        prior = settings.prior
        pick = settings.candidates
        seats = self.seats
        limit = self.depth
        log, sqrt = math.log, math.sqrt
        watch = settings.reuse  # record the view at the first own decision below the root
        depth = 0
        values: list[float] | None = None
        while True:
            player = state.current_player
            if player == TERMINAL:
                values = _outcome_values(state, seats)
                break
            if depth >= limit:
                break
            if player == CHANCE:
                action = state._sample_chance(rng)  # the same draw, the fast way
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node(seats)
            else:
                if watch and player == seat and node is not root:
                    watch = False
                    if node.view is not MIXED:  # a mixed node stays mixed: no view needed
                        seen = state.view(seat)
                        if node.view is None:
                            node.view = seen
                        elif node.view != seen:
                            node.view = MIXED
                legal = state._legal_actions()
                if pick is not None and len(legal) > 1:
                    legal = list(pick(state, legal, seat))
                children = node.children
                if len(legal) == 1:
                    action = legal[0]
                    child = children.get(action)
                    if child is None:
                        child = children[action] = Node(seats)
                    child.avail += 1
                else:
                    untried = []
                    best, top = legal[0], -math.inf
                    for a in legal:
                        ch = children.get(a)
                        if ch is None:
                            untried.append(a)
                            continue
                        ch.avail += 1
                        if untried:
                            continue
                        visits = ch.visits
                        score = ch.reward[player] / visits + c * sqrt(log(ch.avail) / visits)
                        if prior and a is legal[0]:
                            score += prior / (visits + 1)
                        if score > top:
                            best, top = a, score
                    if untried:
                        action = untried[integer_below(len(untried), rng)] if len(
                            untried) > 1 else untried[0]
                        child = children[action] = Node(seats)
                        child.avail = 1
                        state._apply(action)
                        depth += 1
                        path.append(child)
                        break
                    action = best
                    child = children[action]
            state._apply(action)
            depth += 1
            node = child
            path.append(child)
        if values is None:
            values = self.playout(state, depth, rng)
        else:
            self.applied += depth
        for n in path:
            n.visits += 1
            reward = n.reward
            for i, v in enumerate(values):
                reward[i] += v

    def playout(self, state: State, depth: int, rng: np.random.Generator) -> list[float]:
        """Play ``state`` on with the rollout policies; the per-seat values at the end.

        ``depth`` is the number of actions applied since the root; the count of
        actions applied (``applied``) grows by the depth the playout ends at.
        """
        views = self.settings.rollout_views
        epsilon = self.settings.rollout_epsilon
        policies = self.rollout
        sees = [views and getattr(p, "uses_view", True) for p in policies]
        limit = self.depth
        evaluate = self.evaluate
        for _ in range(MAX_ROLLOUT):
            player = state.current_player
            if player == TERMINAL:
                self.applied += depth
                return _outcome_values(state, self.seats)
            if depth >= limit and evaluate is not None:
                self.applied += depth
                return [float(v) for v in evaluate(state)]
            if player == CHANCE:
                action = state._sample_chance(rng)  # the same draw, the fast way
            else:
                legal = state._legal_actions()
                if len(legal) == 1:
                    action = legal[0]
                elif epsilon and rng.random() < epsilon:
                    action = legal[integer_below(len(legal), rng)]
                elif sees[player]:
                    seen = LazyView(state, player)  # built only if the policy reads it
                    action = policies[player].act(seen, legal, rng)
                    seal(seen)
                else:
                    action = policies[player].act(state, legal, rng)
            state._apply(action)
            depth += 1
        raise ConfigError(f"{self.game.NAME}: a rollout did not end within {MAX_ROLLOUT} actions")


def _rng_key(rng: np.random.Generator) -> Any:
    return _freeze(rng.bit_generator.state)


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in sorted(value.items()))
    if isinstance(value, np.ndarray):
        return tuple(value.tolist())
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _frontier(top: Node) -> list[Node]:
    """The searching seat's first own decisions in ``top``'s subtree (the nodes with a view)."""
    found, stack = [], list(top.children.values())
    if top.view is not None:
        return [top]
    while stack:
        node = stack.pop()
        if node.view is not None:
            found.append(node)
        else:
            stack.extend(node.children.values())
    return found


class MCTSPolicy:
    """A seat played by information-set MCTS (see the module text).

    Parameters
    ----------
    game : Game
        The game the seat plays.
    seat : int
        The seat (the search takes the deciding seat from the view).
    settings : SearchSettings
        Budget, exploration, rollouts, depth limit and evaluation.
    name : str
        The policy's registered name (``mcts``, ``mcts-200`` ...).

    Notes
    -----
    The search draws every random number from the generator the play loop
    hands the seat, so the same seed gives the same decisions in any
    process.  The tree kept for the next decision is filed under the
    state of that generator after the decision: a decision taken again
    from the same generator state (the stepper's Back, then Step) finds
    the same kept tree, untouched (a reused tree is searched in a copy).

    Examples
    --------
    >>> import simlab
    >>> game = simlab.load_game("hospital_rush", players=3)
    >>> simlab.play(game, ["mcts-5", "greedy", "greedy"], seed=1).policies
    ['mcts-5', 'greedy', 'greedy']
    """

    uses_view = True

    def __init__(self, game: Game, seat: int, settings: SearchSettings, name: str = "mcts"):
        self.game = game
        self.seat = seat
        self.settings = settings
        self.name = name
        self._search = _Search(game, settings)
        self._kept: OrderedDict[Any, Node] = OrderedDict()
        #: The result of the last decision (for inspection and tests).
        self.last: SearchResult | None = None

    def act(self, view: State, legal: Sequence[Action], rng: np.random.Generator) -> Action:
        """Search from ``view`` and return the chosen one of ``legal``."""
        if len(legal) == 1:
            return legal[0]
        seat = view.current_player if view.current_player >= 0 else self.seat
        legal = self._search.consider(view, legal, seat)
        if len(legal) == 1:  # the game's candidates leave no choice
            return legal[0]
        root = self._resume(view, rng) if self.settings.reuse else None
        result = self._search.run(view, seat, legal, rng, root)
        self.last = result
        if self.settings.reuse:
            rng.random()  # the generator moves on even if the search drew nothing
            child = result.root.children.get(result.action)
            if child is not None:
                self._kept[_rng_key(rng)] = child
                while len(self._kept) > KEEP:
                    self._kept.popitem(last=False)
        return result.action

    def _resume(self, view: State, rng: np.random.Generator) -> Node | None:
        kept = self._kept.get(_rng_key(rng))
        if kept is None:
            return None
        matches = [n for n in _frontier(kept) if n.view is not MIXED and n.view == view]
        if len(matches) != 1:
            return None
        root = matches[0].copy()
        root.view = None
        return root


def search(
    view: State,
    rng: np.random.Generator | int | None = 0,
    settings: SearchSettings | None = None,
    legal: Sequence[Action] | None = None,
) -> SearchResult:
    """Search once from ``view`` for the seat to act there; every root action's statistics.

    Parameters
    ----------
    view : State
        The deciding seat's view (``state.view(seat)``).
    rng : Generator, int or None
        Random numbers of the search (an int seeds a new generator).
    settings : SearchSettings, optional
        Default: the game's own (``game.search_settings()``), or plain
        random-rollout settings if it has none.
    legal : sequence of Action, optional
        The seat's legal actions (default: ``view.legal_actions()``).

    Examples
    --------
    >>> import simlab
    >>> from simlab.core.api import Outcome
    >>> game = simlab.load_game("hospital_rush", players=3)
    >>> state = game.new_initial_state()
    >>> while state.is_chance:
    ...     _ = state.apply(state.chance_outcomes()[0][0])
    >>> result = search(state.view(state.current_player), 0, SearchSettings(iterations=30))
    >>> result.iterations, sum(v for _, v, _ in result.stats) == 30
    (30, True)
    """
    if not isinstance(rng, np.random.Generator):
        rng = np.random.default_rng(rng)
    seat = view.current_player
    if seat < 0:
        raise ConfigError(f"{view.game.NAME}: no seat is to decide in this position")
    if settings is None:
        settings = view.game.search_settings() or SearchSettings()
    legal = list(legal) if legal is not None else view.legal_actions()
    return _Search(view.game, settings).run(view, seat, legal, rng)


def search_settings_for(game: Game, name: str) -> SearchSettings:
    """The settings of search policy ``name`` in ``game``.

    Raises
    ------
    ConfigError
        The game has no search players, or ``name`` is not ``mcts``,
        ``mcts-N`` or ``mcts-Xs``.

    Examples
    --------
    >>> import simlab
    >>> game = simlab.load_game("broom_service", players=3)
    >>> search_settings_for(game, "mcts-40").iterations
    40
    >>> search_settings_for(game, "mcts-0.5s").seconds
    0.5
    >>> search_settings_for(game, "mcts-0")
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: policy 'mcts-0': mcts-N needs N >= 1 iterations
    """
    defaults = game.search_settings()
    if defaults is None:
        raise ConfigError(f"{game.NAME} has no search players (policy {name!r})")
    m = NAME_PATTERN.fullmatch(name)
    if m is None:
        raise ConfigError(
            f"policy {name!r}: search policies are mcts, mcts-N (N iterations) "
            "or mcts-Xs (X seconds per decision)"
        )
    if m[1] is not None:
        if int(m[1]) < 1:
            raise ConfigError(f"policy {name!r}: mcts-N needs N >= 1 iterations")
        return replace(defaults, iterations=int(m[1]), seconds=None)
    if m[2] is not None:
        if not float(m[2]) > 0:
            raise ConfigError(f"policy {name!r}: mcts-Xs needs X > 0 seconds")
        return replace(defaults, iterations=None, seconds=float(m[2]))
    return defaults


def make_search_policy(game: Game, name: str, seat: int) -> MCTSPolicy:
    """The search policy ``name`` (``mcts``, ``mcts-N``, ``mcts-Xs``) for ``seat`` of ``game``
    (with the game's per-seat adjustment, ``SearchSettings.seats``, if it has one)."""
    settings = search_settings_for(game, name)
    if settings.seats is not None:
        settings = settings.seats(seat, settings)
    return MCTSPolicy(game, seat, settings, name)


class SearchPlayers:
    """The search players as a family of policies that any game may offer.

    ``import simlab`` registers :data:`SEARCH_PLAYERS` with
    :func:`simlab.core.roster.register_family`, by path: the API floor finds
    ``mcts``, ``mcts-N`` and ``mcts-Xs`` without importing the search.

    Examples
    --------
    >>> import simlab
    >>> game = simlab.load_game("bedpans", players=3)
    >>> SEARCH_PLAYERS.names(game), SEARCH_PLAYERS.claims("mcts-x")
    (['mcts', 'mcts-100'], True)
    >>> SEARCH_PLAYERS.make(game, "mcts-12", 1).settings.iterations
    12
    """

    def names(self, game: Game) -> list[str]:
        """``mcts`` and ``mcts-100`` for a game with search settings, else none."""
        return list(POLICY_NAMES) if game.search_settings() is not None else []

    def claims(self, name: str) -> bool:
        """Whether ``name`` has the form of a search player (see :func:`is_search_name`)."""
        return is_search_name(name)

    def make(self, game: Game, name: str, seat: int) -> MCTSPolicy:
        """:func:`make_search_policy`."""
        return make_search_policy(game, name, seat)


#: The family of search players (registered by path by ``import simlab``).
SEARCH_PLAYERS = SearchPlayers()
