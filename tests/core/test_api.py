"""The game API: options, configuration errors, legality, clones, views."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.api import CHANCE, TERMINAL, Event, LegalCache, Option, Outcome, State
from tests.games.dice_race import Deal, Move, Roll


def test_load_game_defaults_and_params():
    game = simlab.load_game("dice_race")
    assert game.players == 2
    assert game.params == {"players": 2, "options": {}}
    game = simlab.load_game("Dice-Race", players=3, variants=["exact_finish"], length="12")
    assert game.options == {"length": 12, "exact_finish": True}
    assert game.params == {"players": 3, "options": {"length": 12, "exact_finish": True}}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 7}, "dice_race takes 2 to 4 players, not 7"),
        ({"players": "two"}, "players must be a whole number"),
        ({"variants": ["turbo"]}, "dice_race has no variant 'turbo'; variants: exact_finish"),
        ({"colour": "red"}, "dice_race has no option 'colour'"),
        ({"length": "long"}, "option 'length' takes an int, not 'long'"),
    ],
)
def test_bad_configuration_is_a_config_error(kwargs, message):
    with pytest.raises(simlab.ConfigError, match=message):
        simlab.load_game("dice_race", **kwargs)


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(simlab.ConfigError, match=r"unknown game 'chess'; games: .*dice_race"):
        simlab.load_game("chess")


def test_option_convert_bool_and_choices():
    assert Option("x", False).convert("off") is False
    with pytest.raises(simlab.ConfigError, match="takes a bool"):
        Option("x", False).convert("maybe")
    with pytest.raises(simlab.ConfigError, match="takes an int"):
        Option("n", 3).convert(True)


def test_chance_then_decision_then_terminal():
    game = simlab.load_game("dice_race", players=2, length=3)
    state = game.new_initial_state()
    assert state.current_player == CHANCE
    state.apply(Deal(0, 2))
    state.apply("deal boost 4 to Seat 1")
    state.apply(Roll(2))
    assert state.current_player == 0
    assert state.legal_actions() == [Move(False), Move(True)]
    events = state.apply(Move(False))
    assert [e.kind for e in events] == ["move", "win"]
    assert state.current_player == TERMINAL
    assert state.outcome.winners == (0,)
    assert state.legal_actions() == [] and state.chance_outcomes() == []


def test_illegal_action_leaves_state_unchanged():
    game = simlab.load_game("dice_race")
    state = game.new_initial_state()
    state.apply(Deal(0, 1))
    before = state.clone()
    with pytest.raises(simlab.IllegalActionError, match="illegal action 'deal boost 1 to Seat 1'"):
        state.apply(Deal(1, 1))  # card 1 is already dealt
    with pytest.raises(simlab.IllegalActionError, match="for chance"):
        state.apply(Move(False))
    assert state == before
    with pytest.raises(simlab.IllegalActionError, match="no action 'fly'"):
        state.apply("fly")
    assert state == before


def test_clone_is_independent_and_equal():
    state = simlab.load_game("dice_race").new_initial_state()
    copy = state.clone()
    assert copy == state and copy is not state
    copy.apply(Deal(0, 3))
    assert copy != state
    assert state.cards == []


@pytest.mark.parametrize("name", ["bad_doctor", "broom_service", "hospital_rush"])
def test_a_hand_written_clone_copies_a_field_set_by_other_code(name):
    state = simlab.run(simlab.load_game(name, players=3), seed=2)
    state.notes = {"seen": [1]}  # not one of the game's fields
    copy = state.clone()
    copy.notes["seen"].append(2)
    assert state.notes == {"seen": [1]} and copy.notes == {"seen": [1, 2]}
    assert type(copy) is type(state) and copy.game is state.game


def test_view_hides_other_seats_cards_until_played():
    state = simlab.load_game("dice_race", players=3).new_initial_state()
    for seat, card in enumerate((4, 1, 2)):
        state.apply(Deal(seat, card))
    assert state.view(1).cards == [None, 1, None]
    state.apply(Roll(1))
    state.apply(Move(True))  # Seat 0 plays its boost: now public
    assert state.view(1).cards == [4, 1, None]
    assert state.cards == [4, 1, 2]  # the real state keeps them


def test_event_seen_by_defaults_to_everyone_and_keeps_positional_form():
    event = Event("Seat 1 rolls 3", "roll", 1)
    assert (event.text, event.kind, event.seat) == ("Seat 1 rolls 3", "roll", 1)
    assert event.seen_by is None
    assert all(event.visible_to(s) for s in (None, 0, 1, 2))
    secret = Event("Seat 1 looks at boost 4", "peek", 1, (1,))
    assert secret.seen_by == (1,)
    assert [secret.visible_to(s) for s in (None, 0, 1, 2)] == [True, False, True, False]
    assert secret == Event("Seat 1 looks at boost 4", "peek", 1, seen_by=(1,))
    assert hash(secret) != hash(event)  # still frozen and hashable
    with pytest.raises(AttributeError):
        secret.seen_by = None  # type: ignore[misc]


def test_action_text_for_defaults_to_the_public_text():
    state = State(simlab.load_game("dice_race"))  # the base hook, no game override
    assert [state.action_text_for(Roll(2), s) for s in (0, 1)] == ["roll 2", "roll 2"]


def test_a_game_masks_a_secret_action_for_the_other_seats():
    state = simlab.load_game("dice_race", players=3).new_initial_state()
    deal = Deal(0, 4)
    assert [state.action_text_for(deal, s) for s in range(3)] == [str(deal), None, None]


def test_most_points_breaks_a_tie_among_the_tied_seats_only():
    def most(points, tie_break):
        return Outcome.most_points(points, "end", tie_break, "; broken", "; shared")

    assert most([4, 9, 2], [0, 0, 9]) == Outcome((1,), (4.0, 9.0, 2.0), "end")
    # seat 2 has the most left but is not tied for the most points
    assert most([9, 9, 2], [3, 1, 7]) == Outcome((0,), (9.0, 9.0, 2.0), "end; broken")
    assert most([9, 9, 9], [3, 1, 3]) == Outcome((0, 2), (9.0, 9.0, 9.0), "end; shared")


class _Counted(LegalCache):
    """A position whose legal actions are its ``moves``, counting how often they are built."""

    def __init__(self, moves):
        super().__init__(game=None)
        self.moves = moves
        self.builds = 0
        self._legal = None

    def _build_legal(self):
        self.builds += 1
        return list(self.moves)


def test_legal_cache_builds_once_hands_out_copies_and_is_left_out_of_equality():
    s = _Counted(["a", "b"])
    first = s._legal_actions()
    first.append("changed by the caller")
    assert s._legal_actions() == ["a", "b"] and s.builds == 1
    other = _Counted(["a", "b"])
    other.builds = 1
    assert other == s and other._legal is None  # the cache does not count
    s.moves = ["c"]
    s.invalidate()
    assert s._legal_actions() == ["c"] and s.builds == 2


def test_components_lists_a_games_components_and_none_by_default():
    """``simlab info`` lists ``game.components()``: none for a game without a data folder."""
    assert simlab.load_game("dice_race").components() == {}
    assert simlab.load_game("broom_service").components()["towers"] == (
        "18 circular, 3 square (reconstructed)")
