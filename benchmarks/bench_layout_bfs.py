"""Bedpans distance fields: the hand-written breadth-first search against networkx.

The heuristic players and the rules ask "how many moves from every space to the
nearest of these spaces" many times a game.  simlab answers with
:func:`simlab.games.bedpans.layout.bfs_field` over the neighbour table of
:class:`~simlab.games.bedpans.layout.Layout` (worked out once per layout).  This
script times, on mid-game layouts of random 4-seat games, the same fields by:

- ``bfs_field``: the hand-written search over ``Layout.neighbours()``;
- ``networkx``: ``nx.multi_source_dijkstra_path_length`` over the layout's graph
  (``board.layout_graph``), built beforehand;
- ``networkx + graph``: the same, the graph built for the call (a layout changes a
  few dozen times a game, so a kept graph would be rebuilt as often as the table);

and checks that all give the same distances.  Also: the cost of building each
structure from nothing.  Figures are µs of CPU time per call, best of ``--repeats``.

Usage::

    python benchmarks/bench_layout_bfs.py [--games N] [--repeats R] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import _common


def positions(games: int) -> list[Any]:
    """The state half-way through each of ``games`` random 4-seat games."""
    _common.use_repo()
    import simlab

    game = simlab.load_game("bedpans", players=4)
    out = []
    for seed in range(games):
        final = simlab.play(game, None, seed=seed)
        state = game.new_initial_state()
        for text in final.actions[: len(final.actions) // 2]:
            state.apply(text, check=False)
        out.append(state)
    return out


def per_call(work: Callable[[], Any], repeats: int, calls: int = 50) -> float:
    """Best µs of CPU time per call of ``work`` over ``repeats`` runs of ``calls`` calls."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(calls):
            work()
        best = min(best, (time.process_time() - start) / calls)
    return best * 1e6


def time_position(state: Any, repeats: int) -> dict[str, float]:
    """µs a call of each way on one position (after checking that they agree)."""
    import networkx as nx

    from simlab.games.bedpans.board import layout_graph
    from simlab.games.bedpans.layout import bfs_field, layout_of
    from simlab.games.bedpans.routes import escape_goals

    data, links, markers = state.game.data, state.links, state.door_markers
    goals = escape_goals(state)
    lay = layout_of(state)
    G = layout_graph(state.tiles, links, markers, data)
    mine = bfs_field(lay.neighbours(), goals)
    if mine != dict(nx.multi_source_dijkstra_path_length(G, set(goals))):
        raise SystemExit("bench_layout_bfs: the two searches disagree")

    def fresh_layout() -> Any:
        state._layout = None
        return layout_of(state).neighbours()

    def graph() -> Any:
        return layout_graph(state.tiles, links, markers, data)

    return {
        "spaces": len(lay.ways),
        "bfs_field": per_call(lambda: bfs_field(lay.neighbours(), goals), repeats),
        "networkx": per_call(lambda: nx.multi_source_dijkstra_path_length(G, set(goals)),
                             repeats),
        "networkx + graph": per_call(
            lambda: nx.multi_source_dijkstra_path_length(graph(), set(goals)), repeats, 10),
        "build Layout": per_call(fresh_layout, repeats, 10),
        "build graph": per_call(graph, repeats, 10),
    }


def run(games: int = 8, repeats: int = 5) -> dict[str, Any]:
    """Time every way on each position; return the medians over the positions."""
    _common.use_repo()
    rows = [time_position(state, repeats) for state in positions(games)]
    out = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    out["networkx / bfs_field"] = out["networkx"] / out["bfs_field"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="positions (one a game)")
    parser.add_argument("--repeats", type=int, default=5, help="best of this many runs")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    result = run(args.games, args.repeats)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"distance field to the frontier, mid-game 4-seat layouts "
          f"({result['spaces']:.0f} spaces, median of {args.games}); µs of CPU a call:")
    for key in ("bfs_field", "networkx", "networkx + graph", "build Layout", "build graph"):
        print(f"  {key:>18} {result[key]:10.1f}")
    print(f"  networkx / bfs_field: {result['networkx / bfs_field']:.1f}×")


if __name__ == "__main__":
    main()
