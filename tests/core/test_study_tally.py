"""Tallies (simlab.core.study.tally): rows folded into counts give the same summary.

Checked against independent counts (collections.Counter over the rows), against the
per-game summary of the same games, across ``jobs``, and on the four registered
studies that declare ``tally``.  Memory is flat because the games table of a tally
is bounded by the groups, quantities and values, not by the number of games.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd
import pytest

import simlab
from simlab.cli import main
from simlab.core.errors import ConfigError
from simlab.core.study import (
    Param,
    Study,
    is_tally,
    per_game,
    run_study,
    stack_summaries,
    summarize_games,
    tally_rows,
    tally_values,
)


def _dice_game(params, rng, game):
    sides = params["sides"]
    return [{"seat": s, "six": bool(rng.integers(1, sides + 1) == sides),
             "pips": int(rng.integers(1, sides + 1)),
             "maybe": float("nan") if rng.random() < 0.2 else float(rng.integers(0, 3))}
            for s in range(2)]


def _dice_summary(games, params):
    return summarize_games(games, by=["seat"], proportions=["six"], means=["pips", "maybe"])


DICE = Study(name="tally-dice", title="Dice", params=(Param("sides", 6, int),),
             run_chunk=per_game(_dice_game), summarize=_dice_summary, chunk_size=50,
             tally=("seat",))


def _rows(n=300, seed=4):
    rng = np.random.default_rng(seed)
    return pd.DataFrame({
        "game": np.repeat(np.arange(n), 2),
        "players": np.repeat(rng.integers(2, 4, n), 2),
        "seat": np.tile([0, 1], n),
        "win": rng.random(2 * n) < 0.4,
        "vp": rng.integers(0, 30, 2 * n),
        "exit": np.where(rng.random(2 * n) < 0.3, np.nan, rng.integers(1, 9, 2 * n)),
    })


def test_tally_counts_every_value_of_every_quantity_by_its_keys():
    rows = _rows()
    table = tally_rows(rows, ["players", "seat"])
    assert list(table.columns) == ["players", "seat", "quantity", "value", "count"]
    assert set(table.quantity) == {"win", "vp", "exit"}  # "game" is never a quantity
    for quantity in ("win", "vp", "exit"):
        expected = Counter(
            (int(p), int(s), "nan" if pd.isna(v) else float(v))
            for p, s, v in zip(rows.players, rows.seat, rows[quantity], strict=True))
        part = table[table.quantity == quantity]
        got = {(int(p), int(s), "nan" if pd.isna(v) else float(v)): int(c)
               for p, s, v, c in zip(part.players, part.seat, part.value, part["count"],
                                     strict=True)}
        assert got == dict(expected)
    # every quantity's counts add up to the rows
    assert (table.groupby("quantity")["count"].sum() == len(rows)).all()


@pytest.mark.parametrize("by", [["players", "seat"], ["seat"], []])
def test_summary_of_a_tally_is_the_summary_of_its_rows(by):
    rows = _rows()
    a = summarize_games(rows, by=by, proportions=["win"], means=["vp", "exit"])
    b = summarize_games(tally_rows(rows, ["players", "seat"]), by=by, proportions=["win"],
                        means=["vp", "exit"])
    assert list(a.columns) == list(b.columns)
    keys = [*by, "quantity", "kind"]
    assert a[keys].equals(b[keys])
    assert (a.n.to_numpy() == b.n.to_numpy()).all()  # NaN values are left out alike
    win = a.quantity == "win"
    assert (a[win].estimate.to_numpy() == b[win].estimate.to_numpy()).all()
    for column in ("estimate", "low", "high"):
        np.testing.assert_allclose(a[column], b[column], rtol=1e-12)


def test_a_planted_miscount_changes_the_summary():
    """The equality above can fail: one count off moves a win rate."""
    rows = _rows()
    table = tally_rows(rows, ["seat"])
    wins = table.index[(table.quantity == "win") & (table.value == 1.0)][0]
    table.loc[wins, "count"] += 1
    a = summarize_games(rows, by=["seat"], proportions=["win"])
    b = summarize_games(table, by=["seat"], proportions=["win"])
    assert not np.allclose(a.estimate, b.estimate)


def test_tally_values_gives_the_distribution_from_rows_or_tally():
    rows = _rows()
    vp, seats = tally_values(rows, "vp", seat=1)
    tvp, tseats = tally_values(tally_rows(rows, ["seat"]), "vp", seat=1)
    assert Counter(vp.tolist()) == {v: int(c) for v, c in zip(tvp, tseats, strict=True)}
    assert seats.sum() == tseats.sum() == (rows.seat == 1).sum()
    exits, _ = tally_values(tally_rows(rows, ["seat"]), "exit")
    assert not np.isnan(exits).any()


def test_run_study_tally_matches_rows_for_any_jobs_and_stays_small():
    rows = run_study(DICE, games=400, seed=9, progress=False)
    one = run_study(DICE, games=400, seed=9, progress=False, tally=True)
    two = run_study(DICE, games=400, seed=9, progress=False, tally=True, jobs=2)
    assert one.games.equals(two.games) and one.summary.equals(two.summary)
    assert is_tally(one.games) and not is_tally(rows.games)
    assert one.params["tally"] is True and "tally" not in rows.params
    assert one.games.equals(tally_rows(rows.games, ["seat"]))
    np.testing.assert_allclose(one.summary.estimate, rows.summary.estimate, rtol=1e-12)
    assert (one.summary.n.to_numpy() == rows.summary.n.to_numpy()).all()
    # ten times the games: the same tally size (seats x quantities x values), not 10x rows
    more = run_study(DICE, games=4000, seed=9, progress=False, tally=True)
    assert len(more.games) == len(one.games) <= 2 * (2 + 6 + 4)
    assert more.games.groupby("quantity")["count"].sum().eq(8000).all()


def test_tally_is_refused_where_it_cannot_hold(tmp_path):
    plain = Study(name="tally-plain", title="P", params=DICE.params,
                  run_chunk=per_game(_dice_game), summarize=_dice_summary)
    with pytest.raises(ConfigError, match=r"'tally-plain' keeps a row a game and cannot tally; "
                                          r"studies that can: .*bad-doctor-seats"):
        run_study(plain, games=4, tally=True)
    with pytest.raises(ConfigError, match="tally and compare_data exclude each other"):
        run_study(DICE, games=4, tally=True, compare_data=tmp_path)
    with pytest.raises(ConfigError, match="tally must be True or False, not 'yes'"):
        run_study(DICE, games=4, tally="yes")
    with pytest.raises(ConfigError, match="only a combine='concat' study can tally"):
        Study(name="t", title="T", params=(), run_chunk=print, summarize=print,
              combine="sum", tally=("seat",))
    with pytest.raises(ConfigError, match="quantity 'who' holds text; make it a key"):
        tally_rows(pd.DataFrame({"seat": [0], "who": ["x"]}), ["seat"])
    with pytest.raises(ConfigError, match="rows have no key column 'board'"):
        tally_rows(pd.DataFrame({"seat": [0], "win": [True]}), ["board"])


@pytest.mark.parametrize(("name", "games", "params"), [
    ("bad-doctor-seats", 30, {"policy": "greedy"}),
    ("broom-service-scores", 6, {"players": 3}),
    ("hospital-rush-boards", 6, {"players": 3}),
    ("bedpans-outcomes", 8, {"players": "2,3"}),
])
def test_registered_studies_give_the_same_summary_tallied(name, games, params):
    rows = simlab.run_study(name, games=games, seed=5, progress=False, **params)
    tally = simlab.run_study(name, games=games, seed=5, progress=False, tally=True, **params)
    a, b = rows.summary, tally.summary
    keys = [c for c in a.columns if c not in ("estimate", "low", "high", "n", "exact")]
    assert a[keys].equals(b[keys])
    assert (a.n.to_numpy() == b.n.to_numpy()).all()
    np.testing.assert_allclose(a.estimate, b.estimate, rtol=1e-12)
    np.testing.assert_allclose(a.low, b.low, rtol=1e-12, equal_nan=True)
    assert tally.games.equals(tally_rows(rows.games, tally.study.tally))
    tally.study.plot(tally)  # the figure draws from the tally too


def test_command_line_tally(capsys):
    code = main(["study", "bad-doctor-seats", "--games", "20", "--tally", "-q",
                 "--param", "players=2"])
    out, _ = capsys.readouterr()
    assert code == 0
    rows = simlab.run_study("bad-doctor-seats", games=20, players="2", progress=False).games
    expected = len(tally_rows(rows, ("players", "seat")))
    assert out.rstrip().splitlines()[-1].startswith(f"{expected} tally rows from 20 games")
    code = main(["study", "bad-doctor-complications", "--games", "2", "--tally", "-q"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.count("\n") == 1 and "cannot tally" in err


@pytest.mark.parametrize("confidence", [0.5, 0.99])
def test_summarize_games_passes_the_confidence_on_for_rows_and_tallies(confidence):
    from simlab.core import stats

    rows = _rows(120)
    kw = dict(by=["seat"], proportions=["win"], means=["vp"])
    exact = stats.summarize(rows, confidence=confidence, **kw)
    for games in (rows, tally_rows(rows, ["players", "seat"])):
        got = summarize_games(games, confidence=confidence, **kw)
        assert got[["low", "high"]].to_numpy() == pytest.approx(
            exact[["low", "high"]].to_numpy(), rel=1e-9)
    default = summarize_games(rows, **kw)
    assert not np.allclose(default["low"].to_numpy(), exact["low"].to_numpy())


def test_summarize_games_of_a_tally_without_quantities_is_the_empty_summary_by_its_keys():
    rows = _rows(20)
    table = tally_rows(rows, ["players", "seat"])
    empty = summarize_games(table, by=["seat"])
    assert empty.empty and list(empty.columns) == list(summarize_games(rows, by=["seat"]).columns)
    assert list(empty.columns)[:2] == ["seat", "quantity"]
    with pytest.raises(ConfigError, match=r"^tally has no quantity 'nope'$"):
        summarize_games(table, means=["nope"])


def test_a_tally_without_keys_is_a_tally():
    table = tally_rows(_rows(10).drop(columns=["players", "seat"]), ())
    assert list(table.columns) == ["quantity", "value", "count"] and is_tally(table)
    assert summarize_games(table, means=["vp"])["n"].tolist() == [20]


def test_a_category_never_seen_gets_no_tally_row():
    rows = pd.DataFrame({"game": [0, 1, 2], "vp": [3, 3, 5],
                         "policy": pd.Categorical(["a", "a", "c"], categories=["a", "b", "c"])})
    table = tally_rows(rows, ["policy"])
    assert table[["policy", "value", "count"]].astype({"policy": str}).values.tolist() == [
        ["a", 3.0, 2], ["c", 5.0, 1]]


def test_rows_with_no_quantity_give_an_empty_tally_with_its_columns():
    table = tally_rows(_rows(5)[["game", "seat"]], ["seat"])
    assert table.empty and list(table.columns) == ["seat", "quantity", "value", "count"]


def test_stack_summaries_labels_every_row_with_its_table_in_order():
    rng = np.random.default_rng(5)
    games = pd.DataFrame({"policy": rng.choice(["a", "b"], 60), "seat": rng.integers(0, 3, 60),
                          "win": rng.integers(0, 2, 60).astype(bool)})
    tables = {key: summarize_games(games.assign(level=games[key].astype(str)), by=["level"],
                                   proportions=["win"])
              for key in ("policy", "seat")}
    out = stack_summaries("by", tables)
    assert list(out.columns) == ["by", *tables["policy"].columns]
    assert list(out.index) == list(range(2 + 3))
    assert list(out["by"]) == ["policy"] * 2 + ["seat"] * 3
    # the wins of each level, counted apart from the tables
    wins = Counter((k, str(v)) for k in ("policy", "seat")
                   for v, w in zip(games[k], games["win"], strict=True) if w)
    for row in out.itertuples():
        assert round(row.estimate * row.n) == wins[(row.by, row.level)]
    assert sum(out.n) == 2 * len(games)
