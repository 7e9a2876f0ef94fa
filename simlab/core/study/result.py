"""StudyResult: what run_study returns (tables, parameters, JSON, files, figure)."""

from __future__ import annotations

import html
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from simlab.core.errors import ConfigError
from simlab.core.registry import DEFAULT_FIGURE, figure
from simlab.core.study.definition import Study
from simlab.core.study.output import jsonable, write_table

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["StudyResult"]


@dataclass(eq=False, repr=False)
class StudyResult:
    """What :func:`run_study` returns.

    Attributes
    ----------
    study : Study
        The study that was run.
    params : dict
        Its parameters, plus ``games`` and ``seed``: enough to repeat the run.
    games : DataFrame
        One row per game (or per game and seat), or aggregated counts for
        ``combine="sum"`` studies.
    summary : DataFrame
        ``study.summarize(games, params)``: ``*by, quantity, kind, estimate,
        low, high, n, exact``.
    elapsed : float
        Wall seconds of playing and summarizing.
    """

    study: Study
    params: dict[str, Any]
    games: pd.DataFrame
    summary: pd.DataFrame
    elapsed: float

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"StudyResult({self.study.name!r}, {shown}, elapsed={self.elapsed:.2f}s)"

    def _repr_html_(self) -> str:
        head = f"<b>{html.escape(self.study.title)}</b> <code>{html.escape(repr(self))}</code>"
        return head + self.summary.to_html(index=False, float_format=lambda x: f"{x:.4g}")

    def plot(self) -> Figure:
        """Figure of the results, as the study declares it.

        ``study.plot`` is a function (``plot(result)``), or the name of a
        registered figure, or ``None`` for the figure named
        :data:`~simlab.core.registry.DEFAULT_FIGURE`.  Named figures are
        drawn by the figures layer (:mod:`simlab.figures`, registered by
        ``import simlab``; core draws nothing); the default shows each estimate
        with its 95% interval as an error bar and exact values as crosses.

        Raises
        ------
        ConfigError
            The study names a figure nobody registered.
        """
        declared = self.study.plot
        draw = declared if callable(declared) else figure(declared or DEFAULT_FIGURE)
        drawn: Figure = draw(self)
        return drawn

    def to_json(self, *, games: bool = False, indent: int | None = None) -> str:
        """JSON text of study, title, params, elapsed and summary (and games if asked).

        NaN becomes ``null``; tuples become lists.
        """
        doc: dict[str, Any] = {
            "study": self.study.name,
            "title": self.study.title,
            "params": self.params,
            "elapsed": self.elapsed,
            "summary": self.summary.to_dict(orient="records"),
        }
        if games:
            doc["games"] = self.games.to_dict(orient="records")
        return json.dumps(jsonable(doc), indent=indent, allow_nan=False)

    def save(self, path: str | os.PathLike[str], *, table: str = "games") -> Path:
        """Write the ``games`` (default) or ``summary`` table as CSV or parquet.

        Parameters
        ----------
        path : path-like
            Ends in ``.csv`` or ``.parquet``.
        table : {"games", "summary"}
            Which table to write.

        Returns
        -------
        Path
            The file written.

        Raises
        ------
        ConfigError
            Unknown suffix or table, or parquet without pyarrow.
        """
        if table not in ("games", "summary"):
            raise ConfigError(f"table must be 'games' or 'summary', not {table!r}")
        return write_table(self.games if table == "games" else self.summary, path)
