"""The Stuff of Bedpans & Broomsticks: who may play which Stuff-marker, on what, and its effect.

Each kind with an effect is one :class:`Stuff` entry in the table :data:`STUFF`,
under its rulebook name: on what it may be played now (given the :class:`Window`)
and what it does.  :func:`plays` lists the plays open to a seat in a Stuff window
(the hook ``BedpansState.stuff_plays``) and :func:`resolve` applies one, both by
looking the kind up in the table.  Every player may
play every kind (the header colour says which Characters a kind *affects*,
ruling S1); a target is offered only where the effect can matter (ruling S2).

Targets, as the action text shows them (``play <kind>: <target>``):

======================  ===================================================
Hurry Up                a colour (the active Elder & Decoy) or a Staffer
Detector, Bingo on TV   the active colour
Walker, Coffee Break,   none
New Shift, Staffers on
Strike, My Plants!
Flying Bedpan           a Character of the active player in range
Laughing Gas            a Character sharing a space with one of yours
Steroids!               a Resident sharing a space with a Staffer
Just Cleaned, Puddle    a space (Just Cleaned: ``<space> mop <space>`` also
                        discards a Puddle)
Jammed Door, Door Code  a door: ``<space> E`` or ``<space> S`` (Door Code: and
                        the hidden order, ``U 3,0 E 312``)
Nurse Call, Head Nurse  a Staffer (Head Nurse: a Nurse)
Lost Teeth, Power-Chair a colour
======================  ===================================================

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> s.phase, s.active, s.hands[0] = "window1", 1, ["Detector"]
>>> plays(s, 0)
[PlayStuff(kind='Detector', target='red')]
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from simlab.core.api import Action, Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import DX, DY, Space, marker_key, parse_space, space_text
from simlab.games.bedpans.components import DOOR, STAFFERS
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.layout import Layout, layout_of
from simlab.games.bedpans.parts import BlockedDoor, DoorStuff, Lasting, Nudge, Phase, TurnEffect

__all__ = ["ABILITIES", "CODE_ORDERS", "IMPLEMENTED", "STUFF", "Stuff", "Window", "bump_pushes",
           "closer_spaces", "plays", "resolve", "window_of"]

#: Elder abilities (Variation "Elder Abilities", RECONSTRUCTED, ruling V9): the ability of
#: each colour's display -> the Stuff kind it resolves as.
ABILITIES: dict[str, str] = {
    "Quick Shuffle": "Hurry Up",      # red: the Elder & Decoy +1 on each die this turn
    "Cane Swing": "Flying Bedpan",    # blue: a Staffer within 3 spaces may not move
    "Scooter": "Power-Chair",         # yellow: move the Elder & Decoy up to 2 spaces each
    "Sweet Talk": "Nurse Call",       # green: a Staffer 1 space closer to its closest bed
}
_ABILITY_OF = dict(zip(("red", "blue", "yellow", "green"), ABILITIES, strict=True))
_DURATION = {"Disguise": "T", "Hurry Up": "T", "Detector": "T", "Bingo on TV": "T",
             "Flying Bedpan": "T",
             "Laughing Gas": "X", "Steroids!": "X", "Lost Teeth": "X", "My Plants!": "X",
             "Power-Chair": "X"}
_DIRS = {"N": 0, "E": 1, "S": 2, "W": 3}
#: Read from its enum once (see ``turn_sequence._MOVE``).
_FIRST_WINDOW = Phase.WINDOW1
#: The orders, top to bottom, of the Door Code's 1, 2, 3 markers.
CODE_ORDERS = ("123", "132", "213", "231", "312", "321")


def _mine(state: StateFields, seat: int) -> list[tuple[str, Space]]:
    """(name, space) of ``seat``'s Characters on the layout."""
    if seat == 0:
        return [(STAFFERS[i], p) for i, p in enumerate(state.staffers) if p is not None]
    colour = state.colour_of(seat)
    return [(f"{colour} {i + 1}", p) for i, p in enumerate(state.tokens[colour])
            if p is not None]


def _harmless(state: StateFields, seat: int, kind: str, colour: str) -> bool:
    """1st Do No Harm: an Elder ignores another Elder's T and X Stuff (ruling V6)."""
    if not state.game.options["do_no_harm"] or seat == 0 or kind not in _DURATION:
        return True
    return colour == state.colour_of(seat)


