"""Draw the realm with matplotlib, and explain a position to the stepper.

The realm: regions as discs coloured by landscape (castles square-framed),
named as the actions name them; towers as the actions name them (``T17``,
square towers ``S2``) in their potion colour with their VP; cloud spaces
(``C3``) on the borders, a heavy cloud on one drawn as a cloud with its
stars and lightning, its border dotted; witch pawns as discs in the seat's
colour numbered 1 and 2 ("move pawn 2 ...").  A legend explains every
symbol.  Places that actions point at are groups ``place:<name or id>``:
the stepper rings the last action's place in red and the places the seat
to act may choose in orange, and a click on one chooses it.

:data:`RENDERER` is what :meth:`BroomServiceGame.renderer` returns.  Uses
:class:`matplotlib.figure.Figure` directly (no pyplot state).

Examples
--------
>>> from simlab.games.broom_service.rules import BroomServiceGame
>>> fig = draw(BroomServiceGame(players=3).new_initial_state())
>>> len(fig.axes), len(fig.legends)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from matplotlib.figure import Figure
from matplotlib.patches import Circle, Ellipse, FancyBboxPatch, Patch

from simlab.figures.board import circle, counted, mark_place, place_legend
from simlab.figures.legend import stroke, symbol
from simlab.figures.png import png_bytes
from simlab.games.broom_service import actions as A
from simlab.games.broom_service.board import realm_graph
from simlab.games.broom_service.components import POTIONS, Components, load_components

__all__ = ["LANDSCAPE_COLOURS", "POTION_COLOURS", "RENDERER", "SEAT_COLOURS", "RealmRenderer",
           "draw", "summary"]

LANDSCAPE_COLOURS = {"forest": "#8cc56f", "hill": "#efd98e", "mountain": "#b9b9b9"}
POTION_COLOURS = {"orange": "#f39c12", "green": "#27ae60", "purple": "#8e44ad", "any": "#ffffff"}
#: Matplotlib colours of the player colours (red, yellow, blue, white, black).
SEAT_COLOURS = {"red": "#d62728", "yellow": "#ffd700", "blue": "#1f77b4", "white": "#f8f8f8",
                "black": "#222222"}
_INK = {"red": "white", "yellow": "black", "blue": "white", "white": "black", "black": "white"}
_RADIUS = 0.36


def seat_colours(game: Any) -> list[str]:
    """The player colour of each seat, in seat order (in the game's component set)."""
    return list(game.data.colours[: game.players])


def _ring(ax: Any, xy: tuple[float, float], radius: float, key: str, last: Collection[str],
          targets: Collection[str]) -> None:
    mark_place(ax, key, circle(xy, radius), last, targets, wash=False)


def draw(state: Any = None, last: Collection[str] = (), targets: Collection[str] = (),
         title: str | None = None) -> Figure:
    """Draw the realm, and the occupancy of ``state`` if given.

    Parameters
    ----------
    state : BroomServiceState, optional
        Position to show: clouds, towers delivered to (ringed in the
        deliverer's colour) and pawns.  Without it, the bare board of the shipped set.
    last : collection of str
        Places of the last action (region names, tower or cloud-space ids).
    targets : collection of str
        Places the seat to act may choose now.
    title : str, optional
        Title above the realm.

    Examples
    --------
    >>> fig = draw(title="The realm")
    >>> fig.axes[0].get_title()
    'The realm'
    """
    fig = Figure(figsize=(9.2, 7.4))  # a fixed layout: drawn fast, the same every time
    ax = fig.add_axes((0.0, 0.0, 0.7, 0.955))
    comps = state.game.data if state is not None else load_components()  # bare: shipped
    g = realm_graph(comps)
    pos = {n: d["pos"] for n, d in g.nodes(data=True)}
    clouds = getattr(state, "clouds", {}) or {}
    for a, b, space in g.edges(data="space"):
        (xa, ya), (xb, yb) = pos[a], pos[b]
        blocked = space is not None and clouds.get(space) is not None
        ax.plot([xa, xb], [ya, yb], color="#bbbbbb" if blocked else "#555555",
                lw=1.5 if blocked else 2.5, ls=":" if blocked else "-", zorder=1)
        if space is None:
            continue
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        cloud = clouds.get(space)
        gid = f"place:{space}"
        if cloud is not None:
            c = next(c for c in comps.clouds if c.id == cloud)
            ax.add_patch(Ellipse((mx, my), 0.42, 0.27, fc="white", ec="#4a6fa5", lw=1.5,
                                 zorder=4, gid=gid))
            ax.text(mx, my + 0.025, f"{space}\n{c.stars}★ {c.lightning}ϟ", ha="center",
                    va="center", fontsize=9, zorder=5, linespacing=0.95, gid=gid)
        else:
            ax.text(mx, my, space, ha="center", va="center", fontsize=9, color="#4a6fa5",
                    zorder=4, gid=gid, bbox={"boxstyle": "round,pad=0.15", "fc": "#eef3fb",
                                             "ec": "#4a6fa5", "lw": 0.6})
        _ring(ax, (mx, my), 0.2, space, last, targets)
    for name, d in g.nodes(data=True):
        x, y = d["pos"]
        gid = f"place:{name}"
        colour = LANDSCAPE_COLOURS[d["landscape"]]
        if d["castle"]:
            ax.add_patch(FancyBboxPatch((x - _RADIUS, y - _RADIUS), 2 * _RADIUS, 2 * _RADIUS,
                                        boxstyle="round,pad=0.0,rounding_size=0.08",
                                        fc=colour, ec="#8b0000", lw=3, zorder=2, gid=gid))
        else:
            ax.add_patch(Circle((x, y), _RADIUS, fc=colour, ec="#333333", lw=1, zorder=2,
                                gid=gid))
        ax.text(x, y + 0.21, name.replace(" ", "\n", 1) if len(name) > 12 else name,
                ha="center", va="center", fontsize=9, zorder=5, linespacing=0.9, gid=gid)
        _ring(ax, (x, y), _RADIUS, name, last, targets)
    towers = getattr(state, "towers", {}) or {}
    colours = comps.colours
    for tower in comps.towers:
        x, y = pos[tower.region]
        tx, ty = x + (0.16 if tower.square else -0.12), y + 0.03
        owner = towers.get(tower.id)
        edge = SEAT_COLOURS[colours[owner]] if owner is not None else "#333333"
        gid = f"place:{tower.id}"
        ax.plot([tx], [ty], ls="", ms=12, marker="s" if tower.square else "o",
                mfc=POTION_COLOURS[tower.colour], mec=edge,
                mew=3.5 if owner is not None else 1, zorder=6, gid=gid)
        label = f"{tower.id} {tower.vp}" + ("+w" * tower.wands)
        ax.text(tx, ty - 0.075, label, ha="center", va="top", fontsize=9, zorder=6, gid=gid)
        _ring(ax, (tx, ty), 0.06, tower.id, last, targets)
    if state is not None:
        here: dict[str, list[tuple[int, int]]] = {}
        for seat, pawns in enumerate(state.pawns):
            for k, region in enumerate(pawns):
                here.setdefault(region, []).append((seat, k + 1))
        for region, pawns in here.items():
            x, y = pos[region]
            count = len(pawns)
            for j, (seat, number) in enumerate(pawns):
                px = x + (j - (count - 1) / 2) * 0.115
                colour = colours[seat]
                ax.plot([px], [y - 0.255], ls="", marker="o", ms=14, mfc=SEAT_COLOURS[colour],
                        mec="black", zorder=7)
                ax.text(px, y - 0.255, str(number), ha="center", va="center", fontsize=9,
                        color=_INK[colour], zorder=8, weight="bold")
    ax.set_xlim(-0.55, 3.55)
    ax.set_ylim(-0.55, 4.55)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title if title is not None else _title(state), fontsize=11,
                 pad=2)
    _legend(fig, state, comps)
    return fig


