"""What a search player is: its settings and the names it goes by.

A game offers search players by declaring :class:`SearchSettings` (in its
package's table, see :mod:`simlab.core.roster`); the policies ``mcts`` (those
defaults), ``mcts-N`` (N iterations) and ``mcts-Xs`` (X seconds a decision)
are then built by the search engine, :mod:`simlab.core.search`, which
registers itself as the policy family that answers to these names.  This
module is the data and the names only: the API floor reads it (a game's
``search_settings()``) without importing the engine.

Examples
--------
>>> SearchSettings(iterations=40, rollout="greedy").budget
'40 iterations'
>>> is_search_name("mcts-40"), NAME_PATTERN.fullmatch("mcts-0.5s") is not None
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from simlab.core.errors import ConfigError

__all__ = [
    "NAME_PATTERN",
    "POLICY_NAMES",
    "SearchSettings",
    "is_search_name",
    "policy_choices",
]

#: The search policies every game with search settings lists (``mcts-N`` takes any N).
POLICY_NAMES = ("mcts", "mcts-100")
#: ``mcts``, ``mcts-N`` (group 1: N) or ``mcts-Xs`` (group 2: X).
NAME_PATTERN = re.compile(r"mcts(?:-(?:(\d+)|(\d*\.?\d+)s))?")


@dataclass(frozen=True)
class SearchSettings:
    """How a search player searches: its budget, exploration, rollouts and evaluation.

    Parameters
    ----------
    iterations : int or None
        Iterations per decision (the reproducible budget).
    seconds : float or None
        Seconds per decision instead (how many iterations that is depends
        on the machine and its load: decisions are then not reproducible).
    exploration : float
        The constant ``c`` of UCT: ``mean + c * sqrt(ln(available) / visits)``.
    depth : int or None
        Actions (chance included) after the root at which a playout stops
        and ``evaluate`` scores the position; ``None``: play to the end.
    rollout : str
        The registered policy that plays the rollouts (``"random"`` or one
        of the game's heuristics; never a search policy).
    evaluate : callable or None
        ``evaluate(state) -> per-seat values in [0, 1]``, the game's
        estimate of each seat's chance to win; needed with ``depth``.
    reuse : bool
        Keep the subtree of the chosen action for the next decision.
    rollout_views : bool
        Give rollout policies the acting seat's view of the determinized
        position (what they get in play) rather than the position itself.
        The view is built only if the policy reads it
        (:class:`~simlab.core.lazy_view.LazyView`).
    settle : bool
        With an iteration budget, stop early once the most visited root
        action leads the next by more visits than there are iterations
        left (checked every :data:`simlab.core.search.SETTLE_EVERY` iterations): the action
        chosen is then the one the whole budget would choose, only found
        sooner (the kept subtree has fewer visits).
    rollout_epsilon : float
        In a rollout, each decision is played by a uniformly random legal
        action with this probability, else by the rollout policy
        (epsilon-greedy rollouts; 0: the rollout policy always).
    candidates : callable or None
        ``candidates(state, legal, seat) -> actions``: the actions the search
        considers at a decision with several legal actions (a non-empty
        subset of ``legal``), ``seat`` being the searching seat; ``None``:
        all of them.  A game prunes its branching with it (e.g. to its
        heuristic's move plus a few alternatives); it must read only what
        the acting seat sees (``state.view(state.current_player)``).  A
        decision left with one candidate is played without searching.  The
        first candidate is the game's preferred action (see ``prior`` and
        ``margin``).
    prior : float
        Progressive bias (Chaslot et al. 2008) towards the first of the
        actions considered at a decision (the game's preferred one, e.g. its
        heuristic's): in selection it scores ``prior / (visits + 1)`` more,
        a bonus that fades as its samples come in.  0: no bias.
    margin : float
        A safety at the root: the most visited action is played only if the
        searching seat's mean reward there beats that of the first action
        considered by more than ``margin``; else the first is played (the
        search leaves the game's preferred action only on a clear margin).
        0: the most visited action, as without it.
    seats : callable or None
        ``seats(seat, settings) -> SearchSettings``: the settings ``seat``
        searches with, given the policy's (its budget already set by the
        policy name); a game whose sides want different searches (Bedpans'
        Staff and Elders) adjusts them here.  ``None``: every seat the same.

    Examples
    --------
    >>> SearchSettings(iterations=50).budget
    '50 iterations'
    >>> SearchSettings(iterations=None, seconds=0.5).budget
    '0.5 s'
    >>> SearchSettings(depth=10)
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: search settings: a depth limit needs an evaluate function
    """

    iterations: int | None = 200
    seconds: float | None = None
    exploration: float = 0.7
    depth: int | None = None
    rollout: str = "random"
    evaluate: Callable[[Any], Sequence[float]] | None = field(default=None, compare=False)
    reuse: bool = True
    rollout_views: bool = True
    rollout_epsilon: float = 0.0
    settle: bool = False
    candidates: Callable[[Any, Sequence[Any], int], Sequence[Any]] | None = field(
        default=None, compare=False
    )
    prior: float = 0.0
    margin: float = 0.0
    seats: Callable[[int, Any], Any] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise ConfigError("search settings: give iterations or seconds, not both or neither")
        if self.iterations is not None and self.iterations < 1:
            raise ConfigError(f"search settings: iterations must be >= 1, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise ConfigError(f"search settings: seconds must be > 0, not {self.seconds}")
        if self.exploration < 0:
            raise ConfigError(f"search settings: exploration must be >= 0, not {self.exploration}")
        if self.depth is not None:
            if self.depth < 1:
                raise ConfigError(f"search settings: depth must be >= 1, not {self.depth}")
            if self.evaluate is None:
                raise ConfigError("search settings: a depth limit needs an evaluate function")
        if not 0.0 <= self.rollout_epsilon <= 1.0:
            raise ConfigError(
                f"search settings: rollout_epsilon must be in [0, 1], not {self.rollout_epsilon}")
        if self.prior < 0:
            raise ConfigError(f"search settings: prior must be >= 0, not {self.prior}")
        if self.margin < 0:
            raise ConfigError(f"search settings: margin must be >= 0, not {self.margin}")
        if is_search_name(self.rollout):
            raise ConfigError(f"search settings: rollouts cannot be played by {self.rollout!r}")

    @property
    def budget(self) -> str:
        """The budget in words."""
        if self.iterations is not None:
            return f"{self.iterations} iterations"
        return f"{self.seconds:g} s"


def is_search_name(name: str) -> bool:
    """Whether ``name`` names a search policy (``mcts``, ``mcts-N``, ``mcts-Xs``, or a typo of one).

    Examples
    --------
    >>> is_search_name("mcts-200"), is_search_name("mcts-x"), is_search_name("greedy")
    (True, True, False)
    """
    return name == "mcts" or name.startswith("mcts-")


class _PolicyChoices(tuple):
    """Allowed policy names of a study parameter: the listed ones and any ``mcts-N``/``mcts-Xs``."""

    __slots__ = ()

    def __contains__(self, name: object) -> bool:
        return tuple.__contains__(self, name) or (
            isinstance(name, str) and NAME_PATTERN.fullmatch(name) is not None
            and not name.endswith(("-0", "-0s")))


def policy_choices(*names: str) -> tuple[str, ...]:
    """The ``choices`` of a study parameter naming policies: ``names``, ``mcts``, any ``mcts-N``.

    Examples
    --------
    >>> choices = policy_choices("random", "greedy")
    >>> choices
    ('random', 'greedy', 'mcts', 'mcts-100')
    >>> "mcts-7" in choices, "mcts-0.5s" in choices, "genius" in choices
    (True, True, False)
    """
    return _PolicyChoices((*names, *POLICY_NAMES))
