"""Scenario tests of Hospital Rush from the rulebook's words (issue 13, second fidelity pass).

Each test quotes the lines of ``../shared/rules/hospital-rush.txt`` it is built from (the
text lost its "Th", "fi", "ff", "fl" ligatures; the quotes restore them).  Positions are set
up with :func:`test_rules.position`, as a rulebook example would describe them.
"""

from __future__ import annotations

import pytest

from simlab.core.api import CHANCE, TERMINAL
from simlab.games.hospital_rush import rules
from simlab.games.hospital_rush.rules import component_totals

from .test_rules import BOARDS, _cure, fill_round, given, position, texts, touch

FREDDIE = [BOARDS[3], BOARDS[0], BOARDS[1]]  # Freddie, Theo, Kurt
VANESSA = [BOARDS[4], BOARDS[0], BOARDS[1]]  # Vanessa, Theo, Kurt


def _refill(s):
    while s.current_player == CHANCE:
        s.apply(s.chance_outcomes()[0][0])


# -- l.283-285 "you are allowed to perform the respective action only partially or even
#    forfeit it entirely" ---

#: The only spaces whose action has no choice: they just hand out bucks (ruling 6), which can
#: never leave the taker worse off.
PAYOUTS = {"night_shift_2", "night_shift_3", "night_shift_4", "overtime"}


@pytest.mark.parametrize("space", sorted(rules._SPACE_EFFECTS))
def test_every_action_but_a_payout_is_a_decision_that_may_be_forfeited(space):
    s = position(players=4, boards=BOARDS[:4])
    if space not in s.game.space:  # a space of the 5-player side
        s = position(players=5, boards=BOARDS, night_shift_4=True)
    owner = next((b for b, ids in s.game.board_spaces.items() if space in ids), None)
    if owner is not None:
        s.boards[0] = owner
    rules._SPACE_EFFECTS[space](s, 0, space, [])
    if space in PAYOUTS:
        assert s.tasks == []
    else:
        assert s.tasks, f"{space} is carried out with no decision"
        assert s.tasks[0].seat == 0  # the placer decides first


def test_rat_out_may_be_forfeited_entirely():
    s = position()
    s.occupied = {"sabotage": [0], "my_patient_now": [1]}
    touch(s)
    s.placed = 2  # seats 0 and 1 have placed their first markers
    s.start = 0
    s.apply("Seat 2 places on rat out")
    assert s.bucks[2] == 1 + 1 + 2  # "take 1 buck ... and 1 buck for each" red marker
    assert texts(s) == ["Rat out Seat 0", "Rat out Seat 1", "Done"]
    s.apply("Done")
    assert not s.tasks and s.prestige == [0, 0, 0] and s.bucks[:2] == [1, 1]
    assert s.current_player == 0  # seat 0's second marker


def test_rat_out_may_be_done_partially():
    s = position()
    s.occupied = {"sabotage": [0], "my_patient_now": [1]}
    s.placed = 2
    touch(s)
    s.apply("Seat 2 places on rat out")
    s.apply("Rat out Seat 1")  # seat 0 is let off
    assert texts(s) == ["Pay 1 buck to the bank", "Lose 1 prestige point"] and s.current_player == 1
    s.apply("Lose 1 prestige point")
    assert not s.tasks and s.prestige == [0, -1, 0]


def test_telling_the_boss_may_be_forfeited():
    s = position(boards=VANESSA)
    s.occupied = {"sabotage": [1]}
    touch(s)
    s.apply("Seat 0 places on I'm telling the boss")
    assert texts(s) == ["Tell the boss about Seat 1", "Done"]
    s.apply("Done")
    assert s.bucks == [2, 1, 1] and s.prestige == [0, 0, 0] and s.current_player == 1


