"""Every passage docs/rulings/*.md quotes occurs in its rulebook, verbatim (issue 34).

A quote is any text between double quotes ("…" or “…”) in a rulings file, outside code
spans (`…`); quotes nest (``"an "exit" space"`` is one quote holding another).  It must
occur in the game's rulebook text, ``../shared/rules/<book>.txt`` beside the checkout,
ignoring only whitespace and line breaks: typos, hyphens at line ends and, in
``hospital-rush.txt``, the lost ligatures (" e" for "The") are quoted as the text has
them (a lost ligature is a private-use character that shows as nothing, left out).  An
ellipsis ("…" or "...") or "[…]" in a quote is a gap: each part must occur, in order.
"[sic]" (or "[sic: the right word]") after a word the text has wrong is not part of the
quote.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The rulebooks: ``shared/`` is laid beside the checkout (in CI and on the workstations).
RULES = ROOT.parent / "shared" / "rules"
RULINGS = ROOT / "docs" / "rulings"
#: Each rulings file and the rulebook it quotes.
BOOKS = {
    "bad_doctor.md": "bad-doctor.txt",
    "bedpans.md": "bedpans-and-broomsticks.txt",
    "broom_service.md": "broom-service.txt",
    "hospital_rush.md": "hospital-rush.txt",
}

_CODE = re.compile(r"`[^`]*`")
_GAP = re.compile(r"\[(?:…|\.\.\.)\]|…|\.\.\.")
_SIC = re.compile(r"\s*\[sic(?::[^\]]*)?\]")
_SPACE = re.compile(r"\s+")
#: Unicode's private use area: ``hospital-rush.txt`` has a lost ligature as one of these
#: characters, which show as nothing, before a space (" e" reads "The").
_PRIVATE = re.compile("[\ue000-\uf8ff]")


def _squeeze(text: str) -> str:
    return _SPACE.sub("", text)


def quotes(markdown: str) -> list[tuple[int, str]]:
    """The quoted passages of a Markdown text, with the line each starts on.

    Straight quotes pair by position: one after a letter, digit or punctuation mark and
    before a space, punctuation or the end closes the innermost open quote; any other
    opens one.  Curly quotes say which they are.  Code spans are skipped, and a
    blockquote's ``>`` markers are dropped, so a quote may run over several lines.

    Examples
    --------
    >>> quotes('He said "an "exit" space" and “Next!”; `"code"` is skipped.')
    [(1, 'an "exit" space'), (1, 'Next!')]
    >>> quotes('> "one\\n> two" (l.3) "three"')
    [(1, 'one\\n  two'), (2, 'three')]
    """
    text = _CODE.sub(lambda m: " " * len(m.group()), markdown)
    text = re.sub(r"(?m)^>", " ", text)
    found: list[tuple[int, str]] = []
    stack: list[tuple[int, str]] = []  # (start offset, opening mark)
    for i, ch in enumerate(text):
        if ch not in "\"“”":
            continue
        before = text[i - 1] if i else " "
        after = text[i + 1] if i + 1 < len(text) else " "
        if ch == "“":
            closes = False
        elif ch == "”":
            closes = True
        else:
            closes = bool(stack) and not before.isspace() and (
                after.isspace() or not after.isalnum())
        if not closes:
            stack.append((i, ch))
            continue
        if not stack:
            continue
        start, _ = stack.pop()
        if not stack:  # an outermost quote ends
            found.append((text.count("\n", 0, start) + 1, text[start + 1:i]))
    return found


def book_text(name: str) -> str:
    """A rulebook text as :func:`occurs` reads it: no whitespace, and no character of the
    private use area (the lost ligatures)."""
    return _PRIVATE.sub("", _squeeze((RULES / name).read_text(encoding="utf-8")))


def occurs(quote: str, book: str) -> bool:
    """Whether ``quote`` occurs in ``book`` (a text with no whitespace, as from
    :func:`book_text`; the quote's is squeezed out here), its parts in order where it has
    gaps.

    Examples
    --------
    >>> occurs("roll 2 … the sum", "roll2dice.Move2,thesum")
    True
    >>> occurs("the sum … roll 2", "roll2dice,thesum")
    False
    >>> occurs("spaces [sic] here", "thespaceshere")
    True
    >>> occurs("treating patient [sic: player] each", "thetreatingpatienteach")
    True
    """
    at = 0
    for part in _GAP.split(_SIC.sub("", quote)):
        part = _squeeze(part)
        if not part:
            continue
        at = book.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


def _cases() -> list:
    return [pytest.param(name, book, id=name) for name, book in BOOKS.items()]


@pytest.mark.parametrize(("rulings", "book"), _cases())
def test_every_quote_in_the_rulings_is_verbatim_in_the_rulebook(rulings, book):
    if not RULES.is_dir():
        pytest.skip(f"no rulebook texts at {RULES} (shared/ is laid beside the checkout)")
    text = book_text(book)
    found = quotes((RULINGS / rulings).read_text(encoding="utf-8"))
    assert found, f"{rulings}: no quote found"
    wrong = [f"{rulings}:{line}: {q!r}" for line, q in found if not occurs(q, text)]
    assert not wrong, f"{len(wrong)} quotes not in {book}:\n" + "\n".join(wrong)


def test_a_quote_with_one_word_changed_is_caught():
    """The Bad Doctor quote issue 34 found ("space" for the text's "spaces", l.102) fails,
    the verbatim one passes, and so does a quote whose parts are out of order."""
    if not RULES.is_dir():
        pytest.skip(f"no rulebook texts at {RULES} (shared/ is laid beside the checkout)")
    book = book_text("bad-doctor.txt")
    right = "no open Malady spaces on the Patient AND all connected Treatment Tiles"
    assert occurs(right, book)
    assert not occurs(right.replace("spaces", "space"), book)
    assert occurs("Step 3: Add Complication Cubes … the Patient dies.", book)
    assert not occurs("the Patient dies. … Step 3: Add Complication Cubes", book)
    hospital = book_text("hospital-rush.txt")
    assert occurs(" e youngest player receives the starting player marker.", hospital)
    assert not occurs("The youngest player receives the starting player marker.", hospital)
