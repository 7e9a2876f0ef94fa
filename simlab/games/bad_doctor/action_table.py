"""The actions of one component set, made once: a table of the set, never keyed by ids.

The rules offer the same small action values again and again (a tile revealed, a
placement, the outcomes of a draw from a pile).  Those that name a Treatment Tile or a
Patient carry its facts from the game's component set (their text tells them), so they
are made by this table, which the game holds (``game.action_table``): two component sets in
one process have tiles of the same ids and must not share them.  Games on the same set
share its table (:func:`action_table`, keyed by the set: folder and content hash), as a
study builds a game for every game it plays.

Examples
--------
>>> from simlab.core.data import component_set
>>> table = action_table(component_set("bad_doctor"))
>>> table is action_table(component_set("bad_doctor"))
True
>>> str(table.reveal["T17"]), table.reveal["T17"] is table.reveal["T17"]
('reveal tile T17 (red/green, Draw 2)', True)
>>> [str(a) for a, p in table.tile_outcomes(("T01", "T17"))]
['reveal tile T01 (red)', 'reveal tile T17 (red/green, Draw 2)']
>>> str(table.placement("T17", "P03", 2, "red", 0))
'place tile T17 (red/green, Draw 2) on Patient P03 at red space 2'
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction

from simlab.core.api import Action
from simlab.core.data import ComponentSet
from simlab.games.bad_doctor.actions import (
    DiscardTile,
    PlaceTile,
    RemoveTile,
    RevealPatient,
    RevealTile,
    patient_facts,
)
from simlab.games.bad_doctor.components import Components, load_components

__all__ = ["ActionTable", "action_table"]

#: Piles whose draw outcomes a table keeps (a bound on its memory).
_PILES_KEPT = 1 << 16

Outcomes = tuple[tuple[Action, Fraction], ...]


@functools.lru_cache(maxsize=4096)
def _share(count: int, total: int) -> Fraction:
    return Fraction(count, total)


class ActionTable:
    """The actions of ``parts`` that name tiles and Patients, each made once.

    Parameters
    ----------
    parts : Components
        The game's component set, loaded.

    Attributes
    ----------
    reveal : dict
        Tile id -> the chance action that reveals it.
    arrive : dict
        Patient id (the Patient Deck and the Starting Patients) -> the chance action
        that draws it.
    placement : callable
        ``placement(tile, patient, space, malady, end)``: that :class:`PlaceTile`, with
        the tile's facts (made once; looked up at C speed, as the rules ask for every
        open space at every decision).
    tile_outcomes : callable
        ``tile_outcomes(pile)``: the chance outcomes of a draw from ``pile``, each tile
        equally likely (R8); identical tiles stay apart, so that the draw names the tile
        drawn.
    patient_outcomes : callable
        ``patient_outcomes(pile)``: the chance outcomes of drawing a Patient from ``pile``.
    """

    def __init__(self, parts: Components) -> None:
        self.parts = parts
        tiles = parts.tiles
        self.reveal: dict[str, RevealTile] = {t: RevealTile(t, facts=tile)
                                              for t, tile in tiles.items()}
        self.arrive: dict[str, RevealPatient] = {
            p: RevealPatient(p, patient_facts(p, parts)) for p in (*parts.patients,
                                                                   *parts.starting)}

        def placement(tile: str, patient: str, space: int, malady: str, end: int) -> PlaceTile:
            return PlaceTile(tile, patient, space, malady, end, facts=tiles[tile])

        def outcomes(actions: dict[str, RevealTile] | dict[str, RevealPatient]
                     ) -> Callable[[tuple[str, ...]], Outcomes]:
            def of(pile: tuple[str, ...]) -> Outcomes:
                p = _share(1, len(pile))
                return tuple((actions[t], p) for t in pile)
            return of

        # Caches of this table alone (they die with it): no other set's actions are in them.
        self.placement = functools.cache(placement)
        self.tile_outcomes = functools.lru_cache(maxsize=_PILES_KEPT)(outcomes(self.reveal))
        self.patient_outcomes = functools.lru_cache(maxsize=4096)(outcomes(self.arrive))

    def discard(self, tile: str) -> DiscardTile:
        """``DiscardTile(tile)`` with the tile's facts."""
        return DiscardTile(tile, facts=self.parts.tiles[tile])

    def remove(self, tile: str, patient: str) -> RemoveTile:
        """``RemoveTile(tile, patient)`` with the tile's facts."""
        return RemoveTile(tile, patient, facts=self.parts.tiles[tile])

    def __reduce__(self) -> tuple[type[ActionTable], tuple[Components]]:
        return (ActionTable, (self.parts,))  # the caches are made again, not pickled


@functools.lru_cache(maxsize=8)
def action_table(components: ComponentSet) -> ActionTable:
    """The :class:`ActionTable` of ``components`` (a game's ``component_set``), shared by the
    games built on it.

    Keyed by the set (its folder and content hash), so that no two sets share a table; a
    few sets are kept (a tuner plays many), and a game holds its own table whatever is
    dropped here.
    """
    return ActionTable(load_components(components))
