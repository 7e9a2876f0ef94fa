"""The layout tables (``simlab.games.bedpans.layout``) answer as the tiles do.

:class:`~simlab.games.bedpans.layout.Layout` is worked out once per layout, and
from the previous one where only a tile or a Door-marker was added; these tests
compare it, along whole games, with :func:`~simlab.games.bedpans.board.passage`
read from the tiles each time, and with a layout worked out from nothing.
"""

from __future__ import annotations

import itertools

import pytest

import simlab
from simlab.games.bedpans import actions as A
from simlab.games.bedpans.board import DX, DY, passage, view_targets
from simlab.games.bedpans.layout import Layout, bfs_field, layout_of
from simlab.games.bedpans.routes import distance_field
from simlab.games.bedpans.rules import BedpansGame


def full_ways(state):
    """Every space's passages, read from the tiles (the Door-marker as "m")."""
    out = {}
    for (floor, tx, ty) in state.tiles:
        for i in range(9):
            space = (floor, 3 * tx + i % 3, 3 * ty + i // 3)
            out[space] = tuple(passage(state.tiles, state.game.geo, state.door_markers,
                                       space, d, "m") for d in range(4))
    return out


def layouts_along(seed, players=4, **options):
    """States after each new tile or Door-marker of a random game."""
    game = BedpansGame(players=players, **options)
    seen = []
    last = [None]

    def tick(state, actor, action, events):
        key = (len(state.tiles), len(state.door_markers))
        if key != last[0]:
            last[0] = key
            seen.append(state.clone())

    simlab.run(game, None, seed=seed, on_action=tick)
    return seen


@pytest.mark.parametrize("seed", [0, 3])
def test_the_passages_are_those_of_the_tiles_after_every_tile_and_door_marker(seed):
    states = layouts_along(seed, door_markers=True)
    assert len(states) > 5
    assert any(s.door_markers for s in states)
    for s in states:
        lay = layout_of(s)
        assert lay.ways == full_ways(s)
        assert list(lay.ways) == list(full_ways(s))  # in the tiles' order too
        s._layout = None  # from nothing: the same
        assert layout_of(s).ways == lay.ways
        for (floor, x, y), ways in full_ways(s).items():  # the steps kept per space
            assert lay.steps((floor, x, y)) == tuple(
                (d, (floor, x + DX[d], y + DY[d])) for d in range(4) if ways[d] is not None)


def test_a_door_marker_played_joins_the_two_spaces_as_the_option_reads_it():
    """Ruling B18: a Door-marker is an open edge (the default) or a door."""
    for reading, way in (("open-edge", "o"), ("door", "d")):
        s = BedpansGame(players=2, door_marker=reading).new_initial_state()
        s._put_tile(("U", 1, 0), "T08", 0)
        a, b = s.door_spots()[0]
        assert layout_of(s).way(a, 1, s.marker_edge) is None  # a wall before
        s.door_markers[(a, b)] = 1
        assert layout_of(s).way(a, 1, s.marker_edge) == way
        assert layout_of(s).way(b, 3, s.marker_edge) == way


def test_a_layout_set_up_anew_by_hand_is_worked_out_again():
    s = BedpansGame(players=2).new_initial_state()
    before = layout_of(s)
    s.tiles.clear()
    s._put_tile(("U", 0, 0), "S", 1)  # the start tile turned: same count, same position
    after = layout_of(s)
    assert after is not before and after.ways == full_ways(s)


def test_clones_share_the_layout_and_a_new_tile_makes_a_new_one():
    s = BedpansGame(players=2).new_initial_state()
    lay = layout_of(s)
    c = s.clone()
    assert layout_of(c) is lay and c == s
    c._put_tile(("U", 1, 0), "T08", 0)
    assert layout_of(c) is not lay and layout_of(s) is lay
    assert ("U", 3, 0) in layout_of(c).ways and ("U", 3, 0) not in lay.ways


def test_distance_fields_kept_for_the_layout_equal_a_fresh_search():
    for s in layouts_along(5)[::3]:
        goals = sorted(s.features)[:3]
        cut = list(s.door_markers)[:1]
        kept = distance_field(s, goals, cut)
        assert distance_field(s, goals, cut) is kept  # asked again: kept
        fresh = Layout((), full_ways(s), dict(s.links))
        assert kept == bfs_field(fresh.neighbours(), goals, cut)


def test_a_step_through_a_door_is_offered_where_the_tiles_have_one():
    """"Doors may be moved through" ("Movement"): the move options read the layout."""
    s = BedpansGame(players=2).new_initial_state()
    s.active, s.phase, s.mover, s.points = 1, "move", "red 1", 2
    s.tokens["red"] = [("U", 1, 1), ("U", 1, 1)]
    ways = layout_of(s).ways[("U", 1, 1)]
    steps = {a.direction for a in s._move_options() if isinstance(a, A.Step)}
    assert steps == {"NESW"[d] for d in range(4) if ways[d] is not None}
    assert all((("U", 1 + DX[d], 1 + DY[d]) in layout_of(s).ways) for d in range(4)
               if ways[d] is not None)


@pytest.mark.parametrize("seed", [1, 4])
def test_what_a_new_layout_keeps_from_the_last_equals_answers_worked_out_anew(seed):
    """A new tile keeps what is in view from the spaces away from it and the turns that fit
    the open edges away from it (``layout._carried``): every kept answer, along a game
    with Door-markers, equals one worked out on the layout built from nothing."""
    states = layouts_along(seed, door_markers=True)
    carried = 0
    for before, after in itertools.pairwise(states):
        old, new = layout_of(before), layout_of(after)
        for key, found in new.memo.items():
            if key not in old.memo or key[0] not in ("in view", "fits"):
                continue
            carried += old.memo[key] is found
            fresh = after.clone()
            fresh._layout = None
            if key[0] == "in view":
                assert found == view_targets(after.tiles, after.game.geo, key[1], (),
                                             after.door_markers, after.marker_edge), key
            else:
                assert tuple(fresh._fitting(key[1], key[2])) == found, key
    assert carried > 20  # the test saw answers kept across new tiles


@pytest.mark.parametrize("reading", ["open-edge", "door"])
def test_sight_read_from_the_layout_equals_sight_read_from_the_tiles(reading):
    """What is in view (ruling B2), read from ``Layout.ways``, as read from the tiles,
    from every space of every layout of a game with Door-markers (ruling B18)."""
    states = layouts_along(8, door_markers=True, door_marker=reading)  # sight across one
    assert any(s.door_markers for s in states)
    for s in states:
        lay = layout_of(s)
        for space in lay.ways:
            assert view_targets(s.tiles, s.game.geo, space, s.sealed, s.door_markers,
                                s.marker_edge, lay.ways) == \
                view_targets(s.tiles, s.game.geo, space, s.sealed, s.door_markers,
                             s.marker_edge), space


@pytest.mark.parametrize("variants", [(), ("door_markers",)])
def test_a_space_s_passages_read_at_once_are_those_read_one_by_one(variants):
    """``board.passages`` and ``board.tile_passages`` (the new tile's passages, the tile
    beyond each side located once) answer as ``board.passage`` does in each direction,
    Door-markers inside a tile included (Variation "Door-markers")."""
    from simlab.games.bedpans.board import passages, tile_passages

    states = layouts_along(1, variants=variants)
    assert any(s.door_markers for s in states)
    for s in states:
        tiles, geo, markers = s.tiles, s.game.geo, s.door_markers
        expected = full_ways(s)
        for pos in tiles:
            found = tile_passages(tiles, geo, markers, pos, "m")
            assert found == {space: expected[space] for space in found}
            for space, ways in found.items():
                assert passages(tiles, geo, markers, space, "m") == ways


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (4, 5)])
def test_the_kept_steps_of_a_space_are_those_the_full_check_offers(players, seed):
    """``Layout.plain_steps``, read at a move with no Just Cleaned space, no blocked door
    on a side of the mover's space and no Bingo on TV (a Puddle, a door blocked elsewhere
    may be in play), offers what the full check (``_steps_with_stuff``: walls, shafts,
    Stuff) offers there, and is None next to an Elevator shaft or Stairs, where
    ``_steps_near_links`` offers what the full check does."""
    game = BedpansGame(players=players)
    checked = [0, 0]
    stuff_in_play = [0]  # a Puddle or a blocked door away from the space

    def tick(state, actor, action, events):
        need = state.need
        if getattr(need, "decision", None) != "move" or "Just Cleaned" in state.status.values():
            return
        if state.fx.get("Bingo on TV") or state.points <= 0:
            return
        space = state.position(state.mover)
        if any(space in door for door in state.blocked):
            return
        stuff_in_play[0] += bool(state.status or state.blocked)
        plain = layout_of(state).plain_steps(space)
        full = state._steps_with_stuff(state.mover, space)
        if plain is None:
            assert space in state.links or any(
                (space[0], space[1] + DX[d], space[2] + DY[d]) in state.links for d in range(4))
            assert state._steps_near_links(space, layout_of(state)) == full
            checked[1] += 1
        else:
            assert list(plain) == full
            moves = layout_of(state).plain_moves(space)  # with Stop, when no Stuff is taken
            assert list(moves) == ([*full, A.Stop()] if full else [])
            checked[0] += 1

    for k in range(3):
        simlab.run(game, None, seed=seed + k, on_action=tick)
    assert checked[0] > 100 and checked[1] > 0 and stuff_in_play[0] > 20


