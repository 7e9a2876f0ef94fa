"""Golden playthroughs of Bedpans & Broomsticks: replay each record and compare its end.

Each ``tests/playthroughs/bedpans-*.json`` is a ``simlab.play`` record saved with
``record.save``.  The test replays it (no RNG), compares the outcome and a summary of the
final state with the values below, and plays the game again from its seed and policies to
check the same actions come out, and checks every state on the way against what the
rulebook says must hold (:func:`rulebook_checks`).  After an intended rule change,
regenerate with::

    python - <<'X'
    import simlab
    from simlab.games.bedpans.rules import BedpansGame
    readings = {o.name: next(c for c in o.choices if c != o.default)
                for o in BedpansGame.OPTIONS if o.choices and len(o.choices) > 1}
    variants = [o.name for o in BedpansGame.OPTIONS if o.variant]
    for name, n, pols, seed, opts in [
            ("2p-random-seed3", 2, None, 3, {}),
            ("3p-heuristic-seed10", 3, ["heuristic"] * 3, 10, {}),
            ("4p-mixed-seed9", 4, ["heuristic", "random", "heuristic", "random"], 9, {}),
            ("3p-chosen-start-seed1", 3, ["heuristic", "random", "heuristic"], 1,
             {"start_tile": "chosen"}),
            ("4p-all-options-seed5", 4, ["heuristic", "random", "heuristic", "random"], 5,
             {"variants": variants, **readings})]:
        game = simlab.load_game("bedpans", players=n, **opts)
        simlab.play(game, pols, seed=seed).save(f"tests/playthroughs/bedpans-{name}.json")
    X

then paste ``summary(simlab.replay(record))`` of each into ``EXPECTED``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import simlab
from simlab.core.record import GameRecord
from tests.games._checks import replay_golden
from tests.games.bedpans._checks import check_stuff_conserved

FOLDER = Path(__file__).resolve().parents[2] / "playthroughs"

EXPECTED: dict[str, dict] = {'bedpans-2p-random-seed3.json': {'exit_rounds': [],
                                  'hand_sizes': [0, 0],
                                  'neutralized': 1,
                                  'reason': 'the Staff neutralized 1 Elder',
                                  'round': 2,
                                  'staffers': [['U', 1, 2],
                                               ['U', 2, -3],
                                               ['U', 5, 1],
                                               None,
                                               None,
                                               None],
                                  'tiles': ['U -1,0 T05/0',
                                            'U 0,-1 T12/2',
                                            'U 0,0 S/0',
                                            'U 0,1 T08/3',
                                            'U 1,0 T03/3']},
 'bedpans-3p-chosen-start-seed1.json': {'exit_rounds': [],
                                        'hand_sizes': [1, 1, 0],
                                        'neutralized': 2,
                                        'reason': 'the Staff neutralized 2 Elders',
                                        'round': 3,
                                        'staffers': [['U', 6, -5],
                                                     ['U', -2, 1],
                                                     ['U', 2, 0],
                                                     ['U', -3, -1],
                                                     ['U', 4, -3],
                                                     None],
                                        'tiles': ['G1 0,0 E1a/0',
                                                  'G2 0,0 E2a/0',
                                                  'U -1,-1 T06/0',
                                                  'U -1,0 T03/0',
                                                  'U 0,-1 T02/0',
                                                  'U 0,0 T01/0',
                                                  'U 1,-1 T05/0',
                                                  'U 1,-2 T10/1',
                                                  'U 1,-3 T13/0',
                                                  'U 1,0 T12/0',
                                                  'U 2,-1 S/0',
                                                  'U 2,-2 E1b/0',
                                                  'U 2,0 T04/1',
                                                  'U 3,-2 T08/0',
                                                  'U 4,-2 E2b/0']},
 'bedpans-3p-heuristic-seed10.json': {'exit_rounds': [],
                                      'hand_sizes': [2, 0, 0],
                                      'neutralized': 3,
                                      'reason': 'the Staff neutralized 3 Elders',
                                      'round': 6,
                                      'staffers': [['U', 5, -2],
                                                   ['U', 6, -2],
                                                   ['G1', 0, 2],
                                                   ['U', 2, 1],
                                                   ['U', 3, -6],
                                                   ['U', 6, -2]],
                                      'tiles': ['G1 0,0 E1b/0',
                                                'G2 0,0 E2a/0',
                                                'U -1,0 T02/0',
                                                'U 0,-1 T01/1',
                                                'U 0,-2 T10/1',
                                                'U 0,0 S/0',
                                                'U 0,1 T04/1',
                                                'U 1,-1 T08/0',
                                                'U 1,-2 E1a/0',
                                                'U 1,0 T11/0',
                                                'U 2,-1 E2b/0',
                                                'U 2,0 T09/0']},
 'bedpans-4p-all-options-seed5.json': {'exit_rounds': [],
                                       'hand_sizes': [2, 0, 0, 0],
                                       'neutralized': 3,
                                       'reason': 'not every Elder reached an Exit',
                                       'round': 3,
                                       'staffers': [['U', 1, 4],
                                                    ['U', 3, -3],
                                                    ['U', -2, 0],
                                                    ['U', 3, 0],
                                                    None,
                                                    None],
                                       'tiles': ['G1 0,0 E2a/0',
                                                 'G2 0,0 E1b/0',
                                                 'U -1,-1 T01/1',
                                                 'U -1,0 T04/2',
                                                 'U -1,2 E1a/0',
                                                 'U 0,-1 T02/0',
                                                 'U 0,0 S/0',
                                                 'U 0,1 T08/1',
                                                 'U 0,2 T05/0',
                                                 'U 1,-1 T09/0',
                                                 'U 1,-2 E2b/0',
                                                 'U 1,0 T07/1']},
 'bedpans-4p-mixed-seed9.json': {'exit_rounds': [],
                                 'hand_sizes': [2, 0, 0, 0],
                                 'neutralized': 3,
                                 'reason': 'the Staff neutralized 3 Elders',
                                 'round': 6,
                                 'staffers': [['U', 5, -1],
                                              ['U', 2, 0],
                                              ['U', 1, 4],
                                              ['U', 2, 0],
                                              ['U', 0, 4],
                                              ['U', -1, 8]],
                                 'tiles': ['G1 0,0 E1a/0',
                                           'G2 0,0 E2a/0',
                                           'U -1,0 T04/3',
                                           'U -1,1 T09/1',
                                           'U -1,2 E2b/0',
                                           'U -2,1 E1b/0',
                                           'U 0,-1 T06/3',
                                           'U 0,0 S/0',
                                           'U 0,1 T03/3',
                                           'U 0,2 T11/1',
                                           'U 1,-1 T13/2',
                                           'U 1,0 T02/2',
                                           'U 1,1 T12/0',
                                           'U 2,0 T08/0']}}


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


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_matches_golden(name):
    _, final = replay_golden(FOLDER / name)
    assert summary(final) == EXPECTED[name]


def test_final_layouts_draw_floor_by_floor():
    from simlab.games.bedpans.render import draw

    record = GameRecord.load(FOLDER / "bedpans-3p-heuristic-seed10.json")
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

    for name in sorted(EXPECTED):
        record = GameRecord.load(FOLDER / name)
        for step in replay_steps(record):
            rulebook_checks(step.state)
