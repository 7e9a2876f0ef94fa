"""A changed tile or card of a component folder changes play, game by game (issue 18).

Bad Doctor's scenario (more cube spaces reach the Patients in the hospital) is
in ``tests/core/test_data.py``.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import numpy as np

import simlab
from simlab.cli import main
from simlab.core.data import export_data


def _edit(path: Path, pattern: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    changed, n = re.subn(pattern, new, text, count=1, flags=re.M)
    assert n == 1, pattern
    path.write_text(changed, encoding="utf-8")


def _first_stuff_draw(game, seed: int = 0):
    """The chance outcomes of the first Stuff draw of a random game."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal:
        options = state.chance_outcomes() if state.is_chance else None
        if options and any(type(a).__name__ == "DrawStuff" for a, _ in options):
            return {a.kind: p for a, p in options}
        actions = [a for a, _ in options] if options else state.legal_actions()
        state.apply(actions[rng.integers(len(actions))])
    raise AssertionError("no Stuff was drawn")


def test_bedpans_a_bigger_stuff_count_is_drawn_more_often(tmp_path):
    export_data("bedpans", tmp_path)
    stuff = tmp_path / "stuff.txt"
    _edit(stuff, r"^Bed Bump \| 2", "Bed Bump | 4")   # two more Bed Bumps ...
    _edit(stuff, r"^Door Code \| 2", "Door Code | 1")  # ... and two other markers fewer:
    _edit(stuff, r"^Jammed Door \| 2", "Jammed Door | 1")  # still 48 Stuff-markers
    shipped = _first_stuff_draw(simlab.load_game("bedpans"))
    mine = _first_stuff_draw(simlab.load_game("bedpans", data=tmp_path))
    assert shipped["Bed Bump"] == Fraction(2, 48) and mine["Bed Bump"] == Fraction(4, 48)
    assert mine["Door Code"] == Fraction(1, 48) and sum(mine.values()) == 1


def test_broom_service_the_colours_file_names_the_seats_in_play(tmp_path, capsys):
    export_data("broom_service", tmp_path)
    _edit(tmp_path / "colours.txt", r"^red$", "green")
    game = simlab.load_game("broom_service", players=3, data=tmp_path)
    assert game.seat_names()[0] == "Green"
    assert main(["play", "broom_service", "--players", "3", "--data", str(tmp_path)]) == 0
    scores = capsys.readouterr().out.splitlines()[-1]
    assert "scores: Green " in scores and "Red" not in scores
    assert simlab.load_game("broom_service", players=3).seat_names()[0] == "Red"


def test_broom_service_a_tower_worth_more_scores_more(tmp_path):
    export_data("broom_service", tmp_path)
    _edit(tmp_path / "towers.txt", r"^(T2 \| Goblin Hill \| circular \| green \|) 2 \|",
          r"\1 9 |")
    mine = simlab.load_game("broom_service", data=tmp_path)
    shipped = simlab.load_game("broom_service")
    assert mine.new_initial_state().game.realm.towers["T2"].vp == 9
    assert shipped.realm.towers["T2"].vp == 2


def test_hospital_rush_a_patient_card_with_more_prestige(tmp_path):
    export_data("hospital_rush", tmp_path)
    _edit(tmp_path / "patients.txt", r"^(Jim Caries \| 1 patch, 1 purple \|) 2 \|", r"\1 5 |")
    mine = simlab.load_game("hospital_rush", data=tmp_path)
    assert mine.new_initial_state().game.patients["Jim Caries"].prestige == 5
    assert simlab.load_game("hospital_rush").patients["Jim Caries"].prestige == 2
