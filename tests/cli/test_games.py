"""`simlab games` (simlab.cli.games)."""

from __future__ import annotations

import json


def test_games_lists_games_and_studies(run):
    code, out, _ = run(["games", "--json"])
    data = json.loads(out)
    assert code == 0
    assert "dice_race" in [g["game"] for g in data["games"]]
    assert "bedpans-movement" in [s["study"] for s in data["studies"]]
