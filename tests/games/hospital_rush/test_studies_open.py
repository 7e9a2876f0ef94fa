"""What the other Hospital Rush study tests do not reach: a patient discarded (Vanessa
Toad's "What a malingerer"), intervals narrow enough but on fewer than 20 games (faint all
the same), short error bars, the boards study tallied and played by its policy, and the
boards figure's y labels."""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import to_hex

import simlab
from simlab.core.play import run
from simlab.games.hospital_rush.rules import HospitalRushGame
from simlab.games.hospital_rush.studies import (
    FATES,
    _boards_plot,
    _patients_plot,
    _unfair_plot,
)
from tests.games._numbers import game_rng, wilson
from tests.games.hospital_rush.test_patients_rows import replayed_fates

FAINT = 0.35


def _row(estimate: float, low: float, high: float, n: int, **keys) -> dict:
    return {**keys, "estimate": estimate, "low": low, "high": high, "n": n}


def test_a_discarded_patient_is_counted_as_discarded():
    # five random seats, study seed 0: Vanessa Toad discards 7 patients (no event names
    # them as they leave)
    result = simlab.run_study("hospital-rush-patients", games=1, seed=0, players=("5",),
                              policies=("random",))
    fates, _, _ = replayed_fates(5, "random", int(game_rng(0, 0).integers(2**63)))
    assert fates["discarded"] == 7
    left = result.games[~result.games.in_bed_at_end.astype(bool)]
    assert Counter(left.fate) == fates
    assert int(left.discarded.astype(bool).sum()) == 7
    share = result.summary[result.summary.quantity == "discarded"].iloc[0]
    assert share.estimate == pytest.approx(7 / len(left)) and share.n == len(left)


def _errorbar_colours(ax) -> list[tuple[str, float]]:
    """(colour, alpha) of each error bar collection, in the order drawn."""
    return [(to_hex(c.get_colors()[0]), c.get_alpha()) for c in ax.collections]


def test_patients_figure_draws_a_narrow_interval_on_19_patients_faint_in_its_fates_colour():
    # 3 players: 19 patients left, none discarded (Wilson 0 to 0.168: narrow, too few);
    # 4 players: 200 patients, every interval narrower than 0.2
    counts = {3: (10, 5, 4, 0), 4: (100, 40, 40, 20)}
    rows = []
    for players, ks in counts.items():
        n = sum(ks)
        for fate, k in zip(FATES, ks, strict=True):
            rows.append(_row(k / n, *wilson(k, n), n, scope="patients who left",
                             players=players, policy="greedy", quantity=fate))
    summary = pd.DataFrame(rows)
    fig = _patients_plot(SimpleNamespace(summary=summary, params={"games": 5}))
    ax = fig.axes[0]
    # every fate: the 4-player interval firm, then the 3-player one faint, both in its colour
    colours = [to_hex(f"C{k}") for k in range(len(FATES))]
    assert _errorbar_colours(ax) == [(c, a) for c in colours for a in (1.0, FAINT)]


def test_unfair_figure_draws_a_place_on_ten_markers_faint_and_short_error_bars():
    places = [_row(0.5, 0.42, 0.58, 150, position=1), _row(0.0, 0.0, 0.15, 10, position=2),
              _row(0.3, 0.23, 0.37, 160, position=3)]
    prestige = [_row(12.0, 11.5, 12.5, 40, policy="greedy"),
                _row(9.0, 8.75, 9.25, 40, policy="random")]
    summary = pd.DataFrame([{**r, "scope": "red markers by place in the round",
                             "quantity": "ratted_out"} for r in places]
                           + [{**r, "scope": "seats by policy", "quantity": "prestige"}
                              for r in prestige])
    fig = _unfair_plot(SimpleNamespace(summary=summary, params={"games": 5, "players": 3}))
    left, right = fig.axes
    faint = [seg[0][0] for c in left.collections if c.get_alpha() == FAINT
             for seg in c.get_segments()]
    assert faint == [2.0]  # the second place only, though its interval is 0.15 wide
    # each error bar reaches its interval's ends, half-widths 0.5 and 0.25
    ends = [(seg[0][1], seg[1][1]) for seg in right.collections[0].get_segments()]
    assert ends == [(11.5, 12.5), (8.75, 9.25)]


@pytest.fixture(scope="module")
def boards():
    return simlab.run_study("hospital-rush-boards", games=6, seed=4, players=3,
                            policy="greedy")


def test_boards_games_are_played_by_the_policy_asked_for(boards):
    for index in range(6):
        seed = int(game_rng(4, index).integers(2**63))
        final = run(HospitalRushGame(players=3), "greedy", seed=seed)
        rows = boards.games[boards.games.game == index].sort_values("seat")
        assert rows.board.tolist() == list(final.boards)
        assert rows.prestige.tolist() == list(final.outcome.scores)
        assert rows.win.tolist() == [s in final.outcome.winners for s in range(3)]
    scores = [run(HospitalRushGame(players=3), "random",
                  seed=int(game_rng(4, i).integers(2**63))).outcome.scores for i in range(6)]
    assert boards.games.sort_values(["game", "seat"]).prestige.tolist() != [
        p for s in scores for p in s]


def test_a_tallied_boards_study_has_the_same_summary(boards):
    tallied = simlab.run_study("hospital-rush-boards", games=6, seed=4, players=3,
                               policy="greedy", tally=True)
    columns = ["board", "quantity", "estimate", "low", "high", "n", "fair_share"]
    plain = boards.summary[columns].reset_index(drop=True)
    pd.testing.assert_frame_equal(tallied.summary[columns].reset_index(drop=True), plain,
                                  check_dtype=False)
    wins = boards.games.groupby("board").win.agg(["sum", "size"])
    got = plain[plain.quantity == "win"].set_index("board")
    assert got.estimate.to_dict() == pytest.approx((wins["sum"] / wins["size"]).to_dict())


def test_boards_figure_draws_a_board_on_19_games_faint_and_turns_only_the_board_names():
    wins = [_row(0.0, *wilson(0, 19), 19, board="Dr. A"),
            _row(0.35, 0.3, 0.4, 300, board="Dr. B")]
    summary = pd.DataFrame([{**r, "quantity": "win"} for r in wins])
    fig = _boards_plot(SimpleNamespace(summary=summary, params={"games": 5, "players": 3}))
    ax = fig.axes[0]
    assert [(seg[0][0], c.get_alpha()) for c in ax.collections if c.get_alpha()
            for seg in c.get_segments()] == [(1.0, 1.0), (0.0, FAINT)]
    fig.canvas.draw()
    assert {(t.get_rotation(), t.get_fontsize()) for t in ax.get_xticklabels()} == {(20, 7)}
    assert {t.get_rotation() for t in ax.get_yticklabels()} == {0}
    assert np.isclose(ax.lines[-1].get_ydata()[0], 1 / 3)
