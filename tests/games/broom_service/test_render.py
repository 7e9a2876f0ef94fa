"""The stepper's chooser groups of Broom Service (:meth:`RealmRenderer.group_of`)."""

from __future__ import annotations

from collections import Counter

import simlab
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.render import RealmRenderer

#: Each action class's group, written out independently of the renderer's table.
EXPECTED = {
    "ChooseRole": "choose role cards",
    "DoneChoosing": "choose role cards",
    "PlayRole": "play a role card",
    "Deliver": "deliver a potion",
    "Gather": "take potions",
    "Charm": "charm away a cloud",
}


def _played(seed: int) -> tuple[simlab.State, list[simlab.Action]]:
    game = simlab.load_game("broom_service", players=3)
    record = simlab.play(game, None, seed=seed)
    state = game.new_initial_state()
    actions = []
    for text in record.actions:
        action = game.parse_action(text)
        actions.append(action)
        state.apply(action)
    return state, actions


def test_every_action_of_a_game_falls_in_its_kind_group():
    state, actions = _played(seed=4)
    renderer = RealmRenderer()
    groups = Counter()
    for action in actions:
        group = renderer.group_of(state, action)
        name = type(action).__name__
        if isinstance(action, A.Move):
            assert group == f"move pawn {action.pawn}"
        else:
            assert group == EXPECTED.get(name, "pass"), name
        groups[group] += 1
    kinds = Counter(EXPECTED.get(type(a).__name__, "pass") for a in actions
                    if not isinstance(a, A.Move))
    assert {g: n for g, n in groups.items() if not g.startswith("move")} == kinds
    assert groups["move pawn 1"] + groups["move pawn 2"] == sum(
        isinstance(a, A.Move) for a in actions)
    assert groups["play a role card"] > 0 and groups["choose role cards"] > 0
