"""Chunk frames into the games table: concatenated, or summed counts folded as they arrive."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pandas as pd

from simlab.core.errors import ConfigError

if TYPE_CHECKING:
    from simlab.core.study.definition import Study

__all__ = ["SumFold", "combine"]


class SumFold:
    """Running ``groupby(keys)["count"].sum()`` of aggregated chunk frames."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.columns: list[str] | None = None
        self.acc: pd.DataFrame | None = None

    def add(self, frame: pd.DataFrame) -> SumFold:
        if "count" not in frame.columns:
            raise ConfigError(f"study {self.name!r}: a combine='sum' chunk needs a 'count' column")
        if self.columns is None:
            self.columns = list(frame.columns)
        elif set(frame.columns) != set(self.columns):
            raise ConfigError(
                f"study {self.name!r}: chunk columns {list(frame.columns)} differ from "
                f"{self.columns}"
            )
        both = frame if self.acc is None else pd.concat([self.acc, frame], ignore_index=True)
        self.acc = _group_sum(both[self.columns])
        return self

    def result(self) -> pd.DataFrame:
        if self.acc is None:
            return pd.DataFrame({"count": pd.Series([], dtype="int64")})
        return self.acc


def _group_sum(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with rows of equal keys merged and their counts added, keys sorted."""
    keys = [c for c in frame.columns if c != "count"]
    if not keys:
        return pd.DataFrame({"count": [frame["count"].sum()]})
    grouped = frame.groupby(keys, sort=True, dropna=False, observed=True)["count"].sum()
    return grouped.reset_index()[frame.columns.tolist()]


def combine(
    study: Study,
    results: Iterable[tuple[tuple[int, int, int], pd.DataFrame]],
    bar: Any,
    tally: bool = False,
) -> pd.DataFrame:
    """Games table from chunk frames arriving in chunk order (tallies are summed)."""
    if study.combine == "sum" or tally:
        fold = SumFold(study.name)
        for (_, _, n), frame in results:
            fold.add(frame)
            bar.update(n)
        return fold.result()
    frames: list[pd.DataFrame] = []
    for (_, _, n), frame in results:
        frames.append(frame)
        bar.update(n)
    return pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
