"""The tuning notebook served as a web app (simlab-app: Voilà) in chromium at 1366 x 768.

The page shows the run (its trial table, Pareto front and held-out verdicts) and a picker of
trials; picking a trial and clicking "Open in stepper" opens a stepper whose game has that
trial's options (said on the page), Step works in it, nothing sticks out sideways, and the
page fetches nothing from outside.
"""

from __future__ import annotations

from pathlib import Path

from simlab.widgets.tune_view import load_run, trial_choices
from tests.browser.conftest import ROOT, VIEWPORT, voila_app

NOTEBOOK = ROOT / "notebooks" / "tune.ipynb"
RUN = ROOT / "docs" / "tuning" / "bedpans-3p-small"
#: Elements wider than the page, and the rightmost edge of anything shown.
SIDEWAYS = """(root) => {
  const page = document.querySelector('#rendered_cells');
  const right = Math.max(...[...root.querySelectorAll('*')]
    .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
                 && !e.closest('.simlab-tune-table'))
    .map(e => e.getBoundingClientRect().right));
  return {wide: page.scrollWidth - page.clientWidth, right: right};
}"""


def _sideways(page: object, view: object, after: str) -> None:
    seen = view.evaluate(SIDEWAYS)  # type: ignore[attr-defined]
    assert seen["wide"] <= 1, f"after {after}: the page scrolls sideways by {seen['wide']} px"
    assert seen["right"] <= VIEWPORT["width"] + 0.5, f"after {after}: something ends at " \
        f"{seen['right']:.0f} px"


def test_a_picked_trial_opens_in_the_stepper(page: object, artifacts: Path,
                                             tmp_path: Path) -> None:
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url)  # type: ignore[attr-defined]
            if not r.url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:"))
            else None)
    run, _ = load_run(RUN)
    index = [n for _, n in trial_choices(run)].index(10)
    url, server = voila_app(NOTEBOOK, tmp_path / "voila.log")
    with server:
        page.goto(url)  # type: ignore[attr-defined]
        view = page.locator(".simlab-tune-view").last  # type: ignore[attr-defined]
        view.locator(".simlab-figure-view img").wait_for()
        text = view.inner_text()
        assert "Tuning bedpans, 3 players, for side-balance" in text
        assert "Validated on held-out seeds" in text and "Elders win" in text
        rows = view.locator(".simlab-tune-table tbody tr")
        assert rows.count() == len(run.trials)
        picker = view.locator("select").first
        assert picker.locator("option").count() == len(trial_choices(run))
        first = picker.locator("option").first.inner_text().replace("\xa0", " ")  # ipywidgets
        assert first.startswith("#8 (front) staff_experience False -> True"), first
        _sideways(page, view, "loading")
        page.screenshot(path=str(artifacts / "tune-app-start.png"))  # type: ignore[attr-defined]
        view.locator(".simlab-figure-view").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "tune-app-front.png"))  # type: ignore[attr-defined]
        view.locator(".simlab-tune-table").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "tune-app-trials.png"))  # type: ignore[attr-defined]

        picker.select_option(index=index)
        view.locator("button.simlab-tune-open").click()
        status = view.locator(".simlab-tune-status")
        status.locator("text=Trial 10 is open below").wait_for()
        said = status.inner_text()
        assert "staff_experience = True, do_no_harm = True" in said, said
        assert "walker_count 2 -> 3" in said, said
        stepper = view.locator(".simlab-stepper")
        stepper.locator(".simlab-status", has_text="move 0 ").wait_for()
        stepper.locator(".simlab-board-frame svg").wait_for()
        stepper.locator("button.simlab-step").click()
        stepper.locator(".simlab-status", has_text="move 1 ").wait_for()
        _sideways(page, view, "Open")
        status.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "tune-app-stepper.png"))  # type: ignore[attr-defined]

        picker.select_option(index=0)  # another trial replaces the stepper
        view.locator("button.simlab-tune-open").click()
        status.locator("text=Trial 8 is open below").wait_for()
        assert view.locator(".simlab-stepper").count() == 1
        assert "staff_experience = True, do_no_harm = False" in status.inner_text()
    assert outside == [], "the page fetched nothing from outside"
