"""What a matplotlib figure shows and how, as plain data, and a check against a reviewed copy.

A study's figure is checked twice: its numbers against an independent count of the
study's games (in the study's own tests), and everything it draws (texts, data,
limits, ticks, legends, colours, widths, sizes) against a reviewed copy in
``tests/**/figures/<name>.json``, so that a change of what a reader sees is made on
purpose: ``SIMLAB_UPDATE_FIGURES=1 pytest ...`` writes the copies again (and each
figure as a PNG in the temporary folder, to be looked at) before they are committed.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.colors import to_hex

#: Set to 1 to write the reviewed copies instead of checking them.
UPDATE = "SIMLAB_UPDATE_FIGURES"


def _num(value: Any) -> Any:
    """Numbers rounded to 6 digits, arrays as lists, NaN as None (JSON and equality)."""
    array = np.asarray(value, dtype=float)
    rounded = np.round(array, 6)
    return np.where(np.isnan(rounded), None, rounded).tolist()


def _colour(value: Any) -> Any:
    array = np.asarray(value)
    if array.ndim == 2:  # one colour per element of a collection
        return [to_hex(c, keep_alpha=True) for c in array]
    return to_hex(value, keep_alpha=True)


def _line(line: Any) -> dict[str, Any]:
    return {"x": _num(line.get_xdata()), "y": _num(line.get_ydata()),
            "color": _colour(line.get_color()), "lw": line.get_linewidth(),
            "ls": line.get_linestyle(), "marker": str(line.get_marker()),
            "ms": line.get_markersize(), "alpha": line.get_alpha(),
            "zorder": line.get_zorder(), "label": line.get_label()}


def _patch(patch: Any) -> dict[str, Any]:
    path = patch.get_path().transformed(patch.get_patch_transform())
    return {"kind": type(patch).__name__, "vertices": _num(path.vertices),
            "face": _colour(patch.get_facecolor()), "edge": _colour(patch.get_edgecolor()),
            "fill": patch.get_fill(), "lw": patch.get_linewidth(),
            "alpha": patch.get_alpha(), "label": patch.get_label()}


def _collection(collection: Any) -> dict[str, Any]:
    facts: dict[str, Any] = {"kind": type(collection).__name__,
                             "offsets": _num(collection.get_offsets()),
                             "lw": _num(collection.get_linewidths()),
                             "alpha": collection.get_alpha(),
                             "label": collection.get_label()}
    if hasattr(collection, "get_segments"):
        facts["segments"] = [_num(s) for s in collection.get_segments()]
        facts["colors"] = _colour(collection.get_colors())
    else:
        facts["face"] = _colour(collection.get_facecolor())
    return facts


def _legend(ax: Any) -> dict[str, Any] | None:
    legend = ax.get_legend()
    if legend is None:
        return None
    texts = legend.get_texts()
    return {"texts": [t.get_text() for t in texts], "frameon": legend.get_frame_on(),
            "fontsize": texts[0].get_fontsize() if texts else None}


def _axes(ax: Any) -> dict[str, Any]:
    return {"title": ax.get_title(), "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
            "xlim": _num(ax.get_xlim()), "ylim": _num(ax.get_ylim()),
            "xticks": _num(ax.get_xticks()),
            "xticklabels": [t.get_text() for t in ax.get_xticklabels()],
            "xticklabel_style": [[t.get_fontsize(), t.get_rotation()]
                                 for t in ax.get_xticklabels()[:1]],
            "yticks": _num(ax.get_yticks()),
            "grid": [[bool(g.get_visible()), g.get_alpha()]
                     for g in (*ax.xaxis.get_gridlines()[:1], *ax.yaxis.get_gridlines()[:1])],
            "lines": [_line(line) for line in ax.lines],
            "patches": [_patch(p) for p in ax.patches],
            "collections": [_collection(c) for c in ax.collections],
            "texts": [[t.get_text(), _num(t.get_position())] for t in ax.texts],
            "legend": _legend(ax)}


def figure_facts(fig: Any) -> dict[str, Any]:
    """Everything ``fig`` draws, as JSON-able data (rounded to 6 digits).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(4, 3))
    >>> ax = fig.add_subplot()
    >>> _ = ax.bar([0, 1], [0.25, 0.5], color="k")
    >>> facts = figure_facts(fig)
    >>> facts["size"], [p["vertices"][2][1] for p in facts["axes"][0]["patches"]]
    ([4.0, 3.0], [0.25, 0.5])
    """
    title = fig._suptitle  # matplotlib has no getter for the suptitle
    engine = fig.get_layout_engine()
    return {"size": _num(fig.get_size_inches()),
            "layout": type(engine).__name__ if engine is not None else None,
            "suptitle": None if title is None else [title.get_text(), title.get_fontsize()],
            "axes": [_axes(ax) for ax in fig.axes]}


def check_figure(fig: Any, copy: Path) -> None:
    """Assert that ``fig`` draws what the reviewed ``copy`` holds (or write it, under
    ``SIMLAB_UPDATE_FIGURES=1``)."""
    facts = json.loads(json.dumps(figure_facts(fig)))  # tuples as lists, as read back
    if os.environ.get(UPDATE) == "1":
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(json.dumps(facts, indent=1) + "\n", encoding="utf-8")
        fig.savefig(Path(tempfile.gettempdir()) / f"{copy.stem}.png", dpi=110)  # to look at
        return
    assert copy.is_file(), f"no reviewed copy {copy}: run with {UPDATE}=1, look, commit"
    reviewed = json.loads(copy.read_text(encoding="utf-8"))
    assert facts == reviewed, f"{copy.name}: {first_difference(facts, reviewed)}"


def first_difference(a: Any, b: Any, where: str = "") -> str:
    """Where two JSON-like values first differ, and how (for a failure's message).

    Examples
    --------
    >>> first_difference({"axes": [{"lw": 1.0}]}, {"axes": [{"lw": 1.5}]})
    'axes[0].lw: 1.0 != 1.5'
    """
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return first_difference(a.get(key), b.get(key), f"{where}.{key}".lstrip("."))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return first_difference(x, y, f"{where}[{i}]")
    return f"{where}: {a!r} != {b!r}"
