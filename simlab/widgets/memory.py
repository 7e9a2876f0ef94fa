"""PageMemory: the browser keeps the game of a page, so a reload goes on with it.

A stepper served as a page (Voilà) starts a new kernel on every load: a
reload would start again at move 0.  :class:`PageMemory` is an invisible
widget that keeps the stepper's game record (plain JSON, see
:class:`~simlab.GameRecord`) in the browser's ``localStorage`` under the
page's address and the game's name, every time the stepper redraws; when the
page is loaded again, it sends the record it kept back to the kernel, and the
stepper goes on from it (and says so).  Nothing leaves the browser.

Examples
--------
>>> memory = PageMemory(key="bedpans-4")
>>> got = []
>>> memory.on_restore(got.append)
>>> memory.send_restore('{"game": "bedpans"}')
>>> got
['{"game": "bedpans"}']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["PageMemory"]

_MEMORY_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const key = "simlab:" + location.pathname + ":" + model.get("key");
  const keep = () => {
    const record = model.get("record");
    if (!record) { return; }
    try { localStorage.setItem(key, record); } catch (e) { /* storage off or full */ }
  };
  let kept = null;
  try { kept = localStorage.getItem(key); } catch (e) { kept = null; }
  model.on("change:record", keep);
  if (kept && kept !== model.get("record")) { model.send({ restore: kept }); }
  else { keep(); }
}
export default { render };
"""


class PageMemory(anywidget.AnyWidget):
    """The game record of a page, kept by the browser (``localStorage``).

    Attributes
    ----------
    key : str
        Names the game on the page (with the page's path, the storage key).
    record : str
        The record JSON to keep; set it after every change of the game.
    """

    _esm = _MEMORY_ESM
    key = traitlets.Unicode("").tag(sync=True)
    record = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._callbacks: list[Callable[[str], Any]] = []
        self.on_msg(self._on_message)

    def on_restore(self, callback: Callable[[str], Any]) -> None:
        """Call ``callback(record_json)`` when the browser sends back a kept game."""
        self._callbacks.append(callback)

    def send_restore(self, text: str) -> None:
        """Act as if the browser sent back ``text`` (what tests call)."""
        for callback in self._callbacks:
            callback(text)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and isinstance(content.get("restore"), str):
            self.send_restore(content["restore"])
