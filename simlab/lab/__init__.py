"""The balance lab: the designer's loop of "is it fair, and which change makes it fair?".

One module a concern: :mod:`.specs` (what the lab knows of each game: turns,
rounds, guards, sides, choices), :mod:`.games` (``play_games``: one row per
game, the same for any executor), :mod:`.metrics` (drama and choices),
:mod:`.sequential` (confidence sequences and verdicts) and :mod:`.balance`
(the balance report).  Nothing is imported here: ``import simlab`` stays fast.
"""
