"""A game being stepped through: the model behind :class:`~simlab.widgets.TurnStepper`.

:class:`StepSession` holds no widgets and no rules.  It drives a game
through the public API only (``current_player``, ``legal_actions``,
``chance_outcomes``, ``apply``, ``action_text_for``, ``view``, ``outcome``)
with the same random streams as :func:`simlab.play`: the root
``SeedSequence(seed)`` is spawned into ``1 + players`` children, the first
drives chance and the others drive each seat's policy.  So without a human
seat a session reaches exactly the game ``simlab.play(game, policies, seed)``
records.

Going back (or jumping to an earlier move) rebuilds the earlier state by
replaying the stored actions (no random numbers) and puts the random streams
back where they were.  The undone actions are kept as the *redo* line:
stepping on follows it, human decisions included, so a jump back and forth
through a game changes nothing, until a different decision, a change of
policy or a reset drops it.

Two optional callables note facts for the widgets without holding any:
``before(state, action)`` is asked before every action is applied (the
board place it points at, for example) and ``after(state)`` after it (the
scores); their answers are in :attr:`StepSession.before_notes` and
:attr:`StepSession.after_notes` (the latter starts with the initial state's).

Examples
--------
>>> import simlab
>>> game = simlab.load_game("broom_service", players=2)
>>> session = StepSession(game, seed=3)
>>> session.step() and session.step()
True
>>> session.moves
2
>>> session.back()
True
>>> session.moves
1
>>> while session.step():
...     pass
>>> session.record().actions == simlab.play(game, seed=3).actions
True
>>> session.goto(5)
True
>>> session.moves, len(session.redo) > 0
(5, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from simlab.core.api import CHANCE, TERMINAL, Action, Event, Game, State
from simlab.core.errors import ConfigError, DataError, IllegalActionError, SimlabError
from simlab.core.play import sample_chance, seed_int
from simlab.core.record import GameRecord, record_components
from simlab.core.registry import load_game

__all__ = ["HUMAN", "StepSession", "is_policy"]

#: Policy name of a seat whose decisions are taken by the person at the screen.
HUMAN = "human"


def is_policy(game: Game, name: str) -> bool:
    """Whether ``name`` can play a seat of ``game``: listed, ``human``, or built by the game.

    A game builds more policies than it lists: ``mcts-N`` for any N, and
    families such as Broom Service's ``brave-P``.

    Examples
    --------
    >>> import simlab
    >>> game = simlab.load_game("bad_doctor", players=2)
    >>> is_policy(game, "mcts-37"), is_policy(game, "human"), is_policy(game, "genius")
    (True, True, False)
    """
    if name == HUMAN or name in game.policy_names():
        return True
    try:
        game.make_policy(name, 0)
    except SimlabError:
        return False
    return True
#: Guard for :meth:`StepSession.turn` and :meth:`StepSession.run_to_end`.
MAX_STEPS = 100_000


class StepSession:
    """One game stepped action by action, with history, going back, save and load.

    Parameters
    ----------
    game : Game or str
        A game, or a registered name (loaded with ``players``).
    policies : sequence of str, str or None
        One policy name per seat (``game.policy_names()`` or ``"human"``), one
        name for all seats, or ``None`` for random play everywhere.
    seed : int
        Drives chance and the policies as in :func:`simlab.play`.
    players : int, optional
        Seats, when ``game`` is a name.
    before : callable, optional
        ``before(state, action)``, asked before each action is applied.
    after : callable, optional
        ``after(state)``, asked at the start and after each action.
    """

    def __init__(
        self,
        game: Game | str,
        policies: Sequence[str] | str | None = None,
        seed: int = 0,
        players: int | None = None,
        before: Callable[[State, Action], Any] | None = None,
        after: Callable[[State], Any] | None = None,
    ) -> None:
        self.game: Game = load_game(game, players=players) if isinstance(game, str) else game
        self._before = before
        self._after = after
        self.policy_names: list[str] = self._check_policies(policies)
        self._policies: list[Any] = [self._make_policy(n, s)
                                     for s, n in enumerate(self.policy_names)]
        self.reset(seed)

    # -- set-up ---------------------------------------------------------------------------
    def _check_policies(self, policies: Sequence[str] | str | None) -> list[str]:
        n = self.game.players
        if policies is None:
            names = ["random"] * n
        elif isinstance(policies, str):
            names = [policies] * n
        else:
            names = [str(p) for p in policies]
        if len(names) != n:
            raise ConfigError(f"{self.game.NAME} with {n} players needs {n} policies, "
                              f"not {len(names)}")
        for name in names:
            if not is_policy(self.game, name):
                known = [*self.game.policy_names(), HUMAN]
                raise ConfigError(f"{self.game.NAME} has no policy {name!r}; "
                                  f"policies: {', '.join(known)}")
        return names

    def _make_policy(self, name: str, seat: int) -> Any:
        return None if name == HUMAN else self.game.make_policy(name, seat)

    def set_policy(self, seat: int, name: str) -> None:
        """Let ``name`` decide for ``seat`` from now on (the game goes on)."""
        self.policy_names[seat] = self._check_policies(
            [*self.policy_names[:seat], name, *self.policy_names[seat + 1:]])[seat]
        self._policies[seat] = self._make_policy(name, seat)
        self.redo.clear()  # the undone line was played by the old policy

    def reset(self, seed: int | None = None, policies: Sequence[str] | None = None) -> None:
        """Start again from the initial state (with a new seed or policies if given)."""
        if policies is not None:
            self.policy_names = self._check_policies(policies)
            self._policies = [self._make_policy(n, s) for s, n in enumerate(self.policy_names)]
        if seed is not None:
            self.seed = seed_int(seed)
        root = np.random.SeedSequence(self.seed)
        self._rngs = [np.random.default_rng(s) for s in root.spawn(1 + self.game.players)]
        self.state: State = self.game.new_initial_state()
        self.actions: list[Action] = []
        self.actors: list[int] = []
        #: What each action caused, in order.
        self.events: list[list[Event]] = []
        #: What each seat saw of each action: ``action_texts[i][seat]``, the text of
        #: ``State.action_text_for`` asked before action ``i`` was applied (``None``: nothing).
        self.action_texts: list[tuple[str | None, ...]] = []
        #: Answers of ``before`` for each action, and of ``after`` from the start on.
        self.before_notes: list[Any] = []
        self.after_notes: list[Any] = [self._note_after()]
        #: Undone actions (by Back or a jump), next first: Step follows them.
        self.redo: list[tuple[int, Action]] = []
        self._snapshots: list[list[Mapping[str, Any]]] = [self._rng_states()]

    def _note_after(self) -> Any:
        return None if self._after is None else self._after(self.state)

    def _rng_states(self) -> list[Mapping[str, Any]]:
        return [rng.bit_generator.state for rng in self._rngs]

    def _restore_rngs(self, states: list[Mapping[str, Any]]) -> None:
        for rng, st in zip(self._rngs, states, strict=True):
            rng.bit_generator.state = st

    # -- facts ----------------------------------------------------------------------------
    @property
    def moves(self) -> int:
        """Actions applied so far (chance included)."""
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.state.current_player == TERMINAL

    @property
    def waiting_for(self) -> int | None:
        """The human seat whose decision is awaited, or ``None``."""
        player = self.state.current_player
        if player >= 0 and self.policy_names[player] == HUMAN:
            return player
        return None

    def legal_actions(self) -> list[Action]:
        """The decisions open to the seat to act (what a human seat chooses from)."""
        return self.state.legal_actions()

    @property
    def last_action(self) -> Action | None:
        """The action applied last, if any."""
        return self.actions[-1] if self.actions else None

    # -- moving ---------------------------------------------------------------------------
    def _choose(self) -> Action:
        """The next action as the play loop would draw it (consumes the same numbers)."""
        player = self.state.current_player
        if player == CHANCE:
            return sample_chance(self.state.chance_outcomes(), self._rngs[0])
        policy = self._policies[player]
        view = self.state.view(player) if getattr(policy, "uses_view", True) else None
        return policy.act(view, self.state.legal_actions(), self._rngs[1 + player])

    def _push(self, action: Action, check: bool) -> list[Event]:
        actor = self.state.current_player
        if check and not self.state.is_legal(action):  # as apply would, before asking texts
            return self.state.apply(action)  # raises IllegalActionError
        texts = tuple(self.state.action_text_for(action, seat)
                      for seat in range(self.game.players))
        note = None if self._before is None else self._before(self.state, action)
        events = self.state.apply(action, check=False)
        self.actions.append(action)
        self.actors.append(actor)
        self.events.append(list(events))
        self.action_texts.append(texts)
        self.before_notes.append(note)
        self.after_notes.append(self._note_after())
        self._snapshots.append(self._rng_states())
        return events

    def step(self) -> bool:
        """Apply one action; ``False`` at the end or at a human seat.

        The action is the next one of the redo line if there is one (a human
        seat's earlier decision too), else chance's or the seat's policy's.
        """
        if self.is_over:
            return False
        if self.redo and self.redo[0][0] == self.state.current_player:
            actor, action = self.redo.pop(0)
            if actor == CHANCE or self.policy_names[actor] != HUMAN:
                chosen = self._choose()  # the streams move on as in live play
                if chosen != action:  # pragma: no cover - the same streams, the same choice
                    self.redo = []
                    action = chosen
            self._push(action, check=False)
            return True
        self.redo = []
        if self.waiting_for is not None:
            return False
        self._push(self._choose(), check=False)
        return True

    def turn(self) -> int:
        """Step until another seat is to decide, a human must decide, or the game ends.

        Returns the number of actions applied.
        """
        start = self.state.current_player
        done = 0
        while done < MAX_STEPS and self.step():
            done += 1
            player = self.state.current_player
            if player >= 0 and player != start:
                break
        return done

    def run_to_end(self) -> int:
        """Step until the game ends or a human must decide; the number of actions applied."""
        done = 0
        while done < MAX_STEPS and self.step():
            done += 1
        return done

    def apply_human(self, action: Action | str) -> list[Event]:
        """Apply the awaited human decision (an action or its text).

        Raises
        ------
        IllegalActionError
            No human seat is to act, or the action is not legal; nothing changes.
        """
        seat = self.waiting_for
        if seat is None:
            raise IllegalActionError(f"no human seat is to act in {self.game.NAME} now")
        if isinstance(action, str):  # as State.apply reads it, so self.actions holds Actions
            action = self.state.game.parse_action(action)
        events = self._push(action, check=True)
        if self.redo and self.redo[0] == (seat, action):
            self.redo.pop(0)  # the same decision as before: the line goes on
        else:
            self.redo = []
        return events

    def back(self) -> bool:
        """Undo the last action: replay the stored ones without it (no random numbers)."""
        if not self.actions:
            return False
        return self.goto(self.moves - 1)

    def goto(self, move: int) -> bool:
        """Show the game after ``move`` actions: back by replay, or on along the redo line.

        Returns ``False`` if ``move`` is out of reach (below 0, or past the
        redo line); nothing changes then.
        """
        if move < 0 or move > self.moves + len(self.redo):
            return False
        if move > self.moves:
            while self.moves < move and self.step():
                pass
            return True
        if move == self.moves:
            return True
        undone = list(zip(self.actors[move:], self.actions[move:], strict=True))
        self.redo = undone + self.redo
        for history in (self.actions, self.actors, self.events, self.action_texts,
                        self.before_notes):
            del history[move:]
        del self.after_notes[move + 1:]
        del self._snapshots[move + 1:]
        state = self.game.new_initial_state()
        for action in self.actions:  # legal when first applied: the same again
            state.apply(action, check=False)
        self.state = state
        self._restore_rngs(self._snapshots[-1])
        return True

    # -- records --------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a :class:`~simlab.GameRecord` (policies by name)."""
        components, data = record_components(self.game)
        return GameRecord(
            game=self.game.NAME,
            players=self.game.players,
            options=dict(self.game.params["options"]),
            policies=list(self.policy_names),
            seed=self.seed,
            actions=[str(a) for a in self.actions],
            actors=list(self.actors),
            outcome=self.state.outcome,
            components=components,
            data=data,
        )

    def save(self, path: str | Path) -> Path:
        """Write the game so far as a record JSON file."""
        self.record().save(path)
        return Path(path)

    def load(self, path: str | Path) -> None:
        """Continue from a saved record (any GameRecord JSON of this game's name).

        The record's game, seed and policies are taken over (unknown policy
        names become ``random``); the random streams are brought to where
        the record's own play left them, so stepping on continues as
        ``simlab.play`` would have.

        Raises
        ------
        DataError
            Unreadable file, not a record, or an action that does not apply.
        """
        record = GameRecord.load(path)
        self.load_record(record, source=str(path))

    def load_record(self, record: GameRecord, source: str = "record") -> None:
        """Like :meth:`load`, from a :class:`~simlab.GameRecord` in memory.

        The record is replayed on this session's component set; one made with
        other components is refused (:class:`~simlab.DataError`).
        """
        made = self.game.component_set
        game = record.new_game(None if made.is_shipped else made.folder, source)
        names = [p if is_policy(game, p) else "random" for p in record.policies]
        if len(names) != game.players:
            names = ["random"] * game.players
        fresh = StepSession(game, names, seed=record.seed if record.seed is not None else 0,
                            before=self._before, after=self._after)
        fresh._follow(record, source)
        self.__dict__.update(fresh.__dict__)  # only once the whole record applied

    def _follow(self, record: GameRecord, source: str) -> None:
        for i, (actor, text) in enumerate(zip(record.actors, record.actions, strict=True), 1):
            where = f"actions[{i - 1}]"
            if self.state.current_player != actor:
                raise DataError(f"action {i} {text!r} is by {actor}, but "
                                f"{self.state.current_player} is to act", file=source, key=where)
            if actor == CHANCE or self.policy_names[actor] != HUMAN:
                self._choose()  # advance the streams exactly as live play did
            try:
                self._push(self.game.parse_action(text), check=True)
            except SimlabError as err:
                raise DataError(f"action {i}: {err}", file=source, key=where) from None
