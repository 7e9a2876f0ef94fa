"""Studies of the Stuff and the Variations of Bedpans & Broomsticks (issue 5).

``bedpans-variants``: for each Variation, whole games with and without it
on matched seeds (the same seed drives both), by player count: the Elder
win rate and game length with intervals, and a table holding each
Variation's measured effect against the rulebook's label (favors Elders /
favors Staff / neutral), saying plainly where the simulation disagrees.  Each
side may play its own policy (``staff=mcts``, ``elders=mcts``: the Variation
verdicts under search players, issue 12 point 6).

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

from typing import Any, cast

import numpy as np
import pandas as pd

from simlab.core import stats
from simlab.core.api import Outcome
from simlab.core.lazy_view import LazyView, seal
from simlab.core.play import make_policies, sample_chance
from simlab.core.search_settings import policy_choices
from simlab.core.study import (
    Param,
    Study,
    game_setting,
    per_game,
    register_study,
    seat_policy_param,
)
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.parts import Chance, Draw
from simlab.games.bedpans.rules import BedpansGame, BedpansState
from simlab.games.bedpans.stuff import IMPLEMENTED

__all__ = ["LABELS", "STUFF_STUDY", "VARIANTS_STUDY", "play_out", "round_limit_param",
           "seat_policies", "verdicts", "worth"]

#: Policies one side may play in ``bedpans-variants`` ("": the ``policy`` parameter's).
_SIDE_POLICIES = policy_choices("", "heuristic", "random")
#: Policies every seat may play in the studies of whole games.
_SEAT_POLICIES = ("heuristic", "random")


def round_limit_param(default: int) -> Param:
    """The ``round_limit`` param of a study of whole games (ruling B14 of docs/rulings).

    Examples
    --------
    >>> limit = round_limit_param(40)
    >>> limit.default, limit.convert("12")
    (40, 12)
    >>> limit.convert("0")
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: parameter 'round_limit': 0 is below 1
    """
    return Param("round_limit", default, int, low=1, help="round limit of each game (ruling B14)")

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


#: Each Variation's name as the rulebook prints it ("Variations").
RULEBOOK_NAMES: dict[str, str] = {
    "staff_experience": "Staff Experience",
    "co_op_victory": "Co-op Victory",
    "all_or_nothing": "All or Nothing",
    "no_recovery": "No Recovery",
    "door_markers": "Door-markers",
    "limited_occupancy": "Limited Occupancy",
    "do_no_harm": "1st Do No Harm",
    "stuff_is_stuff": "Stuff is Stuff",
    "tile_placement": "Tile Placement",
    "elder_abilities": "Elder Abilities",
    "roll_and_assign": "Roll Movement Dice & Assign",
}


def play_out(state: BedpansState, names: list[str], rng: np.random.Generator) -> BedpansState:
    """Play ``state`` to its end, seat ``i`` by the policy ``names[i]``; chance and every
    policy draw from ``rng`` (one generator, in the order of play).

    Examples
    --------
    >>> final = play_out(BedpansGame(players=2).new_initial_state(), ["heuristic"] * 2,
    ...                  np.random.default_rng(1))
    >>> final.is_terminal
    True
    """
    policies = make_policies(state.game, names)
    while not state.is_terminal:
        if state.is_chance:
            state.apply(sample_chance(state.chance_outcomes(), rng), check=False)
        else:
            seat = state.current_player
            legal = state.legal_actions()
            view = LazyView(state, seat)  # built only if the policy reads it
            action = policies[seat].act(view, legal, rng)
            seal(view)
            state.apply(action, check=False)
    return state


def _result(final: BedpansState) -> dict[str, Any]:
    winners = cast(Outcome, final.outcome).winners  # played to its end
    return {"elder_win": bool(winners) and 0 not in winners, "staff_win": winners == (0,),
            "undecided": not winners, "rounds": final.round}


def seat_policies(params: dict[str, Any], players: int) -> list[str]:
    """The policy of each seat: the Staff's (seat 0), then the Elders'.

    ``staff`` and ``elders`` name a side's policy (``mcts`` and ``mcts-N``
    allowed: the game's search player, each side with its own search settings,
    ``SearchSettings.seats``, as in ``benchmarks/bedpans_strength.py``); empty,
    the side plays ``policy``, as every seat did before they existed.

    Examples
    --------
    >>> seat_policies({"policy": "heuristic", "staff": "", "elders": ""}, 3)
    ['heuristic', 'heuristic', 'heuristic']
    >>> seat_policies({"policy": "heuristic", "staff": "", "elders": "mcts"}, 3)
    ['heuristic', 'mcts', 'mcts']
    """
    staff = params.get("staff") or params["policy"]
    elders = params.get("elders") or params["policy"]
    return [staff] + [elders] * (players - 1)


def _variant_game(params: dict[str, Any], rng: np.random.Generator, index: int) -> list[dict]:
    players, variant = game_setting(index, params["players"], params["variants"])
    seed = int(rng.integers(2**63))
    rows = []
    for arm, variants in (("base", ()), ("variant", (variant,))):
        game = BedpansGame(players=players, variants=variants,
                           round_limit=params["round_limit"])
        names = seat_policies(params, players)
        final = play_out(game.new_initial_state(), names, np.random.default_rng(seed))
        rows.append({"players": players, "variant": variant, "pair": index, "arm": arm,
                     **_result(final)})
    return rows


def verdicts(games: pd.DataFrame) -> pd.DataFrame:
    """Each Variation's change in the Elder win rate against its label.

    The change is the variant arm minus the base arm on the same seeds (``pair``),
    with a 95% t interval of the paired differences; "favors Elders" when the
    interval is above 0, "favors Staff" below, "neutral" when it holds 0.

    Examples
    --------
    >>> g = pd.DataFrame({"players": [2] * 4, "variant": ["no_recovery"] * 4,
    ...                   "pair": [0, 0, 1, 1], "arm": ["base", "variant"] * 2,
    ...                   "elder_win": [True, False, True, False]})
    >>> verdicts(g)[["variant", "simulated", "agrees"]].values.tolist()
    [['no_recovery', 'favors Staff', True]]
    >>> verdicts(g).finding[0]
    'no_recovery at 2 players: agrees with the rulebook, favors Staff (-1.000 to -1.000)'
    >>> g["elder_win"] = False
    >>> verdicts(g).finding[0]  # doctest: +NORMALIZE_WHITESPACE
    "no_recovery at 2 players: no game's winner changed, so the Variation never decided a
    game here (the rulebook says favors Staff)"

    """
    rows = []
    wide = games.pivot_table(index=["players", "variant", "pair"], columns="arm",
                             values="elder_win", aggfunc="mean").dropna()
    for (players, variant), group in wide.groupby(level=["players", "variant"], sort=True):
        diff = (group["variant"] - group["base"]).to_numpy()
        mean, low, high = stats.mean_interval(diff)
        simulated = ("favors Elders" if low > 0 else "favors Staff" if high < 0 else "neutral")
        label = LABELS.get(str(variant), "")
        rows.append({"players": players, "variant": variant, "rulebook": label,
                     "elder_win_base": float(group["base"].mean()),
                     "elder_win_variant": float(group["variant"].mean()),
                     "change": mean, "low": low, "high": high, "n": len(diff),
                     "simulated": simulated,
                     "agrees": None if label == "no label" else simulated == label,
                     "finding": _finding(int(players), str(variant), label, simulated,
                                         low, high)})
    return pd.DataFrame(rows)


def _finding(players: int, variant: str, label: str, simulated: str, low: float,
             high: float) -> str:
    """One plain sentence: what the simulation says against the rulebook's label."""
    span = f"{low:+.3f} to {high:+.3f}"
    head = f"{variant} at {players} players"
    if low == high == 0:
        return (f"{head}: no game's winner changed, so the Variation never decided a game "
                f"here (the rulebook says {label})")
    if label == "no label":
        return f"{head}: the rulebook gives no label; simulated {simulated} ({span})"
    if simulated == label:
        return f"{head}: agrees with the rulebook, {label} ({span})"
    if simulated == "neutral":
        return (f"{head}: the rulebook says {label}; no effect was found at this number of "
                f"games ({span})")
    return f"{head}: DISAGREES: the rulebook says {label}, the simulation {simulated} ({span})"


