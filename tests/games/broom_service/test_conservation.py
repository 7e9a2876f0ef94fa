"""Every component is conserved at every step of random games."""

from __future__ import annotations

import pytest

import simlab
from simlab.games.broom_service.conservation import conservation_errors
from simlab.games.broom_service.rules import Play, RoundPlay


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_conserve_cards_and_clouds(players):
    game = simlab.load_game("broom_service", players=players)
    problems: list[str] = []
    for seed in range(60):
        final = simlab.run(game, seed=seed,
                           on_action=lambda state, *_: problems.extend(conservation_errors(state)))
        assert problems == [], f"seed {seed}: {problems[:3]}"
        assert final.outcome is not None


def test_the_check_catches_a_cloud_in_two_places():
    game = simlab.load_game("broom_service", players=3)
    state = simlab.run(game, seed=1)
    cloud = next(c for c in state.clouds.values() if c is not None)
    state.charmed[0].append(cloud)
    assert any("two places" in e for e in conservation_errors(state))


def test_the_check_catches_a_role_card_held_and_played():
    game = simlab.load_game("broom_service", players=3)
    state = game.new_initial_state()
    state.hands[1] = ["Weather Fairy"]
    state.log.append(RoundPlay(1, "Weather Fairy", Play.BRAVE))
    assert any("seat 1 holds or played twice" in e for e in conservation_errors(state))
