"""The game API every simlab game shares: Game, State, Action, Event, Outcome.

Modelled on OpenSpiel's Game/State split.  A :class:`Game` holds the fixed
facts (player count, options, components); a :class:`State` is one position,
changed in place by :meth:`State.apply`.  Chance is explicit: at a chance
node ``state.current_player == CHANCE`` and :meth:`State.chance_outcomes`
lists every outcome with its exact :class:`~fractions.Fraction` probability.

Examples
--------
>>> import simlab
>>> game = simlab.load_game("dice_race", players=2)   # doctest: +SKIP
"""

from __future__ import annotations

import copy
import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol, Self

from simlab.core import roster
from simlab.core.chance import sample_chance
from simlab.core.data import ComponentSet, component_set, scoped_folder
from simlab.core.errors import ConfigError, IllegalActionError

if TYPE_CHECKING:
    from simlab.core.policies import Policy
    from simlab.core.search_settings import SearchSettings

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "Event",
    "Outcome",
    "Option",
    "Game",
    "GameFacts",
    "LegalCache",
    "State",
]

#: ``current_player`` at a chance node (dice, draws, shuffles).
CHANCE = -1
#: ``current_player`` once the game is over.
TERMINAL = -2


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: frozen, hashable, with a rulebook-like ``str``.

    Each game subclasses it with small frozen, slotted dataclasses, gives
    them a ``str`` in the rulebook's words (a template, with
    :func:`simlab.core.action_text.worded`), and reads that text back in
    :meth:`Game.parse_action`.
    """


class Event(NamedTuple):
    """Something that happened while an action was applied.

    An immutable record (a named tuple: a game makes one or two at every
    action, and a tuple is made ten times faster than a frozen dataclass).

    Parameters
    ----------
    text : str
        What happened, in rulebook language ("Red Elder is neutralized").
    kind : str
        A short machine-readable kind ("move", "capture", "score", ...).
    seat : int or None
        The seat it concerns, if any.
    seen_by : tuple of int or None
        The seats that see it: ``None`` (the default) for everyone, else
        only those seats (a card that one player looks at).  Whoever does
        not see an event learns nothing from it, not even that it happened.
    score : float or None
        The change of ``seat``'s score that this event tells (``None``: it
        tells none).  Every change of a seat's score (what
        :attr:`Outcome.scores` counts at the end) is told by one event with
        that seat and the amount, so the events of a game add up to the
        final scores from those of the initial state.  ``repr`` leaves the
        field out when it is ``None``.

    Examples
    --------
    >>> str(Event("Seat 1 rolls 2-1-3", kind="roll", seat=1))
    'Seat 1 rolls 2-1-3'
    >>> Event("Seat 1 rolls 2-1-3", "roll", 1).visible_to(0)
    True
    >>> secret = Event("Seat 1 draws Hurry Up", "draw", 1, seen_by=(1,))
    >>> secret.visible_to(1), secret.visible_to(0)
    (True, False)
    >>> Event("Seat 2 bribes for 2 prestige", "bribe", 2, score=2).score
    2
    """

    text: str
    kind: str = ""
    seat: int | None = None
    seen_by: tuple[int, ...] | None = None
    score: float | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` sees this event (``None``: everyone looking on, who sees all).

        Examples
        --------
        >>> Event("a card is looked at", seen_by=(2,)).visible_to(None)
        True
        """
        return seat is None or self.seen_by is None or seat in self.seen_by

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        score = "" if self.score is None else f", score={self.score!r}"
        return (f"Event(text={self.text!r}, kind={self.kind!r}, seat={self.seat!r}, "
                f"seen_by={self.seen_by!r}{score})")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended.

    Parameters
    ----------
    winners : tuple of int
        The winning seats (several on a shared win, none if nobody won).
    scores : tuple of float
        One final score per seat (victory points, or 1/0 for win/loss).
    reason : str
        Why the game ended, in rulebook language.

    Examples
    --------
    >>> o = Outcome(winners=(1,), scores=(0.0, 1.0), reason="reached the exit")
    >>> Outcome.from_dict(o.to_dict()) == o
    True
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form."""
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}

    @classmethod
    def most_points(cls, points: Sequence[float], reason: str, tie_break: Sequence[float],
                    broken: str, shared: str) -> Outcome:
        """The seats with the most ``points`` win; a tie goes to the tied seats with the most
        ``tie_break``, and the ``reason`` says so: ``broken`` added when that leaves one
        seat, ``shared`` when it leaves several.

        Examples
        --------
        >>> Outcome.most_points([5, 7, 7], "most VP", [0, 2, 1], "; tie broken", "; shared")
        Outcome(winners=(1,), scores=(5.0, 7.0, 7.0), reason='most VP; tie broken')
        >>> Outcome.most_points([7, 7], "most VP", [1, 1], "; tie broken", "; shared")
        Outcome(winners=(0, 1), scores=(7.0, 7.0), reason='most VP; shared')
        >>> Outcome.most_points([3, 9], "most VP", [5, 0], "; tie broken", "; shared").reason
        'most VP'
        """
        best = max(points)
        top = [s for s, p in enumerate(points) if p == best]
        if len(top) > 1:
            most = max(tie_break[s] for s in top)
            top = [s for s in top if tie_break[s] == most]
            reason += broken if len(top) == 1 else shared
        return cls(tuple(top), tuple(float(p) for p in points), reason)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Inverse of :meth:`to_dict`."""
        return cls(
            winners=tuple(int(w) for w in data["winners"]),
            scores=tuple(float(s) for s in data["scores"]),
            reason=str(data.get("reason", "")),
        )


