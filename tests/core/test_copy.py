"""The generic copy behind State.clone: independent copies, immutable values shared."""

from __future__ import annotations

import copy
import enum
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import simlab
from simlab.core.api import plain_copy
from simlab.core.play import sample_chance

MUTABLE = (list, dict, set)


def is_record(value) -> bool:
    """A mutable record: an object with fields that is not a frozen dataclass, a named tuple
    (its items are walked as a tuple's), an enum member (a constant, like a phase) nor a
    Game."""
    params = getattr(type(value), "__dataclass_params__", None)
    if (params is not None and params.frozen) or isinstance(
            value, simlab.Game | enum.Enum | tuple):
        return False
    return type(value).__module__ != "builtins" and (
        hasattr(value, "__dict__") or hasattr(type(value), "__slots__"))


def mutable_ids(value, seen=None) -> set[int]:
    """Ids of every mutable container or record reachable from ``value``."""
    seen = set() if seen is None else seen
    if isinstance(value, MUTABLE) or is_record(value):
        if id(value) in seen:
            return seen
        seen.add(id(value))
    if isinstance(value, dict):
        for v in value.values():
            mutable_ids(v, seen)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            mutable_ids(v, seen)
    elif is_record(value):
        for name in getattr(type(value), "__slots__", ()) or vars(value):
            mutable_ids(getattr(value, name, None), seen)
    return seen


leaves = st.one_of(st.integers(-5, 5), st.text(max_size=2), st.none(), st.booleans())
plain = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.integers(0, 5), inner, max_size=4),
        st.frozensets(st.integers(0, 5), max_size=3),
    ),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None)
@given(plain)
def test_plain_copy_is_equal_and_shares_no_mutable_container(value):
    before = copy.deepcopy(value)
    other = plain_copy(value)
    assert other == value
    assert not mutable_ids(other) & mutable_ids(value)
    assert value == before


def test_tuples_holding_nothing_mutable_are_shared_at_any_depth():
    link = (("U", "0", "1"), ("U", "0", "2"))
    data = {(0, 1): link, (0, 2): (("U", "1", "1"), None)}
    other = plain_copy(data)
    assert other == data and other is not data
    assert other[(0, 1)] is link
    steals = [(1, 2, 3), (0, 1, 2)]
    assert plain_copy(steals)[0] is steals[0] and plain_copy(steals) is not steals


def test_tuples_holding_a_list_are_copied_with_it():
    data = {"a": ((1, [2]), "x"), "b": (1, 2)}
    other = plain_copy(data)
    other["a"][0][1].append(3)
    assert data == {"a": ((1, [2]), "x"), "b": (1, 2)}
    assert other["b"] is data["b"]


@dataclass(slots=True)
class Record:
    name: str
    spaces: dict[int, tuple[str, str]] = field(default_factory=dict)
    cubes: list[int] = field(default_factory=list)


def test_slotted_records_copy_field_by_field_even_with_a_slot_unset():
    rec = Record("P07", {1: ("red", "P07")}, [1])
    other = plain_copy(rec)
    other.cubes.append(2)
    other.spaces[2] = ("blue", "T1")
    assert rec == Record("P07", {1: ("red", "P07")}, [1])
    assert other == Record("P07", {1: ("red", "P07"), 2: ("blue", "T1")}, [1, 2])
    half = object.__new__(Record)
    half.name = "S1"
    copied = plain_copy(half)
    assert copied.name == "S1" and not hasattr(copied, "cubes")


@pytest.mark.parametrize("name", ["bedpans", "bad_doctor", "broom_service", "hospital_rush"])
def test_a_mid_game_clone_shares_nothing_mutable_and_plays_on_alone(name):
    game = simlab.load_game(name, players=4)
    record = simlab.play(game, None, seed=2)
    state = game.new_initial_state()
    for text in record.actions[: len(record.actions) // 2]:
        state.apply(text, check=False)
    before = copy.deepcopy(state)
    other = state.clone()
    assert other == state
    mine = {k: mutable_ids(v) for k, v in vars(state).items() if k != "game"}
    theirs = {k: mutable_ids(v) for k, v in vars(other).items() if k != "game"}
    assert all(not (mine[k] & theirs[k]) for k in mine), "a clone shares a mutable value"
    rng = np.random.default_rng(0)
    for _ in range(200):  # play the clone on; the original must not move
        if other.is_terminal:
            break
        if other.is_chance:
            other.apply(sample_chance(other.chance_outcomes(), rng), check=False)
        else:
            legal = other.legal_actions()
            other.apply(legal[int(rng.integers(len(legal)))], check=False)
    assert state == before


class Departure(NamedTuple):
    patient: str
    left: int


class Holder(NamedTuple):
    name: str
    seen: list[int]


def test_named_tuples_are_shared_unless_they_hold_something_mutable():
    gone = [Departure("P07", 3), Departure("S1", 4)]
    other = plain_copy(gone)
    assert other == gone and other is not gone and other[0] is gone[0]
    held = Holder("a", [1])
    copied = plain_copy(held)
    copied.seen.append(2)
    assert held == Holder("a", [1]) and type(copied) is Holder and copied.seen == [1, 2]
