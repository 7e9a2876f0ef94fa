"""Every action class of every game reads back from its text: ``parse(str(a)) == a``.

The actions come from random play (every legal action and chance outcome met on the
way, several player counts and seeds), and, for the classes that random play does not
reach in a few games, from the table below; every class the game's ``actions`` module
exports must be met one way or the other.
"""

from __future__ import annotations

import importlib
import inspect

import numpy as np
import pytest

import simlab
from simlab.core.api import CHANCE, TERMINAL, Action
from simlab.core.play import sample_chance
from simlab.games.bad_doctor import actions as bd
from simlab.games.bedpans import actions as bp
from simlab.games.broom_service import actions as bs
from simlab.games.hospital_rush import actions as hr

#: Actions that a few random games seldom reach, built by hand.
BY_HAND: dict[str, tuple[Action, ...]] = {
    "bad_doctor": (
        bd.ChooseSide("S1", "B"), bd.RemoveMarker("P03", 2), bd.TakeBackMarker("P03", 1),
        bd.NoMarker(), bd.MoveCube("P03", "P07"), bd.AddCube("P07"), bd.RemoveCube("P07"),
        bd.RemoveTile("T17", "P03"), bd.ActivateBonus("Draw 2"), bd.DeclineBonus(),
        bd.DiscardTile("T17"), bd.Pass(),
    ),
    "bedpans": (
        bp.ChooseStart("T03"), bp.Reenter(("U", 2, 1)), bp.PlaceDecoy(("G1", 0, -1)),
        bp.PlayDoor(("U", 2, 1), ("U", 3, 1)), bp.Exchange("Coffee Break", "Laughing Gas"),
        bp.Discard("Coffee Break"), bp.SendStaffer("Nurse 2", ("G2", -1, 0)),
        bp.LeaveStation(("U", 0, 2)), bp.PlayStuff("Laughing Gas", "Nurse 2"),
        bp.PlayStuff("Coffee Break"), bp.TryDoor("W"), bp.DoorResult(True),
        bp.DoorResult(False), bp.GuessCode("312"), bp.RollDice((3, 1, 2)),
        bp.Closer("red 1", ("U", 2, 1)), bp.Step("down"), bp.Stop(), bp.TakeStuff(),
        bp.PlaceStuff(("U", 1, 1)), bp.Explore(("U", 1, 0)), bp.PlaceTile("T05", ("U", 1, 0), 3),
    ),
    "broom_service": (
        bs.Gather("green", 1), bs.Gather("green", 3), bs.Charm("C3", 1), bs.Charm("C3", 2),
        bs.Deliver("orange", "T3", 4), bs.Deliver("orange", "T3", 4, square=True),
        bs.PlayRole(1, "Witch (Forest)", brave=False), bs.DoNothing(), bs.Next(),
    ),
    "hospital_rush": (
        hr.Penalty(0), hr.Penalty(1), hr.Penalty(3), hr.Steal(2, "buck"), hr.Steal(2, "buck", 2),
        hr.Steal(1, "purple", 1, 3), hr.Bribe(3), hr.Bribe(5), hr.TakeBucks(1, "the night shift"),
        hr.TakeBucks(3, "the night shift"), hr.FinalExam(4), hr.StealSkill(1, "Surgery"),
        hr.TakeOver(2), hr.Sell("red"), hr.Watch(3), hr.Chillax(True), hr.Chillax(False),
        hr.Readmit("Jim Caries"), hr.Readmit("Jim Caries", mark=True), hr.Malinger(1),
        hr.EarlyDischarge(2, True), hr.EarlyDischarge(2, False), hr.TellTheBoss(0),
        hr.RatOut(1), hr.PlaceTile("patch"), hr.PlaceTile("red"), hr.Learn("Surgery"),
    ),
}


def met_in_play(name: str, players: int, seed: int, steps: int = 400) -> list[Action]:
    """Every legal action and chance outcome offered along ``steps`` random moves."""
    state = simlab.load_game(name, players=players).new_initial_state()
    rng = np.random.default_rng(seed)
    met: list[Action] = []
    for _ in range(steps):
        if state.current_player == TERMINAL:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            met += [a for a, _ in outcomes]
            action = sample_chance(outcomes, rng)
        else:
            legal = state.legal_actions()
            met += legal
            action = legal[int(rng.integers(len(legal)))]
        state.apply(action)
    return met


def action_classes(name: str) -> set[type]:
    """The action classes the game's actions module exports."""
    module = importlib.import_module(f"simlab.games.{name}.actions")
    return {obj for obj in vars(module).values()
            if inspect.isclass(obj) and issubclass(obj, Action)
            and obj.__module__ == module.__name__ and obj.__name__ in module.__all__}


@pytest.mark.parametrize("name", sorted(BY_HAND))
def test_every_action_class_reads_back_from_its_text(name):
    game = simlab.load_game(name)
    met = list(BY_HAND[name])
    for seed, players in enumerate(range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1)):
        met += met_in_play(name, players, seed)
    for action in dict.fromkeys(met):
        text = str(action)
        back = game.parse_action(text)
        assert back == action, text
        assert str(back) == text
    assert action_classes(name) - {type(a) for a in met} == set()