def test_chillax_may_be_forfeited_entirely():
    s = position(boards=FREDDIE)
    _cure(s, 3, 1)  # Kurt's patient in bed 4 is cured: discharging it would score for Kurt
    s.discard = [s.stack.pop()]
    touch(s)
    before = [b.patient for b in s.beds]
    s.apply("Seat 0 places on Chillax, man")
    assert texts(s) == ["Discharge the patient in bed 4 and slide the others", "Done"]
    s.apply("Done")
    assert [b.patient for b in s.beds] == before  # and bed 1 is full: nothing to readmit
    assert s.prestige == [0, 0, 0] and s.current_player == 1


def test_chillax_done_partially_discharges_without_readmitting():
    s = position(boards=FREDDIE)
    s.discard = [s.stack.pop()]
    touch(s)
    s.apply("Seat 0 places on Chillax, man")
    s.apply("Discharge the patient in bed 4 and slide the others")
    assert texts(s)[-1] == "Done" and s.current_player == 0
    s.apply("Done")  # bed 1 stays empty until phase 5
    assert s.beds[0] is None and s.current_player == 1


def test_chillax_slides_when_bed_four_is_already_empty():
    s = position(boards=FREDDIE)
    s.discard.append(s.beds[3].patient)
    s.beds[3] = None  # e.g. a malingerer discarded earlier this round
    touch(s)
    s.apply("Seat 0 places on Chillax, man")
    assert texts(s) == ["Slide the patients toward bed 4", "Done"]
    s.apply("Slide the patients toward bed 4")
    assert s.beds[0] is None and s.beds[3].patient == "Quentin Quarantino"


# -- l.489-501 night shift "the amount of bucks depicted next to the action space (2, 3 or 4)";
#    l.603, l.625 the 5-player differences name no 4th night-shift space ---


def test_five_player_side_has_three_night_shift_spaces_by_default():
    s = position(players=5, boards=BOARDS)
    assert s.game.night_spaces == ("night_shift_1", "night_shift_2", "night_shift_3")
    s.apply("Seat 0 places on night shift 1")
    s.apply("Appoint Seat 0 starting player")
    s.apply("Seat 1 places on night shift 2")
    s.apply("Seat 2 places on night shift 3")
    assert not any("night shift" in t for t in texts(s))  # "all action spaces are occupied"
    assert s.bucks[:3] == [3, 4, 5]


def test_night_shift_4_option_adds_a_fourth_space_paying_four():
    s = position(players=5, boards=BOARDS, night_shift_4=True)
    for seat, space in enumerate(["night shift 1", "night shift 2", "night shift 3"]):
        s.apply(f"Seat {seat} places on {space}")
        if seat == 0:
            s.apply("Appoint Seat 0 starting player")
    s.apply("Seat 3 places on night shift 4")
    assert s.bucks[3] == 1 + 4
    assert "Seat 4 places on night shift 4" not in texts(s)


# -- l.671-675 "Freddie may only choose a patient from the discard pile to place in bed 1" ------


@pytest.mark.parametrize(("option", "offered"), [("any", True), ("other", False)])
def test_chillax_readmit_option_for_the_patient_just_discharged(option, offered):
    s = position(boards=FREDDIE, chillax_readmit=option)
    s.discard = [s.stack.pop()]
    touch(s)
    s.apply("Seat 0 places on Chillax, man")
    s.apply("Discharge the patient in bed 4 and slide the others")
    just = "Admit Amadeus Tinnitus from the discard pile to bed 1"
    assert (just in texts(s)) == offered
    assert f"Admit {s.discard[0]} from the discard pile to bed 1" in texts(s)


# -- l.509-513 "If you go last, however, you can choose unfair actions (red action spaces)
#    without running the risk of being ratted out" ---


def test_the_last_placer_uses_a_red_space_without_risk():
    s = position()
    given(s, from_chest={1: [1, 0, 0]}, bucks={0: 0})
    s.apply("Seat 0 places on rat out")  # first marker: no red marker yet, just 1 buck
    assert s.bucks[0] == 1 and not s.tasks
    for seat in (1, 2, 0, 1):  # everyone else, and seat 0 and 1's second markers
        s.apply(f"Seat {seat} places on fetch medicine (1 free, 1 for a buck)")
        s.apply("Done")
    assert s.current_player == 2 and s.placed == 5  # seat 2 is last
    s.apply("Seat 2 places on sabotage")
    s.apply("Take 1 purple medicine from Seat 1")
    s.apply("Take 1 buck from Seat 0")
    # the round is over: nobody was left to rat seat 2 out
    assert s.current_player == CHANCE or s.round == 2
    assert s.prestige[2] == 0 and s.bucks[2] == 2 and s.medicine[2] == [1, 0, 0]


