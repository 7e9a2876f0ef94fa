"""What each seat sees of an action (``action_text_for``): as much as its view shows."""

from __future__ import annotations

from simlab.games.bedpans import actions as A
from simlab.games.bedpans.parts import Decide, Decision
from simlab.games.bedpans.rules import BedpansGame

from .test_rules import at_move, dealt, sealed
from .test_stuff import _door_layout, window

U = "U"


def texts(state, action):
    return [state.action_text_for(action, seat) for seat in range(state.game.players)]


def test_a_stuff_draw_is_seen_by_the_drawing_seat_only():
    s = BedpansGame(players=3).new_initial_state()
    assert s.draws[0] == 0  # the set-up deal starts with the Staff
    draw = A.DrawStuff("Hurry Up")
    assert texts(s, draw) == ["draw Stuff Hurry Up", None, None]
    events = s.apply(draw)
    assert [(e.text, e.seen_by) for e in events] == [("Staff draws a Stuff-marker", None)]
    assert s.view(1).hands[0] == ["?"]  # as the view hides it
    assert s.draws[0] == 1 and texts(s, draw) == [None, "draw Stuff Hurry Up", None]


def test_a_door_code_order_is_seen_by_its_player_only():
    s = _door_layout()
    window(s, 1, {0: ["Door Code"]})  # in red's window, the Staff plays it
    while s.need.seat != 0:
        s.apply(A.Pass())
    code = A.PlayStuff("Door Code", "U 3,0 E 312")
    assert texts(s, code) == ["play Door Code: U 3,0 E 312", "play Door Code: U 3,0 E"]
    events = s.apply(code)
    assert [e.text for e in events] == ["Staff plays Door Code: U 3,0 E"]
    assert s.view(1).blocked[((U, 3, 0), (U, 4, 0))].order == "?"  # as the view hides it


def test_discards_are_public_unless_stuff_is_stuff_puts_them_face_down():
    s = dealt(players=2)
    s.hands[1] = ["Detector", "Walker"]
    s.active, s.phase = 1, "exchange"
    s._settle()
    swap = A.Exchange("Detector", "Walker")
    assert texts(s, swap) == [str(swap)] * 2  # the discard pile is face up
    s.apply(swap)
    assert s.view(0).discards == {"Detector": 1, "Walker": 1}

    s = sealed(dealt(players=2, variants=("stuff_is_stuff",)))
    s.tokens["red"] = [(U, 0, 0), (U, 0, 0)]
    s.hands[1] = ["Disguise", "Plans!"]
    s.active, s.phase = 1, "exchange"
    s._settle()
    swap = A.Exchange("Disguise", "Plans!")
    assert texts(s, swap) == ["exchange 2 Stuff-markers", str(swap)]
    before = s.view(0)
    s.apply(swap)
    after = s.view(0)  # back face down among the unseen Stuff: the kinds stay unknown
    assert after.unseen == before.unseen and after.discards == {}
    s.hands[1] = ["Detector", "Puddle", "Walker", "Walker"]
    s.need = Decide(1, Decision.DISCARD)
    assert texts(s, A.Discard("Puddle")) == ["discard a Stuff-marker", "discard Puddle"]


def test_moves_are_public_and_never_name_the_elder():
    s = sealed(dealt(players=3))
    s.elder["red"] = 1
    at_move(s, 1, "red 2", 3)
    for action in s.legal_actions():
        assert texts(s, action) == [str(action)] * 3
        assert "Elder" not in str(action) and "Decoy" not in str(action)
