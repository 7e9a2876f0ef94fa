"""Each stepping notebook served as a web app (simlab-app: Voilà), in Debian's chromium,
in a window the size of a laptop's screen (1366 x 768).

Screenshots at move 0, in mid-game and at the game's end (a finished game's record
loaded) go to test-artifacts/.  After every click of Step, Turn, Back, Do it and Play
(and on every Play tick looked at), the buttons, the whose-turn line and the whole board
frame are in the window, the page has not scrolled and nothing sticks out sideways; the
board is scaled to its frame, its text is 10.5 px or more, and the legend and the seat
panel are there.  At the end a winner banner shows and the board's title no longer names a
seat to act.  A reload goes on with the game; closing the page shuts its kernel down.  The
page fetches nothing from outside.  In every game a click on a highlighted place of the
board applies the action there.
"""

from __future__ import annotations

import dataclasses
import re
import time
from pathlib import Path
from typing import Any

import pytest

import simlab
from simlab.widgets import HUMAN, TurnStepper
from simlab.widgets.render import GameRenderer
from tests.browser.conftest import ROOT, VIEWPORT, voila_app

STEPPERS = sorted((ROOT / "notebooks").glob("*-stepper.ipynb"))
MIN_WIDTH, MIN_HEIGHT = 600, 420
#: The smallest text on a board scaled to its frame at 1366 x 768 (9 pt drawn is 12 px).
MIN_TEXT_PX = 10.5
TEXT_PX = """(root) => {
  const svg = root.querySelector('svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')]
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
  return [sizes.length, Math.min(...sizes)];
}"""
#: Where the controls, the whose-turn line and the board are, and how far the page scrolled.
PLACES = """(root) => {
  const box = (sel) => {
    const e = root.querySelector(sel);
    if (!e || !e.offsetParent) { return null; }
    const r = e.getBoundingClientRect();
    return [sel, r.left, r.top, r.right, r.bottom];
  };
  const scrolled = [...document.querySelectorAll('*')]
    .filter(e => e.scrollTop > 0
            && !e.closest('.simlab-log, .simlab-side-rest, .simlab-board-frame'))
    .map(e => e.id || e.className);
  const wide = [...document.querySelectorAll('#rendered_cells, body, html')]
    .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.id || e.tagName);
  return {boxes: ['button.simlab-back', 'button.simlab-step', 'button.simlab-turn',
                  '.simlab-play', '.simlab-status', '.simlab-board-frame',
                  '.simlab-actions select', 'button.simlab-do'].map(box).filter(b => b),
          scrolled: scrolled, wide: wide, scrollY: window.scrollY,
          side: root.querySelector('.simlab-side').getBoundingClientRect().right};
}"""


def _app(notebook: Path, tmp_path: Path) -> tuple[str, Any]:
    """The app's URL and its server (``simlab-app``: the template that fetches nothing)."""
    return voila_app(notebook, tmp_path / "voila.log")


def _status(stepper: object) -> str:
    return stepper.locator(".simlab-status").inner_text()  # type: ignore[attr-defined]


def _in_view(page: object, stepper: object, after: str) -> None:
    """The buttons, the whose-turn line and the board frame are in the window, unscrolled."""
    seen = stepper.evaluate(PLACES)  # type: ignore[attr-defined]
    width, height = VIEWPORT["width"], VIEWPORT["height"]
    for sel, left, top, right, bottom in seen["boxes"]:
        assert left >= 0 and top >= 0 and right <= width + 0.5 and bottom <= height + 0.5, \
            f"after {after}: {sel} out of the window ({left:.0f},{top:.0f})-" \
            f"({right:.0f},{bottom:.0f})"
    names = {b[0] for b in seen["boxes"]}
    assert {"button.simlab-step", ".simlab-status", ".simlab-board-frame"} <= names, names
    assert seen["scrolled"] == [] and seen["scrollY"] == 0, f"after {after}: page scrolled {seen}"
    assert seen["wide"] == [], f"after {after}: sideways overflow in {seen['wide']}"
    side = dict((b[0], b) for b in seen["boxes"])
    if ".simlab-actions select" in side:  # the action list is not cut off at the right
        assert side[".simlab-actions select"][3] <= seen["side"] + 0.5, (side, seen["side"])


