"""Board places of every game: each legal action's place is drawn as a click target that
the stepper's board makes clickable, a click applies the action there (or offers the actions
that share it), labels do not overlap, and what the pictures number counts from 1 as the
action texts do."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

import simlab
from simlab.core.api import CHANCE
from simlab.games import GAMES
from simlab.widgets import HUMAN, TurnStepper
from simlab.widgets.render import GameRenderer, figure_svg

PLAYERS = {"bedpans": 3, "bad_doctor": 2, "broom_service": 3, "hospital_rush": 4}


@functools.cache
def decisions(name: str, seed: int = 7) -> tuple[tuple[Any, list[Any], list[str]], ...]:
    return tuple(_decisions(name, seed))


def _decisions(name: str, seed: int) -> Iterator[tuple[Any, list[Any], list[str]]]:
    """Along a game of the default seats: (state, legal actions, place keys) at each
    decision with a place on the board."""
    game = simlab.load_game(name, players=PLAYERS[name])
    renderer = GameRenderer(game)
    record = simlab.play(game, renderer.policies(), seed=seed)
    state = game.new_initial_state()
    for action in record.actions:
        if state.current_player != CHANCE:
            legal = state.legal_actions()
            places = sorted({p for a in legal if (p := renderer.place_of(state, a))})
            if places:
                yield state.clone(), legal, places
        state.apply(action)


def sample(name: str, count: int) -> list[tuple[Any, list[Any], list[str]]]:
    """``count`` decisions spread along the game, each of another kind of choice first."""
    found = list(decisions(name))
    kinds: dict[frozenset[str], tuple[Any, list[Any], list[str]]] = {}
    for item in found:
        kinds.setdefault(frozenset(type(a).__name__ for a in item[1]), item)
    picked = list(kinds.values())[:count]
    step = max(1, len(found) // max(1, count - len(picked)))
    return picked + found[::step][: max(0, count - len(picked))]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_place_of_a_legal_action_is_drawn_as_a_target(name: str) -> None:
    renderer = GameRenderer(simlab.load_game(name, players=PLAYERS[name]))
    kinds: set[str] = set()
    for state, legal, places in sample(name, 4):
        svg = figure_svg(renderer.draw(state, last=places[:1], targets=places))
        drawn = set(re.findall(r'id="place:([^"]+)"', svg))
        assert set(places) <= drawn, (name, sorted(set(places) - drawn))
        kinds |= {type(a).__name__ for a in legal if renderer.place_of(state, a)}
    assert len(kinds) >= 2, kinds  # more than one kind of action has a place


def _first_decision_with_places(name: str, seed: int = 3) -> TurnStepper:
    game = simlab.load_game(name, players=PLAYERS[name])
    policies = [HUMAN, *GameRenderer(game).policies()[1:]]
    st = TurnStepper(game, policies=policies, seed=seed)
    for _ in range(200):
        st.session.run_to_end()  # stops at the human seat
        if st.session.waiting_for is None:
            break
        st.refresh()
        if st.board.targets:
            return st
        st.session.apply_human(st.session.legal_actions()[0])
    raise AssertionError(f"{name}: no decision of seat 1 with a place on the board")


@pytest.mark.parametrize("name", ["bad_doctor", "bedpans", "hospital_rush"])
def test_a_click_on_a_place_applies_its_action_or_offers_those_there(name: str) -> None:
    st = _first_decision_with_places(name)
    state = st.session.state
    at = {key: [a for a in st.session.legal_actions()
                if st.renderer.place_of(state, a) == key] for key in st.board.targets}
    assert all(at.values()), "every target has an action"
    key, here = min(at.items(), key=lambda kv: (len(kv[1]), kv[0]))
    before = st.session.moves
    st.board.click(key)
    if len(here) == 1:
        assert st.session.actions[before] == here[0]
        return
    assert st.session.moves == before  # several actions there: a menu of them
    shown = [label for label, _ in st.human_actions.options]
    assert shown == [st.namer.text(str(a)) for a in here]
    st.do_button.click()
    assert st.session.actions[before] == here[0]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_target_has_the_text_of_its_actions_as_its_tooltip(name: str) -> None:
    st = _first_decision_with_places(name)
    state = st.session.state
    assert sorted(st.board.titles) == sorted(st.board.targets)
    for key, tip in st.board.titles.items():
        here = [st.namer.text(str(a)) for a in st.session.legal_actions()
                if st.renderer.place_of(state, a) == key]
        assert all(text in tip for text in here[:6]), (key, tip)
        assert (len(here) == 1) == (tip == here[0]), (key, tip)


def test_places_in_the_svg_are_those_the_board_view_marks() -> None:
    st = _first_decision_with_places("hospital_rush")
    for key in st.board.targets:
        assert f'id="place:{key}"' in st.board.svg


def _overlaps(fig: Any) -> list[tuple[str, str]]:
    """Pairs of texts of ``fig`` (legend left out) whose drawn boxes overlap."""
    renderer = FigureCanvasAgg(fig).get_renderer()
    legend = {id(t) for lg in fig.legends for t in lg.findobj(Text)}
    boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in fig.findobj(Text)
             if t.get_text().strip() and t.get_visible() and id(t) not in legend]
    return [(a, b) for i, (a, box_a) in enumerate(boxes) for b, box_b in boxes[i + 1:]
            if box_a.x0 + 1 < box_b.x1 and box_b.x0 + 1 < box_a.x1
            and box_a.y0 + 1 < box_b.y1 and box_b.y0 + 1 < box_a.y1]


@pytest.mark.parametrize("name", ["bad_doctor", "bedpans", "hospital_rush"])
def test_no_label_lies_on_another(name: str) -> None:
    renderer = GameRenderer(simlab.load_game(name, players=PLAYERS[name]))
    late = decisions(name)[-1]  # the fullest board (Bedpans: tile ids beside feature letters)
    for state, _, places in [*sample(name, 4), late]:
        fig = renderer.draw(state, targets=places)
        assert _overlaps(fig) == [], name


BAD_NUMBER = re.compile(r"\bSeat \d|\b(bed|space|round|turn|night shift|seat) 0\b", re.I)


@pytest.mark.parametrize("name", ["bad_doctor", "hospital_rush"])
def test_the_pictures_count_from_1_as_the_action_texts_do(name: str) -> None:
    renderer = GameRenderer(simlab.load_game(name, players=PLAYERS[name]))
    for state, legal, _ in sample(name, 4):
        texts = [t.get_text() for t in renderer.draw(state).findobj(Text)]
        assert [t for t in texts if BAD_NUMBER.search(t)] == []
        for action in legal:  # a bed or space the text numbers is the one drawn as its place
            named = re.search(r"\b(bed|space) (\d+)\b", str(action))
            if named:
                key = renderer.place_of(state, action) or ""
                assert key.endswith(f"{named[1]} {named[2]}"), (key, action)
