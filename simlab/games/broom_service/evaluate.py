"""Broom Service evaluation for the search players: the VP race.

The rulebook's winner has the most VP after 7 rounds, counting the end
scoring (lightning symbols on charmed clouds, sets of potions and wands).
``evaluate`` scores each seat by the VP it would have if the game ended now
(:meth:`BroomServiceState.end_scoring` included) and turns the race into
chances to win with :func:`~simlab.core.search.race_values`, the spread
shrinking with the rounds left.

Examples
--------
>>> from simlab.games.broom_service.rules import BroomServiceGame
>>> state = BroomServiceGame(players=3).new_initial_state()
>>> evaluate(state)
[0.3333333333333333, 0.3333333333333333, 0.3333333333333333]
>>> state.vp[1] += 6
>>> [round(v, 2) for v in evaluate(state)]
[0.3, 0.4, 0.3]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from simlab.core.api import Action
from simlab.core.errors import ConfigError
from simlab.core.search import MCTSPolicy, race_values
from simlab.core.search_settings import SearchSettings
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.rules import ROUNDS, BroomServiceState

if TYPE_CHECKING:
    from simlab.games.broom_service.rules import BroomServiceGame

__all__ = [
    "DEPTH", "EXPLORATION", "ITERATIONS", "ROLE_SEARCH_NAMES", "ROLLOUT", "SPREAD_PER_ROUND",
    "brave_candidates", "cowardly_candidates", "evaluate", "is_role_search_name",
    "projected_vp", "role_search_policy", "role_settings", "search_player", "settings",
]

#: VP the scores may still move apart per round left (plus one round's worth at the end).
SPREAD_PER_ROUND = 2.5


def projected_vp(state: BroomServiceState, seat: int) -> int:
    """``seat``'s VP if the game ended now: VP, lightning and resource sets."""
    score = state.end_scoring(seat)
    return state.vp[seat] + score["lightning_vp"] + score["sets_vp"]


def evaluate(state: BroomServiceState) -> list[float]:
    """Each seat's chance to win, from the VP race (values in [0, 1] summing to 1)."""
    scores = [projected_vp(state, s) for s in range(state.game.players)]
    left = max(ROUNDS - state.round, 0) + 1
    return race_values(scores, SPREAD_PER_ROUND * left)


#: Actions a playout runs before ``evaluate``: about one round at 3 players.  A round
#: opens with every seat choosing 4 role cards one at a time (12 actions at 3 players),
#: so with a depth of 12 the evaluation saw no card played and scored every choice of
#: card alike (1/3 each); the search then chose its cards blindly.
DEPTH = 40
#: UCT exploration: the race values differ by a few hundredths between actions (they
#: are chances of winning, near 1/n early on), so ``c`` must be small for them to count.
EXPLORATION = 0.25


#: Iterations of the default ``mcts``, and its rollout policy: 50 iterations with the
#: ``heuristic`` playing the rollouts won 53 of 83 games among two heuristic seats
#: (0.64 [0.53, 0.73]); 100 with random rollouts 8 of 23 (0.35 [0.19, 0.55]), at about
#: the same time a decision (docs/history/broom_service-search-players.md).
ITERATIONS = 50
ROLLOUT = "heuristic"
#: The rollouts' heuristic is handed the determinized position itself, not the acting
#: seat's view of it (``rollout_views=False``): it reads only the acting seat's own hand,
#: the hand sizes and public facts (:class:`~.policies.HeuristicPolicy`), which a view
#: keeps as they are, so it plays the same actions without a view built (a clone and a
#: redraw of every other hand) at each of its decisions: about 15 % of a search's time
#: (issue 33; ``tests/games/broom_service/test_search.py`` checks the actions agree).


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Broom Service (tuned in issue 12; see
    docs/history/broom_service-search-players.md)."""
    return SearchSettings(iterations=ITERATIONS, exploration=EXPLORATION, depth=DEPTH,
                          rollout=ROLLOUT, evaluate=evaluate, rollout_views=False)


#: The registered search players whose own role plays are all brave, or all cowardly
#: (``mcts-brave-N`` / ``mcts-cowardly-N``: the same with N iterations).
ROLE_SEARCH_NAMES = ("mcts-brave", "mcts-cowardly")
_ROLE_SEARCH = re.compile(r"mcts-(brave|cowardly)(?:-(\d+))?")


def _role_plays(state: BroomServiceState, legal: Sequence[Action], seat: int,
                brave: bool) -> Sequence[Action]:
    """``legal`` without ``seat``'s own role plays of the other kind (see below)."""
    if state.current_player != seat:
        return legal
    kept = [a for a in legal if not (isinstance(a, A.PlayRole) and a.brave != brave)]
    return kept or legal


