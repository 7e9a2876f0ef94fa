"""The log reads the amount a score event tells from ``Event.score`` (issue 34)."""

from __future__ import annotations

from simlab.core.api import Event
from simlab.widgets.log import _score_events


def test_told_amounts_are_taken_over_amounts_in_the_text():
    told = Event("Seat 1 gains 1 prestige for watching Ann Emia", "score", 1, score=1)
    other = Event("Ann Emia in bed 2 is discharged cured (3 prestige to Seat 0)", "discharge", 0,
                  score=3)
    events = [other, told]
    assert _score_events(events, 1, "prestige") == [told]
    assert _score_events(events, 0, "prestige") == [other]
    # a game's event without the field: the amount is read from its text, as before
    old = Event("Seat 2 takes the final exam: +2 prestige", "exam", 2)
    assert _score_events([old], 2, "prestige") == [old]
    assert _score_events([old], 1, "prestige") == []
