"""Studies of the Stuff and the Variations of Bedpans & Broomsticks (issue 5).

``bedpans-variants``: for each Variation, whole games with and without it
on matched seeds (the same seed drives both), by player count: the Elder
win rate and game length with intervals, and a table holding each
Variation's measured effect against the rulebook's label (favors Elders /
favors Staff / neutral), saying plainly where the simulation disagrees.

``bedpans-stuff``: the worth of each Stuff kind: games where the holder (the
red Elder, or the Staff) starts with that Stuff, against the same seeds
where it starts with none; the holder's win rate with and without.

Examples
--------
>>> import simlab
>>> result = simlab.run_study("bedpans-variants", games=4, seed=1, players=("2",),
...                           variants=("staff_experience",), round_limit=8)
>>> sorted(set(result.games.arm))
['base', 'variant']
>>> list(result.summary.columns[:4])
['players', 'variant', 'quantity', 'kind']
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pandas as pd

from simlab.core import stats
from simlab.core.api import Game
from simlab.core.play import make_policies, sample_chance
from simlab.core.study import Param, Study, per_game, register_study
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.rules import BedpansGame, BedpansState
from simlab.games.bedpans.stuff import IMPLEMENTED

__all__ = ["LABELS", "STUFF_STUDY", "VARIANTS_STUDY", "verdicts"]

#: The rulebook's label of each Variation ("Variations").
LABELS: dict[str, str] = {
    "staff_experience": "favors Elders",
    "co_op_victory": "neutral",
    "all_or_nothing": "favors Staff",
    "no_recovery": "favors Staff",
    "door_markers": "favors Elders",
    "limited_occupancy": "neutral",
    "do_no_harm": "favors Elders",
    "stuff_is_stuff": "favors Elders",
    "tile_placement": "favors Elders",
    "elder_abilities": "no label",
    "roll_and_assign": "no label",
}


def _play(state: BedpansState, names: list[str], rng: np.random.Generator) -> BedpansState:
    policies = make_policies(state.game, names)
    while not state.is_terminal:
        if state.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), check=False)
        else:
            seat = state.current_player
            legal = state.legal_actions()
            state.apply(policies[seat].act(state.view(seat), legal, rng), check=False)
    return state


def _result(final: BedpansState) -> dict[str, Any]:
    assert final.outcome is not None
    winners = final.outcome.winners
    return {"elder_win": bool(winners) and 0 not in winners, "staff_win": winners == (0,),
            "undecided": not winners, "rounds": final.round}


def _variant_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> list[dict]:
    combos = list(itertools.product([int(p) for p in params["players"]], params["variants"]))
    players, variant = combos[index % len(combos)]
    seed = int(rng.integers(2**63))
    rows = []
    for arm, variants in (("base", ()), ("variant", (variant,))):
        game: Game = BedpansGame(players=players, variants=variants,
                                 round_limit=params["round_limit"])
        names = [params["policy"]] * players
        final = _play(game.new_initial_state(), names, np.random.default_rng(seed))
        rows.append({"players": players, "variant": variant, "arm": arm, **_result(final)})
    return rows


def verdicts(games: pd.DataFrame) -> pd.DataFrame:
    """Each Variation's change in the Elder win rate against its label.

    The change is the variant arm minus the base arm on the same seeds, with a
    95% normal interval of the paired differences; "favors Elders" when the
    interval is above 0, "favors Staff" below, "neutral" when it holds 0.

    Examples
    --------
    >>> g = pd.DataFrame({"players": [2] * 4, "variant": ["no_recovery"] * 4,
    ...                   "arm": ["base", "variant"] * 2,
    ...                   "elder_win": [True, False, True, False]})
    >>> verdicts(g)[["variant", "simulated", "agrees"]].values.tolist()
    [['no_recovery', 'favors Staff', True]]
    """
    rows = []
    for (players, variant), group in games.groupby(["players", "variant"], sort=True):
        base = group[group.arm == "base"].elder_win.astype(float).to_numpy()
        var = group[group.arm == "variant"].elder_win.astype(float).to_numpy()
        diff = var - base
        n = len(diff)
        mean = float(diff.mean()) if n else math.nan
        half = 1.96 * float(diff.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
        if half == 0:
            half = 1e-12 if mean != 0 else 0.0
        low, high = mean - half, mean + half
        simulated = ("favors Elders" if low > 0 else "favors Staff" if high < 0 else "neutral")
        label = LABELS.get(variant, "")
        rows.append({"players": players, "variant": variant, "rulebook": label,
                     "elder_win_base": float(base.mean()), "elder_win_variant": float(var.mean()),
                     "change": mean, "low": low, "high": high, "n": n,
                     "simulated": simulated,
                     "agrees": None if label == "no label" else simulated == label})
    return pd.DataFrame(rows)


def _variant_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    table = stats.summarize(games, by=["players", "variant", "arm"],
                            proportions=["elder_win", "staff_win", "undecided"],
                            means=["rounds"])
    cols = ["players", "variant", "quantity", "kind", "arm"]
    return table[cols + [c for c in table.columns if c not in cols]]


VARIANTS_STUDY = register_study(
    Study(
        name="bedpans-variants",
        title="Bedpans & Broomsticks: what each Variation does to the balance",
        description=(
            "Whole games with and without each Variation on matched seeds, by player count: "
            "Elder and Staff win rates and rounds with intervals. `verdicts(result.games)` "
            "holds each measured change of the Elder win rate against the rulebook's label."
        ),
        params=(
            Param("players", ("2", "3", "4"), tuple, choices=("2", "3", "4", "5"),
                  help="player counts"),
            Param("variants", tuple(LABELS), tuple, choices=tuple(LABELS),
                  help="Variations compared with the base game"),
            Param("policy", "heuristic", str, choices=("heuristic", "random"),
                  help="policy of every seat"),
            Param("round_limit", 40, int, low=1, help="round limit of each game (ruling B14)"),
        ),
        run_chunk=per_game(_variant_game),
        summarize=_variant_summary,
        chunk_size=10,
        default_games=900,
    )
)


def _deal(state: BedpansState, holder: int, kind: str | None,
          rng: np.random.Generator) -> BedpansState:
    """Resolve the set-up deal, giving ``holder`` ``kind`` (None: no Stuff at all)."""
    if kind is not None:  # set it aside first: a kind with 1 marker may not go to another
        state.unseen[kind] -= 1
    while state.need == ("chance", "stuff"):
        if state.draws[0] == holder:
            if kind is None:
                state.draws.pop(0)
                state.pile += 1
                state._settle()
                continue
            state.unseen[kind] += 1
            state.apply(A.DrawStuff(kind))
            kind = None
        else:
            state.apply(sample_chance(state.chance_outcomes(), rng), check=False)
    return state


def _stuff_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> list[dict]:
    kinds = params["kinds"]
    kind = kinds[index % len(kinds)]
    players = int(params["players"])
    holder = 0 if params["holder"] == "staff" else 1
    seed = int(rng.integers(2**63))
    rows = []
    for arm, held in (("with", kind), ("without", None)):
        game = BedpansGame(players=players, round_limit=params["round_limit"])
        r = np.random.default_rng(seed)
        state = _deal(game.new_initial_state(), holder, held, r)
        final = _play(state, [params["policy"]] * players, r)
        assert final.outcome is not None
        played = held is not None and kind not in final.hands[holder]  # played or discarded
        rows.append({"stuff": kind, "arm": arm, "holder_win": holder in final.outcome.winners,
                     "rounds": final.round, "gone": played})
    return rows


def _stuff_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    table = stats.summarize(games, by=["stuff", "arm"], proportions=["holder_win", "gone"],
                            means=["rounds"])
    wide = games.pivot_table(index="stuff", columns="arm", values="holder_win",
                             aggfunc="mean")
    worth = (wide["with"] - wide["without"]).rename("worth")
    return table.merge(worth, left_on="stuff", right_index=True, how="left")


STUFF_STUDY = register_study(
    Study(
        name="bedpans-stuff",
        title="Bedpans & Broomsticks: what each Stuff kind is worth to its holder",
        description=(
            "The holder (the red Elder or the Staff) starts with one Stuff of a kind, against "
            "the same seed with no Stuff: its win rate with and without, and `worth`, the "
            "difference on matched seeds."
        ),
        params=(
            Param("kinds", IMPLEMENTED, tuple, choices=IMPLEMENTED, help="Stuff kinds"),
            Param("holder", "elder", str, choices=("elder", "staff"),
                  help="who starts with the Stuff"),
            Param("players", 3, int, low=2, high=5, help="player count"),
            Param("policy", "heuristic", str, choices=("heuristic", "random"),
                  help="policy of every seat"),
            Param("round_limit", 40, int, low=1, help="round limit of each game (ruling B14)"),
        ),
        run_chunk=per_game(_stuff_game),
        summarize=_stuff_summary,
        chunk_size=10,
        default_games=1900,
    )
)
