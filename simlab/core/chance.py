"""Drawing chance outcomes (by their exact probabilities, or one of n equally likely),
and the uniform index a random policy draws.

:func:`sample_chance` draws from a list of outcomes with their
:class:`~fractions.Fraction` probabilities: one ``rng.random()`` and a walk
along the running total.  :func:`uniform_index` draws exactly the same as
:func:`sample_chance` would from ``n`` outcomes of probability ``1/n`` each,
from the same generator, without the list: a game whose chance node has
equally likely outcomes (a tile drawn from a pile) overrides
:meth:`simlab.core.api.State._sample_chance` with it and never builds the
outcomes nor their Fractions to draw one.

:func:`integer_below` is ``int(rng.integers(n))``, bit for bit and with the same
use of the generator, at a third of the cost: :class:`~simlab.core.policies.RandomPolicy`
draws its action with it at every decision.  :func:`choose_indices` is
``sorted(rng.choice(n, size=k, replace=False))`` the same way: a hand redrawn for a
search (``resample_hidden``).

:func:`spawned_generators` gives the generators of ``SeedSequence(seed).spawn(n)``, the
same streams, at a fraction of the cost: the play loop seeds chance and every seat with
it at the start of each game.
"""

from __future__ import annotations

import bisect
import ctypes
import functools
import sys
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from typing import Any

import numpy as np
from numpy.random.bit_generator import ISeedSequence

from simlab.core.errors import SimlabError

__all__ = ["choose_indices", "integer_below", "sample_chance", "spawned_generators",
           "uniform_index"]

_UINT32 = 0xFFFFFFFF


def sample_chance(outcomes: Sequence[tuple[Any, Fraction]], rng: np.random.Generator) -> Any:
    """Draw one chance outcome by its probability.

    A single outcome is returned without drawing.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> rng = np.random.default_rng(0)
    >>> sample_chance([("heads", F(1)), ("tails", F(0))], rng)
    'heads'
    """
    if len(outcomes) == 1:
        return outcomes[0][0]
    u = rng.random()
    total = 0.0
    for action, p in outcomes:
        total += p.numerator / p.denominator
        if u < total:
            return action
    return outcomes[-1][0]


@functools.lru_cache(maxsize=512)
def _running_totals(n: int) -> tuple[float, ...]:
    """The running totals :func:`sample_chance` adds up for ``n`` shares of ``1/n``."""
    return tuple(accumulate([1 / n] * n))


def uniform_index(n: int, rng: np.random.Generator) -> int:
    """The index of the outcome :func:`sample_chance` draws from ``n`` equally likely ones.

    The same draw as ``sample_chance([(0, F(1, n)), (1, F(1, n)), ...], rng)``,
    with the same use of ``rng`` (none when ``n`` is 1), down to the rounding
    of the running total.

    Examples
    --------
    >>> from fractions import Fraction as F
    >>> a, b = np.random.default_rng(5), np.random.default_rng(5)
    >>> [uniform_index(7, a) for _ in range(6)] == [
    ...     sample_chance([(i, F(1, 7)) for i in range(7)], b) for _ in range(6)]
    True
    """
    if n == 1:
        return 0
    u = rng.random()
    return min(bisect.bisect_right(_running_totals(n), u), n - 1)


def integer_below(n: int, rng: np.random.Generator) -> int:
    """``int(rng.integers(n))``: the same number from the same bits of ``rng``, faster.

    numpy draws an integer below ``n < 2**32`` by Lemire's method on 32-bit words
    (``buffered_bounded_lemire_uint32`` in numpy's ``distributions.c``): a word ``w``
    gives ``w * n >> 32`` unless the low half of ``w * n`` falls under
    ``(2**32 - n) % n``, when another word is taken.  This does the same, taking the
    words from the bit generator's own C ``next_uint32`` (:func:`_words`), so that
    its buffered half-word is used and kept exactly as numpy's call would, without
    the argument handling of ``integers``, which costs about twice the draw.
    ``n == 1`` draws nothing (as numpy); ``n >= 2**32`` is left to ``rng.integers``.
    The tests compare it with ``rng.integers`` over many draws, mixed with other
    draws from the same generator.

    Examples
    --------
    >>> a, b = np.random.default_rng(5), np.random.default_rng(5)
    >>> [integer_below(n, a) for n in (2, 7, 1, 1000)] == [
    ...     int(b.integers(n)) for n in (2, 7, 1, 1000)]
    True
    >>> a.random() == b.random()          # the generator is left where numpy leaves it
    True
    """
    if n == 1:
        return 0
    if not 1 < n <= _UINT32:
        return int(rng.integers(n))
    word, state = _words(rng.bit_generator)
    m = word(state) * n  # _lemire written out: this runs at every random decision
    if m & _UINT32 < n:  # n bounds the rejection threshold: compute it only below n
        threshold = (_UINT32 + 1 - n) % n
        while m & _UINT32 < threshold:
            m = word(state) * n
    return m >> 32  # type: ignore[no-any-return]


