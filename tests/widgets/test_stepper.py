"""TurnStepper driven without a browser: buttons, log, table and picture."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.api import Event
from simlab.widgets import HUMAN, TurnStepper
from simlab.widgets.render import render_state
from tests.games.dice_race import Deal, DiceRace, RaceState


@pytest.fixture(params=simlab.game_names())  # every registered game, the test game included
def stepper(request) -> TurnStepper:
    return TurnStepper(simlab.load_game(request.param), seed=4)


def snapshot(st: TurnStepper) -> tuple[str, str, str, bytes]:
    return st.log.value, st.table.value, st.board.value, st.png


def test_step_changes_log_table_picture_and_back_restores(stepper: TurnStepper) -> None:
    start = snapshot(stepper)
    assert stepper.back_button.disabled
    for _ in range(3):
        stepper.step_button.click()
    after = snapshot(stepper)
    assert len(stepper.log_text()) == 3
    assert after[0] != start[0] and after[1] != start[1] and after[3] != start[3]
    assert "moves</th><td>3<" in after[1]
    stepper.back_button.click()
    stepper.back_button.click()
    stepper.back_button.click()
    assert snapshot(stepper) == start
    stepper.step_button.click()
    stepper.step_button.click()
    stepper.step_button.click()
    assert snapshot(stepper) == after  # the same future again


def test_turn_button_reaches_a_seat_decision(stepper: TurnStepper) -> None:
    stepper.turn_button.click()
    assert stepper.session.state.current_player >= 0
    assert stepper.session.moves >= 1


def test_reset_uses_seed_field_and_policies() -> None:
    st = TurnStepper("dice_race", seed=1)
    st.seed_field.value = 8
    st.policy_pickers[1].value = "random"
    st.reset_button.click()
    st.session.run_to_end()
    assert st.session.record().actions == simlab.play(simlab.load_game("dice_race"),
                                                      seed=8).actions


def test_play_ticks_step_and_pause_at_the_end() -> None:
    st = TurnStepper("dice_race", seed=2)
    st.play.value = 1
    st.play.value = 2
    assert st.session.moves == 2
    st.delay.value = 200
    assert st.play.interval == 200
    st.play.value = 0  # the Play control rewound: no step
    assert st.session.moves == 2
    st.session.run_to_end()
    st.play.playing = True
    st.play.value = 1
    assert st.play.playing is False


def test_human_seat_is_offered_its_legal_actions() -> None:
    st = TurnStepper("dice_race", policies=[HUMAN, "random"], seed=3)
    assert st.human_box.layout.display == "none"
    st.turn_button.click()
    assert st.session.waiting_for == 0
    assert st.human_box.layout.display == ""
    assert [label for label, _ in st.human_actions.options] == ["move", "move with boost"]
    assert st.step_button.disabled
    moves = st.session.moves
    st.human_actions.value = 1
    st.do_button.click()
    assert st.session.moves == moves + 1
    assert str(st.session.last_action) == "move with boost"
    assert "Seat 0: move with boost" in st.log_text()[-1]


def test_policy_picker_switches_a_seat_to_human_mid_game() -> None:
    st = TurnStepper("dice_race", seed=3)
    st.policy_pickers[0].value = HUMAN
    st.turn_button.click()
    assert st.session.waiting_for == 0


def test_seen_by_hides_other_seats_secrets() -> None:
    st = TurnStepper("dice_race", seed=6)
    st.step_button.click()
    st.step_button.click()  # both boost cards dealt
    cards = list(st.session.state.cards)
    everyone = st.png
    st.seen_by.value = 0
    assert st.shown_state().cards == [cards[0], None]
    assert st.png != everyone
    assert st.log_text() == [  # its own card in full; of the other, only that it was dealt
        f"1. chance: deal boost {cards[0]} to Seat 0 — Seat 0 is dealt a boost card",
        "2. chance — Seat 1 is dealt a boost card",
    ]
    st.seen_by.value = -1
    assert st.png == everyone
    assert st.log_text()[1] == (f"2. chance: deal boost {cards[1]} to Seat 1 — "
                                "Seat 1 is dealt a boost card")


def test_seen_by_shows_other_seats_public_moves(monkeypatch) -> None:
    drawn: list[dict] = []

    def render(state, **kwargs):
        drawn.append(kwargs)
        return render_state(state, **kwargs)

    monkeypatch.setattr("simlab.widgets.stepper.render_state", render)
    st = TurnStepper("dice_race", seed=6, seen_by=1)
    while st.session.moves < 4:  # two deals, Seat 0's roll, Seat 0's move
        st.step_button.click()
    roll, move = st.session.actions[2:4]
    moved = st.session.events[3][0].text
    assert st.log_text()[2:] == [f"3. chance: {roll} — Seat 0 rolls {roll.value}",
                                 f"4. Seat 0: {move} — {moved}"]  # was "3. chance — (hidden)"
    assert drawn[-1]["highlight"] == move  # a public move is marked on the picture too
    st.back_button.click()
    st.back_button.click()
    st.back_button.click()  # back to Seat 0's secret deal
    assert drawn[-1]["highlight"] is None
    assert drawn[-1]["caption"] == "move 1 by chance"


class _PeekState(RaceState):
    """Each seat looks at its boost card: an event only that seat sees."""

    def _apply(self, action):
        events = super()._apply(action)
        if isinstance(action, Deal):
            events.append(Event(f"Seat {action.seat} looks at boost {action.card}", "peek",
                                action.seat, seen_by=(action.seat,)))
        return events


class _PeekRace(DiceRace):
    def new_initial_state(self):
        return _PeekState(self)


def test_seen_by_hides_events_the_seat_does_not_see() -> None:
    st = TurnStepper(_PeekRace(), seed=6)
    st.step_button.click()
    st.step_button.click()
    cards = st.session.state.cards
    assert f"Seat 1 looks at boost {cards[1]}" in st.log_text()[1]  # everyone: all events
    st.seen_by.value = 0
    own, other = st.log_text()
    assert own.endswith(f"Seat 0 is dealt a boost card; Seat 0 looks at boost {cards[0]}")
    assert other == "2. chance — Seat 1 is dealt a boost card"


def test_seen_by_hides_role_hands_in_broom_service() -> None:
    st = TurnStepper("broom_service", seed=1, players=3)
    while not any(st.session.state.hands[1]):
        st.session.step()
    st.seen_by.value = 0  # redraws
    hidden = st.shown_state().hands[1]
    assert hidden and hidden != st.session.state.hands[1]
    assert all(str(a) not in line for line in st.log_text()
               for a, who in zip(st.session.actions, st.session.actors, strict=True)
               if who == 1)


def test_save_and_load_buttons_round_trip(tmp_path) -> None:
    st = TurnStepper("bad_doctor", seed=5)
    for _ in range(6):
        st.step_button.click()
    st.path_field.value = str(tmp_path / "rec.json")
    st.save_button.click()
    assert "saved 6 actions" in st.message.value
    other = TurnStepper("bad_doctor", seed=0)
    other.path_field.value = str(tmp_path / "rec.json")
    other.load_button.click()
    assert "loaded 6 actions" in other.message.value
    assert other.seed_field.value == 5
    assert snapshot(other) == snapshot(st)


def test_load_error_is_reported_not_raised(tmp_path) -> None:
    st = TurnStepper("dice_race")
    st.path_field.value = str(tmp_path / "nope.json")
    st.load_button.click()
    assert "cannot read" in st.message.value
    assert st.session.moves == 0


def test_text_form_is_short_and_names_the_move() -> None:
    st = TurnStepper("dice_race", seed=1)
    st.step_button.click()
    bundle = st._repr_mimebundle_()
    assert bundle["text/plain"] == repr(st)
    assert repr(st).startswith("TurnStepper(dice_race, 2 players, seed 1, move 1, last: deal")
    assert "application/vnd.jupyter.widget-view+json" in bundle
