"""Golden playthroughs of Bedpans & Broomsticks: each record replays to its stored end.

Checked and written again (``python -m tests.games.bedpans.test_playthrough``) as
:mod:`tests.games._checks` says.
Every state on the way keeps what the rulebook says must hold (:func:`rulebook_checks`).
"""

from __future__ import annotations

import pytest

import simlab
from simlab.core.record import GameRecord
from tests.games._checks import GOLDEN, check_golden, golden_names, regenerate_goldens
from tests.games.bedpans._checks import check_stuff_conserved


def summary(final):
    return {
        "round": final.round,
        "reason": final.outcome.reason,
        "tiles": sorted(f"{f} {x},{y} {tid}/{rot}"
                        for (f, x, y), (tid, rot) in final.tiles.items()),
        "neutralized": final.neutralized,
        "exit_rounds": final.exit_rounds,
        "staffers": [None if s is None else list(s) for s in final.staffers],
        "hand_sizes": [len(h) for h in final.hands],
    }


@pytest.mark.parametrize("name", golden_names("bedpans"))
def test_replay_matches_golden(name):
    check_golden("bedpans", name, summary)


def test_final_layouts_draw_floor_by_floor():
    from simlab.games.bedpans.render import draw

    record = GameRecord.load(GOLDEN / "bedpans-3p-heuristic-seed10.json")
    final = simlab.replay(record)
    floors = {pos[0] for pos in final.tiles}
    fig = draw(final.view(1), title="seen by red")
    assert len(fig.axes) == len(floors) == 3
    assert final.view(0)._repr_png_()[:4] == b"\x89PNG"


def rulebook_checks(state) -> None:
    """What the rulebook says holds in every position (line numbers of the rulebook).

    - l.216 "Both spaces of an Elevator shaft may not be occupied at the same time".
    - l.31, l.37, l.41, l.43: 48 Stuff-markers, 8 Door-markers, 6 Staffers, 21 Room-tiles
      (placed, in the stack with the unused start tile, or set aside), each accounted for.
    - l.190-196: Elevator pairs come with the 3rd and 4th Exit signs, Exits with the 5th
      to 7th; l.210 at most 2 Exits in a ground-floor group; l.177 at most 3 Exits.
    - l.203 no upper-floor tile placed after the 2nd pair of Elevator tiles.
    """
    from simlab.games.bedpans.components import STAFFERS

    for a, (b, kind) in state.links.items():
        if kind == "elevator":
            both = [s in state.staffers or any(s in p for p in state.tokens.values())
                    for s in (a, b)]
            assert not all(both), f"both spaces of the shaft {a}, {b} occupied"
    check_stuff_conserved(state)
    assert len(state.staffers) == len(STAFFERS) == 6
    left = len(state.stack) + len(state.elevators_left) + len(state.exits_left)
    assert len(state.tiles) + left + (not state.tiles) == 21  # (S: before the start is chosen)
    assert state.pairs_placed <= max(0, min(2, state.exit_signs - 2))
    exits = sum(state.exits_on.values())
    assert exits <= max(0, state.exit_signs - 4) or not state.stack  # (B5: empty stack)
    assert exits <= 3 and all(k <= 2 for k in state.exits_on.values())


def test_every_state_of_every_golden_game_keeps_the_rules():
    from simlab.core.record import replay_steps

    for name in golden_names("bedpans"):
        record = GameRecord.load(GOLDEN / name)
        for step in replay_steps(record):
            rulebook_checks(step.state)


if __name__ == "__main__":
    regenerate_goldens("bedpans", summary)
