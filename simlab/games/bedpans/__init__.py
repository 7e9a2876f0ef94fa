"""Bedpans & Broomsticks: Elders escaping a retirement home, a Staff chasing them.

Modules, top-down: :mod:`.components` (tiles, Stuff deck and counts from
``data/bedpans``), :mod:`.board` (the layout as spaces and a networkx graph;
sight, reach, closest bed, nearest station), :mod:`.actions`, :mod:`.rules`
(the base game: ``simlab.load_game("bedpans")``), :mod:`.policies`
(``heuristic``), :mod:`.movement` (movement dice) with the study
``bedpans-movement`` (:mod:`.studies`), :mod:`.outcome_studies`
(``bedpans-outcomes``, ``bedpans-escape``) and :mod:`.render`.  The Stuff
effects and Elder abilities are in :mod:`.stuff` (hook:
:meth:`.rules.BedpansState.stuff_plays`), the Variations are game options with
``variant=True``, and :mod:`.stuff_studies` holds ``bedpans-variants`` and
``bedpans-stuff``.
"""
