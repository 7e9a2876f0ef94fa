"""The renderer contract and its fallbacks."""

from __future__ import annotations

import pytest

import simlab
from simlab.widgets.render import (
    figure_png,
    find_renderer,
    find_summary,
    render_state,
    state_summary,
)


@pytest.mark.parametrize(("name", "function"),
                         [("broom_service", "draw"), ("bad_doctor", "render")])
def test_game_renderers_are_found_by_convention(name: str, function: str) -> None:
    game = simlab.load_game(name)
    assert find_renderer(game).__name__ == function
    fig = render_state(game.new_initial_state())
    assert len(fig.axes) >= 1


def test_fallback_picture_for_a_game_without_renderer() -> None:
    game = simlab.load_game("dice_race")
    assert find_renderer(game) is None
    assert find_summary(game) is None
    state = game.new_initial_state()
    fig = render_state(state)
    text = fig.texts[0].get_text()
    assert "position: [0, 0]" in text
    assert fig.get_supxlabel() == "start of the game"


def test_last_move_is_written_under_the_picture() -> None:
    state = simlab.load_game("dice_race").new_initial_state()
    action = state.chance_outcomes()[0][0]
    state.apply(action)
    fig = render_state(state, highlight=action, moves=1)
    assert fig.get_supxlabel() == f"move 1: {action}"


def test_png_is_deterministic_and_changes_with_the_state() -> None:
    state = simlab.load_game("broom_service", players=2).new_initial_state()
    first = figure_png(render_state(state))
    assert figure_png(render_state(state)) == first
    state.apply(state.chance_outcomes()[0][0])
    assert figure_png(render_state(state)) != first


def test_summary_fallback_shows_outcome() -> None:
    game = simlab.load_game("dice_race")
    session_state = simlab.replay(simlab.play(game, seed=1))
    rows = state_summary(session_state, moves=7)
    assert rows["to act"] == "game over"
    assert rows["moves"] == 7
    assert rows["reason"] == "reached the last space"
    assert rows["winners"].startswith("Seat")
