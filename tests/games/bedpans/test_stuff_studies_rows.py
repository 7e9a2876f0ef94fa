"""The rows of bedpans-variants and bedpans-stuff against their games played again here with
a loop of this file's own (chance and every policy from one generator), the set-up deal
of the Stuff study, and ``play_out`` against that loop."""

from __future__ import annotations

import numpy as np
import pytest

import simlab
from simlab.core.play import sample_chance
from simlab.games.bedpans.parts import Chance, Draw
from simlab.games.bedpans.rules import BedpansGame, BedpansState
from simlab.games.bedpans.stuff_studies import _deal, play_out
from tests.helpers.play_loop import play_to_end

#: Stuff-markers in the box (rulebook, Components: "Stuff-markers (48)")
MARKERS = 48


def _play(state: BedpansState, names: list[str], rng: np.random.Generator) -> list[str]:
    """Play ``state`` to its end here, seat ``i`` by ``names[i]``; the actions' texts."""
    policies = [state.game.make_policy(name, seat) for seat, name in enumerate(names)]
    texts: list[str] = []
    play_to_end(state, policies, rng, lambda action, events: texts.append(str(action)))
    return texts


def _pair_seed(seed: int, index: int) -> int:
    rng = np.random.default_rng(np.random.SeedSequence(entropy=seed, spawn_key=(index,)))
    return int(rng.integers(2**63))


def test_play_out_plays_each_seat_by_its_policy_from_one_generator():
    game = BedpansGame(players=3, round_limit=6)
    for names in (["heuristic", "random", "random"], ["random", "heuristic", "random"]):
        mine = game.new_initial_state()
        texts = _play(mine, names, np.random.default_rng(8))
        theirs = play_out(game.new_initial_state(), names, np.random.default_rng(8))
        assert theirs.is_terminal and theirs.outcome == mine.outcome
        assert (theirs.round, theirs.hands, theirs.tokens) == (mine.round, mine.hands,
                                                               mine.tokens)
        assert len(texts) > 100
    # the two seatings play different games
    one = play_out(game.new_initial_state(), ["heuristic", "random", "random"],
                   np.random.default_rng(8))
    other = play_out(game.new_initial_state(), ["random", "heuristic", "random"],
                     np.random.default_rng(8))
    assert (one.round, one.tokens) != (other.round, other.tokens)


@pytest.mark.parametrize(("sides", "limit", "told"), [
    ({"policy": "random", "elders": "heuristic"}, 20, {"none", "elders"}),
    ({"policy": "heuristic"}, 6, {"none", "staff"}),
])
def test_each_variants_row_is_its_game_played_again_in_both_arms(sides, limit, told):
    result = simlab.run_study("bedpans-variants", games=6, seed=7, players=("2", "3"),
                              variants=("no_recovery", "door_markers", "do_no_harm"),
                              round_limit=limit, **sides)
    games = result.games
    assert list(games.columns) == ["game", "players", "variant", "pair", "arm", "elder_win",
                                   "staff_win", "undecided", "rounds"]
    assert list(games.pair) == [i for i in range(6) for _ in (0, 1)]
    assert list(games.arm) == ["base", "variant"] * 6
    settings = [(p, v) for p in (2, 3) for v in ("no_recovery", "door_markers", "do_no_harm")]
    winners_seen = set()
    for row in games.itertuples():
        players, variant = settings[row.pair % 6]
        assert (row.players, row.variant) == (players, variant)
        game = BedpansGame(players=players, round_limit=limit,
                           variants=(variant,) if row.arm == "variant" else ())
        state = game.new_initial_state()
        elders = sides.get("elders", sides["policy"])
        _play(state, [sides["policy"]] + [elders] * (players - 1),
              np.random.default_rng(_pair_seed(7, row.pair)))
        winners = state.outcome.winners
        winners_seen.add("none" if not winners else "staff" if winners == (0,) else "elders")
        assert (bool(row.elder_win), bool(row.staff_win), bool(row.undecided)) == (
            bool(winners) and 0 not in winners, winners == (0,), not winners)
        assert row.rounds == state.round
    assert winners_seen == told  # the columns told apart


def test_the_deal_gives_the_holder_the_kind_and_every_other_seat_a_drawn_marker():
    for holder, kind in ((0, "Walker"), (1, "Steroids!"), (2, "Head Nurse"), (1, None)):
        for seed in range(40):
            state = _deal(BedpansGame(players=3).new_initial_state(), holder, kind,
                          np.random.default_rng(seed))
            assert state.need != Chance(Draw.STUFF) and state.draws == []
            assert state.hands[holder] == ([] if kind is None else [kind])
            others = [hand for seat, hand in enumerate(state.hands) if seat != holder]
            assert all(len(hand) == 1 for hand in others)
            if kind in ("Steroids!", "Head Nurse"):  # one marker of these: the holder's
                assert all(kind not in hand for hand in others)
            held = sum(len(hand) for hand in state.hands)
            assert state.pile + held + sum(state.stuff_at.values()) == MARKERS
            box = BedpansGame(players=3).new_initial_state().unseen
            drawn = {k: box[k] - state.unseen[k] for k in box}
            assert sum(drawn.values()) == held
            assert all(drawn[hand[0]] >= 1 for hand in state.hands if hand)


