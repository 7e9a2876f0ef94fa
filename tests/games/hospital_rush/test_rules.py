"""Scenario tests of the Hospital Rush rules, from described positions.

Each test builds a position with :func:`position` (boards dealt, beds filled,
then any attribute set by hand, as a rulebook example would describe it) and
plays actions in their text form.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import simlab
from simlab.core.api import CHANCE, TERMINAL
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.rules import (
    HospitalRushGame,
    HospitalRushState,
    component_totals,
)
from simlab.games.hospital_rush.tasks import FetchMedicine
from tests.games._checks import assert_every_seat_sees_everything

BOARDS = ["Theo Goodberg", "Kurt von Schneider", "Marina Clementina", "Freddie Funster",
          "Vanessa Toad"]
BEDS = ["Jim Caries", "Al Furry", "Quentin Quarantino", "Amadeus Tinnitus"]


def position(players: int = 3, boards=None, beds=None, **options) -> HospitalRushState:
    game = HospitalRushGame(players=players, **options)
    s = game.new_initial_state()
    for seat, board in enumerate(boards or BOARDS[:players]):
        s.apply(A.DealBoard(seat, board))
    for i, name in enumerate(beds or BEDS):
        s.apply(A.Admit(i + 1, name))
    return s


def touch(s: HospitalRushState) -> HospitalRushState:
    """Forget cached legal actions after attributes were set by hand."""
    s._legal = None
    return s


def given(s: HospitalRushState, **holdings: dict[int, Any]) -> HospitalRushState:
    """Set by hand what seats hold (``medicine=``, ``bucks=``, ``prestige=``, each {seat:
    value}; ``from_chest=``: medicine taken from the medicine chest), then :func:`touch`
    the state."""
    for seat, medicine in holdings.pop("from_chest", {}).items():
        s.medicine[seat] = medicine
        for colour, count in enumerate(medicine):
            s.chest[colour] -= count
    for field, by_seat in holdings.items():
        for seat, value in by_seat.items():
            getattr(s, field)[seat] = value
    return touch(s)


def texts(s: HospitalRushState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def fill_round(s: HospitalRushState) -> None:
    """Every remaining marker of the round onto the unlimited fetch space, taking nothing."""
    r = s.round
    while s.round == r and s.phase == "place" and s.current_player >= 0:
        if s.tasks:
            s.apply("Done" if "Done" in texts(s) else s.legal_actions()[-1])
        else:
            s.apply(A.Place(s.current_player, "fetch_medicine_1"))


# -- set-up ----------------------------------------------------------------------------


def test_setup_chance_and_supplies():
    game = HospitalRushGame(players=4)
    s = game.new_initial_state()
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 7 and {p for _, p in outcomes} == {Fraction(1, 7)}
    s.apply(outcomes[0][0])
    assert len(s.chance_outcomes()) == 6
    s = position(players=4, boards=BOARDS[:4])
    assert s.phase == "place" and s.current_player == 0
    assert s.bucks == [1, 1, 1, 1] and s.bank == 29
    assert s.chest == [3, 3, 3] and s.prestige == [0] * 4
    assert len(s.stack) == 19
    assert s.beds[3].patient == "Amadeus Tinnitus"


def test_bed_draws_are_uniform_over_the_stack():
    s = HospitalRushGame(players=3).new_initial_state()
    for seat in range(3):
        s.apply(A.DealBoard(seat, BOARDS[seat]))
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 23 and sum(p for _, p in outcomes) == 1
    assert str(outcomes[0][0]).startswith("Patient ") and "bed 1" in str(outcomes[0][0])


def test_player_board_spaces_are_off_limits_to_others():
    s = position()
    assert "Seat 0 places on steal a skill" in texts(s)
    assert not any("calling in a favor" in t for t in texts(s))
    with pytest.raises(simlab.IllegalActionError):
        s.apply(A.Place(0, "calling_in_a_favor"))


# -- fetch medicine -------------------------------------------------------------------


def test_fetch_medicine_two_free_is_once_a_round():
    s = position()
    s.apply("Seat 0 places on fetch medicine (2 free)")
    s.apply("Take 1 purple medicine from the medicine chest")
    s.apply("Take 1 purple medicine from the medicine chest")
    assert s.medicine[0] == [2, 0, 0] and s.chest == [0, 2, 2] and s.bucks[0] == 1
    # the task ended by itself; the once-a-round space is blocked for seat 1
    assert s.current_player == 1 and not s.tasks
    assert "Seat 1 places on fetch medicine (2 free)" not in texts(s)
    # an empty colour cannot be taken
    s.apply("Seat 1 places on fetch medicine (1 free, 1 for a buck)")
    assert "Take 1 purple medicine from the medicine chest" not in texts(s)


def test_fetch_medicine_second_tile_costs_a_buck():
    s = position()
    s.apply("Seat 0 places on fetch medicine (1 free, 1 for a buck)")
    s.apply("Take 1 green medicine from the medicine chest")
    assert s.bucks[0] == 1 and s.current_player == 0
    s.apply("Take 1 yellow medicine from the medicine chest")
    assert s.bucks[0] == 0 and s.bank == 31 and s.medicine[0] == [0, 1, 1]
    # seat 1 has no buck after spending it: the second tile is not offered
    s.bucks[1] = 0
    s.apply("Seat 1 places on fetch medicine (1 free, 1 for a buck)")
    s.apply("Take 1 green medicine from the medicine chest")
    assert s.current_player == 2 and s.medicine[1] == [0, 1, 0]


# -- treat patient --------------------------------------------------------------------


def test_treat_patient_claims_places_free_then_paid_tiles():
    s = position()
    given(s, medicine={0: [1, 1, 1]}, bucks={0: 3})
    s.apply("Seat 0 places on treat patient (2 free)")
    s.apply("Treat the patient in bed 3")  # Quentin: 1 patch, 1 purple, 1 green, 1 yellow
    assert s.beds[2].patient_marker == 0
    assert "Place 1 patch" in texts(s) and "Place 1 purple medicine" in texts(s)
    s.apply("Place 1 patch")
    s.apply("Place 1 purple medicine")
    assert s.bucks[0] == 3 and s.patches == 19
    assert "Place 1 patch" not in texts(s)  # only tiles still needed
    s.apply("Place 1 green medicine")
    assert s.bucks[0] == 2 and s.bank == 30 + 1
    s.apply("Done")
    assert s.beds[2].tiles == [1, 1, 1, 0] and s.medicine[0] == [0, 0, 1]
    assert s.current_player == 1


def test_treat_cannot_claim_opponents_patient_and_moving_leaves_tiles():
    s = position()
    s.beds[0].patient_marker = 1
    s.beds[1].patient_marker = 0
    s.beds[1].tiles = [1, 0, 0, 0]
    touch(s)
    s.apply("Seat 0 places on treat patient (1 free)")
    assert "Treat the patient in bed 1" not in texts(s)
    s.apply("Treat the patient in bed 4")
    assert s.beds[3].patient_marker == 0 and s.beds[1].patient_marker is None
    assert s.beds[1].tiles == [1, 0, 0, 0]


def test_treat_all_patients_occupied_forfeits():
    s = position()
    for i in range(4):
        s.beds[i].patient_marker = 1 + i % 2
    touch(s)
    s.apply("Seat 0 places on treat patient (1 free)")
    assert s.current_player == 1 and not s.tasks


def test_intensive_care_adds_a_free_patch():
    s = position()
    s.skills[0] = ["Intensive care"]
    given(s, bucks={0: 0})
    s.apply("Seat 0 places on treat patient (1 free)")
    s.apply("Treat the patient in bed 2")  # Al Furry: 2 patch, 1 green
    s.apply("Place 1 patch")
    s.apply("Place 1 patch")
    assert s.beds[1].tiles == [2, 0, 0, 0] and s.current_player == 1


# -- night shift, study, final exam, bribe ----------------------------------------------


def test_night_shift_pays_in_order_and_appoints_next_starting_player():
    s = position()
    assert [t for t in texts(s) if "night shift" in t] == ["Seat 0 places on night shift 1"]
    s.apply("Seat 0 places on night shift 1")
    assert s.bucks[0] == 3
    assert texts(s) == [f"Appoint Seat {p} starting player" for p in range(3)]
    s.apply("Appoint Seat 2 starting player")
    s.apply("Seat 1 places on night shift 2")
    assert s.bucks[1] == 4
    s.apply("Seat 2 places on night shift 3")
    assert s.bucks[2] == 5
    assert not any("night shift" in t for t in texts(s))
    fill_round(s)
    while s.current_player == CHANCE:
        s.apply(s.chance_outcomes()[0][0])
    assert s.round == 2 and s.start == 2 and s.current_player == 2


def test_study_costs_three_and_management_needs_two_skills():
    s = position()
    given(s, bucks={0: 6})
    s.apply("Seat 0 places on study")
    assert "Learn Management" not in texts(s)
    s.apply("Learn Finance")
    assert s.bucks[0] == 3 and s.skills[0] == ["Finance"] and s.study_markers == 19
    s.skills[0].append("Pharmacy")
    s.bucks[1] = 3
    s.skills[1] = ["Finance", "Pharmacy"]
    assert "Seat 1 places on study" not in texts(touch(s))  # once a round
    del s.occupied["study"]
    touch(s)
    s.apply("Seat 1 places on study")
    assert "Learn Management" in texts(s)


def test_study_without_money_is_forfeited():
    s = position()
    s.apply("Seat 0 places on study")
    assert s.current_player == 1 and s.skills[0] == []


def test_final_exam_once_per_game():
    s = position()
    s.skills[0] = ["Finance", "Pharmacy"]
    s.study_markers -= 2
    s.bucks[0] = 5
    s.apply("Seat 0 places on final exam")
    assert texts(s) == ["Take the final exam for 2 bucks", "Done"]
    s.apply("Take the final exam for 2 bucks")
    assert s.prestige[0] == 2 and s.bucks[0] == 3 and s.exam[0]
    assert component_totals(s)["study_markers"] == 20
    s.occupied.clear()
    s.placed, s.start = 0, 0
    touch(s)
    s.apply("Seat 0 places on final exam")
    assert s.prestige[0] == 2 and s.current_player == 1  # taken already: nothing to do


def test_bribe_three_for_one_five_for_two():
    s = position()
    given(s, bucks={0: 5})
    s.apply("Seat 0 places on bribe")
    assert texts(s) == ["Pay 3 bucks for 1 prestige point", "Pay 5 bucks for 2 prestige points",
                        "Done"]
    s.apply("Pay 5 bucks for 2 prestige points")
    assert s.prestige[0] == 2 and s.bucks[0] == 0


def test_five_player_side_has_two_bribes_and_two_exams():
    s = position(players=5)
    given(s, bucks={0: 5})
    assert "Seat 0 places on bribe (5 bucks)" in texts(s)
    assert "Seat 0 places on final exam (4 bucks)" in texts(s)
    assert "Seat 0 places on night shift 1" in texts(s)
    s.apply("Seat 0 places on bribe (5 bucks)")
    assert texts(s) == ["Pay 5 bucks for 2 prestige points", "Done"]
    s.apply("Pay 5 bucks for 2 prestige points")
    assert s.prestige[0] == 2 and s.bucks[0] == 0


# -- unfair play: sabotage, rat out -------------------------------------------------------


def test_sabotage_takes_one_tile_from_each_of_two_opponents():
    s = position()
    given(s, medicine={1: [1, 0, 0]}, bucks={2: 2})
    s.apply("Seat 0 places on sabotage")
    assert "Take 1 purple medicine from Seat 1" in texts(s)
    s.apply("Take 1 purple medicine from Seat 1")
    assert not any("Seat 1" in t for t in texts(s))  # not more than 1 tile from one player
    s.apply("Take 1 buck from Seat 2")
    assert s.medicine[0] == [1, 0, 0] and s.bucks == [2, 1, 1]
    assert s.steals == [(0, 1, "purple"), (0, 2, "buck")]
    assert s.current_player == 1


def test_rat_out_pays_per_red_marker_and_punishes():
    s = position()
    given(s, bucks={0: 2})
    s.apply("Seat 0 places on sabotage")
    s.apply("Done")
    s.apply("Seat 1 places on calling in a favor")  # Kurt's red space
    s.apply("Done")
    while s.tasks:
        s.apply("Done")
    s.apply("Seat 2 places on rat out")
    assert s.bucks[2] == 1 + 1 + 2  # 1, plus 1 per red marker
    assert s.current_player == 2  # the rat chooses whom to punish, clockwise
    assert texts(s) == ["Rat out Seat 0", "Rat out Seat 1", "Done"]
    s.apply("Rat out Seat 0")
    assert s.current_player == 0
    assert texts(s) == ["Pay 1 buck to the bank", "Lose 1 prestige point"]
    s.apply("Pay 1 buck to the bank")
    assert s.current_player == 2 and texts(s) == ["Rat out Seat 1", "Done"]
    s.apply("Rat out Seat 1")
    assert s.current_player == 1 and texts(s) == ["Pay 1 buck to the bank",
                                                  "Lose 1 prestige point"]
    s.apply("Lose 1 prestige point")
    assert s.prestige[1] == -1 and s.bucks[0] == 1
    assert s.current_player == 0 and not s.tasks  # round 2nd markers


def test_prestige_never_below_minus_two():
    s = position()
    s.prestige[1] = -2
    s.bucks[1] = 0
    s.occupied = {"my_patient_now": [1]}
    s.apply("Seat 0 places on rat out")
    s.apply("Rat out Seat 1")
    assert texts(s) == ["Lose 1 prestige point"]
    s.apply("Lose 1 prestige point")
    assert s.prestige[1] == -2


# -- discharge, slide, refill, end ----------------------------------------------------------


def _cure(s: HospitalRushState, bed: int, seat: int) -> None:
    name = s.beds[bed].patient
    need = list(s.game.patients[name].needs)
    s.beds[bed].tiles = need
    s.beds[bed].patient_marker = seat
    s.patches -= need[0]
    for c in range(3):
        s.chest[c] -= need[c + 1]
    touch(s)


def test_phase3_discharges_cured_patients_and_phase5_slides_and_refills():
    s = position()
    _cure(s, 0, 1)  # Jim Caries, 2 prestige
    s.beds[3].patient_marker = 2  # Amadeus in bed 4, not cured: preterm
    s.beds[3].tiles = [1, 0, 0, 0]
    s.patches -= 1
    s.beds[1].patient_marker = 0
    touch(s)
    start = component_totals(s)
    fill_round(s)
    assert s.prestige == [0, 2, 0]
    assert s.discard == ["Jim Caries", "Amadeus Tinnitus"]
    assert s.beds[0] is None and s.beds[1] is None
    assert s.beds[2].patient == "Al Furry" and s.beds[2].patient_marker == 0  # slid with its marker
    assert s.beds[3].patient == "Quentin Quarantino"
    assert s.current_player == CHANCE and s.chance_outcomes()[0][0].bed == 1
    assert component_totals(s) == start
    s.apply(s.chance_outcomes()[0][0])
    s.apply(s.chance_outcomes()[0][0])
    assert s.current_player == 0 and None not in s.beds


def test_finance_and_pharmacy_on_discharge():
    s = position()
    s.skills[1] = ["Finance", "Pharmacy"]
    _cure(s, 1, 1)  # Al Furry, 2 prestige
    fill_round(s)
    assert s.prestige[1] == 2 and s.bucks[1] == 3
    assert s.current_player == 1 and isinstance(s.tasks[0], FetchMedicine)
    s.apply("Take 1 green medicine from the medicine chest")
    assert s.medicine[1] == [0, 1, 0]


def test_early_discharge_is_a_choice_worth_one_point():
    s = position()
    s.beds[3].patient_marker = 2  # Amadeus Tinnitus: right side 2 patch
    s.beds[3].tiles = [2, 0, 0, 0]
    s.patches -= 2
    touch(s)
    fill_round(s)
    assert s.current_player == 2
    assert texts(s) == ["Discharge the patient in bed 4 early",
                        "Keep treating the patient in bed 4"]
    s.apply("Discharge the patient in bed 4 early")
    assert s.prestige[2] == 1 and "Amadeus Tinnitus" in s.discard and s.patches == 20


def test_management_discharges_at_once():
    s = position()
    s.skills[0] = ["Finance", "Pharmacy", "Management"]
    s.beds[0].tiles = [1, 0, 0, 0]  # Jim Caries: 1 patch, 1 purple
    s.beds[0].patient_marker = 0
    s.patches -= 1
    given(s, from_chest={0: [1, 0, 0]})
    s.apply("Seat 0 places on treat patient (1 free)")
    s.apply("Treat the patient in bed 1")
    s.apply("Place 1 purple medicine")
    assert s.beds[0] is None and s.prestige[0] == 2 and s.bucks[0] == 3
    assert isinstance(s.tasks[0], FetchMedicine)  # Pharmacy


def test_reshuffle_when_the_stack_runs_out():
    s = position()
    s.discard, s.stack = s.stack[:-1], s.stack[-1:]
    s.beds[3].patient_marker = None
    touch(s)
    fill_round(s)  # bed 4 preterm: one bed to fill, one card left
    assert s.chance_outcomes()[0][1] == 1
    s.apply(s.chance_outcomes()[0][0])
    assert s.current_player == 0 and s.stack == []
    fill_round(s)
    # 18 discards + Amadeus and Quentin (bed 4 preterm twice), shuffled into a new stack
    assert len(s.chance_outcomes()) == 20
    assert s.discard == []


def test_game_ends_at_ten_and_ties_go_to_tiles():
    s = position()
    s.prestige = [10, 10, 3]
    s.bucks = [2, 1, 1]
    touch(s)
    fill_round(s)
    assert s.current_player == TERMINAL
    assert s.outcome.winners == (0,) and "tie broken" in s.outcome.reason
    s2 = position()
    s2.prestige = [11, 11, 3]
    s2.bucks = [1, 1, 1]
    touch(s2)
    fill_round(s2)
    assert s2.outcome.winners == (0, 1) and "shared" in s2.outcome.reason


def test_round_guard_ends_the_game():
    s = position(max_rounds=1)
    fill_round(s)
    assert s.is_terminal and "round limit" in s.outcome.reason


# -- player boards -----------------------------------------------------------------------


def test_theo_steals_a_skill_for_three_bucks():
    s = position()
    s.bucks[0] = 3
    s.skills[1] = ["Finance"]
    touch(s)
    s.apply("Seat 0 places on steal a skill")
    s.apply("Steal Finance from Seat 1 for 3 bucks")
    assert s.skills == [["Finance"], [], []] and s.bucks[:2] == [0, 4]


def test_theo_takes_over_a_patient_paying_per_tile():
    s = position()
    s.bucks[0] = 2
    s.beds[1].patient_marker, s.beds[1].watcher, s.beds[1].tiles = 1, 2, [2, 0, 0, 0]
    s.patches -= 2
    touch(s)
    s.apply("Seat 0 places on that's my patient now")
    s.apply("Take over the patient in bed 2")
    assert s.beds[1].patient_marker == 0 and s.beds[1].watcher == 2  # Marina's stays
    assert s.bucks[:2] == [0, 3] and s.steals == [(0, 1, "patient")]


def test_kurt_calls_in_a_favor_then_treats_without_free_tiles():
    s = position(boards=[BOARDS[1], BOARDS[0], BOARDS[2]])
    s.beds[2].patient_marker, s.beds[2].tiles = 1, [0, 1, 0, 0]  # Quentin, a purple on it
    s.chest[0] -= 1
    given(s, bucks={0: 1})
    s.apply("Seat 0 places on calling in a favor")
    s.apply("Take 1 purple medicine from Seat 1's patient in bed 3")
    assert s.medicine[0] == [1, 0, 0] and s.beds[2].tiles == [0, 0, 0, 0]
    s.apply("Treat the patient in bed 1")  # Jim Caries: 1 patch, 1 purple
    s.apply("Place 1 purple medicine")  # costs the only buck
    assert s.bucks[0] == 0 and s.current_player == 1


def test_kurt_sells_medicine():
    s = position(boards=[BOARDS[1], BOARDS[0], BOARDS[2]])
    given(s, from_chest={0: [2, 0, 0]})
    s.apply("Seat 0 places on sell medicine")
    s.apply("Sell 1 purple medicine for 2 bucks")
    s.apply("Sell 1 purple medicine for 2 bucks")
    assert s.bucks[0] == 5 and s.chest[0] == 2 and s.current_player == 1


def test_marina_pickpockets_two_medicine_from_one_opponent():
    s = position(boards=[BOARDS[2], BOARDS[0], BOARDS[1]])
    given(s, medicine={1: [1, 1, 0]}, bucks={2: 3})
    s.apply("Seat 0 places on pickpocket")
    assert "Take 2 bucks from Seat 2" in texts(s)
    s.apply("Take 1 purple medicine from Seat 1")
    assert texts(s) == ["Take 1 green medicine from Seat 1", "Done"]
    s.apply("Take 1 green medicine from Seat 1")
    assert s.medicine[0] == [1, 1, 0] and s.current_player == 1


def test_marina_watches_and_learns_for_one_point():
    s = position(boards=[BOARDS[2], BOARDS[0], BOARDS[1]])
    s.beds[0].patient_marker = 1
    touch(s)
    s.apply("Seat 0 places on I'll just watch and learn")
    s.apply("Watch and learn at the patient in bed 1")
    assert s.beds[0].watcher == 0
    _cure(s, 0, 1)
    fill_round(s)
    assert s.prestige == [1, 2, 0]


def test_freddie_chillax_discharges_bed_four_and_readmits():
    s = position(boards=[BOARDS[3], BOARDS[0], BOARDS[1]])
    s.discard = [s.stack.pop()]
    s.beds[3].patient_marker = 1
    touch(s)
    name = s.discard[0]
    s.apply("Seat 0 places on Chillax, man")
    assert texts(s) == ["Discharge the patient in bed 4 and slide the others", "Done"]
    s.apply("Discharge the patient in bed 4 and slide the others")
    assert [b.patient for b in s.beds[1:]] == BEDS[:3] and s.beds[0] is None
    assert "Amadeus Tinnitus" in s.discard
    s.apply(f"Admit {name} from the discard pile to bed 1 with the patient marker")
    assert s.beds[0].patient == name and s.beds[0].patient_marker == 0


def test_vanessa_malingerer_gives_one_point_each_for_a_cured_patient():
    s = position(boards=[BOARDS[4], BOARDS[0], BOARDS[1]])
    _cure(s, 0, 2)
    s.apply("Seat 0 places on what a malingerer")
    s.apply("Discard the malingerer in bed 1")
    assert s.prestige == [1, 0, 1] and s.beds[0] is None and s.patches == 20


def test_vanessa_telling_the_boss_costs_two_bucks_or_a_point():
    s = position(boards=[BOARDS[4], BOARDS[0], BOARDS[1]])
    s.occupied = {"sabotage": [1], "calling_in_a_favor": [2]}
    given(s, bucks={1: 2})
    s.apply("Seat 0 places on I'm telling the boss")
    assert s.bucks[0] == 2
    assert texts(s) == ["Tell the boss about Seat 1", "Tell the boss about Seat 2", "Done"]
    s.apply("Tell the boss about Seat 1")
    assert texts(s) == ["Pay 2 bucks to the bank", "Lose 1 prestige point"]
    s.apply("Pay 2 bucks to the bank")
    s.apply("Tell the boss about Seat 2")
    assert texts(s) == ["Lose 1 prestige point"]  # seat 2 has only 1 buck


def test_otto_cooks_the_books_and_ivy_raids_the_chest():
    s = position(boards=["Otto Claves", "Ivy Drip", BOARDS[0]])
    s.apply("Seat 0 places on cook the books")
    s.apply("Take 1 buck from Seat 1")
    s.apply("Take 1 buck from Seat 2")
    assert s.bucks == [3, 0, 0]
    s.apply("Seat 1 places on raid the medicine chest")
    s.apply("Take 1 yellow medicine from the medicine chest")
    s.apply("Take 1 yellow medicine from the medicine chest")
    # only 2 yellow with 3 players
    assert "Take 1 yellow medicine from the medicine chest" not in texts(s)
    s.apply("Take 1 green medicine from the medicine chest")
    assert s.medicine[1] == [0, 1, 2] and s.current_player == 2


# -- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_end_and_conserve_components(players):
    """The small version of the benchmark's reliability run (10,000 games there)."""
    game = HospitalRushGame(players=players)
    start = component_totals(game.new_initial_state())
    guard = 0
    for seed in range(100):
        final = simlab.run(game, seed=seed)
        assert final.is_terminal and final.outcome is not None
        totals = component_totals(final)
        assert totals == start, seed
        assert not totals["negative"]
        guard += "round limit" in final.outcome.reason
    assert guard <= 2


