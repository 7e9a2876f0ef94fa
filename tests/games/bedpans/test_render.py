"""The Bedpans board: its floors fill the board, tokens are labelled as the actions name
them, and the Elder is marked only where the viewer may know it."""

from __future__ import annotations

import functools
from typing import Any

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.lines import Line2D

import simlab
from simlab.games.bedpans.render import CELL, HEIGHT, RENDERER, WIDTH, layout
from simlab.widgets.render import GameRenderer


@functools.cache
def final_state() -> Any:
    """The end of the notebook's game (4 players, seed 7, the default seats)."""
    game = simlab.load_game("bedpans", players=4)
    record = simlab.play(game, GameRenderer(game).policies(), seed=7)
    return simlab.replay(record)


def _discs(fig: Any) -> list[Line2D]:
    return [line for ax in fig.axes for line in ax.get_lines() if line.get_marker() == "o"]


def test_the_floors_and_the_legend_fill_the_board_without_overlapping() -> None:
    fig = RENDERER.draw(final_state())
    width, height = (v * 96 for v in fig.get_size_inches())
    assert width == WIDTH and height <= HEIGHT
    renderer = FigureCanvasAgg(fig).get_renderer()
    boxes = [ax.get_tightbbox(renderer) for ax in fig.axes]
    boxes.append(fig.legends[0].get_window_extent(renderer))
    for i, a in enumerate(boxes):
        assert a.x0 >= 0 and a.x1 <= width + 1 and a.y0 >= 0 and a.y1 <= height + 1, a
        for b in boxes[i + 1:]:
            assert not a.overlaps(b), (a, b)
    upper = next(ax for ax in fig.axes if ax.get_label() == "U")
    x0, x1 = upper.get_xlim()
    cell = upper.get_window_extent(renderer).width / (x1 - x0)
    assert cell >= 36  # was 24 px with the floors side by side and the legend at the right


def test_layout_gives_the_largest_cell_when_nothing_stops_it() -> None:
    cell, corners, size, _ = layout({"U": (0, 3, 0, 3)}, 0)
    assert cell == CELL and corners["U"][0] == 0 and size[0] == WIDTH


def test_every_resident_is_a_disc_with_its_number_and_only_a_known_elder_is_ringed() -> None:
    state = final_state()
    on_board = [(c, i) for c, where in state.tokens.items() for i, s in enumerate(where)
                if s is not None]
    assert on_board  # the yellow tokens are still on the layout
    elders = sum(1 for c, i in on_board if state.elder.get(c) == i)
    assert elders == 1  # the yellow Elder, not neutralized
    for seat, known in ((None, elders), (0, 0)):  # everyone; the Staff, who cannot tell
        shown = state if seat is None else state.view(seat)
        fig = RENDERER.draw(shown)
        discs = _discs(fig)
        assert len(discs) == len(on_board)
        assert sum(1 for d in discs if d.get_markeredgewidth() > 2) == known
        numbers = {(round(float(t.get_position()[0]), 2), round(float(t.get_position()[1]), 2))
                   for ax in fig.axes for t in ax.texts if t.get_text() in ("1", "2")}
        for disc in discs:
            x, y = (float(v[0]) for v in disc.get_data())
            assert (round(x, 2), round(y, 2)) in numbers, "the token's number is on its disc"
