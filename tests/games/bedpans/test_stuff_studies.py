"""The bedpans-variants and bedpans-stuff studies (small, seeded)."""

from __future__ import annotations

import pytest

import simlab
from simlab.core.errors import ConfigError
from simlab.core.study import get_study
from simlab.games.bedpans.stuff_studies import LABELS, round_limit_param, verdicts


def test_variants_study_matched_arms_and_verdicts():
    result = simlab.run_study("bedpans-variants", games=4, seed=2, players=("2",),
                              variants=("staff_experience", "no_recovery"), round_limit=10)
    games = result.games
    assert len(games) == 8 and (games.groupby("arm").size() == 4).all()
    table = verdicts(games)
    assert list(table.variant) == ["no_recovery", "staff_experience"]
    assert set(table.rulebook) == {LABELS["no_recovery"], LABELS["staff_experience"]}
    assert table.simulated.isin(["favors Elders", "favors Staff", "neutral"]).all()
    again = simlab.run_study("bedpans-variants", games=4, seed=2, players=("2",),
                             variants=("staff_experience", "no_recovery"), round_limit=10)
    assert games.equals(again.games)


def test_stuff_study_with_and_without_on_the_same_seed():
    result = simlab.run_study("bedpans-stuff", games=4, seed=3, kinds=("Hurry Up", "Walker"),
                              players=2, round_limit=10)
    games = result.games
    assert len(games) == 8 and set(games.arm) == {"with", "without"}
    assert not games[games.arm == "without"].gone.any()
    assert {"stuff", "worth"} <= set(result.summary.columns)


def test_stuff_study_deals_a_single_marker_kind_to_the_holder():
    result = simlab.run_study("bedpans-stuff", games=6, seed=5, kinds=("Head Nurse",),
                              holder="staff", players=4, round_limit=3)
    assert set(result.games.stuff) == {"Head Nurse"}


def _replay_pair(seed, index, players, variant, seats, round_limit):
    """The study's pair ``index`` played again here: the Elders' win in each arm."""
    from dataclasses import replace

    import numpy as np

    from simlab.core.play import sample_chance
    from simlab.core.search import MCTSPolicy
    from simlab.games.bedpans.rules import BedpansGame

    rng = np.random.default_rng(np.random.SeedSequence(entropy=seed, spawn_key=(index,)))
    pair_seed = int(rng.integers(2**63))
    wins = []
    for variants in ((), (variant,)):
        game = BedpansGame(players=players, variants=variants, round_limit=round_limit)
        policies = []
        for seat, name in enumerate(seats):
            if name.startswith("mcts-"):  # built as benchmarks/bedpans_strength.py builds it
                base = replace(game.search_settings(), iterations=int(name[5:]))
                policies.append(MCTSPolicy(game, seat, base.seats(seat, base), name))
            else:
                policies.append(game.make_policy(name, seat))
        state, play_rng = game.new_initial_state(), np.random.default_rng(pair_seed)
        while not state.is_terminal:
            if state.is_chance:
                state.apply(sample_chance(state.chance_outcomes(), play_rng))
            else:
                seat = state.current_player
                state.apply(policies[seat].act(state.view(seat), state.legal_actions(),
                                               play_rng))
        winners = state.outcome.winners
        wins.append(bool(winners) and 0 not in winners)
    return wins


def test_variants_study_takes_a_search_player_per_side():
    kwargs = dict(games=6, seed=4, players=("3",), variants=("no_recovery", "do_no_harm"),
                  round_limit=12)
    plain = simlab.run_study("bedpans-variants", **kwargs)
    named = simlab.run_study("bedpans-variants", staff="heuristic", elders="heuristic", **kwargs)
    assert plain.games.equals(named.games)  # the defaults: every seat plays policy, as before
    for staff, elders in (("mcts-2", "heuristic"), ("heuristic", "mcts-3")):
        result = simlab.run_study("bedpans-variants", staff=staff, elders=elders, **kwargs)
        games = result.games
        assert not games.equals(plain.games)  # the search really played
        counted = {}
        for index in range(6):
            variant = ("no_recovery", "do_no_harm")[index % 2]
            base, with_it = _replay_pair(4, index, 3, variant, [staff, elders, elders], 12)
            got = games[games.pair == index].set_index("arm").elder_win
            assert (bool(got["base"]), bool(got["variant"])) == (base, with_it)
            counted.setdefault(variant, []).append((base, with_it))
        table = verdicts(games).set_index("variant")
        for variant, pairs in counted.items():
            row = table.loc[variant]
            assert row.n == len(pairs) == 3
            assert row.elder_win_base == sum(b for b, _ in pairs) / 3
            assert row.elder_win_variant == sum(v for _, v in pairs) / 3
            summary = result.summary
            cell = summary[(summary.variant == variant) & (summary.arm == "variant")
                           & (summary.quantity == "elder_win")]
            assert float(cell.estimate.iloc[0]) == sum(v for _, v in pairs) / 3


def test_round_limit_param_of_each_study_of_whole_games():
    simlab.study_names()
    defaults = {name: {p.name: p for p in get_study(name).params}["round_limit"].default
                for name in ("bedpans-outcomes", "bedpans-variants", "bedpans-stuff")}
    assert defaults == {"bedpans-outcomes": 60, "bedpans-variants": 40, "bedpans-stuff": 40}
    limit = round_limit_param(40)
    assert limit.convert("1") == 1
    assert limit.help == "round limit of each game (ruling B14)"
    with pytest.raises(ConfigError, match="'round_limit': 0 is below 1"):
        limit.convert("0")