def door_spots_from_the_tiles(state, anywhere):
    """Where a Door-marker may go, read from the tiles with :func:`passage` (the reference
    for ``BedpansState.door_spots``, which reads the layout's passages)."""
    tiles, geo = state.tiles, state.game.geo
    features = {}
    for (floor, tx, ty), (tid, rot) in tiles.items():
        for i, f in enumerate(geo[tid][rot].features):
            features[(floor, 3 * tx + i % 3, 3 * ty + i // 3)] = f
    spots = []
    for (floor, tx, ty) in sorted(tiles):
        for d in (1, 2):
            inside = [(floor, 3 * tx + c, 3 * ty + r) for r in range(3) for c in range(3)
                      if not ((d == 1 and c == 2) or (d == 2 and r == 2))] if anywhere else []
            border = [(floor, 3 * tx + 2, 3 * ty + k) if d == 1 else (floor, 3 * tx + k, 3 * ty + 2)
                      for k in range(3)]
            if not anywhere and (floor, tx + DX[d], ty + DY[d]) not in tiles:
                border = []
            for a, banned in [*((a, "ES" if anywhere else "ESX") for a in border),
                              *((a, "ES") for a in inside)]:
                b = (floor, a[1] + DX[d], a[2] + DY[d])
                if b not in features or features[a] in banned or features[b] in banned:
                    continue
                if passage(tiles, geo, state.door_markers, a, d) is None:
                    spots.append((a, b))
    return spots


@pytest.mark.parametrize(("seed", "anywhere"), [(0, False), (1, False), (0, True), (3, True)])
def test_the_door_marker_spots_are_those_of_the_tiles(seed, anywhere):
    states = layouts_along(seed, door_markers=anywhere)
    assert any(s.door_markers for s in states)
    for s in states:
        assert s.door_spots() == door_spots_from_the_tiles(s, anywhere)


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (5, 3)])
def test_the_edges_to_explore_are_those_in_view_past_the_sealed_positions(players, seed):
    """``_targets`` (what is in view kept for the layout, whatever is sealed, and the sealed
    positions and full floors left out after) equals what is in view with the sealed
    positions passed to ``view_targets``, on allowed floors, at every Resident's space, with
    the first position in view sealed too."""
    sealed_seen = [0]

    def expected(state, space):
        return [t for t in view_targets(state.tiles, state.game.geo, space, state.sealed,
                                        state.door_markers, state.marker_edge)
                if state._allowed_floor(t.floor)]

    def tick(state, actor, action, events):
        for pair in state.tokens.values():
            for space in pair:
                if space is None:
                    continue
                found = state._targets(space)
                assert found == expected(state, space)
                if found:
                    other = state.clone()
                    other.sealed.add(found[0].position)
                    assert other._targets(space) == expected(other, space) == found[1:]
                    sealed_seen[0] += 1

    for k in range(2):
        simlab.run(BedpansGame(players=players), None, seed=seed + 10 * k, on_action=tick)
    assert sealed_seen[0] > 10
