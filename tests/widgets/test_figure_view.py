"""FigureView and for_width: a study's figure drawn for the width the page gives it."""

from __future__ import annotations

import base64
import struct

from matplotlib.text import Text

from simlab.widgets import StudyPanel
from simlab.widgets.figure_view import for_width


def _png_size(data: str) -> tuple[int, int]:
    raw = base64.b64decode(data)
    assert raw[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", raw[16:24])  # the IHDR chunk: width, height


def test_the_study_figure_is_drawn_again_for_the_width_the_page_gives_it() -> None:
    panel = StudyPanel("broom-service-steals", games=40, seed=2, players=("3",))
    panel.run()
    assert panel.figure.shown_width == 900  # before the page has measured the panel
    first = panel.figure.digest
    panel.figure.width = 700  # as the browser sends it
    assert panel.figure.shown_width == 700 and panel.figure.digest != first
    width, height = _png_size(panel.figure.png)
    assert abs(width - 2 * 700) <= 2  # drawn at twice the px it is shown at
    fig = for_width(panel.result.plot(), 700)
    texts = [t for t in fig.findobj(Text) if t.get_text()]
    assert texts and min(t.get_fontsize() for t in texts) >= 11  # 11 px as shown
    assert abs(fig.get_size_inches()[0] * 72 - 700) < 1
    assert abs(height / 2 - fig.get_size_inches()[1] * 72) <= 2


def test_for_width_keeps_the_shape_within_bounds() -> None:
    panel = StudyPanel("broom-service-steals", games=20, seed=2, players=("3",))
    panel.run()
    w, h = panel.result.plot().get_size_inches()
    fig = for_width(panel.result.plot(), 900)
    assert abs(fig.get_size_inches()[1] / fig.get_size_inches()[0] - h / w) < 1e-9
    assert for_width(panel.result.plot(), 100).get_size_inches()[0] * 72 == 480
    wide = for_width(panel.result.plot(), 1600)
    assert wide.get_size_inches()[1] * 72 == 620  # held at most of a laptop's window
    texts = [t.get_fontsize() for t in wide.findobj(Text) if t.get_text()]
    assert min(texts) >= 14  # text grows with the width
