"""Bedpans & Broomsticks rules: the Game and its State (base game).

Seat 0 is the Staff-player; seats 1.. are the Elder-players (red, blue,
yellow, green), who play first in a round, the Staff last.  An Elder turn:
re-entry (after a neutralization) or the Decoy's repositioning, a Stuff
window (the active player first, then clockwise), two moves (3 dice, the
lowest 2; then 2 dice for the other token), a second Stuff window, the
end-of-turn exchange.  A Staff turn: Stuff window, 3 Staffers moved (2 with
2 players), Stuff window, exchange.

Movement is one step per action, pausing for exploration when a Resident
sees an open edge with no tile beyond: the Staff-player picks the edge
(when several), a tile is drawn (chance, among the tiles that fit: drawing
and reshuffling until one fits gives the same distribution), the Staff
turns it, then Staffers, Stuff and the Exit-sign sequence follow.  The state
is put together from mixins, one concern each: :class:`.exploration.Exploration`
(placing new tiles) and :class:`.moves.Moves` (a Character's steps); this
module holds the turn sequence, Stuff windows, neutralization, winning and
hidden information.

The Stuff effects (issue 5) live in :mod:`.stuff`: :meth:`stuff_plays`
lists the playable Stuff in a Stuff window (the Door-marker is played in the
same windows); the Variations are options with ``variant=True``.  Readings of unclear rules:
``docs/rulings/bedpans.md``.

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
import itertools
import operator
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar, cast

from simlab.core.api import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    Option,
    Outcome,
    State,
    plain_copy,
)
from simlab.core.chance import uniform_index
from simlab.core.errors import ConfigError, SimlabError
from simlab.games.bedpans import actions as A
from simlab.games.bedpans import stuff
from simlab.games.bedpans.board import (
    DX,
    DY,
    Space,
    TileGeometry,
    geometry_table,
    marker_key,
    parse_space,
    space_text,
)
from simlab.games.bedpans.components import (
    COLOURS,
    DOOR,
    OPEN,
    STAFFERS,
    Components,
    load_components,
    start_candidates,
)
from simlab.games.bedpans.exploration import Exploration
from simlab.games.bedpans.layout import Layout, bfs_field, layout_of
from simlab.games.bedpans.moves import Moves
from simlab.games.bedpans.parts import (
    OVER,
    BlockedDoor,
    Chance,
    Decide,
    Decision,
    Draw,
    ExtraNurse,
    Lasting,
    Nudge,
    OneStuff,
    OpenEdge,
    Over,
    PlaceSpecial,
    QueueItem,
    Station,
)

__all__ = [
    "HAND_LIMIT",
    "HIDDEN",
    "STAFFERS",
    "BedpansGame",
    "BedpansState",
    "read_roll",
    "roll_distribution",
]

HAND_LIMIT = 3
#: What another seat sees in place of a Stuff-marker in a hidden hand.
HIDDEN = "?"
_BED = {"red": "R", "blue": "B", "yellow": "Y", "green": "G"}
#: Status-markers removed at the end of the round.
_ROUND_MARKERS = ("Just Cleaned", "Puddle")
#: Stuff placed "in front of you" when played (l.331-350), and when it leaves (then it is
#: discarded; ruling B8: only discarded Stuff is reshuffled into an empty pile): Jammed Door
#: and Door Code with their door's markers, Just Cleaned and Plans! at the end of the round,
#: Walker at the end of the turn ("to move this turn"), Bed Bump never (ruling S13).
IN_FRONT: dict[str, str] = {"Bed Bump": "game", "Door Code": "door", "Jammed Door": "door",
                            "Just Cleaned": "round", "Plans!": "round", "Walker": "turn"}
_UNTIL_TURN_END = tuple(k for k, until in IN_FRONT.items() if until == "turn")
_UNTIL_ROUND_END = tuple(k for k, until in IN_FRONT.items() if until in ("turn", "round"))
#: The orders, top to bottom, of the Door Code's 1, 2, 3 markers.
CODE_ORDERS = ("123", "132", "213", "231", "312", "321")
#: Each Resident token's name -> (colour, index): ``red 1`` is ``("red", 0)``.
_TOKENS = {f"{c} {i + 1}": (c, i) for c in COLOURS for i in (0, 1)}
#: The names of each colour's two tokens.
_PAIR = {c: (f"{c} 1", f"{c} 2") for c in COLOURS}
#: Actions offered again and again, made once (they are frozen values).
_PASS = A.Pass()
_CHOOSE = {name: A.ChooseMover(name) for name in (*_TOKENS, *STAFFERS)}
#: How many of a colour's 2 tokens are off the layout.
_OFF_LAYOUT = operator.methodcaller("count", None)
#: What chance draws, made once.
_DRAW_STUFF, _DRAW_DOOR, _DRAW_ROLL = Chance(Draw.STUFF), Chance(Draw.DOOR), Chance(Draw.ROLL)
#: Names the turn machine reads at every step, read from their enums once: in Python 3.11
#: reading a member from its class (``Decision.MOVE``) goes through ``enum``'s class
#: ``__getattr__`` hook, several times the cost of a module constant.
_MOVE, _WINDOW, _CHOOSE_MOVER, _DECOY = Decision.MOVE, Decision.WINDOW, Decision.CHOOSE, \
    Decision.DECOY
_FLYING_BEDPAN, _COFFEE_BREAK = Lasting.FLYING_BEDPAN, Lasting.COFFEE_BREAK
#: The chance nodes that draw a tile (each tile that may be drawn equally likely).
_TILE_DRAWS = frozenset({Draw.TILE, Draw.ELEVATOR, Draw.EXIT})


#: The decisions whose legal actions :meth:`BedpansState._decide` lists as it finds them,
#: by seat and kind, made once.
_LISTED = tuple({kind: Decide(seat, kind) for kind in (Decision.WINDOW, Decision.MOVE,
                                                        Decision.CHOOSE, Decision.CHAIR)}
                for seat in range(5))  # at most 5 players


#: Features of a space that takes no Stuff: a Staff station (l.240), an elevator or stairs.
_NO_STUFF = frozenset("NDES")
#: Where the set-up Stuff of a start tile may go, in order: centre, N, E, S, W, the corners.
_SETUP_STUFF_ORDER = ((1, 1), (1, 0), (2, 1), (1, 2), (0, 1), (0, 0), (2, 0), (0, 2), (2, 2))

#: The chance outcomes drawn so far, made once (they are frozen values): a Stuff-marker's
#: kind, a tile.
_draw_stuff = functools.cache(A.DrawStuff)
_draw_tile = functools.cache(A.DrawTile)


@functools.lru_cache(maxsize=1_000)
def _rolled(mover: str, result: int, seat: int) -> Event:
    """The event of ``mover``'s movement roll in ``seat``'s turn (made once: an event is an
    immutable record)."""
    return Event(f"{mover} rolls {result}", "roll", seat)


#: The action that places the Decoy on a space: those offered so far, made once (they are
#: frozen values; the beds of many layouts at most).
_decoy_at = functools.lru_cache(maxsize=10_000)(A.PlaceDecoy)


def roll_distribution(kind: str) -> tuple[tuple[int, Fraction], ...]:
    """Exact distribution of a movement result, by enumerating the three-sided dice.

    ``kind``: ``elder1`` (3 dice, lowest 2), ``elder2`` (2 dice), ``nurse1``
    (first Nurse: 3 dice, highest 2), ``nurse`` (lowest 2), ``doctor`` (red
    die plus the lower white die).  Same as :mod:`.movement`'s expressions.

    Examples
    --------
    >>> [(v, str(p)) for v, p in roll_distribution("elder2")]
    [(2, '1/9'), (3, '2/9'), (4, '1/3'), (5, '2/9'), (6, '1/9')]
    """
    return _ROLLS[kind]


def read_roll(kind: str, dice: tuple[int, ...]) -> int:
    """The movement result of the dice as ``kind`` reads them (the red die first).

    Examples
    --------
    >>> read_roll("elder1", (2, 1, 3))   # "He rolls 2, 1, 3. The sum of the lowest 2 ... is 3"
    3
    >>> read_roll("elder1", (3, 2, 2))   # the rulebook says 3: a misprint (ruling B16)
    4
    >>> read_roll("doctor", (3, 1, 2)), read_roll("nurse1", (3, 1, 2))
    (4, 5)
    """
    if kind == "doctor":
        return dice[0] + min(dice[1], dice[2])
    if kind == "nurse1":
        return sum(sorted(dice)[-2:])
    return sum(sorted(dice)[:2])


def _enumerate(kind: str) -> tuple[tuple[int, Fraction], ...]:
    counts: dict[int, int] = {}
    n = 2 if kind == "elder2" else 3
    for dice in itertools.product((1, 2, 3), repeat=n):
        value = read_roll(kind, dice)
        counts[value] = counts.get(value, 0) + 1
    total = 3**n
    return tuple((v, Fraction(c, total)) for v, c in sorted(counts.items()))


_ROLLS = {k: _enumerate(k) for k in ("elder1", "elder2", "nurse1", "nurse", "doctor")}
#: Each movement roll's outcomes as actions; and each outcome after the running total of
#: the chances up to it as :func:`~simlab.core.chance.sample_chance` adds them up (for
#: ``_sample_chance``).
_ROLL_OUTCOMES = {k: tuple((A.Roll(v), p) for v, p in d) for k, d in _ROLLS.items()}
_ROLL_DRAWS = {k: tuple(zip(itertools.accumulate(p.numerator / p.denominator for _, p in d),
                            (action for action, _ in _ROLL_OUTCOMES[k]), strict=True))
               for k, d in _ROLLS.items()}


def _staff_dice() -> tuple[tuple[tuple[int, int, int], Fraction], ...]:
    """The red die and the two white dice (lower first), with their chances."""
    counts: dict[tuple[int, int, int], int] = {}
    for red, a, b in itertools.product((1, 2, 3), repeat=3):
        key = (red, min(a, b), max(a, b))
        counts[key] = counts.get(key, 0) + 1
    return tuple((k, Fraction(c, 27)) for k, c in sorted(counts.items()))


_STAFF_DICE = _staff_dice()


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
    OPTIONS = (
        Option("round_limit", 60, "rounds after which the game ends undecided (a guard for "
               "endless play; ruling B14)"),
        Option("start_tile", "four-beds", "'Special – Start Tiles': the 4-bed tile "
               "('Normally'), or the tile the first Elder-player chooses among those the text "
               "allows (with 2 players a 2-bed tile, with 3 a 3-bed tile, or the 4-bed tile; "
               "ruling B13)", choices=("four-beds", "chosen")),
        Option("staffers_take_stuff", True, "whether Staffers take Stuff they move onto "
               "(ruling B9)"),
        Option("first_nurse", "first-nurse-moved", "which Nurse uses the 2 highest dice: the "
               "first Nurse moved in the Staff turn, or a Nurse only when moved before any "
               "other Staffer (ruling M3)",
               choices=("first-nurse-moved", "first-staffer-moved")),
        Option("hurry_up", "dice+1", "reading of Hurry Up: each movement die counts 1 more "
               "(a move 2 longer), or the movement result is 1 more (ruling M4)",
               choices=("dice+1", "result+1")),
        Option("detector", "dice-1", "reading of Detector: each movement die counts 1 (a "
               "move of 2), or the movement result is 1 (ruling M5)",
               choices=("dice-1", "result-1")),
        Option("walker", "dice-2", "reading of Walker: each movement die may count 2 (a move "
               "of 4), or a movement result of 2 may be used (ruling M6)",
               choices=("dice-2", "result-2")),
        Option("counted_neutralizations", "staff", "which neutralized Elders count towards the "
               "Staff's win: those the Staff-player neutralized, or also an Elder another "
               "Elder-player's Stuff neutralized (ruling S5)", choices=("staff", "all")),
        Option("new_shift", "next-tile", "New Shift acts on the next new tile placed this "
               "turn, or waits for the next one with a station (ruling S12)",
               choices=("next-tile", "next-station-tile")),
        Option("door_marker", "open-edge", "a played Door-marker creates an open edge (sight "
               "passes), or counts as a door (it blocks sight; ruling B18)",
               choices=("open-edge", "door")),
        Option("bed_bump", "marked-space", "where Bed Bump goes: a space next to one of your "
               "Characters that already has a Status-marker, or one with none yet (ruling S13)",
               choices=("marked-space", "unmarked-space")),
        Option("wake_by", "step", "what wakes an Elevator pair's Staffers: a Resident's step "
               "onto its Elevator or Stairs space, or any move there, forced moves of Stuff "
               "included (ruling B7)", choices=("step", "any-move")),
        Option("exit_by", "step", "what lets an Elder leave by an Exit space: a step onto it, "
               "or any move there, a Bed Bump push or a forced move included (ruling B17)",
               choices=("step", "any-move")),
        Option("strike_elevator", "later-tile", "Staffers on Strike and an Elevator pair placed "
               "this turn: the Strike waits for a later tile, or keeps the Staffers off the "
               "pair's first tile with a station (ruling S12)",
               choices=("later-tile", "elevator-tile")),
        Option("staff_experience", False, "Variation 'Staff Experience' [favors Elders]: the "
               "Staff must neutralize as many Elders as there are players", variant=True),
        Option("co_op_victory", False, "Variation 'Co-op Victory' [neutral]: Elders reaching an "
               "Exit in the same round are co-winners (ruling V2)", variant=True),
        Option("co_op_after_exit", "elders-won", "under 'Co-op Victory', whether the Staff may "
               "still win in the rest of the round once an Elder has left by an Exit "
               "(ruling V2)", choices=("elders-won", "race-on")),
        Option("all_or_nothing", False, "Variation 'All or Nothing' [favors Staff]: every Elder "
               "must reach an Exit (ruling V3)", variant=True),
        Option("no_recovery", False, "Variation 'No Recovery' [favors Staff]: a neutralized "
               "Elder is out of the game", variant=True),
        Option("door_markers", False, "Variation 'Door-markers' [favors Elders]: a Door-marker "
               "may go on any wall except by Stairs or Elevators", variant=True),
        Option("limited_occupancy", False, "Variation 'Limited Occupancy' [neutral]: 5+ "
               "Characters in a space at the end of a turn remove the Decoys there",
               variant=True),
        Option("do_no_harm", False, "Variation '1st Do No Harm' [favors Elders]: an Elder "
               "ignores T and X Stuff played by another Elder (ruling V6)", variant=True),
        Option("stuff_is_stuff", False, "Variation 'Stuff is Stuff' [favors Elders]: Stuff "
               "discarded unused stays on the layout; every pick-up costs 1 (ruling V7)",
               variant=True),
        Option("elder_abilities", False, "Variation 'Elder Abilities' (no label): each Elder "
               "has a reconstructed ability, used twice like Stuff; the Staff starts with 2 "
               "Stuff (ruling V9)", variant=True),
        Option("roll_and_assign", False, "Variation 'Roll Movement Dice & Assign' (no label): "
               "the dice are rolled before the Character to move is chosen (ruling V10)",
               variant=True),
        Option("assign_for", "elders", "who rolls before choosing under 'Roll Movement Dice & "
               "Assign': the Elders (whose Displays show it), or the Staff too (ruling V10)",
               choices=("elders", "everyone")),
        Option("tile_placement", False, "Variation 'Tile Placement' [favors Elders]: a tile "
               "is turned so that 2 doors match if possible (ruling V8)", variant=True),
        Option("tile_match", "passages", "what '2 doors match' counts under 'Tile Placement': "
               "ways across the tile border (open edges and doors), or printed doors only "
               "(ruling V8)", choices=("passages", "doors")),
    )

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


class BedpansState(Exploration, Moves, State):
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
        n = game.players
        self._layout: Layout | None = None
        self._ready: tuple = ()
        specs = game.data.tiles
        self.tiles: dict[tuple[str, int, int], tuple[str, int]] = {}
        self.features: dict[Space, str] = {}
        self.stack: list[str] = sorted(t.id for t in specs if t.kind == "room")
        self.elevators_left: list[str] = sorted(t.id for t in specs if t.kind == "elevator")
        self.exits_left: list[str] = sorted(t.id for t in specs if t.kind == "exit")
        self.links: dict[Space, tuple[Space, str]] = {}
        self.door_markers: dict[tuple[Space, Space], int] = {}
        self.sealed: set[tuple[str, int, int]] = set()
        self.exit_signs = 0
        self.pairs_placed = 0
        self.exits_on: dict[str, int] = {}
        self.exit_rounds: list[int] = []
        self.dormant: dict[tuple[str, int, int], str] = {}
        self.tokens: dict[str, list[Space | None]] = {c: [None, None] for c in game.colours}
        self.elder: dict[str, int] = {c: 0 for c in game.colours}
        self.known: dict[str, bool] = {c: False for c in game.colours}
        self.staffers: list[Space | None] = [None] * len(STAFFERS)
        self.stuff_at: dict[Space, int] = {}
        self.unseen: dict[str, int] = {k.name: k.count for k in game.data.stuff}
        self.pile = sum(self.unseen.values())
        self.discards: dict[str, int] = {}
        #: Played Stuff still in effect in front of its player (:data:`IN_FRONT`), by kind.
        self.in_front: dict[str, int] = {}
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.doors_held = [0] + [1] * (n - 1)
        self.door_supply = game.data.counts["Door-markers"] - (n - 1)
        self.neutralized = 0
        self.returned: tuple[tuple[int, Space], ...] = ()  # Staffers sent back, to be told
        self.winner: int | None = None
        self.reason = ""
        self.round = 1
        self.active = 1
        self.phase = "setup"
        self.window: list[int] = []
        self.moves_done = 0
        self.moved: list[str] = []
        self.mover: str | None = None
        self.points = 0
        self.roll_kind = ""
        self.took = 0
        self.can_take = False
        self.explore: Space | None = None
        self.target: OpenEdge | None = None
        self.drawn: str | None = None
        self.queue: list[QueueItem] = []
        self.draws: list[int] = []
        self.need: Decide | Chance | Over = OVER
        # Stuff in play (issue 5): turn effects, Status-markers, blocked doors
        self.fx: dict[Lasting, list[str]] = {}
        self.status: dict[Space, str] = {}
        self.bed_bumps: set[Space] = set()
        self.blocked: dict[tuple[Space, Space], BlockedDoor] = {}
        self.trying: tuple[Space, Space] | None = None
        self.chair: list[str] = []
        self.chair_seat = 0
        self.planner = 0
        self.pending = 0
        self.dice: tuple[int, ...] = ()
        self.nudges: list[Nudge] = []
        self.ability_uses = [0] * n
        self.out: list[str] = []
        self.escaped: list[int] = []
        self.winners: tuple[int, ...] = ()
        if game.options["start_tile"] == "chosen" and len(self.start_tiles()) > 1:
            self.phase = "start-tile"
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
        d["fx"] = {k: v.copy() for k, v in d["fx"].items()}
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

    @property
    def outcome(self) -> Outcome | None:
        if self.need is not OVER:
            return None
        n = self.game.players
        winners = () if self.winner is None else (self.winners or (self.winner,))
        scores = tuple(1.0 if s in winners else 0.0 for s in range(n))
        return Outcome(winners, scores, self.reason)

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
        letter = _BED[colour]
        return list(layout_of(self).known(("beds of", letter), self._features_of, letter))

    def _features_of(self, letter: str) -> tuple[Space, ...]:
        """The spaces of the layout with the feature ``letter``, sorted."""
        return tuple(sorted(s for s, f in self.features.items() if f == letter))

    # -- set-up --------------------------------------------------------------------------
    def start_tiles(self) -> list[str]:
        """The tiles play may start on with this many players ("Special – Start Tiles")."""
        return start_candidates(self.game.data.tiles, self.game.players)

    def _set_up(self, start: str) -> None:
        if start != "S":  # "Shuffle the rest of the Room-tiles": the 4-bed tile too
            self.stack = sorted([*self.stack, "S"])
        self._put_tile(("U", 0, 0), start, 0)
        for space, f in list(self.features.items()):
            for colour in self.game.colours:
                if f == _BED[colour]:
                    self.tokens[colour] = [space, space]
            if f == "$":
                self._put_stuff(space)
        if start != "S":  # ruling B13: the set-up Stuff goes on the centre space, or
            self._put_stuff(self._setup_stuff_space())  # the nearest without a station
        self.draws = []
        for seat in range(self.game.players):
            self._queue_draw(seat)
        if self.game.options["elder_abilities"]:  # the Staff starts with 2 Stuff
            self._queue_draw(0)
        self.phase = "start"

    def _setup_stuff_space(self) -> Space:
        """Where the set-up Stuff goes on a start tile printed without one (ruling B13).

        The centre space, as the 4-bed tile shows it; "Do not place Stuff on a space
        containing a Staff station" (l.240), nor (as for the 1 Stuff of an Elevator or Exit
        tile) on an elevator or stairs: then the first such free space next to the centre,
        looking N, E, S, W, then the corners in reading order.
        """
        for x, y in _SETUP_STUFF_ORDER:
            space = ("U", x, y)
            if self.features.get(space, ".") not in _NO_STUFF:
                return space
        raise SimlabError("bedpans: the start tile has no space for the set-up Stuff")

    # -- Stuff bookkeeping ---------------------------------------------------------------
    def _queue_draw(self, seat: int) -> None:
        if self.pile == 0 and self.discards:  # ruling B8: reshuffle the discards
            for kind, count in self.discards.items():
                self.unseen[kind] += count
                self.pile += count
            self.discards = {}
        if self.pile == 0:
            return
        self.pile -= 1
        self.draws.append(seat)

    def _lay_aside(self, kind: str, count: int | None = None) -> None:
        """``count`` Stuff of ``kind`` in front of the players (all when None) is no longer
        in effect: it goes to the discards."""
        held = self.in_front.get(kind, 0)
        n = held if count is None else min(count, held)
        if not n:
            return
        if n == held:
            del self.in_front[kind]
        else:
            self.in_front[kind] = held - n
        self.discards[kind] = self.discards.get(kind, 0) + n

    def _discard(self, seat: int, kind: str) -> None:
        self.hands[seat].remove(kind)
        self.discards[kind] = self.discards.get(kind, 0) + 1

    def _put_stuff(self, space: Space) -> bool:
        if self.pile > 0:
            self.pile -= 1
        else:  # "use one Stuff from the most distant tile" (ruling B8)
            floor, x, y = space
            here = (x // 3, y // 3)

            def far(s: Space) -> tuple:
                if s[0] != floor:
                    return (-10**6, s)
                return (-(abs(s[1] // 3 - here[0]) + abs(s[2] // 3 - here[1])), s)

            options = sorted((s for s in self.stuff_at if (s[1] // 3, s[2] // 3) != here
                              or s[0] != floor), key=far)
            if not options:
                return False
            source = options[0]
            self.stuff_at[source] -= 1
            if self.stuff_at[source] == 0:
                del self.stuff_at[source]
        self.stuff_at[space] = self.stuff_at.get(space, 0) + 1
        return True

    def _stuff_available(self) -> bool:
        return self.pile > 0 or bool(self.stuff_at)

    # -- the machine: find the next decision or chance node -------------------------------
    def _settle(self) -> None:
        """Run the machine to the next decision or chance node: what is pending first
        (:meth:`_pending_step`), else the next step of the turn in its phase (a table,
        :data:`_PHASES`); each step says whether it stopped.

        A hand goes over the hand limit only by a Stuff-marker drawn, an action: the
        machine's own steps never add to a hand, so the hands are looked at once, here."""
        over_limit = False  # (a loop: max(map(len, ...)) takes twice as long)
        for hand in self.hands:
            if len(hand) > HAND_LIMIT:
                over_limit = True
                break
        while True:
            if self.winner is not None or self.reason:
                self.need = OVER
                return
            if (self.draws or self.trying is not None or self.queue or self.explore is not None
                    or self.nudges or self.chair or over_limit):
                stop = self._pending_step()
            else:
                stop = _PHASES[self.phase](self)
            if stop:
                return

    def _pending_step(self) -> bool:
        """One step of what the turn waits on, in this order: Stuff-markers to draw, a
        blocked door tried, a hand over the limit, tiles, Staffers and Stuff to place, a
        tile to explore, Stuff's moves closer to a bed, Power-Chair's free moves.  True
        when it stops at a decision or a chance node."""
        if self.draws:
            self.need = _DRAW_STUFF
            return True
        if self.trying is not None:
            if self.blocked[self.trying].stuff == "Door Code":
                self.need = Decide(self.active, Decision.GUESS)
            else:
                self.need = _DRAW_DOOR
            return True
        if max(map(len, self.hands)) > HAND_LIMIT:
            seat = next(s for s, hand in enumerate(self.hands) if len(hand) > HAND_LIMIT)
            self.need = Decide(seat, Decision.DISCARD)
            return True
        if self.queue:
            return self._queue_step()
        if self.explore is not None:
            return self._explore_step()
        if self.nudges:
            return self._nudge_step()
        return self._chair_step()  # called with a chair pending

    def _start_tile_phase(self) -> bool:
        self.need = Decide(1, Decision.START_TILE)  # the first Elder-player chooses (B13)
        return True

    def _start_phase(self) -> bool:
        seat = self.active
        self.moves_done, self.moved, self.took = 0, [], 0
        if seat == 0:
            self._open_window("window1")
        elif self.colour_of(seat) in self.out:
            self.phase = "end"
        elif all(p is None for p in self.tokens[self.colour_of(seat)]):
            self.phase = "reenter"
        else:
            self.phase = "decoy"
        return False

    def _reenter_phase(self) -> bool:
        self.need = Decide(self.active, Decision.REENTER)
        return True

    def _decoy_phase(self) -> bool:
        self.need = Decide(self.active, _DECOY)
        return True

    def _window_phase(self) -> bool:
        while self.window:  # the seats with nothing to play are passed over
            plays = self._window_plays(self.window[0])
            if plays:
                self._decide(self.window[0], _WINDOW, [_PASS, *plays])
                return True
            self.window.pop(0)
        self.phase = "moves" if self.phase == "window1" else "exchange"
        return False

    def _roll_phase(self) -> bool:
        self.need = _DRAW_ROLL
        return True

    def _move_phase(self) -> bool:
        options = self._move_options()
        if not options:  # no step left, or the mover is gone
            self.moves_done += 1
            self.moved.append(self.mover)  # type: ignore[arg-type]
            self.mover, self.points, self.can_take = None, 0, False
            self.phase = "moves"
            return False
        self._decide(self.active, _MOVE, options)
        return True

    def _exchange_phase(self) -> bool:
        seat = self.active
        if len(self.hands[seat]) >= 2:
            self.need = Decide(seat, Decision.EXCHANGE)
            return True
        self.phase = "end"
        return False

    def _end_phase(self) -> bool:
        self._end_turn()
        return False

    def _decide(self, seat: int, kind: Decision, legal: Sequence[Action]) -> None:
        """``seat`` decides ``kind`` among ``legal`` (kept for :meth:`_legal_actions`, with
        the decision: the record of :data:`_LISTED`, which only this method sets as
        ``need``, so that ``_ready`` is that of the decision whenever ``need`` is it)."""
        self.need = need = _LISTED[seat][kind]
        self._ready = (need, tuple(legal))

    def _open_window(self, phase: str) -> None:
        active = self.active  # the active player first, then clockwise
        self.window = [*range(active, self.game.players), *range(active)]
        self.phase = phase

    def _movers_available(self) -> list[str]:
        seat = self.active
        if seat == 0:
            names, places = STAFFERS, self.staffers
        else:
            colour = self.colour_of(seat)
            names, places = _PAIR[colour], self.tokens[colour]
        moved = self.moved
        frozen = self.fx.get(_FLYING_BEDPAN, ()) if self.fx else ()
        out = []  # (a loop: a comprehension makes a function at each call in Python 3.11)
        for i, name in enumerate(names):
            if places[i] is not None and name not in moved and name not in frozen:
                out.append(name)
        return out

    def _moves_allowed(self) -> int:
        if self.active != 0:
            return 2
        if _COFFEE_BREAK in self.fx:
            return 1
        if self.game.players == 2 or (self.escaped and self.game.options["all_or_nothing"]):
            return 2
        return 3

    def _next_move(self) -> bool:
        available = self._movers_available()
        if self.moves_done >= self._moves_allowed() or not available:
            self._open_window("window2")
            return False
        if self.game.options["roll_and_assign"] and not self.pending and not self.dice:
            if self.active:
                self.mover = None
                self.roll_kind = "elder1" if self.moves_done == 0 else "elder2"
                self.phase = "roll"
                return False
            if self.game.options["assign_for"] == "everyone":
                self.mover, self.roll_kind, self.phase = None, "staff-dice", "roll"
                return False
        if len(available) > 1:
            self._decide(self.active, _CHOOSE_MOVER, [*map(_CHOOSE.__getitem__, available)])
            return True
        self._start_move(available[0])
        return False

    def _start_move(self, name: str) -> None:
        self.mover = name
        if self.pending:  # Roll Movement Dice & Assign: the result is already rolled
            self.points, self.pending, self.phase = self.pending, 0, "move"
            return
        if self.dice:  # ... and the Staff's dice, read for the Staffer chosen (ruling V10)
            self.points, self.dice, self.phase = self.dice_result(name), (), "move"
            return
        if self.active != 0:
            self.roll_kind = "elder1" if self.moves_done == 0 else "elder2"
        else:
            self.roll_kind = self._staffer_roll(name)
        self.phase = "roll"

    def _staffer_roll(self, name: str) -> str:
        """How the Staffer ``name`` moved next reads its dice (ruling M3, option
        ``first_nurse``): "When moving the first Nurse, you must use the sum of the 2 highest
        die results" -- the first Nurse moved in the turn, or (``first-staffer-moved``) a
        Nurse only when no Staffer has moved before it."""
        if name == "Doctor":
            return "doctor"
        if self.game.options["first_nurse"] == "first-staffer-moved":
            return "nurse1" if self.moves_done == 0 else "nurse"
        return "nurse" if any(m.startswith("Nurse") for m in self.moved) else "nurse1"

    def dice_result(self, name: str) -> int:
        """The movement result the Staff's rolled dice give the Staffer ``name`` if chosen
        now ("Roll Movement Dice & Assign", ruling V10; Hurry Up included).

        Examples
        --------
        >>> s = BedpansGame(players=2).new_initial_state()
        >>> s.dice = (3, 1, 2)
        >>> s.dice_result("Doctor"), s.dice_result("Nurse 1")
        (4, 5)
        """
        bonus = self._hurry_bonus() if name in self.fx.get(Lasting.HURRY_UP, ()) else 0
        return read_roll(self._staffer_roll(name), self.dice) + bonus

    def _hurry_bonus(self) -> int:
        """What Hurry Up adds to a move: 1 on each of the 2 dice read, or 1 (ruling M4)."""
        return 2 if self.game.options["hurry_up"] == "dice+1" else 1

    def _end_turn(self) -> None:
        n = self.game.players
        for entry in self.fx.get(Lasting.DISGUISE, ()):  # the Disguise ends: caught after all?
            self._resolve(parse_space(entry.split(" ", 1)[1]))
        if self.winner is not None or self.reason:
            return
        self.fx = {}
        if self.in_front:  # Walker ends with the turn, Just Cleaned and Plans! the round
            for kind in _UNTIL_TURN_END if self.active else _UNTIL_ROUND_END:
                self._lay_aside(kind)
        if self.game.options["limited_occupancy"]:
            self._limit_occupancy()
        if self.active == 0:
            self.status = {s: k for s, k in self.status.items() if k not in _ROUND_MARKERS}
            self.planner = 0
            if self.escaped:
                self._finish_escapes()
                if self.reason:
                    return
            if self.round >= self.game.options["round_limit"]:
                self.reason = f"round limit ({self.round} rounds) reached: no winner"
                return
            self.round += 1
        self.active = (self.active + 1) % n
        self.phase = "start"

    # -- legal actions ---------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        ready = self._ready
        if ready and ready[0] is self.need:  # listed when the decision was found
            return list(ready[1])
        return self._list_legal()

    def _list_legal(self) -> list[Action]:
        """The legal actions of the decision, listed from the position (those of a move, a
        Stuff window or the choice of a mover are listed as the decision is found)."""
        seat, kind = self.need  # type: ignore[misc]  # a decision
        if kind == "move":
            return list(self._move_options())
        if kind == "start-tile":
            return [A.ChooseStart(t) for t in self.start_tiles()]
        if kind == "guess":
            wrong = self.blocked[self.trying].wrong  # type: ignore[index]
            return [A.GuessCode(o) for o in CODE_ORDERS if o not in wrong]
        if kind == "chair":
            return [a for a in self._move_options() if not isinstance(a, A.TakeStuff)]
        if kind == "window":
            return [_PASS, *self._window_plays(seat)]
        if kind == "choose":
            return [_CHOOSE[m] for m in self._movers_available()]
        if kind == "closer":
            name = self.nudges[0].name
            return [A.Closer(name, space) for space in stuff.closer_spaces(self, name)]
        if kind == "extra":
            space = cast(ExtraNurse, self.queue[0]).space
            free = next(i for i in self._staffer_ids("N") if self.staffers[i] is None)
            return [A.SendStaffer(STAFFERS[free], space), A.LeaveStation(space)]
        if kind == "discard":
            return [A.Discard(k) for k in sorted(set(self.hands[seat]))]
        if kind == "exchange":
            hand = sorted(self.hands[seat])
            pairs = sorted({(a, b) for a, b in itertools.combinations(hand, 2)})
            return [_PASS, *(A.Exchange(a, b) for a, b in pairs)]
        if kind == "decoy":
            return [_PASS, *map(_decoy_at, self._decoy_spaces(seat))]
        if kind == "reenter":
            return [A.Reenter(s) for s in self.beds(self.colour_of(seat))]
        if kind == "explore":
            return [A.Explore(t.position) for t in self._targets(self.explore)]  # type: ignore
        if kind == "place":
            target = self.target
            rots = self._fitting(self.drawn, target)  # type: ignore[arg-type]
            if self.game.options["tile_placement"]:
                rots = self._matching_doors(self.drawn, target, rots)  # type: ignore[arg-type]
            return [A.PlaceTile(self.drawn, target.position, r)  # type: ignore[union-attr,arg-type]
                    for r in rots]
        if kind == "special":
            item = cast(PlaceSpecial, self.queue[0])
            return [A.PlaceTile(item.tile, pos, rot) for pos, rot in
                    self._special_options(item.tile, item.anchor, item.kind)]
        if kind == "stuff-place":
            return [A.PlaceStuff(s) for s in self._stuff_spaces(cast(OneStuff, self.queue[0]).pos)]
        if kind == "station":
            space, letter = cast(Station, self.queue[0])
            return [*(A.SendStaffer(STAFFERS[i], space) for i in self._staffer_ids(letter)
                      if self.staffers[i] != space), A.LeaveStation(space)]
        raise SimlabError(f"bedpans: no decision {kind!r}")  # pragma: no cover

    def _decoy_spaces(self, seat: int) -> list[Space]:
        colour = self.colour_of(seat)
        elder = self.elder[colour]
        elder_at = self.tokens[colour][elder]
        decoy_at = self.tokens[colour][1 - elder]
        spaces = set(self.beds(colour))
        if elder_at is not None:
            spaces.add(elder_at)
        spaces.discard(decoy_at)  # type: ignore[arg-type]
        return sorted(spaces)

    def stuff_plays(self, seat: int) -> list[Action]:
        """Stuff that ``seat`` may play in the current Stuff window (see :mod:`.stuff`).

        Examples
        --------
        >>> s = BedpansGame(players=2).new_initial_state()
        >>> s.hands[1] = ["Hurry Up"]
        >>> s.phase, s.active = "window1", 1
        >>> s.stuff_plays(1)
        [PlayStuff(kind='Hurry Up', target='red')]
        """
        if not self.hands[seat] and not (
                seat and self.game.options["elder_abilities"] and self.ability_uses[seat] < 2):
            return []
        return stuff.plays(self, seat)

    def _window_plays(self, seat: int) -> list[Action]:
        plays = self.stuff_plays(seat)
        if self.doors_held[seat] > 0:
            plays += self._door_plays()
        return plays

    def _door_plays(self) -> tuple[A.PlayDoor, ...]:
        """The Door-marker plays: made once per layout."""
        return layout_of(self).known("door plays", lambda: tuple(  # type: ignore[no-any-return]
            A.PlayDoor(a, b) for a, b in self.door_spots()))

    def door_spots(self) -> list[tuple[Space, Space]]:
        """Edges where a Door-marker may go: a non-open edge between 2 tiles, away from
        Elevator, Stairs and Exit spaces, without a Door-marker yet.

        Examples
        --------
        >>> s = BedpansGame(players=2).new_initial_state()
        >>> s._put_tile(("U", 1, 0), "T08", 0)
        >>> s.door_spots()
        [(('U', 2, 0), ('U', 3, 0)), (('U', 2, 2), ('U', 3, 2))]
        """
        lay = layout_of(self)
        return list(lay.known("door spots", lambda: _door_spots(
            self.tiles, self.features, lay.ways, self.game.options["door_markers"])))

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

    def _roll_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The movement result under Hurry Up, Detector and Walker (rulings M4-M6, S3).

        Each mover adds up 2 dice, so under the default readings ("die result": the number
        on one die) Detector makes a move 2, Hurry Up adds 2 and Walker offers 4; under the
        other readings (the movement result) they give 1, +1 and 2.
        """
        if self.roll_kind == "staff-dice":
            return [(A.RollDice(d), p) for d, p in _STAFF_DICE]
        base = _ROLLS[self.roll_kind]
        fx = self.fx
        if not fx:
            return list(_ROLL_OUTCOMES[self.roll_kind])
        name = self.mover or self.colour_of(self.active)
        key = name if name in STAFFERS else name.split()[0]
        opts = self.game.options
        if key in fx.get(Lasting.DETECTOR, ()):
            base = ((2 if opts["detector"] == "dice-1" else 1, Fraction(1)),)
        if key in fx.get(Lasting.HURRY_UP, ()):
            bonus = self._hurry_bonus()
            base = tuple((v + bonus, p) for v, p in base)
        if key in fx.get(Lasting.WALKER, ()):
            least = 4 if opts["walker"] == "dice-2" else 2
            merged: dict[int, Fraction] = {}
            for v, p in base:
                merged[max(v, least)] = merged.get(max(v, least), Fraction(0)) + p
            base = tuple(sorted(merged.items()))
        return [(A.Roll(v), p) for v, p in base]

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
        if what == "roll" and not self.fx and self.roll_kind in _ROLL_DRAWS:
            draws = _ROLL_DRAWS[self.roll_kind]
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

    def _door_chance(self) -> Fraction:
        """Jammed Door: doubles on 2 three-sided dice (ruling S9)."""
        return Fraction(1, 3)

    def bed_distances(self) -> dict[Space, int]:
        """Moves from every space to its closest bed ("Special – Closest Bed"): doors count
        even blocked, the Elevator shaft joins the floors, Stairs and Status-markers do not
        matter (ruling B19).

        Examples
        --------
        >>> s = BedpansGame(players=2).new_initial_state()
        >>> s.bed_distances()[("U", 1, 1)]
        2
        """
        lay = layout_of(self)

        def work() -> dict[Space, int]:
            near = dict(lay.neighbours())
            for s, (other, kind) in lay.links.items():  # no way along the Stairs
                if kind == "stairs" and s in near:
                    near[s] = tuple(n for n in near[s] if n != other)
            beds = [(floor, 3 * tx + i % 3, 3 * ty + i // 3)
                    for (floor, tx, ty), (tid, rot) in self.tiles.items()
                    for i, f in enumerate(self.game.geo[tid][rot].features) if f in "RBYG"]
            return bfs_field(near, beds)

        return lay.known("beds", work)

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

    def _result_events(self) -> list[Event]:
        """The end of the game told: each winner's score of 1 (the :attr:`outcome`)."""
        outcome = self.outcome
        if outcome is None:  # pragma: no cover - asked when the game is over
            return []
        names = self.game.seat_names()
        return [Event(f"{names[s]} wins ({outcome.reason}): 1 point", "score", s, score=1.0)
                for s in outcome.winners]

    def _removal_events(self, before: dict[str, int]) -> list[Event]:
        """The removals told after an action: ``before``, each colour's tokens that were off
        the layout before it."""
        events = []
        for colour, where in self.tokens.items():
            if where == [None, None] and before[colour] < 2:
                seat = self.seat_of(colour)
                events.append(Event(f"the {colour} Elder is neutralized", "neutralize", seat))
            elif None in where and before[colour] == 0:
                seat = self.seat_of(colour)
                events.append(Event(f"the {colour} Decoy is removed", "decoy", seat))
        return events

    def _return_events(self) -> list[Event]:
        """Tell where the Staffers sent back by a neutralization went (and forget them)."""
        events = [Event(f"{STAFFERS[i]} goes to the nearest "
                        f"{'doctor' if i == 0 else 'nurse'}'s station, {space_text(space)}",
                        "move", 0) for i, space in self.returned]
        self.returned = ()
        return events

    def _roll(self, action: A.Roll) -> list[Event]:
        if self.mover is None:  # rolled before the token is chosen (ruling V10)
            self.pending = action.result
            self.phase = "moves"
            who = self.game.seat_names()[self.active]
            return [Event(f"{who} rolls {action.result}", "roll", self.active)]
        self.points = action.result
        self.phase = "move"
        return [_rolled(self.mover, action.result, self.active)]

    def _roll_dice(self, action: A.RollDice) -> list[Event]:
        self.dice = action.dice
        self.phase = "moves"
        return [Event(f"the Staff rolls {str(action)[5:]}", "roll", 0)]

    def _draw_stuff(self, action: A.DrawStuff) -> list[Event]:
        seat = self.draws.pop(0)
        self.unseen[action.kind] -= 1
        self.hands[seat].append(action.kind)
        self.hands[seat].sort()
        return [Event(f"{self.game.seat_names()[seat]} draws a Stuff-marker", "draw", seat)]

    def _choose_start(self, action: A.ChooseStart) -> list[Event]:
        self._set_up(action.tile)
        return [Event(f"play starts on tile {action.tile}", "tile", 1)]

    def _reenter(self, action: A.Reenter) -> list[Event]:
        colour = self.colour_of(self.active)
        self.tokens[colour] = [action.space, action.space]
        self.known[colour] = False
        self._resolve(action.space)
        self._open_window("window1")
        return [Event(f"{colour} Elder and Decoy re-enter", "reenter", self.active)]

    def _place_decoy(self, action: A.PlaceDecoy) -> list[Event]:
        colour = self.colour_of(self.active)
        decoy = 1 - self.elder[colour]
        self.tokens[colour][decoy] = action.space
        toks = self.tokens[colour]
        self.known[colour] = toks[0] != toks[1]
        self._resolve(action.space)
        self._open_window("window1")
        return [Event(f"{colour} Decoy placed at {space_text(action.space)}", "decoy",
                      self.active)]

    def _pass(self, action: A.Pass) -> list[Event]:
        kind = self.need.decision  # type: ignore[union-attr]  # a decision
        if kind == "decoy":
            self._open_window("window1")
        elif kind == "window":
            self.window.pop(0)
        elif kind == "exchange":
            self.phase = "end"
        return []

    def _play_door(self, action: A.PlayDoor) -> list[Event]:
        seat = self.decider
        self.doors_held[seat] -= 1
        self.door_markers[marker_key(action.a, action.b)] = seat
        layout_of(self)  # the new layout worked out here, once, not in each view
        return [Event(f"{self.game.seat_names()[seat]} plays a Door-marker", "door", seat)]

    def _choose(self, action: A.ChooseMover) -> list[Event]:
        self._start_move(action.mover)
        return []

    def _play_stuff(self, action: A.PlayStuff) -> list[Event]:
        from simlab.games.bedpans.stuff import ABILITIES, resolve

        seat = self.decider
        if action.kind in ABILITIES:  # "resolved as if it were Stuff", twice a game
            self.ability_uses[seat] += 1
            event = Event(f"{self.game.seat_names()[seat]} uses {action}", "ability", seat)
            return [event, *resolve(self, seat, action)]
        self.hands[seat].remove(action.kind)
        played = self.in_front if action.kind in IN_FRONT else self.discards
        played[action.kind] = played.get(action.kind, 0) + 1
        shown = action.target[:-4] if action.kind == "Door Code" else action.target
        text = f"{self.game.seat_names()[seat]} plays {action.kind}"
        event = Event(f"{text}: {shown}" if shown else text, "stuff", seat)
        return [event, *resolve(self, seat, action)]

    def _escape(self, colour: str) -> list[Event]:
        """Co-op Victory / All or Nothing: the Elder leaves; its tokens go (rulings V2, V3)."""
        seat = self.seat_of(colour)
        self.tokens[colour] = [None, None]
        self.known[colour] = True
        self.out.append(colour)
        self.escaped.append(seat)
        self.points = 0
        self._check_all_out()
        return [Event(f"the {colour} Elder leaves by an Exit", "escape", seat)]

    def _check_all_out(self) -> None:
        if len(self.out) < len(self.game.colours) or self.reason:
            return
        if self.game.options["all_or_nothing"] and len(self.escaped) < len(self.game.colours):
            self.winner = 0
            self.reason = "not every Elder reached an Exit"
        elif self.escaped and not self.game.options["all_or_nothing"]:
            self._finish_escapes()
        elif self.escaped:
            self.winners = tuple(sorted(self.escaped))
            self.winner = self.winners[0]
            self.reason = "every Elder reached an Exit"
        else:
            self.winner = 0
            self.reason = "every Elder is out of the game"

    def _elders_have_won(self) -> bool:
        """Co-op Victory, option ``co_op_after_exit=elders-won``: once an Elder has left by
        an Exit, the round only adds co-winners; the Staff can no longer win (ruling V2)."""
        opts = self.game.options
        return (bool(self.escaped) and opts["co_op_victory"] and not opts["all_or_nothing"]
                and opts["co_op_after_exit"] == "elders-won")

    def _finish_escapes(self) -> None:
        """Co-op Victory: the Elders out by an Exit this round win together."""
        if self.game.options["all_or_nothing"]:
            return
        self.winners = tuple(sorted(self.escaped))
        self.winner = self.winners[0]
        self.reason = "the Elders of " + ", ".join(
            self.colour_of(s) for s in self.winners) + " reached an Exit"

    def _limit_occupancy(self) -> None:
        crowd: dict[Space, int] = {}
        for pos in [*self.staffers, *(p for ps in self.tokens.values() for p in ps)]:
            if pos is not None:
                crowd[pos] = crowd.get(pos, 0) + 1
        for space, k in crowd.items():
            if k >= 5:
                for c, i in self.occupants(space)[0]:
                    if i != self.elder[c]:
                        self.tokens[c][i] = None
                        self.known[c] = True

    def _discard_action(self, action: A.Discard) -> list[Event]:
        self._discard_unused(self.decider, action.kind)
        return []

    def _discard_unused(self, seat: int, kind: str) -> None:
        """Stuff is Stuff: unused Stuff stays where it is discarded (ruling V7)."""
        space = self._where_seat(seat) if self.game.options["stuff_is_stuff"] else None
        if space is None:
            self._discard(seat, kind)
            return
        self.hands[seat].remove(kind)
        self.unseen[kind] += 1
        self.stuff_at[space] = self.stuff_at.get(space, 0) + 1

    def _where_seat(self, seat: int) -> Space | None:
        if seat == 0:
            mover = self.mover if self.mover in STAFFERS and self.active == 0 else None
            places = [self.position(mover)] if mover else list(self.staffers)
        else:
            colour = self.colour_of(seat)
            mover = self.mover if self.mover and self.mover.startswith(colour) else None
            places = [self.position(mover)] if mover else list(self.tokens[colour])
        return next((p for p in places if p is not None), None)

    def _exchange(self, action: A.Exchange) -> list[Event]:
        seat = self.active
        self._discard_unused(seat, action.first)
        self._discard_unused(seat, action.second)
        self._queue_draw(seat)
        self.phase = "end"
        return [Event(f"{self.game.seat_names()[seat]} exchanges 2 Stuff for 1", "stuff", seat)]

    # -- neutralizing ------------------------------------------------------------------------
    def _resolve(self, space: Space) -> None:
        """Decoys with a Staffer are removed; an Elder with the Doctor or 2+ Staffers is
        neutralized ("Neutralizing Elders & Staffers")."""
        if space not in self.staffers:  # no Staffer: nothing happens (the usual case)
            return
        toks, staff = self.occupants(space)
        if not toks or not staff:
            return
        for c, i in toks:
            if i != self.elder[c]:
                self.tokens[c][i] = None
                self.known[c] = True
        strong = 0 in staff or len(staff) >= 2
        for c, i in toks:
            if i == self.elder[c]:
                if strong:
                    self._neutralize(c, space, staff)
                else:
                    self.known[c] = True

    def _neutralize(self, colour: str, space: Space, staff: list[int],
                    by_staff: bool = True) -> None:
        """Neutralize ``colour``'s Elder on ``space`` (``staff``: the Staffers involved).

        ``by_staff`` false: another Elder-player's Stuff did it, which does not count
        towards the Staff's win unless ``counted_neutralizations=all`` (ruling S5).
        """
        self.tokens[colour] = [None, None]
        self.known[colour] = True
        if by_staff or self.game.options["counted_neutralizations"] == "all":
            self.neutralized += 1
        seat = self.seat_of(colour)
        for kind in list(self.hands[seat]):
            self._discard(seat, kind)
        if self.game.options["no_recovery"]:  # out of the game: no Stuff in exchange
            self.out.append(colour)
            self._check_all_out()
        else:
            self._queue_draw(seat)
        needed = self.game.players - (0 if self.game.options["staff_experience"] else 1)
        if (self.neutralized >= needed and not self.game.options["no_recovery"]
                and not self._elders_have_won()):
            self.winner = 0
            plural = "s" if self.neutralized != 1 else ""
            self.reason = f"the Staff neutralized {self.neutralized} Elder{plural}"
            return
        returning = [0] if 0 in staff else []
        nurses = [i for i in staff if i != 0]
        if nurses:
            returning.append(nurses[0])
        for i in returning:
            letter = "D" if i == 0 else "N"
            dist = bfs_field(layout_of(self).neighbours(), [space])
            stations = sorted((k, s) for s, k in dist.items() if self.features.get(s) == letter)
            if stations:
                self.staffers[i] = stations[0][1]
                self.returned += ((i, stations[0][1]),)
                self._resolve(stations[0][1])

    # -- hidden information -------------------------------------------------------------------
    def _hide(self, seat: int) -> None:
        self._ready = ()  # listed from what this seat may not see
        mine = self.colour_of(seat) if seat > 0 else None
        for c in self.elder:
            if c != mine and not self.known[c]:
                self.elder[c] = -1
        unseen = dict(self.unseen)
        for s, hand in enumerate(self.hands):
            if s != seat:
                for kind in hand:
                    unseen[kind] += 1
                self.hands[s] = [HIDDEN] * len(hand)
        self.unseen = unseen
        for key, entry in self.blocked.items():  # another player's Door Code order
            if entry.stuff == "Door Code" and entry.player != seat:
                self.blocked[key] = entry._replace(order=HIDDEN)

    def action_text_for(self, action: Action, seat: int) -> str | None:
        """The text of ``action`` as ``seat`` sees it (asked before it is applied).

        As :meth:`_hide` masks them: the Stuff-marker a seat draws is seen by
        that seat only (others read "Elder red draws a Stuff-marker" in the
        events); a Door Code's order only by its player; and, under "Stuff is
        Stuff", which Stuff a seat discards or exchanges only by that seat (it
        goes back face down among the unseen Stuff; otherwise the discards
        are face up and public).  Every other action is public: Residents are
        named by token, never as Elder or Decoy.

        Examples
        --------
        >>> s = BedpansGame(players=3).new_initial_state()
        >>> s.draws[0], s.action_text_for(A.DrawStuff("Hurry Up"), 0)
        (0, 'draw Stuff Hurry Up')
        >>> s.action_text_for(A.DrawStuff("Hurry Up"), 1) is None
        True
        >>> s.action_text_for(A.PlayStuff("Door Code", "U 2,0 E 312"), 2)
        'play Door Code: U 2,0 E'
        """
        if isinstance(action, A.DrawStuff):
            return str(action) if self.draws and self.draws[0] == seat else None
        if isinstance(action, A.PlayStuff) and action.kind == "Door Code":
            if self.current_player == seat:  # its player
                return str(action)
            return str(A.PlayStuff(action.kind, action.target.rsplit(" ", 1)[0]))
        if isinstance(action, A.Discard | A.Exchange):
            actor = self.current_player
            if actor == seat or not self._discards_face_down(actor):
                return str(action)
            if isinstance(action, A.Discard):
                return "discard a Stuff-marker"
            return "exchange 2 Stuff-markers"
        return str(action)

    def _discards_face_down(self, seat: int) -> bool:
        """Stuff is Stuff: unused Stuff ``seat`` discards goes face down on the layout."""
        return bool(self.game.options["stuff_is_stuff"]) and self._where_seat(seat) is not None

    def resample_hidden(self, seat: int, rng: Any) -> BedpansState:
        """Redraw what ``seat`` cannot see: other Elder identities and other hands.

        Works on the true state and on ``seat``'s view alike (the search
        players determinize views).

        Examples
        --------
        >>> import numpy as np
        >>> s = BedpansGame(players=3).new_initial_state()
        >>> other = s.resample_hidden(1, np.random.default_rng(0))
        >>> other.view(1) == s.view(1)
        True
        >>> s.view(1).resample_hidden(1, np.random.default_rng(0)).view(1) == s.view(1)
        True
        """
        other = self.clone()
        other._ready = ()
        mine = self.colour_of(seat) if seat > 0 else None
        for c in self.elder:
            if c != mine and not self.known[c]:
                other.elder[c] = int(rng.integers(2))
        pool = dict(self.unseen)  # in a view, the hidden hands are in ``unseen`` already
        for s, hand in enumerate(self.hands):
            if s != seat:
                for kind in hand:
                    if kind != HIDDEN:
                        pool[kind] += 1
        for s, hand in enumerate(self.hands):
            if s == seat or not hand:
                continue
            names = [k for k, c in pool.items() for _ in range(c)]
            picks = rng.choice(len(names), size=len(hand), replace=False)
            new = sorted(names[int(i)] for i in picks)
            for kind in new:
                pool[kind] -= 1
            other.hands[s] = new
        other.unseen = pool
        for key, entry in sorted(self.blocked.items()):
            if entry.stuff == "Door Code" and entry.player != seat:
                orders = [o for o in CODE_ORDERS if o not in entry.wrong]
                other.blocked[key] = entry._replace(order=orders[int(rng.integers(len(orders)))])
        return other

    # -- display ------------------------------------------------------------------------------
    def __str__(self) -> str:
        return (f"<bedpans round {self.round}, {self.phase}, {len(self.tiles)} tiles, "
                f"neutralized {self.neutralized}, player {self.current_player}>")


