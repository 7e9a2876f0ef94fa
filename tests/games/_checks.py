"""Checks that more than one game's tests share.

Golden playthroughs: each ``tests/playthroughs/<game>-*.json`` is a ``simlab.play`` record
saved with ``record.save``.  A game's ``test_playthrough`` replays each (no RNG) and
compares the outcome and its summary of the final state with what
``playthroughs/summaries/<game>.json`` stores (:func:`check_golden`,
:func:`golden_summaries`); ``tests/games/test_goldens.py`` plays each again from its seed
and policies and checks the same actions come out.  After an intended rule change,
:func:`regenerate_goldens` plays them all again and stores what each ends with.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import simlab
from simlab.core.api import CHANCE, TERMINAL
from simlab.core.play import sample_chance
from simlab.core.record import GameRecord

#: The golden records (``<game>-*.json``); what each ends with: ``summaries/<game>.json``.
GOLDEN = Path(__file__).resolve().parents[1] / "playthroughs"


def assert_every_seat_sees_everything(name: str, players: int = 3, steps: int = 150,
                                      seed: int = 5) -> None:
    """Play up to ``steps`` random actions of ``name``; nothing may be hidden from any seat.

    Every seat's view is the state itself, every seat reads every action the
    same, and no event is addressed to some seats only.  Chance draws that
    name a seat are included.
    """
    state = simlab.load_game(name, players=players).new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.current_player == TERMINAL:
            break
        if state.current_player == CHANCE:
            action = sample_chance(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
        assert all(state.view(seat) == state for seat in range(players))
        assert {state.action_text_for(action, seat) for seat in range(players)} == {str(action)}
        assert all(event.seen_by is None for event in state.apply(action))


def replay_golden(path: Path) -> tuple[GameRecord, Any]:
    """Load the golden record at ``path``, replay it and check it ends as recorded.

    Returns the record and its final state, for the game's own summary checks.
    """
    record = GameRecord.load(path)
    final = simlab.replay(record)
    assert final.outcome == record.outcome
    return record, final


def assert_same_seed_plays_same_game(path: Path) -> None:
    """Playing the golden record's game again from its seed and policies gives its actions."""
    record = GameRecord.load(path)
    game = simlab.load_game(record.game, players=record.players, **record.options)
    again = simlab.play(game, record.policies, seed=record.seed)
    assert again.actions == record.actions


def golden_summaries(game: str) -> dict[str, dict[str, Any]]:
    """What each golden game of ``game`` ends with, by record file name: the game's summary
    of the final state, as ``playthroughs/summaries/<game>.json`` stores it."""
    return json.loads((GOLDEN / "summaries" / f"{game}.json").read_text())


def golden_names(game: str) -> list[str]:
    """The file names of ``game``'s golden records, as its summaries name them."""
    return sorted(golden_summaries(game))


def check_golden(game: str, name: str, summary: Callable[[Any], dict[str, Any]],
                 scores: str | None = None) -> Any:
    """Replay ``game``'s golden record ``name``: it ends as recorded, ``summary`` of its final
    state is the stored one, and (``scores``: a field of the summary) the outcome's scores
    are that field's numbers.  Returns the final state, for the game's own checks."""
    record, final = replay_golden(GOLDEN / name)
    expected = golden_summaries(game)[name]
    assert summary(final) == expected
    if scores is not None:
        assert record.outcome.scores == tuple(float(v) for v in expected[scores])
    return final


def attributes(state: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """``state``'s attributes ``names``, by name (the plain fields of a golden summary)."""
    return {name: getattr(state, name) for name in names}


def regenerate_goldens(game: str, summary: Callable[[Any], dict[str, Any]]) -> None:
    """After an intended rule change: play every golden game of ``game`` again from the
    players, options, policies and seed its record names, save the record over the old
    one, and store ``summary`` of each final state in ``playthroughs/summaries/<game>.json``
    (one line a field).  A new golden game: save a ``simlab.play`` record as
    ``playthroughs/<game>-<name>.json`` first."""
    ends = {}
    for path in sorted(GOLDEN.glob(f"{game}-*.json")):
        old = GameRecord.load(path)
        played = simlab.load_game(old.game, players=old.players, **old.options)
        record = simlab.play(played, old.policies, seed=old.seed)
        record.save(path)
        ends[path.name] = summary(simlab.replay(record))
    lines = []
    for name, fields in ends.items():
        rows = ",\n".join(f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in fields.items())
        lines.append(f"  {json.dumps(name)}: {{\n{rows}\n  }}")
    target = GOLDEN / "summaries" / f"{game}.json"
    target.write_text("{\n" + ",\n".join(lines) + "\n}\n")
