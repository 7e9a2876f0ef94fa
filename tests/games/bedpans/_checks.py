"""Checks that more than one Bedpans test module shares."""

from __future__ import annotations

from typing import Any


def check_stuff_conserved(state: Any) -> None:
    """The 48 Stuff-markers and 8 Door-markers are all somewhere, and what lies in front of
    a player matches its markers on the layout (rulebook l.331-336)."""
    hands = sum(len(h) for h in state.hands)
    assert sum(state.unseen.values()) == state.pile + sum(state.stuff_at.values()) + len(
        state.draws)
    played = sum(state.discards.values()) + sum(state.in_front.values())
    assert sum(state.unseen.values()) + hands + played == 48
    for kind in ("Jammed Door", "Door Code"):
        doors = sum(entry.stuff == kind for entry in state.blocked.values())
        assert state.in_front.get(kind, 0) == doors, kind
    cleaned = sum(k == "Just Cleaned" for k in state.status.values())
    assert state.in_front.get("Just Cleaned", 0) == cleaned
    assert state.in_front.get("Bed Bump", 0) >= len(state.bed_bumps)
    assert state.door_supply + sum(state.doors_held) + len(state.door_markers) == 8
