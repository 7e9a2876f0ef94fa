"""Golden playthroughs of Bedpans & Broomsticks: replay each record and compare its end.

Each ``tests/playthroughs/bedpans-*.json`` is a ``simlab.play`` record saved with
``record.save``.  The test replays it (no RNG), compares the outcome and a summary of the
final state with the values below, and plays the game again from its seed and policies to
check the same actions come out.  After an intended rule change, regenerate with::

    python - <<'X'
    import simlab
    for name, n, pols, seed, opts in [
            ("2p-random-seed3", 2, None, 3, {}),
            ("3p-heuristic-seed10", 3, ["heuristic"] * 3, 10, {}),
            ("4p-mixed-seed9", 4, ["heuristic", "random", "heuristic", "random"], 9, {}),
            ("3p-fewer-beds-seed1", 3, ["heuristic", "random", "heuristic"], 1,
             {"start_tile": "fewer-beds"}),
            ("4p-all-options-seed5", 4, ["heuristic", "random", "heuristic", "random"], 5,
             {"variants": [o.name for o in simlab.load_game("bedpans").OPTIONS
                           if o.variant], "assign_for": "everyone", "walker": "dice-2"})]:
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
from tests.games._checks import assert_same_seed_plays_same_game, replay_golden

FOLDER = Path(__file__).resolve().parents[2] / "playthroughs"

EXPECTED: dict[str, dict] = {'bedpans-2p-random-seed3.json': {'exit_rounds': [],
                                'hand_sizes': [1, 0],
                                'neutralized': 1,
                                'reason': 'the Staff neutralized 1 Elder',
                                'round': 2,
                                'staffers': [['U', 1, 3],
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
'bedpans-3p-fewer-beds-seed1.json': {'exit_rounds': [5],
                                    'hand_sizes': [1, 0, 0],
                                    'neutralized': 2,
                                    'reason': 'the Staff neutralized 2 Elders',
                                    'round': 5,
                                    'staffers': [['U', 2, -1],
                                                ['U', 1, -1],
                                                ['G1', 0, 2],
                                                ['G1', -2, 2],
                                                ['G1', -4, 2],
                                                ['G1', 3, 2]],
                                    'tiles': ['G1 -1,0 T07/1',
                                             'G1 -2,0 X2/0',
                                             'G1 0,0 E1b/0',
                                             'G1 1,0 T12/0',
                                             'G2 0,0 E2a/0',
                                             'U -1,-1 T08/0',
                                             'U -1,0 T05/0',
                                             'U -2,-1 E2b/0',
                                             'U 0,-1 T11/0',
                                             'U 0,0 S/0',
                                             'U 0,1 T02/1',
                                             'U 1,0 T06/0',
                                             'U 2,0 E1a/0']},
'bedpans-3p-heuristic-seed10.json': {'exit_rounds': [],
                                    'hand_sizes': [1, 0, 0],
                                    'neutralized': 2,
                                    'reason': 'the Staff neutralized 2 Elders',
                                    'round': 4,
                                    'staffers': [['U', 2, 0],
                                                ['U', 2, 1],
                                                None,
                                                None,
                                                None,
                                                None],
                                    'tiles': ['G1 0,0 E2b/0',
                                             'G2 0,0 E1b/0',
                                             'U -1,0 T02/0',
                                             'U 0,-1 T01/1',
                                             'U 0,-2 T05/0',
                                             'U 0,0 S/0',
                                             'U 0,1 T04/1',
                                             'U 1,-1 T08/0',
                                             'U 1,-2 E1a/0',
                                             'U 1,0 T11/0',
                                             'U 2,-1 E2a/0']},
'bedpans-4p-all-options-seed5.json': {'exit_rounds': [],
                                     'hand_sizes': [2, 0, 0, 0],
                                     'neutralized': 3,
                                     'reason': 'not every Elder reached an Exit',
                                     'round': 6,
                                     'staffers': [['U', -2, 0],
                                                 ['U', 2, 1],
                                                 ['U', 3, -1],
                                                 ['G2', -1, 2],
                                                 ['U', 8, -1],
                                                 ['G2', 0, 1]],
                                     'tiles': ['G1 0,0 E1a/0',
                                              'G2 -1,0 T01/0',
                                              'G2 0,0 E2a/0',
                                              'U -1,-1 E1b/0',
                                              'U -1,0 T04/2',
                                              'U 0,-1 T02/0',
                                              'U 0,0 S/0',
                                              'U 0,1 T12/0',
                                              'U 1,-1 T06/0',
                                              'U 1,0 T07/1',
                                              'U 2,-1 E2b/0']},
'bedpans-4p-mixed-seed9.json': {'exit_rounds': [],
                               'hand_sizes': [1, 1, 1, 0],
                               'neutralized': 3,
                               'reason': 'the Staff neutralized 3 Elders',
                               'round': 3,
                               'staffers': [['U', 0, 2],
                                           ['U', 2, 0],
                                           ['U', 3, 1],
                                           None,
                                           None,
                                           None],
                               'tiles': ['G1 0,0 E1a/0',
                                        'G2 0,0 E2a/0',
                                        'U -1,0 T04/3',
                                        'U -1,1 E1b/0',
                                        'U 0,-1 T06/3',
                                        'U 0,0 S/0',
                                        'U 0,1 T03/3',
                                        'U 1,0 T02/2',
                                        'U 2,-1 E2b/0',
                                        'U 2,0 T05/0']}}


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


def test_every_golden_file_is_checked():
    assert sorted(p.name for p in FOLDER.glob("bedpans-*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_matches_golden(name):
    _, final = replay_golden(FOLDER / name)
    assert summary(final) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_same_seed_and_policies_play_the_same_game(name):
    assert_same_seed_plays_same_game(FOLDER / name)


def test_final_layouts_draw_floor_by_floor():
    from simlab.games.bedpans.render import draw

    record = GameRecord.load(FOLDER / "bedpans-3p-heuristic-seed10.json")
    final = simlab.replay(record)
    floors = {pos[0] for pos in final.tiles}
    fig = draw(final.view(1), title="seen by red")
    assert len(fig.axes) == len(floors) == 3
    assert final.view(0)._repr_png_()[:4] == b"\x89PNG"
