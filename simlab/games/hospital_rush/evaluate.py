"""Hospital Rush evaluation for the search players: the prestige race, and its outlook.

The rulebook's game ends when a player reaches the prestige goal; the most
prestige wins.  ``evaluate`` turns the prestige race into chances to win
with :func:`~simlab.core.search.race_values`, the spread shrinking as the
leader nears the goal.  :func:`outlook` runs the same race on the prestige
each seat is on its way to (:func:`prospects`): its patients by the share of
their cure already on them, the medicine and bucks in hand, the final exam
not yet taken.  :data:`EVALUATES` names both for the benchmarks.

Examples
--------
>>> from simlab.games.hospital_rush.rules import HospitalRushGame
>>> state = HospitalRushGame(players=3).new_initial_state()
>>> [round(v, 3) for v in evaluate(state)]
[0.333, 0.333, 0.333]
>>> state.prestige = [5, 1, 1]
>>> evaluate(state)[0] > 0.5
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from simlab.core.api import Action
from simlab.core.search import MCTSPolicy, race_values
from simlab.core.search_settings import SearchSettings
from simlab.games.hospital_rush import actions as A
from simlab.games.hospital_rush.rules import HospitalRushGame, HospitalRushState

__all__ = ["EVALUATES", "HONEST_MCTS", "ITERATIONS", "evaluate", "honest_candidates",
           "honest_policy", "honest_settings", "outlook", "prospects", "search_player",
           "settings"]

#: The registered search player that never places its own action marker on a red space.
HONEST_MCTS = "honest-mcts"


def evaluate(state: HospitalRushState) -> list[float]:
    """Each seat's chance to win, from the prestige race (values in [0, 1] summing to 1)."""
    return race_values(state.prestige, _spread(state))


def _spread(state: HospitalRushState) -> float:
    """The race's spread, shrinking as the prestige leader nears the goal (both evaluates')."""
    return 1.5 + max(state.game.goal - max(state.prestige), 0) / 3


#: Prestige a bed's patient is worth to its treating seat per share of its cure on it.
CURE_WEIGHT = 0.8
#: Prestige a tile in hand (a medicine tile or a buck) is worth: a bribe buys 1 point for
#: 3 bucks, 2 for 5, and a tile treats a patient worth 1-4 points of 2-6 tiles.
TILE_WEIGHT = 0.15
#: Prestige a learned skill is worth before the final exam (1 point each at the exam).
SKILL_WEIGHT = 0.5


def prospects(state: HospitalRushState) -> list[float]:
    """Each seat's prestige plus what its position is on the way to, in prestige points.

    Read from the rulebook: a patient "is considered cured when all tiles depicted on
    the card are placed", and its treating seat then gains its prestige, so a seat's
    patient counts ``CURE_WEIGHT`` times its prestige times the share of its tiles
    already on it; medicine and bucks in hand buy tiles and bribes (``TILE_WEIGHT``
    a tile, tie-break included: "the tied player with the most tiles left wins"); a
    final exam not yet taken pays 1 point a learned skill (``SKILL_WEIGHT`` each).

    Examples
    --------
    >>> from simlab.games.hospital_rush.fields import Bed
    >>> state = HospitalRushGame(players=3).new_initial_state()
    >>> state.bucks, state.prestige = [0, 0, 0], [2, 0, 0]
    >>> name = "Al Furry"
    >>> needs, worth = state.game.patients[name].needs, state.game.patients[name].prestige
    >>> state.beds[0] = Bed(name, list(needs), patient_marker=1)   # fully treated
    >>> [round(p, 2) for p in prospects(state)] == [2, round(0.8 * worth, 2), 0]
    True
    """
    game = state.game
    out = [p + TILE_WEIGHT * (b + sum(m)) for p, b, m in
           zip(state.prestige, state.bucks, state.medicine, strict=True)]
    for seat, (skills, exam) in enumerate(zip(state.skills, state.exam, strict=True)):
        if not exam:
            out[seat] += SKILL_WEIGHT * len(skills)
    for bed in state.beds:
        if bed is None or bed.patient_marker is None:
            continue
        patient = game.patients[bed.patient]
        done = sum(map(min, bed.tiles, patient.needs))  # tiles beyond its needs add nothing
        out[bed.patient_marker] += CURE_WEIGHT * patient.prestige * done / sum(patient.needs)
    return out