def _title(state: Any) -> str:
    if state is None:
        return "The realm"
    head = f"Round {max(1, state.round)} of 7"
    if state.outcome is not None:
        names = state.game.seat_names()
        won = [names[s] for s in state.outcome.winners]
        who = (" and ".join(won) + (" win" if len(won) > 1 else " wins")) if won else "nobody wins"
        return f"Game over after round {max(1, state.round)}: {who}"
    return head + (f" — event: {state.event}" if state.event else "")


def _legend(fig: Figure, state: Any, comps: Components) -> None:
    handles: list[Any] = [
        Patch(fc=LANDSCAPE_COLOURS["forest"], ec="#333", label="forest region"),
        Patch(fc=LANDSCAPE_COLOURS["hill"], ec="#333", label="hill region"),
        Patch(fc=LANDSCAPE_COLOURS["mountain"], ec="#333", label="mountain region"),
        Patch(fc="white", ec="#8b0000", lw=3, label="castle (pawns start)"),
        symbol("tower Tn: its VP (+w: wand)", "#ccc", edge="#333"),
        symbol("square tower Sn: any potion", "white", marker="s", edge="#333"),
        *(symbol(f"{c} potion wanted", POTION_COLOURS[c], edge="#333") for c in POTIONS),
        symbol("delivered (ring: by whom)", "#ccc", edge=SEAT_COLOURS["red"], mew=3),
        Patch(fc="#eef3fb", ec="#4a6fa5", label="Cn: empty cloud space"),
        Patch(fc="white", ec="#4a6fa5", label="heavy cloud: ★ wands, ϟ"),
        stroke("border blocked by a cloud", "#bbbbbb", 1.5, ":"),
        *place_legend(),
    ]
    if state is not None:
        for seat, colour in enumerate(comps.colours[: state.game.players]):
            handles.append(symbol(f"{state.game.seat_names()[seat]}: pawns 1, 2",
                                  SEAT_COLOURS[colour], size=12))
    fig.legend(handles=handles, loc="upper left", bbox_to_anchor=(0.69, 0.99), fontsize=9,
               frameon=False, title="Legend", title_fontsize=10, handlelength=1.6,
               alignment="left")


