"""Golden playthroughs of Broom Service: replay each record and compare its end.

Each ``tests/playthroughs/broom_service-*.json`` is a ``simlab.play`` record saved with
``record.save``.  The test replays it (no RNG), compares the outcome and a summary of the
final state with the values below, and plays the game again from its seed and policies to
check the same actions come out.  After an intended rule change, regenerate with::

    python - <<'X'
    import simlab
    for name, n, pols, seed in [("2p-random-seed1", 2, ["random"] * 2, 1),
            ("4p-heuristic-seed7", 4, ["heuristic", "brave", "cowardly", "brave-0.5"], 7),
            ("5p-mixed-seed3", 5, ["heuristic", "random", "brave", "cowardly", "heuristic"], 3)]:
        game = simlab.load_game("broom_service", players=n)
        simlab.play(game, pols, seed=seed).save(f"tests/playthroughs/broom_service-{name}.json")
    X

then paste ``summary(simlab.replay(record))`` of each into ``EXPECTED``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games._checks import replay_golden

FOLDER = Path(__file__).resolve().parents[2] / "playthroughs"

EXPECTED = {'broom_service-2p-random-seed1.json': {'vp': [-6, 10],
                                        'final_vp': [10, 14],
                                        'wands': [1, 0],
                                        'potions': [[6, 6, 6], [5, 3, 1]],
                                        'pawns': [['Bramble Wood', 'Fern Hollow'],
                                                  ['Willow Glen', 'Moonlit Forest']],
                                        'charmed': [[8], [4]],
                                        'towers': {'T1': 0, 'T6': 1, 'T7': 1, 'T8': 0}},
 'broom_service-4p-heuristic-seed7.json': {'vp': [30, 10, 1, 19],
                                           'final_vp': [56, 22, 15, 23],
                                           'wands': [0, 3, 1, 0],
                                           'potions': [[11, 12, 17],
                                                       [7, 8, 3],
                                                       [5, 7, 6],
                                                       [3, 2, 1]],
                                           'pawns': [['Sunny Downs', 'Eagle Spire'],
                                                     ['Bramble Wood', 'Thornwood'],
                                                     ['Misty Crag', 'Castle Roseguard'],
                                                     ['Castle Emberkeep', 'Sunny Downs']],
                                           'charmed': [[17], [], [15], [13]],
                                           'towers': {'T1': 3,
                                                      'T2': 1,
                                                      'T5': 3,
                                                      'T6': 0,
                                                      'T7': 0,
                                                      'T10': 0,
                                                      'T11': 0,
                                                      'T13': 1,
                                                      'T17': 1}},
 'broom_service-5p-mixed-seed3.json': {'vp': [25, 17, 14, 12, 35],
                                       'final_vp': [37, 19, 22, 25, 53],
                                       'wands': [1, 1, 3, 1, 1],
                                       'potions': [[4, 12, 10],
                                                   [2, 0, 0],
                                                   [10, 3, 1],
                                                   [5, 2, 4],
                                                   [6, 6, 7]],
                                       'pawns': [['Fern Hollow', 'Castle Roseguard'],
                                                 ['Goblin Hill', 'Clover Knolls'],
                                                 ['Castle Emberkeep', 'Thornwood'],
                                                 ['Sunny Downs', 'Crystal Peak'],
                                                 ['Frostpeak', 'Crystal Peak']],
                                       'charmed': [[10], [13], [], [23], [14]],
                                       'towers': {'T1': 4,
                                                  'T2': 4,
                                                  'T3': 4,
                                                  'T5': 4,
                                                  'T8': 0,
                                                  'T9': 0,
                                                  'T10': 1,
                                                  'T12': 0,
                                                  'T13': 2,
                                                  'T14': 3,
                                                  'T17': 4,
                                                  'T18': 4}}}


def summary(final):
    return {
        "vp": final.vp,
        "final_vp": final.final_vp,
        "wands": final.wands,
        "potions": final.potions,
        "pawns": final.pawns,
        "charmed": final.charmed,
        "towers": {k: v for k, v in final.towers.items() if v is not None},
    }


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_replay_matches_golden(name):
    record, final = replay_golden(FOLDER / name)
    assert summary(final) == EXPECTED[name]
    assert record.outcome.scores == tuple(float(v) for v in EXPECTED[name]["final_vp"])