def _door_spots(tiles: dict[tuple[str, int, int], tuple[str, int]], features: dict[Space, str],
                ways: dict[Space, tuple[str | None, ...]], anywhere: bool = False) -> tuple:
    """:meth:`BedpansState.door_spots` worked out from the layout's passages (``ways``, of
    :class:`~.layout.Layout`: None for a wall, as :func:`~.board.passage` reads it) and the
    features of its spaces (``features``: those other than ``.``)."""
    banned = "ES" if anywhere else "ESX"
    spots = []
    for (floor, tx, ty) in sorted(tiles):
        for d in (1, 2):
            if not anywhere and (floor, tx + DX[d], ty + DY[d]) not in tiles:
                continue
            for k in range(3):
                a = (floor, 3 * tx + 2, 3 * ty + k) if d == 1 else (floor, 3 * tx + k, 3 * ty + 2)
                b = (floor, a[1] + DX[d], a[2] + DY[d])
                if b not in ways:
                    continue
                if features.get(a, ".") in banned or features.get(b, ".") in banned:
                    continue
                if ways[a][d] is None:
                    spots.append((a, b))
            if anywhere:  # the walls inside the tile too (Variation "Door-markers")
                for i in range(9):
                    r, c = divmod(i, 3)
                    if (d == 1 and c == 2) or (d == 2 and r == 2):
                        continue
                    a = (floor, 3 * tx + c, 3 * ty + r)
                    b = (floor, a[1] + DX[d], a[2] + DY[d])
                    if features.get(a, ".") in "ES" or features.get(b, ".") in "ES":
                        continue
                    if ways[a][d] is None:
                        spots.append((a, b))
    return tuple(spots)


