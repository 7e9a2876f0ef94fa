"""Per-game metrics of the balance lab: length, drama and the choices each seat made.

A :class:`GameWatch` follows one game through the play loop's ``on_action``
hook.  It counts turns (a new turn begins when the game's turn key changes,
:mod:`simlab.lab.specs`), and after every turn asks the game's own
``evaluate(state)`` (the one its search players use) who leads.  The last
point of the timeline is the outcome itself (each seat's share of the win).
From the timeline come the drama numbers (:func:`drama`):

- ``lead_changes``: how often the strict leader changed (points where seats
  tie for the lead are skipped);
- ``trailed_half``, ``trailed_3q``: the final winner was strictly behind
  another seat after half (three quarters) of the turns: a comeback;
- ``decided_turn``: the turn after which the final winner led to the end
  (``decided_share`` = that turn over the game's turns). A game decided on
  turn 3 of 40 has ``decided_share`` 0.075.

The watch also notes, per seat, which choices it made (a Broom Service role
played brave or cowardly, a Bedpans Stuff-marker, a Bad Doctor Tile Bonus, a
Hospital Rush action space); :func:`choice_table` weighs each choice by the
win rate of the games in which a seat made it against those in which it did
not.

Examples
--------
>>> drama([[0.6, 0.4], [0.4, 0.6], [0.3, 0.7], [0.0, 1.0]], winner=1)
{'lead_changes': 1, 'trailed_half': False, 'trailed_3q': False, 'decided_turn': 2, \
'decided_share': 0.5}
>>> drama([[0.6, 0.4], [0.7, 0.3], [0.5, 0.5], [0.0, 1.0]], winner=1)["trailed_3q"]
False
>>> drama([[0.6, 0.4], [0.7, 0.3], [0.6, 0.4], [0.0, 1.0]], winner=1)["decided_turn"]
4
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from simlab.core.api import Action, Event, State
from simlab.lab.specs import GameSpec

__all__ = ["CHOICE_SEP", "MIN_GAMES", "GameWatch", "choice_table", "drama", "leader",
           "versus_table"]

#: Separator of the choice labels in a ``choices_<seat>`` column.
CHOICE_SEP = ";"
#: A choice row resting on fewer games than this (with or without it) is "too few games".
MIN_GAMES = 30


def leader(values: Sequence[float]) -> int | None:
    """The seat strictly ahead, or ``None`` on a tie for the lead.

    Examples
    --------
    >>> leader([0.2, 0.5, 0.3]), leader([0.4, 0.4, 0.2])
    (1, None)
    """
    best = max(values)
    top = [s for s, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else None


def _behind(values: Sequence[float], seat: int) -> bool:
    """Whether ``seat`` is strictly behind some other seat."""
    return any(v > values[seat] for s, v in enumerate(values) if s != seat)


def drama(points: Sequence[Sequence[float]], winner: int | None) -> dict[str, Any]:
    """Drama numbers of one game from its timeline (one point after each turn).

    Parameters
    ----------
    points : sequence of per-seat values
        ``points[t - 1]``: the values after turn ``t`` (the game's ``evaluate``),
        the last being the outcome (the seats' shares of the win).
    winner : int or None
        The single winner; ``None`` (a shared win or no winner) leaves the
        winner's numbers NaN.

    Returns
    -------
    dict
        ``lead_changes``, ``trailed_half``, ``trailed_3q``, ``decided_turn``,
        ``decided_share`` (see the module docstring).  The comeback columns
        are NaN for a game of fewer than 2 turns.
    """
    leaders = [who for who in (leader(p) for p in points) if who is not None]
    changes = sum(1 for a, b in itertools.pairwise(leaders) if a != b)
    out: dict[str, Any] = {"lead_changes": changes, "trailed_half": math.nan,
                           "trailed_3q": math.nan, "decided_turn": math.nan,
                           "decided_share": math.nan}
    turns = len(points)
    if winner is None or turns == 0:
        return out
    if turns >= 2:
        out["trailed_half"] = _behind(points[turns // 2 - 1], winner)
        out["trailed_3q"] = _behind(points[(3 * turns) // 4 - 1], winner)
    decided = turns
    while decided > 1 and leader(points[decided - 2]) == winner:
        decided -= 1
    out["decided_turn"] = decided
    out["decided_share"] = decided / turns
    return out


class GameWatch:
    """Follows one game: turns, the evaluation timeline, each seat's choices.

    Use :meth:`hook` as the ``on_action`` of :func:`simlab.core.play.run`, then
    :meth:`row` on the final state.

    Parameters
    ----------
    spec : GameSpec
        The game's facts (:func:`simlab.lab.specs.spec_for`).
    evaluate : callable or None
        ``evaluate(state) -> per-seat values``; ``None``: no drama numbers.
    initial : State
        The position before the first action (its turn key starts turn 1).
    """

    def __init__(self, spec: GameSpec, evaluate: Callable[[State], Sequence[float]] | None,
                 initial: State) -> None:
        self.spec = spec
        self.evaluate = evaluate
        self.key: Hashable | None = spec.turn_key(initial)  # None: no turn has begun yet
        self.closed = 0  # turns over before the last one
        self.points: list[list[float]] = []
        self.choices: list[dict[str, int]] = [{} for _ in range(initial.game.players)]

    def hook(self, state: State, actor: int, action: Action, events: list[Event]) -> None:
        """The play loop's ``on_action``: note a choice, and close a turn when the key moves."""
        if actor >= 0:
            label = self.spec.choice(state, actor, action)
            if label is not None:
                made = self.choices[actor]
                made[label] = made.get(label, 0) + 1
        if state.is_terminal:
            return
        key = self.spec.turn_key(state)
        if key is None or key == self.key:
            return
        if self.key is not None:  # the turn of the old key is over
            self.closed += 1
            if self.evaluate is not None:
                self.points.append([float(v) for v in self.evaluate(state)])
        self.key = key

    def row(self, final: State) -> dict[str, Any]:
        """Length, drama and choice columns of the finished game."""
        outcome = final.outcome
        n = final.game.players
        winners = tuple(outcome.winners) if outcome is not None else ()
        shares = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
        rounds = self.spec.rounds(final)
        row: dict[str, Any] = {
            "turns": self.closed + 1,
            "rounds": math.nan if rounds is None else rounds,
            "guard_ended": bool(self.spec.guard_ended(final)),
        }
        if self.evaluate is not None:
            row.update(drama([*self.points, shares], winners[0] if len(winners) == 1 else None))
        for s in range(n):
            row[f"choices_{s}"] = CHOICE_SEP.join(
                f"{label}={count}" for label, count in sorted(self.choices[s].items()))
        return row


def _made(cell: Any) -> dict[str, int]:
    """``{label: times}`` of one ``choices_<seat>`` cell."""
    if not isinstance(cell, str) or not cell:
        return {}
    out = {}
    for part in cell.split(CHOICE_SEP):
        label, _, count = part.rpartition("=")
        out[label] = int(count)
    return out


def seat_choices(games: pd.DataFrame) -> pd.DataFrame:
    """One row per game, seat and choice made: ``game_index, seat, choice, times, win``.

    Examples
    --------
    >>> games = pd.DataFrame({"game_index": [0], "players": [2], "win_0": [1.0],
    ...                       "win_1": [0.0], "choices_0": ["a=2;b=1"], "choices_1": [""]})
    >>> seat_choices(games).to_dict("records")[0]
    {'game_index': 0, 'seat': 0, 'choice': 'a', 'times': 2, 'win': 1.0}
    """
    rows = []
    for record in games.to_dict("records"):
        for s in range(int(record["players"])):
            for label, times in _made(record.get(f"choices_{s}")).items():
                rows.append({"game_index": record["game_index"], "seat": s, "choice": label,
                             "times": times, "win": record[f"win_{s}"]})
    return pd.DataFrame(rows, columns=["game_index", "seat", "choice", "times", "win"])


def choice_table(games: pd.DataFrame, seats: Sequence[int] | None = None,
                 min_games: int = MIN_GAMES) -> pd.DataFrame:
    """What each choice is worth: the win rate of seat-games with it against those without.

    Each (game, seat) is one unit (seats restricted to ``seats``, e.g. the
    Elders).  For every choice: ``with_n`` units that made it, their win rate
    ``with_rate``; ``without_n`` and ``without_rate`` for the rest; the
    difference with a 95% Agresti-Caffo interval (the units of one game are
    not independent, so read it as a guide); ``too_few`` when either side has
    fewer than ``min_games`` units.

    Examples
    --------
    >>> games = pd.DataFrame({"game_index": range(4), "players": 2,
    ...                       "win_0": [1.0, 1.0, 0.0, 0.0], "win_1": [0.0, 0.0, 1.0, 1.0],
    ...                       "choices_0": ["a=1", "a=1", "", ""], "choices_1": ""})
    >>> row = choice_table(games).iloc[0]
    >>> row.choice, int(row.with_n), float(row.with_rate), int(row.without_n)
    ('a', 2, 1.0, 6)
    >>> float(row.without_rate)
    0.3333333333333333
    >>> bool(row.too_few)
    True
    """
    long = seat_choices(games)
    units = []
    for record in games.to_dict("records"):
        for s in range(int(record["players"])):
            if seats is None or s in seats:
                units.append((record["game_index"], s, record[f"win_{s}"]))
    unit = pd.DataFrame(units, columns=["game_index", "seat", "win"])
    if seats is not None:
        long = long[long.seat.isin(list(seats))]
    rows = []
    for label in sorted(long.choice.unique()) if len(long) else []:
        made = long[long.choice == label]
        key = set(zip(made.game_index, made.seat, strict=True))
        has = np.array([(g, s) in key for g, s in zip(unit.game_index, unit.seat, strict=True)])
        w, wo = unit.win[has].to_numpy(float), unit.win[~has].to_numpy(float)
        rows.append(_choice_row(label, w, wo, float(made.times.mean()), min_games))
    return pd.DataFrame(rows, columns=["choice", "with_n", "with_rate", "without_n",
                                       "without_rate", "difference", "low", "high",
                                       "times_when_made", "too_few"])


def _choice_row(label: str, w: np.ndarray, wo: np.ndarray, times: float,
                min_games: int) -> dict[str, Any]:
    """One choice's row; the interval is Agresti and Caffo's (2000) for a difference of
    proportions (one win and one loss added to each group), clipped to [-1, 1]."""
    rate_w = float(w.mean()) if len(w) else math.nan
    rate_wo = float(wo.mean()) if len(wo) else math.nan
    p1, p2 = (w.sum() + 1) / (len(w) + 2), (wo.sum() + 1) / (len(wo) + 2)
    half = 1.959963984540054 * math.sqrt(p1 * (1 - p1) / (len(w) + 2)
                                         + p2 * (1 - p2) / (len(wo) + 2))
    return {"choice": label, "with_n": len(w), "with_rate": rate_w, "without_n": len(wo),
            "without_rate": rate_wo, "difference": rate_w - rate_wo,
            "low": max(-1.0, p1 - p2 - half) if len(w) and len(wo) else math.nan,
            "high": min(1.0, p1 - p2 + half) if len(w) and len(wo) else math.nan,
            "times_when_made": times, "too_few": bool(min(len(w), len(wo)) < min_games)}


def versus_table(games: pd.DataFrame, arms: tuple[str, str], seats: Sequence[int] | None = None,
                 min_games: int = MIN_GAMES) -> pd.DataFrame:
    """One way of making a choice against the other: ``"<name> <arms[0]>"`` against
    ``"<name> <arms[1]>"`` (Broom Service: a role played brave against cowardly).

    The units are the (game, seat) pairs in which the seat made the choice only
    one way: ``with_*`` columns for ``arms[0]``, ``without_*`` for ``arms[1]``;
    ``too_few`` when either way has fewer than ``min_games`` units.

    Examples
    --------
    >>> games = pd.DataFrame({"game_index": range(3), "players": 2,
    ...                       "win_0": [1.0, 0.0, 1.0], "win_1": [0.0, 1.0, 0.0],
    ...                       "choices_0": ["Witch brave=1", "Witch cowardly=2", "Witch brave=1"],
    ...                       "choices_1": ["Witch cowardly=1", "",
    ...                                     "Witch brave=1;Witch cowardly=1"]})
    >>> row = versus_table(games, ("brave", "cowardly"), min_games=1).iloc[0]
    >>> row.choice, int(row.with_n), float(row.with_rate), int(row.without_n)
    ('Witch', 2, 1.0, 2)
    """
    long = seat_choices(games)
    if seats is not None:
        long = long[long.seat.isin(list(seats))]
    first, second = arms
    rows = []
    names = sorted({c[: -len(first) - 1] for c in long.choice if c.endswith(" " + first)}
                   | {c[: -len(second) - 1] for c in long.choice if c.endswith(" " + second)})
    for name in names:
        one = long[long.choice == f"{name} {first}"]
        other = long[long.choice == f"{name} {second}"]
        a = set(zip(one.game_index, one.seat, strict=True))
        b = set(zip(other.game_index, other.seat, strict=True))
        wins = dict(zip(zip(long.game_index, long.seat, strict=True), long.win, strict=True))
        w = np.array([wins[u] for u in sorted(a - b)], dtype=float)
        wo = np.array([wins[u] for u in sorted(b - a)], dtype=float)
        rows.append(_choice_row(name, w, wo,
                                float(one.times.mean()) if len(one) else math.nan, min_games))
    return pd.DataFrame(rows, columns=["choice", "with_n", "with_rate", "without_n",
                                       "without_rate", "difference", "low", "high",
                                       "times_when_made", "too_few"])
