"""The renderer contract: declared by the game, errors raised, fallbacks for test games."""

from __future__ import annotations

import pytest

import simlab
from simlab.widgets.render import (
    GameRenderer,
    figure_png,
    figure_svg,
    render_state,
    renderer_of,
    state_summary,
)

GAMES = ["bedpans", "bad_doctor", "broom_service", "hospital_rush"]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_its_renderer(name: str) -> None:
    game = simlab.load_game(name)
    hook = renderer_of(game)
    assert hook is type(game).renderer(game)  # found through the Game class, by name of nothing
    fig = render_state(game.new_initial_state())
    assert len(fig.axes) >= 1
    texts = [t for t in fig.findobj(lambda a: hasattr(a, "get_fontsize"))
             if hasattr(t, "get_text") and t.get_text()]
    assert texts and min(t.get_fontsize() for t in texts) >= 9  # 12 px at 100 %


def test_an_error_in_a_renderer_is_raised_not_swallowed() -> None:
    class Broken(type(simlab.load_game("dice_race"))):
        NAME = "broken_race"

        def renderer(self):
            raise ImportError("no module named simlab.games.broken_race.render")

    with pytest.raises(ImportError, match="broken_race"):
        GameRenderer(Broken())


def test_fallback_picture_for_a_game_without_renderer() -> None:
    game = simlab.load_game("dice_race")
    assert renderer_of(game) is None
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


def test_svg_and_png_are_deterministic_and_change_with_the_state() -> None:
    state = simlab.load_game("broom_service", players=2).new_initial_state()
    first = figure_png(render_state(state))
    svg = figure_svg(render_state(state))
    assert figure_png(render_state(state)) == first
    assert figure_svg(render_state(state)) == svg
    assert "<text" in svg  # text kept as text: sharp and searchable
    state.apply(state.chance_outcomes()[0][0])
    assert figure_png(render_state(state)) != first


def test_places_are_tagged_and_highlighted() -> None:
    state = simlab.load_game("broom_service", players=2).new_initial_state()
    svg = figure_svg(GameRenderer(state.game).draw(state, last=["Goblin Hill"],
                                                   targets=["Frostpeak"]))
    assert 'id="place:Frostpeak"' in svg and 'id="place:T17"' in svg


def test_summary_fallback_shows_outcome() -> None:
    game = simlab.load_game("dice_race")
    session_state = simlab.replay(simlab.play(game, seed=1))
    rows = state_summary(session_state, moves=7)
    assert rows["to act"] == "game over"
    assert rows["moves"] == 7
    assert rows["reason"] == "reached the last space"
    assert rows["winners"].startswith("Seat")
