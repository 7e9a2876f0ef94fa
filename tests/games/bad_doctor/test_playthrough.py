"""Golden playthroughs and the conservation of components.

The records under ``tests/playthroughs/bad_doctor-*.json`` were made with
``simlab.play`` and saved with ``record.save``; regenerate them (after a
deliberate change of rules or data) with
``python -m tests.games.bad_doctor.test_playthrough``.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import simlab
from simlab.core.play import sample_chance
from simlab.core.record import GameRecord, replay

FOLDER = Path(__file__).resolve().parents[2] / "playthroughs"

#: name -> (players, options, policies, seed)
GOLDEN = {
    "bad_doctor-2p-random": (2, {}, ["random", "random"], 1),
    "bad_doctor-3p-policies": (3, {}, ["greedy", "bad", "cautious"], 2),
    "bad_doctor-4p-options": (
        4,
        {"two_fewer_wilds": True, "starting_side": "random", "optional_bonuses": True,
         "cubes_run_out": "die"},
        ["cautious", "random", "bad", "greedy"],
        3,
    ),
}

#: What each golden game ends with: (Score Piles, removed markers, turns, deaths, cures).
EXPECTED: dict[str, tuple] = {
    "bad_doctor-2p-random": ((2, 9), (6, 5), 20, 11, 2),
    "bad_doctor-3p-policies": ((8, 4, 4), (4, 4, 2), 16, 10, 2),
    "bad_doctor-4p-options": ((8, 4, 8, 7), (3, 6, 3, 3), 29, 15, 3),
}

BOX = {"tiles": 37, "doctor_markers": 80, "complication_cubes": 15}


def _record(name: str) -> GameRecord:
    players, options, policies, seed = GOLDEN[name]
    game = simlab.load_game("bad_doctor", players=players, **options)
    return simlab.play(game, policies, seed=seed)


def regenerate() -> None:
    """Write the golden records again and print their EXPECTED summaries."""
    for name in GOLDEN:
        record = _record(name)
        record.save(FOLDER / f"{name}.json")
        print(name, _summary(replay(record)))


def _summary(state) -> tuple:
    died = sum(1 for d in state.departures if d.how == "died")
    cured = sum(1 for d in state.departures if d.how == "cured")
    return (tuple(state.score_pile), tuple(state.removed), state.shift, died, cured)


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden_playthrough_replays(name):
    path = FOLDER / f"{name}.json"
    record = GameRecord.load(path)
    final = replay(record, source=str(path))          # raises if any action stops applying
    assert final.is_terminal and final.outcome == record.outcome
    assert final.component_totals() == BOX
    assert _summary(final) == EXPECTED[name]
    # playing again from the seed gives the same game
    assert _record(name).to_json() == record.to_json()


def test_record_text_is_rulebook_like():
    record = GameRecord.load(FOLDER / "bad_doctor-3p-policies.json")
    assert "draw a Treatment Tile" in record.actions
    assert any(a.startswith("place tile T") and " on Patient " in a for a in record.actions)
    assert any(a.startswith("reveal Patient P") for a in record.actions)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conservation_along_random_games(players):
    """37 tiles, 80 markers and 15 cubes at every step of 200 random games."""
    game = simlab.load_game("bad_doctor", players=players)
    rng = np.random.default_rng(players)
    steps = 0
    for _ in range(200):
        state = game.new_initial_state()
        while not state.is_terminal:
            assert state.component_totals() == BOX
            assert all(len(h) <= 5 for h in state.hands)
            assert min(state.supply) >= 0 and state.complication_cubes >= 0
            assert all(0 <= p.complication_cubes <= p.cube_spaces for p in state.hospital)
            assert len(state.hospital) <= 5
            if state.is_chance:
                action = sample_chance(state._chance_outcomes(), rng)
            else:
                legal = state._legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state._apply(action)
            steps += 1
        assert state.component_totals() == BOX
        assert max(state.score_pile) >= 8
    assert steps > 200 * 50


if __name__ == "__main__":  # pragma: no cover
    regenerate()


@pytest.mark.parametrize(
    "options",
    [
        {"starting_side": "random", "optional_bonuses": True},
        {"starting_side": "B", "cubes_run_out": "die"},
        {"patient_deck_empty": "shrink", "two_fewer_wilds": True},
    ],
    ids=["random-side-optional", "side-B-die", "shrink-fewer-wilds"],
)
def test_options_along_random_games(options):
    """Every option: conservation, text round trips and clones along random games."""
    game = simlab.load_game("bad_doctor", players=3, **options)
    rng = np.random.default_rng(11)
    for _ in range(15):
        state = game.new_initial_state()
        while not state.is_terminal:
            assert state.component_totals() == BOX
            if state.is_chance:
                outcomes = state.chance_outcomes()
                assert sum(p for _, p in outcomes) == 1
                actions = [a for a, _ in outcomes]
                action = sample_chance(outcomes, rng)
            else:
                actions = state.legal_actions()
                action = actions[int(rng.integers(len(actions)))]
            for a in actions:
                assert game.parse_action(str(a)) == a
            before = state.clone()
            child = state.clone()
            child.apply(action)
            assert state == before           # the clone is independent
            state.apply(action)
            assert state == child            # and apply is deterministic
        assert state.outcome is not None
