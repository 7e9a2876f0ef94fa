"""Each stepping notebook served by Voilà, driven in a real browser (Debian chromium)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import ROOT, free_port, jupyter_command, serve

STEPPERS = sorted((ROOT / "notebooks").glob("*-stepper.ipynb"))


def _shown(stepper: object) -> tuple[str, str, str]:
    """Status, log text and picture digest of the stepper on the page."""
    status = stepper.locator(".simlab-status").inner_text()  # type: ignore[attr-defined]
    log = stepper.locator(".simlab-log").inner_text()  # type: ignore[attr-defined]
    digest = stepper.locator("img[data-digest]").get_attribute(  # type: ignore[attr-defined]
        "data-digest")
    return status, log, digest or ""


def _click_and_wait(page: object, stepper: object, name: str, moves: int) -> None:
    stepper.locator(f"button.simlab-{name}").click()  # type: ignore[attr-defined]
    stepper.locator(".simlab-status", has_text=f"move {moves} ").wait_for()  # type: ignore[attr-defined]


@pytest.mark.parametrize("notebook", STEPPERS, ids=lambda p: p.stem)
def test_step_and_back_in_voila(notebook: Path, page: object, artifacts: Path,
                                tmp_path: Path) -> None:
    port = free_port()
    command = [*jupyter_command("voila"), str(notebook), "--no-browser", f"--port={port}",
               "--Voila.ip=127.0.0.1"]
    url = f"http://127.0.0.1:{port}/"
    with serve(command, url, cwd=notebook.parent, log=tmp_path / "voila.log"):
        page.goto(url)  # type: ignore[attr-defined]
        stepper = page.locator(".simlab-stepper").last  # type: ignore[attr-defined]
        stepper.locator(".simlab-status", has_text="move 0 ").wait_for()
        seen = [_shown(stepper)]
        for moves in range(1, 5):
            _click_and_wait(page, stepper, "step", moves)
            seen.append(_shown(stepper))
        assert seen[4][1] != seen[0][1], "the log changed"
        assert seen[4][2] != seen[0][2], "the picture changed"
        assert len(seen[4][1].splitlines()) == 4
        _click_and_wait(page, stepper, "back", 3)
        assert _shown(stepper) == seen[3], "Back restored the log and the picture"
        # Play animates from the browser's clock (no kernel thread); clicking again pauses.
        play = stepper.locator(".widget-play button").first
        play.click()
        stepper.locator(".simlab-status", has_text="move 5 ").wait_for()
        play.click()
        page.wait_for_timeout(1000)  # type: ignore[attr-defined]  # a tick sent before the pause
        paused = _shown(stepper)
        page.wait_for_timeout(1500)  # type: ignore[attr-defined]
        assert _shown(stepper) == paused, "paused: no more steps"
        assert int(paused[0].split()[1]) >= 5
        page.screenshot(path=str(artifacts / f"voila-{notebook.stem}.png"),  # type: ignore[attr-defined]
                        full_page=True)
