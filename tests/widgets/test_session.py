"""StepSession: the model behind the stepper (no widgets)."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.errors import ConfigError, DataError, IllegalActionError
from simlab.widgets.session import HUMAN, StepSession

GAMES = ["broom_service", "bad_doctor", "dice_race"]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [0, 11])
def test_same_game_as_play(name: str, seed: int) -> None:
    game = simlab.load_game(name)
    session = StepSession(game, seed=seed)
    session.run_to_end()
    assert session.is_over
    expected = simlab.play(game, seed=seed)
    assert session.record().actions == expected.actions
    assert session.record().actors == expected.actors
    assert session.state.outcome == expected.outcome


@pytest.mark.parametrize("name", GAMES)
def test_back_then_step_replays_the_same_future(name: str) -> None:
    game = simlab.load_game(name)
    session = StepSession(game, seed=5)
    for _ in range(12):
        session.step()
    before = session.state.clone()
    actions = list(session.actions)
    for _ in range(4):
        assert session.back()
    assert session.moves == 8
    assert session.actions == actions[:8]
    for _ in range(4):
        session.step()
    assert session.actions == actions
    assert session.state == before


def test_back_truncates_and_stops_at_start() -> None:
    session = StepSession("dice_race", seed=1)
    assert not session.back()
    session.step()
    assert session.back()
    assert session.moves == 0
    assert session.state == simlab.load_game("dice_race").new_initial_state()


def test_turn_stops_at_another_seats_decision() -> None:
    session = StepSession("dice_race", seed=2)
    session.turn()
    first = session.state.current_player
    assert first >= 0
    session.turn()
    assert session.state.current_player not in (first, simlab.CHANCE) or session.is_over


def test_human_seat_waits_and_takes_a_legal_action() -> None:
    session = StepSession("dice_race", policies=[HUMAN, "random"], seed=3)
    session.run_to_end()
    assert session.waiting_for == 0
    assert not session.step()
    legal = session.legal_actions()
    assert [str(a) for a in legal] == ["move", "move with boost"]
    moves = session.moves
    session.apply_human(legal[1])
    assert session.moves == moves + 1
    assert session.record().policies == [HUMAN, "random"]
    with pytest.raises(IllegalActionError):
        session.apply_human(legal[1])  # not waiting any more (or not legal)


def test_unknown_policy_is_refused() -> None:
    with pytest.raises(ConfigError, match="no policy 'genius'"):
        StepSession("dice_race", policies="genius")


def test_any_search_budget_plays_a_seat_and_survives_a_record(tmp_path) -> None:
    game = simlab.load_game("hospital_rush", players=3)
    session = StepSession(game, ["mcts-7", "greedy", "human"], seed=3)
    session.set_policy(1, "mcts-3")
    assert session.policy_names == ["mcts-7", "mcts-3", "human"]
    while session.waiting_for is None and session.step():
        pass
    assert session._policies[0].settings.iterations == 7
    other = StepSession(game, seed=0)
    other.load(session.save(tmp_path / "game.json"))
    assert other.policy_names == ["mcts-7", "mcts-3", "human"]
    with pytest.raises(ConfigError, match="no policy 'mcts-0'"):
        session.set_policy(0, "mcts-0")
    assert session.policy_names[0] == "mcts-7"  # unchanged


@pytest.mark.parametrize("name", GAMES)
def test_save_load_round_trip_resumes_the_streams(name: str, tmp_path) -> None:
    game = simlab.load_game(name)
    session = StepSession(game, seed=9)
    for _ in range(15):
        session.step()
    path = session.save(tmp_path / "game.json")
    other = StepSession(game, seed=0)
    other.load(path)
    assert other.actions == session.actions
    assert other.state == session.state
    assert other.seed == 9
    other.run_to_end()
    assert other.record().actions == simlab.play(game, seed=9).actions


def test_loading_a_bad_record_changes_nothing(tmp_path) -> None:
    session = StepSession("dice_race", seed=4)
    session.step()
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "dice_race", "players": 2, "actions": [[0, "move"]]}')
    with pytest.raises(DataError, match="is by 0"):
        session.load(bad)
    assert session.moves == 1
    with pytest.raises(DataError, match="cannot read"):
        session.load(tmp_path / "missing.json")


def test_each_seat_s_action_texts_follow_back_and_load(tmp_path) -> None:
    session = StepSession("dice_race", seed=4)
    for _ in range(4):
        session.step()
    deal = session.actions[0]
    assert session.action_texts[0] == (str(deal), None)  # Seat 0's card: Seat 1 sees nothing
    assert session.action_texts[2] == (str(session.actions[2]),) * 2  # a roll is public
    texts = list(session.action_texts)
    session.back()
    assert session.action_texts == texts[:3]
    session.step()
    other = StepSession("dice_race")
    other.load(session.save(tmp_path / "game.json"))
    assert other.action_texts == session.action_texts == texts
