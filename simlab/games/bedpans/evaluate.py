"""Bedpans & Broomsticks evaluation for the search players: the escape against the chase.

The rulebook: an Elder wins by being the first to reach an Exit; the Staff
wins by neutralizing as many Elders as there are Elder-players (as many as
players under Staff Experience; every Elder under No Recovery).
``evaluate`` weighs each Elder by how near it is to a way out (a known
Exit, else the unexplored frontier plus ``EXPLORE`` moves) times its
chance not to be neutralized in the Staff's next turn, and the Staff by
the neutralizations it has and still needs; the weights are shared out as
chances to win.  Under Co-op Victory and All or Nothing an Elder that has
left by an Exit (``state.escaped``) is out of play while the game goes on:
it weighs as an Elder on the Exit out of reach (1), not as one out of the
game; once Co-op Victory has decided the game for the Elders (ruling V2,
``co_op_after_exit=elders-won``) the Staff weighs 0.

The chance of a neutralization reads "a Resident in the same space as 2+
Staffers is neutralized ... Similarly, a Resident in the same space as the
Doctor": the Doctor reaches the Elder if its roll (the red die plus the
lower white die) is at least its distance; two Nurses reach it if both
rolls are (the nearest Nurse moved first: the 2 highest of 3 dice; the
next: the 2 lowest).  Distances are moves over the layout (walls and
doors as :func:`~simlab.games.bedpans.routes.distance_field` reads them;
who stands in the way is ignored).

Examples
--------
>>> from simlab.games.bedpans.rules import BedpansGame
>>> state = BedpansGame(players=3).new_initial_state()
>>> values = evaluate(state)
>>> len(values), abs(sum(values) - 1) < 1e-9
(3, True)
>>> state.neutralized = 1
>>> evaluate(state)[0] > values[0]
True
>>> [round(p, 3) for p in REACH["doctor"][:7]]
[1.0, 1.0, 1.0, 0.815, 0.519, 0.185, 0.037]
"""

from __future__ import annotations

import math
from dataclasses import replace

from simlab.core.search_settings import SearchSettings
from simlab.games.bedpans.board import Space
from simlab.games.bedpans.routes import FAR, distance_field, escape_goals
from simlab.games.bedpans.rules import BedpansState

__all__ = ["EXPLORE", "REACH", "caught", "evaluate", "needed", "settings", "staff_settings"]

#: Moves an Elder still needs, beyond the frontier, while no Exit is on the layout.
EXPLORE = 8
#: Moves over which an Elder's escape chance falls by a factor e.
ESCAPE_SCALE = 4.0


def _at_least(rolls: list[int]) -> list[float]:
    """``P(roll >= d)`` for d = 0..9 from equally likely rolls."""
    return [sum(r >= d for r in rolls) / len(rolls) for d in range(10)]


_DICE = [(a, b, c) for a in (1, 2, 3) for b in (1, 2, 3) for c in (1, 2, 3)]
#: ``REACH[mover][d]``: the chance that the mover's movement result is at least d
#: (exact, from the 27 rolls of three 3-sided dice; :mod:`.movement` gives the rules).
REACH = {
    "doctor": _at_least([red + min(w1, w2) for red, w1, w2 in _DICE]),
    "first_nurse": _at_least([sum(d) - min(d) for d in _DICE]),
    "other_nurse": _at_least([sum(d) - max(d) for d in _DICE]),
}
#: Distance assumed for an Elder off the layout (neutralized, to re-enter).
OFF_LAYOUT = 30


def needed(state: BedpansState) -> int:
    """Neutralizations the Staff needs to win (the rulebook and its Variations)."""
    game = state.game
    if game.options["no_recovery"]:
        return len(game.colours)
    return game.players - (0 if game.options["staff_experience"] else 1)


def _reach(kind: str, distance: int) -> float:
    table = REACH[kind]
    return table[distance] if distance < len(table) else 0.0


