"""Tests of Bad Doctor, and the helpers that build described positions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import simlab
from simlab.games.bad_doctor import board
from simlab.games.bad_doctor.components import load_components
from simlab.games.bad_doctor.rules import BadDoctorState


def position(
    players: int = 2,
    hands: Sequence[Iterable[str]] = (),
    patients: Sequence[str] = ("S1A", "S2A", "S3A", "S4A"),
    seat: int = 0,
    first_turn: bool = False,
    actions_left: int = 2,
    discard: Iterable[str] = (),
    variants: Iterable[str] = (),
    **options,
) -> BadDoctorState:
    """A state at the start of ``seat``'s actions, as described.

    ``patients`` are card ids (a Starting Patient with its side: ``S1A``).
    Tiles not in a hand or the discard pile are in the deck; the Patient
    Deck holds every Patient not in the hospital.
    """
    game = simlab.load_game("bad_doctor", players=players, variants=tuple(variants), **options)
    state = game.new_initial_state()
    parts = load_components()
    hands = [sorted(h) for h in hands] or [[] for _ in range(players)]
    hands += [[] for _ in range(players - len(hands))]
    state.hands = hands
    state.discard = sorted(discard)
    used = {t for h in hands for t in h} | set(state.discard)
    state.deck = sorted(t for t in game.tile_ids if t not in used)
    state.hospital = []
    for pid in patients:
        card = parts.card(pid[:2], pid[2:]) if pid.startswith("S") else parts.card(pid)
        state.hospital.append(board.new_patient(card))
    state.patient_deck = sorted(p for p in parts.patients if p not in patients)
    state.queue = []
    state.seat = seat
    state.actions_left = actions_left
    state.first_turn = [first_turn] * players
    state.drew = state.placed = 0
    state._advance([])
    return state


def place(state: BadDoctorState, tile: str, patient: str, space: int, owner: int,
          end: int | None = None) -> None:
    """Put ``tile`` on a Patient directly (taking it from the deck), marker from ``owner``."""
    from simlab.games.bad_doctor.actions import default_end

    t = load_components().tiles[tile]
    p = state.patient(patient)
    malady = p.spaces[space][0]
    state.deck.remove(tile)
    if owner >= 0:
        state.supply[owner] -= 1
    board.place_tile(p, t, space, default_end(t.ends, malady) if end is None else end, owner)


def add_cubes(state: BadDoctorState, patient: str, count: int | None = None) -> None:
    """``patient`` (holding none yet) gets ``count`` Complication Cubes from the supply, or
    one on every cube space when ``count`` is None."""
    p = state.patient(patient)
    count = p.cube_spaces if count is None else count
    p.complication_cubes = count
    state.complication_cubes -= count
