"""TurnStepper: play or watch any registered game on its drawn board, in Jupyter or Voilà.

The widget is a view of a :class:`~simlab.widgets.session.StepSession`
(which holds the game, its history and the random streams) and holds no
rules.  It is laid out for a laptop's screen (1366 x 768 and up): the board
beside a side column, both as tall as the window leaves, so the board and
the controls are seen together and nothing scrolls the page:

- the board (:class:`~simlab.widgets.board_view.BoardView`): an SVG scaled
  to its frame (or zoomed), with a legend, the last action ringed in red and
  the places the seat to act may choose in orange; a human seat chooses by
  clicking them;
- at the top of the side column, never scrolled: Back, Step (one action,
  chance included), Turn (on to the next seat's decision), Play/Pause with a
  delay, "seen by", the whose-turn line with the "last:" line (the log's line
  of the last move) and, at the end, a banner naming the winners;
- under it, scrolling inside the column: the actions of a human seat in
  groups with their sizes (opening on the group of the move the game's
  heuristic would make; a choice is previewed on the board before "Do it"),
  the seat panel of the seat to act (its hand, resources and score in the
  rulebook's words), the final scores, and the log
  (:class:`~simlab.widgets.board_view.LogView`, written by
  :mod:`simlab.widgets.log`), which scrolls inside itself; a click on a line
  jumps to that move, and the later lines stay (greyed) for Step to replay;
- under the board: the seed, Reset and a policy per seat (``human`` lets you
  decide), the component folder, Save/Load of a game record, the state table.

The browser keeps the game of the page (:class:`~simlab.widgets.memory.PageMemory`):
a reload goes on with it, and says so.

Without an explicit ``policies``, the seats play the game's heuristics (the
renderer's ``policies``), so Play reaches the end.

Examples
--------
>>> import simlab
>>> stepper = TurnStepper(simlab.load_game("broom_service", players=2), seed=1)
>>> stepper.step_button.click()
>>> stepper.session.moves
1
>>> stepper.back_button.click()
>>> stepper.session.moves
0
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w
import numpy as np

from simlab.core.api import CHANCE, Action, Game
from simlab.core.data import data_dir
from simlab.core.errors import SimlabError
from simlab.core.record import GameRecord
from simlab.core.registry import load_game
from simlab.widgets.board_view import BoardView, Clock, LogView, place_title
from simlab.widgets.log import Namer, build_log, itemised_scores
from simlab.widgets.memory import PageMemory
from simlab.widgets.panels import banner_html, score_sheet_html, seat_panel_html, table_html
from simlab.widgets.render import GameRenderer, figure_svg, state_summary, who_acts
from simlab.widgets.session import HUMAN, StepSession
from simlab.widgets.shown import ShownByWidget

__all__ = ["TurnStepper"]

_EVERYONE = -1
#: Decisions a Play tick goes through at most (chance steps between them are free).
_TICK_DECISIONS = 1
#: The longest "last:" line over the board's side column (a longer one is cut, the log has it).
_CAPTION = 150


def _on_data(game: Game | str, players: int | None, data: str | Path | None) -> Game:
    """``game`` (a name or a Game) built on the components in ``data`` (if given)."""
    if isinstance(game, str):
        return load_game(game, players=players, data=data)
    if data is None:
        return game
    return load_game(game.NAME, players=game.players, data=data, **game.params["options"])


class TurnStepper(ShownByWidget):
    """Play or watch a game action by action on its drawn board.

    Parameters
    ----------
    game : Game or str
        A game, or a registered name (loaded with ``players``).
    policies : sequence of str, str or None
        Policy name per seat (``"human"`` lets the person at the screen
        decide for that seat); ``None``: the game's default seats
        (its heuristics).
    seed : int
        With no human seat, the stepper plays exactly the game
        ``simlab.play(game, policies, seed)`` records.
    players : int, optional
        Seats, when ``game`` is a name.
    seen_by : int, optional
        Start showing one seat's view instead of everything.
    log_lines : int
        Actions written in the log (the newest ones).
    zoom : float
        The board's zoom when ``fit`` is off (1: text at its point size).
    fit : bool
        Scale the board to its frame (the default); the zoom buttons turn it off.
    data : path, optional
        A component folder laid out like ``data/<game>/`` to play on (the
        shipped set when omitted).  The "components" field changes it: type a
        folder (empty: the shipped set) and press Reset.

    Attributes
    ----------
    session : StepSession
        The game being stepped (history, records); usable without widgets.
    widget : ipywidgets.VBox
        The whole control, displayed when the stepper is the cell's value.
    svg : str
        The board as last drawn.
    """

    def __init__(
        self,
        game: Game | str,
        policies: Sequence[str] | str | None = None,
        seed: int = 0,
        players: int | None = None,
        seen_by: int | None = None,
        log_lines: int = 400,
        zoom: float = 1.0,
        data: str | Path | None = None,
        fit: bool = True,
    ) -> None:
        game = _on_data(game, players, data)
        self.renderer = GameRenderer(game)
        self.namer = Namer(game.seat_names())
        if policies is None:
            policies = self.renderer.policies()
        self.session = StepSession(game, policies=policies, seed=seed, before=self._place,
                                   after=self.renderer.scores)
        self.log_lines = log_lines
        self.svg = ""
        self._quiet = False
        self._legal: list[Action] = []
        self._picked: str | None = None
        self._preview: Action | None = None
        self._build_controls(zoom, fit)
        self._build_seat_controls()
        if seen_by is not None:
            self.seen_by.value = seen_by
        self.widget = self._layout()
        self.refresh()

    # -- construction -----------------------------------------------------------------------
    def _button(self, name: str, text: str, tip: str) -> w.Button:
        button = w.Button(description=text, tooltip=tip, layout=w.Layout(width="auto"))
        button.add_class(f"simlab-{name}")  # stable CSS hooks, and the bundled icon
        return button

    def _build_controls(self, zoom: float, fit: bool) -> None:
        self.back_button = self._button("back", "Back", "undo the last action")
        self.step_button = self._button("step", "Step", "apply one action, chance included")
        self.turn_button = self._button("turn", "Turn", "step on to the next seat's decision")
        self.reset_button = self._button("reset", "Reset",
                                         "start again with the seed and seats shown")
        self.play_button = w.ToggleButton(description="Play", value=False,
                                          tooltip="play on by itself; click again to pause",
                                          layout=w.Layout(width="auto"))
        self.play_button.add_class("simlab-play")
        self.clock = Clock(interval=300)
        self.delay = w.IntSlider(value=300, min=0, max=3000, step=50, description="delay ms",
                                 continuous_update=False, layout=w.Layout(width="205px"),
                                 style={"description_width": "62px"})
        self.seed_field = w.IntText(value=self.session.seed, description="seed",
                                    layout=w.Layout(width="11em"))
        self.seen_by = w.Dropdown(description="seen by", layout=w.Layout(width="185px"),
                                  style={"description_width": "52px"})
        made = self.session.game.component_set
        self.data_field = w.Text(value="" if made.is_shipped else str(made.folder),
                                 placeholder="shipped (a folder like data/<game>/)",
                                 description="components", layout=w.Layout(width="30em"),
                                 style={"description_width": "initial"},
                                 tooltip="component folder; Reset plays on it")
        self.data_label = w.HTML()
        self.banner = w.HTML()
        self.banner.add_class("simlab-banner-box")
        self.winner = w.HTML()
        self.seen_note = w.HTML()
        self.board = BoardView(zoom=zoom, fit=fit)
        self.board.add_class("simlab-board-view")
        self.seat_panel = w.HTML()
        self.score_sheet = w.HTML()
        self.table = w.HTML()
        self.group_picker = w.ToggleButtons(layout=w.Layout(width="100%"),
                                            style={"button_width": "auto"})
        self.group_picker.add_class("simlab-groups")
        self.human_actions = w.Select(rows=7, layout=w.Layout(width="100%"))
        self.do_button = w.Button(description="Do it", button_style="primary")
        self.do_button.add_class("simlab-do")
        self.human_note = w.HTML()
        self.human_box = w.VBox([w.HTML("<b>Your decision</b>"), self.human_note,
                                 self.group_picker, self.human_actions, self.do_button])
        self.human_box.add_class("simlab-actions")
        self.log = LogView(height=0)  # as tall as the side column leaves
        self.memory = PageMemory(key=f"{self.session.game.NAME}-{self.session.game.players}")
        self.message = w.HTML()
        self.message.add_class("simlab-message")
        self.path_field = w.Text(value=f"{self.session.game.NAME}-record.json",
                                 description="record", layout=w.Layout(width="28em"))
        self.path_field.add_class("simlab-record")
        self.save_button = self._button("save", "Save", "save the game as a record (JSON)")
        self.load_button = self._button("load", "Load", "load a record and go on from its end")
        self.policy_pickers: list[w.Dropdown] = []
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))

        self.back_button.on_click(lambda _: self.back())
        self.step_button.on_click(lambda _: self.step())
        self.turn_button.on_click(lambda _: self.turn())
        self.reset_button.on_click(lambda _: self.reset())
        self.do_button.on_click(lambda _: self.do_human())
        self.save_button.on_click(lambda _: self.save())
        self.load_button.on_click(lambda _: self.load())
        self.play_button.observe(self._on_play, names="value")
        self.clock.on_tick(self._on_tick)
        self.delay.observe(self._on_delay, names="value")
        self.seen_by.observe(self._on_seen_by, names="value")
        self.group_picker.observe(self._on_group, names="value")
        self.human_actions.observe(self._on_choice, names="value")
        self.memory.on_restore(self.restore)
        self.board.observe(self._on_board_click, names="clicked")
        self.log.observe(self._on_log_click, names="clicked")

    def _layout(self) -> w.VBox:
        """The board beside a side column, as tall as the window (see ``board_view.STYLE``).

        The side column's top holds the buttons and the whose-turn line and
        never scrolls; under it the seat's decision, its panel, the final
        scores and the log scroll inside the column.  The settings (seed,
        seats, components, records) are under the board.
        """
        top = w.VBox([
            w.HBox([self.back_button, self.step_button, self.turn_button, self.play_button],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.seen_by, self.delay], layout=w.Layout(flex_flow="row wrap")),
            self.banner, self.winner])
        top.add_class("simlab-side-top")
        rest = w.VBox([self.human_box, self.seat_panel, self.score_sheet,
                       w.HTML("<b>Log</b> <span style='color:#666'>(click a line to go "
                              "to that move)</span>"), self.log])
        rest.add_class("simlab-side-rest")
        side = w.VBox([top, rest])
        side.add_class("simlab-side")
        main = w.HBox([self.board, side])
        main.add_class("simlab-main")
        box = w.VBox([
            main,
            self.message,
            w.HBox([self.seed_field, self.reset_button, self.seat_box],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.seen_note,
            w.HBox([self.data_field, self.data_label], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.path_field, self.save_button, self.load_button]),
            self.table,
            self.clock,
            self.memory,
        ])
        box.add_class("simlab-stepper")
        return box

    def _build_seat_controls(self) -> None:
        game = self.session.game
        names = game.seat_names()
        choices = [*game.policy_names(), HUMAN]
        choices += [p for p in dict.fromkeys(self.session.policy_names) if p not in choices]
        self._quiet = True
        self.policy_pickers = []
        for seat, name in enumerate(names):
            picker = w.Dropdown(options=choices, value=self.session.policy_names[seat],
                                description=name, layout=w.Layout(width="15em"))
            picker.observe(self._on_policy(seat), names="value")
            self.policy_pickers.append(picker)
        self.seat_box.children = tuple(self.policy_pickers)
        self.seen_by.options = [("everyone", _EVERYONE)] + [(n, s) for s, n in enumerate(names)]
        self.seen_by.value = _EVERYONE
        self._quiet = False

    def _on_policy(self, seat: int) -> Any:
        def changed(change: dict[str, Any]) -> None:
            if not self._quiet:
                self.session.set_policy(seat, change["new"])
                self.refresh()
        return changed

    def _place(self, state: Any, action: Action) -> str | None:
        return self.renderer.place_of(state, action)

    # -- actions --------------------------------------------------------------------------
    def step(self) -> bool:
        """Apply one action (what the Step button does); ``False`` if none was applied."""
        done = self.session.step()
        self.refresh()
        return done

    def turn(self) -> int:
        """Step on to the next seat's decision (the Turn button); actions applied."""
        done = self.session.turn()
        self.refresh()
        return done

    def back(self) -> bool:
        """Undo the last action (the Back button)."""
        done = self.session.back()
        self.refresh()
        return done

    def goto(self, move: int) -> bool:
        """Show the game after ``move`` actions (what a click on a log line does)."""
        done = self.session.goto(move)
        self.refresh()
        return done

    def reset(self) -> None:
        """Start again with the seed field, the policy pickers and the components field."""
        self.play_button.value = False
        if not self._use_data(self.data_field.value.strip() or None):
            return
        self.session.reset(seed=int(self.seed_field.value),
                           policies=[p.value for p in self.policy_pickers])
        self.message.value = ""
        self.refresh()

    def _use_data(self, folder: str | None) -> bool:
        """Play on the components in ``folder`` (None: shipped) from now on; False if refused."""
        game = self.session.game
        made = game.component_set
        if (folder is None) == made.is_shipped and (folder is None or
                                                     Path(folder).resolve() == made.folder):
            return True
        try:
            fresh = _on_data(game, game.players, folder or data_dir(game.NAME))
        except SimlabError as err:
            self.message.value = _error(str(err).splitlines()[0])
            return False
        self.renderer = GameRenderer(fresh)
        self.namer = Namer(fresh.seat_names())
        self.session = StepSession(fresh, policies=self.session.policy_names,
                                   seed=self.session.seed, before=self._place,
                                   after=self.renderer.scores)
        return True

    def do_human(self, action: Action | None = None) -> bool:
        """Apply ``action`` or the one chosen in the list (the "Do it" button).

        The other seats' policies then play on until a human seat is to decide
        again or the game ends (the log tells what they did).
        """
        if self.session.waiting_for is None:
            return False
        if action is None:
            index = self.human_actions.value
            if index is None or not 0 <= index < len(self._legal):
                return False
            action = self._legal[index]
        self._picked = None
        self.session.apply_human(action)
        self.session.run_to_end()  # the other seats play on, up to the next human decision
        self.refresh()
        return True

    def save(self, path: str | Path | None = None) -> Path | None:
        """Save the game so far as a record JSON file (the Save button)."""
        target = Path(path if path is not None else self.path_field.value)
        try:
            self.session.save(target)
        except OSError as err:
            self.message.value = _error(f"cannot save {target}: {err.strerror}")
            return None
        self.message.value = html.escape(f"saved {self.session.moves} actions to {target}")
        return target

    def load(self, path: str | Path | None = None) -> bool:
        """Load a record JSON file and continue from its end (the Load button)."""
        source = Path(path if path is not None else self.path_field.value)
        before = (self.session.game.NAME, self.session.game.players)
        try:
            self.session.load(source)
        except SimlabError as err:
            self.message.value = _error(str(err))
            return False
        if (self.session.game.NAME, self.session.game.players) != before:
            self.renderer = GameRenderer(self.session.game)
            self.namer = Namer(self.session.game.seat_names())
            self._build_seat_controls()
        self._quiet = True
        for picker, name in zip(self.policy_pickers, self.session.policy_names, strict=True):
            picker.value = name
        self.seed_field.value = self.session.seed
        self._quiet = False
        self.refresh()  # before the message: "loaded" means the page shows the game
        self.message.value = html.escape(f"loaded {self.session.moves} actions from {source}")
        return True

    # -- events from the browser ------------------------------------------------------------
    def _on_play(self, change: dict[str, Any]) -> None:
        playing = bool(change["new"])
        self.play_button.description = "Pause" if playing else "Play"
        if playing:
            self.play_button.add_class("mod-active")
        else:
            self.play_button.remove_class("mod-active")
        self.clock.playing = playing

    def _on_tick(self) -> None:
        """One Play tick: on to the next decision of a seat (chance steps on the way)."""
        session = self.session
        done = 0
        decisions = 0
        while decisions < _TICK_DECISIONS and session.step():
            done += 1
            if session.actors[-1] != CHANCE:
                decisions += 1
            while session.state.current_player == CHANCE and session.step():
                done += 1
        if not done or session.is_over or session.waiting_for is not None:
            self.play_button.value = False
        self.refresh()

    def _on_delay(self, change: dict[str, Any]) -> None:
        self.clock.interval = int(change["new"])

    def _on_seen_by(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.refresh()

    def _on_group(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self._picked = None
            self._fill_actions()
            self._on_choice({"new": self.human_actions.value})  # preview its first action

    def _on_board_click(self, change: dict[str, Any]) -> None:
        key = change["new"]
        if not key or self.session.waiting_for is None:
            return
        here = [a for a in self._legal if self.renderer.place_of(self.session.state, a) == key]
        if len(here) == 1:
            self.do_human(here[0])
        elif here:
            self._picked = key
            self._fill_actions()
            self.human_note.value = html.escape(f"{len(here)} actions at {key}: choose one "
                                                "and click “Do it”.")

    def _on_log_click(self, change: dict[str, Any]) -> None:
        move = int(change["new"])
        if move >= 0:
            self.play_button.value = False
            self.goto(move)

    # -- what is shown --------------------------------------------------------------------
    @property
    def seat_shown(self) -> int | None:
        """The seat whose view is shown, or ``None`` for everything."""
        value = self.seen_by.value
        return None if value in (None, _EVERYONE) else int(value)

    def shown_state(self) -> Any:
        """The state as the "seen by" selector shows it (a view for one seat)."""
        seat = self.seat_shown
        state = self.session.state
        return state if seat is None else state.view(seat)

    def log_text(self) -> list[str]:
        """The log as shown (hidden information left out for a seat's view), one text a line.

        One line per action, numbered from 1, in the game's seat names;
        under it, one line per change of score (see :mod:`simlab.widgets.log`).

        Examples
        --------
        >>> import simlab
        >>> game = simlab.load_game("broom_service", players=2)
        >>> st = TurnStepper(game, policies="random", seed=1)
        >>> while st.session.state.phase != "choose":
        ...     _ = st.session.step()
        >>> _ = st.session.step(); st.seen_by.value = 0
        >>> st.log_text()[-1]
        '19. Red chooses Weather Fairy'
        >>> st.seen_by.value = 1
        >>> st.log_text()[-1]
        '19. Red chooses a role card'
        """
        return [line.text for line in self._log_lines(None)]

    def _log_lines(self, limit: int | None) -> list[Any]:
        return build_log(self.session, self.seat_shown, self.namer, self.renderer.score_name,
                         limit=limit)

    def panel_seat(self) -> int:
        """The seat of the seat panel: the one "seen by" shows, else the seat to act."""
        seat = self.seat_shown
        if seat is not None:
            return seat
        player = self.session.state.current_player
        if player >= 0:
            return player
        actors = [a for a in self.session.actors if a >= 0]
        return actors[-1] if actors else 0

    def _last_caption(self) -> tuple[str | None, list[str]]:
        """The line about the last action and its board places, as the viewer may see them.

        The line says what the log's line of that move says (a draw names the
        tile drawn where the log does), under "last: move N".
        """
        session = self.session
        if not session.actions:
            return None, []
        seat = self.seat_shown
        action = session.actions[-1]
        seen = str(action) if seat is None else session.action_texts[-1][seat]
        lines = build_log(session, seat, self.namer, self.renderer.score_name, limit=1)
        said = next(line.text for line in lines if line.kind == "action").split(". ", 1)[1]
        if seen is None and session.actors[-1] != CHANCE and "hidden" not in said:
            said += " (what it was is hidden from you)"
        text = f"last: move {session.moves}, {said}"
        if len(text) > _CAPTION:  # the whole line is in the log, under the same number
            text = text[:_CAPTION].rsplit(" ", 1)[0] + " … (see the log)"
        place = session.before_notes[-1]
        return text, ([place] if place is not None and seen == str(action) else [])

    def winner_line(self) -> str | None:
        """The game-over line ("Dr. Eror wins: 12 Doctor Markers to 9"), ``None`` while running.

        Examples
        --------
        >>> import simlab
        >>> st = TurnStepper(simlab.load_game("broom_service", players=2), seed=1)
        >>> st.winner_line() is None
        True
        """
        outcome = self.session.state.outcome
        if outcome is None:
            return None
        names = self.namer.names
        winners = [names[s] for s in outcome.winners]
        if not winners:
            head = "Game over: nobody wins"
        elif len(winners) == 1:
            head = f"Game over: {winners[0]} wins"
        else:
            head = f"Game over: {', '.join(winners[:-1])} and {winners[-1]} win"
        scores = [f"{names[s]} {v:g}" for s, v in enumerate(outcome.scores)]
        tail = f" ({outcome.reason})" if outcome.reason else ""
        return f"{head} — {self.renderer.score_name}: {', '.join(scores)}{tail}"

    def refresh(self) -> None:
        """Redraw board, banner, seat panel, actions, log and controls from the session."""
        session = self.session
        made = session.game.component_set
        self.data_label.value = html.escape(f"playing on: {made.label} (hash {made.hash})")
        shown = self.shown_state()
        seat = self.seat_shown
        waiting = session.waiting_for
        self._legal = session.legal_actions() if waiting is not None else []
        self._preview = None
        caption = self._draw_board()
        names = self.namer.names
        viewer = None if seat is None else names[seat]
        status = f"move {session.moves} — to act: {who_acts(session.state)}"
        if waiting is not None:
            status += " (your decision: click the board or choose below)"
        if session.redo:
            status += f" — {len(session.redo)} later moves kept: Step replays them"
        self.banner.value = banner_html(viewer, self.renderer.hidden, status, caption,
                                        explain=False)
        self.seen_note.value = banner_html(viewer, self.renderer.hidden, "", None,
                                           explain=True, short=True)
        winner = self.winner_line()
        self.winner.value = ("" if winner is None else
                             f'<div class="simlab-winner">{html.escape(winner)}</div>')
        panel = self.panel_seat()
        player = session.state.current_player
        rows = self.renderer.seat_panel(session.state.view(panel), panel)
        self.seat_panel.value = seat_panel_html(names[panel], rows, to_act=panel == player)
        self.table.value = table_html(state_summary(shown, moves=session.moves))
        self._show_scores()
        self._fill_human(waiting)
        lines = self._log_lines(self.log_lines)
        future = self._future_lines()
        self.log.lines = [line.row() for line in lines] + future
        self.log.current = session.moves
        self.back_button.disabled = session.moves == 0
        blocked = session.is_over or (waiting is not None and not session.redo)
        self.step_button.disabled = blocked
        self.turn_button.disabled = blocked
        self.play_button.disabled = session.is_over and not self.play_button.value
        self.memory.record = session.record().to_json(indent=None)

    def _draw_board(self, preview: Action | None = None) -> str | None:
        """Draw the board (after ``preview``, when given); the "last:" line of the banner."""
        session = self.session
        seat = self.seat_shown
        player = session.state.current_player
        shown = self.shown_state()
        may_see = player >= 0 and (seat is None or seat == player)
        legal = session.legal_actions() if may_see else []
        at: dict[str, list[str]] = {}
        for a in legal:
            if (p := self.renderer.place_of(session.state, a)) is not None:
                at.setdefault(p, []).append(self.namer.text(str(a)))
        places = sorted(at)
        caption, last = self._last_caption()
        after = self._after(shown, preview) if preview is not None else None
        if after is not None and preview is not None:
            place = self.renderer.place_of(session.state, preview)
            figure = self.renderer.draw(after, last=[place] if place else [], targets=[])
            caption = (f"preview of your choice: {self.namer.text(str(preview))} "
                       "(click “Do it” to play it)")
        else:
            figure = self.renderer.draw(shown, last=last, targets=places)
        self.svg = figure_svg(figure)
        self.board.targets = places if session.waiting_for is not None else []
        self.board.titles = {key: place_title(at[key]) for key in self.board.targets}
        self.board.svg = self.svg
        return caption

    def _after(self, shown: Any, action: Action) -> Any:
        """The shown position after ``action`` (a preview), or ``None`` where it cannot be made.

        A seat's view may lack what the rules need to apply an action (a hidden
        card, a face-down tile): then there is no preview, and nothing else changes.
        """
        try:
            state = shown.clone()
            state.apply(action)
        except (SimlabError, KeyError, ValueError, IndexError, AttributeError):
            return None
        return state

    def _future_lines(self) -> list[tuple[int, str, str]]:
        """The undone moves, greyed under the log (their texts as the viewer may see them)."""
        names = self.namer.names
        seat = self.seat_shown
        rows = []
        for k, (actor, action) in enumerate(self.session.redo, self.session.moves + 1):
            who = "chance" if actor == CHANCE else names[actor]
            if seat is not None and actor not in (seat, CHANCE):
                text = f"{k}. {who}"
            elif seat is not None and actor == CHANCE:
                text = f"{k}. chance"
            else:
                text = f"{k}. {who}: {self.namer.text(str(action))}"
            rows.append((k, "future", text))
        return rows

    def _show_scores(self) -> None:
        session = self.session
        outcome = session.state.outcome
        if outcome is None:
            self.score_sheet.value = ""
            return
        sheet = itemised_scores(session, self.namer.names, self.renderer.score_name,
                                self.namer)
        self.score_sheet.value = score_sheet_html(sheet, self.renderer.score_name,
                                                  outcome.scores)

    def suggestion(self) -> Action | None:
        """The action the game's own heuristic would take for the human seat (``None``: none).

        The chooser opens on its group with it selected; asked with a generator
        seeded by the move number, so the same position suggests the same action.
        """
        waiting = self.session.waiting_for
        if waiting is None or not self._legal:
            return None
        name = self.renderer.policies()[waiting]
        if name == HUMAN:
            return None
        state = self.session.state
        try:
            policy = state.game.make_policy(name, waiting)
            view = state.view(waiting) if getattr(policy, "uses_view", True) else None
            action = policy.act(view, list(self._legal), np.random.default_rng(self.session.moves))
        except SimlabError:
            return None
        return action if action in self._legal else None

    def _fill_human(self, waiting: int | None) -> None:
        if waiting is None:
            self.human_box.layout.display = "none"
            self._quiet = True
            self.group_picker.options = []
            self.human_actions.options = []
            self._quiet = False
            return
        self.human_box.layout.display = ""
        self.play_button.value = False
        groups: dict[str, int] = {}
        for action in self._legal:
            group = self.renderer.group_of(self.session.state, action)
            groups[group] = groups.get(group, 0) + 1
        suggested = self.suggestion()
        first: str | None
        if suggested is not None:
            first = self.renderer.group_of(self.session.state, suggested)
        else:
            first = max(groups, key=lambda g: groups[g]) if groups else None
        self._quiet = True
        options = [(f"{g} ({n})", g) for g, n in groups.items()]
        self.group_picker.options = options
        self.group_picker.value = first
        self.group_picker.layout.display = "" if len(options) > 1 else "none"
        self._quiet = False
        note = f"{self.namer.names[waiting]} to act: {len(self._legal)} legal actions"
        if len(options) > 1:
            note += f" in {len(options)} groups"
        if suggested is not None:
            note += f"; the game's heuristic would play: {self.namer.text(str(suggested))}"
        self.human_note.value = (f'<div style="font:13px/1.4 sans-serif">'
                                 f'{html.escape(note + ".")}</div>')
        self._fill_actions(suggested)

    def _fill_actions(self, selected: Action | None = None) -> None:
        state = self.session.state
        if self._picked is not None:
            chosen = [i for i, a in enumerate(self._legal)
                      if self.renderer.place_of(state, a) == self._picked]
        else:
            group = self.group_picker.value
            chosen = [i for i, a in enumerate(self._legal)
                      if group is None or self.renderer.group_of(state, a) == group]
        self._quiet = True
        self.human_actions.options = [(self.namer.text(str(self._legal[i])), i) for i in chosen]
        self.human_actions.rows = max(2, min(8, len(chosen)))
        keep = [i for i in chosen if selected is not None and self._legal[i] == selected]
        self.human_actions.value = keep[0] if keep else (chosen[0] if chosen else None)
        self._quiet = False

    def _on_choice(self, change: dict[str, Any]) -> None:
        """A choice in the action list: the board previews it (the Bedpans tile placed, turned)."""
        if self._quiet or self.session.waiting_for is None:
            return
        index = change["new"]
        if index is None or not 0 <= index < len(self._legal):
            return
        action = self._legal[index]
        self._preview = action
        caption = self._draw_board(preview=action)
        seat = self.seat_shown
        names = self.namer.names
        status = (f"move {self.session.moves} — to act: {who_acts(self.session.state)} "
                  "(your decision: click the board or choose below)")
        self.banner.value = banner_html(None if seat is None else names[seat],
                                        self.renderer.hidden, status, caption, explain=False)

    def restore(self, text: str) -> bool:
        """Go on with the game a browser kept for this page (sent by :class:`PageMemory`).

        Taken only at move 0 (a page just loaded) and for the same game and seats;
        the message says so, and Reset starts again.
        """
        if self.session.moves:
            return False
        try:
            record = GameRecord.from_json(text, source="this browser's saved game")
        except (SimlabError, json.JSONDecodeError):
            return False
        game = self.session.game
        if (record.game, record.players) != (game.NAME, game.players) or not record.actions:
            return False
        try:
            self.session.load_record(record, source="this browser's saved game")
        except SimlabError as err:
            self.message.value = _error(f"could not go on with the saved game: {err}")
            return False
        self._quiet = True
        for picker, name in zip(self.policy_pickers, self.session.policy_names, strict=True):
            picker.value = name
        self.seed_field.value = self.session.seed
        self._quiet = False
        self.refresh()
        self.message.value = html.escape(
            f"went on with the game this browser kept for this page ({self.session.moves} "
            "actions); Reset starts again")
        return True

    # -- display ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        s = self.session
        last = f", last: {s.last_action}" if s.actions else ""
        return (f"TurnStepper({s.game.NAME}, {s.game.players} players, seed {s.seed}, "
                f"move {s.moves}{last})")


def _error(text: str) -> str:
    return f'<span style="color:#b22222">{html.escape(text)}</span>'
