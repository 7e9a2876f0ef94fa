"""ShownByWidget: the widget's bundle, with the object's repr as its plain text."""

from __future__ import annotations

from simlab.widgets.shown import ShownByWidget


class _Widget:
    def __init__(self, bundle):
        self.bundle = bundle

    def _repr_mimebundle_(self, **kwargs):
        return self.bundle


class _Shown(ShownByWidget):
    def __init__(self, bundle):
        self.widget = _Widget(bundle)

    def __repr__(self):
        return "_Shown()"


def test_the_widgets_view_is_kept_and_its_plain_text_is_the_repr():
    view = {"application/vnd.jupyter.widget-view+json": {"model_id": "m"}, "text/plain": "VBox"}
    shown = _Shown(view)._repr_mimebundle_()
    assert shown == {"application/vnd.jupyter.widget-view+json": {"model_id": "m"},
                     "text/plain": "_Shown()"}
    assert view["text/plain"] == "VBox"  # the widget's own bundle is not changed


def test_a_data_and_metadata_pair_and_an_empty_bundle():
    assert _Shown(({"text/html": "<b>x</b>"}, {"meta": 1}))._repr_mimebundle_() == {
        "text/html": "<b>x</b>", "text/plain": "_Shown()"}
    assert _Shown(None)._repr_mimebundle_() == {"text/plain": "_Shown()"}
