"""Bedpans & Broomsticks.

So far: the movement dice of every mover (:mod:`.movement`) and the
``bedpans-movement`` study (:mod:`.studies`).  The board and the full game
are issue work still to come.
"""
