"""Hospital Rush: the readings issue 34 made named options, each checked in a position
built from the rulebook's words.  Line numbers are those of
``shared/rules/hospital-rush.txt``."""

from __future__ import annotations

import pytest

from .test_rules import BOARDS, _cure, position, touch


@pytest.mark.parametrize("skills", [False, True])
def test_finance_and_pharmacy_on_a_patient_discarded_by_the_malingerer_only_under_option(
        skills):
    """l.539/545 Pharmacy, Finance: "Every time a cured patient of yours is discharged";
    l.687-689 Vanessa: "that patient is discarded to the discard pile. [...] Even if that
    patient is fully cured, Vanessa and the treating patient each only get 1 prestige
    point."  Vanessa (seat 0) discards seat 2's fully cured patient in bed 1; seat 2 has
    Finance and Pharmacy and 1 buck.  Default (ruling 12): 1 point each and nothing more;
    ``malingerer_skills``: seat 2 also takes 2 bucks and then 1 medicine."""
    s = position(boards=[BOARDS[4], BOARDS[0], BOARDS[1]], malingerer_skills=skills)
    _cure(s, 0, 2)
    s.skills[2] = ["Finance", "Pharmacy"]
    s.study_markers -= 2
    touch(s)
    bucks, bank = s.bucks[2], s.bank
    s.apply("Seat 0 places on what a malingerer")
    s.apply("Discard the malingerer in bed 1")
    assert s.prestige == [1, 0, 1] and s.beds[0] is None
    if skills:
        assert s.bucks[2] == bucks + 2 and s.bank == bank - 2
        assert s.current_player == 2  # Pharmacy: seat 2 takes a medicine tile
        chest = sum(s.chest)
        s.apply(s.legal_actions()[0])
        assert sum(s.chest) == chest - 1
    else:
        assert s.bucks[2] == bucks and s.bank == bank and s.current_player == 1
