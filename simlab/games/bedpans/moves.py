"""Moving in Bedpans & Broomsticks: a Character's steps ("Movement", "Special – Movement",
"Using an Elevator Space", "Using Stairs"), and the moves that Stuff forces.

A mixin of :class:`~simlab.games.bedpans.rules.BedpansState`.  A move is one
step per action (:meth:`Moves._step`) among :meth:`Moves._move_options`: no
walls, no Just Cleaned space, a blocked door tried for 1 space of movement
(:meth:`Moves._try_door`: Jammed Door's roll for doubles, Door Code's guess),
Stuff taken on the way (:meth:`Moves._take`); arriving (:meth:`Moves._arrive`)
stops Staffers at Residents and Elders at Staffers, slips on a Puddle, ends at
a Bed Bump, and resolves neutralization.  Power-Chair's free moves
(:meth:`Moves._chair_step`) and the moves "closer to the closest bed" of Lost
Teeth, My Plants! and Nurse Call (:meth:`Moves._nudge_step`) are here too.
Readings: rulings M1, B10, B19, S8-S13 in ``docs/rulings/bedpans.md``.

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> s = BedpansGame(players=2).new_initial_state()
>>> s.active, s.phase, s.mover, s.points = 1, "move", "red 1", 2
>>> list(s._move_options())
[Step(direction='E'), Step(direction='S'), Stop()]
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from simlab.core.api import Action, Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import DX, DY, Space, marker_key, space_text
from simlab.games.bedpans.components import COLOURS, STAFFERS
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.layout import Layout, bfs_field, layout_of
from simlab.games.bedpans.parts import ON_STRIKE, Decide, Decision, Lasting
from simlab.games.bedpans.stuff import CODE_ORDERS, closer_spaces

__all__ = ["Moves"]

#: Step directions on a floor.
STEP_DIRS = {"N": 0, "E": 1, "S": 2, "W": 3}
#: The move actions, made once (they are frozen values).
_STEP = {label: A.Step(label) for label in (*STEP_DIRS, "down", "up")}
_TRY = {label: A.TryDoor(label) for label in STEP_DIRS}
_TAKE, _STOP = A.TakeStuff(), A.Stop()
#: Read from its enum once (see ``turn_sequence._MOVE``).
_BINGO_ON_TV = Lasting.BINGO_ON_TV
#: The Status-marker no one may enter (the other, Puddle, is slipped on).
_JUST_CLEANED = "Just Cleaned"
#: Each direction on a floor as (dx, dy).
_DELTA = {label: (DX[d], DY[d]) for label, d in STEP_DIRS.items()}
#: Each Resident token's name -> (colour, index): ``red 1`` is ``("red", 0)``.
_RESIDENTS = {f"{c} {i + 1}": (c, i) for c in COLOURS for i in (0, 1)}
#: The same, by direction number (N E S W).
_STEP_TO = A.STEP_TO
_TRY_TO = tuple(_TRY[label] for label in STEP_DIRS)


@functools.lru_cache(maxsize=20_000)
def _moved(name: str, target: Space, seat: int) -> Event:
    """The event of ``name``'s step to ``target`` in ``seat``'s turn (made once: an event is
    an immutable record, and the same steps are told again and again)."""
    return Event(f"{name} moves to {space_text(target)}", "move", seat)


class Moves(StateFields):
    """Moving Characters for :class:`~simlab.games.bedpans.rules.BedpansState`."""

    def _move_options(self) -> Sequence[Action]:
        if self.points <= 0 and not self.can_take:  # the move is over: no step, no Stuff
            return []
        name: str = self.mover  # type: ignore[assignment]  # asked with a mover
        space = self.position(name)
        if space is None:
            return []
        # whether Stuff may be taken here (the first for free, unless Stuff is Stuff)
        take = self.can_take and self.stuff_at.get(space, 0) > 0 and (
            (self.took == 0 and not self.game.options["stuff_is_stuff"]) or self.points > 0) and (
            name not in STAFFERS or self.game.options["staffers_take_stuff"])
        options: list[Action]
        bingo = self._affected(_BINGO_ON_TV) if self.fx else ()
        if self.points <= 0:
            options = []
        elif not ((self.status and _JUST_CLEANED in self.status.values())
                  or (bingo and name.split()[0] in bingo)
                  or (self.blocked and self._by_blocked_door(space))):
            # no Just Cleaned space, blocked door on a side of the space or Bingo on TV on the
            # mover: the walls decide, and the Elevator shafts and Stairs when there are some
            # here or next door
            lay = layout_of(self)
            if not take:  # the steps and Stop, kept for the layout
                plain = lay.moves[space] if space in lay.moves else lay.plain_moves(space)
                if plain is not None:
                    return plain
            plain = lay.plain_steps(space)
            options = list(plain) if plain is not None else self._steps_near_links(space, lay)
        else:
            options = self._steps_with_stuff(name, space)
        if take:
            options.append(_TAKE)
        if options:
            options.append(_STOP)
        return options

    def _by_blocked_door(self, space: Space) -> bool:
        """Whether a door blocked by Stuff is on a side of ``space``."""
        return space in itertools.chain.from_iterable(self.blocked)  # the doors' two sides

    def _steps_with_stuff(self, name: str, space: Space) -> list[Action]:
        """The steps from ``space`` with Status-markers, blocked doors or Bingo on TV in
        play: a blocked door is tried (ruling S9), no one enters a Just Cleaned space, Bingo
        on TV allows no step away from the closest bed, and the Elevator shafts as ever."""
        options: list[Action] = []
        status, blocked = self.status, self.blocked
        beds = None
        if name.split()[0] in self._affected(Lasting.BINGO_ON_TV):
            beds = self.bed_distances()
        links = self.links
        for d, nxt in layout_of(self).steps(space):  # no wall, a tile beyond
            if blocked and marker_key(space, nxt) in blocked:
                options.append(_TRY_TO[d])
                continue
            if status and status.get(nxt) == "Just Cleaned":
                continue
            if beds is not None and beds.get(nxt, 0) > beds.get(space, 0):
                continue
            if nxt in links and self._shaft_closed(nxt):
                continue
            options.append(_STEP_TO[d])
        link = links.get(space)
        if link is not None and not (link[1] == "elevator" and self._occupied(link[0])) \
                and not (status and status.get(link[0]) == "Just Cleaned") \
                and not (beds is not None and beds.get(link[0], 0) > beds.get(space, 0)):
            options.append(_STEP["down" if space[0] == "U" else "up"])
        return options

    def _steps_near_links(self, space: Space, lay: Layout) -> list[Action]:
        """The steps from ``space`` next to an Elevator shaft or Stairs, with no Status-marker,
        blocked door or Stuff in play: "When Characters occupy an Elevator space, the other,
        corresponding space may not be entered" (both ways: a step onto it, or a ride)."""
        options: list[Action] = [_STEP_TO[d] for d, nxt in lay.steps(space)
                                 if not self._shaft_closed(nxt)]
        link = self.links.get(space)
        if link is not None and not (link[1] == "elevator" and self._occupied(link[0])):
            options.append(_STEP["down" if space[0] == "U" else "up"])
        return options

    def _shaft_closed(self, space: Space) -> bool:
        """Whether ``space`` is an Elevator space that may not be entered from its own floor:
        "When Characters occupy an Elevator space, the other, corresponding space may not be
        entered"."""
        link = self.links.get(space)
        return link is not None and link[1] == "elevator" and self._occupied(link[0])

    def _nudge_step(self) -> bool:
        """Lost Teeth, My Plants!, Nurse Call: the next 1-space move closer to a bed."""
        nudge = self.nudges[0]
        name, chooser = nudge.name, nudge.chooser
        options = closer_spaces(self, name)
        if len(options) > 1:
            self.need = Decide(chooser, Decision.CLOSER)
            return True
        self.nudges.pop(0)
        if options:
            self._move_closer(name, options[0])
        return False

    def _move_closer(self, name: str, dest: Space) -> list[Event]:
        here = self.position(name)
        moved: list[tuple[str, int]] = []
        if here is not None and self.links.get(here) == (dest, "elevator"):
            moved = self.occupants(here)[0]
            self._ride(here, dest)  # a ride: "Any Characters in the same space also move"
        elif name in STAFFERS:
            self.staffers[STAFFERS.index(name)] = dest
        else:
            colour, idx = name.split()
            self.tokens[colour][int(idx) - 1] = dest
            moved = [(colour, int(idx) - 1)]
        return self._forced_arrival(dest, moved)

    def _forced_arrival(self, dest: Space, moved: Sequence[tuple[str, int]]) -> list[Event]:
        """A move forced by Stuff (Lost Teeth, My Plants!, Nurse Call, a Bed Bump push) has
        put Characters on ``dest``; ``moved``: the Resident tokens among them.

        Neutralization is resolved as after a step.  Option ``exit_by``: ``step`` (default)
        lets only a step onto an Exit space win; ``any-move``: an Elder moved onto it leaves
        by it too (ruling B17).  Option ``wake_by``: ``step`` (default) wakes an Elevator
        pair's Staffers only at a step onto its Elevator or Stairs space; ``any-move``: a
        Resident moved there wakes them too (ruling B7).
        """
        opts = self.game.options
        feature = self.features.get(dest)
        events: list[Event] = []
        if feature == "X" and opts["exit_by"] == "any-move":
            for colour, i in moved:
                if i == self.elder[colour] and self.tokens[colour][i] == dest:
                    points = self.points  # the mover's, unless the Elder is the mover
                    events += self._leave_by_exit(colour)
                    if self.mover != f"{colour} {i + 1}":
                        self.points = points
                    if self.winner is not None:
                        return events
        self._resolve(dest)
        if (feature in ("E", "S") and opts["wake_by"] == "any-move"
                and any(self.tokens[c][i] == dest for c, i in moved)):
            self._wake(dest)
        return events

    def _leave_by_exit(self, colour: str) -> list[Event]:
        """``colour``'s Elder is on an Exit space: it wins, or leaves under Co-op Victory and
        All or Nothing (rulings B17, V2, V3)."""
        opts = self.game.options
        if opts["co_op_victory"] or opts["all_or_nothing"]:
            return self._escape(colour)
        self.winner = self.seat_of(colour)
        self.reason = f"the {colour} Elder reached an Exit"
        return [Event(self.reason, "win", self.winner)]

    def _ride(self, space: Space, target: Space) -> None:
        """Everyone in the Elevator space ``space`` moves to the other one, ``target``."""
        toks, staff = self.occupants(space)
        for c, i in toks:
            self.tokens[c][i] = target
        for i in staff:
            self.staffers[i] = target

    def _closer(self, action: A.Closer) -> list[Event]:
        self.nudges.pop(0)
        seat = cast(Decide, self.need).seat
        events = self._move_closer(action.name, action.space)
        return [Event(f"{action.name} moves to {space_text(action.space)}", "move", seat),
                *events]

    def _step(self, action: A.Step) -> list[Event]:
        name: str = self.mover  # type: ignore[assignment]  # a step is offered only to a
        space: Space = self.position(name)  # type: ignore[assignment]  # mover on the layout
        self.points -= 1
        delta = _DELTA.get(action.direction)
        if delta is None:  # down or up
            target, kind = self.links[space]
            if kind == "elevator":  # everyone in the Elevator space rides along
                self._ride(space, target)
        else:
            target = (space[0], space[1] + delta[0], space[2] + delta[1])
        if self.status and self.status.get(target) == "Puddle":  # ruling S8: a slip
            self.points = max(0, self.points - 1)
        if target in self.bed_bumps:  # ruling S13: entering it ends the movement
            self.points = 0
        return [_moved(name, target, self.active), *self._arrive(name, target)]

    def _try_door(self, action: A.TryDoor) -> list[Event]:
        space = cast(Space, self.position(self.mover))  # type: ignore[arg-type]
        d = STEP_DIRS[action.direction]
        self.points -= 1
        self.trying = marker_key(space, (space[0], space[1] + DX[d], space[2] + DY[d]))
        return [Event(f"{self.mover} tries the {self.blocked[self.trying].stuff}", "door",
                      self.active)]

    def _door_result(self, action: A.DoorResult) -> list[Event]:
        key = cast("tuple[Space, Space]", self.trying)  # a door is being tried
        self.trying = None
        if action.opened:
            self._lay_aside(self.blocked.pop(key).stuff, 1)  # "discard the markers"
            return [Event("the door is unblocked", "door", self.active)]
        entry = self.blocked[key]
        self.blocked[key] = replace(entry, tries=entry.tries + 1)
        return [Event("the door stays blocked", "door", self.active)]

    def _guess_code(self, action: A.GuessCode) -> list[Event]:
        key = cast("tuple[Space, Space]", self.trying)  # a door is being tried
        self.trying = None
        entry = self.blocked[key]
        if action.order == entry.order:
            del self.blocked[key]
            self._lay_aside(entry.stuff, 1)  # "discard the markers"
            return [Event(f"{self.mover} guesses the Door Code: the door is unblocked",
                          "door", self.active)]
        self.blocked[key] = replace(entry, wrong=(*entry.wrong, action.order))
        return [Event(f"{self.mover} guesses {action.order}: wrong", "door", self.active)]

    def _chair_step(self) -> bool:
        """Power-Chair: the player moves each token of the chosen pair up to 2 spaces."""
        if self.mover is None:
            self.mover, self.points, self.can_take = self.chair[0], 2, False
        options = self._legal_chair(self.chair_seat)
        if not options:  # no free move left, or the token is gone
            self.chair.pop(0)
            self.mover, self.points, self.can_take = None, 0, False
            return False
        self._decide(self.chair_seat, Decision.CHAIR, options)
        return True

    def _arrive(self, name: str, target: Space) -> list[Event]:
        events: list[Event] = []
        self.can_take = True
        token = _RESIDENTS.get(name)
        if token is None:  # a Staffer
            self.staffers[STAFFERS.index(name)] = target
            for pair in self.tokens.values():
                if target in pair:  # stopped by a Resident, who may be caught
                    self.points = 0
                    self._resolve(target)
                    break
            return events
        colour, i = token
        pair = self.tokens[colour]
        pair[i] = target
        if pair[0] == pair[1]:
            self.known[colour] = False  # the two may be shuffled
        feature = self.features.get(target)
        if i == self.elder[colour] and feature == "X":
            return self._leave_by_exit(colour)
        if target in self.staffers and not self._disguised(colour, target):
            if i == self.elder[colour]:
                self.points = 0
            self._resolve(target)
        if self.tokens[colour][i] is None:
            return events
        if feature in ("E", "S"):
            self._wake(target)
        if self._targets(target):
            self.explore = target
        return events

    def _disguised(self, colour: str, space: Space) -> bool:
        """Disguise: the pair moves as if the space had no Staffers (ruling S13)."""
        return any(e.on == colour and e.space == space for e in self.fx.get(Lasting.DISGUISE, ()))

    def _wake(self, space: Space) -> None:
        """A Resident entered an Elevator or Stairs space: the Staffers of both tiles of its
        pair are placed (ruling B7), but none on a tile of the pair that Staffers on Strike
        hit (option ``strike_elevator=elevator-tile``, ruling S12)."""
        pos = (space[0], space[1] // 3, space[2] // 3)
        pair = self.dormant.get(pos)
        if pair is None:
            return
        pair = pair.removesuffix(ON_STRIKE)
        for p in sorted(p for p, q in self.dormant.items() if q.removesuffix(ON_STRIKE) == pair):
            if not self.dormant.pop(p).endswith(ON_STRIKE):
                self.queue.extend(self._stations(p))

    def _stop(self, action: A.Stop) -> list[Event]:
        self.points = 0
        self.can_take = False
        return []

    def _take(self, action: A.TakeStuff) -> list[Event]:
        space = cast(Space, self.position(self.mover))  # type: ignore[arg-type]
        if self.took > 0 or self.game.options["stuff_is_stuff"]:
            self.points -= 1
        self.took += 1
        self.stuff_at[space] -= 1
        if self.stuff_at[space] == 0:
            del self.stuff_at[space]
        self.draws.append(self.active)
        return [Event(f"{self.mover} takes a Stuff-marker", "take", self.active)]

    def bed_distances(self) -> dict[Space, int]:
        """Moves from every space to its closest bed ("Special – Closest Bed"): doors count
        even blocked, the Elevator shaft joins the floors, Stairs and Status-markers do not
        matter (ruling B19).

        Examples
        --------
        >>> from simlab.games.bedpans.rules import BedpansGame
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

    def _legal_move(self, seat: int) -> list[Action]:
        """A move: a step, a door tried, Stuff taken, or stop."""
        return list(self._move_options())

    def _legal_chair(self, seat: int) -> list[Action]:
        """Power-Chair's free moves: a step or stop (no Stuff taken)."""
        return [a for a in self._move_options() if not isinstance(a, A.TakeStuff)]

    def _legal_guess(self, seat: int) -> list[Action]:
        """A Door Code guess: an order of its markers not tried yet."""
        wrong = self.blocked[self.trying].wrong  # type: ignore[index]  # a door is tried
        return [A.GuessCode(o) for o in CODE_ORDERS if o not in wrong]

    def _legal_closer(self, seat: int) -> list[Action]:
        """Where the next move "closer to the closest bed" goes."""
        name = self.nudges[0].name
        return [A.Closer(name, space) for space in closer_spaces(self, name)]
