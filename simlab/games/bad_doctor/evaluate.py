"""Bad Doctor evaluation for the search players: the Score Pile race.

The rulebook's game ends when a Score Pile reaches the goal; the fullest
Score Pile wins (ties: fewer markers removed by deaths, then more in the
hospital).  ``evaluate`` scores each doctor by its Score Pile plus half of
its Doctor Markers on Patients in the hospital (which score when their
Patient is cured) and turns the race into chances to win with
:func:`~simlab.core.search.race_values`, the spread shrinking as the
leader nears the goal.

Examples
--------
>>> from simlab.games.bad_doctor.rules import BadDoctorGame
>>> state = BadDoctorGame(players=2).new_initial_state()
>>> evaluate(state)
[0.5, 0.5]
>>> state.score_pile[1] = 5
>>> evaluate(state)[1] > 0.8
True
"""

from __future__ import annotations

from simlab.core.search import race_values
from simlab.core.search_settings import SearchSettings
from simlab.games.bad_doctor.board import Patient, markers_by_seat
from simlab.games.bad_doctor.rules import BadDoctorState

__all__ = ["EVALUATES", "ON_BOARD", "curer", "evaluate", "evaluate_cures_and_deaths",
           "evaluate_cures_in_hand", "marker_values", "settings"]

#: What a Doctor Marker on a Patient in the hospital is worth against one in the Score Pile.
ON_BOARD = 0.5


def evaluate(state: BadDoctorState) -> list[float]:
    """Each doctor's chance to win, from the Score Pile race (in [0, 1], summing to 1)."""
    return _race(state, [ON_BOARD * m for m in state.markers_on_board()])


def _race(state: BadDoctorState, on_patients: list[float]) -> list[float]:
    """The Score Pile race with each doctor's Doctor Markers on Patients worth
    ``on_patients`` and 0.1 off a marker removed, the spread shrinking as the leader
    nears the goal (what every evaluate of :data:`EVALUATES` shares)."""
    scores = [state.score_pile[s] + on_patients[s] - 0.1 * state.removed[s]
              for s in range(state.game.players)]
    to_go = max(state.game.options["goal"] - max(state.score_pile), 0)
    return race_values(scores, 0.75 + to_go / 3)


#: What a Doctor Marker on a Patient is worth by the Patient's open Malady spaces (1, 2, 3
#: or more), when no cure or death is due at this turn's end: a Patient one tile from a
#: cure scores its markers sooner than one far from it.
NEAR_CURE = (0.85, 0.7, 0.55, 0.45)
#: How much of that a marker keeps for each turn before its owner's own (only the doctor
#: who places the last tile scores; another's cure sends the marker back to the supply).
TURN_WAIT = 0.15
#: A marker on a Patient due to die on another doctor's turn (it then goes to its owner's
#: Score Pile), and on one due to die on its owner's turn (it goes back to the supply).
DIES_ON_ANOTHERS_TURN = 0.85
DIES_ON_OWNERS_TURN = 0.2
#: A marker on a Patient one tile from a cure that its owner holds (and comes first to).
CURED_FROM_HAND = 0.9


def curer(state: BadDoctorState, patient: Patient, counts: list[int]) -> int | None:
    """The first doctor in turn order, from the one to act, who has a Doctor Marker on
    ``patient`` (one open Malady space) and holds a one-ended Treatment Tile for that space:
    the doctor who cures it and scores (``None``: nobody can yet).  The doctor to act
    counts only with an action left; hands are face-up, so any search may read them.

    Examples
    --------
    >>> from simlab.games.bad_doctor.rules import BadDoctorGame
    >>> state = BadDoctorGame(players=3).new_initial_state()
    >>> p = state.hospital[0]            # S1, side A: red space 1, green space 2
    >>> p.junctions[1] = ("T01", 2)      # seat 2's marker on red: green open
    >>> state.hands[2] = ["T05"]         # a one-ended green tile
    >>> curer(state, p, [0, 0, 1]), curer(state, p, [1, 0, 0])
    (2, None)
    """
    malady = next(m for space, (m, _) in patient.spaces.items()
                  if space not in patient.junctions)
    n = state.game.players
    tiles, ends_of = state.game.tiles, state.game.tile_ends
    for k in range(0 if state.actions_left > 0 else 1, n + 1):
        seat = (state.seat + k) % n
        if counts[seat] and any(len(tiles[t].ends) == 1 and ends_of[t][malady]
                                for t in state.hands[seat]):
            return seat
    return None