@dataclass(frozen=True)
class Option:
    """A named game option: a rule variant or the reading of an unclear rule.

    Parameters
    ----------
    name : str
        Option name as given on the command line (``--variant NAME`` for
        boolean variants, ``--option NAME=VALUE`` otherwise).
    default : Any
        Value when not given.
    help : str
        One line; where it comes from (a rulebook variation or a ruling).
    choices : tuple, optional
        Allowed values; ``None`` means any value of the default's type.
    variant : bool
        True for a rulebook Variation switched on by naming it.
    """

    name: str
    default: Any
    help: str = ""
    choices: tuple[Any, ...] | None = None
    variant: bool = False

    def convert(self, value: Any) -> Any:
        """Check ``value`` (or read it from text) and return it typed.

        Examples
        --------
        >>> Option("goal", 8).convert("10")
        10
        >>> Option("fast", False).convert("yes")
        True
        >>> Option("mode", "a", choices=("a", "b")).convert("c")
        Traceback (most recent call last):
        ...
        simlab.core.errors.ConfigError: option 'mode' takes one of a, b, not 'c'
        """
        kind = type(self.default)
        if isinstance(value, str) and kind is not str:
            text = value.strip().lower()
            try:
                if kind is bool:
                    if text not in {"1", "0", "true", "false", "yes", "no", "on", "off"}:
                        raise ValueError(text)
                    value = text in {"1", "true", "yes", "on"}
                elif kind is int:
                    value = int(text)
                elif kind is float:
                    value = float(text)
            except ValueError:
                raise ConfigError(
                    f"option {self.name!r} takes {_a(kind.__name__)}, not {value!r}"
                ) from None
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise ConfigError(f"option {self.name!r} takes one of {allowed}, not {value!r}")
        if self.choices is None and kind in (bool, int, float, str):
            ok = isinstance(value, kind) or (kind is float and isinstance(value, int))
            if not ok or (kind is int and isinstance(value, bool)):
                raise ConfigError(
                    f"option {self.name!r} takes {_a(kind.__name__)}, not {value!r}"
                )
        return value


