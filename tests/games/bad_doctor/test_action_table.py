"""The actions of a component set: made once a set, never shared between sets."""

from __future__ import annotations

import pickle
import re

import simlab
from simlab.core.data import export_data
from simlab.games.bad_doctor.action_table import action_table


def _recoloured(folder):
    export_data("bad_doctor", folder)
    path = folder / "tiles.txt"
    text = path.read_text(encoding="utf-8")
    changed, n = re.subn(r"^(T01\s+)red(\s)", r"\1green\2", text, flags=re.M)
    assert n == 1
    path.write_text(changed, encoding="utf-8")
    return folder


def test_each_set_has_its_own_table_and_games_on_a_set_share_it(tmp_path):
    shipped = simlab.load_game("bad_doctor", players=2)
    mine = simlab.load_game("bad_doctor", players=2, data=_recoloured(tmp_path))
    again = simlab.load_game("bad_doctor", players=3, data=tmp_path)
    assert mine.action_table is again.action_table is action_table(mine.component_set)
    assert mine.action_table is not shipped.action_table
    assert str(shipped.action_table.reveal["T01"]) == "reveal tile T01 (red)"
    assert str(mine.action_table.reveal["T01"]) == "reveal tile T01 (green)"
    # equal as actions (the same tile id), told each with its own set
    assert mine.action_table.reveal["T01"] == shipped.action_table.reveal["T01"]
    place = mine.action_table.placement("T01", "S1", 1, "green", 0)
    assert str(place) == "place tile T01 (green) on Patient S1 at green space 1"
    assert mine.parse_action(str(place)) == place
    assert [str(a) for a, _ in mine.action_table.tile_outcomes(("T01",))] == [
        "reveal tile T01 (green)"]


def test_a_table_pickles_as_its_components(tmp_path):
    mine = simlab.load_game("bad_doctor", players=2, data=_recoloured(tmp_path))
    copy = pickle.loads(pickle.dumps(mine.action_table))
    assert copy.parts == mine.parts
    assert str(copy.reveal["T01"]) == "reveal tile T01 (green)"
