"""Legend entries shared by the games' renderers (:mod:`simlab.figures.legend`)."""

from __future__ import annotations

import simlab
from simlab.figures.legend import note, stroke, symbol


def test_symbol_is_a_mark_without_a_line():
    h = symbol("Nurse", "white", marker="^", size=11, edge="#333", mew=2.6)
    assert (h.get_label(), h.get_marker(), h.get_markersize()) == ("Nurse", "^", 11)
    assert h.get_linestyle() == "None" and not h.get_xdata()
    assert (h.get_markerfacecolor(), h.get_markeredgecolor()) == ("white", "#333")
    assert h.get_markeredgewidth() == 2.6
    plain = symbol("Doctor Marker", "red")
    assert (plain.get_marker(), plain.get_markersize(), plain.get_markeredgecolor()) == (
        "o", 10, "black")


def test_stroke_is_a_line_without_a_mark_and_note_is_text_alone():
    h = stroke("wall", "black", 2)
    assert (h.get_label(), h.get_color(), h.get_linewidth(), h.get_linestyle()) == (
        "wall", "black", 2, "-")
    assert h.get_marker() == "None"
    assert stroke("border", "#bbb", 1.5, ":").get_linestyle() == ":"
    n = note("disc: patient marker")
    assert (n.get_label(), n.get_linestyle(), n.get_marker()) == (
        "disc: patient marker", "None", "None")


def _legend_labels(name: str, players: int) -> list[str]:
    state = simlab.load_game(name, players=players).new_initial_state()
    fig = state.game.renderer().draw(state)
    return [t.get_text() for legend in fig.legends for t in legend.get_texts()]


def test_each_seat_has_its_entry_in_the_board_legends():
    doctors = [t for t in _legend_labels("bad_doctor", 3) if t.startswith("Doctor Marker of")]
    assert len(doctors) == 3
    ward = _legend_labels("hospital_rush", 4)
    assert {"disc: patient marker", "square: action marker"} <= set(ward)
    seats = simlab.load_game("hospital_rush", players=4).seat_names()
    assert [t for t in ward if t in seats] == seats == ["Red", "Blue", "Green", "Orange"]
