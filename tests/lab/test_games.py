"""play_games: one row per game, the same whatever the batches, processes or executor."""

from __future__ import annotations

import concurrent.futures as cf

import numpy as np
import pytest

import simlab
from simlab.core.errors import ConfigError
from simlab.lab.games import game_seed, play_games


def test_rows_depend_on_seed_and_index_only():
    whole = play_games("bedpans", players=3, policies="heuristic", games=8, seed=5)
    later = play_games("bedpans", players=3, policies="heuristic", games=3, first_game=5,
                       seed=5, jobs=2)
    with cf.ThreadPoolExecutor(2) as pool:
        threaded = play_games("bedpans", players=3, policies="heuristic", games=8, seed=5,
                              executor=pool)
    assert later.equals(whole.iloc[5:].reset_index(drop=True))
    assert threaded.equals(whole)
    assert list(whole.game_index) == list(range(8))


def test_a_row_replays_with_simlab_play():
    rows = play_games("hospital_rush", players=3, policies=["greedy", "honest", "greedy"],
                      games=3, seed=9)
    game = simlab.load_game("hospital_rush", players=3)
    for row in rows.itertuples():
        assert row.game_seed == game_seed(9, row.game_index)
        record = simlab.play(game, ["greedy", "honest", "greedy"], seed=row.game_seed)
        winners = record.outcome.winners
        wins = [row.win_0, row.win_1, row.win_2]
        assert wins == [1 / len(winners) if s in winners else 0.0 for s in range(3)]


def test_columns_of_a_game_with_sides():
    rows = play_games("bedpans", players=3, policies="heuristic", games=6, seed=1)
    elders = (rows.win_1 + rows.win_2 > 0).astype(float)
    assert rows.side_win.tolist() == elders.tolist()
    assert (rows.rounds >= 1).all() and (rows.turns >= rows.rounds).all()
    assert rows.guard_ended.dtype == bool
    assert np.isfinite(rows.lead_changes).all()


def test_options_change_the_games_but_not_the_seeds():
    short = play_games("bedpans", players=2, policies="heuristic", games=4, seed=2,
                       options={"round_limit": 1})
    assert short.guard_ended.sum() >= 1 and (short.rounds <= 1).all()
    base = play_games("bedpans", players=2, policies="heuristic", games=4, seed=2)
    assert short.game_seed.tolist() == base.game_seed.tolist()


@pytest.mark.parametrize("kwargs, text", [
    ({"policies": ["clever"]}, "no policy 'clever'"),
    ({"options": {"no_such": 1}}, "no option 'no_such'"),
    ({"players": 9}, "takes 2 to 5 players"),
    ({"games": 0}, "games"),
    ({"policies": ["random", "random"], "players": 3}, "needs 1 or 3 policies"),
])
def test_bad_input_before_any_game(kwargs, text):
    kwargs = {"games": 2, **kwargs}
    with pytest.raises(ConfigError, match=text):
        play_games("bedpans", **kwargs)
