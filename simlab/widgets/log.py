"""The stepper's log, written to read like the rulebook.

One line per action, numbered from 1, and under it one line per change of
score.  The games' texts are taken as they are; this module only arranges
them:

- **Seat names.**  Action texts name seats as ``Seat N`` (0-based, the form
  their parsers read); where the game gives its seats other names (colours,
  doctors), the log writes those instead (:class:`Namer`).
- **Each event once.**  A line never starts with its actor twice
  ("Red: Red chooses ..."), and an event that only repeats what the line
  already says ("Red: Next! — Red: Next!") is left out.  An event that
  tells more than the action ("roll 5" then "red 1 rolls 5") replaces it.
  Where a seat's secret action is shown in full, the public account of it
  that the other seats read ("Red chooses a role card") is left out.
- **Scores.**  Every change of a seat's score is its own line under the
  action: the game's event that explains it when there is one (taken out
  of the action's line), with the amount and the new total.  At the end,
  :func:`itemised_scores` sums each seat's changes by cause.

Examples
--------
>>> from simlab.core.api import Event
>>> namer = Namer(["Red", "Yellow"])
>>> namer.text("Seat 1 steals the brave Witch from Seat 0")
'Yellow steals the brave Witch from Red'
>>> action_line(3, "Red", "Seat 0: Next!", [Event("Seat 0: Next!")], namer)
'3. Red: Next!'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from simlab.core.api import CHANCE, Event

__all__ = ["LogLine", "Namer", "action_line", "build_log", "itemised_scores", "repeats",
           "score_text"]

_SEAT = re.compile(r"\bSeat (\d+)\b")
_WORD = re.compile(r"[A-Za-z]+|-?\d+(?:,-?\d+)*")
_STOP = frozenset({"a", "an", "the", "to", "of", "on", "at", "is", "are", "be", "from", "and",
                   "with", "for", "its", "his", "her", "their", "this", "that", "it", "by"})
_AMOUNT = re.compile(r"([+\-−])\s?(\d+(?:\.\d+)?)")


class Namer:
    """Writes ``Seat N`` in a game's texts as the seat's name.

    Parameters
    ----------
    names : sequence of str
        The game's seat names (``Game.seat_names()``).  Names that are
        already ``Seat N`` leave the texts as they are.
    """

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.active = any(n != f"Seat {i}" for i, n in enumerate(self.names))

    def text(self, text: str) -> str:
        """``text`` with every ``Seat N`` of a known seat written as its name."""
        if not self.active:
            return text
        return _SEAT.sub(lambda m: self.names[int(m[1])] if int(m[1]) < len(self.names)
                         else m[0], text)


def _stem(word: str) -> str:
    """A crude stem, enough to see that "moves" and "move", "drawn" and "draw" agree."""
    word = word.lower()
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > 3 + len(suffix) - 1 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if word.endswith("wn"):
        word = word[:-1]
    return word


def _tokens(text: str) -> frozenset[str]:
    return frozenset(_stem(w) for w in _WORD.findall(text) if w.lower() not in _STOP)


def _strip_actor(text: str, who: str) -> str:
    for head in (f"{who}: ", f"{who} "):
        if text.startswith(head):
            return text[len(head):]
    return text


def action_line(number: int, who: str, shown: str | None, events: Sequence[Event],
                namer: Namer, secret: bool = False, for_seat: str | None = None) -> str:
    """The log line of one action (its number counted from 1).

    Parameters
    ----------
    number : int
        The move, from 1.
    who : str
        The actor's name ("chance" for chance).
    shown : str or None
        The action's text as the viewer sees it (``None``: hidden).
    events : sequence of Event
        What the action caused, as the viewer sees it (score events taken out).
    namer : Namer
        Writes seat names.
    secret : bool
        The action is hidden from some seat and ``shown`` is its full text:
        the first public event is the others' account of it and is left out.
    for_seat : str, optional
        The seat a chance action is for (a draw into a hand).

    Examples
    --------
    >>> n = Namer(["Staff", "Elder red"])
    >>> action_line(7, "chance", "roll 5", [Event("red 1 rolls 5")], n)
    '7. red 1 rolls 5'
    >>> action_line(8, "Elder red", "step E", [Event("red 1 moves to U 1,0")], n)
    '8. Elder red: step E — red 1 moves to U 1,0'
    """
    texts = [namer.text(e.text) for e in events]
    if secret and texts and events[0].seen_by is None:
        texts = texts[1:]
    action = namer.text(shown) if shown is not None else None
    known = _tokens(who) | (_tokens(action) if action else frozenset())
    kept: list[str] = []
    for text in texts:
        tokens = _tokens(text)
        if tokens <= known:
            continue  # only repeats what the line says
        kept.append(text)
        known |= tokens
    if action is not None and kept and _covers(_tokens(kept[0]) | _tokens(who), _tokens(action)):
        action = None  # the first event says it all, and more
    parts: list[str] = []
    if action is not None:
        body = _strip_actor(action, who)
        if body != action:  # the action names its actor itself
            parts.append(action)
        elif who == "chance":
            parts.append(f"chance ({for_seat}): {action}" if for_seat else f"chance: {action}")
        else:
            parts.append(f"{who}: {action}")
    elif (not kept or not kept[0].startswith(who)) and who != "chance":
        parts.append(who)
    if parts and kept:
        head = f"{parts[0]} — {'; '.join(kept)}"
    else:
        head = parts[0] if parts else "; ".join(kept)
    return f"{number}. {head}"


def _covers(told: frozenset[str], action: frozenset[str]) -> bool:
    """Whether an event that tells ``told`` says what the action says (two thirds of it)."""
    if action <= told:
        return True
    return len(action) >= 4 and 3 * len(action & told) >= 2 * len(action)


def repeats(line: str, who: str) -> list[str]:
    """What a log line says twice: its actor, or one of its parts (empty when fine).

    Examples
    --------
    >>> repeats("18. Red: Red chooses Witch (Forest)", "Red")
    ['actor Red twice at the start']
    >>> repeats("40. Red: Next! — Red: Next!", "Red")
    ['part "Next!" twice']
    >>> repeats("8. Elder red: step E — red 1 moves to U 1,0", "Elder red")
    []
    """
    body = line.split(". ", 1)[1] if ". " in line else line
    found: list[str] = []
    if body.startswith(f"{who}: {who} "):
        found.append(f"actor {who} twice at the start")
    parts = [_strip_actor(p.strip(), who) for chunk in body.split(" — ")
             for p in chunk.split("; ")]
    seen: set[str] = set()
    for part in parts:
        if part in seen:
            found.append(f'part "{part}" twice')
        seen.add(part)
    return found


@dataclass(frozen=True)
class LogLine:
    """One line of the log: the move it belongs to, ``"action"`` or ``"score"``, its text."""

    move: int
    kind: str
    text: str
    seat: int | None = None
    delta: float = 0.0
    cause: str = ""

    def row(self) -> tuple[int, str, str]:
        """The line as the browser's log view takes it."""
        return (self.move, self.kind, self.text)


