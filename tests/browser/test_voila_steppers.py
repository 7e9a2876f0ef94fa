"""Each stepping notebook served as a web app (simlab-app: Voilà), in Debian's chromium.

Screenshots at move 0, in mid-game and at the game's end (a finished game's record
loaded) go to test-artifacts/; at each, the board keeps its minimum size, its text is
11 px or more, and the legend and the seat panel are there.  The page fetches nothing
from outside.  In Broom Service a click on the board applies the action there.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

import simlab
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


def test_a_click_on_the_board_moves_a_witch_in_broom_service(page: object, artifacts: Path,
                                                             tmp_path: Path) -> None:
    notebook = ROOT / "notebooks" / "broom_service-stepper.ipynb"
    url, server = _app(notebook, tmp_path)
    with server:
        page.goto(url)  # type: ignore[attr-defined]
        stepper = page.locator(".simlab-stepper").last  # type: ignore[attr-defined]
        stepper.locator(".simlab-board-frame svg").wait_for()
        stepper.locator(".widget-dropdown select").nth(1).select_option("human")  # Red
        stepper.locator("button.simlab-reset").click()
        stepper.locator(".simlab-status", has_text="move 0 ").wait_for()
        stepper.locator("button.simlab-turn").click()  # on to Red's first decision
        stepper.locator(".simlab-status", has_text="your decision").wait_for()
        target = stepper.locator(".simlab-board-frame [data-target]")
        for _ in range(40):
            if target.count():
                break
            before = _status(stepper)
            stepper.locator("button.simlab-do").click()
            page.wait_for_function(  # type: ignore[attr-defined]
                "(old) => document.querySelector('.simlab-stepper .simlab-status')"
                ".innerText !== old", arg=before)
            stepper.locator(".simlab-status", has_text="your decision").wait_for()
        assert target.count(), "Red reached a decision with a place on the board"
        key = target.first.get_attribute("data-target")
        moves = int(_status(stepper).split()[1])
        target.first.click()
        line = stepper.locator(".simlab-log div", has_text=f"{moves + 1}. Red: ")
        line.wait_for()
        assert key in line.inner_text()
        page.screenshot(path=str(artifacts / "broom_service-click.png"))  # type: ignore[attr-defined]

