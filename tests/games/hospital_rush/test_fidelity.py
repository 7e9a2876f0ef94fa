"""Rulebook-fidelity scenarios for Hospital Rush (the audit of the first implementation).

Each test starts from a described position (see ``test_rules.position``) and checks a
passage of ``../shared/rules/hospital-rush.txt`` that the first implementation got wrong,
or a named option for a passage with two reasonable readings
(``docs/rulings/hospital_rush.md``).
"""

from __future__ import annotations

from simlab.games.hospital_rush.rules import component_totals
from simlab.games.hospital_rush.tasks import FetchMedicine

from .test_rules import BOARDS, _cure, fill_round, position, texts, touch

MANAGEMENT = ["Finance", "Pharmacy", "Management"]


def _learned(s, seat, skills):
    s.skills[seat] = list(skills)
    s.study_markers -= len(skills)
    touch(s)


# -- Management: "As soon as a patient of yours is fully cured, discharge that patient
#    immediately" -- not only when you place the last tile yourself -----------------------


def test_management_discharges_a_cured_patient_theo_takes_over():
    s = position()  # Theo, Kurt, Marina
    _cure(s, 0, 1)  # Jim Caries (2 tiles, 2 prestige), Kurt's patient
    _learned(s, 0, MANAGEMENT)
    s.bucks[0] = 5
    start = component_totals(s)
    s.apply("Seat 0 places on that's my patient now")
    s.apply("Take over the patient in bed 1")
    assert s.beds[0] is None and "Jim Caries" in s.discard  # discharged at once
    assert s.prestige == [2, 0, 0]
    assert s.bucks[:2] == [5 - 2 + 2, 1 + 2]  # paid 2 for the tiles, Finance 2
    assert s.tasks[0] == FetchMedicine(0, 1, 0)  # Pharmacy
    assert component_totals(s) == start


def test_management_of_the_treating_player_when_marina_places_the_last_tile():
    s = position(boards=[BOARDS[2], BOARDS[0], BOARDS[1]])  # Marina, Theo, Kurt
    s.beds[0].patient_marker, s.beds[0].watcher = 1, 0  # Jim Caries: 1 patch, 1 purple
    s.beds[0].tiles = [1, 0, 0, 0]
    s.patches -= 1
    s.medicine[0] = [1, 0, 0]
    s.chest[0] -= 1
    _learned(s, 1, ["Finance", "Intensive care", "Management"])
    s.apply("Seat 0 places on treat patient (1 free)")
    s.apply("Treat the patient in bed 1")
    s.apply("Place 1 purple medicine")
    assert s.beds[0] is None  # Theo's patient, fully cured: discharged at once
    assert s.prestige == [1, 2, 0]  # Marina's watching point, Theo's 2
    assert s.bucks[1] == 3 and s.current_player == 1 and not s.tasks


def test_management_learned_while_a_patient_of_yours_is_cured():
    s = position()
    _cure(s, 1, 0)  # Al Furry, 2 prestige, seat 0's patient
    _learned(s, 0, ["Finance", "Pharmacy"])
    s.bucks[0] = 3
    s.apply("Seat 0 places on study")
    s.apply("Learn Management")
    assert s.beds[1] is None and s.prestige[0] == 2 and s.bucks[0] == 2  # Finance
    assert s.tasks[0] == FetchMedicine(0, 1, 0)


def test_management_claiming_a_cured_patient_left_without_a_marker():
    s = position()
    _cure(s, 1, 1)
    s.beds[1].patient_marker = None  # Kurt moved his marker away
    _learned(s, 0, ["Finance", "Intensive care", "Management"])
    s.apply("Seat 0 places on treat patient (1 free)")
    s.apply("Treat the patient in bed 2")
    assert s.beds[1] is None and s.prestige == [2, 0, 0]
    assert s.current_player == 1 and not s.tasks


# -- "you are allowed to perform the respective action only partially or even forfeit it
#    entirely": the final exam and the 5-player bribe spaces were performed by force --------