def _score_word(score_name: str) -> str:
    """A pattern of the score's name, singular or plural ("Doctor Markers?")."""
    return re.escape(score_name.removesuffix("s")) + ("s?" if score_name.endswith("s") else "")


def score_text(amount: float, score_name: str, signed: bool = True) -> str:
    """An amount of score in words, singular at one.

    Examples
    --------
    >>> score_text(1, "Doctor Markers"), score_text(-2, "points"), score_text(1, "VP")
    ('+1 Doctor Marker', '-2 points', '+1 VP')
    """
    word = score_name.removesuffix("s") if abs(amount) == 1 else score_name
    return f"{amount:+g} {word}" if signed else f"{amount:g} {word}"


def _score_events(events: Sequence[Event], seat: int, score_name: str) -> list[Event]:
    """The events that tell ``seat``'s score changes: those carrying ``Event.score``, else
    (an older game's events) those whose text names an amount of the score."""
    told = [e for e in events if e.seat == seat and e.score is not None]
    if told:
        return told
    word = re.compile(_score_word(score_name), re.I)
    return [e for e in events if e.seat == seat and word.search(e.text)
            and _AMOUNT.search(e.text) is not None]


def _amount(text: str, score_name: str) -> float | None:
    """The signed amount in a score event's text ("+3 VP", "-2 VP", "loses 2 VP")."""
    m = re.search(r"([+\-−]?)\s?(\d+(?:\.\d+)?)\s*" + _score_word(score_name), text)
    if m is None:
        return None
    value = float(m[2])
    negative = m[1] in ("-", "−") or re.search(r"\b(lose|loses|pays?|costs?)\b",
                                               text) is not None
    return -value if negative else value


