"""Tests of simlab.core.study.combine: chunk frames into the games table.

Each summed table is checked against counts written out independently
(:class:`collections.Counter` over the chunk rows), not against pandas' own
``groupby``; the concatenated table against the rows in chunk order.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter

import numpy as np
import pandas as pd
import pytest

from simlab.core.errors import ConfigError
from simlab.core.study import Study
from simlab.core.study.combine import SumFold, combine

STUDY = Study("x", "X", (), run_chunk=print, summarize=print, combine="sum")
CONCAT = dataclasses.replace(STUDY, combine="concat")


class Bar:
    """Records the games each ``update`` reports."""

    def __init__(self) -> None:
        self.updates: list[int] = []

    def update(self, n: int) -> None:
        self.updates.append(n)


def _counts(frames: list[pd.DataFrame], keys: list[str]) -> Counter:
    """``{key tuple: summed count}`` of the rows of ``frames``, NaN keys as None."""
    total: Counter = Counter()
    for frame in frames:
        for row in frame.to_dict("records"):
            key = tuple(None if isinstance(row[k], float) and math.isnan(row[k]) else row[k]
                        for k in keys)
            total[key] += row["count"]
    return total


def _random_chunk(rng: np.random.Generator, rows: int) -> pd.DataFrame:
    return pd.DataFrame({"seat": rng.integers(0, 4, rows),
                         "won": rng.integers(0, 2, rows).astype(bool),
                         "count": rng.integers(1, 9, rows)})


# --------------------------------------------------------------------------- SumFold


def test_the_fold_of_random_chunks_is_the_counter_of_their_rows():
    rng = np.random.default_rng(5)
    frames = [_random_chunk(rng, int(rng.integers(1, 12))) for _ in range(30)]
    fold = SumFold("x")
    for frame in frames:
        assert fold.add(frame) is fold
    out = fold.result()
    want = _counts(frames, ["seat", "won"])
    assert list(out.columns) == ["seat", "won", "count"]
    assert list(zip(out["seat"], out["won"], strict=True)) == sorted(want)  # sorted, distinct
    assert out["count"].tolist() == [want[k] for k in sorted(want)]
    assert out.index.tolist() == list(range(len(want)))


def test_the_fold_sorts_keys_that_arrive_out_of_order():
    fold = SumFold("x")
    fold.add(pd.DataFrame({"k": [3, 1], "count": [1, 1]}))
    fold.add(pd.DataFrame({"k": [2, 3], "count": [5, 7]}))
    assert fold.result().to_dict("list") == {"k": [1, 2, 3], "count": [1, 5, 8]}


def test_the_fold_of_one_chunk_merges_its_repeated_keys():
    out = SumFold("x").add(pd.DataFrame({"k": [2, 1, 2], "count": [4, 1, 6]})).result()
    assert out.to_dict("list") == {"k": [1, 2], "count": [1, 10]}


def test_a_missing_key_is_a_group_of_its_own():
    fold = SumFold("x")
    fold.add(pd.DataFrame({"winner": [0.0, np.nan, 1.0], "count": [2, 3, 4]}))
    fold.add(pd.DataFrame({"winner": [np.nan, 0.0], "count": [10, 1]}))
    out = fold.result()
    assert out["winner"].tolist()[:2] == [0.0, 1.0] and math.isnan(out["winner"].iloc[2])
    assert out["count"].tolist() == [3, 4, 13]


def test_a_category_never_seen_gets_no_row():
    kinds = pd.CategoricalDtype(["cure", "kill", "stall"])
    fold = SumFold("x")
    fold.add(pd.DataFrame({"end": pd.Series(["kill", "cure"], dtype=kinds), "count": [1, 2]}))
    fold.add(pd.DataFrame({"end": pd.Series(["kill"], dtype=kinds), "count": [3]}))
    out = fold.result()
    assert out["end"].tolist() == ["cure", "kill"]
    assert out["count"].tolist() == [2, 4]


def test_chunks_may_list_their_columns_in_another_order():
    fold = SumFold("x")
    fold.add(pd.DataFrame({"b": [1], "a": [0], "count": [2]}))
    fold.add(pd.DataFrame({"count": [3], "a": [0], "b": [1]}))
    assert fold.columns == ["b", "a", "count"]
    assert fold.result().to_dict("list") == {"b": [1], "a": [0], "count": [5]}


def test_a_fold_without_keys_is_one_row_of_the_total():
    fold = SumFold("x")
    for n in (4, 5, 6):
        fold.add(pd.DataFrame({"count": [n, 1]}))
    assert fold.result().to_dict("list") == {"count": [18]}


def test_an_empty_fold_is_an_empty_count_column():
    fold = SumFold("x")
    assert (fold.name, fold.columns, fold.acc) == ("x", None, None)
    out = fold.result()
    assert list(out.columns) == ["count"] and len(out) == 0
    assert out["count"].dtype == np.dtype("int64")


def test_a_chunk_without_a_count_column_is_an_error():
    with pytest.raises(ConfigError) as excinfo:
        SumFold("dice").add(pd.DataFrame({"total": [7]}))
    assert str(excinfo.value) == "study 'dice': a combine='sum' chunk needs a 'count' column"


def test_a_chunk_with_other_columns_is_an_error():
    fold = SumFold("dice").add(pd.DataFrame({"total": [7], "count": [1]}))
    with pytest.raises(ConfigError) as excinfo:
        fold.add(pd.DataFrame({"sum": [7], "count": [1]}))
    assert str(excinfo.value) == ("study 'dice': chunk columns ['sum', 'count'] differ from "
                                  "['total', 'count']")


# --------------------------------------------------------------------------- combine


def _chunks(frames: list[pd.DataFrame]) -> list[tuple[tuple[int, int, int], pd.DataFrame]]:
    """``((k, first, n), frame)`` as the runner zips them; k, first, n all different."""
    out, first = [], 0
    for k, frame in enumerate(frames):
        n = 10 + k
        out.append(((k + 100, first, n), frame))
        first += n
    return out


def test_a_sum_study_sums_its_chunks_and_reports_each_chunks_games():
    rng = np.random.default_rng(8)
    frames = [_random_chunk(rng, 6) for _ in range(4)]
    bar = Bar()
    out = combine(STUDY, _chunks(frames), bar)
    want = _counts(frames, ["seat", "won"])
    assert dict(zip(zip(out["seat"], out["won"], strict=True), out["count"], strict=True)) == want
    assert bar.updates == [10, 11, 12, 13]


def test_a_tally_of_a_concat_study_is_summed():
    frames = [pd.DataFrame({"seat": [1, 0], "count": [2, 3]}),
              pd.DataFrame({"seat": [1], "count": [4]})]
    bar = Bar()
    out = combine(CONCAT, _chunks(frames), bar, tally=True)
    assert out.to_dict("list") == {"seat": [0, 1], "count": [3, 6]}
    assert bar.updates == [10, 11]


def test_a_concat_study_keeps_every_row_in_chunk_order():
    frames = [pd.DataFrame({"seat": [1, 0], "count": [2, 3]}),
              pd.DataFrame({"seat": [1], "count": [4]}, index=[7]),
              pd.DataFrame({"seat": [0, 0], "count": [1, 1]})]
    bar = Bar()
    out = combine(CONCAT, _chunks(frames), bar)
    assert out.to_dict("list") == {"seat": [1, 0, 1, 0, 0], "count": [2, 3, 4, 1, 1]}
    assert out.index.tolist() == [0, 1, 2, 3, 4]
    assert bar.updates == [10, 11, 12]


def test_the_one_chunk_of_a_concat_study_is_the_table():
    frame = pd.DataFrame({"seat": [1, 1], "count": [2, 3]}, index=[4, 9])
    bar = Bar()
    assert combine(CONCAT, _chunks([frame]), bar) is frame
    assert bar.updates == [10]


def test_two_chunks_of_a_concat_study_are_both_kept():
    frames = [pd.DataFrame({"seat": [0], "count": [1]}), pd.DataFrame({"seat": [1], "count": [2]})]
    out = combine(CONCAT, _chunks(frames), Bar())
    assert out.to_dict("list") == {"seat": [0, 1], "count": [1, 2]}


def test_chunks_of_a_sum_study_with_other_columns_name_the_study():
    frames = [pd.DataFrame({"total": [7], "count": [1]}), pd.DataFrame({"sum": [7], "count": [1]})]
    with pytest.raises(ConfigError, match=r"^study 'x': chunk columns \['sum', 'count'\] differ"):
        combine(STUDY, _chunks(frames), Bar())
