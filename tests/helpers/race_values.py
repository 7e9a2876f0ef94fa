"""Race values worked out by hand, to check a game's ``evaluate`` against.

Examples
--------
>>> softmax([1.0, 1.0], 2.0)
[0.5, 0.5]
"""

from __future__ import annotations

import math


def softmax(scores: list[float], spread: float) -> list[float]:
    """The race values written out: ``exp(score / spread)`` shared out (no max shifted off).

    Examples
    --------
    >>> [round(v, 4) for v in softmax([0.0, math.log(3.0)], 1.0)]
    [0.25, 0.75]
    """
    weights = [math.exp(s / spread) for s in scores]
    return [w / sum(weights) for w in weights]
