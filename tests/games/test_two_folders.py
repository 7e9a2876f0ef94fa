"""Two component folders played in one process give each folder's own games (issues 34, 36).

Bad Doctor once kept tile facts by tile id alone, so a second folder whose tiles
differ was played with the first folder's placement rules; and action texts and
parsers once read a process-wide "active" set.  Here every game is played from a
folder of its own (an edited copy of the shipped files) and from the shipped
folder, alone, interleaved action by action in one thread, game by game through
:func:`simlab.core.play.run`, and in two threads at once; each folder's games must
come out the same, action for action and text for text, every text must read back
(``game.parse_action``) with the game's own components, and every record must
replay on its own folder.  The edits change play (a tile's Malady, a tower's or a
Patient's points) and names (a region, an action space), so that a text told or
read with the other folder's components is caught.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from matplotlib.text import Text

import simlab
from simlab.core.data import export_data
from simlab.core.play import run
from tests.helpers.play_loop import play_steps


def _edit(path: Path, pattern: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    changed, n = re.subn(pattern, new, text, flags=re.M)
    assert n >= 1, pattern
    path.write_text(changed, encoding="utf-8")


def _recolour_tiles(folder: Path) -> None:
    """Bad Doctor: every single-ended tile gets the next Malady (same ids, other fits)."""
    turn = {"red": "green", "green": "yellow", "yellow": "blue", "blue": "red"}
    tiles = folder / "tiles.txt"
    for tile in range(1, 17):
        text = tiles.read_text(encoding="utf-8")
        m = re.search(rf"^T{tile:02d}\s+(red|green|yellow|blue)\s", text, flags=re.M)
        assert m is not None
        _edit(tiles, rf"^(T{tile:02d}\s+){m[1]}(\s)", rf"\g<1>{turn[m[1]]}\2")


def _more_bed_bumps(folder: Path) -> None:
    stuff = folder / "stuff.txt"
    _edit(stuff, r"^Bed Bump \| 2", "Bed Bump | 4")
    _edit(stuff, r"^Door Code \| 2", "Door Code | 1")
    _edit(stuff, r"^Jammed Door \| 2", "Jammed Door | 1")


def _tower_worth_nine(folder: Path) -> None:
    """Broom Service: tower T2 is worth 9, and the region Bramble Wood is called Briar Wood."""
    _edit(folder / "towers.txt", r"^(T2 \| Goblin Hill \| circular \| green \|) 2 \|", r"\1 9 |")
    for name in ("regions.txt", "borders.txt", "towers.txt"):
        _edit(folder / name, r"Bramble Wood", "Briar Wood")


def _patient_worth_five(folder: Path) -> None:
    """Hospital Rush: Jim Caries is worth 5, and an action space has another title."""
    _edit(folder / "patients.txt", r"^(Jim Caries \| 1 patch, 1 purple \|) 2 \|", r"\1 5 |")
    _edit(folder / "spaces.txt", r"^(treat_patient_2 \|) treat patient \(2 free\) \|",
          r"\1 treat two patients |")


#: game -> (players, an edit that changes play, policy names played).
CASES: dict[str, tuple[int, Callable[[Path], None], tuple[str, ...]]] = {
    "bad_doctor": (3, _recolour_tiles, ("random", "greedy")),
    "bedpans": (3, _more_bed_bumps, ("random",)),
    "broom_service": (3, _tower_worth_nine, ("random",)),
    "hospital_rush": (3, _patient_worth_five, ("random",)),
}
SEEDS = range(4)


def _steps(game, policy: str, seed: int, out: list) -> Iterator[None]:
    """Play one game a step at a time (yielding after each), its actions into ``out``.

    Each action goes in as its ``repr``, its text and the texts of its events; its text
    must read back, with this game's components, as the same action.
    """
    seats = [game.make_policy(policy, s) for s in range(game.players)]
    state = game.new_initial_state()
    for action, events in play_steps(state, seats, np.random.default_rng(seed)):
        text = str(action)
        assert game.parse_action(text) == action, text
        out.append((repr(action), text, tuple(e.text for e in events)))
        yield
    out.append(state.outcome)


def _alone(game, policy: str) -> list[list]:
    games = []
    for seed in SEEDS:
        out: list = []
        for _ in _steps(game, policy, seed, out):
            pass
        games.append(out)
    return games


def _interleaved(games: tuple, policy: str) -> tuple[list[list], list[list]]:
    """Both folders' games, one action of each in turn."""
    results: tuple[list[list], list[list]] = ([], [])
    for seed in SEEDS:
        outs: tuple[list, list] = ([], [])
        runners = [_steps(g, policy, seed, o) for g, o in zip(games, outs, strict=True)]
        while runners:
            for r in list(runners):
                if next(r, StopIteration) is StopIteration:
                    runners.remove(r)
        for kept, out in zip(results, outs, strict=True):
            kept.append(out)
    return results