def _in_range(state: StateFields, starts: list[Space]) -> set[Space]:
    """Spaces within 3 moves through open edges only (Flying Bedpan: no doors, no walls)."""
    lay, marker = layout_of(state), state.marker_edge
    seen = set(starts)
    frontier = list(starts)
    for _ in range(3):
        nxt = []
        for here in frontier:
            for d in range(4):
                if lay.way(here, d, marker) == "o":
                    n = (here[0], here[1] + DX[d], here[2] + DY[d])
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
        frontier = nxt
    return seen


def _doors(state: StateFields) -> list[tuple[Space, int]]:
    """Doors on the layout (tile doors and Door-markers) as (west/north space, E or S)."""
    lay, marker = layout_of(state), state.marker_edge

    def work() -> list[tuple[Space, int]]:
        out = []
        for (floor, tx, ty) in sorted(state.tiles):
            for i in range(9):
                space = (floor, 3 * tx + i % 3, 3 * ty + i // 3)
                out += [(space, d) for d in (1, 2) if lay.way(space, d, marker) == "d"]
        return out

    return lay.known("doors", work)


def _doors_at(state: StateFields) -> dict[Space, tuple[tuple[Space, int], ...]]:
    """The doors of :func:`_doors` by the spaces on their two sides (kept for the layout)."""

    def work() -> dict[Space, tuple[tuple[Space, int], ...]]:
        out: dict[Space, list[tuple[Space, int]]] = {}
        for s, d in _doors(state):
            out.setdefault(s, []).append((s, d))
            out.setdefault((s[0], s[1] + DX[d], s[2] + DY[d]), []).append((s, d))
        return {space: tuple(doors) for space, doors in out.items()}

    return layout_of(state).known("doors at", work)  # type: ignore[no-any-return]


def _door_text(space: Space, d: int) -> str:
    return f"{space_text(space)} {'NESW'[d]}"


def _spaces(state: StateFields) -> dict[Space, str]:
    """Every space of the layout, sorted, with its text (kept for the layout)."""

    def work() -> dict[Space, str]:
        return {s: space_text(s) for s in sorted((f, 3 * tx + i % 3, 3 * ty + i // 3)
                                                 for (f, tx, ty) in state.tiles
                                                 for i in range(9))}

    return layout_of(state).known("spaces", work)  # type: ignore[no-any-return]


class Window(NamedTuple):
    """The Stuff window a play is asked about: who plays, in whose turn, which window.

    ``first``: the first Stuff window of the turn (before the moves); ``act_colour``:
    the active Elder-player's colour (empty in the Staff turn); ``act_on``: whether that
    colour has a token on the layout.
    """

    state: StateFields
    seat: int
    first: bool
    active: int
    act_colour: str
    act_on: bool

    @property
    def elder_turn(self) -> bool:
        """Whether it is an Elder-player's turn."""
        return self.active > 0

    def harmless(self, kind: str, colour: str) -> bool:
        """Whether ``kind`` played by this seat may affect ``colour`` (1st Do No Harm)."""
        return _harmless(self.state, self.seat, kind, colour)


def window_of(state: StateFields, seat: int) -> Window:
    """The Stuff window ``seat`` plays in now."""
    active = state.active
    colour = state.colour_of(active) if active > 0 else ""
    on = bool(colour) and state.tokens[colour] != [None, None]
    return Window(state, seat, state.phase == _FIRST_WINDOW, active, colour, on)


@dataclass(frozen=True, slots=True)
class Stuff:
    """One kind of Stuff-marker: on what it may be played now, and what it does.

    ``targets(window, kind)`` lists the targets as the action text shows them (``""``
    for none), empty where it may not be played or cannot matter (ruling S2);
    ``effect(state, seat, kind, target)`` applies it once played (already discarded).
    """

    targets: Callable[[Window, str], list[str]]
    effect: Callable[[StateFields, int, str, str], list[Event]]


def plays(state: StateFields, seat: int) -> list[Action]:
    """The Stuff plays open to ``seat`` now (one per kind and target), in hand order."""
    out: list[Action] = []
    win = window_of(state, seat)
    kinds = sorted(set(state.hands[seat]))
    ability = ""
    if seat and state.game.options["elder_abilities"] and state.ability_uses[seat] < 2:
        ability = _ABILITY_OF[state.colour_of(seat)]
        kinds.append(ability)
    for name in kinds:
        kind = ABILITIES.get(name, name)
        handler = STUFF.get(kind)
        if handler is None:  # held, exchanged, discarded: no effect in the model
            continue
        targets = handler.targets(win, kind)
        if name == ability:  # the ability helps its own Elder only
            targets = _own_targets(targets, kind, state.colour_of(seat))
        if targets:
            out += _plays_of(name, targets)
    return out


def _own_targets(targets: list[str], kind: str, own: str) -> list[str]:
    """An Elder ability's targets: those that help the Elder of colour ``own``."""
    return [t for t in targets if kind in ("Flying Bedpan", "Nurse Call") or t == own]


def _plays_of(kind: str, targets: list[str]) -> list[A.PlayStuff]:
    """The actions that play ``kind`` on each of ``targets``."""
    return [_play(kind, t) for t in targets]


#: The action that plays a kind on a target: those offered so far, made once (they are
#: frozen values; the space and door targets of many layouts at most).
_play = functools.lru_cache(maxsize=50_000)(A.PlayStuff)


def resolve(state: StateFields, seat: int, action: A.PlayStuff) -> list[Event]:
    """Apply the effect of a Stuff-marker just played by ``seat`` (already discarded)."""
    kind = ABILITIES.get(action.kind, action.kind)
    return STUFF[kind].effect(state, seat, kind, action.target)


# -- on what each kind may be played ------------------------------------------------------
def _nothing(win: Window, kind: str) -> list[str]:
    return [""]


def _hurry_up(win: Window, kind: str) -> list[str]:
    """A colour (the active Elder & Decoy) or a Staffer, before the moves."""
    if not win.first:
        return []
    if win.elder_turn:
        return [win.act_colour] if win.act_on else []
    return [n for n, _ in _mine(win.state, 0)]


def _active_colour(win: Window, kind: str) -> list[str]:
    """Detector, Bingo on TV: the active colour, before the moves."""
    if win.first and win.act_on and win.harmless(kind, win.act_colour):
        return [win.act_colour]
    return []


def _walker(win: Window, kind: str) -> list[str]:
    return [""] if win.first and win.seat == win.active and win.act_on else []


def _coffee_break(win: Window, kind: str) -> list[str]:
    return [""] if win.first and not win.elder_turn and len(_mine(win.state, 0)) > 1 else []


def _in_an_elder_turn(win: Window, kind: str) -> list[str]:
    """New Shift, Staffers on Strike: in an Elder turn, before the moves."""
    return [""] if win.first and win.elder_turn else []


def _flying_bedpan(win: Window, kind: str) -> list[str]:
    """A Character of the active player within 3 spaces (open edges only)."""
    state, seat = win.state, win.seat
    if not win.first or seat == win.active:
        return []
    if win.elder_turn and not win.harmless(kind, win.act_colour):
        return []
    near = _in_range(state, [p for _, p in _mine(state, seat)])
    return [n for n, p in _mine(state, win.active) if p in near]


def _gas(win: Window, kind: str) -> list[str]:
    return _gas_targets(win.state, win.seat, kind)


def _a_space(win: Window, kind: str) -> list[str]:
    """Just Cleaned, Puddle: a space with no Status-marker (Just Cleaned: and the Puddle
    it mops up, ``<space> mop <space>``)."""
    state = win.state
    spaces = _spaces(state)
    marked = state.status.keys() | state.bed_bumps  # what _marked reads
    free = [s for s in spaces if s not in marked] if marked else list(spaces)
    targets = [spaces[s] for s in free]
    if kind == "Just Cleaned":
        puddles = sorted(s for s, k in state.status.items() if k == "Puddle")
        targets += [f"{space_text(s)} mop {space_text(p)}" for s in free for p in puddles]
    return targets


def _a_door(win: Window, kind: str) -> list[str]:
    """Jammed Door (next to one of the player's Residents, for an Elder), Door Code (and
    the order of the facedown markers, top to bottom): an unblocked door."""
    state, seat = win.state, win.seat
    if kind == "Door Code" and not state.blocked:  # every door: the same for the layout
        return list(layout_of(state).known("door code targets", lambda: tuple(
            _door_code_targets(_doors(state)))))
    picked = None
    if kind == "Jammed Door":  # the doors on a side of a space with one of the Residents
        if seat == 0:  # the Staff-player has no Residents
            return []
        near = _doors_at(state)
        picked = {door for _, p in _mine(state, seat) for door in near.get(p, ())}
        if not picked:  # the usual case: no door next to them
            return []
    doors = _doors(state)
    if state.blocked:
        doors = [(s, d) for s, d in doors
                 if marker_key(s, (s[0], s[1] + DX[d], s[2] + DY[d])) not in state.blocked]
    if picked is not None:  # in _doors' order
        return [_door_text(s, d) for s, d in doors if (s, d) in picked]
    return _door_code_targets(doors)


def _door_code_targets(doors: list[tuple[Space, int]]) -> list[str]:
    """Door Code's targets on ``doors``: each door with each order of the 3 markers."""
    return [f"{_door_text(s, d)} {o}" for s, d in doors for o in CODE_ORDERS]


def _nurse_call(win: Window, kind: str) -> list[str]:
    """A Staffer not on a bed."""
    beds = win.state.bed_distances()
    return [n for n, p in _mine(win.state, 0) if beds.get(p, 0) > 0]


def _head_nurse(win: Window, kind: str) -> list[str]:
    return [n for n, _ in _mine(win.state, 0) if n != STAFFERS[0]]


def _a_colour(win: Window, kind: str) -> list[str]:
    """Lost Teeth, Power-Chair: a colour on the layout."""
    state = win.state
    return [c for c in state.game.colours
            if any(p is not None for p in state.tokens[c]) and win.harmless(kind, c)]


def _disguise(win: Window, kind: str) -> list[str]:
    """The active colour and a space with a Staffer, before the moves."""
    if not (win.first and win.act_on and win.harmless(kind, win.act_colour)):
        return []
    spots = sorted({p for p in win.state.staffers if p is not None})
    return [f"{win.act_colour} {space_text(p)}" for p in spots]


def _plans(win: Window, kind: str) -> list[str]:
    return [""] if win.seat > 0 and win.state.planner != win.seat else []


def _bed_bump(win: Window, kind: str) -> list[str]:
    """"a space ... that already has a Status-marker" next to one of the player's
    Characters (ruling S13), and where the Characters already there may be pushed."""
    state = win.state
    marked = state.game.options["bed_bump"] == "marked-space"
    if marked and not state.status and not state.bed_bumps:
        return []  # no Status-marker on the layout yet
    return _bump_targets(state, win.seat, marked)


def _bump_targets(state: StateFields, seat: int, marked: bool) -> list[str]:
    """:func:`_bed_bump`'s targets: the spaces next to ``seat``'s Characters with a
    Status-marker (``marked``) or without, with the pushes."""
    lay = layout_of(state)
    near = {(p[0], p[1] + DX[d], p[2] + DY[d]) for _, p in _mine(state, seat)
            for d in range(4) if _connected(state, p, (p[0], p[1] + DX[d], p[2] + DY[d]), lay)}
    targets = []
    for s in sorted(near):
        if _marked(state, s) == marked:
            targets.append(space_text(s))
            if state._occupied(s):  # "You may move all Characters already there"
                targets += [f"{space_text(s)} push {space_text(t)}"
                            for t in bump_pushes(state, s)]
    return targets


def _my_plants(win: Window, kind: str) -> list[str]:
    return [""] if any(p is not None for ps in win.state.tokens.values() for p in ps) else []


def _marked(state: StateFields, space: Space) -> bool:
    """Whether ``space`` has a Status-marker (Just Cleaned, Puddle or Bed Bump)."""
    return space in state.status or space in state.bed_bumps


def _gas_targets(state: StateFields, seat: int, kind: str) -> list[str]:
    """Laughing Gas: a Character of another player in the space of one of ``seat``'s;
    Steroids!: a Resident of another colour with a Staffer."""
    found: list[str] = []
    mine = state.colour_of(seat) if seat > 0 else ""
    if kind == "Laughing Gas":
        spaces = {space for _, space in _mine(state, seat)}
        if seat > 0:
            found += [STAFFERS[i] for i, p in enumerate(state.staffers) if p in spaces]
    else:
        spaces = {p for p in state.staffers if p is not None}
    found += [f"{c} {i + 1}" for c, pair in state.tokens.items() if c != mine
              for i, p in enumerate(pair) if p in spaces and _harmless(state, seat, kind, c)]
    return sorted(set(found))


def closer_spaces(state: StateFields, name: str) -> list[Space]:
    """The spaces one move closer to the closest bed for Character ``name`` (ruling S10).

    Empty when ``name`` is off the layout or already on a bed; 2+ spaces are the
    player's choice ("If 2+ beds are closest, the Elder-player chooses one").

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> s.tokens["red"][0] = ("U", 1, 1)
    >>> closer_spaces(s, "red 1")
    [('U', 0, 1), ('U', 1, 0), ('U', 1, 2), ('U', 2, 1)]
    """
    space = state.position(name)
    if space is None:
        return []
    beds = state.bed_distances()
    k = beds.get(space, 0)
    if k == 0:
        return []
    # "Both spaces of an Elevator shaft may not be occupied at the same time" (ruling B19):
    # no step onto an Elevator space whose partner is occupied; a ride takes everyone along
    near = [n for n in ((space[0], space[1] + DX[d], space[2] + DY[d]) for d in range(4))
            if not state._shaft_closed(n)]
    link = state.links.get(space)
    if link is not None and link[1] == "elevator" and not state._occupied(link[0]):
        near.append(link[0])
    return sorted(n for n in near if beds.get(n) == k - 1 and _connected(state, space, n)
                  and state.status.get(n) != "Just Cleaned")  # "No one may enter"


def bump_pushes(state: StateFields, space: Space) -> list[Space]:
    """Where Bed Bump may move the Characters already in ``space``: an adjacent space of
    the layout through an open edge or an unblocked door, not Just Cleaned (ruling S13).

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> bump_pushes(s, ("U", 0, 0))
    [('U', 0, 1), ('U', 1, 0)]
    """
    lay = layout_of(state)
    out = []
    for d in range(4):
        n = (space[0], space[1] + DX[d], space[2] + DY[d])
        if (lay.way(space, d, DOOR) is not None
                and marker_key(space, n) not in state.blocked
                and state.status.get(n) != "Just Cleaned" and not state._shaft_closed(n)):
            out.append(n)
    return sorted(out)


def _connected(state: StateFields, a: Space, b: Space, lay: Layout | None = None) -> bool:
    """Whether a Character may move from ``a`` to ``b`` in one step (``lay``: the layout,
    when the caller has it at hand)."""
    link = state.links.get(a)
    if link is not None and link[0] == b:
        return True
    d = (b[1] - a[1], b[2] - a[2])
    for k in range(4):
        if (DX[k], DY[k]) == d:
            return (lay or layout_of(state)).way(a, k, DOOR) is not None
    return False


# -- what each kind does --------------------------------------------------------------------
def _plans_effect(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    state.planner = seat  # the player places the tiles this round
    return []


def _bump(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    where, _, push = target.partition(" push ")
    space = parse_space(where)
    state.bed_bumps.add(space)
    if not push:
        return []
    dest = parse_space(push)
    toks, staff = state.occupants(space)
    for c, i in toks:
        state.tokens[c][i] = dest
    for i in staff:
        state.staffers[i] = dest
    return [Event(f"the Characters at {where} are bumped to {push}", "move", seat),
            *state._forced_arrival(dest, toks)]


def _lasting(key: Lasting) -> Callable[[StateFields, int, str, str], list[Event]]:
    """An effect that lasts the turn, noted in ``state.fx[key]`` as a :class:`.TurnEffect`."""

    def effect(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
        if kind == "Walker":  # "Your Elder and Decoy"
            noted = TurnEffect(state.colour_of(seat), seat)
        elif kind == "Disguise":  # the pair, and the space whose Staffers it ignores
            colour, _, where = target.partition(" ")
            noted = TurnEffect(colour, seat, parse_space(where))
        else:  # New Shift: its player places the Nurses
            noted = TurnEffect(target, seat)
        state.fx[key] = (*state.fx.get(key, ()), noted)
        return []

    return effect


def _neutralize(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    """Laughing Gas, Steroids!: the Character is neutralized (a Decoy removed)."""
    if target in STAFFERS:
        state.staffers[STAFFERS.index(target)] = None
        return [Event(f"{target} is neutralized", "neutralize", seat)]
    colour, idx = target.split()
    i = int(idx) - 1
    pos = state.tokens[colour][i]
    if i == state.elder[colour]:  # an Elder-player's Stuff: not the Staff's (ruling S5)
        state._neutralize(colour, pos, [], by_staff=seat == 0)  # type: ignore[arg-type]
    else:
        state.tokens[colour][i] = None
        state.known[colour] = True
    return []


def _status(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    """Just Cleaned, Puddle: a Status-marker on the space (Just Cleaned may mop a Puddle)."""
    where, _, mop = target.partition(" mop ")
    if mop:
        del state.status[parse_space(mop)]
    state.status[parse_space(where)] = kind
    return []


def _block(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    """Jammed Door, Door Code: the door is blocked."""
    order = ""
    if kind == "Door Code":
        target, order = target.rsplit(" ", 1)
    text, d = target.rsplit(" ", 1)
    a = parse_space(text)
    k = _DIRS[d]
    marker = marker_key(a, (a[0], a[1] + DX[k], a[2] + DY[k]))
    stuff = DoorStuff(kind)
    state.blocked[marker] = (BlockedDoor(stuff) if stuff is DoorStuff.JAMMED_DOOR
                             else BlockedDoor(stuff, order=order, player=seat))
    return []


def _call(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    """Nurse Call, "Move a Staffer": the player of Nurse Call chooses the way."""
    state.nudges.append(Nudge(target, seat))
    return []


def _swap(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    """Head Nurse: the Nurse and the Doctor swap places."""
    i = STAFFERS.index(target)
    nurse_at, doctor_at = state.staffers[i], state.staffers[0]
    state.staffers[0], state.staffers[i] = nurse_at, doctor_at
    for spot in (nurse_at, doctor_at):
        if spot is not None:
            state._resolve(spot)
    return []


def _closer(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    """Lost Teeth (2 spaces), My Plants! (1 space, every colour): closer to the closest
    bed; each pair's Elder-player chooses the way."""
    steps = 2 if kind == "Lost Teeth" else 1
    colours = [target] if target else [c for c in state.game.colours
                                       if _harmless(state, seat, kind, c)]
    for colour in colours:
        owner = state.seat_of(colour)
        state.nudges += [Nudge(f"{colour} {i + 1}", owner) for _ in range(steps) for i in (0, 1)]
    return []


def _chair(state: StateFields, seat: int, kind: str, target: str) -> list[Event]:
    """Power-Chair: the player moves each token of the pair up to 2 spaces."""
    state.chair = [f"{target} {i + 1}" for i in (0, 1)]
    state.chair_seat = seat
    return []


#: Every Stuff kind with an effect in the model, by its rulebook name (the others are
#: held, exchanged and discarded): adding a kind is one entry here.
STUFF: dict[str, Stuff] = {
    "Hurry Up": Stuff(_hurry_up, _lasting(Lasting.HURRY_UP)),
    "Detector": Stuff(_active_colour, _lasting(Lasting.DETECTOR)),
    "Walker": Stuff(_walker, _lasting(Lasting.WALKER)),
    "Laughing Gas": Stuff(_gas, _neutralize),
    "Steroids!": Stuff(_gas, _neutralize),
    "Flying Bedpan": Stuff(_flying_bedpan, _lasting(Lasting.FLYING_BEDPAN)),
    "Coffee Break": Stuff(_coffee_break, _lasting(Lasting.COFFEE_BREAK)),
    "Just Cleaned": Stuff(_a_space, _status),
    "Puddle": Stuff(_a_space, _status),
    "Jammed Door": Stuff(_a_door, _block),
    "Door Code": Stuff(_a_door, _block),
    "Nurse Call": Stuff(_nurse_call, _call),
    "Head Nurse": Stuff(_head_nurse, _swap),
    "Lost Teeth": Stuff(_a_colour, _closer),
    "My Plants!": Stuff(_my_plants, _closer),
    "Power-Chair": Stuff(_a_colour, _chair),
    "Bingo on TV": Stuff(_active_colour, _lasting(Lasting.BINGO_ON_TV)),
    "New Shift": Stuff(_in_an_elder_turn, _lasting(Lasting.NEW_SHIFT)),
    "Staffers on Strike": Stuff(_in_an_elder_turn, _lasting(Lasting.STAFFERS_ON_STRIKE)),
    "Disguise": Stuff(_disguise, _lasting(Lasting.DISGUISE)),
    "Plans!": Stuff(_plans, _plans_effect),
    "Bed Bump": Stuff(_bed_bump, _bump),
}
#: Stuff kinds with an effect in the model (the others are held, exchanged, discarded).
IMPLEMENTED: tuple[str, ...] = tuple(STUFF)
