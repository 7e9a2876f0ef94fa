"""Bedpans & Broomsticks evaluation for the search players: the escape against the chase.

The rulebook: an Elder wins by being the first to reach an Exit; the Staff
wins by neutralizing as many Elders as there are Elder-players (as many as
players under Staff Experience; every Elder under No Recovery).
``evaluate`` weighs each Elder by how near it is to a way out (a known
Exit, else the unexplored frontier plus ``EXPLORE`` moves) and how far the
Staffers are from it, and the Staff by the neutralizations still needed;
the weights are shared out as chances to win.

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
"""

from __future__ import annotations

import math

from simlab.core.search import SearchSettings
from simlab.games.bedpans.policies import FAR, distance_field, escape_goals
from simlab.games.bedpans.rules import BedpansState

__all__ = ["EXPLORE", "evaluate", "needed", "settings"]

#: Moves an Elder still needs, beyond the frontier, while no Exit is on the layout.
EXPLORE = 8
#: Moves over which an Elder's escape chance falls by a factor e.
ESCAPE_SCALE = 4.0
#: Moves over which the Staffers' threat to an Elder falls by a factor e.
THREAT_SCALE = 2.0
#: Distance assumed for an Elder off the layout (neutralized, to re-enter).
OFF_LAYOUT = 30


def needed(state: BedpansState) -> int:
    """Neutralizations the Staff needs to win (the rulebook and its Variations)."""
    game = state.game
    if game.options["no_recovery"]:
        return len(game.colours)
    return game.players - (0 if game.options["staff_experience"] else 1)


def evaluate(state: BedpansState) -> list[float]:
    """Each seat's chance to win (Staff first), in [0, 1] and summing to 1."""
    colours = state.game.colours
    goals = escape_goals(state)
    exit_field = distance_field(state, goals)
    extra = 0 if any(f == "X" for f in state.features.values()) else EXPLORE
    staff = [s for s in state.staffers if s is not None]
    chase = distance_field(state, staff) if staff else {}
    weights = [0.0] * (len(colours) + 1)
    for i, colour in enumerate(colours, 1):
        if colour in state.out:
            continue
        tokens = state.tokens[colour]
        which = state.elder[colour]
        spots = [tokens[which]] if which in (0, 1) else list(tokens)
        best = 0.0
        for pos in spots:
            if pos is None:
                d, s = OFF_LAYOUT, OFF_LAYOUT
            else:
                d, s = exit_field.get(pos, FAR) + extra, chase.get(pos, OFF_LAYOUT)
            best = max(best, math.exp(-min(d, OFF_LAYOUT) / ESCAPE_SCALE)
                       * (1 - 0.6 * math.exp(-s / THREAT_SCALE)))
        weights[i] = best
    progress = min(state.neutralized / max(needed(state), 1), 1.0)
    weights[0] = 0.3 + 2.0 * progress
    total = sum(weights)
    return [w / total for w in weights]


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Bedpans (tuned in issue 12; see the README)."""
    return SearchSettings(iterations=60, exploration=0.7, depth=16, rollout="random",
                          evaluate=evaluate)
