"""The actions of one component set, made once: a game's own table, never a module's.

The rules offer the same small action values again and again (a tile revealed, a
placement, the outcomes of a draw from a pile).  Those that name a Treatment Tile or a
Patient carry its facts from the game's component set (their text tells them), so they
are made by this table, which the game holds (``game.action_table``): two component sets in
one process have tiles of the same ids and must not share them.

Examples
--------
>>> from simlab.games.bad_doctor.components import load_components
>>> table = ActionTable(load_components())
>>> str(table.reveal["T17"]), table.reveal["T17"] is table.reveal["T17"]
('reveal tile T17 (red/green, Draw 2)', True)
>>> [str(a) for a, p in table.tile_outcomes(("T01", "T17"))]
['reveal tile T01 (red)', 'reveal tile T17 (red/green, Draw 2)']
>>> str(table.placement("T17", "P03", 2, "red", 0))
'place tile T17 (red/green, Draw 2) on Patient P03 at red space 2'
"""

from __future__ import annotations

import functools
from fractions import Fraction

from simlab.core.api import Action
from simlab.games.bad_doctor.actions import (
    DiscardTile,
    PlaceTile,
    RemoveTile,
    RevealPatient,
    RevealTile,
    patient_facts,
)
from simlab.games.bad_doctor.components import Components

__all__ = ["ActionTable"]

#: Piles whose draw outcomes a table keeps before it starts again (a bound on its memory).
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
    """

    def __init__(self, parts: Components) -> None:
        self.parts = parts
        self.reveal: dict[str, RevealTile] = {t: RevealTile(t, tile)
                                              for t, tile in parts.tiles.items()}
        self.arrive: dict[str, RevealPatient] = {
            p: RevealPatient(p, patient_facts(p, parts)) for p in (*parts.patients,
                                                                   *parts.starting)}
        self._placements: dict[tuple[str, str, int, str, int], PlaceTile] = {}
        self._tile_piles: dict[tuple[str, ...], Outcomes] = {}
        self._patient_piles: dict[tuple[str, ...], Outcomes] = {}

    def placement(self, tile: str, patient: str, space: int, malady: str, end: int) -> PlaceTile:
        """``PlaceTile(tile, patient, space, malady, end)`` with the tile's facts (made once)."""
        key = (tile, patient, space, malady, end)
        found = self._placements.get(key)
        if found is None:
            found = self._placements[key] = PlaceTile(*key, self.parts.tiles[tile])
        return found

    def discard(self, tile: str) -> DiscardTile:
        """``DiscardTile(tile)`` with the tile's facts."""
        return DiscardTile(tile, self.parts.tiles[tile])

    def remove(self, tile: str, patient: str) -> RemoveTile:
        """``RemoveTile(tile, patient)`` with the tile's facts."""
        return RemoveTile(tile, patient, self.parts.tiles[tile])

    def tile_outcomes(self, pile: tuple[str, ...]) -> Outcomes:
        """Chance outcomes of a draw from ``pile``: each tile, equally likely (R8).

        Identical tiles stay apart, so that the draw names the tile drawn.
        """
        return self._outcomes(pile, self._tile_piles, self.reveal)

    def patient_outcomes(self, pile: tuple[str, ...]) -> Outcomes:
        """Chance outcomes of drawing a Patient from ``pile`` (each equally likely)."""
        return self._outcomes(pile, self._patient_piles, self.arrive)

    @staticmethod
    def _outcomes(pile: tuple[str, ...], kept: dict[tuple[str, ...], Outcomes],
                  actions: dict[str, RevealTile] | dict[str, RevealPatient]) -> Outcomes:
        found = kept.get(pile)
        if found is None:
            if len(kept) >= _PILES_KEPT:
                kept.clear()
            p = _share(1, len(pile))
            found = kept[pile] = tuple((actions[t], p) for t in pile)
        return found
