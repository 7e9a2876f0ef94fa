"""PNG bytes of a figure (:func:`simlab.figures.png.png_bytes`)."""

from __future__ import annotations

import importlib
import io
import struct

import pytest
from matplotlib.figure import Figure

import simlab
from simlab.figures.png import png_bytes


def _size(png: bytes) -> tuple[int, int]:
    """Width and height from the IHDR chunk (bytes 16-24 of a PNG file)."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    return struct.unpack(">II", png[16:24])


def test_size_is_inches_times_dpi():
    fig = Figure(figsize=(3, 2))
    assert _size(png_bytes(fig)) == (216, 144)
    assert _size(png_bytes(fig, dpi=80)) == (240, 160)


def test_plain_bytes_are_matplotlibs_own_and_deterministic_ones_drop_the_stamp():
    fig = Figure(figsize=(1, 1))
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=72)
    assert png_bytes(fig) == buffer.getvalue()
    assert b"Software" in png_bytes(fig)
    assert b"Software" not in png_bytes(fig, deterministic=True)


@pytest.mark.parametrize(("name", "dpi"), [("bedpans", 72), ("broom_service", 72),
                                           ("bad_doctor", 80)])
def test_a_renderers_png_is_its_board_picture(name, dpi):
    state = simlab.load_game(name, players=2).new_initial_state()
    png = state.game.renderer().png(state)
    width, _ = _size(png)
    module = type(state.game.renderer()).__module__
    draw = getattr(importlib.import_module(module),
                   "draw_hospital" if name == "bad_doctor" else "draw")
    assert png == png_bytes(draw(state), dpi=dpi)
    assert width == round(draw(state).get_figwidth() * dpi)
