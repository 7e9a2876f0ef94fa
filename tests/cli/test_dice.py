"""`simlab dice EXPR` (simlab.cli.dice)."""

from __future__ import annotations

import json


def test_dice_exact_and_sampled(run):
    code, out, _ = run(["dice", "3d3kl2", "--samples", "50000", "--seed", "1", "--json"])
    data = json.loads(out)
    assert code == 0
    assert data["distribution"] == {"2": "7/27", "3": "1/3", "4": "7/27", "5": "1/9",
                                    "6": "1/27"}
    assert data["chisquare_p"] > 1e-4
    code, out, _ = run(["dice", "2d6"])
    assert "mean 7.0000" in out and "1/36" in out