# -- l.683-685 Kurt: "he just may not place tiles free of charge. (If he has the additional
#    skill Intensive care, he may use it, however.)" ---


def test_kurt_calling_in_a_favor_with_intensive_care():
    s = position(boards=[BOARDS[1], BOARDS[0], BOARDS[2]])
    s.skills[0] = ["Intensive care"]
    s.study_markers -= 1
    given(s, from_chest={0: [1, 0, 0]}, bucks={0: 0})
    s.apply("Seat 0 places on calling in a favor")
    s.apply("Treat the patient in bed 1")  # Jim Caries: 1 patch, 1 purple (nothing to steal)
    assert texts(s) == ["Place 1 patch", "Done"]  # the skill's free patch; medicine costs
    s.apply("Place 1 patch")
    assert s.current_player == 1 and s.beds[0].tiles == [1, 0, 0, 0]
    assert s.bucks[0] == 0 and s.medicine[0] == [1, 0, 0]


def test_kurt_calling_in_a_favor_pays_for_every_tile_without_the_skill():
    s = position(boards=[BOARDS[1], BOARDS[0], BOARDS[2]])
    given(s, from_chest={0: [1, 0, 0]}, bucks={0: 1})
    s.apply("Seat 0 places on calling in a favor")
    s.apply("Treat the patient in bed 1")
    s.apply("Place 1 patch")  # 1 buck: "all rules of the usual treat patient action apply"
    assert s.bucks[0] == 0 and s.current_player == 1


# -- l.693-695 "Players affected by the I'm telling the boss action always lose exactly 2 bucks
#    or 1 prestige point, whether they occupy 1 or 2 red action spaces" ---


def test_telling_the_boss_costs_the_same_with_two_red_markers():
    s = position(boards=VANESSA)
    s.occupied = {"sabotage": [1], "my_patient_now": [1]}  # Theo on 2 red spaces
    given(s, bucks={1: 4})
    assert s.red_markers(1) == 2
    s.apply("Seat 0 places on I'm telling the boss")
    s.apply("Tell the boss about Seat 1")
    assert texts(s) == ["Pay 2 bucks to the bank", "Lose 1 prestige point"]
    s.apply("Pay 2 bucks to the bank")
    assert s.bucks[1] == 2 and not s.tasks and s.current_player == 1  # once, not twice


def test_rat_out_in_contrast_punishes_each_red_marker():
    s = position()
    s.occupied = {"sabotage": [1], "my_patient_now": [1]}
    given(s, bucks={1: 4})
    s.apply("Seat 0 places on rat out")  # l.579 "For each of his action markers ... on a red"
    s.apply("Rat out Seat 1")
    s.apply("Pay 1 buck to the bank")
    s.apply("Pay 1 buck to the bank")
    assert s.bucks[1] == 2 and not s.tasks


# -- l.551-561 Management: "The patient's bed remains empty for now. (It will be filled again
#    in phase 5.)" ---


def test_managements_empty_bed_stays_empty_until_phase_five():
    s = position()
    s.skills[0] = ["Finance", "Pharmacy", "Management"]
    s.study_markers -= 3
    s.beds[1].tiles = [2, 0, 0, 0]  # Al Furry: 2 patch, 1 green
    s.beds[1].patient_marker = 0
    s.patches -= 2
    given(s, from_chest={0: [0, 1, 0]})
    start = component_totals(s)
    s.apply("Seat 0 places on treat patient (1 free)")
    s.apply("Treat the patient in bed 2")
    s.apply("Place 1 green medicine")
    assert s.beds[1] is None and s.prestige[0] == 2
    s.apply("Done")  # Pharmacy: no medicine taken
    s.apply("Seat 1 places on treat patient (1 free)")
    assert "Treat the patient in bed 2" not in texts(s)  # the empty bed has no patient
    s.apply("Done")
    fill_round(s)
    assert s.beds[:2] == [None, None] and s.beds[2].patient == "Jim Caries"  # slid, then refill
    assert len(s.chance_outcomes()) == len(s.stack)
    _refill(s)
    assert None not in s.beds and component_totals(s) == start


