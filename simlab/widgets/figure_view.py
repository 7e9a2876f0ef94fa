"""FigureView: a matplotlib figure drawn for the width the page gives it.

The browser side measures the width of the widget's box and sends it
(:attr:`FigureView.width`); the owner redraws its figure for that width
(:func:`for_width`) whenever it changes by more than a few pixels.  The
picture is shown at one CSS pixel per point, so text of 11 pt shows 11 px
high, and drawn at twice that resolution, so it stays sharp on fine screens.

Examples
--------
>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(8, 4.4), layout="constrained")
>>> _ = fig.add_subplot().set_title("small", fontsize=7)
>>> fig = for_width(fig, 1000)
>>> [round(float(v), 3) for v in fig.get_size_inches()], fig.axes[0].title.get_fontsize()
([13.889, 7.639], 11.0)
>>> for_width(fig, 1300).axes[0].title.get_fontsize()
13.0
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import anywidget
import traitlets
from matplotlib.figure import Figure

from simlab.widgets.render import figure_png

__all__ = ["FigureView", "MIN_TEXT_PT", "for_width"]

#: The smallest text of a figure drawn for a page, in points (= CSS px as shown).
MIN_TEXT_PT = 11.0
#: Widest and narrowest a figure is drawn (px), and its height at most.
_WIDEST, _NARROWEST, _TALLEST = 1600, 480, 620


def for_width(fig: Figure, width: int, minimum: float = MIN_TEXT_PT) -> Figure:
    """``fig`` resized to ``width`` CSS px (its shape kept), every text ``minimum`` pt or more.

    On a wide page the smallest text grows with the width (a hundredth of it,
    up to 14 pt), so a figure across a laptop's screen reads as one drawn for
    it.  Where the figure would be taller than 620 px (most of a laptop's
    window), its height is held at that.
    """
    from simlab.figures.board import legible

    width = max(_NARROWEST, min(_WIDEST, int(width)))
    w, h = fig.get_size_inches()
    inches = width / 72.0
    fig.set_size_inches(inches, min(_TALLEST / 72.0, h * inches / w))
    return legible(fig, max(minimum, min(14.0, width / 100)))


_ESM = """
function render({ model, el }) {
  el.classList.add("simlab-figure-view");
  el.style.width = "100%";
  const img = document.createElement("img");
  img.style.display = "none";
  el.appendChild(img);
  const show = () => {
    const data = model.get("png");
    img.style.display = data ? "block" : "none";
    if (!data) { return; }
    img.src = "data:image/png;base64," + data;
    img.alt = model.get("alt");
    img.dataset.digest = model.get("digest");
    img.style.width = model.get("shown_width") + "px";
    img.style.maxWidth = "none";
  };
  const measure = () => {
    const w = Math.floor(el.clientWidth);
    if (w > 0 && Math.abs(w - model.get("width")) > 8) {
      model.set("width", w); model.save_changes();
    }
  };
  const watch = new ResizeObserver(measure);
  watch.observe(el);
  model.on("change:png", show);
  show(); measure();
  return () => watch.disconnect();
}
export default { render };
"""


class FigureView(anywidget.AnyWidget):
    """A PNG of a figure, with the width the page gives it (sent by the browser).

    Attributes
    ----------
    width : int
        The box's width in CSS px as the browser measured it (0: not shown yet).
    """

    _esm = _ESM
    png = traitlets.Unicode("").tag(sync=True)
    alt = traitlets.Unicode("figure").tag(sync=True)
    digest = traitlets.Unicode("").tag(sync=True)
    shown_width = traitlets.Int(0).tag(sync=True)
    width = traitlets.Int(0).tag(sync=True)

    def show(self, fig: Figure) -> None:
        """Show ``fig`` (drawn at twice its size in px, shown at one px a point)."""
        data = figure_png(fig, dpi=144)
        self.digest = hashlib.sha1(data).hexdigest()
        self.shown_width = round(fig.get_size_inches()[0] * 72)
        self.png = base64.b64encode(data).decode("ascii")

    def clear(self) -> None:
        """Show nothing."""
        self.png = ""

    @property
    def value(self) -> str:
        """The picture as an ``<img>`` tag (what a reader of the widget's state sees)."""
        if not self.png:
            return ""
        return (f'<img alt="{self.alt}" data-digest="{self.digest}" '
                f'style="width:{self.shown_width}px" src="data:image/png;base64,{self.png}"/>')

    def _repr_keys(self) -> Any:  # keep the widget's repr short: no picture in it
        for key in super()._repr_keys():
            if key != "png":
                yield key