#: Types whose values are shared by clones, never copied (grows with frozen dataclasses).
_SHARED: set[type] = {int, float, str, bool, bytes, Fraction, type(None), frozenset, Event}
class _Copiers(dict[type, Callable[[Any], Any]]):
    """Type -> the function that copies its values; a type met for the first time is
    learned (:func:`_copier_of`), so that ``_COPIERS[type(v)](v)`` copies any value."""

    def __missing__(self, kind: type) -> Callable[[Any], Any]:
        copier = self[kind] = _copier_of(kind)
        return copier


_TUPLE = frozenset({tuple})
_LIST = {list}


def _frozen(values: Iterable[Any], kinds: set[type]) -> bool:
    """Whether ``values`` (of types ``kinds``) hold nothing mutable, at any depth.

    True when they are shared values or tuples of them, nested.  ``values`` is
    read twice (a list, a tuple or a dict view).  The loops run in C (``map``,
    ``set``, ``chain``): one pass a level of nesting, no call an element.
    """
    if kinds <= _SHARED:
        return True
    if tuple not in kinds or not kinds - _TUPLE <= _SHARED:
        return False
    inner = list(chain.from_iterable(
        values if len(kinds) == 1 else [v for v in values if type(v) is tuple]))
    return _frozen(inner, set(map(type, inner)))


def _copy_list(value: list[Any]) -> list[Any]:
    kinds = set(map(type, value))
    if kinds <= _SHARED or (tuple in kinds and _frozen(value, kinds)):
        return value.copy()  # a pile of cards, a log of tuples: whole, in C
    shared, copiers = _SHARED, _COPIERS
    if kinds == _LIST:  # hands, potions a seat: each list whole when it holds shared values
        return [v.copy() if shared.issuperset(map(type, v)) else _copy_list(v) for v in value]
    return [v if type(v) in shared else copiers[type(v)](v) for v in value]


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    values = value.values()
    kinds = set(map(type, values))
    if kinds <= _SHARED or (tuple in kinds and _frozen(values, kinds)):
        return value.copy()
    shared, copiers = _SHARED, _COPIERS
    return {k: v if type(v) in shared else copiers[type(v)](v) for k, v in value.items()}


def _copy_tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    if _frozen(value, set(map(type, value))):
        return value
    return tuple(v if type(v) in _SHARED else _COPIERS[type(v)](v) for v in value)


def _copy_named_tuple(value: Any) -> Any:
    """A named tuple: shared when it holds nothing mutable, else rebuilt from copies."""
    if _frozen(value, set(map(type, value))):
        return value
    return value._make(v if type(v) in _SHARED else _COPIERS[type(v)](v) for v in value)


def _copy_record(value: Any) -> Any:
    """A plain record with a ``__dict__``: its attributes copied."""
    other = object.__new__(type(value))
    shared, copiers = _SHARED, _COPIERS
    other.__dict__.update(
        {k: v if type(v) in shared else copiers[type(v)](v) for k, v in value.__dict__.items()})
    return other


def _slots_copier(kind: type, names: tuple[str, ...]) -> Callable[[Any], Any]:
    """The copier of slotted record type ``kind``: its plan, one line a slot.

    Made from the slot names (so a slot added later is copied too), as the code
    a hand would write for ``kind``: ``x = value.name; put(other, x if shared
    else copy(x))`` for each slot, without a loop over them.  A slot left unset
    falls back to copying the others one by one.
    """
    scope: dict[str, Any] = {"new": object.__new__, "K": kind, "S": _SHARED, "C": _COPIERS,
                             "unset": _copy_unset_slots, "names": names}
    lines = ["def copy(value):", "    other = new(K)", "    try:"]
    for i, name in enumerate(names):
        scope[f"put{i}"] = getattr(kind, name).__set__  # the slot descriptor's setter
        lines += [f"        x = value.{name}",
                  f"        put{i}(other, x if type(x) in S else C[type(x)](x))"]
    lines += ["    except AttributeError:", "        return unset(value, names)",
              "    return other"]
    exec("\n".join(lines), scope)  # code made from the slot names only
    return scope["copy"]  # type: ignore[no-any-return]


