"""The table of Stuff handlers (``stuff.STUFF``): one entry per kind, looked up by both
:func:`~simlab.games.bedpans.stuff.plays` and :func:`~simlab.games.bedpans.stuff.resolve`."""

from __future__ import annotations

import pytest

from simlab.core.api import Event
from simlab.games.bedpans import actions as A
from simlab.games.bedpans import stuff
from simlab.games.bedpans.components import load_components
from simlab.games.bedpans.stuff import ABILITIES, IMPLEMENTED, STUFF, Stuff

from .test_rules import dealt, sealed
from .test_stuff import window


def test_every_stuff_kind_of_the_rulebook_has_one_entry():
    """"Stuff-markers (48)" in 22 kinds (l.31, reconstructed C2): each has its effect."""
    kinds = {k.name for k in load_components().stuff}
    assert set(STUFF) == kinds and len(kinds) == 22
    assert tuple(STUFF) == IMPLEMENTED
    assert set(ABILITIES.values()) <= set(STUFF)  # an ability resolves as a kind


def test_a_kind_added_to_the_table_is_offered_and_resolved_through_it(monkeypatch):
    """Adding a kind is one entry: plays lists its targets, resolve runs its effect."""
    calls = []

    def targets(win, kind):
        return [win.act_colour] if win.first and win.act_on else []

    def effect(state, seat, kind, target):
        calls.append((seat, kind, target))
        return [Event(f"{target} is tested", "stuff", seat)]

    monkeypatch.setitem(STUFF, "Test Kind", Stuff(targets, effect))
    s = sealed(dealt(players=2))
    s.unseen["Test Kind"] = 0
    window(s, 1, {1: ["Test Kind"]})
    assert A.PlayStuff("Test Kind", "red") in s.legal_actions()
    events = s.apply(A.PlayStuff("Test Kind", "red"))
    assert calls == [(1, "Test Kind", "red")]
    assert [e.text for e in events][-1] == "red is tested"
    window(s, 1, {1: ["Test Kind"]}, phase="window2")  # not offered after the moves
    assert not any(isinstance(a, A.PlayStuff) for a in s.legal_actions())


@pytest.mark.parametrize("kind", ["Hurry Up", "Detector", "Walker", "Bingo on TV"])
def test_turn_effects_are_offered_only_before_the_moves(kind):
    """l.310-313: Hurry Up, Detector, Walker "this turn"; Bingo on TV (l.343)."""
    s = sealed(dealt(players=2))
    window(s, 1, {1: [kind]})
    assert any(a == A.PlayStuff(kind, t) for a in s.legal_actions() for t in ("red", ""))
    window(s, 1, {1: [kind]}, phase="window2")
    assert getattr(s.need, "decision", None) != "window" or not any(
        isinstance(a, A.PlayStuff) for a in s.legal_actions())


def test_window_reads_the_turn():
    s = sealed(dealt(players=3))
    window(s, 2, {1: ["Puddle"]})
    win = stuff.window_of(s, 1)
    assert (win.first, win.active, win.act_colour, win.act_on, win.elder_turn) == (
        True, 2, "blue", True, True)
    s.active = 0
    assert stuff.window_of(s, 1).act_colour == "" and not stuff.window_of(s, 1).elder_turn