def marker_values(state: BadDoctorState, read_hands: bool = False) -> list[float]:
    """Each doctor's Doctor Markers on Patients, each valued by its Patient's outlook.

    Steps 2 and 3 of the turn to act are known: a Patient with no open Malady space is
    cured at its end (the doctor to act scores its own markers, the others' go home:
    worth 1 and 0), an Unvisited Patient with no space for a cube dies (the doctor to act
    takes its markers home and loses one from the supply: worth 0 and -0.1 for the
    marker removed, the others score theirs: worth 1).  A Patient left with one space for
    cubes while Unvisited, or none while Visited, dies at the end of the next doctor's
    turn unless that doctor visits it: its markers are worth
    :data:`DIES_ON_ANOTHERS_TURN`, the next doctor's :data:`DIES_ON_OWNERS_TURN`.  Any
    other marker is worth :data:`NEAR_CURE` by the open spaces, less :data:`TURN_WAIT`
    a turn before its owner's.  With ``read_hands``, a Patient one Malady space from a cure
    that a doctor with markers on it can cure from its hand (:func:`curer`) gives that
    doctor's markers :data:`CURED_FROM_HAND` and the others' nothing.

    Examples
    --------
    >>> import simlab
    >>> from simlab.games.bad_doctor.board import place_tile
    >>> game = simlab.load_game("bad_doctor", players=2)
    >>> state = game.new_initial_state()
    >>> p = state.hospital[0]                      # S1, side A: red and green open
    >>> place_tile(p, game.tiles["T01"], 1, 0, 1)  # seat 1's marker: one space left
    >>> [round(v, 4) for v in marker_values(state)]  # seat 0 acts first: one turn's wait
    [0.0, 0.7225]
    >>> place_tile(p, game.tiles["T05"], 2, 0, 0)  # cured: seat 0 (to act) scores its own
    >>> marker_values(state)
    [1.0, 0.0]
    """
    n = state.game.players
    to_act = state.seat
    following = (to_act + 1) % n
    values = [0.0] * n
    for p in state.hospital:
        counts = markers_by_seat(n, p)
        open_spaces = len(p.spaces) - len(p.junctions)
        free = p.cube_spaces - p.complication_cubes
        if open_spaces == 0:  # cured at this turn's end
            values[to_act] += counts[to_act]
            continue
        if not p.visited and free <= 0:  # dies at this turn's end
            values[to_act] -= 0.1
            for s in range(n):
                if s != to_act:
                    values[s] += counts[s]
            continue
        dies_next = (free <= 1) if not p.visited else (free <= 0)
        if read_hands and open_spaces == 1 and not dies_next:
            cures = curer(state, p, counts)
            if cures is not None:  # it scores; a later doctor's markers go home
                values[cures] += counts[cures] * CURED_FROM_HAND
                continue
        near = NEAR_CURE[min(open_spaces, 4) - 1]
        for s in range(n):
            c = counts[s]
            if not c:
                continue
            if dies_next:
                values[s] += c * (DIES_ON_OWNERS_TURN if s == following
                                  else DIES_ON_ANOTHERS_TURN)
            else:
                values[s] += c * near * (1.0 - TURN_WAIT * ((s - to_act) % n))
    return values


def evaluate_cures_and_deaths(state: BadDoctorState, read_hands: bool = False) -> list[float]:
    """Each doctor's chance to win, from the Score Pile race with its Doctor Markers on
    Patients valued by :func:`marker_values` (in [0, 1], summing to 1).

    Examples
    --------
    >>> from simlab.games.bad_doctor.rules import BadDoctorGame
    >>> state = BadDoctorGame(players=2).new_initial_state()
    >>> evaluate_cures_and_deaths(state), evaluate_cures_in_hand(state)
    ([0.5, 0.5], [0.5, 0.5])
    """
    return _race(state, marker_values(state, read_hands))


def evaluate_cures_in_hand(state: BadDoctorState) -> list[float]:
    """:func:`evaluate_cures_and_deaths` reading the face-up hands for the cures one tile
    away (``read_hands``)."""
    return evaluate_cures_and_deaths(state, read_hands=True)


def settings() -> SearchSettings:
    """The defaults of ``mcts`` in Bad Doctor (tuned in issue 12; see the README).

    Depth 12 stays (issue 33): shorter depths search more iterations a CPU
    second but lost to these settings head to head, at equal CPU and at equal
    iterations (docs/search-speed.md, "Bad Doctor and Hospital Rush: shorter depth"); the
    sharper evaluates of :data:`EVALUATES` hold it at depth 4 only with the same CPU
    ("Bad Doctor, pass 2: engine and a sharper evaluate").

    Examples
    --------
    >>> s = settings()
    >>> s.iterations, s.depth, s.rollout
    (100, 12, 'random')
    """
    return SearchSettings(iterations=100, exploration=0.7, depth=12, rollout="random",
                          evaluate=evaluate)


#: The evaluates by name, for the benchmarks' ``--set evaluate=NAME`` (``race``: the default).
EVALUATES = {"race": evaluate, "cures_and_deaths": evaluate_cures_and_deaths,
             "cures_in_hand": evaluate_cures_in_hand}
