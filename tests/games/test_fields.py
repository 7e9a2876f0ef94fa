"""The mixins' field declarations (``fields.py``) match what a state really holds.

Each game whose rules are split into mixins declares, for the type checker, the
attributes and helpers of its state that the mixins use (``StateFields``, under
``TYPE_CHECKING``, so nothing of it exists at run time).  A declaration that the
state never sets (a renamed or removed field), or a helper the state class does not
define, is a slip that mypy cannot see: this test reads the declarations from the
source and compares them with the attributes of states along a random game and with
the methods of the state class.
"""

from __future__ import annotations

import ast
import importlib
import inspect

import pytest

import simlab
from simlab.core import api

GAMES = ["bedpans", "bad_doctor", "hospital_rush"]


def declared(game: str) -> tuple[set[str], set[str]]:
    """Fields and helpers declared in ``StateFields`` of ``simlab.games.<game>.fields``."""
    module = importlib.import_module(f"simlab.games.{game}.fields")
    tree = ast.parse(inspect.getsource(module))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "StateFields")
    fields, helpers = set(), set()
    for node in ast.walk(cls):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            fields.add(node.target.id)
        elif isinstance(node, ast.FunctionDef):
            helpers.add(node.name)
    return fields, helpers


def held_attributes(game: str, seed: int = 3) -> set[str]:
    """Every attribute a state holds at some point of a random game."""
    g = simlab.load_game(game, players=3)
    seen: set[str] = set()

    def tick(state, actor, action, events):
        seen.update(vars(state))

    final = simlab.run(g, "random", seed=seed, on_action=tick)
    seen.update(vars(final))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_every_declared_field_is_set_and_every_declared_helper_defined(game):
    fields, helpers = declared(game)
    assert fields and helpers, "StateFields declares what the mixins use"
    state_class = type(simlab.load_game(game, players=3).new_initial_state())
    # "game" is set by State.__init__; every other field by the game's own state
    assert sorted(fields - held_attributes(game)) == [], "declared but never set"
    missing = [h for h in helpers  # a method, or a property (declared as a def)
               if not isinstance(getattr(state_class, h, None), (property, type(len)))
               and not inspect.isfunction(getattr(state_class, h, None))]
    assert missing == [], "declared helpers the state class does not define"


def declared_facts(game: str) -> set[str]:
    """The facts ``simlab.games.<game>.fields.GameFacts`` declares, with those it extends."""
    facts = importlib.import_module(f"simlab.games.{game}.fields").GameFacts
    assert api.GameFacts in facts.__mro__, "a game's facts extend the core's"
    return {name for cls in facts.__mro__ for name in vars(cls).get("__annotations__", {})}


@pytest.mark.parametrize("game", GAMES)
def test_the_game_holds_every_fact_its_mixins_read(game):
    facts = declared_facts(game)
    assert {"players", "options"} <= facts  # from simlab.core.api.GameFacts
    held = simlab.load_game(game, players=3)
    assert sorted(f for f in facts if not hasattr(held, f)) == [], "declared but not held"
