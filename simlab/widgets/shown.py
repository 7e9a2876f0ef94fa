"""Objects a notebook shows by their widget, with their ``repr`` as the plain-text form.

Examples
--------
>>> import ipywidgets as w
>>> class Hello(ShownByWidget):
...     def __init__(self):
...         self.widget = w.Label("hello")
...     def __repr__(self):
...         return "Hello()"
>>> Hello()._repr_mimebundle_()["text/plain"]
'Hello()'
"""

from __future__ import annotations

from typing import Any

__all__ = ["ShownByWidget"]


class ShownByWidget:
    """Mixin: Jupyter draws ``self.widget``; a plain-text front end prints ``repr(self)``."""

    widget: Any

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):  # (data, metadata)
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = repr(self)
        return bundle
