"""Search spaces: knobs from options and component numbers; files written; refused values."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.data import data_dir
from simlab.core.errors import ConfigError
from simlab.lab.space import field_spans, load_space, parse_space

STUFF = """
game = "bedpans"
[options]
staff_experience = [false, true]
[components.walker_count]
file = "stuff.txt"
row = "Walker"
field = 2
low = 1
high = 4
absorb = "Puddle"
[components.chair_count]
file = "stuff.txt"
row = "Power-Chair"
field = 2
low = 1
high = 4
absorb = "Puddle"
"""


def test_the_shipped_spaces_load_and_start_at_the_rulebook():
    for game in ("bad_doctor", "bedpans", "broom_service", "hospital_rush"):
        space = load_space(None, game, check=False)
        built = simlab.load_game(game)
        for knob in space.knobs:
            if knob.kind == "option":
                assert knob.default == built.options[knob.name]
        assert space.distance(space.defaults()) == 0 and space.moved(space.defaults()) == []
        assert not space.needs_data(space.defaults())


def test_component_numbers_reach_the_game(tmp_path):
    space = parse_space(STUFF)
    params = {"walker_count": 4, "chair_count": 3, "staff_experience": True}
    folder = space.write_data(params, tmp_path / "trial")
    game = simlab.load_game("bedpans", players=3, data=folder, **space.options(params))
    deck = {k.name: k.count for k in game.data.stuff}
    shipped = {k.name: k.count for k in simlab.load_game("bedpans").data.stuff}
    assert deck["Walker"] == 4 and deck["Power-Chair"] == 3
    assert deck["Puddle"] == shipped["Puddle"] - (4 - 2) - (3 - 2)  # Puddle takes the change
    assert sum(deck.values()) == 48
    assert {k: v for k, v in deck.items() if k not in ("Walker", "Power-Chair", "Puddle")} == \
        {k: v for k, v in shipped.items() if k not in ("Walker", "Power-Chair", "Puddle")}
    assert game.options["staff_experience"] is True
    # the rest of every file is the shipped one, byte for byte
    for path in data_dir("bedpans").glob("*.txt"):
        if path.name != "stuff.txt":
            assert (folder / path.name).read_bytes() == path.read_bytes()


def test_whitespace_files_and_multi_field_rows(tmp_path):
    space = parse_space('game = "bad_doctor"\n[components.markers_3p]\nfile = "components.txt"\n'
                        'row = "markers_for_players 3"\nfield = 3\nlow = 15\nhigh = 20\n')
    assert space.defaults() == {"markers_3p": 18}
    folder = space.write_data({"markers_3p": 16}, tmp_path / "t")
    game = simlab.load_game("bad_doctor", players=3, data=folder)
    assert game.markers == 16
    assert simlab.load_game("bad_doctor", players=4, data=folder).markers == 15


def test_distance_counts_moved_knobs_and_how_far():
    space = parse_space(STUFF)
    # staff_experience moved: 1; walker 2 -> 4 (farthest end 4, 2 away): 0.5 + 0.5 * 2/2;
    # chair 2 -> 1 (farthest 2): 0.5 + 0.5 * 1/2
    assert space.distance({"staff_experience": True, "walker_count": 4, "chair_count": 1}) \
        == pytest.approx(1 + 1 + 0.75)
    assert space.moved({"walker_count": 3}) == ["walker_count"]


def test_the_joint_end_of_an_absorb_group_is_checked(tmp_path):
    text = STUFF.replace("high = 4", "high = 7")  # 5 + 5 more: Puddle would go to -2
    with pytest.raises(ConfigError, match=r"walker_count=7, chair_count=7 is refused"):
        parse_space(text, source="s.toml").check(3)


def test_unknown_keys_and_rows_name_the_line():
    with pytest.raises(ConfigError, match=r"s.toml:3: component knob 'x': bedpans has no file"):
        parse_space('game = "bedpans"\n\n[components.x]\nfile = "cards.txt"\nrow = "a"\n'
                    'field = 2\nlow = 1\nhigh = 2\n', source="s.toml")
    with pytest.raises(ConfigError, match=r"s.toml:2: unknown key 'knobs'"):
        parse_space('game = "bedpans"\nknobs = 3\n', source="s.toml")
    with pytest.raises(ConfigError, match=r"the space is for bedpans, not bad_doctor"):
        parse_space('game = "bedpans"\n[options]\nno_recovery = [true]\n', game="bad_doctor")


def test_field_spans_keep_the_rest_of_the_line():
    line = "Walker | 2 | P | residents  # note | here\n"
    spans = field_spans(line)
    assert [line[a:b] for a, b in spans] == ["Walker", "2", "P", "residents"]
