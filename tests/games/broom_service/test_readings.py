"""Broom Service: the readings issue 34 made named options, each checked in a position
built from the rulebook's words.  Line numbers are those of
``shared/rules/broom-service.txt``."""

from __future__ import annotations

import numpy as np
import pytest

from simlab.core.api import CHANCE
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.rules import BroomServiceGame

from .test_rules import DF, DH, GG, GO, GP, play, position


@pytest.mark.parametrize("druid_landscape", ["matching", "any"])
def test_a_druid_delivers_from_a_region_of_another_landscape_only_under_any(druid_landscape):
    """l.86: "Druids (3 types: Forest, Hill, Peak)"; l.88: "Deliver a potion (same rules
    as witches) from an area where you already have a pawn."  Seat 0's pawns stand in Fern
    Hollow (forest: circular tower T8, green, 3 VP; square tower S2) and Castle Roseguard
    (mountain, no tower).  It plays the Druid (Hill) cowardly: by default (ruling 9) no hill
    region holds its pawn, so it can only do nothing; with ``druid_landscape=any`` it may
    deliver in Fern Hollow."""
    s = position(3, hands=[[DH, DF], [GG], [GO]], druid_landscape=druid_landscape)
    s.pawns[0] = ["Fern Hollow", "Castle Roseguard"]
    play(s, "Seat 0 plays Druid (Hill) cowardly")
    legal = s.legal_actions()
    if druid_landscape == "matching":
        assert legal == [A.DoNothing()]
    else:
        assert A.Deliver("green", "T8", 3) in legal
        assert A.Deliver("orange", "S2", 2, True) in legal
        play(s, "deliver green potion to tower T8 (3 VP)")
        assert s.vp[0] == 13 and s.towers["T8"] == 0  # 10 at the start, no brave bonus


def _more_or_less(players=3, **options):
    s = BroomServiceGame(players=players, **options).new_initial_state()
    while s.phase == "clouds":
        s.apply(s.chance_outcomes()[0][0])
    s.apply("reveal event More or Less")
    while s.current_player == CHANCE:  # the bewitched role cards
        s.apply(s.chance_outcomes()[0][0])
    assert s.hand_limits() == (1, 5)
    return s


@pytest.mark.parametrize("counts", ["visible", "hidden"])
def test_more_or_less_counts_are_unseen_by_later_choosers_only_when_hidden(counts):
    """l.42: "All players simultaneously choose 4 of their 10 role cards (exception: “More
    or Less” event allows 1-5 cards)."  Seat 0 chooses 2 cards and stops; seat 1 is to
    choose.  ``visible`` (default, ruling 2): seat 1's view shows seat 0's 2 cards (face
    down) and the "holds 2" line; ``hidden``: seat 1 sees no card of seat 0 and no line about
    it until everyone has chosen, and its redrawn worlds give seat 0 from 1 to 5 cards."""
    s = _more_or_less(choice_counts=counts)
    events = s.apply(A.ChooseRole(0, GG)) + s.apply(A.ChooseRole(0, GO))
    events += s.apply("Seat 0 is done choosing")
    assert s.current_player == 1 and sorted(s.hands[0]) == sorted([GG, GO])
    view = s.view(1)
    told = [e.text for e in events if e.visible_to(1)]
    sizes = {len(s.resample_hidden(1, np.random.default_rng(k)).hands[0]) for k in range(60)}
    if counts == "visible":
        assert view.hands[0] == ["?", "?"] and "Seat 0 holds 2 role cards" in told
        assert sizes == {2}
    else:
        assert view.hands[0] == [] and told == []
        assert s.action_text_for(A.DoneChoosing(0), 1) is None
        assert sizes == {1, 2, 3, 4, 5}
        assert all(r.view(1) == view for r in (s.resample_hidden(1, np.random.default_rng(3)),))
    # once everyone has chosen, the counts are on the table under both readings
    s.apply(A.ChooseRole(1, GG))
    s.apply("Seat 1 is done choosing")
    last = s.apply(A.ChooseRole(2, GP)) + s.apply("Seat 2 is done choosing")
    assert s.view(1).hands[0] == ["?", "?"]
    if counts == "hidden":
        assert "Seat 0 holds 2 role cards" in [e.text for e in last if e.visible_to(1)]
