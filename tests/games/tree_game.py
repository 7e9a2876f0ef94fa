"""Tiny games given by their trees, whose best moves are known by hand (for search tests).

A tree is nested tuples: ``("end", winners)``; ``("decide", seat, {label:
subtree})``; ``("chance", {label: (probability, subtree)}, hidden_from)``
where ``hidden_from`` is the set of seats that do not see the outcome.  The
branches of a hidden chance node have the same shape (the same seats decide,
with the same labels), so a seat's view always knows whose turn it is.

The trees (option ``tree``):

- ``trust``: seat 0 trusts seat 1 (who then picks the winner, and picks
  itself) or gambles on a 2/5 chance.  Best: gamble (2/5 against 0).
- ``odds``: seat 0 takes a 11/20 or a 9/20 chance.  Best: 11/20.
- ``kingmaker`` (3 seats): ``left`` lets seat 1 choose between seat 0 and
  itself; ``right`` lets seat 2 choose between seat 1 and sharing the win
  with seat 0.  Under max^n seat 0 expects 0 from ``left`` and 1/2 from
  ``right``; a search that let seat 0's reward rule every node would
  choose ``left``.
- ``box``: a prize lies in box 0, 1 or 2 with chance 1/2, 1/3, 1/6, unseen
  by seat 0, who opens one box and wins if the prize is there.  Best: box 0.
- ``again``: seat 0 takes a fair coin (``a``) or loses (``b``); after the
  coin it decides again, and wins by calling it (``c`` on heads, ``d`` on
  tails).  ``blind``: the same with the coin unseen, so that seat 0 cannot
  tell its two second decisions apart.
- ``ace``: seat 1 is dealt an ace (1/4) or a low card (3/4), unseen by seat
  0.  Seat 0 attacks or waits (a fair coin decides).  After an attack, seat
  1 may counter (and win) only with the ace; otherwise it yields.  Best:
  attack (3/4 against 1/2); the counter is available in a quarter of the
  determinizations.
- ``three``: seat 0 wins, shares the win or loses, at once (rewards 1, 1/2,
  0): a search on it has no chance left but the order it first tries the
  three picks in, so its counts can be worked out exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction as F
from typing import Any, ClassVar

from simlab.core.action_text import ActionPatterns
from simlab.core.api import CHANCE, Action, Event, Option
from tests.helpers.toy_games import ToyGame, ToyState

HIDDEN = "?"


def _end(*winners: int) -> tuple:
    return ("end", winners)


def _box(prize: str) -> tuple:
    return ("decide", 0, {b: _end(0) if b == prize else _end(1) for b in "012"})


def _after_deal(card: str) -> tuple:
    counter = {"counter": _end(1)} if card == "ace" else {}
    return ("decide", 0, {
        "attack": ("decide", 1, {**counter, "yield": _end(0)}),
        "wait": ("chance", {"heads": (F(1, 2), _end(0)), "tails": (F(1, 2), _end(1))}, ()),
    })


def _coin(hidden_from: tuple[int, ...], good: str, bad: str) -> tuple:
    heads = ("decide", 0, {good: _end(0), bad: _end(1)})
    tails = ("decide", 0, {good: _end(1), bad: _end(0)})
    return ("chance", {"heads": (F(1, 2), heads), "tails": (F(1, 2), tails)}, hidden_from)


TREES: dict[str, tuple[int, tuple]] = {
    "trust": (2, ("decide", 0, {
        "trust": ("decide", 1, {"share": _end(0), "take": _end(1)}),
        "gamble": ("chance", {"hit": (F(2, 5), _end(0)), "miss": (F(3, 5), _end(1))}, ()),
    })),
    "odds": (2, ("decide", 0, {
        "safe": ("chance", {"win": (F(11, 20), _end(0)), "lose": (F(9, 20), _end(1))}, ()),
        "risky": ("chance", {"win": (F(9, 20), _end(0)), "lose": (F(11, 20), _end(1))}, ()),
    })),
    "kingmaker": (3, ("decide", 0, {
        "left": ("decide", 1, {"p": _end(0), "q": _end(1)}),
        "right": ("decide", 2, {"p": _end(1), "q": _end(0, 2)}),
    })),
    "box": (2, ("chance", {b: (p, _box(b)) for b, p in
                           (("0", F(1, 2)), ("1", F(1, 3)), ("2", F(1, 6)))}, (0,))),
    "again": (2, ("decide", 0, {"a": _coin((), "c", "d"), "b": _end(1)})),
    "blind": (2, ("decide", 0, {"a": _coin((0,), "c", "d"), "b": _end(1)})),
    "three": (2, ("decide", 0, {"win": _end(0), "share": _end(0, 1), "lose": _end(1)})),
    "ace": (2, ("chance", {"ace": (F(1, 4), _after_deal("ace")),
                           "low": (F(3, 4), _after_deal("low"))}, (0,))),
}


@dataclass(frozen=True, slots=True)
class Step(Action):
    """A step down a branch of the tree, by its label; ``VERB`` says who takes it."""

    VERB: ClassVar[str] = ""
    label: str

    def __str__(self) -> str:
        return f"{self.VERB} {self.label}"


class Pick(Step):
    """A seat's decision."""

    __slots__ = ()
    VERB = "pick"


