"""TurnStepper: play or watch any registered game on its drawn board, in Jupyter or Voilà.

The widget is a view of a :class:`~simlab.widgets.session.StepSession`
(which holds the game, its history and the random streams) and holds no
rules.  Its parts:

- a bar of buttons: Back, Step (one action, chance included), Turn (on to
  the next seat's decision), Play/Pause with a delay, Reset with the seed
  and a policy per seat (``human`` lets you decide), and "seen by";
- a banner saying whose view is shown and what the game hides;
- the board (:class:`~simlab.widgets.board_view.BoardView`): an SVG at a
  size that does not depend on the log, zoomable, with a legend, the last
  action ringed in red and the places the seat to act may choose in orange;
  a human seat chooses by clicking them;
- the seat panel of the seat to act (or the seat "seen by" shows): its
  hand, resources and score in the rulebook's words, from its own view;
- the actions of a human seat, grouped by piece or kind;
- the log (:class:`~simlab.widgets.board_view.LogView`), written by
  :mod:`simlab.widgets.log`; a click on a line jumps to that move, and the
  later lines stay (greyed) for Step to replay;
- Save/Load of a game record.

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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

from simlab.core.api import CHANCE, Action, Game
from simlab.core.data import activate, data_dir
from simlab.core.errors import SimlabError
from simlab.core.registry import load_game
from simlab.widgets.board_view import BoardView, Clock, LogView, place_title
from simlab.widgets.log import Namer, build_log, itemised_scores
from simlab.widgets.panels import banner_html, score_sheet_html, seat_panel_html, table_html
from simlab.widgets.render import GameRenderer, figure_svg, state_summary, who_acts
from simlab.widgets.session import HUMAN, StepSession

__all__ = ["TurnStepper"]

_EVERYONE = -1
#: Decisions a Play tick goes through at most (chance steps between them are free).
_TICK_DECISIONS = 1


def _on_data(game: Game | str, players: int | None, data: str | Path | None) -> Game:
    """``game`` (a name or a Game) built on the components in ``data`` (if given)."""
    if isinstance(game, str):
        return load_game(game, players=players, data=data)
    if data is None:
        return game
    return load_game(game.NAME, players=game.players, data=data, **game.params["options"])


class TurnStepper:
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
        The board's starting zoom (1: text at its point size).
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
        self._build_controls(zoom)
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

    def _build_controls(self, zoom: float) -> None:
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
                                 continuous_update=False, layout=w.Layout(width="22em"))
        self.seed_field = w.IntText(value=self.session.seed, description="seed",
                                    layout=w.Layout(width="11em"))
        self.seen_by = w.Dropdown(description="seen by", layout=w.Layout(width="15em"))
        made = self.session.game.component_set
        self.data_field = w.Text(value="" if made.is_shipped else str(made.folder),
                                 placeholder="shipped (a folder like data/<game>/)",
                                 description="components", layout=w.Layout(width="30em"),
                                 style={"description_width": "initial"},
                                 tooltip="component folder; Reset plays on it")
        self.data_label = w.HTML()
        self.banner = w.HTML()
        self.board = BoardView(zoom=zoom)
        self.board.add_class("simlab-board-view")
        self.seat_panel = w.HTML()
        self.score_sheet = w.HTML()
        self.table = w.HTML()
        self.group_picker = w.Dropdown(description="actions", layout=w.Layout(width="100%"))
        self.human_actions = w.Select(rows=7, layout=w.Layout(width="100%"))
        self.do_button = w.Button(description="Do it", button_style="primary")
        self.do_button.add_class("simlab-do")
        self.human_note = w.HTML()
        self.human_box = w.VBox([w.HTML("<b>Your decision</b>"), self.human_note,
                                 self.group_picker, self.human_actions, self.do_button])
        self.human_box.add_class("simlab-actions")
        self.log = LogView(height=300)
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
        self.board.observe(self._on_board_click, names="clicked")
        self.log.observe(self._on_log_click, names="clicked")

    def _layout(self) -> w.VBox:
        side = w.VBox([self.seat_panel, self.human_box, self.score_sheet, self.table,
                       w.HTML("<b>Log</b> <span style='color:#777'>(click a line to go "
                              "to that move)</span>"), self.log],
                      layout=w.Layout(width="430px", min_width="380px", flex="0 0 auto",
                                      margin="0 0 0 8px"))
        main = w.HBox([self.board, side], layout=w.Layout(flex_flow="row wrap",
                                                          align_items="flex-start"))
        self.board.layout = w.Layout(flex="1 1 720px", min_width="720px")
        box = w.VBox([
            w.HBox([self.back_button, self.step_button, self.turn_button, self.play_button,
                    self.delay, self.clock], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.seed_field, self.reset_button, self.seen_by],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.data_field, self.data_label], layout=w.Layout(flex_flow="row wrap")),
            self.seat_box,
            self.banner,
            main,
            w.HBox([self.path_field, self.save_button, self.load_button]),
            self.message,
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
        """The line about the last action and its board places, as the viewer may see them."""
        session = self.session
        if not session.actions:
            return None, []
        seat = self.seat_shown
        action = session.actions[-1]
        seen = str(action) if seat is None else session.action_texts[-1][seat]
        actor = session.actors[-1]
        who = "chance" if actor == CHANCE else self.namer.names[actor]
        if seen is None:
            text = f"last: move {session.moves}, {who} (what it was is hidden from you)"
        else:
            said = self.namer.text(seen)
            text = f"last: move {session.moves}, " + (
                said if said.startswith(f"{who} ") else f"{who}: {said}")
        place = session.before_notes[-1]
        return text, ([place] if place is not None and seen == str(action) else [])

    def refresh(self) -> None:
        """Redraw board, banner, seat panel, actions, log and controls from the session."""
        session = self.session
        made = session.game.component_set
        activate(made)  # the board is drawn from this game's components
        self.data_label.value = html.escape(f"playing on: {made.label} (hash {made.hash})")
        shown = self.shown_state()
        seat = self.seat_shown
        player = session.state.current_player
        waiting = session.waiting_for
        self._legal = session.legal_actions() if waiting is not None else []
        may_see = player >= 0 and (seat is None or seat == player)
        legal = session.legal_actions() if may_see else []
        at: dict[str, list[str]] = {}
        for a in legal:
            if (p := self.renderer.place_of(session.state, a)) is not None:
                at.setdefault(p, []).append(self.namer.text(str(a)))
        places = sorted(at)
        caption, last = self._last_caption()
        figure = self.renderer.draw(shown, last=last, targets=places)
        self.svg = figure_svg(figure)
        self.board.targets = places if waiting is not None else []
        self.board.titles = {key: place_title(at[key]) for key in self.board.targets}
        self.board.svg = self.svg
        names = self.namer.names
        viewer = None if seat is None else names[seat]
        status = f"move {session.moves} — to act: {who_acts(session.state)}"
        if waiting is not None:
            status += " (your decision: click the board or choose below)"
        if session.redo:
            status += f" — {len(session.redo)} later moves kept: Step replays them"
        self.banner.value = banner_html(viewer, self.renderer.hidden, status, caption)
        panel = self.panel_seat()
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
        self._quiet = True
        options = [(f"{g} ({n})", g) for g, n in groups.items()]
        self.group_picker.options = options
        self.group_picker.value = options[0][1] if options else None
        self.group_picker.layout.display = "" if len(options) > 1 else "none"
        self._quiet = False
        self.human_note.value = html.escape(f"{self.namer.names[waiting]} to act: "
                                            f"{len(self._legal)} legal actions.")
        self._fill_actions()

    def _fill_actions(self) -> None:
        state = self.session.state
        if self._picked is not None:
            chosen = [i for i, a in enumerate(self._legal)
                      if self.renderer.place_of(state, a) == self._picked]
        else:
            group = self.group_picker.value
            chosen = [i for i, a in enumerate(self._legal)
                      if group is None or self.renderer.group_of(state, a) == group]
        self.human_actions.options = [(self.namer.text(str(self._legal[i])), i) for i in chosen]
        self.human_actions.value = chosen[0] if chosen else None

    # -- display ---------------------------------------------------------------------------
    def __repr__(self) -> str:
        s = self.session
        last = f", last: {s.last_action}" if s.actions else ""
        return (f"TurnStepper({s.game.NAME}, {s.game.players} players, seed {s.seed}, "
                f"move {s.moves}{last})")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = repr(self)
        return bundle


def _error(text: str) -> str:
    return f'<span style="color:#b22222">{html.escape(text)}</span>'
