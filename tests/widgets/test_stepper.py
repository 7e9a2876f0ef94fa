"""TurnStepper driven without a browser: buttons, board, seat panel, actions, log."""

from __future__ import annotations

import re

import pytest
from matplotlib.text import Text

import simlab
from simlab.core.api import Event
from simlab.games import GAMES
from simlab.widgets import HUMAN, TurnStepper
from simlab.widgets.log import repeats
from tests.games.dice_race import Deal, DiceRace, RaceState


# the four games and the test game of tests/conftest.py (not the search tests' tree game,
# registered when tests/core/test_search.py is collected, whose games end in two actions)
@pytest.fixture(params=sorted([*GAMES, "dice_race"]))
def stepper(request) -> TurnStepper:
    return TurnStepper(simlab.load_game(request.param), seed=4)


def snapshot(st: TurnStepper) -> tuple[str, str, str, tuple]:
    return st.log.text(), st.table.value, st.svg, tuple(map(tuple, st.log.lines))


def test_step_changes_log_table_picture_and_back_restores(stepper: TurnStepper) -> None:
    start = snapshot(stepper)
    assert stepper.back_button.disabled
    for _ in range(3):
        stepper.step_button.click()
    after = snapshot(stepper)
    assert len([r for r in stepper.log.lines if r[1] == "action"]) == 3
    assert after[0] != start[0] and after[1] != start[1]
    assert "moves</th><td>3<" in after[1]
    for _ in range(3):
        stepper.back_button.click()
    assert snapshot(stepper)[1:3] == start[1:3]
    for _ in range(3):
        stepper.step_button.click()
    assert snapshot(stepper) == after  # the same future again


def test_every_game_declares_a_renderer_with_a_legend_and_a_seat_panel() -> None:
    for name in ("bedpans", "bad_doctor", "broom_service", "hospital_rush"):
        st = TurnStepper(name, seed=2)
        st.turn()
        assert st.renderer.hook is not None
        assert ("<svg" in st.svg and "Legend" in st.svg) or name != "broom_service"
        assert "simlab-seat-panel" in st.seat_panel.value
        assert "Viewing as everyone" in st.banner.value


def test_a_game_that_hides_nothing_says_so() -> None:
    st = TurnStepper("bad_doctor", seed=1)
    assert "hides nothing" in st.banner.value
    st.seen_by.value = 1
    assert "Viewing as Dr." in st.banner.value


def test_log_lines_never_repeat_their_actor_or_a_part() -> None:
    for name, players in (("broom_service", 3), ("bedpans", 3), ("hospital_rush", 3),
                          ("bad_doctor", 2)):
        st = TurnStepper(name, players=players, seed=7)
        for _ in range(150):
            if not st.session.step():
                break
        st.refresh()
        names = st.session.game.seat_names()
        for seat in (None, 0):
            st.seen_by.value = -1 if seat is None else seat
            for line, actor in zip([t for t in st.log_text() if t[:1].isdigit()],
                                   st.session.actors, strict=True):
                who = "chance" if actor < 0 else names[actor]
                assert repeats(line, who) == [], line


def test_log_names_seats_as_the_game_does_and_counts_from_one() -> None:
    st = TurnStepper("broom_service", players=3, seed=7)
    st.session.run_to_end()
    st.refresh()
    text = "\n".join(st.log_text())
    assert "Seat 0" not in text and "Seat 1" not in text
    assert st.log_text()[0].startswith("1. ")
    assert "Red" in text and "Blue" in text


def test_every_change_of_score_is_its_own_line_and_adds_up_at_the_end() -> None:
    st = TurnStepper("broom_service", players=3, seed=7)
    st.session.run_to_end()
    st.refresh()
    totals = [10.0, 10.0, 10.0]
    for _move, kind, text in st.log.lines:
        if kind == "score":
            assert "VP" in text
    from simlab.widgets.log import itemised_scores
    sheet = itemised_scores(st.session, st.namer.names, "VP", st.namer)
    for seat, (_, items, final) in enumerate(sheet):
        assert sum(v for _, v in items) == final == st.session.state.outcome.scores[seat]
        totals[seat] = final
    assert "Final scores, itemised" in st.score_sheet.value


def test_default_seats_play_heuristics_and_every_game_ends() -> None:
    for name in ("bedpans", "bad_doctor", "broom_service", "hospital_rush"):
        st = TurnStepper(name, seed=7)
        assert "random" not in st.session.policy_names
        assert st.session.run_to_end() < 2000
        assert st.session.is_over


def test_reset_uses_seed_field_and_policies() -> None:
    st = TurnStepper("dice_race", seed=1)
    st.seed_field.value = 8
    st.policy_pickers[1].value = "random"
    st.reset_button.click()
    st.session.run_to_end()
    assert st.session.record().actions == simlab.play(simlab.load_game("dice_race"),
                                                      seed=8).actions


def test_play_ticks_on_to_the_next_decision_and_pauses_at_the_end() -> None:
    st = TurnStepper("broom_service", players=2, seed=2)
    st.play_button.value = True
    assert st.clock.playing and st.play_button.description == "Pause"
    st.clock.tick()
    assert st.session.moves > 1 and st.session.state.current_player >= 0
    st.delay.value = 200
    assert st.clock.interval == 200
    st.session.run_to_end()
    st.clock.tick()
    assert st.play_button.value is False and not st.clock.playing


