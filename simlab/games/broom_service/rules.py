"""Broom Service rules: the Game and its State.

A round: an event card is revealed (chance), bewitched role cards are
revealed with 2 to 4 players (chance, one card at a time), every seat in
turn secretly chooses its role cards one at a time, then the roles are
played.  A turn: the starting player plays a role brave or cowardly; every
other seat with cards, clockwise, follows ("Next!" without the card, or
plays it brave, stealing the claim, or cowardly, acting at once); then the
last brave player acts and starts the next turn.  After 7 rounds the end
scoring decides.  Readings of unclear rules: ``docs/rulings/broom_service.md``.

Examples
--------
>>> import simlab
>>> state = BroomServiceGame(players=3).new_initial_state()
>>> while state.current_player == simlab.CHANCE:   # clouds, the event, bewitched cards
...     _ = state.apply(state.chance_outcomes()[0][0])
>>> state.phase, str(state.legal_actions()[0])      # every seat chooses its role cards
(<Phase.CHOOSE: 'choose'>, 'Seat 0 chooses Gatherer (orange)')
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from simlab.core.api import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    LegalCache,
    Option,
    Outcome,
)
from simlab.core.chance import choose_indices, uniform_index
from simlab.core.errors import IllegalActionError
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.board import Realm, realm
from simlab.games.broom_service.components import POTIONS, Components, Tower, load_components

__all__ = [
    "AMULET_VP",
    "BEWITCHED_PER_ROUND",
    "HIDDEN",
    "PendingAction",
    "Phase",
    "Play",
    "RoundPlay",
    "ROUNDS",
    "Stage",
    "BroomServiceGame",
    "BroomServiceState",
    "amulet_vp",
    "resource_sets_vp",
]

ROUNDS = 7
HAND = 4
BRAVE_BONUS = 3
BEWITCHED_PENALTY = 3
#: Bewitched role cards revealed each round, by player count.
BEWITCHED_PER_ROUND = {2: 3, 3: 2, 4: 1, 5: 0}
#: What another seat sees in place of a role card in a hidden hand.
HIDDEN = "?"
_COLOUR_INDEX = {c: i for i, c in enumerate(POTIONS)}


def _fraction(n: int) -> Fraction:
    return _FRACTIONS[n] if n < len(_FRACTIONS) else Fraction(1, n)


_FRACTIONS = [Fraction(0)] + [Fraction(1, n) for n in range(1, 33)]


def _brave_or_cowardly(seat: int, role: str) -> tuple[A.PlayRole, A.PlayRole]:
    """``seat`` playing ``role`` brave, and cowardly (a lead offers both, and so does a follow)."""
    return A.PlayRole(seat, role, True), A.PlayRole(seat, role, False)


def resource_sets_vp(potions: list[int] | tuple[int, ...], wands: int) -> int:
    """End-scoring VP for remaining resources: 4 per set of 4 different, 2 per set of 3.

    The resources are the three potion colours and wands; each resource
    counts in at most one set, and the best split is scored.

    Examples
    --------
    >>> resource_sets_vp([1, 1, 1], 1)      # one set of 4
    4
    >>> resource_sets_vp([2, 2, 2], 0)      # two sets of 3
    4
    >>> resource_sets_vp([1, 3, 3], 3)      # 1 set of 4 + 2 sets of 3
    8
    >>> resource_sets_vp([5, 0, 0], 9)
    0
    """
    return _sets_vp(*potions, wands)


@functools.lru_cache(maxsize=4096)
def _sets_vp(*counts: int) -> int:
    """:func:`resource_sets_vp` of the resource counts, kept: a search scores the same few
    stocks of resources at the end of every playout."""
    best = 0
    for fours in range(min(counts) + 1):
        left = [c - fours for c in counts]
        threes = 0
        while sum(min(c, threes + 1) for c in left) >= 3 * (threes + 1):
            threes += 1
        best = max(best, 4 * fours + 2 * threes)
    return best


#: End scoring of amulets (Player Reference); the amulet variation itself is not offered
#: because the rulebook does not say how amulets are gained (docs/rulings/broom_service.md).
AMULET_VP = (0, 4, 9, 15)


def amulet_vp(amulets: int) -> int:
    """End-scoring VP for ``amulets`` amulets: 1 → 4, 2 → 9, 3 → 15 (more count as 3).

    Examples
    --------
    >>> [amulet_vp(n) for n in range(5)]
    [0, 4, 9, 15, 15]
    """
    return AMULET_VP[min(max(amulets, 0), len(AMULET_VP) - 1)]


class Stage(enum.StrEnum):
    """Where a role's action stands: its first step, or a brave Witch's delivery after moving."""

    MAIN = "main"
    DELIVER = "deliver"


class Phase(enum.StrEnum):
    """Where a round stands: set-up clouds, the event, bewitched cards (chance); choosing role
    cards, leading, following, performing an action; the game over."""

    CLOUDS = "clouds"
    EVENT = "event"
    BEWITCH = "bewitch"
    CHOOSE = "choose"
    LEAD = "lead"
    FOLLOW = "follow"
    ACT = "act"
    OVER = "over"


class Play(enum.StrEnum):
    """How a seat answered a role this round: played it brave or cowardly, or "Next!"."""

    BRAVE = "brave"
    COWARDLY = "cowardly"
    NEXT = "next"


@dataclass(frozen=True, slots=True)
class RoundPlay:
    """One line of the round log: ``seat`` answered ``role`` with ``how`` (public to all).

    Examples
    --------
    >>> RoundPlay(1, "Weather Fairy", Play.NEXT)
    RoundPlay(seat=1, role='Weather Fairy', how=<Play.NEXT: 'next'>)
    """

    seat: int
    role: str
    how: Play


@dataclass(frozen=True, slots=True)
class PendingAction:
    """The role action a seat is performing ("the last brave player performs the brave action",
    or a cowardly action performed at once).

    Examples
    --------
    >>> PendingAction(2, "Witch (Forest)", True)
    PendingAction(seat=2, role='Witch (Forest)', brave=True, stage=<Stage.MAIN: 'main'>, region='')
    """

    seat: int
    role: str
    brave: bool
    stage: Stage = Stage.MAIN
    #: The region a brave Witch moved to (where she may deliver).
    region: str = ""


class BroomServiceGame(Game):
    """Broom Service for 2 to 5 players.

    Examples
    --------
    >>> game = BroomServiceGame(players=4)
    >>> game.parse_action("Seat 0 plays Weather Fairy cowardly")
    PlayRole(seat=0, role='Weather Fairy', brave=False)
    >>> game.policy_names()
    ['random', 'brave', 'cowardly', 'brave-0.5', 'heuristic', 'mcts', 'mcts-100', 'mcts-brave',
     'mcts-cowardly']
    """

    NAME = "broom_service"
    TITLE = "Broom Service"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    DEFAULT_PLAYERS = 4
    OPTIONS = (
        Option(
            "square_tower_limit",
            "game",
            "'each player may deliver only once per role to square towers': once per role "
            "over the whole game ('game') or no limit beyond one delivery per action "
            "('action'); docs/rulings/broom_service.md",
            choices=("game", "action"),
        ),
        Option(
            "druid_landscape",
            "matching",
            "the area a Druid delivers from: one of the Druid's landscape ('matching'), or any "
            "area with the player's pawn ('any'); docs/rulings/broom_service.md ruling 9",
            choices=("matching", "any"),
        ),
        Option(
            "choice_counts",
            "visible",
            "under More or Less, how many role cards a seat chose is seen by the seats choosing "
            "after it ('visible') or only when everyone has chosen ('hidden', as "
            "'simultaneously' says); docs/rulings/broom_service.md ruling 2",
            choices=("visible", "hidden"),
        ),
    )

    def __init__(self, players: int | None = None, variants: Any = (), **options: Any) -> None:
        super().__init__(players, variants, **options)
        self.data: Components = load_components(self.component_set)
        self.realm: Realm = realm(self.data)
        self.roles: tuple[str, ...] = tuple(r.name for r in self.data.roles)
        self.role_kind = {r.name: (r.kind, r.of) for r in self.data.roles}
        self.clouds = {c.id: c for c in self.data.clouds}
        self.events = {e.name: e for e in self.data.events}
        #: Each seat's role-card decisions, made once (actions are frozen values): choosing
        #: each role (in the order of ``roles``), and playing it brave or cowardly.
        self.choices = tuple(tuple(A.ChooseRole(s, r) for r in self.roles)
                             for s in range(self.players))
        self.plays = tuple({r: _brave_or_cowardly(s, r) for r in self.roles}
                           for s in range(self.players))

    def components(self) -> dict[str, str]:
        """A one-line summary of each kind of component (for ``simlab info``).

        Examples
        --------
        >>> BroomServiceGame().components()["heavy clouds"]
        '24 (1-3 stars, 0-3 lightning; reconstructed)'
        """
        d = self.data
        stars = [c.stars for c in d.clouds]
        light = [c.lightning for c in d.clouds]
        circular = [t for t in d.towers if not t.square]
        return {
            "realm": f"{len(d.regions)} regions, {len(d.borders)} borders, "
            f"{len(d.cloud_spaces)} cloud spaces, castles {' and '.join(d.castles)} "
            "(reconstructed)",
            "towers": f"{len(circular)} circular, {len(d.towers) - len(circular)} square "
            "(reconstructed)",
            "heavy clouds": f"{len(d.clouds)} ({min(stars)}-{max(stars)} stars, "
            f"{min(light)}-{max(light)} lightning; reconstructed)",
            "event cards": f"{len(d.events)}: " + ", ".join(e.name for e in d.events),
            "role cards": f"{len(d.roles)} roles x {len(d.colours)} colours: "
            + ", ".join(self.roles),
        }

    def new_initial_state(self) -> BroomServiceState:
        """The position before set-up chance (placing the heavy clouds)."""
        return BroomServiceState(self)

    def parse_action(self, text: str) -> Action:
        """Read an action from its text (see :func:`actions.parse_action`)."""
        return A.parse_action(text, self.data)

    def seat_names(self) -> list[str]:
        """The player colours, ``Red`` ... (seat 0 is the first starting player)."""
        return [c.capitalize() for c in self.data.colours[: self.players]]

class BroomServiceState(LegalCache):
    """A Broom Service position.

    Public facts: VP, wands, potions, pawns, towers, clouds, the event, the
    bewitched cards and the round log (every card played and every "Next!").
    Hidden: the other seats' unplayed role cards (``hands``).
    """

    #: ``_legal`` (:class:`~simlab.core.api.LegalCache`): ``_apply``, ``_hide`` and
    #: ``resample_hidden`` clear it.
    game: BroomServiceGame

    def __init__(self, game: BroomServiceGame) -> None:
        super().__init__(game)
        n = game.players
        castles = game.data.castles
        self.phase: Phase = Phase.CLOUDS
        self.round = 0
        self.vp = [10] * n
        # Set-up: start and last player 1 wand, others 2; in a 2-player game 1 each.
        self.wands = [1 if (n == 2 or s in (0, n - 1)) else 2 for s in range(n)]
        self.potions = [[1, 1, 1] for _ in range(n)]
        self.pawns = [list(castles) for _ in range(n)]
        self.clouds: dict[str, int | None] = {}
        self.charmed: list[list[int]] = [[] for _ in range(n)]
        self.towers: dict[str, int | None] = {
            t.id: None for t in game.data.towers if not t.square
        }
        self.square_used: list[list[str]] = [[] for _ in range(n)]
        self.events_left = [e.name for e in game.data.events]
        self.event: str | None = None
        self.bewitch_pile = list(game.roles) if n < 5 else []
        self.bewitched: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.chooser = 0
        self.last_brave = 0
        self.leader = 0
        self.role: str | None = None
        self.responders: list[int] = []
        self.claim: int | None = None
        self.brave_actor: int | None = None
        self.performed: list[str] = []
        self.log: list[RoundPlay] = []
        #: The role action being performed, or None.
        self.act: PendingAction | None = None
        self.final_vp: list[int] | None = None
        self._legal = None

    # -- copying -------------------------------------------------------------------
    def clone(self) -> BroomServiceState:
        """An independent copy: each attribute copied as deep as it holds mutable values.

        Written out for this state's fields (:data:`_COPIED` once, :data:`_NESTED` a
        list a seat); every other field holds immutable values (numbers, strings, the
        phase, the pending action, the cached legal actions), which the copy shares, as
        the generic :meth:`State.clone` would.  A field set by other code is copied by
        :func:`simlab.core.api.plain_copy`.  ``tests/games/broom_service/test_clone.py``
        checks that no mutable value is shared with the original.

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> c = s.clone()
        >>> c.potions[0][1] += 1; c.clouds["x"] = 1
        >>> s.potions[0], "x" in s.clouds, c == s, s.clone() == s
        ([1, 1, 1], False, False, True)
        """
        d = self._copied_fields(_COPIED, _NESTED)  # numbers, strings, the phase, records: shared
        if d["final_vp"] is not None:
            d["final_vp"] = d["final_vp"].copy()
        return self._finish_clone(d, _FIELDS)  # a field set by other code: plain_copy

    # -- who acts ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == Phase.FOLLOW:
            return self.responders[0]
        if phase == Phase.ACT and self.act is not None:
            return self.act.seat
        if phase == Phase.LEAD:
            return self.leader
        if phase == Phase.CHOOSE:
            return self.chooser
        if phase == Phase.OVER:
            return TERMINAL
        return CHANCE

    @property
    def outcome(self) -> Outcome | None:
        if self.final_vp is None:
            return None
        left = [sum(potions) + wands
                for potions, wands in zip(self.potions, self.wands, strict=True)]
        return Outcome.most_points(self.final_vp, "most VP after 7 rounds", left,
                                   "; tie broken by most remaining resources",
                                   "; shared win (tied on VP and remaining resources)")

    # -- helpers -------------------------------------------------------------------
    def _event_amount(self, effect: str, default: int) -> int:
        if self.event is None:
            return default
        card = self.game.events[self.event]
        return card.amount if card.effect == effect else default

    def hand_limits(self) -> tuple[int, int]:
        """Fewest and most role cards to choose this round (4 and 4; More or Less 1 to 5).

        Examples
        --------
        >>> BroomServiceGame(players=2).new_initial_state().hand_limits()
        (4, 4)
        """
        most = self._event_amount("hand_size", 0)
        return (1, most) if most else (HAND, HAND)

    def charm_cost(self, space: str) -> int:
        """Wands needed to charm away the cloud on ``space`` this round (stars, + Heavy Skies).

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> [str(e) for e in s.apply("place heavy cloud 20 on cloud space C1")]
        ['place heavy cloud 20 on cloud space C1']
        >>> s.charm_cost("C1")
        3
        """
        cloud = self.clouds[space]
        if cloud is None:
            raise IllegalActionError(f"cloud space {space} has no heavy cloud to charm away")
        return self.game.clouds[cloud].stars + self._event_amount("charm_cost", 0)

    def open_towers(self, seat: int, region: str, role: str) -> list[Tower]:
        """The towers in ``region`` that ``seat`` could deliver to with ``role`` now.

        A circular tower while nobody has delivered to it and ``seat`` holds a
        potion of its colour; a square tower while ``seat`` holds any potion and
        has not yet delivered to one with ``role`` (``square_tower_limit``).

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> [t.id for t in s.open_towers(0, "Willow Glen", "Witch (Forest)")]
        ['T6']
        >>> s.potions[0] = [0, 1, 1]   # no orange potion left
        >>> s.open_towers(0, "Willow Glen", "Witch (Forest)")
        []
        """
        pots = self.potions[seat]
        square_ok = (
            self.game.options["square_tower_limit"] == "action"
            or role not in self.square_used[seat]
        )
        return [tower for tower in self.game.realm.towers_in[region]
                if (square_ok and any(pots) if tower.square
                    else self.towers[tower.id] is None and pots[_COLOUR_INDEX[tower.colour]] > 0)]

    def _deliveries(self, seat: int, region: str, role: str) -> list[Action]:
        out: list[Action] = []
        pots = self.potions[seat]
        for tower in self.open_towers(seat, region, role):
            if tower.square:
                out.extend(A.Deliver(c, tower.id, tower.vp, True)
                           for i, c in enumerate(POTIONS) if pots[i] > 0)
            else:
                out.append(A.Deliver(tower.colour, tower.id, tower.vp))
        return out

    def deliveries(self, seat: int, region: str, role: str) -> list[Action]:
        """Deliveries ``seat`` could make in ``region`` with ``role`` (towers, potions, limits).

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> s.deliveries(0, "Willow Glen", "Witch (Forest)")
        [Deliver(colour='orange', tower='T6', vp=2, square=False)]
        """
        return self._deliveries(seat, region, role)

    def options_for(self, seat: int, role: str, brave: bool) -> list[Action]:
        """The choices ``seat`` would have performing ``role`` now (first step; "do nothing" last).

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> for a in s.options_for(0, "Witch (Forest)", True):
        ...     print(a)
        move pawn 1 to Willow Glen
        move pawn 2 to Moonlit Forest
        move pawn 2 to Thornwood
        do nothing
        """
        saved = self.act
        self.act = PendingAction(seat, role, brave)
        try:
            return self._act_options()
        finally:
            self.act = saved

    def _act_options(self) -> list[Action]:
        if self.act is None:  # pragma: no cover - only called in the act phase
            return []
        act = self.act
        seat, role, brave, stage, region = act.seat, act.role, act.brave, act.stage, act.region
        kind, of = self.game.role_kind[role]
        out: list[Action] = []
        if kind == "gatherer":
            count = 3 if brave else self._event_amount("cowardly_gather", 1)
            out.append(A.Gather(of, count))  # type: ignore[arg-type]
        elif kind == "witch":
            if stage == Stage.DELIVER:
                out = self._deliveries(seat, region, role)
            else:
                out = [A.Move(pawn, there) for pawn, there in self.witch_moves(seat, of)]
        elif kind == "druid":
            for here in self.druid_regions(seat, of):
                out.extend(self._deliveries(seat, here, role))
        else:
            out = [A.Charm(space, cost) for space, cost in self.charm_spaces(seat)]
        out.append(A.DoNothing())
        return out

    def witch_moves(self, seat: int, landscape: str | None) -> list[tuple[int, str]]:
        """The moves of a Witch of ``landscape`` for ``seat``: ``(pawn, region)``, a pawn
        (1 or 2) to a neighbouring region of that landscape across no heavy cloud.

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> s.witch_moves(0, "forest")
        [(1, 'Willow Glen'), (2, 'Moonlit Forest'), (2, 'Thornwood')]
        """
        rl = self.game.realm
        clouds = self.clouds
        return [(i + 1, there)
                for i, here in enumerate(self.pawns[seat])
                for there, space in rl.neighbours[here]
                if rl.landscape[there] == landscape and (space is None or clouds[space] is None)]

    def druid_regions(self, seat: int, landscape: str | None) -> list[str]:
        """The regions a Druid of ``landscape`` delivers from for ``seat``: those of its
        pawns, of that landscape (any of them with ``druid_landscape=any``), each once.

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> s.pawns[0] = ["Bramble Wood", "Bramble Wood"]
        >>> s.druid_regions(0, "forest"), s.druid_regions(0, "hill")
        (['Bramble Wood'], [])
        """
        anywhere = self.game.options["druid_landscape"] == "any"
        landscapes = self.game.realm.landscape
        return [here for here in dict.fromkeys(self.pawns[seat])
                if anywhere or landscapes[here] == landscape]

    def charm_spaces(self, seat: int) -> list[tuple[str, int]]:
        """The cloud spaces ``seat`` could charm a heavy cloud away from now, with their
        cost: beside one of its pawns, and no more wands than it holds.

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> s.clouds = {space: None for space in s.game.realm.spaces}
        >>> s.charm_spaces(0)   # no heavy cloud placed
        []
        """
        rl = self.game.realm
        wands = self.wands[seat]
        out: list[tuple[str, int]] = []
        seen: set[str] = set()
        for here in self.pawns[seat]:
            for _, space in rl.neighbours[here]:
                if space is not None and space not in seen and self.clouds[space] is not None:
                    seen.add(space)
                    cost = self.charm_cost(space)
                    if wands >= cost:
                        out.append((space, cost))
        return out

    # -- the API -------------------------------------------------------------------
    def _build_legal(self) -> list[Action]:
        phase = self.phase
        if phase == Phase.FOLLOW:
            seat = self.responders[0]
            role = self.role
            if role in self.hands[seat]:
                return list(self.game.plays[seat][cast(str, role)])
            return [A.Next()]
        if phase == Phase.ACT:
            return self._act_options()
        if phase == Phase.LEAD:
            seat = self.leader
            plays = self.game.plays[seat]
            return [a for role in self.hands[seat]
                    for a in plays.get(role) or _brave_or_cowardly(seat, role)]
        if phase == Phase.CHOOSE:
            seat = self.chooser
            hand = self.hands[seat]
            least, most = self.hand_limits()
            out: list[Action] = [a for a, r in zip(self.game.choices[seat], self.game.roles,
                                                   strict=True) if r not in hand]
            if least <= len(hand) < most:
                out.append(A.DoneChoosing(seat))
            return out
        return []

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        phase = self.phase
        if phase == Phase.CLOUDS:
            space = self.game.realm.spaces[len(self.clouds)]
            placed = set(self.clouds.values())
            left = [c for c in self.game.clouds if c not in placed]
            p = _fraction(len(left))
            return [(A.PlaceCloud(c, space), p) for c in left]
        if phase == Phase.EVENT:
            p = _fraction(len(self.events_left))
            return [(A.RevealEvent(e), p) for e in self.events_left]
        if phase == Phase.BEWITCH:
            p = _fraction(len(self.bewitch_pile))
            return [(A.Bewitch(r), p) for r in self.bewitch_pile]
        return []

    def _apply(self, action: Action) -> list[Event]:
        self._legal = None  # the position changes: its legal actions are built anew
        handler = _HANDLERS[type(action)]
        return handler(self, action)

    # -- chance --------------------------------------------------------------------
    def _place_cloud(self, action: A.PlaceCloud) -> list[Event]:
        self.clouds[action.space] = action.cloud
        if len(self.clouds) == len(self.game.realm.spaces):
            self._start_round()
        return [Event(str(action), "cloud")]

    def _reveal_event(self, action: A.RevealEvent) -> list[Event]:
        self.events_left.remove(action.event)
        self.event = action.event
        card = self.game.events[action.event]
        events = [Event(f"Event: {card.name} — {card.text}", "event")]
        if card.effect == "gain_wands":
            for s in range(self.game.players):
                self.wands[s] += card.amount
        if BEWITCHED_PER_ROUND[self.game.players]:
            self.phase = Phase.BEWITCH
            events += self._refill_bewitch_pile()
        else:
            self._start_choosing()
        return events

    def _refill_bewitch_pile(self) -> list[Event]:
        if self.bewitch_pile:
            return []
        self.bewitch_pile = [r for r in self.game.roles if r not in self.bewitched]
        return [Event("The bewitched pile is reshuffled", "bewitch")]

    def _bewitch(self, action: A.Bewitch) -> list[Event]:
        self.bewitch_pile.remove(action.role)
        self.bewitched.append(action.role)
        events = [Event(f"{action.role} is bewitched this round", "bewitch")]
        if len(self.bewitched) == BEWITCHED_PER_ROUND[self.game.players]:
            self._start_choosing()
        else:
            events += self._refill_bewitch_pile()
        return events

    # -- rounds and choosing ----------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.bewitched = []
        self.performed = []
        self.log = []
        self.phase = Phase.EVENT

    def _start_choosing(self) -> None:
        self.phase = Phase.CHOOSE
        self.chooser = 0

    def _choose(self, action: A.ChooseRole) -> list[Event]:
        hand = self.hands[action.seat]
        hand.append(action.role)
        hand.sort(key=self.game.roles.index)
        seen = (action.seat,) if self.counts_hidden() else None
        events = [Event(f"Seat {action.seat} chooses a role card", "choose", action.seat, seen)]
        if len(hand) == self.hand_limits()[1]:
            events += self._next_chooser()
        return events

    def _done_choosing(self, action: A.DoneChoosing) -> list[Event]:
        n = len(self.hands[action.seat])
        seen = (action.seat,) if self.counts_hidden() else None
        events = [Event(f"Seat {action.seat} holds {n} role cards", "choose", action.seat, seen)]
        return events + self._next_chooser()

    def _next_chooser(self) -> list[Event]:
        if self.chooser + 1 < self.game.players:
            self.chooser += 1
            return []
        events = []
        if self.counts_hidden():  # everyone has chosen: the hands are on the table
            events = [Event(f"Seat {s} holds {len(h)} role cards", "choose", s)
                      for s, h in enumerate(self.hands)]
        return events + self._start_turn(self.last_brave)

    def counts_hidden(self) -> bool:
        """Whether, now, a seat may not see how many role cards the others chose: while
        choosing under More or Less with ``choice_counts=hidden`` (ruling 2).

        Examples
        --------
        >>> s = BroomServiceGame(players=2, choice_counts="hidden").new_initial_state()
        >>> s.counts_hidden()  # not choosing yet, and 4 cards each when no event says else
        False
        """
        return (self.phase == Phase.CHOOSE and self.game.options["choice_counts"] == "hidden"
                and self.hand_limits()[0] != self.hand_limits()[1])

    # -- turns ------------------------------------------------------------------------
    def _start_turn(self, candidate: int) -> list[Event]:
        """The starting player cascade: ``candidate`` or the next clockwise seat with cards."""
        n = self.game.players
        for k in range(n):
            seat = (candidate + k) % n
            if self.hands[seat]:
                self.phase = Phase.LEAD
                self.leader = seat
                self.role = None
                self.claim = None
                self.brave_actor = None
                return []
        return self._end_round()

    def _play(self, action: A.PlayRole) -> list[Event]:
        seat, role, brave = action.seat, action.role, action.brave
        events = [Event(str(action), "play", seat)]
        self.hands[seat].remove(role)
        self.log.append(RoundPlay(seat, role, Play.BRAVE if brave else Play.COWARDLY))
        if role in self.bewitched:
            penalty = self._event_amount("bewitched_penalty", BEWITCHED_PENALTY)
            self.vp[seat] -= penalty
            events.append(Event(f"Seat {seat} plays a bewitched role: -{penalty} VP", "vp", seat,
                                score=-penalty or None))
        if self.phase == Phase.LEAD:
            self.role = role
            n = self.game.players
            self.responders = [
                s for s in ((seat + k) % n for k in range(1, n)) if self.hands[s]
            ]
        else:
            self.responders.pop(0)
        if role in self.performed:
            events.append(Event(f"{role} was already played this round: no action", "dead", seat))
        elif brave:
            if self.claim is not None:
                events.append(Event(f"Seat {seat} steals the brave {role} from Seat {self.claim}",
                                    "steal", seat))
            self.claim = seat
        else:
            return events + self._begin_act(seat, role, False)
        return events + self._continue()

    def _next(self, action: A.Next) -> list[Event]:
        seat = self.responders.pop(0)
        self.log.append(RoundPlay(seat, cast(str, self.role), Play.NEXT))  # a role is followed
        return [Event(f"Seat {seat}: Next!", "next", seat), *self._continue()]

    def _begin_act(self, seat: int, role: str, brave: bool) -> list[Event]:
        self.phase = Phase.ACT
        self.act = PendingAction(seat, role, brave)
        return []

    def _continue(self) -> list[Event]:
        """After a play or an action: next follower, the brave action, or the next turn."""
        if self.responders:
            self.phase = Phase.FOLLOW
            return []
        role = cast(str, self.role)  # every turn has a role once its first card is played
        if self.claim is not None:
            seat, self.claim = self.claim, None
            self.brave_actor = seat
            text = f"Seat {seat} performs the brave {role}"
            return [Event(text, "brave", seat), *self._begin_act(seat, role, True)]
        self.act = None
        if role not in self.performed:
            self.performed.append(role)
        if self.brave_actor is not None:
            self.last_brave = self.brave_actor
            return self._start_turn(self.brave_actor)
        return self._start_turn(self.leader)

    # -- actions --------------------------------------------------------------------
    def _finish_act(self, events: list[Event]) -> list[Event]:
        self.act = None
        return events + self._continue()

    def _performed_brave(self, seat: int) -> list[Event]:
        bonus = self._event_amount("brave_bonus", 0)
        if bonus:
            self.vp[seat] += bonus
            return [Event(f"Brave Hearts: Seat {seat} +{bonus} VP", "vp", seat, score=bonus)]
        return []

    def _pending(self) -> PendingAction:
        """The action being performed (the handlers below are reached only in the act phase)."""
        if self.act is None:  # pragma: no cover - _apply checks legality first
            raise IllegalActionError("no role action is being performed")
        return self.act

    def _gather(self, action: A.Gather) -> list[Event]:
        act = self._pending()
        seat, brave = act.seat, act.brave
        self.potions[seat][_COLOUR_INDEX[action.colour]] += action.count
        events = [Event(f"Seat {seat} {action}", "gather", seat)]
        if brave:
            events += self._performed_brave(seat)
        return self._finish_act(events)

    def _move(self, action: A.Move) -> list[Event]:
        act = self._pending()
        seat, role, brave = act.seat, act.role, act.brave
        self.pawns[seat][action.pawn - 1] = action.region
        events = [Event(f"Seat {seat} moves pawn {action.pawn} to {action.region}", "move", seat)]
        if brave:
            events += self._performed_brave(seat)
            if self.open_towers(seat, action.region, role):
                self.act = dataclasses.replace(act, stage=Stage.DELIVER, region=action.region)
                return events
        return self._finish_act(events)

    def _deliver(self, action: A.Deliver) -> list[Event]:
        act = self._pending()
        seat, role, brave = act.seat, act.role, act.brave
        tower = self.game.realm.towers[action.tower]
        self.potions[seat][_COLOUR_INDEX[action.colour]] -= 1
        gain = tower.vp
        if tower.square:
            self.square_used[seat].append(role)
            self.square_used[seat].sort()
        else:
            self.towers[tower.id] = seat
            gain += self._event_amount("tower_bonus", 0)
            self.wands[seat] += tower.wands
        kind, _ = self.game.role_kind[role]
        events = []
        if kind == "druid" and brave:
            gain += self._event_amount("druid_bonus", BRAVE_BONUS)
            events += self._performed_brave(seat)
        self.vp[seat] += gain
        text = f"Seat {seat} delivers {action.colour} to {tower.id}: +{gain} VP"
        if tower.wands and not tower.square:
            text += f", +{tower.wands} wand"
        return self._finish_act([Event(text, "deliver", seat, score=gain or None), *events])

    def _charm(self, action: A.Charm) -> list[Event]:
        act = self._pending()
        seat, brave = act.seat, act.brave
        cloud = cast(int, self.clouds[action.space])  # legal: a cloud lies there
        self.wands[seat] -= action.wands
        self.clouds[action.space] = None
        self.charmed[seat].append(cloud)
        wands = f"{action.wands} wand{'s' * (action.wands != 1)}"
        events = [Event(f"Seat {seat} charms away cloud {cloud} from {action.space}, "
                        f"paying {wands}", "charm", seat)]
        if brave:
            self.vp[seat] += BRAVE_BONUS
            events.append(Event(f"Seat {seat} +{BRAVE_BONUS} VP (brave)", "vp", seat,
                                score=BRAVE_BONUS))
            events += self._performed_brave(seat)
        return self._finish_act(events)

    def _do_nothing(self, action: A.DoNothing) -> list[Event]:
        seat = self._pending().seat
        return self._finish_act([Event(f"Seat {seat} does nothing", "skip", seat)])

    # -- end of round and game ----------------------------------------------------------
    def _end_round(self) -> list[Event]:
        """"When all players are out of cards, complete any end-of-round event": every change
        it makes is an event."""
        card = self.game.events[self.event] if self.event else None
        n = self.game.players
        events: list[Event] = []
        if card is not None and card.effect == "wand_tax":
            for s in range(n):
                if self.wands[s] == 0:
                    self.vp[s] -= card.amount
                    events.append(Event(f"{card.name}: Seat {s} has no wand, -{card.amount} VP",
                                        "vp", s, score=-card.amount or None))
        elif card is not None and card.effect == "helping_hand":
            low = min(self.vp)
            for s in range(n):
                if self.vp[s] == low:
                    self.potions[s] = [p + card.amount for p in self.potions[s]]
                    each = f"{card.amount} potion{'s' * (card.amount != 1)} of each colour"
                    events.append(Event(f"{card.name}: Seat {s} has the fewest VP and takes "
                                        f"{each}", "gather", s))
        self.act = None
        self.role = None
        self.responders = []
        if self.round == ROUNDS:
            return events + self._end_game()
        self._start_round()
        return events

    def end_scoring(self, seat: int) -> dict[str, int]:
        """The end-game VP of ``seat``: lightning symbols and resource sets.

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> s.end_scoring(0)
        {'lightning': 0, 'lightning_vp': 0, 'sets_vp': 4}
        """
        lightning = sum(self.game.clouds[c].lightning for c in self.charmed[seat])
        return {
            "lightning": lightning,
            "lightning_vp": self.game.data.lightning_vp(lightning),
            "sets_vp": resource_sets_vp(self.potions[seat], self.wands[seat]),
        }

    def _end_game(self) -> list[Event]:
        """End scoring, itemised per seat: lightning symbols and resource sets."""
        final = []
        events = []
        for s in range(self.game.players):
            score = self.end_scoring(s)
            total = self.vp[s] + score["lightning_vp"] + score["sets_vp"]
            final.append(total)
            events.append(Event(
                f"End scoring, Seat {s}: {self.vp[s]} VP, +{score['lightning_vp']} VP for "
                f"{score['lightning']} lightning, +{score['sets_vp']} VP for resource sets "
                f"= {total} VP", "score", s, score=(total - self.vp[s]) or None))
        self.final_vp = final
        self.phase = Phase.OVER
        return events

    # -- hidden information ---------------------------------------------------------------
    def _hide(self, seat: int) -> None:
        self._legal = None  # built anew from what the seat sees
        if self.counts_hidden():  # ruling 2: no count either, as if nobody had chosen yet
            self.hands = [h if s == seat else [] for s, h in enumerate(self.hands)]
            return
        self.hands = [
            h if s == seat else [HIDDEN] * len(h) for s, h in enumerate(self.hands)
        ]

    def action_text_for(self, action: Action, seat: int) -> str | None:
        """The text of ``action`` as ``seat`` sees it (asked before it is applied).

        Role cards are chosen secretly (:meth:`_hide` masks the other hands):
        another seat learns only that a card was chosen (the event says so),
        not which.  Everything else is public, the cards played and every
        "Next!" included.

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> choice = A.ChooseRole(1, "Weather Fairy")
        >>> s.action_text_for(choice, 1), s.action_text_for(choice, 0)
        ('Seat 1 chooses Weather Fairy', None)
        """
        if isinstance(action, A.ChooseRole) and action.seat != seat:
            return None
        if isinstance(action, A.DoneChoosing) and action.seat != seat and self.counts_hidden():
            return None  # when a seat stops tells how many it chose (ruling 2)
        return str(action)

    def excluded_roles(self, seat: int) -> set[str]:
        """Roles ``seat`` is publicly known not to hold: played or "Next!" this round.

        Examples
        --------
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> s.log = [RoundPlay(1, "Weather Fairy", Play.NEXT),
        ...          RoundPlay(1, "Druid (Hill)", Play.BRAVE)]
        >>> sorted(s.excluded_roles(1))
        ['Druid (Hill)', 'Weather Fairy']
        """
        return {play.role for play in self.log if play.seat == seat}

    def resample_hidden(self, seat: int, rng: Any) -> BroomServiceState:
        """Redraw the other seats' unplayed hands, consistent with all public facts.

        Each other seat gets a uniformly random hand of the same size from the
        roles it has neither played nor said "Next!" to this round.

        Examples
        --------
        >>> import numpy as np
        >>> s = BroomServiceGame(players=2).new_initial_state()
        >>> s.hands = [["Weather Fairy"], ["Druid (Hill)", "Witch (Hill)"]]
        >>> s.log = [RoundPlay(1, "Weather Fairy", Play.NEXT)]
        >>> other = s.resample_hidden(0, np.random.default_rng(1))
        >>> len(other.hands[1]), "Weather Fairy" in other.hands[1]
        (2, False)
        >>> other.view(0) == s.view(0)
        True
        """
        other = self.clone()
        other._legal = None  # the hands change
        roles = self.game.roles
        if self.counts_hidden():  # ruling 2: the seats that chose hold 1 to 5, unseen
            low, high = self.hand_limits()
            for s in range(self.chooser):
                if s != seat:
                    size = low + uniform_index(high - low + 1, rng)
                    other.hands[s] = [roles[i] for i in choose_indices(len(roles), size, rng)]
            return other
        for s, hand in enumerate(self.hands):
            if s == seat or not hand:
                continue
            excluded = self.excluded_roles(s)
            pool = [r for r in roles if r not in excluded]
            # rng.choice(len(pool), size=len(hand), replace=False), sorted: the same draws
            other.hands[s] = [pool[i] for i in choose_indices(len(pool), len(hand), rng)]
        return other

    def __str__(self) -> str:
        return (
            f"<broom_service round {self.round}, {self.phase}, VP {self.vp}, "
            f"player {self.current_player}>"
        )


_HANDLERS: dict[type, Any] = {
    A.PlaceCloud: BroomServiceState._place_cloud,
    A.RevealEvent: BroomServiceState._reveal_event,
    A.Bewitch: BroomServiceState._bewitch,
    A.ChooseRole: BroomServiceState._choose,
    A.DoneChoosing: BroomServiceState._done_choosing,
    A.PlayRole: BroomServiceState._play,
    A.Next: BroomServiceState._next,
    A.Gather: BroomServiceState._gather,
    A.Move: BroomServiceState._move,
    A.Deliver: BroomServiceState._deliver,
    A.Charm: BroomServiceState._charm,
    A.DoNothing: BroomServiceState._do_nothing,
}


#: Fields :meth:`BroomServiceState.clone` copies with one ``copy`` (flat lists and dicts of
#: numbers, strings and frozen records), and those it copies a list a seat.
_COPIED = ("vp", "wands", "clouds", "towers", "events_left", "bewitch_pile", "bewitched",
           "responders", "performed", "log")
_NESTED = ("potions", "pawns", "charmed", "square_used", "hands")
#: Every field a state sets (the others shared by the clone).
_FIELDS = frozenset({*_COPIED, *_NESTED, "final_vp", "game", "phase", "round", "event",
                     "chooser", "last_brave", "leader", "role", "claim", "brave_actor", "act",
                     "_legal"})