def _lemire(n: int, word: Any, state: int) -> int:
    """numpy's draw of an integer below ``2 <= n <= 2**32`` from 32-bit words ``word(state)``.

    Lemire's method as ``buffered_bounded_lemire_uint32`` does it: ``w * n >> 32`` of a
    word ``w``, unless the low half of ``w * n`` falls under ``(2**32 - n) % n``, when
    another word is taken.
    """
    m = word(state) * n
    if m & _UINT32 < n:  # n bounds the rejection threshold: compute it only below n
        threshold = (_UINT32 + 1 - n) % n
        while m & _UINT32 < threshold:
            m = word(state) * n
    return m >> 32  # type: ignore[no-any-return]


def choose_indices(n: int, k: int, rng: np.random.Generator) -> list[int]:
    """``sorted(int(i) for i in rng.choice(n, size=k, replace=False))``, faster.

    numpy draws ``k`` of ``n < 10000`` without replacement by Floyd's algorithm
    (``Generator.choice``): for ``j`` from ``n - k`` to ``n - 1`` it draws an integer in
    ``[0, j]`` and keeps it, or ``j`` if it was kept already; then it shuffles the
    ``k`` kept, drawing an integer in ``[0, i]`` for ``i`` from ``k - 1`` down to 1.
    Each draw is :func:`integer_below` of ``j + 1`` (numpy's Lemire method on the
    generator's 32-bit words, :func:`_lemire`, with the generator's word function looked
    up once for all of them), so this makes the same draws and leaves the generator
    where numpy leaves it; the shuffle's order is dropped, the indices are sorted.
    ``tests/core/test_chance.py`` compares it with ``rng.choice``.

    Examples
    --------
    >>> a, b = np.random.default_rng(4), np.random.default_rng(4)
    >>> choose_indices(9, 4, a) == sorted(int(i) for i in b.choice(9, size=4, replace=False))
    True
    >>> a.random() == b.random()
    True
    """
    if not 0 <= k <= n < 10_000:
        return sorted(int(i) for i in rng.choice(n, size=k, replace=False))
    word, state = _words(rng.bit_generator)  # taken once for all the draws
    kept: set[int] = set()
    for j in range(n - k, n):  # integer_below(j + 1, rng) for each j: nothing drawn below 1
        drawn = _lemire(j + 1, word, state) if j else 0
        kept.add(j if drawn in kept else drawn)
    for i in range(k - 1, 0, -1):  # numpy's shuffle of the kept: its draws only
        _lemire(i + 1, word, state)
    return sorted(kept)


#: Bit generator type -> its C ``next_uint32`` (one function for every instance).
_NEXT_UINT32: dict[type, Any] = {}
#: id of a bit generator -> (it, its ``next_uint32``, the address of its state); the
#: generator is held so that its id is not reused while it is here.  Kept small.
_WORDS: dict[int, tuple[Any, Any, int]] = {}
_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _words(bits: Any) -> tuple[Any, int]:
    """The C ``next_uint32`` of bit generator ``bits`` and the state it takes.

    numpy's own ``bits.ctypes`` gives both, but builds them anew for every
    generator (about as long as making the generator); here the function is
    taken once a type and the state's address read from ``bits.capsule`` (the
    ``bitgen_t`` whose first field is the state).
    """
    got = _WORDS.get(id(bits))
    if got is not None and got[0] is bits:
        return got[1], got[2]
    if len(_WORDS) >= 64:
        _WORDS.clear()
    word = _NEXT_UINT32.get(type(bits))
    if word is None:
        word = _NEXT_UINT32[type(bits)] = bits.ctypes.next_uint32
    state = ctypes.c_void_p.from_address(_capsule_pointer(bits.capsule, b"BitGenerator")).value
    if state is None:  # pragma: no cover - numpy always gives a bit generator a state
        raise SimlabError(f"{type(bits).__name__} has no state to draw from")
    _WORDS[id(bits)] = (bits, word, state)
    return word, state


# numpy's SeedSequence hash (``numpy/random/bit_generator.pyx``): its constants.
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R = 0xCA01F9DD, 0x4973F715
_POOL = 4  # numpy's default pool size, in 32-bit words


def _words32(n: int) -> list[int]:
    """``n`` as numpy's SeedSequence reads an int: 32-bit words, lowest first."""
    out = [n & _UINT32]
    n >>= 32
    while n:
        out.append(n & _UINT32)
        n >>= 32
    return out


def _hashmix(value: int, h: int) -> tuple[int, int]:
    """numpy's ``hashmix``: ``value`` hashed, and the hash constant after it."""
    value ^= h
    h = h * _MULT_A & _UINT32
    value = value * h & _UINT32
    return value ^ value >> 16, h