def outlook(state: HospitalRushState) -> list[float]:
    """Each seat's chance to win, from the race on :func:`prospects` (values sum to 1).

    The spread is :func:`evaluate`'s, from the prestige already won.

    Examples
    --------
    >>> state = HospitalRushGame(players=3).new_initial_state()
    >>> [round(v, 3) for v in outlook(state)]
    [0.333, 0.333, 0.333]
    >>> state.medicine[2] = [2, 1, 0]
    >>> outlook(state)[2] > 1 / 3 > outlook(state)[0]
    True
    """
    return race_values(prospects(state), _spread(state))


#: The search evaluates by name (``--a evaluate=NAME`` of ``benchmarks/search_match.py``).
EVALUATES = {"race": evaluate, "outlook": outlook}


#: Iterations of the default ``mcts``: 100 won 17 of 24 games among two ``greedy`` seats
#: (300 won 0.88 of 24) at a third of the time, about 0.1 s a decision
#: (docs/history/hospital_rush-search-players.md).
ITERATIONS = 100


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Hospital Rush (tuned in issue 12; see
    docs/history/hospital_rush-search-players.md; depth and evaluate from issue 33).

    Depth 4 with :func:`outlook` (issue 33, docs/search-speed.md, "Hospital Rush,
    pass 2: engine and a sharper evaluate"): at 100 iterations a decision it won
    most games against the former defaults (depth 12, the bare prestige race
    :func:`evaluate`) at half their CPU a decision, and whole games with it on every
    seat cost about half as much.

    Examples
    --------
    >>> s = settings()
    >>> s.iterations, s.depth, s.rollout, s.evaluate is outlook
    (100, 4, 'random', True)
    """
    return SearchSettings(iterations=ITERATIONS, exploration=0.7, depth=4, rollout="random",
                          evaluate=outlook)


def honest_candidates(state: HospitalRushState, legal: Sequence[Action],
                      seat: int) -> Sequence[Action]:
    """The actions an honest search seat weighs: no action marker of its own on a red space.

    The rulebook calls the red action spaces "unfair actions" that run "the
    risk of being ratted out"; an honest seat does not use them.  Only the
    searching ``seat``'s own placements are pruned (its opponents may
    cheat), and a seat whose every legal placement is red places on one, as
    it must ("you must place an action marker onto an action space").

    Examples
    --------
    >>> from simlab.games.hospital_rush.rules import HospitalRushGame
    >>> game = HospitalRushGame(players=3)
    >>> state = game.new_initial_state()
    >>> while state.is_chance:
    ...     _ = state.apply(state.chance_outcomes()[0][0])
    >>> seat, legal = state.current_player, state.legal_actions()
    >>> any(a.space in game.red_spaces for a in legal)
    True
    >>> fair = honest_candidates(state, legal, seat)
    >>> any(a.space in game.red_spaces for a in fair), 0 < len(fair) < len(legal)
    (False, True)
    >>> honest_candidates(state, legal, (seat + 1) % 3) == legal   # an opponent's decision
    True
    """
    if state.current_player != seat:
        return legal
    red = state.game.red_spaces
    fair = [a for a in legal if not (isinstance(a, A.Place) and a.space in red)]
    return fair or legal


def honest_settings(base: SearchSettings | None = None) -> SearchSettings:
    """``base`` (default: the ``mcts`` defaults) searching only honest actions for its seat.

    The tree never plays a red space for the searching seat; the random
    rollouts below the tree still may (the rollout policy is one for every
    seat), so only its value estimates, never its own moves, allow for cheating.

    Examples
    --------
    >>> honest_settings().candidates is honest_candidates, honest_settings().iterations
    (True, 100)
    """
    return replace(base or settings(), candidates=honest_candidates)


def honest_policy(game: HospitalRushGame, seat: int) -> MCTSPolicy:
    """The policy :data:`HONEST_MCTS` for ``seat``: the game's ``mcts`` defaults, honest.

    Examples
    --------
    >>> from simlab.games.hospital_rush.rules import HospitalRushGame
    >>> honest_policy(HospitalRushGame(players=3), 2).name
    'honest-mcts'
    """
    return MCTSPolicy(game, seat, honest_settings(game.search_settings()), HONEST_MCTS)


def search_player(game: HospitalRushGame, name: str, seat: int) -> MCTSPolicy | None:
    """The game's own search player ``name`` (:data:`HONEST_MCTS`) for ``seat``, else ``None``.

    The game's roster (``simlab/games/hospital_rush/__init__.py``) names it.

    Examples
    --------
    >>> from simlab.games.hospital_rush.rules import HospitalRushGame
    >>> game = HospitalRushGame(players=3)
    >>> search_player(game, "honest-mcts", 1).name, search_player(game, "mcts", 1)
    ('honest-mcts', None)
    """
    return honest_policy(game, seat) if name == HONEST_MCTS else None
