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
    # the stepper laid out for a laptop screen: the board and the side column side by side,
    # as tall as the window (BoardView's script sets the height of .simlab-main); the side
    # column's top (the buttons and the whose-turn line) never scrolls, the rest scrolls
    # inside itself, and the log scrolls inside itself too
    ".simlab-main{flex-wrap:nowrap!important;align-items:stretch!important;gap:8px;"
    "min-height:420px}",
    ".simlab-main>.simlab-board{flex:1 1 auto;min-width:0}",
    ".simlab-board{display:flex;flex-direction:column;min-height:0}",
    ".simlab-board-frame{flex:1 1 0;min-height:0;border:1px solid #bbb;background:#fff;"
    "overflow:auto;position:relative}",
    ".simlab-side{flex:0 0 400px;width:400px;display:flex;flex-direction:column;"
    "min-height:0;overflow:hidden}",
    ".simlab-side-top{flex:none}",
    ".simlab-side-rest{flex:1 1 0;min-height:0;overflow-y:auto;overflow-x:hidden;"
    "display:flex;flex-direction:column}",
    ".simlab-side-rest>*{flex:none}",
    ".simlab-side-rest>.simlab-log-widget{flex:1 0 150px;display:flex;flex-direction:column}",
    ".simlab-side .widget-select,.simlab-side .widget-dropdown{box-sizing:border-box;"
    "max-width:calc(100% - 6px)}",
    ".simlab-side select{min-width:0;max-width:100%}",
    ".simlab-groups .widget-toggle-buttons{flex-wrap:wrap}",
    ".simlab-groups .widget-toggle-button{width:auto;min-width:0;padding:0 8px;"
    "margin:1px 2px 1px 0}",
    ".simlab-winner{background:#e9f7e4;border:1px solid #5a9b47;border-radius:4px;"
    "padding:4px 8px;font:700 15px/1.4 sans-serif;color:#225a12}",
    ".simlab-board-bar{display:flex;flex:none;gap:4px;align-items:center;padding:2px 4px;"
    "font:12px sans-serif;color:#444;background:#f4f4f4;border-bottom:1px solid #ddd}",
    ".simlab-board-bar button{font:12px sans-serif;min-width:2.2em;cursor:pointer}",
    ".simlab-board svg{display:block}",
    ".simlab-board [data-target]{cursor:pointer}",
    ".simlab-board [data-target]:hover{filter:drop-shadow(0 0 3px #ff8c00)}",
    ".simlab-log-view{font:13px/1.45 sans-serif;overflow-y:auto;border:1px solid #ccc;"
    "background:#fff;position:relative;flex:1 1 0;min-height:120px}",
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
  const shown = () => model.get("fit") ? fitted() : model.get("zoom");
  const zoomTo = (z) => { model.set("fit", false); model.set("zoom", z); model.save_changes(); };
  mk("\u2212", "zoom out", () => zoomTo(Math.max(0.4, shown() / 1.25)));
  mk("+", "zoom in", () => zoomTo(Math.min(4, shown() * 1.25)));
  mk("100%", "the picture's own size", () => zoomTo(1));
  mk("fit", "scale the board to its frame", () => {
    model.set("fit", true); model.save_changes();
  });
  bar.appendChild(label);
  el.appendChild(bar); el.appendChild(frame);
  const natural = (svg) => {
    const w = parseFloat(svg.getAttribute("data-width") || svg.getAttribute("width"));
    const h = parseFloat(svg.getAttribute("data-height") || svg.getAttribute("height"));
    return [w * 4 / 3, h * 4 / 3];   // matplotlib writes pt; CSS px = 4/3 pt
  };
  const fitted = () => {           // the scale at which the whole picture fits the frame
    const svg = frame.querySelector("svg");
    if (!svg || !frame.clientWidth) { return 1; }
    const [w, h] = natural(svg);
    return Math.min(model.get("max_fit"), (frame.clientWidth - 2) / w,
                    (frame.clientHeight - 2) / h);
  };
  const fill = () => {             // the stepper's main row as tall as the window leaves
    const main = el.closest(".simlab-main");
    if (!main) { return; }
    let top = main.getBoundingClientRect().top;   // its top with every scroll undone
    for (let p = main.parentElement; p; p = p.parentElement) { top += p.scrollTop; }
    const least = model.get("min_height");
    let h = window.innerHeight - top - 6;
    if (h < least) {   // deep in a notebook: about the height of the window
      h = Math.max(least, Math.min(window.innerHeight - 140, 900));
    }
    main.style.height = Math.round(h) + "px";
  };
  const size = () => {
    frame.style.minWidth = model.get("min_width") + "px";
    fill();
    const svg = frame.querySelector("svg");
    if (!svg) { return; }
    const [w, h] = natural(svg);
    const z = shown();
    svg.style.width = (w * z) + "px"; svg.style.height = (h * z) + "px";
    label.textContent = (model.get("fit") ? "fit: " : "") + Math.round(z * 100) + "%";
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
  model.on("change:fit", size);
  model.on("change:min_width", size);
  const watch = new ResizeObserver(() => size());
  watch.observe(frame);
  window.addEventListener("resize", size);
  draw();
  requestAnimationFrame(size);   // once the page has laid the widget out
  return () => { watch.disconnect(); window.removeEventListener("resize", size); };
}
export default { render };
"""

_LOG_ESM = """
function render({ model, el }) {
  el.classList.add("simlab-log-widget");
  const box = document.createElement("div");
  box.className = "simlab-log-view simlab-log";
  el.appendChild(box);
  const draw = () => {
    const height = model.get("height");
    box.style.height = height > 0 ? height + "px" : "";
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
    // the log scrolls inside itself, never the page (no scrollIntoView)
    if (mark) {
      const top = mark.offsetTop, bottom = top + mark.offsetHeight;
      if (top < box.scrollTop) { box.scrollTop = top; }
      else if (bottom > box.scrollTop + box.clientHeight) {
        box.scrollTop = bottom - box.clientHeight;
      }
    } else { box.scrollTop = box.scrollHeight; }
  };
  box.addEventListener("click", (e) => {
    const div = e.target.closest("[data-move]");
    if (div) { model.send({ click: parseInt(div.dataset.move, 10) }); }
  });
  model.on("change:lines", draw);
  model.on("change:current", draw);
  model.on("change:height", draw);
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
        1.0 draws the picture at its natural size (text at its point size);
        used when :attr:`fit` is off (the zoom buttons turn it off).
    fit : bool
        Scale the picture to its frame (whole picture in view, at most
        :attr:`max_fit` times its natural size).  In a stepper the frame is as
        tall as the window leaves below the stepper's top.
    """

    _esm = _BOARD_ESM
    _css = STYLE
    svg = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.List(traitlets.Unicode()).tag(sync=True)
    titles = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)
    zoom = traitlets.Float(1.0).tag(sync=True)
    fit = traitlets.Bool(True).tag(sync=True)
    max_fit = traitlets.Float(1.5).tag(sync=True)
    min_width = traitlets.Int(480).tag(sync=True)
    min_height = traitlets.Int(420).tag(sync=True)
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
    later lines are greyed (a future that Step replays).  The view keeps the
    current line in sight by scrolling itself, never the page.  ``height`` 0:
    as tall as its box leaves (the stepper's side column).
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
