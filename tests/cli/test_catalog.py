"""What `simlab games` and `simlab info` list (simlab.cli.catalog): checked against what
each game and study says of itself when built, not against the code that made the catalog."""

from __future__ import annotations

import pytest

import simlab
from simlab.cli.catalog import catalog, game_info, policy_forms, policy_line, stored_catalog
from simlab.core.study import get_study
from simlab.games import GAMES, STUDIES

SHIPPED = sorted(GAMES)


def _seats(name: str) -> list[int]:
    """The player counts game ``name`` accepts, found by building it with each."""
    takes = []
    for players in range(1, 10):
        try:
            simlab.load_game(name, players=players)
        except simlab.ConfigError:
            continue
        takes.append(players)
    return takes


@pytest.mark.parametrize("name", SHIPPED)
def test_each_game_is_listed_as_it_builds_and_plays(name):
    entry = next(g for g in stored_catalog()["games"] if g["game"] == name)
    game = simlab.load_game(name)
    low, high = entry["players"]
    assert _seats(name) == list(range(low, high + 1))
    assert entry["title"] == game.TITLE
    options = {o["name"]: o for o in entry["options"]}
    assert {k: o["default"] for k, o in options.items()} == game.options  # as a game is built
    for variant in entry["variants"]:  # each listed variant switches on when named
        assert options[variant]["variant"] and not game.options[variant]
        assert simlab.load_game(name, variants=[variant]).options[variant] is True
    others = [k for k, o in options.items() if not o["variant"]]
    for option in others:  # and the other options are not variants
        with pytest.raises(simlab.ConfigError, match="has no variant"):
            simlab.load_game(name, variants=[option])
    assert entry["policies"] == game.policy_names()
    for seat, policy in enumerate(entry["policies"]):  # each listed policy can be made
        game.make_policy(policy, seat % game.players)
    assert entry["components"] == game.components()
    assert game_info(name) == entry  # what `simlab info` reads


def test_the_games_and_studies_listed_are_the_shipped_ones():
    stored = stored_catalog()
    assert [g["game"] for g in stored["games"]] == SHIPPED
    assert [s["study"] for s in stored["studies"]] == sorted(STUDIES)
    for row in stored["studies"]:
        assert row["title"] == get_study(row["study"]).title
        # a study's name begins with its game's: bad-doctor-seats is bad_doctor's
        assert row["study"].startswith(row["game"].replace("_", "-") + "-")
        assert row["game"] in GAMES


def test_simlab_games_prints_each_game_as_built(run):
    code, out, err = run(["games"])
    assert code == 0 and err == ""
    for name in SHIPPED:
        game = simlab.load_game(name)
        head = f"{name:16} {game.TITLE} ({game.MIN_PLAYERS}-{game.MAX_PLAYERS} players)\n"
        assert head in out
        assert f"{'':16} policies: {policy_line(game.policy_names())}\n" in out
    for study in STUDIES:
        assert f"  {study:28} {get_study(study).title}\n" in out


def test_games_registered_at_run_time_are_listed_live():
    listed = catalog()
    dice_race = next(g for g in listed["games"] if g["game"] == "dice_race")  # tests/conftest.py
    assert dice_race["players"] == [2, 4]
    assert dice_race["policies"] == simlab.load_game("dice_race").policy_names()
    assert [g["game"] for g in listed["games"]] == sorted(g["game"] for g in listed["games"])


def test_studies_registered_at_run_time_are_listed_live():
    from simlab.core.study import Study, register_study, unregister_study

    register_study(Study("zz-demo", "A demo", (), run_chunk=print, summarize=print))
    try:
        rows = catalog()["studies"]
    finally:
        unregister_study("zz-demo")
    assert {"study": "zz-demo", "game": "", "title": "A demo"} in rows


def test_policy_names_are_listed_one_way_everywhere(run):
    _, games_out, _ = run(["games"])
    _, info_out, _ = run(["info", "broom_service"])
    code, _, err = run(["play", "broom_service", "--policy", "genius"])
    line = policy_line(simlab.load_game("broom_service").policy_names())
    assert line.startswith("random, brave, cowardly, brave-P, heuristic, mcts, mcts-N, "
                           "mcts-brave, mcts-cowardly (brave-P: ")
    assert "; mcts-N: search player with N iterations a decision" in line
    assert f"policies: {line}\n" in games_out
    assert f"policies: {line}\n" in info_out
    assert code == 2
    assert err == f"simlab: error: broom_service has no policy 'genius'; policies: {line}\n"
    assert "brave-0.25" not in games_out + info_out + err


def test_every_listed_policy_form_is_playable():
    for name in simlab.game_names():
        game = simlab.load_game(name)
        for seat, form in enumerate(policy_forms(game.policy_names())):
            game.make_policy(form.replace("-P", "-0.3").replace("-N", "-3"), seat % game.players)