def caught(state: BedpansState, space: Space) -> float:
    """The chance that the Staff neutralizes a Resident on ``space`` in one turn of moves.

    Examples
    --------
    >>> from simlab.games.bedpans.rules import BedpansGame
    >>> s = BedpansGame(players=2).new_initial_state()
    >>> s.staffers = [None] * 6
    >>> caught(s, ("U", 0, 0))
    0.0
    >>> s.staffers[0] = ("U", 0, 1)
    >>> caught(s, ("U", 0, 0))
    1.0
    """
    if not any(state.staffers):
        return 0.0
    field = distance_field(state, [space])
    doctor = state.staffers[0]
    p_doctor = _reach("doctor", field.get(doctor, FAR)) if doctor is not None else 0.0
    nurses = sorted(field.get(n, FAR) for n in state.staffers[1:] if n is not None)
    p_nurses = 0.0
    if len(nurses) >= 2:
        p_nurses = _reach("first_nurse", nurses[0]) * _reach("other_nurse", nurses[1])
    return 1 - (1 - p_doctor) * (1 - p_nurses)


def evaluate(state: BedpansState) -> list[float]:
    """Each seat's chance to win (Staff first), in [0, 1] and summing to 1."""
    colours = state.game.colours
    goals = escape_goals(state)
    exit_field = distance_field(state, goals)
    extra = 0 if any(f == "X" for f in state.features.values()) else EXPLORE
    weights = [0.0] * (len(colours) + 1)
    for i, colour in enumerate(colours, 1):
        if i in state.escaped:  # left by an Exit: done, out of the Staff's reach
            weights[i] = 1.0
            continue
        if colour in state.out:
            continue
        tokens = state.tokens[colour]
        which = state.elder[colour]
        spots = [tokens[which]] if which in (0, 1) else list(tokens)
        best = 0.0
        for pos in spots:
            if pos is None:
                value = math.exp(-OFF_LAYOUT / ESCAPE_SCALE)
            else:
                d = min(exit_field.get(pos, FAR) + extra, OFF_LAYOUT)
                value = math.exp(-d / ESCAPE_SCALE) * (1 - caught(state, pos))
            best = max(best, value)
        weights[i] = best
    progress = min(state.neutralized / max(needed(state), 1), 1.0)
    weights[0] = 0.0 if state._elders_have_won() else 0.3 + 2.0 * progress
    total = sum(weights)
    return [w / total for w in weights]


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Bedpans (screened in issue 12:
    docs/history/bedpans-search-players.md).

    The search weighs only the decisions :func:`~simlab.games.bedpans.candidates.candidates`
    leaves open (at most 3 actions at a step), plays out with the heuristic (on the
    determinized position: the heuristic reads only what its seat may know) and
    scores the position 12 actions on with :func:`evaluate`: about the rest of the
    mover's move, so that the score is mostly the exact chance of being neutralized
    in the Staff's next turn (``caught``) and the moves still to an Exit, with little
    dice noise (50 actions, a Staff turn and more, gave noisy means that cost the
    Elders games).

    The Staff (seat 0) searches otherwise (:func:`staff_settings`, through
    ``SearchSettings.seats``): only its choice of the Staffer to move, scored 50
    actions on.

    Examples
    --------
    >>> s = settings()
    >>> s.iterations, s.depth, s.exploration, s.candidates.steps
    (12, 12, 0.1, 3)
    >>> staff = s.seats(0, s)
    >>> staff.depth, sorted(staff.candidates.weigh), staff.candidates.steps
    (50, ['choose'], 1)
    >>> s.seats(1, s) is s
    True
    """
    from simlab.games.bedpans.candidates import candidates

    return SearchSettings(
        iterations=12,
        exploration=0.1,
        depth=12,
        rollout="heuristic",
        evaluate=evaluate,
        candidates=candidates,
        rollout_views=False,
        seats=staff_settings,
    )


def staff_settings(seat: int, settings: SearchSettings) -> SearchSettings:
    """The settings ``seat`` searches with: the Staff's own, the Elders' unchanged.

    The Staff weighs only its choice of the Staffer to move (no steps, no Stuff
    windows) and scores the position 50 actions on (past the Elders' replies).
    The Elders' settings on the Staff lost games the heuristic Staff won: 31 of 40
    against the heuristic's 39 (docs/history/bedpans-search-players.md).
    """
    if seat != 0:
        return settings
    from simlab.games.bedpans.candidates import Candidates

    return replace(
        settings,
        depth=50,
        candidates=Candidates(weigh=frozenset({"choose"}), steps=1, stuff=False),
    )
