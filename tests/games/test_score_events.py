"""Every change of a score is told in the event log (issue 34).

Each event that changes a seat's score carries the amount in ``Event.score``
(its ``seat`` the seat).  Over random and search games of every game, the
scores of the initial state plus the amounts told so far must equal each
seat's score after every action, read from the state's own fields here
(Score Pile, prestige, VP), and at the end the outcome's scores.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import simlab
from simlab.core.play import run


def _bad_doctor(state) -> list[float]:
    return list(state.score_pile)


def _hospital_rush(state) -> list[float]:
    return list(state.prestige)


def _broom_service(state) -> list[float]:
    return list(state.final_vp if state.final_vp is not None else state.vp)


def _bedpans(state) -> list[float]:
    return [0.0] * state.game.players  # a win is the score: told when the game ends


#: game -> (the running score of each seat, read from the state; player counts).
SCORES: dict[str, tuple[Callable, tuple[int, ...]]] = {
    "bad_doctor": (_bad_doctor, (2, 3, 4)),
    "bedpans": (_bedpans, (2, 3, 4, 5)),
    "broom_service": (_broom_service, (2, 3, 4, 5)),
    "hospital_rush": (_hospital_rush, (3, 4, 5)),
}


def _told(name: str, players: int, policy: str, seed: int, **options) -> int:
    """Play one game checking the told amounts after every action; the changes told."""
    game = simlab.load_game(name, players=players, **options)
    running = SCORES[name][0]
    told = list(running(game.new_initial_state()))
    changes = [0]

    def check(state, actor, action, events) -> None:
        for e in events:
            if e.score is None:
                continue
            assert e.seat is not None and e.seen_by is None and e.text, e
            assert e.score != 0, e
            told[e.seat] += e.score
            changes[0] += 1
        outcome = state.outcome
        now = list(outcome.scores) if outcome is not None else running(state)
        assert told == now, (f"{name} seed {seed} after {action}: told {told}, "
                             f"the state has {now}; events {events}")

    final = run(game, policy, seed, on_action=check)
    assert final.outcome is not None and told == list(final.outcome.scores)
    return changes[0]


@pytest.mark.parametrize("name", sorted(SCORES))
def test_random_games_tell_every_score_change(name):
    told = 0
    for players in SCORES[name][1]:
        for seed in range(12):
            told += _told(name, players, "random", seed)
    assert told > 0


@pytest.mark.parametrize("name", sorted(SCORES))
def test_search_games_tell_every_score_change(name):
    players = SCORES[name][1][0]
    told = sum(_told(name, players, "mcts-8", seed) for seed in range(2))
    assert told > 0


@pytest.mark.parametrize(("name", "options"), [
    ("hospital_rush", {"malingerer_own_patient": "two"}),
])
def test_options_that_move_scores_are_told_too(name, options):
    for players in SCORES[name][1]:
        for seed in range(8):
            _told(name, players, "random", seed, **options)
