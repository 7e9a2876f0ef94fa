"""TurnStepper driven without a browser: buttons, log, table and picture."""

from __future__ import annotations

import pytest

import simlab
from simlab.widgets import HUMAN, TurnStepper


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
    assert all("deal boost" not in line for line in st.log_text())
    assert "boost" in st.log_text()[0]  # own deal: "Seat 0 is dealt a boost card"
    st.seen_by.value = -1
    assert st.png == everyone
    assert "deal boost" in st.log_text()[1]


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
