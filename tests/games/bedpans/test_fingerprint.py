"""A fingerprint of Bedpans play: every legal list, chance distribution, action, event,
some views' legal lists and the outcomes of 24 games, hashed.

The engine's fast paths (the layout tables and what they keep, the legal lists kept from
``_settle``, chance drawn without its outcomes, removals looked for only when a token
leaves the layout) must leave play exactly as it was: this hash was taken on main before
them and must not move.  A change of behaviour that is meant (a ruling, a new event
text) changes it: say so in the commit and store the new value of
``python tests/games/bedpans/test_fingerprint.py``.
"""

from __future__ import annotations

import hashlib

import numpy as np

import simlab
from simlab.core.api import CHANCE, TERMINAL
from simlab.core.lazy_view import LazyView, seal
from simlab.core.play import make_policies

#: The games: option sets (the default, every reading flipped, two sets of Variations).
OPTIONS = [
    {},
    {"staffers_take_stuff": False, "first_nurse": "first-staffer-moved",
     "door_marker": "door", "hurry_up": "result+1", "detector": "result-1",
     "walker": "result-2", "bed_bump": "unmarked-space"},
    {"variants": ("staff_experience", "door_markers", "limited_occupancy",
                  "tile_placement", "elder_abilities")},
    {"variants": ("roll_and_assign", "stuff_is_stuff", "do_no_harm", "no_recovery",
                  "co_op_victory")},
]
#: Taken on main at 1e1bfd3, before this file's fast paths; taken again for issue 34, which
#: tells each winner's score in an event at the end (``BedpansState._result_events``): with
#: those events left out the hash is still the one of 1e1bfd3,
#: b847ffb5c6322e7264b4e98a6f857ad322829f8798e30a6228342face66ac947.
EXPECTED = ("0eb87c40021ba89beccf19782eb4841ce8dce0f4f1863653e7b5257ec35b0786", 14754)


def fingerprint() -> tuple[str, int]:
    """(sha256 of the play, transitions) over :data:`OPTIONS` x 2 and 4 players x random,
    heuristic and mixed seats, seed 0."""
    h = hashlib.sha256()
    count = 0
    games = [(o, p, pol, 0) for o in OPTIONS for p in (2, 4)
             for pol in ("random", "heuristic", "mixed")]
    for opts, players, pol, seed in games:
        game = simlab.load_game("bedpans", players=players, **opts)
        chosen = {"random": None, "heuristic": "heuristic",
                  "mixed": ["heuristic" if i % 2 else None for i in range(players)]}[pol]
        seats = make_policies(game, chosen)
        rngs = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(
            1 + players)]
        state = game.new_initial_state()
        while state.current_player != TERMINAL:
            p = state.current_player
            if p == CHANCE:
                h.update(repr(state.chance_outcomes()).encode())
                action = state._sample_chance(rngs[0])
            else:
                legal = state._legal_actions()
                h.update(repr(legal).encode())
                if count % 7 == 0:
                    h.update(repr(state.view(p).legal_actions()).encode())
                    h.update(repr([str(a) for a in legal]).encode())
                view = LazyView(state, p) if getattr(seats[p], "uses_view", True) else None
                action = seats[p].act(view, legal, rngs[1 + p])
                seal(view)
            events = state._apply(action)
            h.update(repr(action).encode())
            h.update(repr(events).encode())
            count += 1
        h.update(repr(state.outcome).encode())
    return h.hexdigest(), count


def test_play_is_unchanged_by_the_fast_paths() -> None:
    assert fingerprint() == EXPECTED


if __name__ == "__main__":
    print(fingerprint())
