"""docs/studies holds only generated findings (issue 32 §3): every page is stamped with
the command that wrote it, its commit and date; no hand-written notes folder; every
link of the findings pages and of the dated history records resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simlab.cli.balance import ALL_GAMES
from simlab.lab.study_pages import STUDIES

ROOT = Path(__file__).resolve().parents[2]
STUDIES_DIR = ROOT / "docs" / "studies"
HISTORY = ROOT / "docs" / "history"
PAGES = sorted(STUDIES_DIR.rglob("*.md"))
#: The stamp every generated page carries in its head.
COMMAND = re.compile(r"^- command: `simlab balance --all\b[^`]*`$", re.MULTILINE)
COMMIT = re.compile(r"^- commit [0-9a-f]{7,40}(\+dirty)?, written "
                    r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$", re.MULTILINE)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def stamped(text: str) -> list[str]:
    """What a page's head lacks of the generated stamp (empty: stamped)."""
    head = "\n".join(text.splitlines()[:12])
    missing = []
    if not re.match(r"# .+ \(generated\)$", text.splitlines()[0] if text else ""):
        missing.append("a title ending '(generated)'")
    if "do not edit it by hand" not in head:
        missing.append("'do not edit it by hand'")
    if not COMMAND.search(head):
        missing.append("the command (simlab balance --all ...)")
    if not COMMIT.search(head):
        missing.append("the commit and date")
    return missing


def test_the_stamp_check_finds_a_hand_written_page():
    assert stamped("# Notes\n\nSome numbers: 0.55 of 200 games.\n") == [
        "a title ending '(generated)'", "'do not edit it by hand'",
        "the command (simlab balance --all ...)", "the commit and date"]
    page = ("# X: designer studies (generated)\n\nThis page is generated; do not edit it by "
            "hand.\n\n- command: `simlab balance --all x --out docs/studies`\n"
            "- commit 0123abcd, written 2026-12-04T16:00:00+00:00\n")
    assert stamped(page) == []
    assert stamped(page.replace("0123abcd", "unknown")) == ["the commit and date"]


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(STUDIES_DIR)) for p in PAGES])
def test_every_page_under_docs_studies_is_generated_and_stamped(page):
    assert stamped(page.read_text(encoding="utf-8")) == []


def test_docs_studies_holds_no_hand_written_notes():
    assert not (STUDIES_DIR / "notes").exists()
    made = {".md", ".csv", ".png"}
    assert sorted(str(p.relative_to(STUDIES_DIR)) for p in STUDIES_DIR.rglob("*")
                  if p.is_file() and p.suffix not in made) == []


def test_every_game_has_its_balance_page_and_designer_studies():
    assert sorted(p.name for p in STUDIES_DIR.glob("*.md")) == sorted(
        f"{game}.md" for game, _ in ALL_GAMES)
    for game in STUDIES:
        assert (STUDIES_DIR / game / "studies.md").is_file(), game


@pytest.mark.parametrize("page", PAGES + sorted(HISTORY.glob("*.md")),
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_resolves(page):
    targets = LINK.findall(page.read_text(encoding="utf-8"))
    broken = [t for t in targets if "://" not in t and not (page.parent / t).exists()]
    assert broken == []


def test_the_history_records_are_dated_records_of_past_code():
    records = sorted(HISTORY.glob("*-search-players.md"))
    assert [p.name for p in records] == [f"{g}-search-players.md" for g in sorted(STUDIES)]
    for record in records:
        text = record.read_text(encoding="utf-8")
        assert "a dated record" in text.splitlines()[0]
        assert "A record of past code, not a current finding." in text
        assert re.search(r"20\d\d-\d\d-\d\d", text), record.name
