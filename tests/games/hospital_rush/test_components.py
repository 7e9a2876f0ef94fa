"""Component counts and validation of the Hospital Rush data files."""

from __future__ import annotations

from pathlib import Path

from simlab.core.data import data_dir
from simlab.games.hospital_rush.components import SKILLS, load_components


def test_counts_match_the_rulebook():
    c = load_components()
    assert len(c.patients) == 23  # "23 patient cards"
    assert len(c.boards) == 7  # "7 player boards"
    assert all(len(c.actions_of(b)) == 2 for b in c.boards)
    assert c.supply["bucks"] == 33 and c.supply["patches"] == 20
    assert c.supply["study_markers"] == 20
    # "use 2/3/4 tiles of each color"; 12 medicine tiles in the box
    assert [c.medicine_per_colour(n) for n in (3, 4, 5)] == [2, 3, 4]
    assert 3 * c.medicine_per_colour(5) == 12
    assert (c.supply["prestige_min"], c.supply["prestige_max"]) == (-2, 14)
    assert c.skills == SKILLS
    named = {"Jim Caries", "Al Furry", "Quentin Quarantino", "Amadeus Tinnitus",
             "Rubella Swan", "Leonardo DiAbetico"}
    assert named <= {p.name for p in c.patients}
    assert {"Theo Goodberg", "Kurt von Schneider", "Marina Clementina", "Freddie Funster",
            "Vanessa Toad"} <= set(c.boards)


def test_every_patient_is_curable_with_three_players():
    c = load_components()
    for p in c.patients:
        assert max(p.needs[1:]) <= c.medicine_per_colour(3), p.name
        assert p.needs[0] <= c.supply["patches"]
        if p.early is not None:
            assert all(e <= n for e, n in zip(p.early, p.needs, strict=True))
            assert p.early != p.needs
    assert sum(p.early is not None for p in c.patients) >= 5


def test_board_sides():
    c = load_components()
    four = {s.id: s for s in c.spaces_for(4)}
    five = {s.id: s for s in c.spaces_for(5)}
    assert "bribe" in four and "bribe" not in five
    assert five["bribe_1"].amount == 3 and five["bribe_2"].amount == 5
    assert five["final_exam_2"].amount == 4 and "final_exam_2" not in four
    assert four["final_exam"].amount == 2
    assert sorted(s.amount for s in four.values() if s.kind == "night") == [2, 3, 4]
    assert four["sabotage"].kind == "red"


def test_reconstructions_are_marked():
    folder = data_dir("hospital_rush")
    assert "reconstructed" in (folder / "patients.txt").read_text()
    assert "reconstructed" in (folder / "boards.txt").read_text()
    assert "reconstructed" in (folder / "spaces.txt").read_text()
    rulings = (Path(__file__).resolve().parents[3] / "docs/rulings/hospital_rush.md").read_text()
    for board in load_components().boards:
        assert board in rulings