def test_the_deal_of_no_stuff_leaves_the_others_draws_as_they_were():
    # the holder's draw is skipped without a draw from the generator: the other seats get
    # what they get when the holder draws, the chance of the deal being the same otherwise
    for seed in range(5):
        plain = BedpansGame(players=3).new_initial_state()
        rng = np.random.default_rng(seed)
        while plain.need == Chance(Draw.STUFF):
            plain.apply(sample_chance(plain.chance_outcomes(), rng))
        none = _deal(BedpansGame(players=3).new_initial_state(), 2, None,
                     np.random.default_rng(seed))
        assert none.hands[:2] == plain.hands[:2] and none.hands[2] == []
        assert none.pile == plain.pile + 1


def test_each_stuff_row_is_its_game_played_again_with_and_without_the_kind():
    result = simlab.run_study("bedpans-stuff", games=6, seed=3,
                              kinds=("Walker", "Laughing Gas", "Detector"), holder="staff",
                              players=3, policy="heuristic", round_limit=10)
    games = result.games
    assert list(games.columns) == ["game", "stuff", "pair", "arm", "holder_win", "rounds",
                                   "gone"]
    seen = {"gone": set(), "win": set()}
    for row in games.itertuples():
        kind = ("Walker", "Laughing Gas", "Detector")[row.pair % 3]
        assert row.stuff == kind
        rng = np.random.default_rng(_pair_seed(3, row.pair))
        state = _deal(BedpansGame(players=3, round_limit=10).new_initial_state(), 0,
                      kind if row.arm == "with" else None, rng)
        _play(state, ["heuristic"] * 3, rng)
        gone = row.arm == "with" and kind not in state.hands[0]
        assert (bool(row.holder_win), row.rounds, bool(row.gone)) == (
            0 in state.outcome.winners, state.round, gone)
        seen["gone"].add(gone)
        seen["win"].add(0 in state.outcome.winners)
    assert seen == {"gone": {True, False}, "win": {True, False}}


@pytest.mark.parametrize("holder", ["elder", "staff"])
def test_the_stuff_study_deals_to_the_seat_it_names(holder):
    result = simlab.run_study("bedpans-stuff", games=2, seed=1, kinds=("Puddle",),
                              holder=holder, players=2, round_limit=1)
    seat = 1 if holder == "elder" else 0
    for row in result.games.itertuples():
        rng = np.random.default_rng(_pair_seed(1, row.pair))
        state = _deal(BedpansGame(players=2, round_limit=1).new_initial_state(), seat,
                      "Puddle" if row.arm == "with" else None, rng)
        _play(state, ["heuristic"] * 2, rng)
        assert row.rounds == state.round
        assert bool(row.holder_win) == (seat in state.outcome.winners)


class _KeepsViews:
    """The heuristic, keeping every view it is handed (read or not)."""

    def __init__(self, game: BedpansGame, seat: int) -> None:
        self.inner = game.make_policy("heuristic", seat)
        self.views: list = []

    def act(self, view, legal, rng):
        self.views.append(view)
        return self.inner.act(view, legal, rng)


def test_play_out_seals_the_views_no_policy_read():
    from simlab.core.errors import SimlabError
    from simlab.core.lazy_view import LazyView

    game = BedpansGame(players=2, round_limit=3)
    keeper = _KeepsViews(game, 1)
    play_out(game.new_initial_state(), [game.make_policy("heuristic", 0), keeper],
             np.random.default_rng(2))
    unread = [view for view in keeper.views if type(view) is LazyView]
    assert unread and len(unread) < len(keeper.views)  # some read, some never
    with pytest.raises(SimlabError, match="a seat's view was read after its decision"):
        _ = unread[0].round


def test_the_deal_of_the_staff_who_draws_twice_gives_it_the_kind_alone():
    # Elder Abilities: the Staff draws 2 set-up Stuff (seat 0 draws first and last)
    game = BedpansGame(players=3, variants=("elder_abilities",))
    assert game.new_initial_state().draws == [0, 1, 2, 0]
    for seed in range(5):
        state = _deal(game.new_initial_state(), 0, "Walker", np.random.default_rng(seed))
        assert state.hands[0] == ["Walker"] and [len(h) for h in state.hands[1:]] == [1, 1]
        held = sum(len(hand) for hand in state.hands)
        assert state.pile + held + sum(state.stuff_at.values()) == MARKERS
