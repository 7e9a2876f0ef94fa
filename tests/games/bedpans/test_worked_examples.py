"""The worked examples of the Bedpans & Broomsticks rulebook, one scenario test each.

Line numbers are those of ``shared/rules/bedpans-and-broomsticks.txt``.  The rulebook's
pictures are not in the text, so each position is built from the words on the
reconstructed tiles (ruling C1); directions follow those tiles.
"""

from __future__ import annotations

from simlab.games.bedpans import actions as A
from simlab.games.bedpans.parts import Chance, Decide, Decision, Draw, OpenEdge
from simlab.games.bedpans.rolls import read_roll

from .test_readings import DOWN, UP, two_floors
from .test_rules import at_move, dealt, sealed
from .test_stuff import window

U = "U"


def test_lee_and_emma_move_lee_stops_early_and_emmas_decoy_blocks_the_doctor():
    """l.126: "Lee (red player) moves his Decoy first. He rolls 2, 1, 3. The sum of the
    lowest 2 results is 3. He moves his Decoy 1 space south ... He could move further
    ... but he decides not to because it would trigger the placement of 2 new tiles".
    l.128: Emma "moves her Decoy token ... to block the Doctor in the space to the
    south"; l.146 "A Staffer must end its movement when entering a space containing a
    Resident", l.78 "a Decoy in the same space as a Staffer is removed"."""
    s = dealt(players=3)
    s.sealed |= {(U, -1, 0), (U, 1, 0)}
    s.elder["red"] = 0  # red 1 is Lee's Elder, red 2 his Decoy
    s.apply(A.Pass())  # the Decoy stays; nobody plays Stuff
    s.apply(A.ChooseMover("red 2"))
    s.apply(A.Roll(read_roll("elder1", (2, 1, 3))))
    assert s.points == 3
    s.apply(A.Step("S"))
    s.apply(A.Stop())  # "up to" the result (ruling M1)
    assert s.tokens["red"][1] == (U, 0, 1)
    s.apply(A.Roll(read_roll("elder1", (3, 2, 2))))  # 4 by the rule (ruling B16)
    s.apply(A.Step("S"))
    s.apply(A.Step("S"))
    assert s.tokens["red"][0] == (U, 0, 2) and s.points == 2 and A.Stop() in s.legal_actions()
    further = s.clone()
    further.apply(A.Step("E"))  # U 1,2 looks north and south through open edges
    assert further.need == Decide(0, Decision.EXPLORE) and len(further.legal_actions()) == 2
    s.apply(A.Stop())
    assert s.tiles == {(U, 0, 0): ("S", 0)}  # no tile placed
    # Emma (blue): her Decoy stands between the Doctor (south) and her Elder
    s.elder["blue"] = 0
    s.tokens["blue"] = [(U, 2, 0), (U, 2, 1)]
    s.staffers[0] = (U, 2, 2)
    at_move(s, 0, "Doctor", 3)
    s.apply(A.Step("N"))
    assert s.staffers[0] == (U, 2, 1) and s.points == 0  # blocked
    assert s.tokens["blue"] == [(U, 2, 0), None]  # the Decoy removed, the Elder safe


def test_placing_new_tiles_a_door_blocks_the_view_and_a_tile_that_does_not_fit():
    """l.180-184: "He cannot see the edge marked with an X—a door is in the way" and "they
    cannot place a tile at 3—the tile does not fit"; l.175 "If a tile does not fit, draw
    a new one"; l.173 "When there is no space to place a new tile, you do not have to
    place a tile."  T02's red bed has a door east of it: from there nothing is seen."""
    s = dealt(players=2)
    s.tiles.clear()
    s.features.clear()
    s._put_tile((U, 0, 0), "T02", 0)
    assert s._targets((U, 0, 0)) == []  # the door east of the bed; walls N and W
    assert [t.position for t in s._targets((U, 1, 0))] == [(U, 0, 1)]  # past the door: south
    # a tile that fits nowhere there is never placed: the position is sealed
    s.tokens["red"] = [(U, 0, 1), (U, 0, 1)]
    s.stack = ["T08"]  # open edges only west and east of its centre
    s.target = OpenEdge(U, -1, 0, 0, 1, 3)  # the open edge west of U 0,1
    assert s._tile_pool() == ["T08"]
    s.target = OpenEdge(U, 0, 1, 1, 2, 2)  # south of U 1,2: T08 fits there turned 1 or 3
    assert s._fitting("T08", s.target) == [1, 3]
    s.stack = []  # nothing left that fits (and no Exit tile on the upper floor): sealed
    assert s._tile_pool() == [] and s._explore_step() is False
    assert (U, 0, 1) in s.sealed and s.target is None