def _copy_unset_slots(value: Any, names: tuple[str, ...]) -> Any:
    other = object.__new__(type(value))
    for name in names:
        if hasattr(value, name):
            v = getattr(value, name)
            object.__setattr__(other, name, plain_copy(v))
    return other


def _share(value: Any) -> Any:
    return value


def _copier_of(kind: type) -> Callable[[Any], Any]:
    """How values of ``kind`` are copied.

    Frozen dataclasses, enums and the Game are shared (``kind`` joins
    :data:`_SHARED`); named tuples are copied as tuples are (shared when they
    hold nothing mutable); plain slotted records get a copy plan
    (:func:`_slots_copier`), plain records with a ``__dict__`` are copied
    attribute by attribute; anything else (a state, a class with its own copy
    or pickling) is deep-copied.
    """
    params = getattr(kind, "__dataclass_params__", None)
    plain = kind.__reduce_ex__ is object.__reduce_ex__ and not hasattr(kind, "__deepcopy__")
    has_dict = kind.__dictoffset__ != 0  # its instances have a __dict__
    if (params is not None and params.frozen) or issubclass(kind, Game | enum.Enum):
        _SHARED.add(kind)
        return _share
    if issubclass(kind, State) or kind.__module__ == "builtins" or not plain:
        return copy.deepcopy
    if issubclass(kind, tuple) and hasattr(kind, "_make"):  # a named tuple: as a tuple
        return _copy_named_tuple
    if not has_dict and _slots(kind):
        return _slots_copier(kind, _slots(kind))
    if has_dict and not _slots(kind):
        return _copy_record
    return copy.deepcopy


def _slots(kind: type) -> tuple[str, ...]:
    names: list[str] = []
    for cls in kind.__mro__:
        slots = cls.__dict__.get("__slots__", ())
        names.extend([slots] if isinstance(slots, str) else slots)
    return tuple(n for n in names if n not in ("__weakref__", "__dict__"))


#: How each type met so far is copied (lists, dicts, tuples and sets from the start).
_COPIERS = _Copiers({list: _copy_list, dict: _copy_dict, tuple: _copy_tuple, set: set})


def plain_copy(value: Any) -> Any:
    """Copy a state attribute: plain data recursively, immutable values shared.

    Lists, dicts and sets are copied (nested ones too); numbers, strings,
    frozensets, frozen dataclasses (actions, components) and the Game are
    shared; tuples (named ones too) are shared unless they hold something mutable (at any
    depth); plain records (slotted or not) are copied field by field;
    anything else is deep-copied.  :meth:`State.clone` applies it to every
    attribute: a generic clone, many times faster than :func:`copy.deepcopy`.

    Examples
    --------
    >>> a = {"hand": [1, 2], "seen": {3}, "pair": (1, "x"), "deep": ((1, 2), "y")}
    >>> b = plain_copy(a)
    >>> b["hand"].append(9); b["seen"].add(4)
    >>> a["hand"], a["seen"], b["pair"] is a["pair"], b["deep"] is a["deep"]
    ([1, 2], {3}, True, True)
    >>> c = plain_copy(([1], 2)); c[0].append(3); c
    ([1, 3], 2)
    """
    kind = type(value)
    return value if kind in _SHARED else _COPIERS[kind](value)


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