#: The state's fields that hold a dict, list or set of immutable values (a shallow copy
#: each in :meth:`BedpansState.clone`), those one level deeper, and the immutable ones.
_COPIED = (
    "tiles", "features", "stack", "elevators_left", "exits_left", "links", "door_markers",
    "sealed", "exits_on", "exit_rounds", "dormant", "elder", "known", "staffers", "stuff_at",
    "unseen", "discards", "in_front", "doors_held", "window", "moved", "queue", "draws", "status",
    "bed_bumps", "blocked", "chair", "nudges", "ability_uses", "out", "escaped",
)
_NESTED = ("tokens", "hands", "fx")
_IMMUTABLE = (
    "game", "_layout", "_ready", "exit_signs", "pairs_placed", "pile", "door_supply",
    "neutralized", "winner", "reason", "round", "active", "phase", "moves_done", "mover",
    "points", "roll_kind", "took", "can_take", "explore", "target", "drawn", "need",
    "trying", "chair_seat", "planner", "pending", "dice", "winners", "returned",
)
_FIELDS = frozenset((*_COPIED, *_NESTED, *_IMMUTABLE))
_FIELD_COUNT = len(_FIELDS)

#: The steps of a turn, by phase (:meth:`BedpansState._settle`).
_PHASES: dict[str, Any] = {
    "start-tile": BedpansState._start_tile_phase,
    "start": BedpansState._start_phase,
    "reenter": BedpansState._reenter_phase,
    "decoy": BedpansState._decoy_phase,
    "window1": BedpansState._window_phase,
    "moves": BedpansState._next_move,
    "roll": BedpansState._roll_phase,
    "move": BedpansState._move_phase,
    "window2": BedpansState._window_phase,
    "exchange": BedpansState._exchange_phase,
    "end": BedpansState._end_phase,
}

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
