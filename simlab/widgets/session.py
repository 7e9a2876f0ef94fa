"""A game being stepped through: the model behind :class:`~simlab.widgets.TurnStepper`.

:class:`StepSession` holds no widgets and no rules.  It drives a game
through the public API only (``current_player``, ``legal_actions``,
``chance_outcomes``, ``apply``, ``action_text_for``, ``view``, ``outcome``)
with the same random streams as :func:`simlab.play`: the root
``SeedSequence(seed)`` is spawned into ``1 + players`` children, the first
drives chance and the others drive each seat's policy.  So without a human
seat a session reaches exactly the game ``simlab.play(game, policies, seed)``
records.

Going back rebuilds the earlier state by replaying the stored actions
(:func:`simlab.core.record.replay_steps`, no random numbers) and puts the
random streams back where they were, so stepping on after going back plays
the same future again, unless a policy or a human decides otherwise.

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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from simlab.core.api import CHANCE, TERMINAL, Action, Event, Game, State
from simlab.core.errors import ConfigError, DataError, IllegalActionError, SimlabError
from simlab.core.play import sample_chance, seed_int
from simlab.core.record import GameRecord, replay_steps
from simlab.core.registry import load_game

__all__ = ["HUMAN", "StepSession"]

#: Policy name of a seat whose decisions are taken by the person at the screen.
HUMAN = "human"
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
    """

    def __init__(
        self,
        game: Game | str,
        policies: Sequence[str] | str | None = None,
        seed: int = 0,
        players: int | None = None,
    ) -> None:
        self.game: Game = load_game(game, players=players) if isinstance(game, str) else game
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
        known = [*self.game.policy_names(), HUMAN]
        for name in names:
            if name not in known:
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
        self._snapshots: list[list[Mapping[str, Any]]] = [self._rng_states()]

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
        events = self.state.apply(action, check=False)
        self.actions.append(action)
        self.actors.append(actor)
        self.events.append(list(events))
        self.action_texts.append(texts)
        self._snapshots.append(self._rng_states())
        return events

    def step(self) -> bool:
        """Apply one action (chance or a policy's); ``False`` at the end or at a human seat."""
        if self.is_over or self.waiting_for is not None:
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
        return self._push(action, check=True)

    def back(self) -> bool:
        """Undo the last action: replay the stored ones without it (no random numbers)."""
        if not self.actions:
            return False
        self.actions.pop()
        self.actors.pop()
        self.events.pop()
        self.action_texts.pop()
        self._snapshots.pop()
        state = None
        for step in replay_steps(self.record(), source="stepper history"):
            state = step.state
        assert state is not None
        self.state = state
        self._restore_rngs(self._snapshots[-1])
        return True

    # -- records --------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a :class:`~simlab.GameRecord` (policies by name)."""
        return GameRecord(
            game=self.game.NAME,
            players=self.game.players,
            options=dict(self.game.params["options"]),
            policies=list(self.policy_names),
            seed=self.seed,
            actions=[str(a) for a in self.actions],
            actors=list(self.actors),
            outcome=self.state.outcome,
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
        """Like :meth:`load`, from a :class:`~simlab.GameRecord` in memory."""
        game = record.new_game()
        known = [*game.policy_names(), HUMAN]
        names = [p if p in known else "random" for p in record.policies]
        if len(names) != game.players:
            names = ["random"] * game.players
        fresh = StepSession(game, names, seed=record.seed if record.seed is not None else 0)
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
