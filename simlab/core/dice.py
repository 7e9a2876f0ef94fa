"""Dice notation as players know it from Roll20 and AnyDice.

An expression is a sum or difference of terms.  A term is an integer
constant or a dice term ``NdS`` (N dice with S sides, numbered 1..S),
optionally followed by a keep modifier ``khK`` (keep the highest K dice)
or ``klK`` (keep the lowest K dice).  ``dS`` means ``1dS`` and ``kh`` or
``kl`` without a number keep one die.  Letters may be upper or lower case
and spaces are allowed between terms.

The module answers three questions about an expression: its exact
distribution (:func:`distribution`, :func:`mean`, :func:`variance`,
:func:`exact_pmf_array`), random draws from it (:func:`sample`) and what
it is (:func:`parse`).  Every expression that cannot be read raises
:class:`~simlab.core.errors.DiceSyntaxError`, which names the column where
reading failed.

Examples
--------
>>> from simlab.core.dice import distribution, mean, parse
>>> str(parse("D20 + 3d6KH2 - 1"))
'1d20+3d6kh2-1'
>>> distribution("1d4-1")
{0: Fraction(1, 4), 1: Fraction(1, 4), 2: Fraction(1, 4), 3: Fraction(1, 4)}
>>> mean("4d6kh3")
Fraction(15869, 1296)
"""

from __future__ import annotations

import itertools
import math
import operator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, prod
from typing import Literal, cast

import numpy as np

from simlab.core.errors import ConfigError, DiceSyntaxError

__all__ = [
    "MAX_CONSTANT",
    "MAX_DICE",
    "MAX_SIDES",
    "MAX_TERMS",
    "Constant",
    "Dice",
    "DiceExpr",
    "Term",
    "brute_force_distribution",
    "distribution",
    "exact_pmf_array",
    "mean",
    "parse",
    "sample",
    "variance",
]

MAX_DICE = 1000
"""Most dice one dice term may roll."""
MAX_SIDES = 10_000
"""Most sides a die may have."""
MAX_CONSTANT = 1_000_000
"""Largest integer constant an expression may hold."""
MAX_TERMS = 100
"""Most terms (dice terms and constants) in one expression."""

# Rough number of big-integer operations an exact distribution may cost
# before it is refused (about a few seconds of work).
_EXACT_BUDGET = 50_000_000
# Cheaper bound under which sample() draws from the exact distribution.
_SAMPLE_EXACT_BUDGET = 1_000_000
# Outcome counts up to this use a lookup table when sampling.
_TABLE_MAX = 1 << 16
# Outcome counts below this can be drawn as one int64.
_DRAW_MAX = 1 << 62
# Samples per block, and dice per block when rolling.
_BLOCK = 1 << 18
_ROLL_BLOCK = 1 << 20
# Most outcomes brute_force_distribution() will enumerate.
_BRUTE_FORCE_MAX = 2_000_000


# ---------------------------------------------------------------- the tree


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ConfigError(f"{name} must be an int, got {value!r}")
    if not low <= value <= high:
        raise ConfigError(f"{name} must be between {low} and {high}, got {value}")


