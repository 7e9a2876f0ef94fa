"""Broom Service policies: always brave, always cowardly, brave with probability p, heuristic.

Every policy sees only the seat's view (other seats' hands are hidden) and
draws randomness from the generator it is given.  Outside the brave /
cowardly decision, the brave-p family chooses role cards uniformly at random
and performs actions greedily (:func:`greedy_action`).

Examples
--------
>>> import simlab
>>> game = simlab.load_game("broom_service", players=3)
>>> record = simlab.play(game, ["brave", "cowardly", "heuristic"], seed=2)
>>> record.outcome is not None
True
>>> make("brave-0.7", 0).p
0.7
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from simlab.core.errors import ConfigError
from simlab.core.policies import RandomPolicy
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.rules import (
    BEWITCHED_PENALTY,
    BRAVE_BONUS,
    BroomServiceState,
    Phase,
)

__all__ = [
    "BravePolicy",
    "HeuristicPolicy",
    "action_value",
    "greedy_action",
    "followers",
    "make",
    "steal_probability",
]

#: Assumed chance that a later follower holding the role plays it brave (heuristic).
FOLLOWER_BRAVE = 0.6
#: Value of one potion or wand (they score in end-game sets).
RESOURCE_VALUE = 0.8
#: Value of one lightning symbol on a charmed cloud.
LIGHTNING_VALUE = 2.5
#: Tables of action values a heuristic player keeps (:meth:`HeuristicPolicy._table`).
TABLES_KEPT = 5_000


def _move_value(view: BroomServiceState, seat: int, role: str, region: str) -> int:
    """The VP of the best delivery ``seat`` could make in ``region`` with ``role`` (0: none)."""
    return max((tower.vp for tower in view.open_towers(seat, region, role)), default=0)


def greedy_action(view: BroomServiceState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
    """The best-looking action while performing a role (ties broken at random).

    Deliveries score their VP, clouds their lightning, gathering its potions;
    a move is worth the best delivery it opens; "do nothing" is worth nothing.

    Examples
    --------
    >>> from simlab.games.broom_service.rules import BroomServiceGame
    >>> s = BroomServiceGame(players=2).new_initial_state()
    >>> greedy_action(s, [A.DoNothing(), A.Gather("green", 1)], np.random.default_rng(0))
    Gather(colour='green', count=1)
    """
    seat = view.current_player
    best: list[Any] = []
    top = -1e9
    for a in legal:
        if isinstance(a, A.Deliver):
            v = a.vp + 0.5
        elif isinstance(a, A.Charm):
            cloud = view.clouds[a.space]
            light = view.game.clouds[cloud].lightning if cloud is not None else 0
            v = LIGHTNING_VALUE * light - RESOURCE_VALUE * a.wands + 0.1
        elif isinstance(a, A.Gather):
            v = a.count * RESOURCE_VALUE
        elif isinstance(a, A.Move):
            role = view.act.role if view.act else ""
            v = 0.1 + _move_value(view, seat, role, a.region)
        else:
            v = 0.0
        if v > top + 1e-9:
            best, top = [a], v
        elif abs(v - top) <= 1e-9:
            best.append(a)
    return best[int(rng.integers(len(best)))] if len(best) > 1 else best[0]


def action_value(view: BroomServiceState, seat: int, role: str, brave: bool) -> float:
    """Rough VP value of performing ``role`` brave or cowardly for ``seat`` now.

    Examples
    --------
    >>> from simlab.games.broom_service.rules import BroomServiceGame
    >>> s = BroomServiceGame(players=2).new_initial_state()
    >>> action_value(s, 0, "Gatherer (green)", True) > action_value(s, 0, "Gatherer (green)", False)
    True
    """
    kind, of = view.game.role_kind[role]
    if kind == "gatherer":
        return (3 if brave else 1) * RESOURCE_VALUE
    # the best of the options (view.options_for), "do nothing" worth 0, read without
    # building the actions
    value = 0.0
    bonus = BRAVE_BONUS if brave else 0
    if kind == "witch":
        for _pawn, there in view.witch_moves(seat, of):
            value = max(value, 0.3 + (_move_value(view, seat, role, there) if brave else 0.0))
    elif kind == "druid":
        for here in view.druid_regions(seat, of):
            for tower in view.open_towers(seat, here, role):
                value = max(value, tower.vp + bonus)
    else:
        clouds, light = view.clouds, view.game.clouds
        for space, cost in view.charm_spaces(seat):
            cloud = clouds[space]
            lightning = light[cloud].lightning if cloud is not None else 0
            value = max(value, LIGHTNING_VALUE * lightning - RESOURCE_VALUE * cost + bonus)
    return value


def steal_probability(
    view: BroomServiceState, seat: int, role: str, brave_chance: float = FOLLOWER_BRAVE
) -> float:
    """Chance that a brave ``role`` played now by ``seat`` is stolen by a later follower.

    Each later follower (clockwise, with cards) is taken to hold the role with
    probability ``hand size / roles it may still hold`` (roles it played or
    said "Next!" to this round are out), and to play it brave with
    ``brave_chance``.

    Examples
    --------
    >>> from simlab.games.broom_service.rules import BroomServiceGame
    >>> s = BroomServiceGame(players=2).new_initial_state()
    >>> s.hands = [["Weather Fairy"], ["?"] * 4]
    >>> s.phase, s.leader = Phase.LEAD, 0
    >>> steal_probability(s, 0, "Weather Fairy", brave_chance=1.0)
    0.4
    """
    return _stolen(followers(view, seat), role, brave_chance)


def followers(view: BroomServiceState, seat: int) -> list[tuple[set[str], float]]:
    """Each later follower of a role ``seat`` plays now: the roles it is known not to hold,
    and its chance to hold any other (``hand size / roles it may still hold``).

    What :func:`steal_probability` reads, worked out once for every role of a hand.

    Examples
    --------
    >>> from simlab.games.broom_service.rules import BroomServiceGame
    >>> s = BroomServiceGame(players=3).new_initial_state()
    >>> s.hands = [["Weather Fairy"], ["?"] * 4, []]
    >>> s.phase, s.leader = Phase.LEAD, 0
    >>> followers(s, 0)   # seat 2 has no cards left to follow with
    [(set(), 0.4)]
    """
    n = view.game.players
    if view.phase == Phase.FOLLOW and view.responders and view.responders[0] == seat:
        later = view.responders[1:]
    else:
        later = [t for t in ((seat + k) % n for k in range(1, n)) if view.hands[t]]
    roles = len(view.game.roles)
    out = []
    for t in later:
        excluded = view.excluded_roles(t)
        pool = roles - len(excluded)
        out.append((excluded, min(1.0, len(view.hands[t]) / pool) if pool else 0.0))
    return out


def _stolen(later: list[tuple[set[str], float]], role: str, brave_chance: float) -> float:
    """:func:`steal_probability` from the :func:`followers` ``later``."""
    keep = 1.0
    for excluded, hold in later:
        if role not in excluded:
            keep *= 1.0 - hold * brave_chance
    return 1.0 - keep


class BravePolicy:
    """Play every role brave with probability ``p`` (1: "brave", 0: "cowardly").

    The role to lead is drawn uniformly from the hand; role cards are chosen
    uniformly at random; actions are performed with :func:`greedy_action`.

    Examples
    --------
    >>> p = BravePolicy(1.0, "brave")
    >>> legal = [A.PlayRole(0, "Weather Fairy", True), A.PlayRole(0, "Weather Fairy", False)]
    >>> p.act(None, legal, np.random.default_rng(0))
    PlayRole(seat=0, role='Weather Fairy', brave=True)
    """

    uses_view = True

    def __init__(self, p: float, name: str) -> None:
        self.p = p
        self.name = name
        self._random = RandomPolicy()

    def act(self, view: BroomServiceState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        first = legal[0]
        if isinstance(first, A.PlayRole):
            brave = bool(rng.random() < self.p) if 0 < self.p < 1 else self.p >= 1
            roles = sorted({a.role for a in legal})
            role = roles[int(rng.integers(len(roles)))] if len(roles) > 1 else roles[0]
            return A.PlayRole(first.seat, role, brave)
        if view is not None and view.phase == Phase.ACT:
            return greedy_action(view, legal, rng)
        return self._random.act(view, legal, rng)


class HeuristicPolicy:
    """Weigh the brave bonus against the chance of being stolen; choose useful roles.

    Brave is played when ``(1 - P(stolen)) * value(brave) > value(cowardly)``,
    with P(stolen) from :func:`steal_probability` (follow order, hand sizes,
    and the roles already played or refused this round).  Role cards are
    chosen by the value of their brave action, avoiding bewitched ones.

    Examples
    --------
    >>> import simlab
    >>> game = simlab.load_game("broom_service", players=2)
    >>> simlab.run(game, ["heuristic", "random"], seed=0).outcome.winners
    (0,)
    """

    name = "heuristic"
    uses_view = True

    def __init__(self) -> None:
        #: :func:`action_value` by what it reads (see :meth:`_table`); cleared when full,
        #: and when a position of another game comes (its towers and clouds differ).
        self._values: dict[tuple[Any, ...], tuple[dict[str, float], dict[str, float]]] = {}
        self._game: Any = None

    def act(self, view: BroomServiceState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        first = legal[0]
        seat = view.current_player
        if isinstance(first, A.PlayRole):
            return self._play(view, seat, legal)
        if isinstance(first, A.ChooseRole | A.DoneChoosing):
            return self._choose(view, seat, legal, rng)
        if view.phase == Phase.ACT:
            return greedy_action(view, legal, rng)
        return legal[0]

    def _table(self, view: BroomServiceState,
               seat: int) -> tuple[dict[str, float], dict[str, float]]:
        """The kept :func:`action_value` of ``seat`` here: cowardly and brave, by role.

        The value reads ``seat``'s pawns, potions and wands, the roles it has
        delivered to a square tower with, the clouds, the towers and the event
        (with the game's fixed data): a pair of tables is kept for each of those,
        and the role picks the value in it.  A search's rollouts meet the same
        round again and again (every card choice of a round values every role
        on an unchanged board), so most values are found kept.  The clouds and
        towers are keyed by their values alone: within one game, every position
        lists them in the same order (the realm's cloud spaces, as the clouds
        were placed; the game's towers).
        """
        tables = self._values
        if view.game is not self._game:
            tables.clear()
            self._game = view.game
        key = (seat, *view.pawns[seat], *view.potions[seat], view.wands[seat], view.event,
               *view.clouds.values(), *view.towers.values(), *view.square_used[seat])
        table = tables.get(key)
        if table is None:
            if len(tables) >= TABLES_KEPT:
                tables.clear()
            table = tables[key] = ({}, {})
        return table

    def _value(self, view: BroomServiceState, seat: int, role: str, brave: bool,
               table: tuple[dict[str, float], dict[str, float]] | None = None) -> float:
        """:func:`action_value`, kept (see :meth:`_table`, the table of ``view`` and ``seat``)."""
        values = (table or self._table(view, seat))[brave]
        value = values.get(role)
        if value is None:
            value = values[role] = action_value(view, seat, role, brave)
        return value

    def _play(self, view: BroomServiceState, seat: int, legal: Sequence[Any]) -> Any:
        best, top = legal[0], -1e9
        table = later = None
        for a in legal:
            if a.role in view.performed:
                v = -BEWITCHED_PENALTY * (a.role in view.bewitched) - 0.01 * a.brave
                if a.role in view.bewitched:
                    v -= BEWITCHED_PENALTY
                if v > top:
                    best, top = a, v
                continue
            if table is None:
                table = self._table(view, seat)
            value = table[a.brave].get(a.role)
            if value is None:
                value = self._value(view, seat, a.role, a.brave, table)
            if a.brave:
                if later is None:
                    later = followers(view, seat)
                v = (1 - _stolen(later, a.role, FOLLOWER_BRAVE)) * value
            else:
                v = value
            if a.role in view.bewitched:
                v -= BEWITCHED_PENALTY
            if v > top:
                best, top = a, v
        return best

    def _choose(
        self, view: BroomServiceState, seat: int, legal: Sequence[Any], rng: np.random.Generator
    ) -> Any:
        if len(view.hands[seat]) >= 4 and any(isinstance(a, A.DoneChoosing) for a in legal):
            return next(a for a in legal if isinstance(a, A.DoneChoosing))
        choices = [a for a in legal if isinstance(a, A.ChooseRole)]
        # one draw a choice, in the order of ``legal``: the numbers of as many rng.random()
        noise = rng.random(len(choices)).tolist()
        table = self._table(view, seat)
        kept = table[True]
        best, top = choices[0], -math.inf
        for a, u in zip(choices, noise, strict=True):
            value = kept.get(a.role)
            if value is None:
                value = self._value(view, seat, a.role, True, table)
            v = value + 0.3 * u
            if a.role in view.bewitched:
                v -= BEWITCHED_PENALTY
            if v > top:  # the first of the best, as max() returns
                best, top = a, v
        return best


_BRAVE_P = re.compile(r"brave-(\d*\.?\d+)")


def make(name: str, seat: int) -> Any:
    """Build a Broom Service policy by name; ``None`` for a name that is none of them.

    The game's roster (``simlab/games/broom_service/__init__.py``) names it.

    Raises
    ------
    ConfigError
        ``brave-P`` with P outside [0, 1].

    Examples
    --------
    >>> make("cowardly", 1).p, make("timid", 0)
    (0.0, None)
    >>> make("brave-2", 0)
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: brave-P needs 0 <= P <= 1, not 'brave-2'
    """
    if name == "random":
        return RandomPolicy()
    if name == "brave":
        return BravePolicy(1.0, name)
    if name == "cowardly":
        return BravePolicy(0.0, name)
    if name == "heuristic":
        return HeuristicPolicy()
    m = _BRAVE_P.fullmatch(name)
    if m:
        p = float(m[1])
        if not 0 <= p <= 1:
            raise ConfigError(f"brave-P needs 0 <= P <= 1, not {name!r}")
        return BravePolicy(p, name)
    return None