def _by_run(game, policy: str, seed: int) -> list:
    out: list = []
    final = run(game, policy, seed, on_action=lambda s, a, act, e: out.append(repr(act)))
    return [*out, final.outcome]


@pytest.fixture(scope="module", params=sorted(CASES))
def folders(request, tmp_path_factory):
    name = request.param
    players, edit, policies = CASES[name]
    folder = tmp_path_factory.mktemp(name)
    export_data(name, folder)
    edit(folder)
    games = (simlab.load_game(name, players=players),
             simlab.load_game(name, players=players, data=folder))
    return games, policies


def _texts(games: list[list]) -> set[str]:
    return {step[1] for g in games for step in g[:-1]}


def test_interleaved_in_one_thread_each_folder_plays_its_own_games(folders):
    games, policies = folders
    for policy in policies:
        alone = tuple(_alone(g, policy) for g in games)
        assert alone[0] != alone[1]  # the edit changes play (else this proves nothing)
        assert _texts(alone[1]) - _texts(alone[0])  # and some texts (components named)
        assert _interleaved(games, policy) == alone
        # the other way round: the edited folder first
        assert _interleaved(games[::-1], policy) == alone[::-1]
        # game by game through the play loop, alternating folders
        by_run = [[_by_run(g, policy, seed) for g in games] for seed in SEEDS]
        again = [[_by_run(g, policy, seed) for g in games[::-1]] for seed in SEEDS]
        assert by_run == [pair[::-1] for pair in again]


def test_two_threads_each_play_their_own_folder(folders):
    games, policies = folders
    for policy in policies:
        alone = [_alone(g, policy) for g in games]
        got: list[list] = [[], []]

        def play_twice(i: int, policy: str = policy, got: list = got) -> None:
            got[i].extend(_alone(games[i], policy) + _alone(games[i], policy))

        threads = [threading.Thread(target=play_twice, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert got == [a + a for a in alone]


def test_a_game_built_on_another_folder_leaves_an_earlier_game_as_it_was(folders):
    games, policies = folders
    shipped, mine = games
    first = [simlab.play(shipped, policies[-1], seed=s).to_dict() for s in SEEDS]
    other = simlab.load_game(shipped.NAME, players=shipped.players,  # built after, not played
                             data=mine.component_set.folder)
    assert other.component_set == mine.component_set
    assert [simlab.play(shipped, policies[-1], seed=s).to_dict() for s in SEEDS] == first


def test_records_replay_on_their_own_folder(folders):
    # replay reads every text back with the record's components: a text told with the other
    # folder's components (a tile's Malady, a region's or a space's name) is refused
    games, policies = folders
    records = [[simlab.play(g, policies[-1], seed=s) for s in SEEDS] for g in games]
    for game, played in zip(games[::-1], records[::-1], strict=True):  # the edited folder first
        for record in played:
            made = game.component_set
            final = simlab.replay(record, data=None if made.is_shipped else made.folder)
            assert final.game == game
            assert final.outcome == record.outcome


def test_two_threads_record_their_own_folder(folders):
    # the records hold action texts, which name tiles and cards (Bad Doctor: "T01 (red)"):
    # each thread's games are told with its own folder's components
    games, policies = folders
    for policy in policies:
        alone = [[simlab.play(g, policy, seed=s).to_dict() for s in SEEDS] for g in games]
        got: list[list] = [[], []]

        def record(i: int, policy: str = policy, got: list = got) -> None:
            got[i].extend(simlab.play(games[i], policy, seed=s).to_dict() for s in SEEDS)

        threads = [threading.Thread(target=record, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert got == alone


#: game -> a name that only the edited folder's board shows.
DRAWN = {"broom_service": "Briar Wood", "hospital_rush": "treat two patients"}


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_each_board_is_drawn_with_its_own_folder(name, tmp_path):
    players, edit, _ = CASES[name]
    export_data(name, tmp_path)
    edit(tmp_path)
    mine = simlab.load_game(name, players=players, data=tmp_path)
    shipped = simlab.load_game(name, players=players)  # built last
    drawn = []
    for game in (mine, shipped):
        fig = game.renderer().draw(game.new_initial_state())
        drawn.append(" ".join(t.get_text().replace("\n", " ") for t in fig.findobj(Text)))
    assert DRAWN[name] in drawn[0]
    assert DRAWN[name] not in drawn[1]
