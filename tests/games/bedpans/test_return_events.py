"""The log tells where a neutralization sends its Staffers.

Rulebook, "Special - Neutralizing": "After your Elder is neutralized, move a nurse Staffer
involved in the neutralization to the nearest nurse's station. If the Doctor was involved,
move the Doctor to the nearest doctor's station."  The state did so, but the log said only
"Nurse 2 moves to U 3,-5", so the stepper's table and its log disagreed.
"""

from __future__ import annotations

import re

import simlab
from simlab.core.play import make_policies, run
from simlab.games.bedpans.board import space_text
from simlab.games.bedpans.components import STAFFERS

RETURN = re.compile(r"(Doctor|Nurse \d) goes to the nearest (doctor|nurse)'s station, (.+)$")


def _returns(players: int, seed: int) -> list[tuple[str, str, str, str]]:
    """(staffer, station kind, space told, space in the state) for every return told."""
    game = simlab.load_game("bedpans", players=players)
    told: list[tuple[str, str, str, str]] = []

    def on_action(state, actor, action, events) -> None:
        for event in events:
            m = RETURN.match(event.text)
            if m:
                space = state.staffers[STAFFERS.index(m.group(1))]
                letter = state.features.get(space) if space else None
                told.append((m.group(1), m.group(2), m.group(3),
                             f"{space_text(space)} {letter}" if space else "off"))

    run(game, make_policies(game, "heuristic"), seed, on_action=on_action)
    return told


def test_the_stepper_game_tells_nurse_2_goes_back_to_a_station() -> None:
    # The default stepper game (4 players, seed 7, heuristic seats) ends with Nurse 2
    # joining Nurse 4 on U 3,-5: two Elders are neutralized, and Nurse 2 goes back.
    assert _returns(4, 7)[-1] == ("Nurse 2", "nurse", "G1 2,2", "G1 2,2 N")


def test_every_return_told_is_where_the_staffer_stands_on_a_station_of_its_kind() -> None:
    told = [r for seed in range(6) for r in _returns(3, seed)]
    assert told, "no neutralization sent a Staffer back in these games"
    for staffer, kind, space, state_space in told:
        assert state_space == f"{space} {'D' if kind == 'doctor' else 'N'}", staffer
        assert (kind == "doctor") == (staffer == "Doctor")


def test_an_elder_neutralized_as_it_re_enters_sends_the_doctor_back_and_says_so() -> None:
    """An Elder re-entering on a bed the Doctor stands on is neutralized at once: both its
    tokens were off the layout before and are again after, yet the Doctor goes back to its
    station and the log tells it (``_apply`` looks for removals after such an action)."""
    from simlab.games.bedpans import actions as A
    from simlab.games.bedpans.rules import BedpansGame

    s = BedpansGame(players=3).new_initial_state()
    s._put_tile(("U", 1, 0), "T04", 0)  # a doctor's station at U 4,2
    bed = s.beds("red")[0]
    s.draws, s.tokens["red"], s.staffers[0] = [], [None, None], bed
    s.active, s.phase = 1, "start"
    s._settle()
    assert A.Reenter(bed) in s.legal_actions()
    texts = [e.text for e in s.apply(A.Reenter(bed))]
    assert s.neutralized == 1 and s.tokens["red"] == [None, None]
    assert s.staffers[0] == ("U", 4, 2)
    assert "Doctor goes to the nearest doctor's station, U 4,2" in texts