def _mix(x: int, y: int) -> int:
    """numpy's ``mix`` of two 32-bit words."""
    r = (_MIX_L * x - _MIX_R * y) & _UINT32
    return r ^ r >> 16


def _mix_in(pool: list[int], words: list[int], h: int) -> int:
    """Mix ``words`` into each word of ``pool`` (in place), as SeedSequence mixes entropy
    beyond its pool; returns the hash constant after them."""
    for w in words:
        for d in range(_POOL):
            v, h = _hashmix(w, h)
            pool[d] = _mix(pool[d], v)
    return h


class _Pool(ISeedSequence):
    """A seed sequence that is only its mixed pool: what a bit generator reads of one."""

    __slots__ = ("pool",)

    def __init__(self, pool: list[int]) -> None:
        self.pool = pool

    def generate_state(self, n_words: int, dtype: Any = np.uint32) -> np.ndarray:
        """``SeedSequence.generate_state``: ``n_words`` words from the pool, by its hash.

        numpy hashes the pool words in turn with a hash constant that steps on by
        :data:`_MULT_B` at each word, whatever the pool holds: :func:`_state_steps` works
        those constants out once.  64-bit words are the 32-bit ones two by two, as
        numpy's ``view`` reads them on a little-endian machine.
        """
        wide = dtype is np.uint64 or np.dtype(dtype) == np.uint64
        pool, out = self.pool, []
        for i, (before, after) in enumerate(_state_steps(n_words * 2 if wide else n_words)):
            v = (pool[i % _POOL] ^ before) * after & _UINT32
            out.append(v ^ v >> 16)
        if not wide:
            return np.array(out, dtype=np.uint32)
        if sys.byteorder == "little":
            return np.array(out, dtype=np.uint32).view(np.uint64)
        return np.array([out[i] | out[i + 1] << 32  # pragma: no cover - big-endian
                         for i in range(0, len(out), 2)], dtype=np.uint64)


@functools.lru_cache(maxsize=16)
def _state_steps(n: int) -> tuple[tuple[int, int], ...]:
    """The hash constant of ``generate_state`` before and after each of its ``n`` words."""
    steps, h = [], _INIT_B
    for _ in range(n):
        after = h * _MULT_B & _UINT32
        steps.append((h, after))
        h = after
    return tuple(steps)


@functools.lru_cache(maxsize=256)
def _spawn_key_hashes(child: int, h: int) -> tuple[tuple[int, ...], ...]:
    """The words of spawn key ``(child,)`` hashed as :func:`_mix_in` hashes them from hash
    constant ``h``: one value a pool word, for each word of the key.  They depend on the
    key and ``h`` only (``h`` after the entropy depends only on its length), so the
    children of every seed share them."""
    out = []
    for w in _words32(child):
        row = []
        for _ in range(_POOL):
            v, h = _hashmix(w, h)
            row.append(v)
        out.append(tuple(row))
    return tuple(out)


def spawned_generators(seed: int, n: int) -> list[np.random.Generator]:
    """``[np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(n)]``, faster.

    The same PCG64 streams, from numpy's SeedSequence hash written out on Python ints
    (:data:`_INIT_A` and the rest are its constants).  The children of one seed share
    their entropy up to the spawn key, so that part of the mixing is done once; numpy's
    ``SeedSequence`` computes on numpy scalars, which made the seeding of a short game
    (a Bad Doctor game is about a hundred transitions) a tenth of its time.  The
    generators' ``seed_seq`` holds only the pool (they are not spawned from again).
    ``tests/core/test_chance.py`` compares the states with numpy's for many seeds.

    Examples
    --------
    >>> ours = spawned_generators(7, 3)
    >>> theirs = [np.random.default_rng(s) for s in np.random.SeedSequence(7).spawn(3)]
    >>> [a.random() for a in ours] == [b.random() for b in theirs]
    True
    """
    if seed < 0:
        raise SimlabError(f"seed must be >= 0, not {seed}")
    entropy = _words32(seed)
    entropy += [0] * (_POOL - len(entropy))  # padded to the pool: a spawn key follows
    h, pool = _INIT_A, []
    for w in entropy[:_POOL]:  # hashmix each word into the pool
        v, h = _hashmix(w, h)
        pool.append(v)
    for s in range(_POOL):  # every word mixed into every other
        for d in range(_POOL):
            if s != d:
                v, h = _hashmix(pool[s], h)
                pool[d] = _mix(pool[d], v)
    h = _mix_in(pool, entropy[_POOL:], h)  # a seed of more than 128 bits
    out = []
    for child in range(n):  # child ``child``'s spawn key is (child,)
        mixed = pool
        for hashed in _spawn_key_hashes(child, h):  # as _mix_in(mixed, _words32(child), h)
            mixed = [_mix(p, v) for p, v in zip(mixed, hashed, strict=True)]
        bits = np.random.PCG64(_Pool(mixed))  # type: ignore[arg-type]  # an ISeedSequence
        out.append(np.random.Generator(bits))
    return out
