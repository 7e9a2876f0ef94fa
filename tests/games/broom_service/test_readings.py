"""Broom Service: the readings issue 34 made named options, each checked in a position
built from the rulebook's words.  Line numbers are those of
``shared/rules/broom-service.txt``."""

from __future__ import annotations

import pytest

from simlab.games.broom_service import actions as A

from .test_rules import DF, DH, GG, GO, play, position


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