# -- l.599-601 "even if you have taken your final exam, you still may learn new additional skills
#    with the study action" ---


def test_skills_may_be_learned_after_the_final_exam():
    s = position()
    s.skills[0] = ["Finance"]
    s.study_markers -= 1
    given(s, bucks={0: 5})
    s.apply("Seat 0 places on final exam")
    s.apply("Take the final exam for 2 bucks")
    assert s.exam[0] and s.prestige[0] == 1 and s.bucks[0] == 3
    fill_round(s)
    _refill(s)
    s.apply("Seat 0 places on study")
    assert "Learn Pharmacy" in texts(s)
    s.apply("Learn Pharmacy")
    assert s.skills[0] == ["Finance", "Pharmacy"] and s.exam[0] and s.prestige[0] == 1


# -- l.755-757, l.799 "If at the end of phase 3 at least one player has 10 or more prestige
#    points, the game ends": reaching 10 earlier and dropping back does not end it ---


def bribed_to_ten():
    """Seat 0, at 9 prestige points with 3 bucks, bribes its way to 10 in the first round."""
    s = position()
    given(s, prestige={0: 9}, bucks={0: 3})
    s.apply("Seat 0 places on bribe")
    s.apply("Pay 3 bucks for 1 prestige point")
    return s


def test_reaching_ten_and_dropping_back_before_phase_four_does_not_end_the_game():
    s = bribed_to_ten()
    assert s.prestige[0] == 10
    s.apply("Seat 1 places on rat out")
    s.apply("Rat out Seat 0")
    s.apply("Lose 1 prestige point")  # seat 0 has no buck left: back to 9
    assert s.prestige[0] == 9
    fill_round(s)
    assert s.current_player != TERMINAL and s.outcome is None and s.round == 2


def test_ten_at_the_end_of_phase_three_ends_the_game():
    s = bribed_to_ten()
    fill_round(s)
    assert s.current_player == TERMINAL and s.outcome.winners == (0,)


# -- l.667-669 Freddie: "If the patient in bed 4 is cured when Freddie discharges that patient
#    with his Chillax, man action, the treating player receives that patient's prestige points as
#    usual (just as described below in phase 3)" ---


def test_freddie_discharging_a_cured_bed_four_patient_scores_its_treater():
    s = position(boards=FREDDIE)
    s.skills[1] = ["Finance"]
    s.study_markers -= 1
    _cure(s, 3, 1)  # Amadeus Tinnitus, cured by Theo (seat 1)
    s.beds[3].watcher = None
    prestige = s.game.patients["Amadeus Tinnitus"].prestige
    start = component_totals(s)
    s.apply("Seat 0 places on Chillax, man")
    s.apply("Discharge the patient in bed 4 and slide the others")
    assert s.prestige == [0, prestige, 0] and s.bucks[1] == 1 + 2  # points and Finance
    assert "Amadeus Tinnitus" in s.discard and s.beds[3].patient == "Quentin Quarantino"
    assert component_totals(s) == start


def test_freddie_discharging_an_uncured_bed_four_patient_is_preterm():
    s = position(boards=FREDDIE)
    s.beds[3].patient_marker = 1
    s.beds[3].tiles = [1, 0, 0, 0]
    s.patches -= 1
    touch(s)
    s.apply("Seat 0 places on Chillax, man")
    s.apply("Discharge the patient in bed 4 and slide the others")
    assert s.prestige == [0, 0, 0] and s.patches == 20  # "discharged preterm": tiles back
    assert all(b is None or b.patient_marker != 1 for b in s.beds)  # the marker went home
