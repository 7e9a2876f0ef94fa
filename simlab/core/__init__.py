"""Game-agnostic core of simlab: the game API, dice, records, play, studies."""
