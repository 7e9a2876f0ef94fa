"""Each stepping notebook served as a web app (simlab-app: Voilà), in Debian's chromium.

Screenshots at move 0, in mid-game and at the game's end (a finished game's record
loaded) go to test-artifacts/; at each, the board keeps its minimum size and fits its
frame's width, its text is 11 px or more, and the legend and the seat panel are there.
The page fetches nothing from outside.  In every game a click on a highlighted place of
the board applies the action there.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

import simlab
from simlab.widgets import HUMAN, TurnStepper
from simlab.widgets.app import command, environment
from simlab.widgets.render import GameRenderer
from tests.browser.conftest import ROOT, free_port, serve, server_env

STEPPERS = sorted((ROOT / "notebooks").glob("*-stepper.ipynb"))
MIN_WIDTH, MIN_HEIGHT = 700, 480
TEXT_PX = """(root) => {
  const svg = root.querySelector('svg');
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll('text')]
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
  return [sizes.length, Math.min(...sizes)];
}"""


def _app(notebook: Path, tmp_path: Path) -> tuple[str, Any]:
    """The app's URL and its server (``simlab-app``: the template that fetches nothing)."""
    port = free_port()
    args = [str(notebook), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    url = f"http://127.0.0.1:{port}/"
    return url, serve(command(args), url, cwd=notebook.parent, log=tmp_path / "voila.log",
                      env=environment(server_env()))


def _status(stepper: object) -> str:
    return stepper.locator(".simlab-status").inner_text()  # type: ignore[attr-defined]


def _check_board(stepper: object) -> None:
    frame = stepper.locator(".simlab-board-frame")  # type: ignore[attr-defined]
    box = frame.bounding_box()
    assert box["width"] >= MIN_WIDTH and box["height"] >= MIN_HEIGHT, box
    width, room = frame.evaluate("(f) => [f.scrollWidth, f.clientWidth]")
    assert width <= room + 1, f"the board fits its frame at 100 % ({width} > {room} px)"
    count, smallest = frame.evaluate(TEXT_PX)
    assert count > 10 and smallest >= 11, (count, smallest)
    assert frame.locator("svg [id^='legend']").count() >= 1, "a legend"
    assert stepper.locator(".simlab-seat-panel").count() == 1  # type: ignore[attr-defined]
    assert "Viewing as" in stepper.locator(".simlab-banner").inner_text()  # type: ignore[attr-defined]


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
        page.screenshot(path=str(artifacts / f"{notebook.stem}-start.png"))  # type: ignore[attr-defined]
        for _ in range(2):
            before = _status(stepper)
            stepper.locator("button.simlab-turn").click()
            page.wait_for_function(  # type: ignore[attr-defined]
                "(old) => document.querySelector('.simlab-stepper .simlab-status')"
                ".innerText !== old", arg=before)
        assert "move 0 " not in _status(stepper)
        assert stepper.locator(".simlab-log div").count() >= 2
        stepper.locator(".simlab-record input").fill(str(half))
        stepper.locator("button.simlab-load").click()
        stepper.locator(".simlab-message", has_text="loaded").wait_for()
        half_moves = len(simlab.GameRecord.load(half).actions)
        stepper.locator(".simlab-status", has_text=f"move {half_moves} ").wait_for()
        _check_board(stepper)
        page.evaluate("window.scrollTo(0, 0)")  # type: ignore[attr-defined]
        page.screenshot(path=str(artifacts / f"{notebook.stem}-mid.png"))  # type: ignore[attr-defined]
        stepper.locator(".simlab-record input").fill(str(record))
        stepper.locator("button.simlab-load").click()
        stepper.locator(".simlab-status", has_text="game over").wait_for()
        _check_board(stepper)
        if GameRenderer(simlab.load_game(notebook.stem.removesuffix("-stepper"))).hook \
                .__class__.__dict__.get("scores"):
            assert "Final scores, itemised" in stepper.inner_text()
        page.evaluate("window.scrollTo(0, 0)")  # type: ignore[attr-defined]
        page.screenshot(path=str(artifacts / f"{notebook.stem}-end.png"))  # type: ignore[attr-defined]
    assert outside == [], "the page fetched nothing from outside"


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
        stepper.locator(".simlab-status", has_text="your decision").wait_for()
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
        assert twin.session.before_notes[moves] == key  # the action applied is one there
        expected = next(line.text for line in twin._log_lines(None)
                        if line.move == moves + 1 and line.kind == "action")
        assert _line(stepper, moves + 1) == expected
        page.screenshot(path=str(artifacts / f"{notebook.stem}-click.png"))  # type: ignore[attr-defined]