def _check_board(stepper: object) -> None:
    frame = stepper.locator(".simlab-board-frame")  # type: ignore[attr-defined]
    box = frame.bounding_box()
    assert box["width"] >= MIN_WIDTH and box["height"] >= MIN_HEIGHT, box
    width, room, tall, room_h = frame.evaluate(
        "(f) => [f.scrollWidth, f.clientWidth, f.scrollHeight, f.clientHeight]")
    assert width <= room + 1 and tall <= room_h + 1, \
        f"the board is scaled to its frame ({width}x{tall} in {room}x{room_h} px)"
    count, smallest = frame.evaluate(TEXT_PX)
    assert count > 10 and smallest >= MIN_TEXT_PX, (count, smallest)
    assert frame.locator("svg [id^='legend']").count() >= 1, "a legend"
    assert stepper.locator(".simlab-seat-panel").count() == 1  # type: ignore[attr-defined]
    assert "Viewing as" in stepper.locator(".simlab-banner").inner_text()  # type: ignore[attr-defined]


def _click(page: object, stepper: object, selector: str, name: str) -> None:
    """Click a button, wait until the whose-turn line changed, check what is in view."""
    before = _status(stepper)
    stepper.locator(selector).click()  # type: ignore[attr-defined]
    page.wait_for_function(  # type: ignore[attr-defined]
        "(old) => document.querySelector('.simlab-stepper .simlab-status').innerText !== old",
        arg=before)
    _in_view(page, stepper, name)


def _records(notebook: Path, tmp_path: Path) -> tuple[Path, Path]:
    """A finished game of the notebook's seats and seed, and its first half."""
    name = notebook.stem.removesuffix("-stepper")
    source = notebook.read_text()
    players = int(source.split("players=")[1].split(",")[0])
    seed = int(source.split("seed=")[1].split(")")[0])
    game = simlab.load_game(name, players=players)
    record = simlab.play(game, GameRenderer(game).policies(), seed=seed)
    path = tmp_path / "finished.json"
    record.save(path)
    half = len(record.actions) // 2
    first = dataclasses.replace(record, actions=record.actions[:half],
                                actors=record.actors[:half], outcome=None)
    first.save(tmp_path / "half.json")
    return tmp_path / "half.json", path