def _variant_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    table = stats.summarize(games, by=["players", "variant", "arm"],
                            proportions=["elder_win", "staff_win", "undecided"],
                            means=["rounds"])
    cols = ["players", "variant", "quantity", "kind", "arm"]
    return table[cols + [c for c in table.columns if c not in cols]]


def _variants_plot(result: Any) -> Any:
    """Forest plot: each Variation's change of the Elder win rate against the base game."""
    from simlab.figures.intervals import forest_plot
    from simlab.figures.limits import MIN_GAMES, SAYS_NOTHING

    table = verdicts(result.games)
    if table.empty:
        table = pd.DataFrame(columns=["players", "variant", "rulebook", "change", "low",
                                      "high", "n"])
    order = {v: i for i, v in enumerate(LABELS)}
    table = table.assign(order=table.variant.map(order)).sort_values(["order", "players"])
    rows = table.rename(columns={"change": "estimate"}).assign(
        name=[f"{RULEBOOK_NAMES.get(v, v)} [rulebook: {label}], {int(p)} players"
              for v, label, p in zip(table.variant, table.rulebook, table.players,
                                     strict=True)],
        players=table.players.astype(int))
    pairs = rows.n.min() if len(rows) else 0
    fig = forest_plot(
        rows, label="name", group="players", limit=SAYS_NOTHING,
        title="Which way does each Variation tip the game? Elder win rate with it minus "
              f"without ({result.params.get('games', 0):,} games)",
        xlabel="change in the Elder win rate: game with the Variation − base game\non the "
               f"same seeds (right of 0: it favors the Elders)\n(95% t interval; {pairs} or more "
               "pairs of games a row)",
    )
    ax = fig.axes[0]
    for y, row in enumerate(rows.itertuples()):
        if row.low == row.high == 0 and row.n >= MIN_GAMES:  # an interval of no width
            ax.annotate("no game's winner changed", (0.0, y), xytext=(6, 0),
                        textcoords="offset points", va="center", fontsize=7, color="#424242")
    return fig


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
            seat_policy_param("heuristic", _SEAT_POLICIES,
                              help="policy of every seat (unless staff or elders names a side's)"),
            Param("staff", "", str, choices=_SIDE_POLICIES,
                  help="policy of the Staff (seat 0), e.g. mcts; empty: policy"),
            Param("elders", "", str, choices=_SIDE_POLICIES,
                  help="policy of every Elder seat, e.g. mcts; empty: policy"),
            round_limit_param(40),
        ),
        run_chunk=per_game(_variant_game),
        summarize=_variant_summary,
        plot=_variants_plot,
        chunk_size=10,
        default_games=900,
    )
)


