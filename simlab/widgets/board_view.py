"""Browser-side pieces of the stepper, built on anywidget: the board, the log and the clock.

Why anywidget: the board is an SVG drawn by matplotlib (sharp at any zoom,
text kept as text), and a player clicks the places on it.  anywidget lets a
few lines of JavaScript, shipped inside this module (no CDN, no build step),
show that SVG, zoom it and report which place was clicked, while the
widget's state stays in Python traitlets that plain pytest can set.  It is a
small, well-kept library (used by altair, marimo and many others) and works
the same in JupyterLab and under Voilà.  ipympl redraws the whole figure as
a PNG on every change and hides the places inside one canvas; ipycanvas
would mean drawing every board again by hand.

- :class:`BoardView`: the board SVG with zoom buttons; places whose SVG
  group id is ``place:KEY`` and whose key is in :attr:`BoardView.targets`
  are clickable, show the actions there as a tooltip (:attr:`BoardView.titles`),
  and a click sets :attr:`BoardView.clicked`.
- :class:`LogView`: the log, one line per row; a click on a line sets
  :attr:`LogView.clicked` to its move number.
- :class:`Clock`: the Play control's clock.  The browser ticks, the kernel
  steps; the next tick waits until the kernel has answered the last one, so
  ticks never pile up behind a slow step.

Examples
--------
>>> view = BoardView(svg="<svg></svg>", targets=["U 0,1"])
>>> view.click("U 0,1")
>>> view.clicked
'U 0,1'
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

__all__ = ["BoardView", "Clock", "LogView", "STYLE", "place_title"]

#: Icons drawn as inline SVG (bundled here: nothing is fetched), and the stepper's look.
_ICONS = {
    "back": "<path d='M4 3v10M13 3 6 8l7 5z'/>",
    "step": "<path d='M12 3v10M3 3l7 5-7 5z'/>",
    "turn": "<path d='M1 3l6 5-6 5zM8 3l6 5-6 5z'/>",
    "play": "<path d='M4 2l10 6-10 6z'/>",
    "pause": "<path d='M3 2h4v12H3zM9 2h4v12H9z'/>",
    "reset": "<path d='M8 2a6 6 0 1 1-6 6h2a4 4 0 1 0 4-4v3L4 3.5 8 0z'/>",
    "save": "<path d='M2 2h9l3 3v9H2zM4 3v4h7V3zM5 10h6v3H5z'/>",
    "load": "<path d='M1 4h5l1 2h8v8H1z'/>",
}


def _icon_css(name: str, body: str) -> str:
    svg = (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='%23333'>"
           f"{body}</svg>").replace("<", "%3C").replace(">", "%3E")
    return (f".simlab-{name}::before{{content:'';display:inline-block;width:12px;"
            f"height:12px;margin-right:5px;vertical-align:-1px;"
            f"background:url(\"data:image/svg+xml,{svg}\") no-repeat center/contain}}")


STYLE = "\n".join([
    *(_icon_css(n, b) for n, b in _ICONS.items()),
    ".simlab-play.mod-active::before{background-image:url(\"data:image/svg+xml,"
    + (f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16' fill='%23333'>"
       f"{_ICONS['pause']}</svg>").replace("<", "%3C").replace(">", "%3E") + "\")}",
    ".simlab-board-frame{border:1px solid #bbb;background:#fff;overflow:auto;"
    "position:relative}",
    ".simlab-board-bar{display:flex;gap:4px;align-items:center;padding:2px 4px;"
    "font:12px sans-serif;color:#444;background:#f4f4f4;border-bottom:1px solid #ddd}",
    ".simlab-board-bar button{font:12px sans-serif;min-width:2.2em;cursor:pointer}",
    ".simlab-board svg{display:block}",
    ".simlab-board [data-target]{cursor:pointer}",
    ".simlab-board [data-target]:hover{filter:drop-shadow(0 0 3px #ff8c00)}",
    ".simlab-log-view{font:13px/1.45 sans-serif;overflow-y:auto;border:1px solid #ccc;"
    "background:#fff}",
    ".simlab-log-view div{padding:1px 6px;cursor:pointer;white-space:pre-wrap;"
    "overflow-wrap:anywhere}",
    ".simlab-log-view div:hover{background:#eef4ff}",
    ".simlab-log-view .score{padding-left:2.2em;color:#6b4e00}",
    ".simlab-log-view .future{color:#999}",
    ".simlab-log-view .current{background:#fff3d6;font-weight:600}",
])

_BOARD_ESM = """
function render({ model, el }) {
  el.classList.add("simlab-board");
  const bar = document.createElement("div");
  bar.className = "simlab-board-bar";
  const frame = document.createElement("div");
  frame.className = "simlab-board-frame";
  const label = document.createElement("span");
  const mk = (text, title, f) => {
    const b = document.createElement("button");
    b.textContent = text; b.title = title; b.onclick = f; bar.appendChild(b); return b;
  };
  mk("\u2212", "zoom out", () => model.set("zoom", Math.max(0.4, model.get("zoom") / 1.25)));
  mk("+", "zoom in", () => model.set("zoom", Math.min(4, model.get("zoom") * 1.25)));
  mk("100%", "default size", () => model.set("zoom", 1));
  mk("fit", "fit the frame's width", () => {
    const svg = frame.querySelector("svg");
    if (svg) { model.set("zoom", (frame.clientWidth - 4) / natural(svg)[0]); }
  });
  bar.appendChild(label);
  el.appendChild(bar); el.appendChild(frame);
  const natural = (svg) => {
    const w = parseFloat(svg.getAttribute("data-width") || svg.getAttribute("width"));
    const h = parseFloat(svg.getAttribute("data-height") || svg.getAttribute("height"));
    return [w * 4 / 3, h * 4 / 3];   // matplotlib writes pt; CSS px = 4/3 pt
  };
  const size = () => {
    frame.style.minWidth = model.get("min_width") + "px";
    frame.style.minHeight = model.get("min_height") + "px";
    frame.style.maxHeight = model.get("max_height") + "px";
    const svg = frame.querySelector("svg");
    if (!svg) { return; }
    const [w, h] = natural(svg);
    const z = model.get("zoom");
    svg.style.width = (w * z) + "px"; svg.style.height = (h * z) + "px";
    label.textContent = Math.round(z * 100) + "%";
  };
  const mark = () => {
    const targets = new Set(model.get("targets"));
    const titles = model.get("titles") || {};
    frame.querySelectorAll("[id^='place:']").forEach((g) => {
      const key = g.id.slice(6);
      let tip = g.querySelector(":scope > title.simlab-tip");
      if (targets.has(key)) {
        g.setAttribute("data-target", key);
        if (!tip) {
          tip = document.createElementNS("http://www.w3.org/2000/svg", "title");
          tip.setAttribute("class", "simlab-tip");
          g.insertBefore(tip, g.firstChild);
        }
        tip.textContent = titles[key] || key;   // the browser shows it on hover
      } else {
        g.removeAttribute("data-target");
        if (tip) { tip.remove(); }
      }
    });
  };
  const draw = () => {
    frame.innerHTML = model.get("svg");
    const svg = frame.querySelector("svg");
    if (svg) {
      svg.setAttribute("data-width", svg.getAttribute("width"));
      svg.setAttribute("data-height", svg.getAttribute("height"));
      svg.removeAttribute("width"); svg.removeAttribute("height");
    }
    mark(); size();
  };
  frame.addEventListener("click", (e) => {
    const g = e.target.closest("[data-target]");
    if (g) { model.send({ click: g.getAttribute("data-target") }); }
  });
  model.on("change:svg", draw);
  model.on("change:targets", mark);
  model.on("change:titles", mark);
  model.on("change:zoom", size);
  model.on("change:min_width", size);
  draw();
}
export default { render };
"""

_LOG_ESM = """
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "simlab-log-view simlab-log";
  el.appendChild(box);
  const draw = () => {
    box.style.height = model.get("height") + "px";
    box.innerHTML = "";
    const current = model.get("current");
    let mark = null;
    for (const [move, kind, text] of model.get("lines")) {
      const div = document.createElement("div");
      div.textContent = text;
      div.dataset.move = move;
      div.className = kind + (move === current && kind !== "score" ? " current" : "")
        + (move > current ? " future" : "");
      if (move === current) { mark = div; }
      box.appendChild(div);
    }
    if (mark) { mark.scrollIntoView({ block: "nearest" }); }
    else { box.scrollTop = box.scrollHeight; }
  };
  box.addEventListener("click", (e) => {
    const div = e.target.closest("[data-move]");
    if (div) { model.send({ click: parseInt(div.dataset.move, 10) }); }
  });
  model.on("change:lines", draw);
  model.on("change:current", draw);
  draw();
}
export default { render };
"""

_CLOCK_ESM = """
function render({ model, el }) {
  let timer = null;
  const arm = () => {
    if (timer) { clearTimeout(timer); timer = null; }
    if (model.get("playing")) {
      timer = setTimeout(() => { timer = null; model.send({ tick: model.get("answered") }); },
                         model.get("interval"));
    }
  };
  model.on("change:playing", arm);
  model.on("change:answered", arm);   // the kernel answered: schedule the next tick
  el.style.display = "none";
  arm();
}
export default { render };
"""


def place_title(texts: list[str], most: int = 6) -> str:
    """The tooltip of a board place: the text of its action, or of its several actions.

    Examples
    --------
    >>> place_title(["step E"])
    'step E'
    >>> print(place_title(["place tile T05 at U 1,0 turned 0", "place tile T05 at U 1,0 turned 1"]))
    2 actions (a click lists them):
    place tile T05 at U 1,0 turned 0
    place tile T05 at U 1,0 turned 1
    >>> place_title([f"guess {i}" for i in range(8)], most=2).splitlines()[1:]
    ['guess 0', 'guess 1', '… and 6 more']
    """
    if len(texts) == 1:
        return texts[0]
    lines = [f"{len(texts)} actions (a click lists them):", *texts[:most]]
    if len(texts) > most:
        lines.append(f"… and {len(texts) - most} more")
    return "\n".join(lines)


class _Clickable(anywidget.AnyWidget):
    """An anywidget whose browser side sends ``{"click": ...}`` messages."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "click" in content:
            self.click(content["click"])

    def click(self, value: Any) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class BoardView(_Clickable):
    """The board as SVG, zoomable, with clickable places.

    Attributes
    ----------
    svg : str
        The picture (matplotlib SVG; places are groups with id ``place:KEY``).
    targets : list of str
        Keys of the places that a click may choose now.
    titles : dict of str to str
        The tooltip of each target (the text of the actions there); a target
        without one shows its key.
    clicked : str
        The key last clicked (observe it); set by :meth:`click` too.
    zoom : float
        1.0 draws the picture at its natural size (text at its point size).
    """

    _esm = _BOARD_ESM
    _css = STYLE
    svg = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)
    titles = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    zoom = traitlets.Float(1.0).tag(sync=True)
    min_width = traitlets.Int(720).tag(sync=True)
    min_height = traitlets.Int(520).tag(sync=True)
    max_height = traitlets.Int(900).tag(sync=True)
    clicked = traitlets.Unicode("")

    def click(self, value: Any) -> None:
        """Act as if the place ``value`` was clicked (only targets count)."""
        key = str(value)
        if key in self.targets:
            self.clicked = ""  # a second click on the same place is a change too
            self.clicked = key


