"""Movement dice of Bedpans & Broomsticks, as rolled at the table.

The rulebook ("Elder-player Turn Sequence", "Special – Movement") gives
every mover its own way of reading three-sided dice (two white, one red):

=====================  ==========================================  ==============
mover                  rule                                        expression
=====================  ==========================================  ==============
``elder_first``        Elder or Decoy, first move: roll 3 dice,    ``3d3kl2``
                       the sum of the 2 lowest
``elder_second``       Elder or Decoy, second move: roll 2 dice    ``2d3``
``first_nurse``        first Nurse: the sum of the 2 highest       ``3d3kh2``
``other_nurse``        other Nurses: the sum of the 2 lowest       ``3d3kl2``
``doctor``             Doctor: the red die plus the lower white    ``1d3+2d3kl1``
=====================  ==========================================  ==============

Stuff that changes dice (``Stuff Notes``), read as the game's options are
(rulings M4-M6 of ``docs/rulings/bedpans.md``): "die result" is the number on
one die, so *Hurry Up* adds 1 to each die (Elders, Decoys and Staffers:
``hurry_up="dice+1"``), *Detector* makes each die count 1 (Elders and Decoys
only: ``detector="dice-1"``), *Walker* lets each die of the Elder and Decoy
count 2 (``walker="dice-2"``).  The other reading, "die result" as the
movement result, gives +1 (``"result+1"``), 1 (``"result-1"``) and 2
(``"result-2"``).

:func:`roll` simulates the physical dice; :func:`expression` gives the dice
expression whose exact distribution :mod:`simlab.core.dice` computes.  The
two are written independently so that each checks the other.

Examples
--------
>>> expression("doctor", "hurry_up")
'1d3+2d3kl1+2'
>>> import numpy as np
>>> roll("first_nurse", "none", 5, np.random.default_rng(0)).tolist()
[5, 2, 2, 6, 5]
"""

from __future__ import annotations

import numpy as np

from simlab.core.errors import ConfigError

__all__ = ["DETECTOR_READINGS", "HURRY_UP_READINGS", "MOVERS", "STUFF", "WALKER_READINGS",
           "applies", "expression", "kept_dice", "roll"]

#: Mover -> (rulebook wording, dice expression).
MOVERS: dict[str, tuple[str, str]] = {
    "elder_first": ("Elder or Decoy, first move (3 dice, the lowest 2)", "3d3kl2"),
    "elder_second": ("Elder or Decoy, second move (2 dice)", "2d3"),
    "first_nurse": ("first Nurse (3 dice, the highest 2)", "3d3kh2"),
    "other_nurse": ("other Nurse (3 dice, the lowest 2)", "3d3kl2"),
    "doctor": ("Doctor (the red die plus the lower white die)", "1d3+2d3kl1"),
}

#: Stuff -> (rulebook wording, who it affects).
STUFF: dict[str, tuple[str, str]] = {
    "none": ("no Stuff", "all"),
    "hurry_up": ("Hurry Up: each movement die result +1", "all"),
    "detector": ("Detector: each movement die result is 1", "residents"),
    "walker": ("Walker: use a die result of 2", "residents"),
}

#: The readings of each dice Stuff, the game's default first (options of the game too).
HURRY_UP_READINGS = ("dice+1", "result+1")
DETECTOR_READINGS = ("dice-1", "result-1")
WALKER_READINGS = ("dice-2", "result-2")
_RESIDENTS = ("elder_first", "elder_second")


def kept_dice(mover: str) -> int:
    """How many die results are added up for ``mover`` (always 2 here)."""
    _check(mover, "none")
    return 2


def applies(mover: str, stuff: str) -> bool:
    """Whether ``stuff`` can change the dice of ``mover`` (Elder-only Stuff on Staffers can't).

    Examples
    --------
    >>> applies("doctor", "detector"), applies("elder_first", "detector")
    (False, True)
    """
    _check(mover, stuff)
    return STUFF[stuff][1] == "all" or mover in _RESIDENTS


def _check(mover: str, stuff: str, walker: str = "dice-2", hurry_up: str = "dice+1",
           detector: str = "dice-1") -> None:
    if mover not in MOVERS:
        raise ConfigError(f"unknown mover {mover!r}; movers: {', '.join(MOVERS)}")
    if stuff not in STUFF:
        raise ConfigError(f"unknown Stuff {stuff!r}; Stuff: {', '.join(STUFF)}")
    for name, value, readings in (("Walker", walker, WALKER_READINGS),
                                  ("Hurry Up", hurry_up, HURRY_UP_READINGS),
                                  ("Detector", detector, DETECTOR_READINGS)):
        if value not in readings:
            raise ConfigError(f"unknown {name} reading {value!r}; readings: "
                              f"{', '.join(readings)}")


def expression(mover: str, stuff: str = "none", walker: str = "dice-2",
               hurry_up: str = "dice+1", detector: str = "dice-1") -> str:
    """The dice expression of ``mover``'s movement under ``stuff`` (and its reading).

    Raises
    ------
    ConfigError
        Unknown mover, Stuff or reading, or a Stuff that does not affect that mover.

    Examples
    --------
    >>> expression("elder_first", "walker"), expression("elder_first", "walker", "result-2")
    ('4', '2')
    >>> expression("other_nurse", "hurry_up", hurry_up="result+1")
    '3d3kl2+1'
    """
    _check(mover, stuff, walker, hurry_up, detector)
    if not applies(mover, stuff):
        raise ConfigError(f"{STUFF[stuff][0].split(':')[0]} does not affect the {mover}")
    base = MOVERS[mover][1]
    kept = kept_dice(mover)
    if stuff == "hurry_up":
        return f"{base}+{kept if hurry_up == 'dice+1' else 1}"
    if stuff == "detector":
        return str(kept if detector == "dice-1" else 1)
    if stuff == "walker":
        return str(2 * kept if walker == "dice-2" else 2)
    return base


def roll(
    mover: str, stuff: str, n: int, rng: np.random.Generator, walker: str = "dice-2",
    hurry_up: str = "dice+1", detector: str = "dice-1",
) -> np.ndarray:
    """Roll the physical dice ``n`` times and read them as ``mover`` must.

    Returns
    -------
    numpy.ndarray
        ``n`` movement results (int64).
    """
    expression(mover, stuff, walker, hurry_up, detector)  # checks the combination
    if stuff == "walker":
        value = 4 if walker == "dice-2" else 2
        return np.full(n, value, dtype=np.int64)
    per_die = stuff == "hurry_up" and hurry_up == "dice+1"
    if mover == "doctor":
        red = rng.integers(1, 4, size=n, dtype=np.int64)
        white = rng.integers(1, 4, size=(n, 2), dtype=np.int64)
        if per_die:
            red += 1
            white += 1
        result = red + white.min(axis=1)
    else:
        count = 2 if mover == "elder_second" else 3
        dice = rng.integers(1, 4, size=(n, count), dtype=np.int64)
        if per_die:
            dice += 1
        elif stuff == "detector":
            dice[:] = 1
        dice.sort(axis=1)
        result = dice[:, -2:].sum(axis=1) if mover == "first_nurse" else dice[:, :2].sum(axis=1)
    if stuff == "hurry_up" and hurry_up == "result+1":
        result += 1
    if stuff == "detector" and detector == "result-1":
        result[:] = 1
    return result
