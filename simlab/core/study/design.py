"""The setting of each game of a study: player counts, policies and seats cycled by index."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["game_setting", "rotate_seats"]


def game_setting(index: int, players: Iterable[Any], policies: Sequence[Any]) -> tuple[int, Any]:
    """The (player count, policy) of game ``index``, cycling through every pair.

    Parameters
    ----------
    index : int
        The game's index in the study.
    players : iterable
        Player counts (numbers or their strings, as a ``tuple`` param gives them).
    policies : sequence
        Policies; every seat of the game plays the one chosen.

    Returns
    -------
    tuple
        Pair ``index % n`` of ``itertools.product(players, policies)`` (``n``
        pairs, player counts as ``int``): games cycle through players x policies.

    Examples
    --------
    >>> [game_setting(i, ("3", "4"), ("a", "b")) for i in range(5)]
    [(3, 'a'), (3, 'b'), (4, 'a'), (4, 'b'), (3, 'a')]
    """
    pairs = list(itertools.product([int(p) for p in players], policies))
    return pairs[index % len(pairs)]


def rotate_seats(policies: Sequence[Any], players: int, index: int) -> list[Any]:
    """The policy of every seat of game ``index``: seat ``s`` plays ``policies[(s + index) % n]``.

    Seats rotate through the policies from game to game, so that over ``n``
    games every seat plays every policy alike.

    Examples
    --------
    >>> rotate_seats(("a", "b", "c"), 4, 0)
    ['a', 'b', 'c', 'a']
    >>> rotate_seats(("a", "b", "c"), 4, 1)
    ['b', 'c', 'a', 'b']
    """
    return [policies[(s + index) % len(policies)] for s in range(players)]