def summary(state: Any) -> dict[str, Any]:
    """The state table of the stepper: round, event, and per seat VP, wands, potions, cards.

    Works on a view as on a state (other seats' hands only count their cards).

    Examples
    --------
    >>> import simlab
    >>> state = simlab.load_game("broom_service", players=2).new_initial_state()
    >>> summary(state)["Red"]
    '10 VP, 1 wand, potions orange 1, green 1, purple 1, 0 role cards'
    """
    rows: dict[str, Any] = {"round": f"{max(1, state.round)} of 7",
                            "event": state.event or "-"}
    for seat, name in enumerate(state.game.seat_names()):
        cards = counted(len(state.hands[seat]), "role card")
        rows[name] = (f"{_vp(state, seat)} VP, {_wands(state.wands[seat])}, potions "
                      f"{_potions(state.potions[seat])}, {cards}")
    return rows


def _wands(n: int) -> str:
    return f"{n} wand" + ("s" if n != 1 else "")


def _potions(counts: list[int]) -> str:
    return ", ".join(f"{c} {n}" for c, n in zip(POTIONS, counts, strict=True))


def _vp(state: Any, seat: int) -> int:
    final = getattr(state, "final_vp", None)
    return int(final[seat] if final is not None else state.vp[seat])


#: The chooser's group of each kind of action but a move (grouped by pawn); the rest: "pass".
_GROUPS: tuple[tuple[Any, str], ...] = (
    (A.ChooseRole | A.DoneChoosing, "choose role cards"),
    (A.PlayRole, "play a role card"),
    (A.Deliver, "deliver a potion"),
    (A.Gather, "take potions"),
    (A.Charm, "charm away a cloud"),
)


class RealmRenderer:
    """The stepper's renderer for Broom Service (see :mod:`simlab.widgets.render`)."""

    score_name = "VP"
    hidden = ("Each player's role cards are secret until played: another seat sees only "
              "how many a player holds; the event pile and the heavy clouds are shuffled.")

    def png(self, state: Any) -> bytes:
        """The realm drawn by :func:`draw`, as PNG: how Jupyter shows a state."""
        return png_bytes(draw(state))

    def draw(self, state: Any, last: Collection[str] = (),
             targets: Collection[str] = ()) -> Figure:
        """The realm with legend, last action and choices (see :func:`draw`)."""
        return draw(state, last=last, targets=targets)

    def place_of(self, state: Any, action: Any) -> str | None:
        """Region of a move, tower of a delivery, cloud space of a charm or a cloud."""
        if isinstance(action, A.Move):
            return action.region
        if isinstance(action, A.Deliver):
            return action.tower
        if isinstance(action, A.Charm | A.PlaceCloud):
            return action.space
        return None

    def group_of(self, state: Any, action: Any) -> str:
        """Role cards, pawn 1 / pawn 2, deliveries, potions, clouds, the rest."""
        if isinstance(action, A.Move):
            return f"move pawn {action.pawn}"
        return next((group for kinds, group in _GROUPS if isinstance(action, kinds)), "pass")

    def seat_panel(self, state: Any, seat: int) -> list[tuple[str, str]]:
        """Colour, role cards in hand, potions, wands, VP, pawns, the round's facts."""
        names = state.game.seat_names()
        hand = state.hands[seat]
        shown = [r for r in hand if r is not None]
        cards = (", ".join(shown) if len(shown) == len(hand)
                 else f"{counted(len(hand), 'role card')}, face down")
        rows = [
            ("colour", f"{names[seat]} (role cards and pawns)"),
            ("role cards in hand", cards or "none yet"),
            ("potions", _potions(state.potions[seat])),
            ("wands", str(state.wands[seat])),
            ("victory points", f"{_vp(state, seat)} VP"),
            ("witch pawns", f"1 in {state.pawns[seat][0]}, 2 in {state.pawns[seat][1]}"),
        ]
        delivered = sorted(t for t, s in state.towers.items() if s == seat)
        rows.append(("towers delivered to", ", ".join(delivered) or "none"))
        if state.bewitched:
            rows.append(("bewitched this round", ", ".join(state.bewitched)))
        if state.event:
            rows.append(("event this round", state.event))
        if state.role is not None:
            rows.append(("role being played", state.role))
        others = [f"{names[s]} {len(h)}" for s, h in enumerate(state.hands) if s != seat]
        rows.append(("others' hands (face down)", ", ".join(others)))
        return rows

    def scores(self, state: Any) -> list[int]:
        """Each seat's VP (the final VP once the game is scored)."""
        return [_vp(state, s) for s in range(state.game.players)]

    def summary(self, state: Any) -> dict[str, Any]:
        """The public table (see :func:`summary`)."""
        return summary(state)

    def policies(self, game: Any) -> list[str]:
        """The heuristic at every seat: a game ends in about 275 actions."""
        return ["heuristic"] * game.players


#: The renderer of :meth:`simlab.games.broom_service.rules.BroomServiceGame.renderer`.
RENDERER = RealmRenderer()