def test_the_elevator_example():
    """l.212: "Lee (red) has a "2" for movement. He moves into the elevator on the upper
    floor 1. Then, he moves to the corresponding space 2 on the ground floor (Emma is
    already in the upper elevator space so she moves too). Since Lee is still in the
    elevator on the ground floor, Alex (yellow) may not enter the elevator space. So he
    takes the stairs and moves A, B, C down to the ground floor."""
    s = two_floors(players=4)
    s.tokens["red"] = [(U, 3, 1), (U, 0, 0)]
    s.tokens["blue"] = [UP, (U, 2, 0)]  # Emma
    s.tokens["yellow"] = [(U, 2, 1), (U, 0, 2)]  # Alex
    at_move(s, 1, "red 1", 2)
    s.apply(A.Step("E"))  # 1: into the upper Elevator space, where Emma is
    assert s.tokens["red"][0] == UP and s.points == 1
    s.apply(A.Step("down"))  # 2: the shaft; Emma rides along
    assert s.tokens["red"][0] == DOWN and s.tokens["blue"][0] == DOWN
    at_move(s, 3, "yellow 1", 3)
    s.apply(A.Step("E"))  # A
    assert A.Step("E") not in s.legal_actions()  # the upper Elevator space: closed
    s.apply(A.Step("N"))  # B: the corner Stairs
    s.apply(A.Step("down"))  # C: the Stairs carry only the mover
    assert s.tokens["yellow"][0] == ("G1", 0, 0) and s.points == 0


def test_placing_stuff_not_on_the_doctors_station():
    """l.236: "After placing a new tile, place Stuff on each of the corner spaces opposite
    the open edge just connected."  l.244: "No Stuff is placed at the lower-left—the space
    marked with an X contains a Doctor's station."  l.226 the Doctor goes on the black
    station.  T13 joins the layout by its north edge; its lower-left corner is its
    Doctor station."""
    s = dealt(players=2)
    s.sealed |= {(U, 0, -1), (U, -1, 0), (U, 1, 0)}
    at_move(s, 1, "red 1", 3)
    s.tokens["red"] = [(U, 1, 1), (U, 0, 0)]
    s.apply(A.Step("S"))  # U 1,2 sees the open edge south
    s.apply(A.DrawTile("T13"))
    s.apply(A.PlaceTile("T13", (U, 0, 1), 0))
    assert s.features[(U, 0, 5)] == "D" and s.staffers[0] == (U, 0, 5)
    assert s.stuff_at.get((U, 2, 5)) == 1 and (U, 0, 5) not in s.stuff_at


def test_placing_staffers_a_nurse_on_the_white_station_the_doctor_on_the_black():
    """l.226: "If there is a white station on a new tile, place a white Nurse
    Staffer-figure on it. When there is a black station, place the black Doctor".  l.228:
    "a nurse on the white station upper-right tile. The Doctor is placed on the other
    space with a station."  Two tiles placed from one space: T10 (a Nurse station) north,
    T08 (a Doctor station) south."""
    s = dealt(players=2)
    s.sealed |= {(U, -1, 0), (U, 1, 0)}
    at_move(s, 1, "red 1", 3)
    s.apply(A.Step("E"))  # U 1,0: the open edges north and south
    s.apply(A.Explore((U, 0, -1)))
    s.apply(A.DrawTile("T10"))
    s.apply(s.legal_actions()[0])
    s.apply(A.DrawTile("T08"))
    s.apply(s.legal_actions()[0])
    nurse = next(sp for sp, f in s.features.items() if f == "N")
    doctor = next(sp for sp, f in s.features.items() if f == "D")
    assert s.staffers[1] == nurse and s.staffers[0] == doctor
    assert nurse[2] < 0 < doctor[2]  # the Nurse on the northern tile, the Doctor south


def test_door_marker_either_of_two_positions():
    """l.271: "A Door-marker can be placed at either of the 2 positions marked with a
    circle"; l.263 "on the non-open edge between 2 tiles"; l.267 not "adjacent to an
    Elevator, Stairs or an Exit space".  The start tile and T08 east of it meet along 3
    edges: one open, two walls: the two walls are the positions.  Next to an Elevator
    tile's Stairs, a wall is no position."""
    s = sealed(dealt(players=2))
    s._put_tile((U, 1, 0), "T08", 0)
    spots = s.door_spots()
    assert spots == [((U, 2, 0), (U, 3, 0)), ((U, 2, 2), (U, 3, 2))]
    s.active, s.phase = 1, "start"
    s._settle()
    s.apply(A.Pass())
    assert {a for a in s.legal_actions() if isinstance(a, A.PlayDoor)} == {
        A.PlayDoor(*spot) for spot in spots}
    e = sealed(dealt(players=2))
    e._put_tile((U, 1, 0), "E1a", 0)  # Stairs at U 3,0: the wall U 2,0 / U 3,0 is not
    assert ((U, 2, 0), (U, 3, 0)) not in e.door_spots()


