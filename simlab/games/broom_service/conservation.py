"""Conservation of Broom Service's components along a game.

:func:`conservation_errors` lists every way a position breaks the counts of
the physical game: a heavy cloud in two places, more clouds out than cloud
spaces, a role card both in hand and played, a bewitched card also in the
pile, an event seen twice, a circular tower owned by no seat, negative
wands or potions.  The tests run it after every action of random games,
and ``benchmarks/bench_broom_service.py --conservation-games 10000`` runs
it over ten thousand games at each player count.

Examples
--------
>>> import simlab
>>> game = simlab.load_game("broom_service", players=3)
>>> conservation_errors(simlab.run(game, seed=4))
[]
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from simlab.games.broom_service.rules import Phase, Play

__all__ = ["conservation_errors"]


def _dups(items: list[Any]) -> list[Any]:
    return [item for item, n in Counter(items).items() if n > 1]


def conservation_errors(state: Any) -> list[str]:
    """Every broken count in ``state`` (an empty list when all is well)."""
    game = state.game
    errors: list[str] = []
    # Heavy clouds: 24 in all; each on one cloud space, charmed by one seat, or in the box.
    on_board = [c for c in state.clouds.values() if c is not None]
    charmed = [c for seat in state.charmed for c in seat]
    out = on_board + charmed
    if _dups(out):
        errors.append(f"heavy clouds in two places: {_dups(out)}")
    if set(out) - set(game.clouds):
        errors.append(f"unknown heavy clouds: {sorted(set(out) - set(game.clouds))}")
    if len(out) > len(game.realm.spaces) or len(state.clouds) > len(game.realm.spaces):
        errors.append(f"{len(out)} heavy clouds out for {len(game.realm.spaces)} cloud spaces")
    if state.phase != Phase.CLOUDS and len(out) != len(game.realm.spaces):
        errors.append(f"{len(out)} heavy clouds placed or charmed, "
                      f"not {len(game.realm.spaces)}")
    # Role cards: 10 per seat; in hand, played this round, or set aside.
    for seat, hand in enumerate(state.hands):
        played = [p.role for p in state.log if p.seat == seat and p.how != Play.NEXT]
        if _dups(hand + played):
            errors.append(f"seat {seat} holds or played twice: {_dups(hand + played)}")
        if len(hand) + len(played) > 5:
            errors.append(f"seat {seat} has {len(hand) + len(played)} role cards this round")
        if set(hand) - set(game.roles):
            errors.append(f"seat {seat} holds unknown roles {set(hand) - set(game.roles)}")
    # Bewitched cards of the unused colour: the pile and this round's cards never overlap.
    if _dups(state.bewitch_pile + state.bewitched):
        errors.append(f"bewitched cards twice: {_dups(state.bewitch_pile + state.bewitched)}")
    # Events: 10 cards; each revealed at most once, 7 revealed in a game.
    left = state.events_left
    seen = len(game.events) - len(left)
    if _dups(left) or set(left) - set(game.events) or seen > 7:
        errors.append(f"event cards miscounted: {seen} revealed, {len(left)} left")
    if state.event is not None and state.event in left:
        errors.append(f"event {state.event!r} is both revealed and left")
    # Towers, wands, potions.
    seats = range(game.players)
    owners = [o for o in state.towers.values() if o is not None]
    if any(o not in seats for o in owners):
        errors.append(f"circular tower owned by no seat: {owners}")
    if any(w < 0 for w in state.wands):
        errors.append(f"negative wands: {state.wands}")
    if any(p < 0 for row in state.potions for p in row):
        errors.append(f"negative potions: {state.potions}")
    return errors