def test_a_click_on_the_board_applies_the_action_there() -> None:
    st = TurnStepper("broom_service", policies=[HUMAN, "heuristic"], players=2, seed=3)
    while True:
        st.session.run_to_end()  # stops at the human seat
        moves = [a for a in st.session.legal_actions() if type(a).__name__ == "Move"]
        if moves:
            break
        st.session.apply_human(st.session.legal_actions()[0])
    st.refresh()
    assert moves[0].region in st.board.targets
    before = st.session.moves
    st.board.click(moves[0].region)
    assert st.session.moves > before  # and the other seat played on
    assert st.session.actions[before] == moves[0]


def test_human_seat_is_offered_its_legal_actions_in_groups() -> None:
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
    assert st.session.moves > moves  # the other seat played on to seat 0's next decision
    assert str(st.session.actions[moves]) == "move with boost"
    assert any("Seat 0: move with boost" in line for line in st.log_text())
    assert st.session.waiting_for == 0 or st.session.is_over


def test_a_click_on_a_log_line_jumps_there_and_step_replays_the_rest() -> None:
    st = TurnStepper("broom_service", players=2, seed=5)
    for _ in range(30):
        st.session.step()
    st.refresh()
    end = st.session.state.clone()
    st.log.click(10)
    assert st.session.moves == 10
    assert next(r for r in st.log.lines if r[1] == "future")[0] == 11
    st.log.click(30)
    assert st.session.moves == 30 and st.session.state == end


def test_policy_picker_switches_a_seat_to_human_mid_game() -> None:
    st = TurnStepper("dice_race", seed=3)
    st.turn_button.click()
    st.policy_pickers[st.session.state.current_player].value = HUMAN
    assert st.session.waiting_for is not None
    assert st.human_box.layout.display == ""


class _PeekState(RaceState):
    def _apply(self, action):
        events = super()._apply(action)
        if isinstance(action, Deal):
            seat = action.seat
            events.append(Event(f"Seat {seat} looks at boost {action.card}", "peek", seat,
                                seen_by=(seat,)))
        return events


class _PeekRace(DiceRace):
    NAME = "peek_race"

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
    assert own.endswith(f"Seat 0 looks at boost {cards[0]}")
    assert other == "2. Seat 1 is dealt a boost card"
    assert "Viewing as Seat 0" in st.banner.value


def test_seen_by_hides_role_hands_in_broom_service() -> None:
    st = TurnStepper("broom_service", seed=1, players=3)
    while not any(st.session.state.hands[1]):
        st.session.step()
    st.seen_by.value = 0  # redraws
    hidden = st.shown_state().hands[1]
    assert hidden and hidden != st.session.state.hands[1]
    assert all(str(a).replace("Seat 1", "Yellow") not in line for line in st.log_text()
               for a, who in zip(st.session.actions, st.session.actors, strict=True)
               if who == 1)
    assert "face down" in st.seat_panel.value or st.panel_seat() == 0


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


ONE_PLURAL = re.compile(r"(?<![\d./,-])1 (bucks|role cards|Doctor Markers|tiles|Elevator pairs"
                        r"|Exits|Door-markers|wands|potions|Complication Cubes|patches|points)\b")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_counts_of_one_are_singular_in_the_panel_table_board_and_log(name: str) -> None:
    st = TurnStepper(name, seed=7)
    st.session.run_to_end()
    end = st.session.moves
    for move in (0, 1, end // 3, 2 * end // 3, end):
        st.goto(move)
        texts = [st.seat_panel.value, st.table.value, st.banner.value,
                 *(t.get_text() for t in st.renderer.draw(st.shown_state()).findobj(Text))]
        assert [m[0] for t in texts for m in ONE_PLURAL.finditer(t)] == [], (name, move)
    assert [t for t in st.log_text() if ONE_PLURAL.search(t)] == []


def test_bad_doctor_scores_are_itemised_by_cures_and_deaths() -> None:
    # Rulebook: the curer "collects all of their own Doctor Markers from the Patient and
    # places them in the Score Pile"; at a death "All other players ... move all of their
    # Doctor Markers from the deceased Patient to their Score Pile".  Every change of a
    # Score Pile is told by the game with its amount: nothing is left to "not itemised".
    from simlab.widgets.log import build_log, itemised_scores

    for seed in (3, 7):
        st = TurnStepper("bad_doctor", players=3, seed=seed)
        st.session.run_to_end()
        lines = [line for line in build_log(st.session, None, st.namer, "Doctor Markers")
                 if line.kind == "score"]
        causes = {line.cause for line in lines}
        assert causes <= {"Patient is cured", "Patient died"}, causes
        assert causes == {"Patient is cured", "Patient died"}
        sheet = itemised_scores(st.session, st.namer.names, "Doctor Markers", st.namer)
        for seat, (_, items, final) in enumerate(sheet):
            assert sum(v for _, v in items) == final == st.session.state.score_pile[seat]
