"""The README's headline findings: written from docs/studies, never stale, and true."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

from simlab.core.errors import ConfigError
from simlab.lab import headline

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
STUDIES = ROOT / "docs" / "studies"


def _line(game_title: str) -> str:
    lines = [ln for ln in headline.readme_block(README).splitlines()
             if ln.startswith(f"- **{game_title}**")]
    assert lines, f"no headline line for {game_title}"
    return lines[0]


def test_readme_block_is_the_one_the_pages_give():
    assert headline.readme_block(README) == headline.block(STUDIES), (
        "README.md's headline findings are out of date: run `make findings` "
        "(or python -m simlab.lab.headline README.md docs/studies)")


def test_every_game_with_a_findings_page_has_a_line():
    block = headline.readme_block(README)
    for title in ("Bedpans & Broomsticks", "Bad Doctor", "Broom Service", "Hospital Rush"):
        assert f"- **{title}**" in block


@pytest.mark.parametrize("folder", sorted(STUDIES.glob("bedpans/*p")), ids=lambda p: p.name)
def test_bedpans_elders_share_is_the_count_of_games_won(folder):
    games = pd.read_csv(folder / "games.csv")
    players = int(folder.name[:-1])
    # independent count: the games won by an Elder (every seat but 0, the Staff)
    elders = sum(1 for _, g in games.iterrows()
                 if any(g[f"win_{s}"] > 0 for s in range(1, players)))
    said = re.search(rf"([0-9.]+) at {players} players \(([\d,]+) games",
                     _line("Bedpans & Broomsticks"))
    assert said is not None
    assert int(said.group(2).replace(",", "")) == len(games)
    assert float(said.group(1)) == pytest.approx(elders / len(games), abs=5e-4)


@pytest.mark.parametrize("game,title", [("bad_doctor", "Bad Doctor"),
                                        ("hospital_rush", "Hospital Rush"),
                                        ("broom_service", "Broom Service")])
def test_seat_shares_are_the_wins_counted(game, title):
    folder = STUDIES / game / "4p"
    games = pd.read_csv(folder / "games.csv")
    line = _line(title)
    assert f", {len(games):,} games:" in line
    # independent count: each game's seat credits (a shared win split between winners)
    shares = [games[f"win_{s}"].sum() / len(games) for s in range(4)]
    said = [float(x) for x in re.findall(r"(?:shares |/ |seat \d )(0\.\d{3})", line)]
    assert said == pytest.approx(shares, abs=6e-4)  # printed to 3 places


def _tree(tmp_path: Path, verdict: str = "unbalanced") -> Path:
    folder = tmp_path / "studies" / "broom_service" / "3p"
    folder.mkdir(parents=True)
    pd.DataFrame({"policies": ["mcts,mcts,mcts"] * 90}).to_csv(folder / "games.csv")
    pd.DataFrame({"question": ["seat 0", "seat 1", "seat 2", "balance"],
                  "estimate": [0.6, 0.2, 0.2, 0.6],
                  "verdict": [verdict, "inconclusive", "inconclusive", verdict],
                  "favours": ["above", None, None, None],
                  "decided_at": [70, None, None, None]}).to_csv(folder / "verdicts.csv")
    return tmp_path / "studies"


def test_an_unbalanced_seat_is_named_with_its_side_and_games(tmp_path):
    (line,) = headline.headline_lines(_tree(tmp_path))
    assert line == ("- **Broom Service**, 3 players, `mcts` on every seat, 90 games: "
                    "seat 0 0.600 (unbalanced, above fair, decided at 70 games); "
                    "seat 1 0.200 (inconclusive); seat 2 0.200 (inconclusive).")


def test_update_rewrites_only_the_block(tmp_path):
    studies = _tree(tmp_path)
    readme = tmp_path / "README.md"
    readme.write_text(f"# x\n\nbefore\n{headline.BEGIN}\nold line\n{headline.END}\nafter\n")
    assert headline.update_readme(readme, studies) is True
    text = readme.read_text()
    assert text.startswith("# x\n\nbefore\n") and text.endswith(f"{headline.END}\nafter\n")
    assert "old line" not in text and "seat 0 0.600" in text
    assert headline.update_readme(readme, studies) is False
    assert headline.main([str(readme), str(studies), "--check"]) == 0


def test_missing_markers_or_csv_is_one_line_and_nothing_written(tmp_path, capsys):
    studies = _tree(tmp_path)
    readme = tmp_path / "README.md"
    readme.write_text("# no markers\n")
    with pytest.raises(ConfigError, match="needs one line"):
        headline.update_readme(readme, studies)
    readme.write_text(f"{headline.BEGIN}\nkept\n{headline.END}\n")
    (studies / "broom_service" / "3p" / "verdicts.csv").unlink()
    assert headline.main([str(readme), str(studies)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "verdicts.csv: missing" in err[0]
    assert "kept" in readme.read_text()


def test_check_says_stale(tmp_path, capsys):
    studies = _tree(tmp_path)
    readme = tmp_path / "README.md"
    readme.write_text(f"{headline.BEGIN}\nstale\n{headline.END}\n")
    assert headline.main([str(readme), str(studies), "--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    shutil.rmtree(studies)