class Game:
    """A game with its fixed facts: players, options and components.

    Subclasses declare the class attributes below and implement
    :meth:`new_initial_state` and :meth:`parse_action`.

    Parameters
    ----------
    players : int, optional
        Number of seats; the game's default when omitted.
    variants : iterable of str
        Names of boolean variant options to switch on.
    data : path, optional
        A folder of component files laid out like ``data/<game>/``; the
        shipped reconstruction when omitted (or the folder of an enclosing
        :func:`~simlab.core.data.components_scope`).  ``game.component_set``
        names the set (folder and content hash).
    **options
        Any other option by name.

    Raises
    ------
    ConfigError
        Unknown option or variant, bad value, a player count the rulebook
        does not allow, or a ``data`` that is no component folder.
    """

    #: Registry name (``simlab.load_game(NAME)``).
    NAME: ClassVar[str] = ""
    #: Human title of the game.
    TITLE: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 2
    DEFAULT_PLAYERS: ClassVar[int] = 2
    #: Every option of the game, variants included.
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    def __init__(self, players: int | None = None, variants: Iterable[str] = (),
                 data: str | Path | None = None, **options: Any):
        #: The component set this game is played with (folder and content hash).
        self.component_set: ComponentSet = component_set(
            self.NAME, data if data is not None else scoped_folder(self.NAME))
        if players is None:
            players = self.DEFAULT_PLAYERS
        if isinstance(players, bool) or not isinstance(players, int):
            raise ConfigError(f"{self.NAME}: players must be a whole number, not {players!r}")
        if not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise ConfigError(
                f"{self.NAME} takes {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players, not {players}"
            )
        self.players = players
        known = {o.name: o for o in self.OPTIONS}
        values = {o.name: o.default for o in self.OPTIONS}
        for name in variants:
            opt = known.get(name)
            if opt is None or not opt.variant:
                names = ", ".join(o.name for o in self.OPTIONS if o.variant) or "none"
                raise ConfigError(f"{self.NAME} has no variant {name!r}; variants: {names}")
            values[name] = True
        for name, value in options.items():
            opt = known.get(name)
            if opt is None:
                names = ", ".join(known) or "none"
                raise ConfigError(f"{self.NAME} has no option {name!r}; options: {names}")
            values[name] = opt.convert(value)
        self.options: dict[str, Any] = values
        # The subclass loads its components next, from ``self.component_set``.

    # -- facts ---------------------------------------------------------------
    @property
    def params(self) -> dict[str, Any]:
        """Everything needed to rebuild this game: players and non-default options."""
        defaults = {o.name: o.default for o in self.OPTIONS}
        changed = {k: v for k, v in self.options.items() if defaults.get(k) != v}
        return {"players": self.players, "options": changed}

    def components(self) -> dict[str, str]:
        """A one-line summary of each kind of component, by kind (what ``simlab info`` lists).

        None by default; a game with components in a data folder lists them.
        """
        return {}

    def seat_names(self) -> list[str]:
        """Names of the seats, in seat order (``"Seat 0"`` ... by default)."""
        return [f"Seat {i}" for i in range(self.players)]

    def policy_names(self) -> list[str]:
        """Names of the policies this game offers: ``random``, the game's own, the search players.

        Read from the registry of players (:mod:`simlab.core.roster`): the roster
        in the game's package table and the families registered there.
        """
        return roster.policy_names(self)

    def make_policy(self, name: str, seat: int) -> Policy:
        """Build the policy ``name`` for ``seat`` (see :func:`simlab.core.roster.make_policy`).

        Raises
        ------
        ConfigError
            The game offers no policy ``name`` (the message lists those it offers).
        """
        return roster.make_policy(self, name, seat)

    def search_settings(self) -> SearchSettings | None:
        """The defaults of this game's search players ``mcts`` and ``mcts-N``.

        A game offers search players by naming, in its roster, a function
        that returns :class:`~simlab.core.search_settings.SearchSettings` (its
        budget, rollout policy, depth limit and ``evaluate``); a game class
        may override this method instead.  ``None``: the game has none.
        """
        return roster.search_settings(self)

    def renderer(self) -> Any | None:
        """How the notebook layer draws and explains a position; ``None``: the game has none.

        The renderer registered in the game's package table (its ``render``
        module, see :mod:`simlab.widgets.render`); a game class may override it.
        """
        return roster.renderer(self)

    def search_policy_names(self) -> list[str]:
        """The search players' names to list (``mcts``, ``mcts-100``), or none.

        ``mcts-N`` (N iterations) and ``mcts-Xs`` (X seconds) take any N, X.
        """
        return [name for family in roster.families() for name in family.names(self)]

    # -- to implement --------------------------------------------------------
    def new_initial_state(self) -> State:
        """The position before the first action (often a chance node)."""
        raise NotImplementedError

    def parse_action(self, text: str) -> Action:
        """Read an action back from its ``str`` form.

        Raises
        ------
        IllegalActionError
            ``text`` is not the text of any action of this game.
        """
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return (type(self) is type(other) and self.params == other.params  # type: ignore[attr-defined]
                and self.component_set.hash == other.component_set.hash)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self), self.players, tuple(sorted(self.options.items(), key=str)),
                     self.component_set.hash))

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self.params["options"].items())
        data = "" if self.component_set.is_shipped else f", data={str(self.component_set.folder)!r}"
        return f"simlab.load_game({self.NAME!r}, players={self.players}{opts}{data})"

    def __deepcopy__(self, memo: dict) -> Game:
        return self  # a game is immutable: clones share it


