"""Tests of simlab.core.study.seeding: chunks, chunk seeds and per-game generators."""

from __future__ import annotations

import functools
import pickle

import numpy as np
import pandas as pd
import pytest

from simlab.core.errors import ConfigError
from simlab.core.study.seeding import chunk_seed, chunks, per_game


def roll(params, rng, game):
    return {"pips": int(rng.integers(1, 7)), "u": float(rng.random())}


def three(params, rng, game):
    return 3


def seats(params, rng, game):
    return [{"seat": s, "u": float(rng.random())} for s in range(game % 3)]


def _game_rng(entropy: int, game: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(entropy, spawn_key=(game,)))


@pytest.mark.parametrize(("games", "size", "want"), [
    (10, 4, [(0, 0, 4), (1, 4, 4), (2, 8, 2)]),
    (8, 4, [(0, 0, 4), (1, 4, 4)]),
    (3, 5, [(0, 0, 3)]),
    (1, 1, [(0, 0, 1)]),
    (0, 3, []),
])
def test_chunks_cover_the_games_in_order(games, size, want):
    assert chunks(games, size) == want


def test_chunk_k_is_the_kth_child_of_the_root_seed():
    children = np.random.SeedSequence(99).spawn(5)
    for k in range(5):
        seed = chunk_seed(99, k)
        assert seed.entropy == 99 and seed.spawn_key == (k,)
        assert (seed.generate_state(4) == children[k].generate_state(4)).all()


def test_a_games_generator_depends_on_its_index_only():
    run = per_game(roll)
    whole = run({}, np.random.SeedSequence(5, spawn_key=(0,)), 0, 9)
    for g in range(9):
        rng = _game_rng(5, g)
        assert whole.iloc[g].to_dict() == {"game": g, "pips": int(rng.integers(1, 7)),
                                           "u": float(rng.random())}
    part = run({}, np.random.SeedSequence(5, spawn_key=(3,)), 4, 5)  # another chunk's seed
    pd.testing.assert_frame_equal(part, whole.iloc[4:].reset_index(drop=True))


def test_rows_of_a_list_carry_their_games_index_first():
    frame = per_game(seats)({}, np.random.SeedSequence(2), 2, 4)  # games 2..5: 2, 0, 1, 2 rows
    assert list(frame.columns) == ["game", "seat", "u"]
    assert frame["game"].tolist() == [2, 2, 4, 5, 5]
    assert frame["seat"].tolist() == [0, 1, 0, 0, 1]
    assert frame["game"].dtype == np.int64
    for game, rows in ((2, slice(0, 2)), (5, slice(3, 5))):
        rng = _game_rng(2, game)
        assert frame["u"].tolist()[rows] == [rng.random(), rng.random()]


def test_params_reach_the_game():
    run = per_game(lambda params, rng, game: {"p": params["p"], "g": game})
    frame = run({"p": 7}, np.random.SeedSequence(0), 3, 2)
    assert frame.to_dict("list") == {"game": [3, 4], "p": [7, 7], "g": [3, 4]}


def test_no_rows_is_an_empty_game_column():
    frame = per_game(seats)({}, np.random.SeedSequence(2), 0, 1)  # game 0: no seats
    assert list(frame.columns) == ["game"] and len(frame) == 0
    assert frame["game"].dtype == np.int64


def test_a_game_column_of_its_own_is_refused():
    with pytest.raises(ConfigError) as excinfo:
        per_game(lambda p, r, g: {"game": g})({}, np.random.SeedSequence(0), 0, 1)
    assert str(excinfo.value) == "per_game rows must not have a 'game' column: the runner adds it"


def test_anything_but_a_dict_or_a_list_is_refused():
    with pytest.raises(ConfigError) as excinfo:
        per_game(three)({}, np.random.SeedSequence(0), 0, 1)
    assert str(excinfo.value) == "per_game('three') must return a dict or a list of dicts, not 3"


def test_a_per_game_run_chunk_is_named_compared_and_pickled_by_its_function():
    run = per_game(roll)
    assert repr(run) == "per_game('roll')"
    assert run == per_game(roll) and hash(run) == hash(per_game(roll))
    assert run != per_game(seats) and run != roll
    assert pickle.loads(pickle.dumps(run)) == run
    assert repr(per_game(print)) == "per_game('print')"
    partial = functools.partial(roll)  # no __qualname__: its repr
    assert repr(per_game(partial)) == f"per_game({partial!r})"
