"""Bedpans search players: evaluate, no peeking at Elders, Decoys and hands (the checks every
game shares are in ``tests/games/test_search_players.py``)."""

from __future__ import annotations

import numpy as np

import simlab
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.evaluate import evaluate, needed
from tests.games._search_checks import Poison, check_blind_to_hidden, decide, position

from .test_rules import at_move, red_at
from .test_variations import U, exit_layout

GAME = simlab.load_game("bedpans", players=3)


def test_evaluate_follows_the_rulebook_race():
    state = position(GAME, 3, 30)
    base = evaluate(state)
    state.neutralized = needed(state) - 1  # one neutralization from the Staff's win
    assert evaluate(state)[0] > base[0]
    assert (
        needed(state) == 2
        and needed(
            simlab.load_game(
                "bedpans", players=3, variants=["staff_experience"]
            ).new_initial_state()
        )
        == 3
    )
    near = position(GAME, 3, 30)
    colour = GAME.colours[0]
    elder = near.tokens[colour][near.elder[colour]]
    far = near.clone()
    near.features[elder] = "X"  # an Exit under the red Elder's feet
    assert evaluate(near)[1] > evaluate(far)[1]


def test_resample_hidden_works_on_a_view_mid_game():
    state = position(GAME, 4, 40)
    for seat in range(3):
        view = state.view(seat)
        again = view.resample_hidden(seat, np.random.default_rng(seat))
        assert again.view(seat) == view
        assert all(e in (0, 1) for e in again.elder.values())


def test_the_same_action_whatever_the_hidden_elders_and_hands():
    for seed, decisions in ((6, 30), (10, 30), (10, 60)):
        state, other = check_blind_to_hidden(GAME, seed=seed, decisions=decisions)
        assert state.elder != other.elder  # the hidden facts were redrawn differently


def test_determinizations_never_read_who_is_the_elder():
    state = position(GAME, 6, 30)
    seat = state.current_player
    mine = state.colour_of(seat) if seat > 0 else None
    hidden = [c for c in GAME.colours if c != mine and not state.known[c]]
    assert hidden
    for c in hidden:
        state.elder[c] = Poison()

    def watch(s):
        assert not any(isinstance(e, Poison) for e in s.elder.values())
        return evaluate(s)

    assert state.is_legal(decide(GAME, state, 0, evaluate=watch))


def test_reach_tables_match_the_physical_dice():
    """``evaluate.REACH`` (enumerated) against :func:`movement.roll` (simulated dice)."""
    from simlab.core.stats import wilson_interval
    from simlab.games.bedpans.evaluate import REACH
    from simlab.games.bedpans.movement import roll

    rng = np.random.default_rng(12)
    for mover, table in REACH.items():
        results = roll(mover, "none", 20_000, rng)
        for d in range(2, 8):
            low, high = wilson_interval(int((results >= d).sum()), results.size, 0.999)
            assert low <= table[d] <= high, (mover, d)


def test_caught_needs_the_doctor_or_two_nurses():
    """'A Resident in the same space as 2+ Staffers is neutralized ... Similarly, a
    Resident in the same space as the Doctor' (a lone Nurse never is)."""
    from simlab.games.bedpans.evaluate import REACH, caught

    state = simlab.load_game("bedpans", players=2).new_initial_state()
    space = ("U", 0, 0)
    state.staffers = [None] * 6
    state.staffers[1] = ("U", 2, 2)  # one Nurse 4 moves away
    assert caught(state, space) == 0.0
    state.staffers[2] = ("U", 2, 1)  # a second Nurse 3 moves away: it is the first moved
    nurses = REACH["first_nurse"][3] * REACH["other_nurse"][4]
    assert 0 < nurses < 1 and caught(state, space) == nurses
    state.staffers[0] = ("U", 1, 2)  # and the Doctor 3 moves away
    expected = 1 - (1 - REACH["doctor"][3]) * (1 - nurses)
    assert abs(caught(state, space) - expected) < 1e-12


def _stepped_out(variant, **options):
    """Red's Elder one step from the Exit of ``exit_layout``, then after the step out."""
    before = exit_layout(players=3, variants=(variant,), **options)
    red_at(before, (U, 1, -2), (U, 1, -2))
    at_move(before, 1, "red 1", 2)
    after = before.clone()
    after.apply(A.Step("N"))
    assert after.escaped == [1] and after.outcome is None  # left, the game goes on
    return before, after


def test_an_elder_that_left_by_an_exit_is_valued_as_out_of_reach():
    """Co-op Victory and All or Nothing: an Elder that leaves by an Exit is out of play
    but the game goes on (to the round's end, or until every Elder is out).  The search
    must not read that as the Elder's loss: stepping out raises its value, and with
    Co-op Victory (``elders-won``) the Staff can no longer win (ruling V2)."""
    for variant in ("co_op_victory", "all_or_nothing"):
        before, after = _stepped_out(variant)
        assert evaluate(after)[1] > evaluate(before)[1], variant
    _, after = _stepped_out("co_op_victory")
    assert evaluate(after)[0] == 0.0
    _, after = _stepped_out("co_op_victory", co_op_after_exit="race-on")
    assert evaluate(after)[0] > 0.0  # the Staff's race goes on in the round
    _, after = _stepped_out("all_or_nothing")
    assert evaluate(after)[0] > 0.0  # the others must still get out