class GameFacts(Protocol):
    """What every :class:`Game` offers the helpers of its rules: its seats and options.

    A game whose state is put together from mixins declares what they read of
    their game in its ``fields`` module, as a protocol that extends this one:
    a protocol, so that the rules' helpers need not import the module of the
    Game (which imports them).

    Examples
    --------
    >>> import simlab
    >>> def first_seat_options(game: GameFacts) -> tuple[int, bool]:
    ...     return game.players, game.options["two_fewer_wilds"]
    >>> first_seat_options(simlab.load_game("bad_doctor", players=3))
    (3, False)
    """

    players: int
    options: dict[str, Any]


class State:
    """One position of a game, changed in place by :meth:`apply`.

    Subclasses implement :attr:`current_player`, :meth:`_legal_actions`,
    :meth:`_chance_outcomes`, :meth:`_apply`, :attr:`outcome`, and, where
    the game has hidden information, :meth:`_hide`, :meth:`resample_hidden`
    and :meth:`action_text_for` (with :attr:`Event.seen_by` on private events).  Cloning and
    equality are generic: every attribute of the instance takes part,
    except those named in ``_TRANSIENT`` (caches).
    """

    #: Attribute names left out of equality (caches that a clone may drop).
    _TRANSIENT: ClassVar[frozenset[str]] = frozenset()

    game: Game

    def __init__(self, game: Game) -> None:
        self.game = game

    # -- to implement --------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE`, or :data:`TERMINAL`."""
        raise NotImplementedError

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game runs; the :class:`Outcome` once it is over."""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Event]:
        """Apply a legal action; only called with a legal action."""
        raise NotImplementedError

    def _sample_chance(self, rng: Any) -> Action:
        """Draw one chance outcome here, as :func:`~simlab.core.chance.sample_chance` would.

        The play loop draws through it.  Default: ``sample_chance`` of
        :meth:`_chance_outcomes`.  A game may override it to draw without
        building every outcome (:func:`~simlab.core.chance.uniform_index`
        for equally likely ones), provided it draws exactly what the default
        draws from the same generator; the conformance suite checks it.
        """
        return sample_chance(self._chance_outcomes(), rng)  # type: ignore[no-any-return]

    def _hide(self, seat: int) -> None:
        """Mask, in this clone, what ``seat`` may not see (default: nothing)."""

    def action_text_for(self, action: Action, seat: int) -> str | None:
        """The text of ``action`` as ``seat`` sees it, asked before it is applied.

        Called on the state *before* ``action`` (a decision or a chance
        outcome) is applied.  Games with hidden information override it so
        that a seat's account of the game never shows what its
        :meth:`view` hides: a masked text ("draw a Stuff-marker"), or
        ``None`` when ``seat`` learns nothing from the action itself beyond
        who acted (what it causes is told by the events, see
        :attr:`Event.seen_by`).  The text must not depend on what ``seat``
        may not see (the conformance suite redraws it with
        :meth:`resample_hidden`).

        Parameters
        ----------
        action : Action
            An action legal here (a chance outcome at a chance node).
        seat : int
            The seat looking on.

        Returns
        -------
        str or None
            Default: ``str(action)``, for every seat (the action is public).

        Examples
        --------
        >>> from simlab.core.api import State
        >>> class Quiet(Action):
        ...     def __str__(self):
        ...         return "knock twice"
        >>> State(game=None).action_text_for(Quiet(), seat=1)
        'knock twice'
        """
        return str(action)

    def resample_hidden(self, seat: int, rng) -> Self:
        """A state that ``seat`` cannot tell from this one (hidden facts redrawn).

        Games with hidden information override it; the conformance suite
        checks that views do not change under it.  Default: a clone.
        """
        return self.clone()

    def _repr_png_(self) -> bytes | None:
        """The position as a picture (Jupyter): its game renderer's ``png``, if it has one.

        Examples
        --------
        >>> from simlab.core.api import State
        >>> class Plain(Game):
        ...     NAME = "plain"
        >>> State(Plain.__new__(Plain))._repr_png_() is None
        True
        """
        png = getattr(self.game.renderer(), "png", None)
        return None if png is None else png(self)  # type: ignore[no-any-return]

    # -- shared behaviour ----------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def legal_actions(self) -> list[Action]:
        """The decisions open to the current player (empty at chance and end)."""
        if self.current_player < 0:
            return []
        return self._legal_actions()

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every chance outcome with its exact probability (they sum to 1)."""
        if self.current_player != CHANCE:
            return []
        return self._chance_outcomes()

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now."""
        player = self.current_player
        if player == TERMINAL:
            return False
        if player == CHANCE:
            return any(a == action for a, _ in self._chance_outcomes())
        return action in self._legal_actions()

    def apply(self, action: Action | str, check: bool = True) -> list[Event]:
        """Apply a decision or a chance outcome; return what happened.

        Parameters
        ----------
        action : Action or str
            The action, or its text form (read with ``game.parse_action``).
        check : bool
            Check legality first (the play loop, which only picks legal
            actions, turns it off for speed).

        Raises
        ------
        IllegalActionError
            The action is not legal here; the state is left exactly as it was.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        if check and not self.is_legal(action):
            raise IllegalActionError(self._illegal_message(action))
        return self._apply(action)

    def _illegal_message(self, action: Action) -> str:
        player = self.current_player
        if player == TERMINAL:
            return f"illegal action {str(action)!r}: the game is over"
        who = "chance" if player == CHANCE else self.game.seat_names()[player]
        return f"illegal action {str(action)!r} for {who} in {self.game.NAME}: not legal here"

    def invalidate(self) -> None:
        """Drop the caches (the attributes named in ``_TRANSIENT``) after a change by hand.

        :meth:`apply` keeps them true; a position edited directly (a test
        that sets up a scenario) calls this before asking the state again.

        Examples
        --------
        >>> from simlab.core.api import State
        >>> class Cached(State):
        ...     _TRANSIENT = frozenset({"_legal"})
        >>> s = Cached(game=None); s._legal = ("stale",); s.invalidate(); s._legal is None
        True
        """
        for name in self._TRANSIENT:
            setattr(self, name, None)

    def view(self, seat: int) -> Self:
        """What ``seat`` may see: a clone with everything else hidden."""
        seen = self.clone()
        seen._hide(seat)
        return seen

    def clone(self) -> Self:
        """An independent copy, generic over every attribute (see :func:`plain_copy`).

        Examples
        --------
        >>> from simlab.core.api import State
        >>> s = State(game=None); s.hands = [["a"]]; s.score = (1, 2)
        >>> c = s.clone(); c.hands[0].append("b")
        >>> s.hands, c.score is s.score
        ([['a']], True)
        """
        other = object.__new__(type(self))
        shared, copiers = _SHARED, _COPIERS
        other.__dict__.update(
            {k: v if type(v) in shared else copiers[type(v)](v) for k, v in self.__dict__.items()})
        return other

    def _copied_fields(self, once: Iterable[str], per_seat: Iterable[str] = ()) -> dict[str, Any]:
        """The attributes a game's hand-written :meth:`clone` starts from.

        Every attribute is shared, but each field named in ``once`` (a list, dict
        or set of immutable values) is copied, and each field in ``per_seat`` (a
        list of such containers, one a seat) is copied with its containers.  The
        game's clone copies what is deeper itself, then calls :meth:`_finish_clone`.

        Examples
        --------
        >>> from simlab.core.api import State
        >>> s = State(game=None); s.deck = ["a"]; s.hands = [["b"], []]; s.score = (1, 2)
        >>> d = s._copied_fields(("deck",), ("hands",))
        >>> d["deck"].append("x"); d["hands"][0].append("y")
        >>> s.deck, s.hands, d["score"] is s.score
        (['a'], [['b'], []], True)
        """
        d = self.__dict__.copy()
        for name in once:
            d[name] = d[name].copy()
        for name in per_seat:
            d[name] = [inner.copy() for inner in d[name]]
        return d

    def _finish_clone(self, attributes: dict[str, Any], written: frozenset[str]) -> Self:
        """The copy a game's hand-written :meth:`clone` builds from copied ``attributes``.

        ``written`` names the fields the game's clone copies itself; any other attribute
        (a field set by other code) is copied here by :func:`plain_copy`.

        Examples
        --------
        >>> from simlab.core.api import State
        >>> s = State(game=None); s.hands = [["a"]]; s.notes = ["x"]
        >>> d = dict(vars(s), hands=[h.copy() for h in s.hands])
        >>> c = s._finish_clone(d, frozenset({"game", "hands"}))
        >>> c.hands[0].append("b"); c.notes.append("y")
        >>> s.hands, s.notes, type(c) is State
        ([['a']], ['x'], True)
        """
        if attributes.keys() != written:
            for name in attributes.keys() - written:
                attributes[name] = plain_copy(attributes[name])
        other = object.__new__(type(self))
        other.__dict__ = attributes
        return other

    def __eq__(self, other: object) -> bool:
        if type(self) is not type(other):
            return NotImplemented
        mine = {k: v for k, v in vars(self).items() if k not in self._TRANSIENT}
        theirs = {k: v for k, v in vars(other).items() if k not in self._TRANSIENT}
        return mine == theirs

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __str__(self) -> str:
        return f"<{self.game.NAME} state, player {self.current_player}>"