def test_components_conserved_after_every_action():
    game = HospitalRushGame(players=4)
    start = component_totals(game.new_initial_state())
    checked = 0

    def check(state, actor, action, events):
        nonlocal checked
        assert component_totals(state) == start, str(action)
        checked += 1

    for seed in range(4):
        simlab.run(game, ["random", "greedy", "opportunist", "random"], seed=seed,
                   on_action=check)
    assert checked > 500


# -- more player boards and readings ---------------------------------------------------------


def test_freddie_feel_good_music_places_one_free_patch_only():
    s = position(boards=[BOARDS[3], BOARDS[0], BOARDS[1]])
    s.medicine[0] = [1, 0, 0]
    s.bucks[0] = 3
    s.chest[0] -= 1
    touch(s)
    s.apply("Seat 0 places on feel-good music")
    s.apply("Treat the patient in bed 1")  # Jim Caries: 1 patch, 1 purple
    assert texts(s) == ["Place 1 patch", "Done"]  # no medicine, no paid tiles
    s.apply("Place 1 patch")
    assert s.bucks[0] == 3 and s.current_player == 1


def test_ivy_free_samples_and_otto_overtime():
    s = position(boards=["Ivy Drip", "Otto Claves", BOARDS[0]])
    s.apply("Seat 0 places on free samples")
    s.apply("Take 1 green medicine from the medicine chest")
    assert s.medicine[0] == [0, 1, 0] and s.current_player == 1
    s.apply("Seat 1 places on overtime")
    assert s.bucks[1] == 3 and s.bank == 28


