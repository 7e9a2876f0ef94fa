"""Scenario tests of Broom Service from the rulebook's words (issue 13, second fidelity pass).

Each test quotes the lines of ``../shared/rules/broom-service.txt`` it is built from.
Positions come from :func:`test_rules.position`.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from simlab.core.api import CHANCE
from simlab.core.play import sample_chance
from simlab.games.broom_service.components import load_components
from simlab.games.broom_service.rules import BEWITCHED_PER_ROUND, BroomServiceGame

from .test_rules import FAIRY, GG, GO, GP, WF, WH, WM, play, position


def _texts(events):
    return [str(e) for e in events]


# -- l.50-57 stealing: "Brave: Steals the brave action from the previous brave player (who gets
#    nothing)"; "the last brave player performs the brave action" -------------------------------


def test_a_steal_chain_of_two_leaves_only_the_last_brave_player_acting():
    s = position(4, hands=[[GG, WF], [GG, WH], [GG, WM], [GO]])
    events = []
    for seat in range(3):
        events += s.apply(f"Seat {seat} plays Gatherer (green) brave")
    events += s.apply("Next!")  # seat 3 has no Gatherer (green)
    assert "Seat 1 steals the brave Gatherer (green) from Seat 0" in _texts(events)
    assert "Seat 2 steals the brave Gatherer (green) from Seat 1" in _texts(events)
    assert s.current_player == 2 and s.phase == "act"
    play(s, "take 3 green potions")
    assert [p[1] for p in s.potions] == [1, 1, 4, 1]  # seats 0 and 1 get nothing
    assert s.leader == 2 and s.last_brave == 2  # "becomes the starting player for the next turn"


def test_a_steal_chain_of_three_around_the_table():
    s = position(4, hands=[[GP], [GP], [GP], [GP]], leader=1)
    for seat in (1, 2, 3, 0):
        s.apply(f"Seat {seat} plays Gatherer (purple) brave")
    assert s.current_player == 0  # seat 0, last in the follow order, stole it last
    play(s, "take 3 purple potions")
    assert [p[2] for p in s.potions] == [4, 1, 1, 1]


def test_a_cowardly_follower_does_not_break_the_chain():
    s = position(3, hands=[[GG], [GG], [GG]])
    play(s, "Seat 0 plays Gatherer (green) brave",
         "Seat 1 plays Gatherer (green) cowardly", "take 1 green potion",
         "Seat 2 plays Gatherer (green) brave", "take 3 green potions")
    assert [p[1] for p in s.potions] == [1, 2, 4]


# -- l.50 "In clockwise order, each subsequent player must follow", with a leader other than
#    seat 0: the order wraps around the table ----------------------------------------------------


def test_follow_order_wraps_around_from_a_leader_other_than_seat_zero():
    s = position(4, hands=[[GG, WF], [GO], [WF, GP], [WF]], leader=2)
    assert s.current_player == 2
    s.apply("Seat 2 plays Witch (Forest) brave")
    order = []
    while s.phase == "follow":
        seat = s.current_player
        order.append(seat)
        s.apply("Next!" if WF not in s.hands[seat] else f"Seat {seat} plays Witch (Forest) "
                "cowardly")
        if s.phase == "act" and s.current_player == seat:
            s.apply("do nothing")
    assert order == [3, 0, 1]  # clockwise from seat 2, wrapping past the last seat
    assert s.current_player == 2 and s.phase == "act"  # the brave claim was never stolen


# -- l.29 "Starting player and last player get 1 wand each; all others get 2" -------------------


def test_starting_wands_at_four_players():
    s = BroomServiceGame(players=4).new_initial_state()
    assert s.wands == [1, 2, 2, 1]


# -- l.34 and l.64 bewitched role cards: "3 players = 2 cards", revealed anew every round ------


def test_two_bewitched_cards_every_round_at_three_players():
    assert BEWITCHED_PER_ROUND[3] == 2
    s = BroomServiceGame(players=3).new_initial_state()
    seen = []
    while s.round <= 7 and s.phase != "over":
        if s.phase == "bewitch":
            before = len(s.bewitched)
            s.apply(s.chance_outcomes()[0][0])
            assert len(s.bewitched) == before + 1
            continue
        if s.phase == "choose" and s.chooser == 0 and not s.hands[0]:
            seen.append(list(s.bewitched))
        if s.current_player == CHANCE:
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply(s.legal_actions()[-1])
    assert len(seen) == 7 and all(len(b) == 2 and len(set(b)) == 2 for b in seen)


# -- l.8 "60 playing cards (5 sets of 10 role cards)" and l.9 "10 event cards" -------------------


def test_fifty_role_cards_and_ten_event_cards_make_the_sixty_playing_cards():
    parts = load_components()
    assert len(parts.roles) * len(parts.colours) == 50
    assert len(parts.events) == 10


# -- l.61 "complete any end-of-round event"; l.97-110 scoring: every change of VP is an event ---


def test_wizards_tax_says_who_loses_vp():
    s = position(3, hands=[[GG], [], []], event="Wizard's Tax")
    s.wands = [0, 1, 0]
    events = play_events(s, "Seat 0 plays Gatherer (green) cowardly", "do nothing")
    assert s.vp == [8, 10, 8]
    lost = [e for e in events if e.kind == "vp"]
    assert [(e.seat, str(e)) for e in lost] == [
        (0, "Wizard's Tax: Seat 0 has no wand, -2 VP"),
        (2, "Wizard's Tax: Seat 2 has no wand, -2 VP"),
    ]


def test_helping_hand_says_who_takes_potions():
    s = position(3, hands=[[GG], [], []], event="Helping Hand")
    s.vp = [10, 4, 4]
    events = play_events(s, "Seat 0 plays Gatherer (green) cowardly", "do nothing")
    texts = [str(e) for e in events if "Helping Hand" in str(e)]
    assert texts == [
        "Helping Hand: Seat 1 has the fewest VP and takes 1 potion of each colour",
        "Helping Hand: Seat 2 has the fewest VP and takes 1 potion of each colour",
    ]


def test_final_scoring_is_itemised_per_seat():
    s = position(2, hands=[[GG], [GG]])
    s.charmed[0] = [20, 21]  # 3 + 3 lightning symbols
    s.potions = [[0, 0, 0], [2, 2, 2]]
    s.wands = [0, 0]
    s.round = 7
    s.hands = [[], []]
    events = s._end_round()
    assert _texts(events) == [
        "End scoring, Seat 0: 10 VP, +18 VP for 6 lightning, +0 VP for resource sets = 28 VP",
        "End scoring, Seat 1: 10 VP, +0 VP for 0 lightning, +4 VP for resource sets = 14 VP",
    ]
    assert s.outcome.scores == (28.0, 14.0)


def test_every_change_of_vp_in_a_game_is_an_event():
    """Along whole games, the VP shown by the events add up to every change of VP."""
    for seed in range(3):
        game = BroomServiceGame(players=3)
        state = game.new_initial_state()
        rng = np.random.default_rng(seed)
        while not state.is_terminal:
            before = list(state.vp)
            if state.current_player == CHANCE:
                action = sample_chance(state.chance_outcomes(), rng)
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            events = state.apply(action)
            told = [0] * 3
            for e in events:
                if e.kind == "score":
                    continue
                for sign, amount in re.findall(r"([+-])(\d+) VP", str(e)):
                    told[e.seat] += int(amount) * (1 if sign == "+" else -1)
            assert [a - b for a, b in zip(state.vp, before, strict=True)] == told, str(action)
        totals = [int(re.search(r"= (-?\d+) VP", str(e))[1]) for e in events if e.kind == "score"]
        assert totals == [int(v) for v in state.outcome.scores]


# -- l.94-95 Weather Fairy: "Return the required number of wands": the message says how many ----


@pytest.mark.parametrize(("event", "paid"), [(None, "1 wand"), ("Heavy Skies", "2 wands")])
def test_charm_message_names_the_wands_paid(event, paid):
    s = position(3, hands=[[FAIRY], [GG], [GO]], event=event)
    s.pawns[0] = ["Goblin Hill", "Castle Roseguard"]
    s.wands[0] = 2
    play(s, "Seat 0 plays Weather Fairy cowardly")
    charm = s.legal_actions()[0]
    events = s.apply(charm)
    assert _texts(events)[0] == f"Seat 0 charms away cloud 1 from C1, paying {paid}"
    assert s.wands[0] == 2 - int(paid[0])


def play_events(s, *texts):
    events = []
    for text in texts:
        events += s.apply(text)
    return events
