"""Bedpans & Broomsticks rules: the Game and its State (base game).

Seat 0 is the Staff-player; seats 1.. are the Elder-players (red, blue, yellow, green), who
play first in a round, the Staff last.  The state is put together from mixins, one per
section of the rulebook, each in its own module:

=============================  ==============================================================
:class:`.SettingUp`            "Setting Up", "Special – Start Tiles" (:mod:`.setting_up`)
:class:`.TurnSequence`         "Sequence of Play", the turn sequences, "Special – Your Decoy":
                               the turn machine (:mod:`.turn_sequence`)
:class:`.Rolls`                the movement dice as the rules read them (:mod:`.rolls`)
:class:`.Moves`                "Movement", Elevators and Stairs (:mod:`.moves`)
:class:`.Exploration`          "Placing New Tiles", Exit signs, Staffers (:mod:`.exploration`)
:class:`.StuffMarkers`         "Stuff", "Placing Stuff": pile, hands, discards
                               (:mod:`.stuff_markers`; each kind's effect: :mod:`.stuff`)
:class:`.DoorMarkers`          "Door-markers" (:mod:`.door_markers`)
:class:`.Neutralizing`         "Neutralizing Elders & Staffers" (:mod:`.neutralizing`)
:class:`.EndOfGame`            "End of the Game" (:mod:`.end_of_game`)
:class:`.HiddenInformation`    what a seat may not see (:mod:`.hidden_information`)
=============================  ==============================================================

This module holds what ties them together: the Game and its options (:mod:`.options`; the
Variations have ``variant=True``), the State's fields and its clone, who acts, and the
dispatch tables from each decision to its legal actions and from each action to its
handler.  The records the state is made of are in :mod:`.parts`.  Readings of unclear
rules: ``docs/rulings/bedpans.md``.

Examples
--------
>>> import simlab
>>> game = BedpansGame(players=3)
>>> state = game.new_initial_state()
>>> state.current_player == simlab.CHANCE   # dealing the first Stuff
True
>>> final = simlab.run(game, seed=2)
>>> final.is_terminal
True
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any, ClassVar, cast

from simlab.core.api import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    State,
    plain_copy,
)
from simlab.core.chance import uniform_index
from simlab.core.errors import ConfigError
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import Space, TileGeometry, geometry_table
from simlab.games.bedpans.components import (
    COLOURS,
    DOOR,
    OPEN,
    STAFFERS,
    Components,
    load_components,
)
from simlab.games.bedpans.door_markers import DoorMarkers
from simlab.games.bedpans.end_of_game import EndOfGame
from simlab.games.bedpans.exploration import Exploration
from simlab.games.bedpans.hidden_information import HiddenInformation
from simlab.games.bedpans.layout import Layout, layout_of
from simlab.games.bedpans.moves import Moves
from simlab.games.bedpans.neutralizing import Neutralizing
from simlab.games.bedpans.options import OPTIONS
from simlab.games.bedpans.parts import (
    OVER,
    Chance,
    Decide,
    Decision,
    Draw,
    Phase,
)
from simlab.games.bedpans.rolls import ROLL_DRAWS, Rolls
from simlab.games.bedpans.setting_up import BED_LETTER, SettingUp
from simlab.games.bedpans.stuff_markers import StuffMarkers
from simlab.games.bedpans.turn_sequence import TurnSequence

__all__ = ["BedpansGame", "BedpansState"]

#: Each Resident token's name -> (colour, index): ``red 1`` is ``("red", 0)``.
_TOKENS = {f"{c} {i + 1}": (c, i) for c in COLOURS for i in (0, 1)}
#: How many of a colour's 2 tokens are off the layout.
_OFF_LAYOUT = operator.methodcaller("count", None)
#: The chance nodes that draw a tile (each tile that may be drawn equally likely).
_TILE_DRAWS = frozenset({Draw.TILE, Draw.ELEVATOR, Draw.EXIT})
#: The chance outcomes drawn so far, made once (they are frozen values): a Stuff-marker's
#: kind, a tile.
_draw_stuff = functools.cache(A.DrawStuff)
_draw_tile = functools.cache(A.DrawTile)


class BedpansGame(Game):
    """Bedpans & Broomsticks for 2 to 5 players (seat 0 is the Staff-player).

    Examples
    --------
    >>> game = BedpansGame(players=4)
    >>> game.seat_names()
    ['Staff', 'Elder red', 'Elder blue', 'Elder yellow']
    >>> game.parse_action("step N")
    Step(direction='N')
    """

    NAME = "bedpans"
    TITLE = "Bedpans & Broomsticks"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    DEFAULT_PLAYERS = 4
    OPTIONS = OPTIONS

    def __init__(self, players: int | None = None, variants: Any = (), **options: Any) -> None:
        super().__init__(players, variants, **options)
        if self.options["round_limit"] < 1:
            raise ConfigError("bedpans: round_limit must be at least 1")
        self.data: Components = load_components(self.component_set)
        self.geo = geometry_table(self.data)
        self.specs = {t.id: t for t in self.data.tiles}
        #: Where the Exit space of each tile faces, by its turn (None: no Exit space).
        self.exit_sides = {tid: tuple(g.exit_side() for g in turns)
                           for tid, turns in self.geo.items()}
        self.colours: tuple[str, ...] = COLOURS[: self.players - 1]
        self._seat_names = ("Staff", *(f"Elder {c}" for c in self.colours))
        #: The layout of the 4-bed start tile, where every game of this Game begins
        #: (:meth:`start_layout`).
        self._start: Layout | None = None

    def seat_names(self) -> list[str]:
        """``Staff``, then ``Elder red`` ... in seat order."""
        return list(self._seat_names)  # (made once: the events name seats at every draw)

    def new_initial_state(self) -> BedpansState:
        """The position before set-up chance (the first Stuff dealt)."""
        return BedpansState(self)

    def start_layout(self, state: BedpansState) -> Layout:
        """The :class:`~.layout.Layout` of ``state``, set up on the 4-bed start tile: one
        for every game of this Game, as clones share theirs (a layout is never changed, only
        added to), so what is worked out about it (what is in view, beds, Door-marker
        spots ...) is kept from game to game."""
        if self._start is None:
            self._start = layout_of(state)
        return self._start

    def parse_action(self, text: str) -> Action:
        """Read an action from its text (see :func:`actions.parse_action`)."""
        return A.parse_action(text)

    def components(self) -> dict[str, str]:
        """A one-line summary of each kind of component."""
        d = self.data
        names = ("start", "room", "elevator", "exit")
        kinds = {k: sum(t.kind == k for t in d.tiles) for k in names}
        return {
            "room tiles": f"{len(d.tiles)}: {kinds['start']} start, {kinds['room']} rooms "
            f"({sum(t.exit_sign for t in d.tiles)} with an Exit sign), {kinds['elevator']} "
            f"Elevator, {kinds['exit']} Exit (reconstructed)",
            "Stuff": f"{sum(k.count for k in d.stuff)} in {len(d.stuff)} kinds",
            "Door-markers": str(d.counts["Door-markers"]),
            "Staffers": "1 Doctor, 5 Nurses",
        }


class BedpansState(SettingUp, TurnSequence, Rolls, Moves, Exploration, StuffMarkers,
                   DoorMarkers, Neutralizing, EndOfGame, HiddenInformation, State):
    """A Bedpans & Broomsticks position.

    Public: the layout, every token and Staffer, Stuff on the layout, hand
    sizes, Door-markers.  Hidden: which token of another colour is the
    Elder (``elder``, unless ``known``), the other seats' hands.
    """

    #: Caches: ``_layout``, what the layout allows, worked out once per layout
    #: (:mod:`.layout`); ``_ready``, the decision found by :meth:`_settle` and its legal
    #: actions, which it lists to know whether there is a decision at all.
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset({"_layout", "_ready"})
    game: BedpansGame

    def __init__(self, game: BedpansGame) -> None:
        super().__init__(game)
        # Each field's type is declared once, in fields.StateFields (for the mixins too).
        n = game.players
        self._layout = None
        self._ready = ()
        specs = game.data.tiles
        self.tiles = {}
        self.features = {}
        self.stack = sorted(t.id for t in specs if t.kind == "room")
        self.elevators_left = sorted(t.id for t in specs if t.kind == "elevator")
        self.exits_left = sorted(t.id for t in specs if t.kind == "exit")
        self.links = {}
        self.door_markers = {}
        self.sealed = set()
        self.exit_signs = 0
        self.pairs_placed = 0
        self.exits_on = {}
        self.exit_rounds = []
        self.dormant = {}
        self.tokens = {c: [None, None] for c in game.colours}
        self.elder = {c: 0 for c in game.colours}
        self.known = {c: False for c in game.colours}
        self.staffers = [None] * len(STAFFERS)
        self.stuff_at = {}
        self.unseen = {k.name: k.count for k in game.data.stuff}
        self.pile = sum(self.unseen.values())
        self.discards = {}
        #: Played Stuff still in effect in front of its player, by kind
        #: (:data:`.stuff_markers.IN_FRONT`).
        self.in_front = {}
        self.hands = [[] for _ in range(n)]
        self.doors_held = [0] + [1] * (n - 1)
        self.door_supply = game.data.counts["Door-markers"] - (n - 1)
        self.neutralized = 0
        self.returned = ()  # Staffers sent back, to be told
        self.winner = None
        self.reason = ""
        self.round = 1
        self.active = 1
        self.phase = Phase.SETUP
        self.window = []
        self.moves_done = 0
        self.moved = []
        self.mover = None
        self.points = 0
        self.roll_kind = ""
        self.took = 0
        self.can_take = False
        self.explore = None
        self.target = None
        self.drawn = None
        self.queue = []
        self.draws = []
        self.need = OVER
        # Stuff in play (issue 5): turn effects, Status-markers, blocked doors
        self.fx = {}
        self.status = {}
        self.bed_bumps = set()
        self.blocked = {}
        self.trying = None
        self.chair = []
        self.chair_seat = 0
        self.planner = 0
        self.pending = 0
        self.dice = ()
        self.nudges = []
        self.ability_uses = [0] * n
        self.out = []
        self.escaped = []
        self.winners = ()
        if game.options["start_tile"] == "chosen" and len(self.start_tiles()) > 1:
            self.phase = Phase.START_TILE
        else:
            self._set_up("S")
            self._layout = game.start_layout(self)
        self._settle()

    # -- copying ---------------------------------------------------------------------------
    def clone(self) -> BedpansState:
        """An independent copy: each attribute copied as deep as it holds mutable values.

        The copy is written out for this state's fields (:data:`_COPIED`, :data:`_NESTED`;
        every other field holds immutable values, which the copy shares, as the generic
        :meth:`State.clone` would); a field this table does not know is copied by
        :func:`simlab.core.api.plain_copy`.  ``tests/games/bedpans/test_clone.py`` checks
        that no mutable value is shared with the original.

        Examples
        --------
        >>> s = BedpansGame(players=2).new_initial_state()
        >>> c = s.clone()
        >>> c.hands[1].append("Hurry Up"); c.tokens["red"][0] = None
        >>> s.hands[1], s.tokens["red"][0], c == s, s.clone() == s
        ([], ('U', 0, 0), False, True)
        """
        other = object.__new__(type(self))
        d = self.__dict__.copy()  # numbers, strings, records, the game, the layout: shared
        for name in _COPIED:
            d[name] = d[name].copy()
        d["tokens"] = {c: pair.copy() for c, pair in d["tokens"].items()}
        d["hands"] = [hand.copy() for hand in d["hands"]]
        if len(d) != _FIELD_COUNT:  # a field set by other code: copied generically
            for name in d.keys() - _FIELDS:
                d[name] = plain_copy(d[name])
        other.__dict__ = d
        return other

    # -- who acts ------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        need = self.need
        if type(need) is Decide:
            return need.seat
        return CHANCE if type(need) is Chance else TERMINAL

    @property
    def decider(self) -> int:
        """The seat that decides now (asked at a decision)."""
        return self.need.seat  # type: ignore[union-attr]  # at a decision

    # -- small helpers -------------------------------------------------------------------
    def seat_of(self, colour: str) -> int:
        """The seat playing ``colour``."""
        return self.game.colours.index(colour) + 1

    def colour_of(self, seat: int) -> str:
        """The colour of Elder-seat ``seat``."""
        return self.game.colours[seat - 1]

    @property
    def marker_edge(self) -> str:
        """What a played Door-marker makes of a wall: an open edge ``"o"`` ("This creates
        an open edge that can be moved through"), or a door ``"d"`` (ruling B18)."""
        return OPEN if self.game.options["door_marker"] == "open-edge" else DOOR

    def _geom(self, pos: tuple[str, int, int]) -> TileGeometry:
        tid, rot = self.tiles[pos]
        return self.game.geo[tid][rot]

    def position(self, name: str) -> Space | None:
        """Where the Character ``name`` (``red 1``, ``Doctor``, ``Nurse 2``) stands."""
        token = _TOKENS.get(name)
        if token is None:
            return self.staffers[STAFFERS.index(name)]
        return self.tokens[token[0]][token[1]]

    def occupants(self, space: Space) -> tuple[list[tuple[str, int]], list[int]]:
        """Resident tokens ``(colour, index)`` and Staffer indices on ``space``."""
        toks = [(c, i) for c, pos in self.tokens.items() for i in (0, 1) if pos[i] == space]
        staff = [i for i, pos in enumerate(self.staffers) if pos == space]
        return toks, staff

    def _occupied(self, space: Space) -> bool:
        if space in self.staffers:
            return True
        return any(space in pos for pos in self.tokens.values())

    def beds(self, colour: str) -> list[Space]:
        """Bed spaces of ``colour`` on the layout (kept for the layout: the features are
        those of its tiles)."""
        letter = BED_LETTER[colour]
        return list(layout_of(self).known(("beds of", letter), self._features_of, letter))

    def _features_of(self, letter: str) -> tuple[Space, ...]:
        """The spaces of the layout with the feature ``letter``, sorted."""
        return tuple(sorted(s for s, f in self.features.items() if f == letter))

    # -- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        ready = self._ready
        if ready and ready[0] is self.need:  # listed when the decision was found
            return list(ready[1])
        return self._list_legal()

    def _list_legal(self) -> list[Action]:
        """The legal actions of the decision, listed from the position by the section of
        the rules it belongs to (:data:`_LEGAL`; those of a move, a Stuff window or the
        choice of a mover are listed as the decision is found)."""
        need = cast(Decide, self.need)  # a decision
        return _LEGAL[need.decision](self, need.seat)

    # -- chance ------------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        what = cast(Chance, self.need).draw
        if what == "roll":
            return self._roll_outcomes()
        if what == "door":
            p_open = self._door_chance()
            return [(A.DoorResult(True), p_open), (A.DoorResult(False), 1 - p_open)]
        if what == "stuff":
            total = sum(self.unseen.values())
            return [(A.DrawStuff(k), Fraction(c, total)) for k, c in self.unseen.items() if c]
        pool = self._tile_pool() if what == "tile" else self._special_pool(what)
        p = Fraction(1, len(pool))
        return [(A.DrawTile(t), p) for t in pool]

    def _sample_chance(self, rng: Any) -> Action:
        """Draw what :func:`~simlab.core.chance.sample_chance` draws from
        :meth:`_chance_outcomes`, with the same use of ``rng``, without making every outcome
        and its Fraction: a Stuff-marker (``c / total`` is the float of ``Fraction(c,
        total)``), a movement roll with no Stuff in play (its running totals made once), a
        Room, Elevator or Exit tile (equally likely ones,
        :func:`~simlab.core.chance.uniform_index`).
        ``tests/games/bedpans/test_chance_draws.py`` checks the draws against the default."""
        what = self.need.draw  # type: ignore[union-attr]  # at a chance node
        if what == "stuff":
            unseen = self.unseen
            kinds = [k for k, c in unseen.items() if c]
            if len(kinds) > 1:
                total = sum(unseen.values())
                u = rng.random()
                running = 0.0
                for kind in kinds:
                    running += unseen[kind] / total
                    if u < running:
                        return _draw_stuff(kind)
            return _draw_stuff(kinds[-1])
        if what == "roll" and not self.fx and self.roll_kind in ROLL_DRAWS:
            draws = ROLL_DRAWS[self.roll_kind]
            if len(draws) == 1:  # pragma: no cover - every roll has several results
                return draws[0][1]
            u = rng.random()
            for running, action in draws:
                if u < running:
                    return action
            return draws[-1][1]
        if what in _TILE_DRAWS:
            pool = self._tile_pool() if what == "tile" else self._special_pool(what)
            return _draw_tile(pool[uniform_index(len(pool), rng)])
        return super()._sample_chance(rng)

    # -- applying ----------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        kind = type(action)
        if kind not in _MAY_REMOVE:  # no Character moves: no one is removed
            events = _HANDLERS[kind](self, action)
            self._settle()
            if self.need is OVER:
                events = [*events, *self._result_events()]
            return events  # type: ignore[no-any-return]
        before = [*map(_OFF_LAYOUT, self.tokens.values())]  # each colour's tokens off the layout
        count = self.neutralized
        events = _HANDLERS[kind](self, action)
        if self.returned or self.neutralized != count or [
                *map(_OFF_LAYOUT, self.tokens.values())] != before:
            # someone may have been removed, or neutralized as they re-entered (a colour
            # with no more tokens off the layout than before is told nothing)
            events += self._removal_events(dict(zip(self.tokens, before, strict=True)))
            if self.returned:
                events += self._return_events()
        self._settle()
        if self.need is OVER:
            events = [*events, *self._result_events()]
        return events  # type: ignore[no-any-return]

    # -- display ------------------------------------------------------------------------------
    def __str__(self) -> str:
        return (f"<bedpans round {self.round}, {self.phase}, {len(self.tiles)} tiles, "
                f"neutralized {self.neutralized}, player {self.current_player}>")


#: The state's fields that hold a dict, list or set of immutable values (a shallow copy
#: each in :meth:`BedpansState.clone`), those one level deeper, and the immutable ones.
_COPIED = (
    "tiles", "features", "stack", "elevators_left", "exits_left", "links", "door_markers",
    "sealed", "exits_on", "exit_rounds", "dormant", "elder", "known", "staffers", "stuff_at",
    "unseen", "discards", "in_front", "doors_held", "window", "moved", "queue", "draws", "status",
    "bed_bumps", "blocked", "chair", "nudges", "ability_uses", "out", "escaped", "fx",
)
_NESTED = ("tokens", "hands")
_IMMUTABLE = (
    "game", "_layout", "_ready", "exit_signs", "pairs_placed", "pile", "door_supply",
    "neutralized", "winner", "reason", "round", "active", "phase", "moves_done", "mover",
    "points", "roll_kind", "took", "can_take", "explore", "target", "drawn", "need",
    "trying", "chair_seat", "planner", "pending", "dice", "winners", "returned",
)
_FIELDS = frozenset((*_COPIED, *_NESTED, *_IMMUTABLE))
_FIELD_COUNT = len(_FIELDS)

#: The actions after which a Resident may be gone (neutralized, a Decoy removed): those
#: that move a Character or play Stuff.  After the others :meth:`BedpansState._apply`
#: looks for no removal.
_MAY_REMOVE = frozenset({A.Step, A.Closer, A.PlayStuff, A.Reenter, A.PlaceDecoy,
                         A.SendStaffer})

_HANDLERS: dict[type, Any] = {
    A.Roll: BedpansState._roll,
    A.RollDice: BedpansState._roll_dice,
    A.Closer: BedpansState._closer,
    A.DrawStuff: BedpansState._draw_stuff,
    A.DrawTile: BedpansState._draw_tile,
    A.PlaceTile: BedpansState._place_tile,
    A.Explore: BedpansState._explore,
    A.PlaceStuff: BedpansState._place_stuff,
    A.SendStaffer: BedpansState._send_staffer,
    A.LeaveStation: BedpansState._leave_station,
    A.ChooseStart: BedpansState._choose_start,
    A.Reenter: BedpansState._reenter,
    A.PlaceDecoy: BedpansState._place_decoy,
    A.Pass: BedpansState._pass,
    A.PlayDoor: BedpansState._play_door,
    A.ChooseMover: BedpansState._choose,
    A.Step: BedpansState._step,
    A.Stop: BedpansState._stop,
    A.TakeStuff: BedpansState._take,
    A.Discard: BedpansState._discard_action,
    A.Exchange: BedpansState._exchange,
    A.PlayStuff: BedpansState._play_stuff,
    A.TryDoor: BedpansState._try_door,
    A.DoorResult: BedpansState._door_result,
    A.GuessCode: BedpansState._guess_code,
}

#: The legal actions of each decision, listed by the mixin of its section of the rules
#: (:meth:`BedpansState._list_legal`).
_LEGAL: dict[Decision, Callable[[BedpansState, int], list[Action]]] = {
    Decision.START_TILE: BedpansState._legal_start_tile,
    Decision.REENTER: BedpansState._legal_reenter,
    Decision.DECOY: BedpansState._legal_decoy,
    Decision.WINDOW: BedpansState._legal_window,
    Decision.CHOOSE: BedpansState._legal_choose,
    Decision.MOVE: BedpansState._legal_move,
    Decision.CHAIR: BedpansState._legal_chair,
    Decision.CLOSER: BedpansState._legal_closer,
    Decision.GUESS: BedpansState._legal_guess,
    Decision.DISCARD: BedpansState._legal_discard,
    Decision.EXCHANGE: BedpansState._legal_exchange,
    Decision.EXPLORE: BedpansState._legal_explore,
    Decision.PLACE: BedpansState._legal_place,
    Decision.SPECIAL: BedpansState._legal_special,
    Decision.STATION: BedpansState._legal_station,
    Decision.EXTRA: BedpansState._legal_extra,
    Decision.STUFF_PLACE: BedpansState._legal_stuff_place,
}