@pytest.mark.parametrize("notebook", STEPPERS, ids=lambda p: p.stem)
def test_stepper_app_at_start_mid_game_and_end(notebook: Path, page: object, artifacts: Path,
                                               tmp_path: Path) -> None:
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url)  # type: ignore[attr-defined]
            if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
            else None)
    half, record = _records(notebook, tmp_path)
    url, server = _app(notebook, tmp_path)
    with server:
        page.goto(url)  # type: ignore[attr-defined]
        stepper = page.locator(".simlab-stepper").last  # type: ignore[attr-defined]
        stepper.locator(".simlab-status", has_text="move 0 ").wait_for()
        stepper.locator(".simlab-board-frame svg").wait_for()
        _check_board(stepper)
        _in_view(page, stepper, "loading")
        page.screenshot(path=str(artifacts / f"{notebook.stem}-start.png"))  # type: ignore[attr-defined]
        for _ in range(2):
            _click(page, stepper, "button.simlab-turn", "Turn")
        for _ in range(3):
            _click(page, stepper, "button.simlab-step", "Step")
        _click(page, stepper, "button.simlab-back", "Back")
        assert "move 0 " not in _status(stepper)
        assert stepper.locator(".simlab-log div").count() >= 2
        stepper.locator(".simlab-play").click()
        stepper.locator(".simlab-play", has_text="Pause").wait_for()
        for _ in range(4):  # Play ticks: Pause and the whose-turn line stay in view
            before = _status(stepper)
            page.wait_for_function(  # type: ignore[attr-defined]
                "(old) => document.querySelector('.simlab-stepper .simlab-status')"
                ".innerText !== old", arg=before)
            _in_view(page, stepper, "a Play tick")
        stepper.locator(".simlab-play").click()
        stepper.locator(".simlab-play", has_text="Play").wait_for()
        stepper.locator(".simlab-record input").fill(str(half))
        stepper.locator("button.simlab-load").click()
        stepper.locator(".simlab-message", has_text="loaded").wait_for()
        half_moves = len(simlab.GameRecord.load(half).actions)
        stepper.locator(".simlab-status", has_text=f"move {half_moves} ").wait_for()
        _check_board(stepper)
        page.evaluate("document.querySelector('#rendered_cells').scrollTop = 0")  # type: ignore[attr-defined]
        _in_view(page, stepper, "Load")
        page.screenshot(path=str(artifacts / f"{notebook.stem}-mid.png"))  # type: ignore[attr-defined]
        stepper.locator(".simlab-record input").fill(str(record))
        stepper.locator("button.simlab-load").click()
        stepper.locator(".simlab-status", has_text="game over").wait_for()
        _check_board(stepper)
        if GameRenderer(simlab.load_game(notebook.stem.removesuffix("-stepper"))).hook \
                .__class__.__dict__.get("scores"):
            assert "Final scores, itemised" in stepper.inner_text()
        winner = stepper.locator(".simlab-winner")
        assert re.search(r"Game over: .* wins?|nobody wins", winner.inner_text())
        titles = stepper.locator(".simlab-board-frame svg text").evaluate_all(
            "(els) => els.map((e) => e.textContent)")
        assert not any("to act" in t for t in titles), "the board's title names no one to act"
        assert any("Game over" in t or "game over" in t for t in titles), titles[:5]
        page.evaluate("document.querySelector('#rendered_cells').scrollTop = 0")  # type: ignore[attr-defined]
        _in_view(page, stepper, "Load of a finished game")
        page.screenshot(path=str(artifacts / f"{notebook.stem}-end.png"))  # type: ignore[attr-defined]
    assert outside == [], "the page fetched nothing from outside"


def test_a_reload_goes_on_with_the_game_and_closing_shuts_the_kernel_down(
        browser: object, tmp_path: Path) -> None:
    """The browser keeps the game: a reload shows the same move; Voilà's shutdown request
    on leaving the page is accepted (it sends the ``_xsrf`` cookie), so no kernel is left."""
    notebook = ROOT / "notebooks" / "bad_doctor-stepper.ipynb"
    url, server = _app(notebook, tmp_path)
    log = tmp_path / "voila.log"
    with server:
        context = browser.new_context(viewport=VIEWPORT)  # type: ignore[attr-defined]
        page = context.new_page()
        page.set_default_timeout(90_000)
        page.goto(url)
        stepper = page.locator(".simlab-stepper").last
        stepper.locator(".simlab-status", has_text="move 0 ").wait_for()
        for _ in range(3):
            _click(page, stepper, "button.simlab-turn", "Turn")
        moves = int(re.search(r"move (\d+) ", _status(stepper))[1])  # type: ignore[index]
        last = stepper.locator(".simlab-log div.action").last.inner_text()
        first_kernel = page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        page.reload()
        stepper = page.locator(".simlab-stepper").last
        stepper.locator(".simlab-message", has_text="went on with the game").wait_for()
        stepper.locator(".simlab-status", has_text=f"move {moves} ").wait_for()
        assert stepper.locator(".simlab-log div.action").last.inner_text() == last
        deadline = time.monotonic() + 30
        while f"Kernel shutdown: {first_kernel}" not in log.read_text() \
                and time.monotonic() < deadline:
            time.sleep(0.3)
        assert f"Kernel shutdown: {first_kernel}" in log.read_text(), "the reload shut it down"
        kernel = page.evaluate(
            "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        stepper.locator("button.simlab-reset").click()
        stepper.locator(".simlab-status", has_text="move 0 ").wait_for()
        page.close(run_before_unload=True)
        deadline = time.monotonic() + 30
        while f"Kernel shutdown: {kernel}" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.3)
        text = log.read_text()
        context.close()
    assert f"Kernel shutdown: {kernel}" in text, "closing the page shut its kernel down"
    assert "_xsrf' argument missing" not in text


