"""What the balance lab must know of each game beyond the game API.

The game API tells who acts, what is legal and who won.  A balance report also
needs, per game: what a *turn* is (for length and drama), whether the game has
*rounds*, whether a *guard* (``max_shifts``, a round limit) rather than the rules
ended it, the *sides* where the game has them (Bedpans: the Staff-player against
the Elders), the *choices* whose worth the report weighs, and the game's fast
player (the heuristic that screens before the search validates).  A game not in
:data:`SPECS` (a test game) gets :data:`GENERIC`: a turn is a run of one seat's
decisions, no rounds, no guard, no sides, no choices.

Examples
--------
>>> spec_for("bedpans").sides(3)
{'Staff': (0,), 'Elders': (1, 2)}
>>> spec_for("broom_service").fast_policy, spec_for("bad_doctor").fast_policy
('heuristic', 'greedy')
>>> spec_for("dice_race") is GENERIC
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from simlab.core.api import Action, State
from simlab.core.errors import ConfigError

__all__ = ["GENERIC", "SPECS", "GameSpec", "spec_for"]


def _seat_turn(state: State) -> Hashable | None:
    """Generic turn key: the seat to decide next (``None`` at chance: no change)."""
    player = state.current_player
    return player if player >= 0 else None


def _no_rounds(state: State) -> int | None:
    return None


def _round(state: State) -> int | None:
    return int(state.round)  # type: ignore[attr-defined]


def _no_guard(state: State) -> bool:
    return False


def _no_sides(players: int) -> dict[str, tuple[int, ...]]:
    return {}


def _no_choice(state: State, seat: int, action: Action) -> str | None:
    return None


@dataclass(frozen=True)
class GameSpec:
    """The balance lab's facts about one game.

    Parameters
    ----------
    turn_key : callable
        ``turn_key(state) -> key or None``, read after every action: a new turn
        begins when the key changes (``None``: no change, e.g. at chance).
    rounds : callable
        ``rounds(final_state) -> int or None``: the rounds played (``None``: the
        game has no rounds).
    guard_ended : callable
        ``guard_ended(final_state) -> bool``: a guard, not the rules, ended it.
    sides : callable
        ``sides(players) -> {side name: seats}``; empty for a game of seats.
    side_question : str
        The side whose win rate the side verdict weighs (its fair share is 1/2).
    choice : callable
        ``choice(state_after, seat, action) -> label or None``: the choice a
        decision of ``seat`` makes, named as the report shows it.
    choice_kind : str
        What the choices are, in the rulebook's words ("role played brave or
        cowardly").
    fast_policy : str
        The fast player used to screen (the game's best heuristic).
    turn_text : str
        What a turn is in this game, for the report.
    versus : (str, str) or None
        Two ways of making one choice, weighed against each other
        (``("brave", "cowardly")``: labels ``"<role> brave"``, ``"<role> cowardly"``).
    """

    turn_key: Callable[[State], Hashable | None] = _seat_turn
    rounds: Callable[[State], int | None] = _no_rounds
    guard_ended: Callable[[State], bool] = _no_guard
    sides: Callable[[int], dict[str, tuple[int, ...]]] = _no_sides
    side_question: str = ""
    choice: Callable[[State, int, Action], str | None] = _no_choice
    choice_kind: str = ""
    fast_policy: str = "random"
    turn_text: str = "a run of decisions by one seat"
    versus: tuple[str, str] | None = None


# -- Bad Doctor ------------------------------------------------------------------------------


def _shift(state: State) -> Hashable | None:
    return int(state.shift)  # type: ignore[attr-defined]


def _bad_doctor_guard(state: State) -> bool:
    outcome = state.outcome
    return outcome is not None and "guard" in outcome.reason


def _tile_bonus(state: State, seat: int, action: Action) -> str | None:
    if type(action).__name__ != "PlaceTile":
        return None
    tile = state.game.tiles.get(action.tile)  # type: ignore[attr-defined]
    bonus = getattr(tile, "bonus", "")
    return f"Tile Bonus {bonus}" if bonus else None


# -- Bedpans ---------------------------------------------------------------------------------


def _bedpans_turn(state: State) -> Hashable | None:
    return (int(state.round), int(state.active))  # type: ignore[attr-defined]


def _bedpans_guard(state: State) -> bool:
    return "round limit" in str(getattr(state, "reason", ""))


def _bedpans_sides(players: int) -> dict[str, tuple[int, ...]]:
    return {"Staff": (0,), "Elders": tuple(range(1, players))}


def _stuff_played(state: State, seat: int, action: Action) -> str | None:
    if type(action).__name__ != "PlayStuff":
        return None
    return f"Stuff {action.kind}"  # type: ignore[attr-defined]


# -- Broom Service ---------------------------------------------------------------------------


def _role_led(state: State) -> Hashable | None:
    role = state.role  # type: ignore[attr-defined]
    return None if role is None else (int(state.round), role)  # type: ignore[attr-defined]


def _role_played(state: State, seat: int, action: Action) -> str | None:
    if type(action).__name__ != "PlayRole":
        return None
    brave = action.brave  # type: ignore[attr-defined]
    return f"{action.role} {'brave' if brave else 'cowardly'}"  # type: ignore[attr-defined]


# -- Hospital Rush ---------------------------------------------------------------------------


def _hospital_rush_guard(state: State) -> bool:
    return "round limit" in str(getattr(state, "end_reason", ""))


def _action_space(state: State, seat: int, action: Action) -> str | None:
    if type(action).__name__ != "Place":
        return None
    space = action.space  # type: ignore[attr-defined]
    return f"space {state.game.titles.get(space, space)}"  # type: ignore[attr-defined]


SPECS: dict[str, GameSpec] = {
    "bad_doctor": GameSpec(
        turn_key=_shift, guard_ended=_bad_doctor_guard, choice=_tile_bonus,
        choice_kind="Treatment Tile placed with its Bonus", fast_policy="greedy",
        turn_text="a doctor's turn (shift)"),
    "bedpans": GameSpec(
        turn_key=_bedpans_turn, rounds=_round, guard_ended=_bedpans_guard,
        sides=_bedpans_sides, side_question="Elders", choice=_stuff_played,
        choice_kind="Stuff-marker played", fast_policy="heuristic",
        turn_text="one player's turn (Staff-player or an Elder)"),
    "broom_service": GameSpec(
        turn_key=_role_led, rounds=_round, choice=_role_played,
        choice_kind="role card played brave or cowardly", fast_policy="heuristic",
        versus=("brave", "cowardly"),
        turn_text="one role card led by the starting player and followed by the others"),
    "hospital_rush": GameSpec(
        rounds=_round, guard_ended=_hospital_rush_guard, choice=_action_space,
        choice_kind="action space taken", fast_policy="greedy",
        turn_text="a run of decisions by one seat (an action marker placed, a task done)"),
}

#: The spec of a game the lab knows nothing special about.
GENERIC = GameSpec()


def spec_for(game: str | Any) -> GameSpec:
    """The spec of ``game`` (a name or a Game): from :data:`SPECS`, else the game class's
    ``BALANCE_SPEC`` attribute (how a game outside simlab declares one), else :data:`GENERIC`."""
    name = game if isinstance(game, str) else getattr(game, "NAME", "")
    if name in SPECS:
        return SPECS[name]
    if isinstance(game, str):
        from simlab.core.registry import game_class

        try:
            game = game_class(game)
        except ConfigError:  # an unknown name: the caller reports it
            return GENERIC
    spec = getattr(game, "BALANCE_SPEC", None)
    return spec if isinstance(spec, GameSpec) else GENERIC