class LogView(_Clickable):
    """The event log; each line is ``(move, kind, text)``; a click jumps to its move.

    ``kind`` is ``"action"`` for the line of an action and ``"score"`` for a
    change of score under it (indented).  :attr:`current` is the move shown:
    later lines are greyed (a future that Step replays).
    """

    _esm = _LOG_ESM
    _css = STYLE
    lines: traitlets.List[Any] = traitlets.List().tag(sync=True)
    current = traitlets.Int(0).tag(sync=True)
    height = traitlets.Int(300).tag(sync=True)
    clicked = traitlets.Int(-1)

    def click(self, value: Any) -> None:
        """Act as if the line of move ``value`` was clicked."""
        self.clicked = -1
        self.clicked = int(value)

    def text(self) -> str:
        """The lines as plain text (what a reader sees), one per line."""
        return "\n".join(str(line[2]) for line in self.lines)


class Clock(anywidget.AnyWidget):
    """Ticks while :attr:`playing`, every :attr:`interval` ms, one tick at a time.

    Each tick calls the callback given to :meth:`on_tick`; when it returns,
    :attr:`answered` is raised, which arms the browser for the next tick.
    """

    _esm = _CLOCK_ESM
    playing = traitlets.Bool(False).tag(sync=True)
    interval = traitlets.Int(300).tag(sync=True)
    answered = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Any] = []
        self.on_msg(self._on_message)

    def on_tick(self, callback: Any) -> None:
        """Call ``callback()`` on every tick."""
        self._callbacks.append(callback)

    def tick(self) -> None:
        """One tick, as the browser sends it (tests call it directly)."""
        try:
            if self.playing:
                for callback in self._callbacks:
                    callback()
        finally:
            self.answered += 1

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and "tick" in content:
            self.tick()