def _twin(notebook: Path) -> TurnStepper:
    """The notebook's stepper in this process, its first seat human as the test sets it."""
    name = notebook.stem.removesuffix("-stepper")
    source = notebook.read_text()
    players = int(source.split("players=")[1].split(",")[0])
    seed = int(source.split("seed=")[1].split(")")[0])
    game = simlab.load_game(name, players=players)
    return TurnStepper(game, policies=[HUMAN, *GameRenderer(game).policies()[1:]], seed=seed)


def _line(stepper: object, move: int) -> str:
    line = stepper.locator(f".simlab-log div.action[data-move='{move}']")  # type: ignore[attr-defined]
    line.wait_for()
    return str(line.inner_text())


@pytest.mark.parametrize("notebook", STEPPERS, ids=lambda p: p.stem)
def test_a_click_on_a_highlighted_place_applies_the_action_there(
        notebook: Path, page: object, artifacts: Path, tmp_path: Path) -> None:
    """The first seat made human; at its first decision with places on the board, a click on
    a highlighted place applies the action there (or, where several share it, offers them and
    "Do it" applies the one chosen): the log's line is that of the same click made on the
    same game in this process."""
    twin = _twin(notebook)
    url, server = _app(notebook, tmp_path)
    with server:
        page.goto(url)  # type: ignore[attr-defined]
        stepper = page.locator(".simlab-stepper").last  # type: ignore[attr-defined]
        stepper.locator(".simlab-board-frame svg").wait_for()
        stepper.locator(".widget-dropdown select").nth(1).select_option("human")
        stepper.locator("button.simlab-reset").click()
        stepper.locator(".simlab-status", has_text="move 0 ").wait_for()
        target = stepper.locator(".simlab-board-frame [data-target]")
        for _ in range(60):
            if twin.session.waiting_for is None:  # on to the first seat's next decision
                twin.turn_button.click()
                stepper.locator("button.simlab-turn").click()
            elif twin.board.targets:
                break
            else:
                twin.do_button.click()
                stepper.locator("button.simlab-do").click()
            stepper.locator(".simlab-status", has_text=f"move {twin.session.moves} ").wait_for()
            _in_view(page, stepper, "Turn or Do it")
        stepper.locator(".simlab-status", has_text="your decision").wait_for()
        _in_view(page, stepper, "reaching a decision")  # the action list too
        assert twin.board.targets, "the first seat reached a decision with a place on the board"
        target.first.wait_for()
        assert sorted({t.get_attribute("data-target") for t in target.all()}) == \
            sorted(twin.board.targets)
        page.screenshot(path=str(artifacts / f"{notebook.stem}-places.png"))  # type: ignore[attr-defined]
        key = target.first.get_attribute("data-target")
        tip = target.first.locator(":scope > title").text_content()
        assert tip == twin.board.titles[key] and tip, "the place's tooltip names its actions"
        moves = twin.session.moves
        twin.board.click(key)
        target.first.click()
        if twin.session.moves == moves:  # several actions there: the menu of them
            assert "actions at" in twin.human_note.value
            stepper.locator(".simlab-actions", has_text="actions at").wait_for()
            twin.do_button.click()
            stepper.locator("button.simlab-do").click()
        stepper.locator(".simlab-status", has_text=f"move {twin.session.moves} ").wait_for()
        _in_view(page, stepper, "a click on the board")
        assert twin.session.before_notes[moves] == key  # the action applied is one there
        expected = next(line.text for line in twin._log_lines(None)
                        if line.move == moves + 1 and line.kind == "action")
        assert _line(stepper, moves + 1) == expected
        page.screenshot(path=str(artifacts / f"{notebook.stem}-click.png"))  # type: ignore[attr-defined]
