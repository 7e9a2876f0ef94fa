"""Hospital Rush: the readings issue 34 made named options, each checked in a position
built from the rulebook's words.  Line numbers are those of
``shared/rules/hospital-rush.txt``."""

from __future__ import annotations

import pytest

from .test_rules import BOARDS, _cure, position, texts, touch


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


@pytest.mark.parametrize("payouts", ["in-full", "may-forfeit"])
def test_a_night_shift_payout_may_be_forfeited_only_under_the_option(payouts):
    """l.283-285: "you must place an action marker onto an action space. However, you are
    allowed to perform the respective action only partially or even forfeit it entirely."
    l.499-501: "take from the bank the amount of bucks depicted next to the action space".
    Seat 0 (1 buck) places on night shift 1 (2 bucks).  Default (ruling 6): paid at once;
    ``payouts=may-forfeit``: a choice, and ``Done`` leaves the 2 bucks in the bank; the
    appointment of the starting player follows either way."""
    s = position(payouts=payouts)
    bank = s.bank
    s.apply("Seat 0 places on night shift 1")
    if payouts == "in-full":
        assert s.bucks[0] == 3 and s.bank == bank - 2
    else:
        assert texts(s) == ["Take 2 bucks for the night shift", "Done"]
        taken = s.clone()
        taken.apply("Take 2 bucks for the night shift")
        assert taken.bucks[0] == 3 and taken.bank == bank - 2
        s.apply("Done")
        assert s.bucks[0] == 1 and s.bank == bank
    assert texts(s) == [f"Appoint Seat {p} starting player" for p in range(3)]


def test_a_forfeited_rat_out_payout_still_lets_the_rat_punish():
    """l.567-581 Rat out: the rat takes 1 buck and 1 more for each red marker, then the
    ratted-out players pay.  Under ``payouts=may-forfeit`` seat 2 forfeits the 3 bucks (two
    red markers) and still rats out seat 1."""
    s = position(payouts="may-forfeit")
    s.occupied = {"sabotage": [0], "my_patient_now": [1]}
    s.placed = 2
    touch(s)
    s.apply("Seat 2 places on rat out")
    assert texts(s) == ["Take 3 bucks for rat out", "Done"] and s.bucks[2] == 1
    s.apply("Done")
    assert texts(s) == ["Rat out Seat 0", "Rat out Seat 1", "Done"] and s.bucks[2] == 1
    s.apply("Rat out Seat 1")
    s.apply("Lose 1 prestige point")
    assert s.prestige == [0, -1, 0]