def _deal(state: BedpansState, holder: int, kind: str | None,
          rng: np.random.Generator) -> BedpansState:
    """Resolve the set-up deal, giving ``holder`` ``kind`` (None: no Stuff at all)."""
    if kind is not None:  # set it aside first: a kind with 1 marker may not go to another
        state.unseen[kind] -= 1
    while state.need == Chance(Draw.STUFF):
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
        final = play_out(state, [params["policy"]] * players, r)
        played = held is not None and kind not in final.hands[holder]  # played or discarded
        rows.append({"stuff": kind, "pair": index, "arm": arm,
                     "holder_win": holder in cast(Outcome, final.outcome).winners,
                     "rounds": final.round, "gone": played})
    return rows


def _stuff_summary(games: pd.DataFrame, params: dict[str, Any]) -> pd.DataFrame:
    table = stats.summarize(games, by=["stuff", "arm"], proportions=["holder_win", "gone"],
                            means=["rounds"])
    return table.merge(worth(games), left_on="stuff", right_index=True, how="left")


def worth(games: pd.DataFrame) -> pd.DataFrame:
    """Each kind's worth: the holder's win rate with it minus without, on the same seeds,
    with a 95% t interval of the paired differences (``worth_low``, ``worth_high``).

    Examples
    --------
    >>> g = pd.DataFrame({"stuff": ["Walker"] * 6, "pair": [0, 0, 1, 1, 2, 2],
    ...                   "arm": ["with", "without"] * 3,
    ...                   "holder_win": [True, False, True, True, True, False]})
    >>> row = worth(g).loc["Walker"]
    >>> round(float(row.worth), 3), int(row.pairs)
    (0.667, 3)
    """
    wide = games.pivot_table(index=["stuff", "pair"], columns="arm", values="holder_win",
                             aggfunc="mean")
    diff = (wide["with"] - wide["without"]).dropna()
    rows = {}
    for kind, d in diff.groupby(level="stuff"):
        mean, low, high = stats.mean_interval(d.to_numpy())
        rows[kind] = {"worth": mean, "worth_low": low, "worth_high": high, "pairs": len(d)}
    return pd.DataFrame.from_dict(rows, orient="index")


