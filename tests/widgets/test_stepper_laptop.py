"""What the stepper shows on a laptop's screen, driven without a browser: the winner banner
and board titles at the end, the "last:" line against the log, the action groups, the
preview of a chosen action, the game a browser kept for the page."""

from __future__ import annotations

import re

import numpy as np
import pytest
from matplotlib.text import Text

import simlab
from simlab.games import GAMES
from simlab.widgets import HUMAN, TurnStepper
from simlab.widgets.render import GameRenderer, figure_svg


def _texts(fig) -> list[str]:
    return [t.get_text() for t in fig.findobj(Text) if t.get_text()]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_at_the_end_the_title_says_who_won_and_a_banner_names_the_winners(name: str) -> None:
    game = simlab.load_game(name, players=3)
    record = simlab.play(game, GameRenderer(game).policies(), seed=3)
    st = TurnStepper(game, seed=3)
    st.session.load_record(record)
    st.refresh()
    names = game.seat_names()
    won = [names[s] for s in record.outcome.winners]
    texts = _texts(st.renderer.draw(st.session.state))
    assert not any(re.search(r"\bto act\b", t) for t in texts), texts[:3]
    title = next(t for t in texts if "ame over" in t)
    assert all(n in title for n in won), (title, won)
    assert "simlab-winner" in st.winner.value
    for n in won:
        assert n in st.winner.value
    for seat, score in enumerate(record.outcome.scores):
        assert f"{names[seat]} {score:g}" in st.winner.value
    st.back()
    assert st.winner.value == ""


def test_the_last_line_says_what_the_log_says_and_names_the_tile_drawn() -> None:
    st = TurnStepper("bad_doctor", players=2, seed=7)
    drawn = 0
    for step in range(60):
        st.session.step()
        if step % 20 == 19:
            st.refresh()  # what the page shows: the banner's line is the caption
            assert "simlab-last" in st.banner.value
            assert st.banner.value.count(f"last: move {st.session.moves}, ") == 1
        caption = st._last_caption()[0]
        action = next(line.text for line in reversed(st._log_lines(None))
                      if line.kind == "action")
        said = action.split(". ", 1)[1]
        assert caption.startswith(f"last: move {st.session.moves}, ")
        body = caption.removeprefix(f"last: move {st.session.moves}, ")
        assert said.startswith(body.removesuffix(" … (see the log)")), (caption, action)
        if re.search(r"draws T\d\d", said):  # a draw: the log names the tile, so does the line
            drawn += 1
            assert re.search(r"draws T\d\d", caption), caption
    assert drawn >= 3


def test_the_action_groups_show_their_sizes_and_open_on_the_heuristics_choice() -> None:
    game = simlab.load_game("bedpans", players=2)
    st = TurnStepper(game, policies=[HUMAN, "heuristic"], seed=5)
    checked = 0
    for _ in range(80):
        if st.session.is_over:
            break
        if st.session.waiting_for is None:
            st.turn()
            continue
        legal = st.session.legal_actions()
        sizes = {g: int(re.search(r"\((\d+)\)$", label)[1])
                 for label, g in st.group_picker.options}
        assert sum(sizes.values()) == len(legal)
        policy = game.make_policy("heuristic", 0)
        view = st.session.state.view(0) if getattr(policy, "uses_view", True) else None
        choice = policy.act(view, list(legal), np.random.default_rng(st.session.moves))
        chosen = legal[st.human_actions.value]
        assert chosen == choice, (chosen, choice)
        assert st.group_picker.value == st.renderer.group_of(st.session.state, choice)
        assert str(choice) in st.human_note.value.replace("&#x27;", "'")
        checked += 1
        if checked == 5:
            break
        st.do_human()
    assert checked == 5


def test_a_chosen_action_is_previewed_on_the_board_before_it_is_done() -> None:
    st = TurnStepper("bedpans", players=2, policies=[HUMAN, "heuristic"], seed=5)
    for _ in range(200):
        if st.session.waiting_for is not None and any(
                type(a).__name__ == "PlaceTile" for a in st.session.legal_actions()):
            break
        if st.session.waiting_for is None:
            st.turn()
        else:
            st.do_human()
    legal = st.session.legal_actions()
    assert any(type(a).__name__ == "PlaceTile" for a in legal)
    before, moves = st.svg, st.session.moves
    assert "drawn tile" in before or "drawn: T" in before  # the tile in the board's corner
    index = next(i for _, i in st.human_actions.options if i != st.human_actions.value)
    st.human_actions.value = index
    after = st.session.state.clone()
    after.apply(legal[index])
    place = st.renderer.place_of(st.session.state, legal[index])
    assert st.svg == figure_svg(st.renderer.draw(after, last=[place], targets=[]))
    assert st.svg != before and st.session.moves == moves  # nothing applied
    assert "preview of your choice" in st.banner.value
    st.do_human()
    assert str(st.session.actions[moves]) == str(legal[index])


def test_a_game_kept_by_the_browser_is_taken_up_at_move_0_only() -> None:
    game = simlab.load_game("broom_service", players=2)
    record = simlab.play(game, GameRenderer(game).policies(), seed=9)
    kept = record.to_json(indent=None)
    st = TurnStepper(game, seed=1)
    st.turn()
    st.memory.send_restore(kept)
    assert st.session.seed == 1, "a game in progress is not replaced"
    st.reset()
    assert st.memory.record and '"actions": []' in st.memory.record
    st.memory.send_restore(kept)
    assert st.session.moves == len(record.actions) and st.session.seed == 9
    assert st.session.state == simlab.replay(record)
    assert "went on with the game" in st.message.value
    assert st.memory.record == st.session.record().to_json(indent=None)
    other = TurnStepper("broom_service", players=3, seed=1)
    other.memory.send_restore(kept)
    assert other.session.moves == 0, "another number of seats is not taken up"
    other.memory.send_restore("not json")
    assert other.session.moves == 0
