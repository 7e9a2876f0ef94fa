"""Bedpans & Broomsticks: the actions the search players weigh at a decision.

Step-by-step movement makes a Bedpans turn dozens of decisions, most of
them plain (walking on towards an Exit with no Staffer about).  The search
(:mod:`simlab.core.search`, through ``SearchSettings.candidates``) weighs
only the decisions where the rulebook's chase is decided:

- whom to move (the Elder or the Decoy first; which Staffer),
- each step of a move while a Character of the other side is within
  ``NEAR`` spaces (Elders: a Staffer; the Staff: a Resident), where "an
  Elder must end its movement when entering a space containing a Staffer"
  and "a Resident in the same space as 2+ Staffers [or the Doctor] is
  neutralized": at most 3 actions there, the heuristic's step, ``Stop`` and
  the step the heuristic's ``mover_cost`` ranks next,
- placing the Decoy, re-entering on a bed, and playing Stuff at all
  (the heuristic's play against passing).

The heuristic's action is always the first candidate (the preferred action
of ``SearchSettings.prior`` and ``margin``).  Elsewhere, and at every
decision of a seat other than the searching one, the only candidate is the
heuristic's action
(:class:`~simlab.games.bedpans.policies.HeuristicPolicy`, which reads only
what the acting seat knows: it is handed the position, as in the rollouts):
the search plays the heuristic there and models its opponents as the
heuristic.

Examples
--------
>>> import numpy as np
>>> from simlab.games.bedpans.rules import BedpansGame
>>> from simlab.core.play import sample_chance
>>> state = BedpansGame(players=3).new_initial_state()
>>> rng = np.random.default_rng(0)
>>> while state.current_player < 0:
...     _ = state.apply(sample_chance(state.chance_outcomes(), rng))
>>> kind(state), state.current_player
('decoy', 1)
>>> legal = state.legal_actions()
>>> sorted(map(str, candidates(state, legal, 1))) == sorted(map(str, legal))  # its Decoy
True
>>> len(candidates(state, legal, 0))        # another seat: the heuristic's action
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from simlab.games.bedpans import actions as A
from simlab.games.bedpans.hidden_information import HIDDEN
from simlab.games.bedpans.parts import Decide
from simlab.games.bedpans.policies import HeuristicPolicy
from simlab.games.bedpans.routes import mover_cost, step_target
from simlab.games.bedpans.rules import BedpansState

__all__ = ["NEAR", "Candidates", "candidates", "is_view", "kind", "mover_at", "near"]

#: Spaces (on the same floor, walls ignored) within which the other side's
#: Characters make a step worth searching.
NEAR = 6
#: Decisions whose every legal action the searching seat weighs.
WEIGH_ALL = frozenset({"choose", "decoy", "reenter"})
#: Movement decisions, weighed step by step near the other side.
MOVES = frozenset({"move", "chair"})


def kind(state: BedpansState) -> str:
    """What the decision to take is about (``"move"``, ``"choose"``, ``"window"`` ...)."""
    need = state.need
    return str(need.decision) if isinstance(need, Decide) else ""


def mover_at(state: BedpansState) -> Any:
    """Where the Character now moving stands (``None`` off the layout or between moves)."""
    return state.position(state.mover) if state.mover else None


def _opponents(state: BedpansState, seat: int) -> list[Any]:
    """Spaces of the other side's Characters: Staffers for an Elder, Residents for the Staff."""
    if seat > 0:
        return [s for s in state.staffers if s is not None]
    return [p for t in state.tokens.values() for p in t if p is not None]


def near(state: BedpansState, seat: int, space: Any, reach: int = NEAR) -> bool:
    """Whether a Character of the other side is within ``reach`` spaces of ``space``
    (same floor, Manhattan distance).

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> s.staffers[0] = ("U", 2, 2)
    >>> near(s, 1, ("U", 0, 0)), near(s, 1, ("U", 0, 0), reach=3)
    (True, False)
    """
    if space is None:
        return False
    return any(
        o[0] == space[0] and abs(o[1] - space[1]) + abs(o[2] - space[2]) <= reach
        for o in _opponents(state, seat)
    )


