"""The setting of each game of a study: player counts, policies and seats cycled by index."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from simlab.core.study.params import Param

__all__ = [
    "game_setting",
    "player_count_param",
    "rotate_seats",
    "seat_policy_param",
    "setting_params",
]


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


def setting_params(
    players: Iterable[int], policies: Sequence[str], choices: Sequence[str]
) -> tuple[Param, Param]:
    """The ``players`` and ``policies`` params a study hands to :func:`game_setting`.

    Parameters
    ----------
    players : iterable of int
        Player counts: the default, and all a user may choose.
    policies : sequence of str
        The default policies, one per game in turn.
    choices : sequence of str
        The policies a user may choose.

    Returns
    -------
    tuple of Param
        Both as ``tuple`` params (player counts as strings, as a command line gives them).

    Examples
    --------
    >>> counts, names = setting_params((3, 4), ("random",), ("random", "greedy"))
    >>> counts.default, counts.choices, names.convert("greedy,random")
    (('3', '4'), ('3', '4'), ('greedy', 'random'))
    """
    counts = tuple(str(p) for p in players)
    return (
        Param("players", counts, tuple, choices=counts,
              help="player counts (games cycle through players x policies)"),
        Param("policies", tuple(policies), tuple, choices=tuple(choices),
              help="the policy every seat plays, one per game in turn"),
    )


def player_count_param(default: int, choices: Sequence[int]) -> Param:
    """The ``int`` param ``players``: ``default`` seats, or any count of ``choices``.

    Examples
    --------
    >>> players = player_count_param(4, (3, 4, 5))
    >>> players.default, players.convert("5"), players.help
    (4, 5, 'number of players')
    """
    return Param("players", default, int, choices=tuple(choices), help="number of players")


def seat_policy_param(default: str, choices: tuple[str, ...],
                      help: str = "policy of every seat") -> Param:
    """The ``policy`` param of a study in which every seat plays the same policy.

    Parameters
    ----------
    default : str
        The policy when none is given.
    choices : tuple of str
        The policies a user may choose (kept as given: a game's own collection
        of names may accept more than it lists).
    help : str
        The line for ``--help``.

    Returns
    -------
    Param
        A ``str`` param named ``policy``.

    Examples
    --------
    >>> policy = seat_policy_param("greedy", ("random", "greedy"))
    >>> policy.convert("random"), policy.help
    ('random', 'policy of every seat')
    """
    return Param("policy", default, str, choices=choices, help=help)