@dataclass(frozen=True)
class Constant:
    """An integer constant term, such as the ``2`` of ``1d6+2``.

    Parameters
    ----------
    value : int
        The constant, 0..:data:`MAX_CONSTANT`; the sign lives in :class:`Term`.

    Examples
    --------
    >>> str(Constant(2))
    '2'
    """

    value: int

    def __post_init__(self) -> None:
        _check_int("a constant", self.value, 0, MAX_CONSTANT)

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Dice:
    """A dice term ``NdS``, optionally keeping the highest or lowest K dice.

    Parameters
    ----------
    count : int
        Number of dice N, 1..:data:`MAX_DICE`.
    sides : int
        Sides S of each die, 1..:data:`MAX_SIDES`; faces are 1..S.
    keep : {None, 'h', 'l'}
        Keep the highest (``'h'``) or lowest (``'l'``) dice, or all of them.
    kept : int, optional
        How many dice to keep, 1..N; given if and only if `keep` is.

    Examples
    --------
    >>> str(Dice(4, 6, "h", 3))
    '4d6kh3'
    >>> Dice(4, 6, "h", 3).low, Dice(4, 6, "h", 3).high
    (3, 18)
    """

    count: int
    sides: int
    keep: Literal["h", "l"] | None = None
    kept: int | None = None

    def __post_init__(self) -> None:
        _check_int("the number of dice", self.count, 1, MAX_DICE)
        _check_int("the number of sides", self.sides, 1, MAX_SIDES)
        if self.keep is None:
            if self.kept is not None:
                raise ConfigError("kept is given without keep 'h' or 'l'")
        elif self.keep in ("h", "l"):
            _check_int("the number of dice kept", self.kept, 1, self.count)
        else:
            raise ConfigError(f"keep must be None, 'h' or 'l', got {self.keep!r}")

    @property
    def n_kept(self) -> int:
        """Number of dice that count towards the total."""
        return self.count if self.kept is None else self.kept

    @property
    def low(self) -> int:
        """Smallest possible total."""
        return self.n_kept

    @property
    def high(self) -> int:
        """Largest possible total."""
        return self.n_kept * self.sides

    def __str__(self) -> str:
        keep = "" if self.keep is None else f"k{self.keep}{self.kept}"
        return f"{self.count}d{self.sides}{keep}"


@dataclass(frozen=True)
class Term:
    """One signed term of an expression.

    Parameters
    ----------
    sign : {1, -1}
        Whether the term is added or subtracted.
    part : Dice or Constant
        The term itself.

    Examples
    --------
    >>> str(Term(-1, Dice(2, 6)))
    '-2d6'
    """

    sign: Literal[1, -1]
    part: Dice | Constant

    def __post_init__(self) -> None:
        if self.sign not in (1, -1) or isinstance(self.sign, bool):
            raise ConfigError(f"a term's sign must be 1 or -1, got {self.sign!r}")
        if not isinstance(self.part, Dice | Constant):
            raise ConfigError(f"a term must hold Dice or a Constant, got {self.part!r}")

    def __str__(self) -> str:
        return f"{'-' if self.sign < 0 else '+'}{self.part}"


@dataclass(frozen=True)
class DiceExpr:
    """A parsed dice expression: a sum of signed terms.

    ``str()`` gives the canonical form (lower case, no spaces, ``1dS``
    rather than ``dS``, ``kh1`` rather than ``kh``), which parses back to
    an equal object.

    Parameters
    ----------
    terms : tuple of Term
        One to :data:`MAX_TERMS` terms, in the order they were written.

    Examples
    --------
    >>> e = parse("3d3kl2 + 2")
    >>> e.terms[0]
    Term(sign=1, part=Dice(count=3, sides=3, keep='l', kept=2))
    >>> str(e), parse(str(e)) == e
    ('3d3kl2+2', True)
    >>> e.low, e.high
    (4, 8)
    """

    terms: tuple[Term, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.terms, tuple) or not all(isinstance(t, Term) for t in self.terms):
            raise ConfigError("terms must be a tuple of Term")
        if not 1 <= len(self.terms) <= MAX_TERMS:
            raise ConfigError(f"an expression has 1 to {MAX_TERMS} terms, got {len(self.terms)}")

    @property
    def low(self) -> int:
        """Smallest possible value."""
        return sum(_bounds(t)[0] for t in self.terms)

    @property
    def high(self) -> int:
        """Largest possible value."""
        return sum(_bounds(t)[1] for t in self.terms)

    def __str__(self) -> str:
        text = "".join(str(t) for t in self.terms)
        return text[1:] if text.startswith("+") else text


