"""Component counts and validation of the Broom Service data files."""

from __future__ import annotations

from simlab.core.data import data_dir
from simlab.games.broom_service.components import RULEBOOK_ROLES, load_components


def test_counts():
    c = load_components()
    assert len(c.clouds) == 24
    assert len(c.events) == 10 and "More or Less" in {e.name for e in c.events}
    assert tuple(r.name for r in c.roles) == RULEBOOK_ROLES
    # "60 playing cards (5 sets of 10 role cards)" and "10 event cards": 50 + 10
    assert len(c.roles) * len(c.colours) + len(c.events) == 60
    assert [r.kind for r in c.roles].count("gatherer") == 3
    assert [r.kind for r in c.roles].count("witch") == 3
    assert [r.kind for r in c.roles].count("druid") == 3
    assert [r.kind for r in c.roles].count("fairy") == 1
    assert len(c.castles) == 2
    assert {r.landscape for r in c.regions} == {"forest", "hill", "mountain"}
    for colour in ("orange", "green", "purple"):
        assert any(t.colour == colour and not t.square for t in c.towers)
    assert any(t.square for t in c.towers)
    assert len(c.cloud_spaces) <= 24
    assert c.lightning[0] == 0 and list(c.lightning) == sorted(c.lightning)


def test_reconstructed_files_say_so():
    folder = data_dir("broom_service")
    for name in ("regions.txt", "towers.txt", "borders.txt", "clouds.txt", "lightning.txt",
                 "events.txt", "colours.txt"):
        assert "RECONSTRUCTED" in (folder / name).read_text(), name