def _cause(text: str, names: Sequence[str], score_name: str) -> str:
    """A score event's cause without seat names, amounts and ids ("delivers orange").

    Examples
    --------
    >>> _cause("Blue delivers green to T2: +2 VP", ["Blue"], "VP")
    'delivers green'
    >>> _cause("Brave Hearts: Red +1 VP", ["Red"], "VP")
    'Brave Hearts'
    >>> _cause("reveal tile T09 (blue, Remove Tile)", [], "Doctor Markers")
    'reveal tile (blue, Remove Tile)'
    """
    out = text
    for name in sorted(names, key=len, reverse=True):
        out = out.replace(name, "")
    out = re.sub(r"[+\-−]?\s?\d+(?:\.\d+)?\s*" + _score_word(score_name), "", out)
    out = re.sub(r"\b[A-Z]\d+\b", "", out)  # tower and space ids
    head = out.split(":", 1)[0].strip()
    out = head if head else out
    out = re.sub(r"\(\s*\)", "", out)  # parentheses emptied of ids
    out = re.sub(r"\s+", " ", out).strip(" :;,.—-")
    if out.count("(") > out.count(")"):
        out += ")"  # "reveal tile (blue, Remove Tile)" keeps its closing parenthesis
    out = re.sub(r"\s+(to|from|on|at|for|by)$", "", out)
    return out or "other"


def build_log(session: Any, seat: int | None, namer: Namer, score_name: str = "points",
              limit: int | None = None) -> list[LogLine]:
    """The log of a :class:`~simlab.widgets.session.StepSession` as ``seat`` sees it.

    ``session.after_notes`` holds each seat's running score after every
    action (or ``None``); a change gets its own line.  ``seat`` ``None`` is
    everyone (everything shown).  Only the last ``limit`` actions are written
    when given (the older ones are still counted).
    """
    names = namer.names
    lines: list[LogLine] = []
    rows = list(zip(session.actors, session.actions, session.events, session.action_texts,
                    strict=True))
    start = 0 if limit is None else max(0, len(rows) - limit)
    for index in range(start, len(rows)):
        actor, action, events, texts = rows[index]
        move = index + 1
        who = "chance" if actor == CHANCE else names[actor]
        shown = str(action) if seat is None else texts[seat]
        visible = [e for e in events if e.visible_to(seat)]
        secret = shown == str(action) and any(t != str(action) for t in texts)
        before, after = session.after_notes[index], session.after_notes[index + 1]
        score_lines: list[LogLine] = []
        taken: set[int] = set()
        if before is not None and after is not None:
            for s, (old, new) in enumerate(zip(before, after, strict=True)):
                if old == new:
                    continue
                explained = 0.0
                for event in _score_events(visible, s, score_name):
                    amount = (float(event.score) if event.score is not None
                              else _amount(event.text, score_name))
                    if amount is None:
                        continue
                    taken.add(id(event))
                    explained += amount
                    score_lines.append(LogLine(move, "score", namer.text(event.text), s, amount,
                                               _cause(namer.text(event.text), names,
                                                      score_name)))
                rest = (new - old) - explained
                if rest:
                    ended = index + 1 == len(rows) and session.state.outcome is not None
                    cause = ("end of the game, not itemised by the game" if ended
                             else _cause(namer.text(str(action)), names, score_name))
                    score_lines.append(LogLine(move, "score",
                                               f"{names[s]} {score_text(rest, score_name)}",
                                               s, rest,
                                               cause))
                last = score_lines[-1]
                score_lines[-1] = LogLine(last.move, last.kind,
                                          f"{last.text} (now {new:g})", last.seat, last.delta,
                                          last.cause)
        kept = [e for e in visible if id(e) not in taken]
        for_seat = None
        if actor == CHANCE and visible and visible[0].seat is not None:
            for_seat = names[visible[0].seat]
        text = action_line(move, who, shown, kept, namer, secret=secret, for_seat=for_seat)
        if text == f"{move}. " and score_lines:
            text = f"{move}. {who}: {namer.text(str(action))}" if shown else f"{move}. {who}"
        lines.append(LogLine(move, "action", text, None if actor == CHANCE else actor))
        lines.extend(score_lines)
    return lines


def itemised_scores(session: Any, names: Sequence[str], score_name: str,
                    namer: Namer) -> list[tuple[str, list[tuple[str, float]], float]]:
    """Each seat's score summed by cause: ``[(seat name, [(cause, total)], final)]``.

    The first cause is the score at the start; the totals add up to the final
    running score.  Causes are the games' score events with seat names and
    amounts taken out ("delivers orange potion to tower").
    """
    first = session.after_notes[0]
    last = session.after_notes[-1]
    if first is None or last is None:
        return []
    items: list[dict[str, float]] = [{"at the start": float(v)} for v in first]
    for line in build_log(session, None, namer, score_name):
        if line.kind == "score" and line.seat is not None:
            bucket = items[line.seat]
            bucket[line.cause] = bucket.get(line.cause, 0.0) + line.delta
    return [(names[s], [(c, v) for c, v in items[s].items() if v or c == "at the start"],
             float(last[s])) for s in range(len(names))]
