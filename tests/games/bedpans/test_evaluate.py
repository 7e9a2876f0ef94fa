"""Bedpans ``evaluate``: the escape against the chase, recomputed from its stated formula.

The weights are written out here from the module's text (an Elder: ``exp(-d / 4)`` for
``d`` moves to a way out, at most 30, times its chance not to be caught in the Staff's
next turn; the Staff: ``0.3 + 2 * progress``), the dice chances by enumerating the 27
rolls of three 3-sided dice with fractions, and checked against ``evaluate`` on
hand-built and played positions.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import pytest

import simlab
from simlab.games.bedpans.evaluate import (
    ESCAPE_SCALE,
    EXPLORE,
    OFF_LAYOUT,
    REACH,
    caught,
    evaluate,
    needed,
    settings,
    staff_settings,
)
from simlab.games.bedpans.routes import FAR, distance_field, escape_goals
from tests.games._search_checks import position

GAME = simlab.load_game("bedpans", players=3)


def _at_least(results: list[int]) -> list[Fraction]:
    return [Fraction(sum(r >= d for r in results), len(results)) for d in range(10)]


ROLLS = list(product((1, 2, 3), repeat=3))
#: The movement results: the Doctor red + lower white; the first Nurse the 2 highest, the
#: other the 2 lowest of the three dice.
BY_HAND = {
    "doctor": _at_least([r + min(w1, w2) for r, w1, w2 in ROLLS]),
    "first_nurse": _at_least([sorted(d)[1] + sorted(d)[2] for d in ROLLS]),
    "other_nurse": _at_least([sorted(d)[0] + sorted(d)[1] for d in ROLLS]),
}


def _reach(kind: str, d: int) -> float:
    return float(BY_HAND[kind][d]) if d < 10 else 0.0


def _caught(state, space) -> float:
    if all(s is None for s in state.staffers):
        return 0.0
    field = distance_field(state, [space])
    doctor, nurses = state.staffers[0], state.staffers[1:]
    p_doctor = 0.0 if doctor is None else _reach("doctor", field.get(doctor, FAR))
    near = sorted(field.get(n, FAR) for n in nurses if n is not None)
    p_nurses = _reach("first_nurse", near[0]) * _reach("other_nurse", near[1]) if len(
        near) > 1 else 0.0
    return 1 - (1 - p_doctor) * (1 - p_nurses)


def _weights(state) -> list[float]:
    game = state.game
    field = distance_field(state, escape_goals(state))
    extra = 0 if "X" in state.features.values() else 8
    weights = [0.0]
    for i, colour in enumerate(game.colours, 1):
        if i in state.escaped:
            weights.append(1.0)
        elif colour in state.out:
            weights.append(0.0)
        else:
            which = state.elder[colour]
            spots = state.tokens[colour] if which not in (0, 1) else [state.tokens[colour][which]]
            weights.append(max(
                math.exp(-30 / 4) if pos is None
                else math.exp(-min(field.get(pos, FAR) + extra, 30) / 4) * (1 - _caught(state, pos))
                for pos in spots))
    if game.options["no_recovery"]:
        need = len(game.colours)
    else:
        need = game.players - (0 if game.options["staff_experience"] else 1)
    weights[0] = 0.0 if state._elders_have_won() else 0.3 + 2 * min(state.neutralized / need, 1)
    return weights


def _by_hand(state) -> list[float]:
    weights = _weights(state)
    return [w / sum(weights) for w in weights]


def test_the_constants_are_the_stated_ones():
    assert (EXPLORE, ESCAPE_SCALE, OFF_LAYOUT) == (8, 4.0, 30)


@pytest.mark.parametrize("kind", ["doctor", "first_nurse", "other_nurse"])
def test_reach_tables_are_the_enumerated_dice_chances(kind):
    assert len(REACH[kind]) == 10
    assert REACH[kind] == [float(p) for p in BY_HAND[kind]]


def test_reach_tables_by_hand_at_a_few_distances():
    # Doctor: red + lower white >= 3 in 9 + 9 + 4 = 22 of 27 rolls, >= 4 in 9 + 4 + 1 = 14;
    # first Nurse (2 highest) >= 5 unless all dice <= 2 (8 rolls) or one 3 and two 1s (3):
    # 16, >= 6 with two 3s or more: 7; other Nurse (2 lowest) >= 4 with every die >= 2 (8)
    # or one 1 and two 3s (3): 11, >= 6 only on three 3s: 1
    assert REACH["doctor"][4] == 14 / 27 and REACH["doctor"][3] == 22 / 27
    assert REACH["first_nurse"][5] == 16 / 27 and REACH["first_nurse"][6] == 7 / 27
    assert REACH["other_nurse"][4] == 11 / 27 and REACH["other_nurse"][6] == 1 / 27
    assert REACH["doctor"][7] == 0.0 and REACH["other_nurse"][2] == 1.0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_needed_neutralizations_by_players_and_variation(players):
    def need(*variants):
        game = simlab.load_game("bedpans", players=players, variants=list(variants))
        return needed(game.new_initial_state())

    elders = len(simlab.load_game("bedpans", players=players).colours)
    assert need() == players - 1
    assert need("staff_experience") == players
    assert need("no_recovery") == need("no_recovery", "staff_experience") == elders


def test_caught_by_hand_on_an_empty_start_tile():
    state = simlab.load_game("bedpans", players=2).new_initial_state()
    space = ("U", 0, 0)
    state.staffers = [None] * 6
    assert caught(state, space) == 0.0
    state.staffers[3] = ("U", 0, 1)  # one Nurse next door: never alone
    assert caught(state, space) == 0.0
    state.staffers[0] = ("U", 1, 1)  # the Doctor 2 moves away: always
    assert caught(state, space) == 1.0
    state.staffers[0] = None
    state.staffers[5] = ("U", 2, 2)  # a second Nurse, 4 moves: the nearer Nurse moves first
    assert caught(state, space) == pytest.approx(
        float(BY_HAND["first_nurse"][1] * BY_HAND["other_nurse"][4]), abs=1e-15)
    assert caught(state, space) == _caught(state, space)


@pytest.mark.parametrize(("seed", "decisions", "variants"), [
    (0, 0, ()), (1, 25, ()), (2, 60, ()), (3, 40, ("staff_experience",)),
    (4, 40, ("no_recovery",)), (5, 80, ()), (6, 120, ()),
])
def test_evaluate_is_the_stated_formula_on_played_positions(seed, decisions, variants):
    game = simlab.load_game("bedpans", players=3, variants=list(variants))
    state = position(game, seed, decisions)
    assert evaluate(state) == pytest.approx(_by_hand(state), rel=1e-12, abs=1e-15)
    for seat in range(3):
        view = state.view(seat)  # Elders and their Decoys unknown: the better token counts
        assert evaluate(view) == pytest.approx(_by_hand(view), rel=1e-12, abs=1e-15)


def test_the_staffs_weight_grows_with_its_neutralizations_up_to_its_goal():
    state = position(GAME, 2, 30)
    weights = []
    for done in range(4):
        state.neutralized = done
        values = evaluate(state)
        weights.append(values[0] / (1 - values[0]) * sum(_weights(state)[1:]))
    # 0.3 + 2 * done / 2, capped at 2 neutralizations (3 players: 2 needed)
    assert weights == pytest.approx([0.3, 1.3, 2.3, 2.3], rel=1e-12)


def test_an_elder_off_the_layout_weighs_as_thirty_moves_from_a_way_out():
    state = position(GAME, 1, 25)
    colour = GAME.colours[0]
    state.tokens[colour] = [None, None]
    state.elder[colour] = 0
    assert _weights(state)[1] == math.exp(-30 / 4)
    assert evaluate(state) == pytest.approx(_by_hand(state), rel=1e-12)


@pytest.mark.parametrize("out", [0, 1])
def test_an_elder_out_of_the_game_weighs_nothing(out):
    state = position(GAME, 1, 25)
    state.out.append(GAME.colours[out])
    values, weights = evaluate(state), _weights(state)
    assert values[1 + out] == 0.0 and weights[2 - out] > 0  # the other Elder still counts
    assert values == pytest.approx(_by_hand(state), rel=1e-12)


def test_a_known_exit_drops_the_exploring_moves():
    state = position(GAME, 3, 30)
    assert "X" not in state.features.values()
    colour = GAME.colours[0]
    elder = state.tokens[colour][state.elder[colour]]
    before = _weights(state)[1]
    state.features[elder] = "X"  # an Exit under the Elder's feet: 0 moves, not 0 + 8
    assert _weights(state)[1] == pytest.approx(1 - _caught(state, elder), rel=1e-12)
    assert before <= math.exp(-8 / 4)
    assert evaluate(state) == pytest.approx(_by_hand(state), rel=1e-12)


def test_settings_the_elders_and_the_staffs():
    s = settings()
    assert (s.iterations, s.exploration, s.depth, s.rollout, s.evaluate, s.rollout_views) == (
        12, 0.1, 12, "heuristic", evaluate, False)
    assert s.seats is staff_settings
    staff = staff_settings(0, s)
    assert (staff.depth, staff.iterations, staff.exploration) == (50, 12, 0.1)
    assert staff.candidates.weigh == frozenset({"choose"}) and staff.candidates.steps == 1
    assert staff.candidates.stuff is False
    assert all(staff_settings(seat, s) is s for seat in (1, 2, 3))


def test_at_least_counts_the_rolls_reaching_each_distance():
    from simlab.games.bedpans.evaluate import _at_least

    assert _at_least([1, 2, 2, 3]) == [1.0, 1.0, 0.75, 0.25] + [0.0] * 6
    assert _at_least([9]) == [1.0] * 10


def test_reach_beyond_the_table_is_nil():
    from simlab.games.bedpans.evaluate import _reach

    assert _reach("doctor", 9) == REACH["doctor"][9] == 0.0
    assert _reach("other_nurse", 2) == 1.0 and _reach("first_nurse", 10) == 0.0
    assert _reach("doctor", 3) == 22 / 27


@pytest.mark.parametrize(("variant", "options", "staff"), [
    ("co_op_victory", {}, 0.0),                                  # elders-won: the Staff is out
    ("co_op_victory", {"co_op_after_exit": "race-on"}, None),
    ("all_or_nothing", {}, None),
])
def test_an_elder_out_by_an_exit_weighs_one(variant, options, staff):
    from .test_search import _stepped_out

    _, after = _stepped_out(variant, **options)
    weights = _weights(after)
    assert weights[1] == 1.0 and (staff is None or weights[0] == staff)
    assert evaluate(after) == pytest.approx(_by_hand(after), rel=1e-12, abs=1e-15)


NOWHERE = ("U", 99, 99)  # a space on no tile: no move reaches it, none leaves it


def test_staffers_that_cannot_reach_the_space_never_catch():
    state = simlab.load_game("bedpans", players=2).new_initial_state()
    state.staffers = [NOWHERE, ("U", 0, 1), ("U", 1, 1), None, None, None]
    nurses = float(BY_HAND["first_nurse"][1] * BY_HAND["other_nurse"][2])
    assert caught(state, ("U", 0, 0)) == pytest.approx(nurses, abs=1e-15)
    state.staffers[1] = None
    assert caught(state, ("U", 0, 0)) == 0.0
    state.staffers[1:3] = [NOWHERE, ("U", 0, 1)]  # a Nurse that cannot come: one is no pair
    assert caught(state, ("U", 0, 0)) == 0.0


def test_an_elder_no_way_out_reaches_weighs_as_thirty_moves_away():
    state = position(GAME, 3, 30)
    colour = GAME.colours[0]
    state.tokens[colour] = [NOWHERE, NOWHERE]
    assert _weights(state)[1] == math.exp(-30 / 4)
    assert evaluate(state) == pytest.approx(_by_hand(state), rel=1e-12)


def test_a_known_elder_is_weighed_on_its_own_token_not_its_decoys():
    state = position(GAME, 3, 30)
    colour = GAME.colours[0]
    decoy, elder = state.tokens[colour]
    assert decoy != elder
    state.elder[colour] = 1
    state.features[decoy] = "X"  # an Exit under the Decoy: it would weigh far more
    field = distance_field(state, escape_goals(state))
    assert evaluate(state) == pytest.approx(_by_hand(state), rel=1e-12)
    assert _weights(state)[1] == pytest.approx(
        math.exp(-min(field[elder], 30) / 4) * (1 - _caught(state, elder)), rel=1e-12)
    assert _weights(state)[1] < 1 - _caught(state, decoy)


def test_two_players_one_neutralization_is_the_staffs_whole_goal():
    game = simlab.load_game("bedpans", players=2)
    state = position(game, 2, 20)
    assert needed(state) == 1
    state.neutralized = 1
    values = evaluate(state)
    assert values[0] / (1 - values[0]) * sum(_weights(state)[1:]) == pytest.approx(2.3)
