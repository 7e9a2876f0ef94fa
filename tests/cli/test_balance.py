"""``simlab balance``: a report from the command line, --all into a findings folder, and
every mistake one line, exit 2, before any game."""

from __future__ import annotations

import pytest

import tests.lab.coin_game  # noqa: F401  registers coin_game
from simlab.cli import balance as cli_balance
from simlab.cli import main
from simlab.lab import balance as balance_module


@pytest.fixture
def no_games(monkeypatch):
    played = []
    monkeypatch.setattr(balance_module, "play_games", lambda *a, **k: played.append(1))
    return played


@pytest.mark.parametrize("argv, text", [
    (["balance", "bedpans", "--margin", "0.9"], "margin must be a number between 0 and 0.5"),
    (["balance", "bedpans", "--margin", "wide"], "margin must be a number"),
    (["balance", "bedpans", "--policy", "clever"], "no policy 'clever'"),
    (["balance", "bedpans", "--option", "knob=1"], "no option 'knob'"),
    (["balance", "bedpans", "--option", "round_limit"], "is not KEY=VALUE"),
    (["balance", "bedpans", "--option", "round_limit=soon"], "option 'round_limit' takes an int"),
    (["balance", "bedpans", "--players", "7"], "takes 2 to 5 players"),
    (["balance", "bedpans", "--max-games", "0"], "max_games must be a whole number >= 1"),
    (["balance", "bedpans", "--data", "/no/such"], "not a folder"),
    (["balance"], "give a GAME, or --all"),
    (["balance", "--all", "--out", "x", "chess"], "unknown game 'chess'"),
    (["balance", "--all", "--out", "x", "dice_race"], "no findings page for 'dice_race'"),
    (["balance", "--all"], "needs --out"),
    (["balance", "--all", "--out", "x", "--policy", "clever"], "no policy 'clever'"),
    (["balance", "chess"], "unknown game 'chess'"),
    (["balance", "bedpans", "--only", "studies"], "--only and --study-games go with --all"),
    (["balance", "--all", "--out", "x", "--study-games", "0"], "give N (games, at least 1)"),
    (["balance", "--all", "--out", "x", "--study-games", "2", "--study-games", "3"],
     "give N (games, at least 1) once, or STUDY=N"),
    (["balance", "--all", "--out", "x", "--study-games", "chess-ladder=5"],
     "no designer study 'chess-ladder'"),
    (["balance", "--all", "bedpans", "--out", "x", "--study-games", "bad-doctor-seats=5"],
     "no designer study 'bad-doctor-seats'"),
])
def test_mistakes_are_one_line_and_exit_2_before_any_game(capsys, no_games, argv, text):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert text in err and len(err.strip().splitlines()) == 1
    assert not no_games


def test_a_report_from_the_command_line(tmp_path, capsys):
    out = tmp_path / "coin"
    code = main(["balance", "coin_game", "--policy", "random", "--option", "edge=0.8",
                 "--max-games", "200", "--seed", "3", "--out", str(out), "-q"])
    assert code == 0
    said = capsys.readouterr().out
    assert "seat 0: unbalanced: above fair" in said
    text = (out / "report.md").read_text()
    assert "root seed 3" in text and "options {'edge': 0.8}" in text


def test_all_writes_a_findings_page_per_game(tmp_path, monkeypatch):
    monkeypatch.setattr(cli_balance, "ALL_GAMES", (("coin_game", (2, 3)),))
    out = tmp_path / "studies"
    (tmp_path / "history").mkdir()
    (tmp_path / "history" / "coin_game-search-players.md").write_text("the 2026 screens, by hand")
    code = main(["balance", "--all", "--policy", "random", "--max-games", "40",
                 "--out", str(out), "-q"])
    assert code == 0
    page = (out / "coin_game.md").read_text()
    assert page.startswith("# Coin game (test game): balance findings (generated)")
    link = "[../history/coin_game-search-players.md](../history/coin_game-search-players.md)"
    assert link in page and "the 2026 screens" not in page
    assert "notes" not in page and "studies.md" not in page  # no designer studies: no link
    tmp_path = out
    assert page.count("## Balance of Coin game (test game)") == 2
    for n in (2, 3):
        assert (tmp_path / "coin_game" / f"{n}p" / "verdicts.png").exists()
        assert f"](coin_game/{n}p/seats.png)" in page
    assert "simlab balance --all" in page or "command:" in page


def test_all_with_a_game_writes_that_page_only(tmp_path, monkeypatch):
    monkeypatch.setattr(cli_balance, "ALL_GAMES", (("coin_game", (2,)), ("dice_race", (2,))))
    assert main(["balance", "--all", "coin_game", "--policy", "random", "--max-games", "20",
                 "--out", str(tmp_path), "-q"]) == 0
    assert (tmp_path / "coin_game.md").exists() and not (tmp_path / "dice_race.md").exists()
