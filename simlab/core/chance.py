"""Drawing chance outcomes: by their exact probabilities, or one of n equally likely.

:func:`sample_chance` draws from a list of outcomes with their
:class:`~fractions.Fraction` probabilities: one ``rng.random()`` and a walk
along the running total.  :func:`uniform_index` draws exactly the same as
:func:`sample_chance` would from ``n`` outcomes of probability ``1/n`` each,
from the same generator, without the list: a game whose chance node has
equally likely outcomes (a tile drawn from a pile) overrides
:meth:`simlab.core.api.State._sample_chance` with it and never builds the
outcomes nor their Fractions to draw one.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any

import numpy as np

__all__ = ["sample_chance", "uniform_index"]


def sample_chance(outcomes: Sequence[tuple[Any, Fraction]], rng: np.random.Generator) -> Any:
    """Draw one chance outcome by its probability.

    A single outcome is returned without drawing.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> rng = np.random.default_rng(0)
    >>> sample_chance([("heads", F(1)), ("tails", F(0))], rng)
    'heads'
    """
    if len(outcomes) == 1:
        return outcomes[0][0]
    u = rng.random()
    total = 0.0
    for action, p in outcomes:
        total += p.numerator / p.denominator
        if u < total:
            return action
    return outcomes[-1][0]


@functools.lru_cache(maxsize=512)
def _running_totals(n: int) -> tuple[float, ...]:
    """The running totals :func:`sample_chance` adds up for ``n`` shares of ``1/n``."""
    return tuple(accumulate([1 / n] * n))


def uniform_index(n: int, rng: np.random.Generator) -> int:
    """The index of the outcome :func:`sample_chance` draws from ``n`` equally likely ones.

    The same draw as ``sample_chance([(0, F(1, n)), (1, F(1, n)), ...], rng)``,
    with the same use of ``rng`` (none when ``n`` is 1), down to the rounding
    of the running total.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> a, b = np.random.default_rng(5), np.random.default_rng(5)
    >>> [uniform_index(7, a) for _ in range(6)] == [
    ...     sample_chance([(i, F(1, 7)) for i in range(7)], b) for _ in range(6)]
    True
    """
    if n == 1:
        return 0
    u = rng.random()
    return min(bisect.bisect_right(_running_totals(n), u), n - 1)
