"""Game tables: one declaration files a game, its players, studies, ladder and renderer."""

from __future__ import annotations

import pytest

import simlab
from simlab.core import registry, roster
from simlab.core.registry import GameTable, Ladder, ladder_name, register_table
from simlab.core.roster import Roster
from simlab.core.study import get_study, unregister_study
from simlab.games import GAMES, STUDIES, TABLES

REGISTRIES = (registry._PROVIDERS, registry._CLASSES, registry._STUDY_MODULES,
              registry._LADDERS, roster._ROSTERS, roster._RENDERERS)


@pytest.fixture
def filed():
    """A table filed under the name ``dice_race``, undone afterwards."""
    saved = [dict(d) for d in REGISTRIES]
    table = GameTable(
        package="tests.games", name="dice_race", game=".dice_race:DiceRace",
        roster=Roster(policies=("first",), make=".nowhere:make", search="elsewhere:settings"),
        studies={"dice-race-doc": ".nowhere"},
        ladder=Ladder(title="Dice race ladder", policies=("random", "mcts-3"), players=2,
                      player_choices=(2,)),
        renderer=".nowhere:RENDERER",
    )
    register_table(table)
    yield table
    for d, before in zip(REGISTRIES, saved, strict=True):
        d.clear()
        d.update(before)  # type: ignore[attr-defined]


def test_a_table_files_every_part_with_paths_taken_in_its_package(filed):
    assert registry._PROVIDERS["dice_race"] == "tests.games.dice_race:DiceRace"
    assert roster.roster_of("dice_race") == Roster(
        policies=("first",), make="tests.games.nowhere:make", search="elsewhere:settings")
    assert registry.study_modules()["dice-race-doc"] == "tests.games.nowhere"
    assert registry.study_modules()["dice-race-ladder"] == "tests.games"
    assert roster._RENDERERS["dice_race"] == "tests.games.nowhere:RENDERER"
    game, ladder = registry.ladders()["dice-race-ladder"]
    assert game == "dice_race" and ladder.choices == ("random", "first")  # the default


def test_a_ladder_study_is_built_from_its_table_on_first_use(filed):
    study = get_study("dice-race-ladder")
    try:
        assert study.title == "Dice race ladder"
        assert study.resolve() == {"players": 2, "policies": ("random", "mcts-3"),
                                   "resamples": 200}
        assert get_study("dice-race-ladder") is study  # registered: built once
    finally:
        unregister_study("dice-race-ladder")


def test_the_games_tables_are_what_simlab_games_lists():
    assert [t.name for t in TABLES] == sorted(GAMES)
    assert GAMES["hospital_rush"] == "simlab.games.hospital_rush.rules:HospitalRushGame"
    assert {ladder_name(t.name) for t in TABLES} <= set(STUDIES)
    assert STUDIES["broom-service-steals"] == "simlab.games.broom_service.studies"
    for table in TABLES:
        assert table.package == f"simlab.games.{table.name}"
        assert type(simlab.load_game(table.name).renderer()).__module__ == (
            f"simlab.games.{table.name}.render")


def test_ladder_names():
    assert [ladder_name(g) for g in ("bedpans", "Broom-Service")] == [
        "bedpans-ladder", "broom-service-ladder"]