def test_watcher_becomes_the_treating_player_when_the_marker_leaves():
    s = position(boards=[BOARDS[2], BOARDS[0], BOARDS[1]])
    s.beds[0].patient_marker, s.beds[0].watcher = 1, 0
    touch(s)
    s.apply("Seat 0 places on fetch medicine (2 free)")
    s.apply("Done")
    s.apply("Seat 1 places on treat patient (1 free)")
    s.apply("Treat the patient in bed 2")
    assert s.beds[0].patient_marker == 0 and s.beds[0].watcher is None
    _cure(s, 0, 0)
    fill_round(s)
    assert s.prestige[0] == 2  # alone on the patient: full prestige


def test_marina_treating_a_watched_patient_uses_no_skills():
    s = position(boards=[BOARDS[2], BOARDS[0], BOARDS[1]])
    s.skills[0] = ["Intensive care"]
    s.study_markers -= 1
    s.beds[1].patient_marker, s.beds[1].watcher = 1, 0
    given(s, bucks={0: 0})
    s.apply("Seat 0 places on treat patient (1 free)")
    s.apply("Treat the patient in bed 2")  # Al Furry: 2 patch, 1 green
    s.apply("Place 1 patch")
    assert s.current_player == 1  # no extra patch from Intensive care
    assert s.beds[1].tiles == [1, 0, 0, 0]