def brave_candidates(state: BroomServiceState, legal: Sequence[Action],
                     seat: int) -> Sequence[Action]:
    """The actions a brave search seat weighs: every role card of its own played brave.

    The rulebook lets each player "decide whether to play it brave or
    cowardly"; this seat always decides brave, as the ``brave`` heuristic
    does.  Only the searching ``seat``'s own plays are pruned (its opponents
    are searched over both readings, as by ``mcts``); its choice of cards and
    everything it does while performing a role are searched as usual.

    Examples
    --------
    >>> import numpy as np
    >>> from simlab.core.play import sample_chance
    >>> from simlab.games.broom_service.rules import BroomServiceGame
    >>> state, rng = BroomServiceGame(players=3).new_initial_state(), np.random.default_rng(0)
    >>> while state.is_chance or not any(isinstance(a, A.PlayRole) for a in state.legal_actions()):
    ...     _ = state.apply(sample_chance(state.chance_outcomes(), rng) if state.is_chance
    ...                     else state.legal_actions()[0])
    >>> seat, legal = state.current_player, state.legal_actions()
    >>> sorted({a.brave for a in legal}), {a.brave for a in brave_candidates(state, legal, seat)}
    ([False, True], {True})
    >>> brave_candidates(state, legal, seat + 1) == legal   # an opponent's decision
    True
    """
    return _role_plays(state, legal, seat, True)


def cowardly_candidates(state: BroomServiceState, legal: Sequence[Action],
                        seat: int) -> Sequence[Action]:
    """The actions a cowardly search seat weighs: every role card of its own played cowardly.

    The mirror of :func:`brave_candidates` (a cowardly play is always legal
    beside the brave one, so the seat never has to play brave).
    """
    return _role_plays(state, legal, seat, False)


def is_role_search_name(name: str) -> bool:
    """Whether ``name`` is ``mcts-brave``, ``mcts-cowardly`` or one of them with ``-N``.

    Examples
    --------
    >>> [is_role_search_name(n) for n in ("mcts-brave", "mcts-cowardly-30", "mcts-30", "brave")]
    [True, True, False, False]
    """
    return _ROLE_SEARCH.fullmatch(name) is not None


def role_settings(brave: bool, base: SearchSettings | None = None) -> SearchSettings:
    """``base`` (default: the ``mcts`` defaults) searching only brave (or cowardly) own plays.

    The tree never plays a role card of the searching seat the other way; the
    ``heuristic`` rollouts below the tree play every seat, this one included,
    as the heuristic does, so only its value estimates, never its own moves,
    allow for the other reading.

    Examples
    --------
    >>> role_settings(True).candidates is brave_candidates, role_settings(False).iterations
    (True, 50)
    """
    return replace(base or settings(),
                   candidates=brave_candidates if brave else cowardly_candidates)


def role_search_policy(game: BroomServiceGame, name: str, seat: int) -> MCTSPolicy:
    """The policy ``mcts-brave[-N]`` or ``mcts-cowardly[-N]`` for ``seat``.

    The game's ``mcts`` defaults (N iterations with ``-N``), its own role
    plays restricted by :func:`role_settings`.

    Raises
    ------
    ConfigError
        ``name`` is none of those, or N < 1.

    Examples
    --------
    >>> from simlab.games.broom_service.rules import BroomServiceGame
    >>> policy = role_search_policy(BroomServiceGame(players=3), "mcts-cowardly-20", 2)
    >>> policy.name, policy.settings.iterations, policy.settings.candidates.__name__
    ('mcts-cowardly-20', 20, 'cowardly_candidates')
    """
    m = _ROLE_SEARCH.fullmatch(name)
    if m is None:
        raise ConfigError(f"policy {name!r}: role-restricted search players are "
                          "mcts-brave, mcts-cowardly, mcts-brave-N and mcts-cowardly-N")
    base = game.search_settings() or settings()
    if m[2] is not None:
        if int(m[2]) < 1:
            raise ConfigError(f"policy {name!r}: needs N >= 1 iterations")
        base = replace(base, iterations=int(m[2]), seconds=None)
    return MCTSPolicy(game, seat, role_settings(m[1] == "brave", base), name)


def search_player(game: BroomServiceGame, name: str, seat: int) -> MCTSPolicy | None:
    """The game's own search player ``name`` (``mcts-brave[-N]``, ``mcts-cowardly[-N]``)
    for ``seat``, else ``None``.

    The game's roster (``simlab/games/broom_service/__init__.py``) names it; it is
    asked before the search players, whose ``mcts-N`` form these names resemble.

    Examples
    --------
    >>> from simlab.games.broom_service.rules import BroomServiceGame
    >>> game = BroomServiceGame(players=3)
    >>> search_player(game, "mcts-brave-9", 0).settings.iterations, search_player(game, "mcts-9", 0)
    (9, None)
    """
    return role_search_policy(game, name, seat) if is_role_search_name(name) else None
