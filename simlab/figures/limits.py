"""The limits every study figure keeps: its size, and when an interval says nothing.

Plain numbers and one numpy function, no matplotlib: the command line reads
them too (``simlab study`` and the findings page mark the same rows "too few
games" as the figures do) without paying for a plotting library.

Examples
--------
>>> too_wide([0.40, 0.1], [0.45, 0.9], SAYS_NOTHING, n=[MIN_GAMES, MIN_GAMES]).tolist()
[False, True]
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["MAX_INCHES", "MIN_GAMES", "REPORT_DPI", "SAYS_NOTHING", "TOO_FEW", "too_wide"]

#: Resolution of the figures ``simlab report`` writes; sizes in pixels are at this dpi.
REPORT_DPI = 110

#: Largest size in inches of a study figure, so that it stays under 2,000 px a side.
MAX_INCHES = 17.0

#: Widest 95% interval of a share (or of a change of one) that still says something.
SAYS_NOTHING = 0.2

#: Fewest games (or pairs of games) behind an interval that can say something.
MIN_GAMES = 20

#: What a figure says beside an interval too wide to tell anything.
TOO_FEW = "too few games"


def too_wide(low: Any, high: Any, limit: float, n: Any = None) -> np.ndarray:
    """Where an interval says nothing: missing, wider than ``limit``, or (given the
    games ``n`` behind each) from fewer than :data:`MIN_GAMES` games.

    Examples
    --------
    >>> too_wide([0.1, 0.0, np.nan], [0.2, 0.9, np.nan], 0.3).tolist()
    [False, True, True]
    >>> too_wide([0.1, 0.1], [0.2, 0.2], 0.3, n=[5, 50]).tolist()
    [True, False]
    """
    lo = np.asarray(low, dtype=float)
    hi = np.asarray(high, dtype=float)
    with np.errstate(invalid="ignore"):
        wide = ~(np.isfinite(lo) & np.isfinite(hi)) | (hi - lo > limit)
        if n is not None:
            wide |= ~(np.asarray(n, dtype=float) >= MIN_GAMES)
    return wide
