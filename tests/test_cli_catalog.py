"""The stored listing of `simlab games` is what the live registries say (simlab.cli_catalog)."""

from __future__ import annotations

import simlab
from simlab.cli_catalog import build_catalog, catalog
from simlab.cli_catalog_data import CATALOG


def test_stored_catalog_is_current():
    assert build_catalog() == CATALOG, (
        "simlab games/info would list stale data: run `.venv/bin/python -m simlab.cli_catalog` "
        "to rewrite simlab/cli_catalog_data.py"
    )


def test_every_study_belongs_to_a_listed_game():
    games = {g["game"] for g in CATALOG["games"]}
    assert CATALOG["studies"] and all(s["game"] in games for s in CATALOG["studies"])


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
