"""HTML pieces of the stepper: the seat panel, the final score sheet, the seen-by banner.

Plain functions from facts to HTML strings, so tests read them without a
browser.  Every text is escaped.

Examples
--------
>>> "Red — to act" in seat_panel_html("Red", [("potions", "orange 1")], to_act=True)
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

__all__ = ["banner_html", "score_sheet_html", "seat_panel_html", "table_html"]

_PANEL = ("border:1px solid #c9c9c9;border-radius:4px;padding:6px 8px;background:#fbfbf7;"
          "font:13px/1.4 sans-serif")


def seat_panel_html(name: str, rows: Sequence[tuple[str, str]], to_act: bool = False,
                    viewer: str | None = None) -> str:
    """The panel of one seat: its name and headed lines (hand, resources, score, ...).

    Parameters
    ----------
    name : str
        The seat's name.
    rows : sequence of (str, str)
        Headed lines from the game's renderer, in the rulebook's words.
    to_act : bool
        The seat is to act now (said in the heading).
    viewer : str, optional
        Whose view the lines come from, when it is not the seat itself.
    """
    head = html.escape(name) + (" — to act" if to_act else "")
    body = "".join(
        f"<tr><th style='text-align:left;vertical-align:top;padding-right:8px;"
        f"white-space:nowrap;color:#555;font-weight:600'>{html.escape(k)}</th>"
        f"<td>{html.escape(v)}</td></tr>" for k, v in rows)
    note = (f"<div style='color:#777;font-size:12px'>as {html.escape(viewer)} sees it</div>"
            if viewer else "")
    return (f'<div class="simlab-seat-panel" style="{_PANEL}">'
            f'<div class="simlab-seat-name" style="font-weight:700;font-size:14px;'
            f'margin-bottom:3px">{head}</div>{note}'
            f'<table style="border-collapse:collapse">{body}</table></div>')


def score_sheet_html(sheet: Sequence[tuple[str, Sequence[tuple[str, float]], float]],
                     score_name: str, outcome_scores: Sequence[float] | None = None) -> str:
    """The final scores, itemised by cause, one column per seat.

    ``sheet`` is :func:`simlab.widgets.log.itemised_scores`; where the
    outcome's score of a seat differs from the itemised total, a row says so.
    """
    if not sheet:
        return ""
    causes: list[str] = []
    for _, items, _ in sheet:
        for cause, _ in items:
            if cause not in causes:
                causes.append(cause)
    cells = {(s, c): v for s, (_, items, _) in enumerate(sheet) for c, v in items}
    head = "".join(f"<th style='padding:0 6px'>{html.escape(n)}</th>" for n, _, _ in sheet)
    rows = []
    for cause in causes:
        values = "".join(
            f"<td style='text-align:right;padding:0 6px'>"
            f"{_signed(cells[(s, cause)], cause) if (s, cause) in cells else ''}</td>"
            for s in range(len(sheet)))
        rows.append(f"<tr><td>{html.escape(cause)}</td>{values}</tr>")
    totals = "".join(f"<td style='text-align:right;padding:0 6px;font-weight:700'>{t:g}</td>"
                     for _, _, t in sheet)
    rows.append(f"<tr style='border-top:1px solid #999'><td><b>total {html.escape(score_name)}"
                f"</b></td>{totals}</tr>")
    if outcome_scores is not None and any(
            abs(o - t) > 1e-9 for o, (_, _, t) in zip(outcome_scores, sheet, strict=True)):
        final = "".join(f"<td style='text-align:right;padding:0 6px'>{o:g}</td>"
                        for o in outcome_scores)
        rows.append(f"<tr><td>final score of the outcome</td>{final}</tr>")
    return (f'<div class="simlab-score-sheet" style="{_PANEL}"><b>Final scores, itemised</b>'
            f'<table style="border-collapse:collapse;margin-top:3px"><tr><th></th>{head}</tr>'
            + "".join(rows) + "</table></div>")


def _signed(value: float, cause: str) -> str:
    return f"{value:g}" if cause == "at the start" else f"{value:+g}"


def banner_html(viewer: str | None, hidden: str | None, status: str,
                caption: str | None = None, explain: bool = True, short: bool = False) -> str:
    """Whose view is shown, what the game hides (or that it hides nothing), and the status.

    ``explain`` False leaves out the sentence on what the game hides (the
    stepper's side column shows it under the board instead, ``short``: that
    sentence alone, in the same words).

    Examples
    --------
    >>> "hides nothing" in banner_html("Red", None, "move 0")
    True
    >>> banner_html("Red", None, "move 0", explain=False).count("hides nothing")  # its tooltip
    1
    """
    if hidden is None:
        seen = ("This game hides nothing: every seat sees the whole table, so every view "
                "is the same.")
    elif viewer is None:
        seen = "Viewing as everyone: every secret is shown face up. " + hidden
    else:
        seen = (f"Viewing as {viewer}: what {viewer} cannot know is drawn face down. "
                + hidden)
    if short:
        return (f'<div class="simlab-seen-note" style="color:#555;font:12px/1.4 sans-serif">'
                f'{html.escape(seen)}</div>')
    who = "everyone" if viewer is None else viewer
    colour = "#e8f1fb" if viewer is None else "#fff4d6"
    last = (f'<div class="simlab-last" style="color:#b22222">{html.escape(caption)}</div>'
            if caption else "")
    note = (f'<div style="color:#555;font-size:12px">{html.escape(seen)}</div>' if explain
            else "")
    return (f'<div class="simlab-banner" title="{html.escape(seen)}" '
            f'style="background:{colour};border:1px solid #c9d6e6;'
            f'border-radius:4px;padding:4px 8px;font:13px/1.4 sans-serif">'
            f'<b class="simlab-viewer">Viewing as {html.escape(who)}</b> · '
            f'<span class="simlab-status">{html.escape(status)}</span>{last}{note}</div>')


def table_html(rows: dict[str, Any]) -> str:
    """A two-column table of named values."""
    body = "".join(
        f"<tr><th style='text-align:left;padding-right:1em;vertical-align:top'>"
        f"{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>"
        for k, v in rows.items())
    return (f'<table class="simlab-state" style="font:12px/1.35 sans-serif;'
            f'border-collapse:collapse">{body}</table>')