def test_first_do_no_harm_bedpan_refused_puddle_allowed():
    """l.396: "An Elder may ignore the effects of a T or an X Stuff-marker played by
    another Elder."  l.398: "Alex wants to use a Bedpan to stop Emma. Emma says "no way"
    and that's that. However, Alex plays Puddle to slow her up."  Flying Bedpan is T,
    Puddle R (ruling V6)."""
    for variants, bedpan in (((), True), (("do_no_harm",), False)):
        s = sealed(dealt(players=4, variants=variants))
        s.tokens["blue"] = [(U, 2, 0), (U, 2, 0)]  # Emma, in her own turn
        s.tokens["yellow"] = [(U, 2, 2), (U, 2, 2)]  # Alex, 2 spaces away
        window(s, 2, {3: ["Flying Bedpan", "Puddle"]})
        while s.need.seat != 3:
            s.apply(A.Pass())
        legal = s.legal_actions()
        assert (A.PlayStuff("Flying Bedpan", "blue 1") in legal) is bedpan
        assert A.PlayStuff("Puddle", "U 2,1") in legal


def _staff_chores(s):
    """The Staff-player places Stuff on new Elevator and Exit tiles (its first choice)."""
    while s.current_player >= 0 and s.need.decision in ("stuff-place", "station"):
        s.apply(s.legal_actions()[0])


def test_the_exit_sign_example_fourth_and_fifth_signs():
    """l.198: "Along the way, tile A and two Exit Sign tiles, 1 and 2, have been placed.
    When he enters the last space, he sees 2 open edges and Sue (the Staff-player) must
    place 2 tiles. She places tile 3 first. It is the 3rd Exit Sign tile, so she also
    places elevator tile X as shown and its matching tile X. Next she places tile 4. It
    is the 4th Exit Sign tile, so she also places Elevator tile Y as shown and its
    matching tile Y. Since the 2nd elevator has been played, tiles may only be added to
    the new (ground floor) tile groups. If tile 5 is played next (another Exit Sign
    tile), an Exit tile Z is also played."""
    s = at_move(dealt(players=2), 1, "red 1", 3)
    s.exit_signs = 2  # signs 1 and 2 are on the layout
    s.apply(A.Step("E"))  # U 1,0: 2 open edges in view, north and south
    assert len(s.legal_actions()) == 2
    s.apply(A.Explore((U, 0, -1)))
    s.apply(A.DrawTile("T05"))  # tile 3: the 3rd Exit sign
    s.apply(A.PlaceTile("T05", (U, 0, -1), 0))
    assert s.need == Chance(Draw.ELEVATOR)
    s.apply(A.DrawTile("E1a"))  # elevator tile X, next to tile 3
    s.apply(s.legal_actions()[0])
    _staff_chores(s)
    assert s.pairs_placed == 1 and s.tiles[("G1", 0, 0)][0] == "E1b"  # its matching tile
    s.apply(A.DrawTile("T06"))  # tile 4, at the other open edge: the 4th Exit sign
    s.apply(s.legal_actions()[0])
    _staff_chores(s)
    assert s.exit_signs == 4 and s.need == Chance(Draw.ELEVATOR)
    s.apply(A.DrawTile("E2a"))  # Elevator tile Y
    s.apply(s.legal_actions()[0])
    _staff_chores(s)
    assert s.pairs_placed == 2 and s.tiles[("G2", 0, 0)][0] == "E2b"
    assert s._targets((U, 1, 1)) == []  # no more tiles on the upper floor
    # tile 5, another Exit-sign tile, on a ground floor group: an Exit tile Z with it
    s.tokens["red"] = [("G1", 2, 1), ("G1", 2, 1)]
    s.explore, s.target = ("G1", 2, 1), OpenEdge("G1", 1, 0, 2, 1, 1)
    s.active, s.phase = 1, "moves"
    s._settle()
    s.apply(A.DrawTile("T07"))
    s.apply(s.legal_actions()[0])
    _staff_chores(s)
    assert s.exit_signs == 5 and s.need == Chance(Draw.EXIT)
    s.apply(A.DrawTile("X1"))
    s.apply(s.legal_actions()[0])
    _staff_chores(s)
    assert s.exits_on == {"G1": 1} and "X" in s.features.values()