class Draw(Step):
    """A chance outcome."""

    __slots__ = ()
    VERB = "draw"


class TreeState(ToyState):
    game: TreeGame
    REASON = "end of the tree"

    def __init__(self, game: TreeGame) -> None:
        super().__init__(game)
        self.history: list[Any] = []

    def node(self, history: list[Any] | None = None) -> tuple:
        """The tree node after ``history`` (a hidden label follows the first branch)."""
        node = self.game.tree
        for label in self.history if history is None else history:
            children = node[2] if node[0] == "decide" else node[1]
            if node[0] == "chance" and node[2]:
                label = label if isinstance(label, str) and label in children else next(
                    iter(children))
            child = children[label]
            node = child[1] if node[0] == "chance" else child
        return node

    def _winners(self) -> tuple[int, ...] | None:
        node = self.node()
        return node[1] if node[0] == "end" else None

    def _to_play(self) -> int:
        node = self.node()
        return node[1] if node[0] == "decide" else CHANCE

    def _legal_actions(self) -> list[Action]:
        return [Pick(label) for label in self.node()[2]]

    def _chance_outcomes(self) -> list[tuple[Action, F]]:
        return [(Draw(label), p) for label, (p, _) in self.node()[1].items()]

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Pick | Draw)
        self.history.append(action.label)
        return [Event(str(action))]

    def _hidden_steps(self, seat: int) -> list[int]:
        """Indices of ``history`` that are chance outcomes ``seat`` does not see."""
        out, node = [], self.game.tree
        for i, label in enumerate(self.history):
            if node[0] == "chance" and seat in node[2]:
                out.append(i)
                label = next(iter(node[1]))
            children = node[2] if node[0] == "decide" else node[1]
            child = children[label]
            node = child[1] if node[0] == "chance" else child
        return out

    def _hide(self, seat: int) -> None:
        for i in self._hidden_steps(seat):
            self.history[i] = HIDDEN

    def resample_hidden(self, seat: int, rng: Any) -> TreeState:
        """Redraw the hidden chance outcomes by their chance (no later step depends on them)."""
        other = self.clone()
        node = self.game.tree
        for i in range(len(self.history)):
            if node[0] == "chance" and seat in node[2]:
                labels = list(node[1])
                u, total, pick = rng.random(), 0.0, labels[-1]
                for b in labels:
                    total += float(node[1][b][0])
                    if u < total:
                        pick = b
                        break
                other.history[i] = pick
            label = other.history[i]
            children = node[2] if node[0] == "decide" else node[1]
            child = children[label]
            node = child[1] if node[0] == "chance" else child
        return other


class TreeGame(ToyGame):
    NAME = "tree_game"
    TITLE = "A game given by its tree (test game)"
    MAX_PLAYERS = 3
    OPTIONS = (Option("tree", "trust", "which tree", choices=tuple(TREES)),)
    STATE = TreeState
    PATTERNS: ClassVar[ActionPatterns] = (
        (re.compile(r"pick (.*)"), lambda m: Pick(m[1])),
        (re.compile(r"draw (.*)"), lambda m: Draw(m[1])),
    )

    def __init__(self, players: int | None = None, variants: Any = (), **options: Any) -> None:
        tree = options.get("tree", "trust")
        super().__init__(TREES[tree][0] if players is None else players, variants, **options)

    def set_up(self) -> None:
        self.tree = TREES[self.options["tree"]][1]
