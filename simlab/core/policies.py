"""Policies: who decides for a seat.

A policy sees only the seat's view and the legal actions, and draws any
randomness from the generator it is given.

Examples
--------
>>> import numpy as np
>>> RandomPolicy().act(None, ["a", "b", "c"], np.random.default_rng(1)) in "abc"
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from simlab.core.chance import integer_below

__all__ = ["Policy", "RandomPolicy", "FunctionPolicy", "FirstPolicy"]


@runtime_checkable
class Policy(Protocol):
    """What the play loop asks of a seat.

    The play loop passes a :class:`~simlab.core.lazy_view.LazyView`: the
    view (a clone) is built only if the policy reads it, during its
    decision.  ``uses_view`` may be set False by a policy that ignores the
    view; the loop then passes ``None``.
    """

    name: str

    def act(self, view: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        """Choose one of ``legal`` seeing only ``view``."""
        ...


class RandomPolicy:
    """Uniformly random among the legal actions: ``legal[rng.integers(len(legal))]``.

    The index is drawn with :func:`~simlab.core.chance.integer_below`, which draws
    exactly what ``rng.integers`` draws, faster.
    """

    name = "random"
    uses_view = False

    def act(self, view: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        return legal[integer_below(len(legal), rng)] if len(legal) > 1 else legal[0]


class FirstPolicy:
    """Always the first legal action (deterministic; for tests and demos)."""

    name = "first"
    uses_view = False

    def act(self, view: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        return legal[0]


class FunctionPolicy:
    """Wrap a function ``fn(view, legal, rng) -> action`` as a policy.

    Examples
    --------
    >>> p = FunctionPolicy(lambda view, legal, rng: legal[-1], name="last")
    >>> p.act(None, [1, 2, 3], None)
    3
    """

    def __init__(self, fn: Callable[[Any, Sequence[Any], Any], Any], name: str = "function"):
        self.fn = fn
        self.name = name
        self.uses_view = True

    def act(self, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        return self.fn(view, legal, rng)