class LegalCache(State):
    """A :class:`State` whose legal actions are built once per position.

    A subclass builds them in :meth:`_build_legal`; :meth:`_legal_actions` keeps
    them in ``_legal`` and hands out a fresh list of them each time.  Whatever
    changes the position (the subclass's ``_apply``, and ``_hide`` where a view
    sees less) sets ``_legal`` back to ``None``; so may code that already built
    them (a state that looks ahead to its next decision).  ``_legal`` is a cache:
    equality leaves it out (``_TRANSIENT``) and :meth:`State.invalidate` drops it.

    Examples
    --------
    >>> class Countdown(LegalCache):
    ...     builds = 0
    ...     def _build_legal(self):
    ...         Countdown.builds += 1
    ...         return ["one", "two"]
    >>> s = Countdown(game=None); s._legal = None
    >>> s._legal_actions(), s._legal_actions(), Countdown.builds
    (['one', 'two'], ['one', 'two'], 1)
    """

    _TRANSIENT: ClassVar[frozenset[str]] = frozenset({"_legal"})
    #: The legal actions of this position once built, or ``None``.
    _legal: tuple[Action, ...] | None

    def _legal_actions(self) -> list[Action]:
        """The decisions open here, built once per position (no rebuild when nothing changed)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._build_legal())
        return list(legal)

    def _build_legal(self) -> list[Action]:
        """The decisions open here, built anew."""
        raise NotImplementedError