def _bounds(term: Term) -> tuple[int, int]:
    part = term.part
    lo, hi = (part.value, part.value) if isinstance(part, Constant) else (part.low, part.high)
    return (lo, hi) if term.sign > 0 else (-hi, -lo)


# ----------------------------------------------------------------- parsing


class _Parser:
    """Recursive-descent reader of one expression, tracking the column."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, message: str, pos: int | None = None) -> DiceSyntaxError:
        return DiceSyntaxError(message, self.text, self.pos if pos is None else pos)

    def got(self) -> str:
        if self.pos >= len(self.text):
            return "the end of the expression"
        return repr(self.text[self.pos])

    def peek(self, chars: str) -> bool:
        return self.pos < len(self.text) and self.text[self.pos] in chars

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def digits(self) -> tuple[str, int]:
        start = self.pos
        while self.peek("0123456789"):
            self.pos += 1
        return self.text[start : self.pos], start

    def check(self, digits: str, start: int, what: str, low: int, high: int) -> int:
        value = int(digits) if len(digits) <= 12 else high + 1
        if value < low:
            raise self.fail(f"{what} must be at least {low}, got {value}", start)
        if value > high:
            raise self.fail(f"{what} must be at most {high}, got {digits}", start)
        return value

    def expression(self) -> DiceExpr:
        self.skip_spaces()
        if self.pos >= len(self.text):
            raise self.fail("expected a dice term such as '2d6' or a number, got nothing")
        sign: Literal[1, -1] = 1
        if self.peek("+-"):
            sign = -1 if self.text[self.pos] == "-" else 1
            self.pos += 1
            self.skip_spaces()
        terms = [Term(sign, self.term())]
        while True:
            self.skip_spaces()
            if self.pos >= len(self.text):
                break
            if not self.peek("+-"):
                hint = "; only one keep modifier per dice term" if self.peek("kK") else ""
                raise self.fail(
                    f"expected '+', '-' or the end of the expression, got {self.got()}{hint}"
                )
            if len(terms) >= MAX_TERMS:
                raise self.fail(f"an expression has at most {MAX_TERMS} terms")
            sign = -1 if self.text[self.pos] == "-" else 1
            self.pos += 1
            self.skip_spaces()
            terms.append(Term(sign, self.term()))
        return DiceExpr(tuple(terms))

    def term(self) -> Dice | Constant:
        digits, start = self.digits()
        if not self.peek("dD"):
            if not digits:
                raise self.fail(f"expected a dice term such as '2d6' or a number, got {self.got()}")
            return Constant(self.check(digits, start, "a constant", 0, MAX_CONSTANT))
        count = self.check(digits, start, "the number of dice", 1, MAX_DICE) if digits else 1
        self.pos += 1
        digits, at = self.digits()
        if not digits:
            raise self.fail(f"expected the number of sides after 'd', got {self.got()}")
        sides = self.check(digits, at, "the number of sides", 1, MAX_SIDES)
        if not self.peek("kK"):
            return Dice(count, sides)
        self.pos += 1
        if not self.peek("hHlL"):
            raise self.fail(f"expected 'h' or 'l' after 'k', got {self.got()}")
        keep: Literal["h", "l"] = "h" if self.text[self.pos] in "hH" else "l"
        self.pos += 1
        digits, at = self.digits()
        if not digits:
            return Dice(count, sides, keep, 1)
        kept = int(digits) if len(digits) <= 12 else count + 1
        if kept < 1:
            raise self.fail(f"the number of dice kept must be at least 1, got {kept}", at)
        if kept > count:
            raise self.fail(f"k{keep}{digits} keeps {digits} of {count} dice", at)
        return Dice(count, sides, keep, kept)


def parse(expr: str) -> DiceExpr:
    """Read a dice expression.

    Parameters
    ----------
    expr : str
        Such as ``'3d6'``, ``'d20+5'``, ``'4d6kh3'`` or ``'2d20kl1 - 1'``.

    Returns
    -------
    DiceExpr
        The frozen, hashable tree of the expression.

    Raises
    ------
    DiceSyntaxError
        If `expr` cannot be read; the message names the column.

    Examples
    --------
    >>> parse("d6 + 2")
    DiceExpr(terms=(Term(sign=1, part=Dice(count=1, sides=6, keep=None, kept=None)), \
Term(sign=1, part=Constant(value=2))))
    >>> str(parse("20D6KH"))
    '20d6kh1'
    >>> parse("3d")
    Traceback (most recent call last):
    ...
    simlab.core.errors.DiceSyntaxError: bad dice expression '3d' at column 3: expected the \
