"""Do two search budgets choose alike? The same decisions searched with each.

One seat (``--seat``) of games among the game's best heuristic: at each of its
decisions that the search weighs (several candidates), its view is searched
with ``--small`` and with ``--large`` iterations from copies of the same
generator (no subtree reuse between decisions), and the two choices compared.
Prints how many decisions were searched, how many chose alike, and the median
gap between the best two root means at the large budget (where the budgets
differ on near-ties, more budget cannot win much).

Usage: python benchmarks/search_budgets.py GAME [--players 3] [--games 6]
       [--seat 1] [--small 12] [--large 48]
"""

from __future__ import annotations

import argparse
import copy
import json
from dataclasses import replace

import numpy as np
from _common import use_repo

BEST = {"bedpans": "heuristic", "bad_doctor": "greedy", "broom_service": "heuristic",
        "hospital_rush": "greedy"}


def compare(name: str, players: int, games: int, seat: int, small: int,
            large: int) -> dict[str, object]:
    """Search each weighed decision of ``seat`` with both budgets; count agreements."""
    use_repo()
    import simlab
    from simlab.core.play import sample_chance
    from simlab.core.search import MCTSPolicy

    game = simlab.load_game(name, players=players)
    others = [game.make_policy(BEST[name], s) for s in range(players)]
    base = game.make_policy("mcts", seat).settings
    searches = [MCTSPolicy(game, seat, replace(base, iterations=n, reuse=False), f"mcts-{n}")
                for n in (small, large)]
    same = differ = 0
    gaps: list[float] = []
    for seed in range(games):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal:
            player = state.current_player
            if player == simlab.CHANCE:
                state.apply(sample_chance(state.chance_outcomes(), rng), check=False)
                continue
            legal = state.legal_actions()
            if player == seat and len(legal) > 1:
                chosen = []
                for search in searches:
                    search.last = None
                    chosen.append(search.act(state.view(player), legal, copy.deepcopy(rng)))
                last = searches[1].last
                if last is not None:
                    same += chosen[0] == chosen[1]
                    differ += chosen[0] != chosen[1]
                    means = sorted((m for _, v, m in last.stats if v), reverse=True)
                    if len(means) > 1:
                        gaps.append(means[0] - means[1])
            state.apply(others[player].act(state.view(player), legal, rng), check=False)
    return {"game": name, "players": players, "games": games, "small": small, "large": large,
            "searched": same + differ, "same": same, "differ": differ,
            "median_gap_at_large": round(float(np.median(gaps)), 4) if gaps else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(BEST))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seat", type=int, default=1)
    parser.add_argument("--small", type=int, default=12)
    parser.add_argument("--large", type=int, default=48)
    args = parser.parse_args()
    print(json.dumps(compare(args.game, args.players, args.games, args.seat, args.small,
                             args.large)))


if __name__ == "__main__":
    main()
