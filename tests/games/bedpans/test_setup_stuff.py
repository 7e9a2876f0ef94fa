"""The set-up Stuff of every start tile stays off Staff stations (issue 34, ruling B13, l.240).

The spaces of each start tile are read here from ``data/bedpans/tiles.txt`` itself
(the ASCII art), not from the game's components.
"""

from __future__ import annotations

import pytest

from simlab.core.data import data_dir
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.rules import BedpansGame


def _printed(tile: str) -> dict[tuple[int, int], str]:
    """(x, y) -> the character printed in that space of ``tile`` at rotation 0."""
    lines = (data_dir("bedpans") / "tiles.txt").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.split()[:2] == ["tile", tile])
    art = lines[at + 1: at + 8]
    return {(x, y): art[1 + 2 * y][1 + 2 * x] for y in range(3) for x in range(3)}


@pytest.mark.parametrize("players, tile", [(2, "S"), (2, "T03"), (2, "T04"),
                                           (3, "S"), (3, "T01"), (3, "T02")])
def test_the_set_up_stuff_is_never_on_a_staff_station(players, tile):
    state = BedpansGame(players=players, start_tile="chosen").new_initial_state()
    assert A.ChooseStart(tile) in state.legal_actions()
    state.apply(A.ChooseStart(tile))
    printed = _printed(tile)
    stuff = sorted((x, y) for (floor, x, y), n in state.stuff_at.items() if n and floor == "U")
    assert len(stuff) == 1 and sum(state.stuff_at.values()) == 1
    # "Do not place Stuff on a space containing a Staff station" (l.240)
    assert printed[stuff[0]] not in "NDES"
    if tile == "S":  # "Place a Stuff-marker as shown": the $ of the 4-bed tile
        assert printed[stuff[0]] == "$"
    elif printed[(1, 1)] not in "NDES":  # the centre (ruling B13) when it is free
        assert stuff == [(1, 1)]


def test_t03_whose_centre_is_a_nurse_station_puts_it_north_of_the_centre():
    assert _printed("T03")[(1, 1)] == "N"  # the case the audit found
    state = BedpansGame(players=2, start_tile="chosen").new_initial_state()
    state.apply(A.ChooseStart("T03"))
    assert {s for s, n in state.stuff_at.items() if n} == {("U", 1, 0)}
