"""The Bedpans state is put together from one mixin per section of the rulebook
(``rules.BedpansState``'s bases); what ties them together are tables in ``rules`` and
``turn_sequence``.  A method defined in two mixins would silently shadow the other (the
first in the bases wins), and a decision or phase missing from its table would only fail
when play reached it: both are checked here, for every mixin and every entry."""

from __future__ import annotations

import inspect

import pytest

from simlab.core.api import State
from simlab.games.bedpans import rules
from simlab.games.bedpans.fields import StateFields
from simlab.games.bedpans.parts import Decide, Decision, Phase
from simlab.games.bedpans.rules import BedpansGame, BedpansState
from simlab.games.bedpans.turn_sequence import PHASES

MIXINS = [base for base in BedpansState.__bases__ if base is not State]


def test_the_state_is_one_mixin_per_section_over_the_declared_fields():
    assert len(MIXINS) == 10 and all(issubclass(m, StateFields) for m in MIXINS)
    assert {m.__module__.rsplit(".", 1)[1] for m in MIXINS} == {
        "setting_up", "turn_sequence", "rolls", "moves", "exploration", "stuff_markers",
        "door_markers", "neutralizing", "end_of_game", "hidden_information"}


def test_no_method_is_defined_by_two_mixins_or_by_a_mixin_and_the_state():
    owners: dict[str, list[str]] = {}
    for cls in [*MIXINS, BedpansState]:
        for name, _ in inspect.getmembers(cls, inspect.isfunction):
            if name in vars(cls) and not name.startswith("__"):
                owners.setdefault(name, []).append(cls.__name__)
    assert {n: o for n, o in owners.items() if len(o) > 1} == {}


def test_every_decision_has_its_legal_actions_and_every_phase_its_step():
    assert set(rules._LEGAL) == set(Decision)
    assert set(PHASES) == set(Phase) - {Phase.SETUP}  # the state is never settled in set-up
    assert all(type(p) is Phase for p in PHASES)


@pytest.mark.parametrize("decision", [Decision.DECOY, Decision.WINDOW, Decision.EXCHANGE,
                                      Decision.DISCARD, Decision.REENTER])
def test_a_decision_lists_its_legal_actions_from_its_section(decision):
    """Listed from the position (as a view does, with nothing kept from ``_settle``)."""
    s = BedpansGame(players=2).new_initial_state()
    s.hands[1] = ["Hurry Up", "Puddle", "Walker", "Detector"]
    s.phase, s.active = "window1", 1
    if decision is Decision.REENTER:
        s.tokens["red"] = [None, None]
    s.need, s._ready = Decide(1, decision), ()
    listed = s.legal_actions()
    assert listed == rules._LEGAL[decision](s, 1) and listed
    assert {type(a).__name__ for a in listed} <= {
        Decision.DECOY: {"Pass", "PlaceDecoy"}, Decision.WINDOW: {"Pass", "PlayStuff", "PlayDoor"},
        Decision.EXCHANGE: {"Pass", "Exchange"}, Decision.DISCARD: {"Discard"},
        Decision.REENTER: {"Reenter"}}[decision]