def _stuff_plot(result: Any) -> Any:
    """Forest plot of each kind's worth, and beside it how often the holder used it."""
    from matplotlib.figure import Figure

    from simlab.figures.intervals import intervals
    from simlab.figures.limits import MAX_INCHES, SAYS_NOTHING

    summary = result.summary
    kinds = [k for k in IMPLEMENTED if k in set(summary.stuff)]
    value = worth(result.games).reindex(kinds)
    used = summary[(summary.quantity == "gone") & (summary.arm == "with")]
    used = used.set_index("stuff").reindex(kinds)
    holder = "red Elder" if result.params.get("holder", "elder") == "elder" else "Staff"
    height = min(MAX_INCHES, 1.8 + 0.3 * max(1, len(kinds)))
    fig = Figure(figsize=(10.0, height), layout="constrained")
    left, right = fig.subplots(1, 2, sharey=True, width_ratios=[3, 2])
    y = np.arange(len(kinds), dtype=float)
    intervals(left, y, value.worth, value.worth_low, value.worth_high, limit=SAYS_NOTHING,
              horizontal=True, color="C0", n=value.pairs, clip=1.0)
    left.axvline(0.0, color="k", lw=1, zorder=0)
    left.set_yticks(y, kinds, fontsize=8)
    left.set_ylim(len(kinds) - 0.5, -0.5)
    reach = min(1.0, np.nanmax(np.abs(np.r_[value.worth_low, value.worth_high,
                                             value.worth, 0.05])))
    left.set_xlim(-1.1 * reach, 1.7 * reach)
    pairs = int(value.pairs.min()) if len(value) and value.pairs.notna().all() else 0
    left.set_xlabel(f"worth: the {holder}'s win rate starting with it\n− starting with "
                    f"no Stuff, same seeds\n(95% t interval; {pairs} or more pairs a kind)")
    left.set_ylabel("Stuff kind")
    intervals(right, y, used.estimate, used.low, used.high, limit=SAYS_NOTHING,
              horizontal=True, color="C2", n=used.n, clip=1.0)
    right.set_xlim(-0.02, 1.3)
    right.set_xlabel(f"share of games after which the {holder}\nno longer held it "
                     "(played or discarded)\n(95% Wilson interval)")
    for ax in (left, right):
        ax.grid(axis="x", alpha=0.3)
    fig.suptitle(f"What is each Stuff kind worth to the {holder} who starts with it? "
                 f"({result.params.get('games', 0):,} games)", fontsize=11)
    return fig


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
            seat_policy_param("heuristic", _SEAT_POLICIES),
            round_limit_param(40),
        ),
        run_chunk=per_game(_stuff_game),
        summarize=_stuff_summary,
        plot=_stuff_plot,
        chunk_size=10,
        default_games=1900,
    )
)
