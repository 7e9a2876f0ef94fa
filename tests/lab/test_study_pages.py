"""The designer studies of the findings pages: the plan fits its studies, the page holds
the numbers the study gives for the seed, stamped, and says where a run was smaller."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from simlab.core.errors import ConfigError
from simlab.core.study import get_study, run_study
from simlab.lab.study_pages import STUDIES, page_path, write_study_page


@pytest.mark.parametrize("game", sorted(STUDIES))
def test_every_planned_study_takes_its_parameters(game):
    for entry in STUDIES[game]:
        study = get_study(entry.study)
        study.resolve(**entry.params)  # raises on a parameter the study does not take
        assert entry.study.startswith(game.replace("_", "-") + "-")  # its own game


def test_the_page_holds_the_study_numbers_for_the_seed(tmp_path):
    page = write_study_page("hospital_rush", tmp_path, "simlab balance --all test",
                            games={"hospital-rush-boards": 40}, seed=5,
                            only=("hospital-rush-boards",))
    assert page == page_path(tmp_path, "hospital_rush")
    text = page.read_text()
    lines = text.splitlines()
    assert lines[0] == "# Hospital Rush: designer studies (generated)"
    assert "- command: `simlab balance --all test`" in lines
    assert re.search(r"^- commit \S+, written \d{4}-\d\d-\d\dT", text, re.MULTILINE)
    assert "- seed 5; smaller runs than the findings plan: hospital-rush-boards 40 of " in text
    expected = run_study("hospital-rush-boards", 40, seed=5, policy="greedy").summary
    written = pd.read_csv(tmp_path / "hospital_rush" / "studies" / "hospital-rush-boards.csv")
    pd.testing.assert_frame_equal(written[["estimate", "low", "high", "n"]].astype(float),
                                  expected[["estimate", "low", "high", "n"]].astype(float)
                                  .reset_index(drop=True))
    top = expected["estimate"].astype(float).iloc[0]
    assert f"| {top:.3f} |" in text or f"| {top:,.0f} |" in text
    assert (tmp_path / "hospital_rush" / "studies" / "hospital-rush-boards.png").stat().st_size
    # the rows on too few games, counted by hand from the table: a share whose interval is
    # missing or wider than 0.2, or fewer than 20 games behind a row
    share = written["kind"] == "proportion"
    wide = (written["high"] - written["low"] > 0.2) | written["low"].isna()
    few = int(((share & wide) | (written["n"] < 20)).sum())
    assert few > 0  # 40 games: some rows say nothing yet
    assert sum(line.endswith("| too few games |") for line in lines) == few
    assert f"{few} of {len(written)} rows rest on too few games" in text


def test_a_run_at_the_plan_says_so(tmp_path, monkeypatch):
    from simlab.lab import study_pages

    entry = study_pages.PageStudy("hospital-rush-boards", "Q?", {"policy": "greedy"}, 12)
    monkeypatch.setitem(study_pages.STUDIES, "hospital_rush", (entry,))
    text = write_study_page("hospital_rush", tmp_path, "c").read_text()
    assert "- seed 0; each study at the games of the findings plan" in text
    assert "## Q?" in text and "12 games, " in text


def test_bad_input_is_one_line_before_any_game(tmp_path):
    with pytest.raises(ConfigError, match="no designer studies for 'chess'"):
        write_study_page("chess", tmp_path, "c")
    with pytest.raises(ConfigError, match="bad_doctor has no designer study 'bedpans-stuff'"):
        write_study_page("bad_doctor", tmp_path, "c", games={"bedpans-stuff": 3})
    assert not (tmp_path / "bad_doctor").exists()