def test_final_exam_may_be_forfeited_and_taken_later():
    s = position()
    _learned(s, 0, ["Finance"])
    s.bucks[0] = 4
    s.apply("Seat 0 places on final exam")  # blocking the space this round
    assert texts(s) == ["Take the final exam for 2 bucks", "Done"]
    s.apply("Done")
    assert not s.exam[0] and s.bucks[0] == 4 and s.prestige[0] == 0
    assert "Seat 1 places on final exam" not in texts(s)  # blocked for the round
    fill_round(s)
    while s.current_player < 0:
        s.apply(s.chance_outcomes()[0][0])
    s.skills[0].append("Pharmacy")
    s.study_markers -= 1
    touch(s)
    s.apply("Seat 0 places on final exam")
    s.apply("Take the final exam for 2 bucks")
    assert s.exam[0] and s.prestige[0] == 2 and s.bucks[0] == 2


def test_final_exam_cannot_be_afforded_or_repeated():
    s = position(players=5, boards=BOARDS)
    _learned(s, 0, ["Finance"])
    s.bucks[0] = 3
    s.apply("Seat 0 places on final exam (4 bucks)")
    assert s.current_player == 1 and not s.exam[0]  # 4 bucks needed: nothing to choose


def test_five_player_bribe_space_may_be_forfeited():
    s = position(players=5, boards=BOARDS)
    s.bucks[0] = 5
    touch(s)
    s.apply("Seat 0 places on bribe (3 bucks)")
    assert texts(s) == ["Pay 3 bucks for 1 prestige point", "Done"]
    s.apply("Done")
    assert s.bucks[0] == 5 and s.prestige[0] == 0
    s.apply("Seat 1 places on bribe (5 bucks)")  # seat 1 has 1 buck: nothing to choose
    assert s.current_player == 2 and s.bucks[1] == 1


# -- passages with two readings: named options ------------------------------------------------


def _run_down_the_stack(**options):
    s = position(**options)
    s.discard, s.stack = s.stack[:-1], s.stack[-1:]
    s.beds[3].patient_marker = None
    touch(s)
    fill_round(s)  # Amadeus preterm from bed 4; one bed to fill, one card left
    s.apply(s.chance_outcomes()[0][0])
    return s


def test_reshuffle_option_when_the_stack_runs_out():
    s = _run_down_the_stack()  # default "when_drawing"
    assert s.stack == [] and len(s.discard) == 19
    fill_round(s)  # Quentin preterm too, then the reshuffle
    assert len(s.chance_outcomes()) == 20
    s = _run_down_the_stack(reshuffle="when_empty")
    assert len(s.stack) == 19 and s.discard == []  # shuffled as soon as it ran out
    fill_round(s)
    assert len(s.chance_outcomes()) == 19 and s.discard == ["Quentin Quarantino"]


def test_malingerer_own_patient_option():
    for option, points in (("one", 1), ("two", 2)):
        s = position(boards=[BOARDS[4], BOARDS[0], BOARDS[1]], malingerer_own_patient=option)
        _cure(s, 0, 0)
        s.apply("Seat 0 places on what a malingerer")
        s.apply("Discard the malingerer in bed 1")
        assert s.prestige == [points, 0, 0]


def test_chillax_right_side_option():
    for option, points in (("preterm", 0), ("early", 1)):
        s = position(boards=[BOARDS[3], BOARDS[0], BOARDS[1]], chillax_right_side=option)
        s.beds[3].patient_marker = 1  # Amadeus Tinnitus: right side 2 patch
        s.beds[3].tiles = [2, 0, 0, 0]
        s.patches -= 2
        s.skills[1] = ["Finance"]
        s.study_markers -= 1
        touch(s)
        s.apply("Seat 0 places on Chillax, man")
        s.apply("Discharge the patient in bed 4 and slide the others")
        assert s.prestige[1] == points and s.bucks[1] == 1 + 2 * points
        assert "Amadeus Tinnitus" in s.discard and s.patches == 20