def test_theo_cannot_steal_management_without_two_skills():
    s = position()
    s.bucks[0] = 3
    s.skills[1] = ["Finance", "Pharmacy", "Management"]
    s.study_markers -= 3
    touch(s)
    s.apply("Seat 0 places on steal a skill")
    assert "Steal Management from Seat 1 for 3 bucks" not in texts(s)
    assert "Steal Finance from Seat 1 for 3 bucks" in texts(s)


def test_kurt_steals_from_a_supply_and_may_skip_the_treatment():
    s = position(boards=[BOARDS[1], BOARDS[0], BOARDS[2]])
    given(s, from_chest={2: [0, 0, 1]})
    s.apply("Seat 0 places on calling in a favor")
    assert texts(s) == ["Take 1 yellow medicine from Seat 2", "Done"]
    s.apply("Take 1 yellow medicine from Seat 2")
    s.apply("Done")  # no treatment
    assert s.medicine[0] == [0, 0, 1] and s.current_player == 1
    assert s.steals == [(0, 2, "yellow")]


def test_cured_patient_without_marker_option():
    for option, stays in (("discharge", False), ("stay", True)):
        s = position(cured_without_marker=option)
        _cure(s, 1, 0)
        s.beds[1].patient_marker = None
        touch(s)
        fill_round(s)
        assert (s.beds[2].patient == "Al Furry") == stays  # bed 2 slid to bed 3
        assert s.prestige == [0, 0, 0]


def test_illegal_actions_leave_the_state_unchanged():
    s = position()
    before = s.clone()
    for text in ("Seat 1 places on study", "Take 1 purple medicine from the medicine chest",
                 "Lose 1 prestige point", "Patient Jim Caries comes into bed 1"):
        with pytest.raises(simlab.IllegalActionError):
            s.apply(text)
        assert s == before


def test_nothing_is_hidden_so_every_seat_sees_every_action_and_event():
    assert_every_seat_sees_everything("hospital_rush", players=3)


@pytest.mark.parametrize("players", [3, 5])
def test_a_placement_event_tells_the_action_text(players):
    game = HospitalRushGame(players=players, night_shift_4=True)
    texts = {space: str(game.places[1, space]) for space in game.space}  # the game's own
    assert texts == {space: f"Seat 1 places on {game.titles[space]}" for space in game.space}
    assert texts == {space: str(A.Place(1, space)) for space in game.space}  # shipped titles
    assert texts["night_shift_1"] == "Seat 1 places on night shift 1"  # a title, not the id
