"""A study notebook served as a web app (simlab-app: Voilà) in chromium at 1366 x 768: the
study's figure is drawn again for the width the panel gets, shown at one px a point (so its
text, 11 pt or more, is 11 px or more on the screen), and nothing sticks out sideways."""

from __future__ import annotations

from pathlib import Path

from tests.browser.conftest import ROOT, VIEWPORT, voila_app

NOTEBOOK = ROOT / "notebooks" / "study-broom-service-steals.ipynb"
SHOWN = """(root) => {
  const img = root.querySelector('.simlab-figure-view img');
  const box = root.querySelector('.simlab-figure-view');
  return [img.naturalWidth, img.getBoundingClientRect().width, box.clientWidth,
          img.getBoundingClientRect().right, document.querySelector('#rendered_cells').scrollWidth,
          document.querySelector('#rendered_cells').clientWidth, img.dataset.digest];
}"""


def test_the_study_figure_is_drawn_for_the_width_it_gets(page: object, artifacts: Path,
                                                          tmp_path: Path) -> None:
    url, server = voila_app(NOTEBOOK, tmp_path / "voila.log")
    with server:
        page.goto(url)  # type: ignore[attr-defined]
        panel = page.locator(".simlab-study-panel").last  # type: ignore[attr-defined]
        panel.locator(".simlab-figure-view img").wait_for()
        page.wait_for_function(  # the figure drawn again for the measured width
            """() => { const v = document.querySelector('.simlab-figure-view');
                       const i = v && v.querySelector('img');
                       return i && i.naturalWidth > 0
                         && Math.abs(i.getBoundingClientRect().width - v.clientWidth) <= 10; }""")
        natural, shown, room, right, wide, view, _ = panel.evaluate(SHOWN)
        assert abs(shown - room) <= 10, (shown, room)  # drawn for the width it gets
        assert abs(natural - 2 * shown) <= 3, (natural, shown)  # one px a point, sharp at 2x
        assert right <= VIEWPORT["width"] and wide <= view + 1, (right, wide, view)
        panel.locator(".simlab-figure-view").scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / "study-panel.png"))  # type: ignore[attr-defined]
