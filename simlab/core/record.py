"""Game records: plain JSON of a whole game, played to one and replayed without any RNG.

A record holds the game, its options, the seats and their policies, the
seed, and every applied action in text form, chance outcomes included.
Replay parses and applies them in turn, so it needs no random numbers and
survives any change of random number generator.  A record is never a
pickle: a record from anyone is safe to open.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from simlab.core.api import CHANCE, TERMINAL, Action, Event, Game, Outcome, State
from simlab.core.data import component_set
from simlab.core.errors import DataError, SimlabError
from simlab.core.play import MAX_ACTIONS, make_policies, run, seed_int

__all__ = [
    "GameRecord",
    "Step",
    "actor_name",
    "check_components",
    "play",
    "record_components",
    "replay",
    "replay_steps",
]

FORMAT = "simlab-record/1"


@dataclass
class GameRecord:
    """A whole game as data.

    Attributes
    ----------
    game : str
        Registered game name.
    players : int
        Number of seats.
    options : dict
        Non-default game options.
    policies : list of str
        Policy name per seat.
    seed : int or None
        The seed the game was played with.
    actions : list of str
        Every applied action, chance included, in text form.
    actors : list of int
        Who applied each action (seat, or ``CHANCE``).
    outcome : Outcome or None
        How it ended (None if stopped early).
    components : str or None
        Content hash of the component files played with
        (:func:`simlab.core.data.content_hash`); ``None`` for the shipped
        set (the key is then left out of the JSON).
    data : str or None
        The component folder played with (``None``: the shipped set); a
        hint for the reader, the hash is what is checked.
    """

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    policies: list[str] = field(default_factory=list)
    seed: int | None = None
    actions: list[str] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)
    outcome: Outcome | None = None
    components: str | None = None
    data: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form."""
        return {
            "format": FORMAT,
            "game": self.game,
            "players": self.players,
            "options": dict(self.options),
            "policies": list(self.policies),
            "seed": self.seed,
            "actions": [[a, t] for a, t in zip(self.actors, self.actions, strict=True)],
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
            **({} if self.components is None else {"components": self.components}),
            **({} if self.data is None else {"data": self.data}),
        }

    def to_json(self, indent: int | None = 1) -> str:
        """JSON text (one action per line with the default indent)."""
        if indent is None:
            return json.dumps(self.to_dict())
        data = self.to_dict()
        actions = data.pop("actions")
        head = json.dumps(data, indent=indent)[:-2]
        lines = ",\n  ".join(json.dumps(a) for a in actions)
        return f'{head},\n "actions": [\n  {lines}\n ]\n}}'

    @classmethod
    def from_dict(cls, data: Any, source: str = "record") -> GameRecord:
        """Read a record from its dict form, checking every key.

        Raises
        ------
        DataError
            A key is missing or holds the wrong kind of value.
        """
        if not isinstance(data, dict):
            raise DataError("a game record is a JSON object", file=source)
        if data.get("format", FORMAT) != FORMAT:
            raise DataError(f"unknown format {data.get('format')!r}", file=source, key="format")
        try:
            game = data["game"]
            players = data["players"]
        except KeyError as missing:
            raise DataError("missing key", file=source, key=missing.args[0]) from None
        if not isinstance(game, str):
            raise DataError("expected a game name", file=source, key="game")
        if not isinstance(players, int):
            raise DataError("expected a whole number", file=source, key="players")
        pairs = data.get("actions", [])
        if not isinstance(pairs, list) or not all(
            isinstance(p, list) and len(p) == 2 and isinstance(p[0], int) and isinstance(p[1], str)
            for p in pairs
        ):
            raise DataError("expected a list of [actor, action text] pairs", file=source,
                            key="actions")
        outcome = data.get("outcome")
        try:
            parsed = None if outcome is None else Outcome.from_dict(outcome)
        except (KeyError, TypeError, ValueError):
            raise DataError("expected winners, scores and reason", file=source,
                            key="outcome") from None
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise DataError("expected an object", file=source, key="options")
        for key in ("components", "data"):
            if not isinstance(data.get(key, ""), str):
                raise DataError("expected text", file=source, key=key)
        return cls(
            game=game,
            players=players,
            options=options,
            policies=[str(p) for p in data.get("policies", [])],
            seed=data.get("seed"),
            actions=[p[1] for p in pairs],
            actors=[p[0] for p in pairs],
            outcome=parsed,
            components=data.get("components"),
            data=data.get("data"),
        )

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> GameRecord:
        """Read a record from JSON text.

        Raises
        ------
        DataError
            Not JSON (with the line), or not a record.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise DataError(f"not JSON: {err.msg}", file=source, line=err.lineno) from None
        return cls.from_dict(data, source=source)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        """Read a record file.

        Raises
        ------
        DataError
            The file is missing, unreadable, or not a record.
        """
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise DataError(f"cannot read: {err.strerror}", file=str(path)) from None
        return cls.from_json(text, source=str(path))

    def new_game(self, data: str | Path | None = None, source: str = "record"):
        """The Game this record was played in, on the components in ``data``.

        Parameters
        ----------
        data : path, optional
            The component folder to replay against; the shipped set when
            omitted.  It must hold the components the record was made with.

        Raises
        ------
        DataError
            The record was made with other components (another content hash).
        """
        from simlab.core.registry import load_game

        game = load_game(self.game, players=self.players, data=data, **self.options)
        check_components(self, game, source)
        return game


@dataclass
class Step:
    """One step of a replay: the state after ``index`` actions."""

    index: int
    state: State
    action: str | None
    actor: int | None
    events: list[Event]


def record_components(game: Game) -> tuple[str | None, str | None]:
    """What a record of ``game`` says of its components: ``(hash, folder)``.

    ``(None, None)`` for the shipped set (nothing is stored then).
    """
    made = game.component_set
    if made.hash == component_set(game.NAME).hash:
        return None, None
    return made.hash, str(made.folder)


def check_components(record: GameRecord, game: Game, source: str = "record") -> None:
    """Refuse, in one line, a game whose components are not those of ``record``.

    Raises
    ------
    DataError
        The content hashes differ (a record without one was made with the
        shipped set).
    """
    have = game.component_set
    made_with = record.components or component_set(game.NAME).hash  # none: the shipped set
    if made_with == have.hash:
        return
    made = f"the components in {record.data}" if record.data else "the shipped components"
    raise DataError(
        f"{record.game} record made with {made} (hash {made_with}) cannot replay "
        f"against {have.label} (hash {have.hash}); pass the folder it was made with "
        "(--data DIR)", file=source, key="components")


def replay_steps(record: GameRecord, source: str = "record",
                 data: str | Path | None = None) -> Iterator[Step]:
    """Yield the initial state and the state after every action.

    The yielded states are the live state (clone one to keep it).

    Parameters
    ----------
    data : path, optional
        The component folder to replay against (see :meth:`GameRecord.new_game`).

    Raises
    ------
    DataError
        An action of the record is unknown, illegal, or by the wrong actor;
        or the record was made with other components.
    """
    game = record.new_game(data, source)
    state = game.new_initial_state()
    yield Step(0, state, None, None, [])
    for i, (actor, text) in enumerate(zip(record.actors, record.actions, strict=True), 1):
        where = f"actions[{i - 1}]"
        if state.current_player != actor:
            raise DataError(
                f"{record.game} record, action {i} {text!r}: the record says "
                f"{actor_name(game, actor)} acts, but {actor_name(game, state.current_player)} "
                "is to act",
                file=source, key=where,
            )
        try:
            action = game.parse_action(text)
        except SimlabError as err:
            raise DataError(f"{record.game} record, action {i}: {err}{_other_game(record, text)}",
                            file=source, key=where) from None
        try:
            events = state.apply(action)
        except SimlabError as err:
            raise DataError(f"{record.game} record, action {i}: {err}", file=source,
                            key=where) from None
        yield Step(i, state, text, actor, events)


def actor_name(game: Game, actor: int) -> str:
    """Who ``actor`` is, in words: a seat's name, ``chance`` or ``nobody (game over)``.

    Examples
    --------
    >>> from simlab.core.registry import load_game
    >>> game = load_game("bedpans")
    >>> actor_name(game, CHANCE), actor_name(game, TERMINAL), actor_name(game, 99)
    ('chance', 'nobody (the game is over)', 'seat 99')
    """
    if actor == CHANCE:
        return "chance"
    if actor == TERMINAL:
        return "nobody (the game is over)"
    names = game.seat_names()
    return names[actor] if 0 <= actor < len(names) else f"seat {actor}"


def _other_game(record: GameRecord, text: str) -> str:
    """`` (it reads as a broom_service action ...)`` when another game knows ``text``."""
    from simlab.core.registry import canonical_name, game_class, game_names

    readers = []
    for name in game_names():
        if name == canonical_name(record.game):
            continue
        try:
            game_class(name)().parse_action(text)
        except Exception:  # any failure means: not this game's action
            continue
        readers.append(name)
    if len(readers) != 1:
        return ""
    return f" (it reads as a {readers[0]} action: is this a {readers[0]} record?)"


def play(
    game: Game,
    policies: Sequence[Any] | Any | None = None,
    seed: int | np.random.Generator | None = 0,
    max_actions: int = MAX_ACTIONS,
) -> GameRecord:
    """Play one game and return its :class:`GameRecord`.

    Parameters
    ----------
    game : Game
        From :func:`simlab.load_game`.
    policies : list, str, Policy or None
        One entry per seat: a registered policy name or a Policy object;
        a single entry for all seats; ``None`` for uniformly random play.
    seed : int, Generator or None
        Drives chance and the policies; the int used is stored in the record.

    Examples
    --------
    >>> import simlab
    >>> record = play(simlab.load_game("broom_service", players=3), seed=7)
    >>> record.seed, record.policies, replay(record).outcome == record.outcome
    (7, ['random', 'random', 'random'], True)
    """
    seed = seed_int(seed)
    seats = make_policies(game, policies)
    record = GameRecord(
        game=game.NAME,
        players=game.players,
        options=dict(game.params["options"]),
        policies=[getattr(p, "name", type(p).__name__) for p in seats],
        seed=seed,
    )
    record.components, record.data = record_components(game)

    def keep(state: State, actor: int, action: Action, events: list[Event]) -> None:
        record.actors.append(actor)
        record.actions.append(str(action))

    final = run(game, seats, seed, on_action=keep, max_actions=max_actions)
    record.outcome = final.outcome
    return record


def replay(record: GameRecord, source: str = "record",
           data: str | Path | None = None) -> State:
    """Rebuild every state of ``record``; return the final one.

    Parameters
    ----------
    data : path, optional
        The component folder the record was made with; the shipped set when
        omitted.  A record made with other components refuses to replay.

    Raises
    ------
    DataError
        An action does not apply, the outcome differs from the stored one,
        or the components are not those of the record.
    """
    final = None
    for step in replay_steps(record, source=source, data=data):
        final = step.state
    if final is None:  # pragma: no cover - replay_steps always yields the initial state
        raise DataError("the record rebuilds no state", file=source)
    if record.outcome is not None and final.outcome != record.outcome:
        raise DataError(
            f"replay ends with {final.outcome}, but the record says {record.outcome}",
            file=source, key="outcome",
        )
    return final