number of sides after 'd', got the end of the expression
    """
    if not isinstance(expr, str):
        raise ConfigError(f"a dice expression must be a str, got {type(expr).__name__}")
    if len(expr) > 200:  # keep long strings out of the cache
        return _Parser(expr).expression()
    return _parse_cached(expr)


@lru_cache(maxsize=1024)
def _parse_cached(expr: str) -> DiceExpr:
    return _Parser(expr).expression()


def _as_expr(expr: str | DiceExpr) -> DiceExpr:
    if isinstance(expr, DiceExpr):
        return expr
    return parse(expr)


# ------------------------------------------------------ exact distribution
#
# A distribution is held as integer counts: (low, counts, total) means the
# value low + i happens in counts[i] of `total` equally likely outcomes.

_Counts = tuple[int, tuple[int, ...], int]


def _dice_cost(d: Dice) -> int:
    """Rough cost, in small-integer operations, of counting `d` exactly."""
    n, s, k = d.count, d.sides, d.n_kept
    if k == n or s == 1:
        width = n * (s - 1) + 1
        ops = (width // 2 + 1) * (min(n, width // (2 * s)) + 2)
    else:
        ops = s * (k * (k + 1) // 2) * (k * s + 1) + s * k
    # big integers cost more; each value of the result costs a Fraction
    return ops * (1 + (s**n).bit_length() // 512) + 50 * (d.high - d.low + 1)


def _plain_counts(n: int, s: int) -> np.ndarray:
    """Counts of the sums n..n*s of n dice with s sides (object array).

    Uses the coefficients of ``(1 - x**s)**n * (1 - x)**-n`` for the lower
    half and the symmetry of the distribution for the upper half.
    """
    width = n * (s - 1) + 1
    half = width // 2 + 1
    # tail[m] = C(m + n - 1, n - 1): ways to spread m pips over n dice
    tail = np.empty(half, dtype=object)
    value = 1
    for m in range(half):
        tail[m] = value
        value = value * (m + n) // (m + 1)
    counts = np.zeros(width, dtype=object)
    for k in range(min(n, (half - 1) // s) + 1):
        shift = k * s
        counts[shift:half] += (-1) ** k * comb(n, k) * tail[: half - shift]
    counts[width - half :] = counts[:half][::-1]
    return counts


def _keep_high_counts(n: int, s: int, k: int) -> np.ndarray:
    """Counts of the sums k..k*s of the highest k of n dice with s sides.

    Walks the faces from s down to 1.  A state is (j dice placed so far,
    sum of them) with j < k; choosing c of the n - j remaining dice to show
    face f multiplies by C(n - j, c).  Once k dice are placed the kept sum
    is final, and the rest may show any face below f: (f - 1)**rest ways.
    """
    width = k * s + 1
    start = np.zeros(width, dtype=object)
    start[0] = 1
    active: list[np.ndarray | None] = [start] + [None] * (k - 1)
    done = np.zeros(width, dtype=object)
    for f in range(s, 0, -1):
        nxt: list[np.ndarray | None] = [None] * k
        for j, sums in enumerate(active):
            if sums is None:
                continue
            rest, need = n - j, k - j
            for c in range(need):  # still fewer than k dice placed
                target = nxt[j + c]
                if target is None:
                    target = nxt[j + c] = np.zeros(width, dtype=object)
                shift = c * f
                target[shift:] += comb(rest, c) * sums[: width - shift]
            # c >= need dice show f: sum over c of C(rest, c) (f-1)**(rest-c)
            ways = f**rest - sum(comb(rest, c) * (f - 1) ** (rest - c) for c in range(need))
            shift = need * f
            done[shift:] += ways * sums[: width - shift]
        active = nxt
    return done[k:]


@lru_cache(maxsize=128)
def _dice_counts(d: Dice) -> _Counts:
    cost = _dice_cost(d)
    if cost > _EXACT_BUDGET:
        raise ConfigError(
            f"{d} is too large for an exact distribution (about {cost:.1e} operations); "
            "use sample() instead"
        )
    n, s, k = d.count, d.sides, d.n_kept
    if k == n or s == 1:
        counts = _plain_counts(k, s) if s > 1 else np.ones(1, dtype=object)
    else:
        counts = _keep_high_counts(n, s, k)
        if d.keep == "l":  # face f <-> s + 1 - f maps the lowest k to the highest k
            counts = counts[::-1]
    return d.low, tuple(int(c) for c in counts), s**n


@lru_cache(maxsize=128)
def _term_counts(term: Term) -> _Counts:
    part = term.part
    counts: tuple[int, ...]
    if isinstance(part, Constant):
        low, counts, total = part.value, (1,), 1
    else:
        low, counts, total = _dice_counts(part)
    if term.sign < 0:
        low, counts = -(low + len(counts) - 1), counts[::-1]
    return low, counts, total


def _exact_cost(expr: DiceExpr) -> int:
    cost, width = 0, 1
    for term in expr.terms:
        if isinstance(term.part, Dice):
            cost += _dice_cost(term.part)
            size = term.part.high - term.part.low + 1
            cost += width * size
            width += size - 1
    return cost


@lru_cache(maxsize=64)
def _expr_counts(expr: DiceExpr) -> _Counts:
    cost = _exact_cost(expr)
    if cost > _EXACT_BUDGET:
        raise ConfigError(
            f"{expr} is too large for an exact distribution (about {cost:.1e} operations); "
            "use sample() instead"
        )
    low, counts, total = 0, np.ones(1, dtype=object), 1
    for term in expr.terms:
        t_low, t_counts, t_total = _term_counts(term)
        low += t_low
        total *= t_total
        if len(t_counts) > 1:
            counts = np.convolve(counts, np.array(t_counts, dtype=object))
    return low, tuple(int(c) for c in counts), total


def distribution(expr: str | DiceExpr) -> dict[int, Fraction]:
    """Exact distribution of an expression.

    Keep modifiers are counted face by face rather than roll by roll, so
    ``20d6kh3`` takes milliseconds.

    Parameters
    ----------
    expr : str or DiceExpr
        The expression.

    Returns
    -------
    dict of int to Fraction
        Every possible value, in increasing order, with its probability;
        the probabilities sum to exactly 1.

    Raises
    ------
    DiceSyntaxError
        If `expr` cannot be read.
    ConfigError
        If the exact distribution would take too long (use :func:`sample`).

    Examples
    --------
    >>> distribution("2d20kh1")  # doctest: +ELLIPSIS
    {1: Fraction(1, 400), 2: Fraction(3, 400), 3: Fraction(1, 80), ...
    >>> d = distribution("3d3kl2")
    >>> {v: int(p * 27) for v, p in d.items()}
    {2: 7, 3: 9, 4: 7, 5: 3, 6: 1}
    >>> sum(distribution("20d6kh3").values())
    Fraction(1, 1)
    """
    low, counts, total = _expr_counts(_as_expr(expr))
    return {low + i: Fraction(c, total) for i, c in enumerate(counts) if c}


def exact_pmf_array(expr: str | DiceExpr) -> tuple[np.ndarray, np.ndarray]:
    """Exact distribution as numpy arrays.

    Parameters
    ----------
    expr : str or DiceExpr
        The expression.

    Returns
    -------
    values : numpy.ndarray
        The possible values, increasing, int64.
    probs : numpy.ndarray
        Their probabilities, float64, each the correctly rounded value of
        the exact fraction.

    Examples
    --------
    >>> values, probs = exact_pmf_array("2d4-2")
    >>> values
    array([0, 1, 2, 3, 4, 5, 6])
    >>> probs * 16
    array([1., 2., 3., 4., 3., 2., 1.])
    """
    low, counts, total = _expr_counts(_as_expr(expr))
    keep = [i for i, c in enumerate(counts) if c]
    values = np.array([low + i for i in keep], dtype=np.int64)
    probs = np.array([counts[i] / total for i in keep], dtype=np.float64)
    return values, probs


def _term_moments(term: Term) -> tuple[Fraction, Fraction]:
    part = term.part
    if isinstance(part, Dice) and part.n_kept == part.count:  # closed form, any size
        n, s = part.count, part.sides
        return term.sign * Fraction(n * (s + 1), 2), Fraction(n * (s * s - 1), 12)
    low, counts, total = _term_counts(term)
    s1 = sum(i * c for i, c in enumerate(counts))
    s2 = sum(i * i * c for i, c in enumerate(counts))
    m = Fraction(s1, total)
    return low + m, Fraction(s2, total) - m * m


def mean(expr: str | DiceExpr) -> Fraction:
    """Exact mean of an expression.

    Parameters
    ----------
    expr : str or DiceExpr
        The expression.

    Returns
    -------
    Fraction
        The mean.

    Examples
    --------
    >>> mean("2d6")
    Fraction(7, 1)
    >>> mean("d20kh") == mean("1d20")
    True
    """
    return sum((_term_moments(t)[0] for t in _as_expr(expr).terms), Fraction(0))


def variance(expr: str | DiceExpr) -> Fraction:
    """Exact variance of an expression (terms are independent).

    Parameters
    ----------
    expr : str or DiceExpr
        The expression.

    Returns
    -------
    Fraction
        The variance.

    Examples
    --------
    >>> variance("2d6")
    Fraction(35, 6)
    >>> variance("1d6-1d6") == variance("2d6")
    True
    """
    return sum((_term_moments(t)[1] for t in _as_expr(expr).terms), Fraction(0))


def brute_force_distribution(expr: str | DiceExpr) -> dict[int, Fraction]:
    """Exact distribution by listing every roll of every die (a checking aid).

    Independent of :func:`distribution` and only for small expressions:
    it enumerates all outcomes with :func:`itertools.product`.

    Parameters
    ----------
    expr : str or DiceExpr
        The expression.

    Returns
    -------
    dict of int to Fraction
        As :func:`distribution`.

    Raises
    ------
    ConfigError
        If there are more than two million outcomes.

    Examples
    --------
    >>> brute_force_distribution("3d3kl2") == distribution("3d3kl2")
    True
    """
    e = _as_expr(expr)
    dice = [(t.sign, t.part) for t in e.terms if isinstance(t.part, Dice)]
    offset = sum(t.sign * t.part.value for t in e.terms if isinstance(t.part, Constant))
    total = prod(d.sides**d.count for _, d in dice)
    if total > _BRUTE_FORCE_MAX:
        raise ConfigError(f"{e} has {total} outcomes, too many to enumerate")
    faces = [range(1, d.sides + 1) for _, d in dice for _ in range(d.count)]
    counts: dict[int, int] = {}
    for roll in itertools.product(*faces):
        value, at = offset, 0
        for sign, d in dice:
            mine = sorted(roll[at : at + d.count])
            at += d.count
            if d.keep == "h":
                mine = mine[d.count - d.n_kept :]
            elif d.keep == "l":
                mine = mine[: d.n_kept]
            value += sign * sum(mine)
        counts[value] = counts.get(value, 0) + 1
    return {v: Fraction(counts[v], total) for v in sorted(counts)}


# ---------------------------------------------------------------- sampling


@dataclass(frozen=True)
class _Table:
    """Draw an outcome index uniformly and look its value up."""

    table: np.ndarray  # int64, one entry per outcome
    dtype: type

    def fill(self, rng: np.random.Generator, out: np.ndarray) -> None:
        idx = rng.integers(0, len(self.table), size=len(out), dtype=self.dtype)
        out += self.table[idx]


@dataclass(frozen=True)
class _InverseCdf:
    """Draw an outcome index uniformly and find its value by bisection."""

    values: np.ndarray  # int64
    cum: np.ndarray  # int64 running counts; cum[-1] is the number of outcomes

    def fill(self, rng: np.random.Generator, out: np.ndarray) -> None:
        u = rng.integers(0, int(self.cum[-1]), size=len(out), dtype=np.int64)
        out += self.values[np.searchsorted(self.cum, u, side="right")]


@dataclass(frozen=True)
class _Roll:
    """Roll every die and keep the highest or lowest."""

    dice: Dice
    sign: int

    def fill(self, rng: np.random.Generator, out: np.ndarray) -> None:
        d = self.dice
        n, k = d.count, d.n_kept
        dtype = np.uint16  # measured faster to draw than uint8 for all but tiny dice
        rows = max(1, _ROLL_BLOCK // n)
        for start in range(0, len(out), rows):
            m = min(rows, len(out) - start)
            if k == n or k == 1 or k == n - 1:
                x = rng.integers(1, d.sides + 1, size=(n, m), dtype=dtype)  # a row per die
                if k == 1:
                    v = x.max(axis=0) if d.keep == "h" else x.min(axis=0)
                    v = v.astype(np.int64)
                else:
                    v = x.sum(axis=0, dtype=np.int64)
                    if k < n:
                        v -= x.min(axis=0) if d.keep == "h" else x.max(axis=0)
            else:
                x = rng.integers(1, d.sides + 1, size=(m, n), dtype=dtype)  # a row per roll
                if d.keep == "h":
                    v = np.partition(x, n - k, axis=1)[:, n - k :].sum(axis=1, dtype=np.int64)
                else:
                    v = np.partition(x, k - 1, axis=1)[:, :k].sum(axis=1, dtype=np.int64)
            block = out[start : start + m]
            if self.sign > 0:
                block += v
            else:
                block -= v


_Sampler = _Table | _InverseCdf | _Roll


def _exact_sampler(expr: DiceExpr) -> _Table | _InverseCdf:
    low, counts, total = _expr_counts(expr)
    if total <= _TABLE_MAX:
        values = np.arange(low, low + len(counts), dtype=np.int64)
        table = np.repeat(values, np.array(counts, dtype=np.int64))
        table.setflags(write=False)
        return _Table(table, np.uint16)  # uint16 draws measured faster than uint8
    keep = [i for i, c in enumerate(counts) if c]
    values = np.array([low + i for i in keep], dtype=np.int64)
    cum = np.cumsum(np.array([counts[i] for i in keep], dtype=np.int64))
    values.setflags(write=False)
    cum.setflags(write=False)
    return _InverseCdf(values, cum)


def _outcomes(expr: DiceExpr) -> int:
    return prod(t.part.sides**t.part.count for t in expr.terms if isinstance(t.part, Dice))


def _exact_ns(expr: DiceExpr) -> float:
    """Estimated ns per value drawn from the exact counts (inf if unsuitable).

    Rough figures measured with numpy 2 on one core: a table lookup costs
    about 3 ns, a bisection about 12 + 5.5 * log2(number of values) ns.
    """
    outcomes = _outcomes(expr)
    if outcomes >= _DRAW_MAX or _exact_cost(expr) > _SAMPLE_EXACT_BUDGET:
        return float("inf")
    if outcomes <= _TABLE_MAX:
        return 3.0
    return 12.0 + 5.5 * math.log2(expr.high - expr.low + 1)


def _roll_ns(d: Dice) -> float:
    """Estimated ns per value of rolling `d` (same measurements)."""
    simple = d.n_kept in (d.count, 1, d.count - 1)
    return 1.6 * d.count + 2.0 if simple else 7.0 * d.count + 20.0


@lru_cache(maxsize=64)
def _plan(expr: DiceExpr, method: str) -> tuple[int, tuple[_Sampler, ...]]:
    """Constant offset and samplers whose draws add up to the expression.

    ``'auto'`` picks, by the estimates above, between one draw from the
    exact counts of all dice terms together and, for each dice term, a draw
    from its exact counts or a roll of its dice.
    """
    offset = sum(t.sign * t.part.value for t in expr.terms if isinstance(t.part, Constant))
    dice = [t for t in expr.terms if isinstance(t.part, Dice)]
    if not dice:
        return offset, ()
    if method == "roll":
        return offset, tuple(_Roll(t.part, t.sign) for t in dice)  # type: ignore[arg-type]
    samplers: list[_Sampler] = []
    total_ns = 0.0
    for term in dice:
        part = cast(Dice, term.part)  # the dice terms, picked out above
        alone = DiceExpr((term,))
        exact_ns, roll_ns = _exact_ns(alone), _roll_ns(part)
        if exact_ns < roll_ns:
            samplers.append(_exact_sampler(alone))
        else:
            samplers.append(_Roll(part, term.sign))
        total_ns += min(exact_ns, roll_ns)
    if len(dice) > 1 and _exact_ns(DiceExpr(tuple(dice))) < total_ns:
        return offset, (_exact_sampler(DiceExpr(tuple(dice))),)
    return offset, tuple(samplers)


def sample(
    expr: str | DiceExpr,
    size: int,
    seed: int | np.random.Generator | None = None,
    *,
    method: Literal["auto", "roll"] = "auto",
) -> np.ndarray:
    """Random values of an expression.

    Never touches numpy's global random state.

    Parameters
    ----------
    expr : str or DiceExpr
        The expression.
    size : int
        How many values to draw (0 or more).
    seed : int, numpy.random.Generator or None
        An int seeds a fresh generator (same seed, same values); a
        Generator is used and advanced; None takes fresh entropy.
    method : {'auto', 'roll'}
        ``'roll'`` rolls every die and keeps the highest or lowest.
        ``'auto'`` (the default) draws one of the equally likely outcomes of
        the whole expression at once and looks its value up in the exact
        counts, when those are cheap and there are fewer than 2**62
        outcomes; otherwise it rolls.  Both give the exact distribution.

    Returns
    -------
    numpy.ndarray
        int64 values, shape ``(size,)``.

    Examples
    --------
    >>> x = sample("3d3kl2+2", 5, seed=1)
    >>> x.dtype, x.shape, bool(((4 <= x) & (x <= 8)).all())
    (dtype('int64'), (5,), True)
    >>> bool((sample("4d6kh3", 1000, seed=7) == sample("4d6kh3", 1000, seed=7)).all())
    True
    >>> rng = np.random.default_rng(3)
    >>> y = sample("d20", 4, seed=rng, method="roll")
    >>> bool(y.min() >= 1 and y.max() <= 20)
    True
    """
    e = _as_expr(expr)
    size = operator.index(size)
    if size < 0:
        raise ConfigError(f"size must be 0 or more, got {size}")
    if method not in ("auto", "roll"):
        raise ConfigError(f"method must be 'auto' or 'roll', got {method!r}")
    rng = np.random.default_rng(seed)
    offset, samplers = _plan(e, method)
    out = np.full(size, offset, dtype=np.int64)
    for start in range(0, size, _BLOCK):
        block = out[start : start + _BLOCK]
        for sampler in samplers:
            sampler.fill(rng, block)
    return out
