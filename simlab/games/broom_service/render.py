"""Draw the realm with matplotlib: regions by landscape, towers, clouds and pawns.

Uses :class:`matplotlib.figure.Figure` directly (no pyplot state), so it is
safe in notebooks, scripts and worker processes.

Examples
--------
>>> from simlab.games.broom_service.rules import BroomServiceGame
>>> fig = draw(BroomServiceGame(players=3).new_initial_state())
>>> len(fig.axes)
1
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from simlab.games.broom_service.board import realm_graph
from simlab.games.broom_service.components import load_components

__all__ = ["LANDSCAPE_COLOURS", "POTION_COLOURS", "SEAT_COLOURS", "draw", "summary"]

LANDSCAPE_COLOURS = {"forest": "#6aa84f", "hill": "#e6c86e", "mountain": "#9e9e9e"}
POTION_COLOURS = {"orange": "#f39c12", "green": "#27ae60", "purple": "#8e44ad", "any": "#ffffff"}
#: Matplotlib colours of the player colours (red, yellow, blue, white, black).
SEAT_COLOURS = {"red": "#d62728", "yellow": "#ffd700", "blue": "#1f77b4", "white": "#f8f8f8",
                "black": "#222222"}


def draw(state: Any = None, ax: Any = None, title: str | None = None) -> Figure:
    """Draw the realm, and the occupancy of ``state`` if given.

    Parameters
    ----------
    state : BroomServiceState, optional
        Position to show: clouds on cloud spaces, towers delivered to (ringed in
        the deliverer's colour), pawns (small discs in seat colours) and a
        VP/potions/wands line per seat.  Without it, the bare board.
    ax : matplotlib Axes, optional
        Axes to draw into; a new Figure is made when omitted.
    title : str, optional
        Title of the axes.

    Returns
    -------
    Figure
        The figure drawn into.

    Examples
    --------
    >>> fig = draw(title="The realm")
    >>> fig.axes[0].get_title()
    'The realm'
    """
    if ax is None:
        fig = Figure(figsize=(8, 8.8), layout="constrained")
        ax = fig.add_subplot()
    else:
        fig = ax.figure
    g = realm_graph()
    comps = load_components()
    pos = {n: d["pos"] for n, d in g.nodes(data=True)}
    clouds = getattr(state, "clouds", {}) or {}
    for a, b, space in g.edges(data="space"):
        (xa, ya), (xb, yb) = pos[a], pos[b]
        blocked = space is not None and clouds.get(space) is not None
        ax.plot([xa, xb], [ya, yb], color="#555" if not blocked else "#bbb",
                lw=2 if not blocked else 1, ls="-" if not blocked else ":", zorder=1)
        if space is not None:
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            cloud = clouds.get(space)
            if cloud is not None:
                c = next(c for c in comps.clouds if c.id == cloud)
                ax.scatter([mx], [my], s=420, c="white", edgecolors="#4a6fa5", zorder=3)
                ax.text(mx, my, f"{c.stars}★\n{c.lightning}ϟ", ha="center", va="center",
                        fontsize=6, zorder=4)
            else:
                ax.text(mx, my, space, ha="center", va="center", fontsize=6, color="#4a6fa5",
                        zorder=4)
    for name, d in g.nodes(data=True):
        x, y = d["pos"]
        ax.scatter([x], [y], s=2600, marker="s" if d["castle"] else "o",
                   c=LANDSCAPE_COLOURS[d["landscape"]], edgecolors="#8b0000" if d["castle"]
                   else "#333", linewidths=2.5 if d["castle"] else 1, zorder=2)
        ax.text(x, y + 0.3, name, ha="center", va="center", fontsize=6.5, zorder=5)
    towers = getattr(state, "towers", {}) or {}
    colours = comps.colours
    for tower in comps.towers:
        x, y = pos[tower.region]
        dx = -0.13 if not tower.square else 0.13
        owner = towers.get(tower.id)
        edge = SEAT_COLOURS[colours[owner]] if owner is not None else "#333"
        ax.scatter([x + dx], [y + 0.05], s=140, marker="s" if tower.square else "o",
                   c=POTION_COLOURS[tower.colour], edgecolors=edge,
                   linewidths=3 if owner is not None else 1, zorder=6)
        ax.text(x + dx, y - 0.12, f"{tower.vp}" + ("+w" * tower.wands), ha="center",
                fontsize=5.5, zorder=6)
    if state is not None:
        for seat, pawns in enumerate(state.pawns):
            colour = SEAT_COLOURS[colours[seat]]
            for k, region in enumerate(pawns):
                x, y = pos[region]
                ox = -0.25 + 0.1 * seat
                ax.scatter([x + ox], [y - 0.25 + 0.07 * k], s=45, c=colour, edgecolors="k",
                           zorder=7)
        lines = [
            f"Seat {s} ({colours[s]}): {state.vp[s]} VP, potions o/g/p "
            f"{'/'.join(map(str, state.potions[s]))}, {state.wands[s]} wands"
            for s in range(state.game.players)
        ]
        head = f"Round {state.round}" + (f" — event: {state.event}" if state.event else "")
        ax.text(0.0, -0.06, "\n".join([head, *lines]), transform=ax.transAxes, fontsize=7,
                va="top", family="monospace")
    ax.set_xlim(-0.6, 3.6)
    ax.set_ylim(-0.6, 4.6)
    ax.set_aspect("equal")
    ax.axis("off")
    if title is not None:
        ax.set_title(title)
    return fig


def summary(state: Any) -> dict[str, Any]:
    """The state table of the stepper: round, event, and per seat VP, wands, potions, cards.

    Works on a view as on a state (other seats' hands only count their cards).

    Examples
    --------
    >>> import simlab
    >>> state = simlab.load_game("broom_service", players=2).new_initial_state()
    >>> summary(state)["Seat 0"]
    '10 VP, 1 wands, potions o/g/p 1/1/1, 0 role cards'
    """
    rows: dict[str, Any] = {"round": state.round, "event": state.event or "-"}
    for seat, name in enumerate(state.game.seat_names()):
        potions = "/".join(str(p) for p in state.potions[seat])
        rows[name] = (f"{state.vp[seat]} VP, {state.wands[seat]} wands, potions o/g/p "
                      f"{potions}, {len(state.hands[seat])} role cards")
    return rows