def is_view(state: BedpansState) -> bool:
    """Whether ``state`` is already a seat's view (hidden hands or Elder identities)."""
    return any(HIDDEN in hand for hand in state.hands) or -1 in state.elder.values()


class _FixedDraws:
    """``np.random.default_rng(0)``, made only when the heuristic draws from it.

    The heuristic draws in a few Stuff choices only; making a generator costs
    more than most of the heuristic's decisions, and the search asks for
    candidates at every decision of its tree walks (issue 33).  Any attribute
    the class lacks is the generator's, made at its first use.
    """

    _rng: np.random.Generator | None = None

    def __getattr__(self, name: str) -> Any:
        if self._rng is None:
            self._rng = np.random.default_rng(0)
        return getattr(self._rng, name)


def _heuristic(state: BedpansState, legal: Sequence[Any], player: int) -> Any:
    # the search's root is the searching seat's view; below it, determinized positions.
    # The heuristic reads only what the acting seat knows (its hand and Elder, what is
    # public), so it is handed the position itself, as the rollouts hand it
    # (``rollout_views=False``), without a view built at every decision of a walk:
    # tests/games/bedpans/test_search_candidates.py checks it plays alike on both.  It
    # draws random numbers only in a few Stuff choices: a fixed generator keeps
    # candidates a function of what the seat sees.
    return HeuristicPolicy(player).act(state, legal, cast(np.random.Generator, _FixedDraws()))


def _ranked_steps(state: BedpansState, legal: Sequence[Any], best: Any) -> list[Any]:
    """``legal`` moves, the heuristic's first, then ``Stop``, then the steps by the
    heuristic's own cost of the space reached (:func:`~.routes.mover_cost`)."""
    here = mover_at(state)
    mover = state.mover
    if here is None or mover is None:
        return [best, *(a for a in legal if a != best)]
    cost = mover_cost(state, mover)  # reads the mover's own side only, as the heuristic

    def key(a: Any) -> tuple:
        if a == A.Stop():
            return (0, 0, str(a))
        if isinstance(a, A.Step):
            return (1, cost(step_target(here, a, state)), str(a))
        return (2, 0, str(a))

    rest = sorted((a for a in legal if a != best), key=key)
    return [best, *rest]


@dataclass(frozen=True)
class Candidates:
    """The candidate rule, its limits tunable (the module's :data:`candidates` is the default).

    Parameters
    ----------
    weigh : frozenset of str
        Decision kinds whose every legal action is weighed.
    steps : int or None
        At most this many actions at a move step near the other side (the
        heuristic's, ``Stop``, then the steps the heuristic ranks next);
        ``None``: every legal one; 1 or 0: steps are not searched.
    reach : int
        The "near" of a step (:func:`near`).
    stuff : bool
        Weigh playing Stuff against passing.

    Examples
    --------
    >>> Candidates(steps=3).steps
    3
    """

    weigh: frozenset[str] = WEIGH_ALL
    steps: int | None = None
    reach: int = NEAR
    stuff: bool = True

    def __call__(self, state: BedpansState, legal: Sequence[Any], seat: int) -> list[Any]:
        """The actions weighed, the heuristic's first (the search's preferred action)."""
        player = state.current_player
        best = _heuristic(state, legal, player)
        if player != seat:
            return [best]
        what = kind(state)
        if what in self.weigh:
            return [best, *(a for a in legal if a != best)]
        if what in MOVES:
            if self.steps is not None and self.steps < 2:
                return [best]
            if not near(state, player, mover_at(state), self.reach):
                return [best]
            ranked = _ranked_steps(state, legal, best)
            return ranked if self.steps is None else ranked[: self.steps]
        if self.stuff and what == "window" and best != A.Pass() and A.Pass() in legal:
            return [best, A.Pass()]
        return [best]


#: The default candidate rule of ``mcts`` in Bedpans: at most 3 actions at a step
#: (screened in issue 12: docs/history/bedpans-search-players.md).
candidates = Candidates(steps=3)
