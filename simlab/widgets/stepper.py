"""TurnStepper: step any registered game on its drawn board, in Jupyter or Voilà.

The widget is a view of a :class:`~simlab.widgets.session.StepSession`
(which holds the game, its history and the random streams) and holds no
rules.  Buttons: Back, Step (one action, chance included), Turn (on to the
next seat's decision), a Play/Pause control with a delay slider (an
``ipywidgets.Play``: the browser ticks, the kernel steps, no threads), Reset
(with the seed field and a policy picker per seat, ``human`` included), a
"seen by" selector (everyone, or one seat's view: the picture, the table
and the log show only what that seat may know), and Save/Load of a game
record.

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

from simlab.core.api import CHANCE, Game
from simlab.core.errors import SimlabError
from simlab.widgets.render import figure_png, png_html, render_state, state_summary, who_acts
from simlab.widgets.session import HUMAN, StepSession

__all__ = ["TurnStepper"]

_EVERYONE = -1
_LOG_STYLE = ("max-height:16em;overflow-y:auto;font-family:monospace;font-size:12px;"
              "border:1px solid #ccc;padding:4px")


class TurnStepper:
    """Step a game action by action on its drawn board.

    Parameters
    ----------
    game : Game or str
        A game, or a registered name (loaded with ``players``).
    policies : sequence of str, str or None
        Policy name per seat (``"human"`` lets the person at the screen
        decide for that seat); ``None`` is random play everywhere.
    seed : int
        With no human seat, the stepper plays exactly the game
        ``simlab.play(game, policies, seed)`` records.
    players : int, optional
        Seats, when ``game`` is a name.
    seen_by : int, optional
        Start showing one seat's view instead of everything.
    dpi : int
        Resolution of the board picture.
    log_lines : int
        Event log lines shown (the newest ones).

    Notes
    -----
    Display a stepper once per page: two views of one ``ipywidgets.Play``
    pause each other (each view reacts to the play/pause change).

    Attributes
    ----------
    session : StepSession
        The game being stepped (history, records); usable without widgets.
    widget : ipywidgets.VBox
        The whole control, displayed when the stepper is the cell's value.
    """

    def __init__(
        self,
        game: Game | str,
        policies: Sequence[str] | str | None = None,
        seed: int = 0,
        players: int | None = None,
        seen_by: int | None = None,
        dpi: int = 60,
        log_lines: int = 40,
    ) -> None:
        self.session = StepSession(game, policies=policies, seed=seed, players=players)
        self.dpi = dpi
        self.log_lines = log_lines
        self._quiet = False
        layout = w.Layout(width="auto")
        self.back_button = w.Button(description="Back", icon="step-backward", layout=layout,
                                    tooltip="undo the last action (replayed from the record)")
        self.step_button = w.Button(description="Step", icon="step-forward", layout=layout,
                                    tooltip="apply one action, chance included")
        self.turn_button = w.Button(description="Turn", icon="fast-forward", layout=layout,
                                    tooltip="step on to the next seat's decision")
        self.reset_button = w.Button(description="Reset", icon="refresh", layout=layout,
                                     tooltip="start again with the seed and policies shown")
        self.play = w.Play(value=0, min=0, max=10**9, step=1, interval=500,
                           description="Play", show_repeat=False)
        self.delay = w.IntSlider(value=500, min=50, max=3000, step=50, description="delay ms",
                                 continuous_update=False)
        self.seed_field = w.IntText(value=self.session.seed, description="seed",
                                    layout=w.Layout(width="12em"))
        self.seen_by = w.Dropdown(description="seen by", layout=w.Layout(width="16em"))
        self.human_actions = w.Dropdown(description="choose", layout=w.Layout(width="40em"))
        self.do_button = w.Button(description="Do it", button_style="primary")
        self.human_box = w.HBox([self.human_actions, self.do_button])
        self.status = w.HTML()
        self.board = w.HTML()
        self.table = w.HTML()
        self.log = w.HTML()
        self.message = w.HTML()
        self.path_field = w.Text(value=f"{self.session.game.NAME}-record.json",
                                 description="record", layout=w.Layout(width="30em"))
        self.save_button = w.Button(description="Save", icon="save")
        self.load_button = w.Button(description="Load", icon="folder-open")
        self.policy_pickers: list[w.Dropdown] = []
        self.seat_box = w.HBox()
        for name in ("back", "step", "turn", "reset", "do", "save", "load"):
            getattr(self, f"{name}_button").add_class(f"simlab-{name}")  # stable CSS hooks

        self.back_button.on_click(lambda _: self.back())
        self.step_button.on_click(lambda _: self.step())
        self.turn_button.on_click(lambda _: self.turn())
        self.reset_button.on_click(lambda _: self.reset())
        self.do_button.on_click(lambda _: self.do_human())
        self.save_button.on_click(lambda _: self.save())
        self.load_button.on_click(lambda _: self.load())
        self.play.observe(self._on_tick, names="value")
        self.delay.observe(self._on_delay, names="value")
        self.seen_by.observe(self._on_seen_by, names="value")

        self._build_seat_controls()
        if seen_by is not None:
            self.seen_by.value = seen_by
        self.widget = w.VBox([
            w.HBox([self.back_button, self.step_button, self.turn_button, self.play,
                    self.delay]),
            w.HBox([self.seed_field, self.reset_button, self.seen_by]),
            self.seat_box,
            self.status,
            self.human_box,
            w.HBox([self.board, w.VBox([self.table, self.log],
                                       layout=w.Layout(min_width="22em"))]),
            w.HBox([self.path_field, self.save_button, self.load_button]),
            self.message,
        ])
        self.widget.add_class("simlab-stepper")
        self.refresh()

    # -- controls built from the game --------------------------------------------------------
    def _build_seat_controls(self) -> None:
        game = self.session.game
        names = game.seat_names()
        choices = [*game.policy_names(), HUMAN]
        self._quiet = True
        self.policy_pickers = []
        for seat, name in enumerate(names):
            picker = w.Dropdown(options=choices, value=self.session.policy_names[seat],
                                description=name, layout=w.Layout(width="16em"))
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

    def reset(self) -> None:
        """Start again with the seed field and the policy pickers (the Reset button)."""
        self.play.playing = False
        self.session.reset(seed=int(self.seed_field.value),
                           policies=[p.value for p in self.policy_pickers])
        self.message.value = ""
        self.refresh()

    def do_human(self) -> None:
        """Apply the action chosen in the human seat's list (the "Do it" button)."""
        legal = self.session.legal_actions()
        index = self.human_actions.value
        if self.session.waiting_for is None or index is None or not 0 <= index < len(legal):
            return
        self.session.apply_human(legal[index])
        self.refresh()

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
            self._build_seat_controls()
        self._quiet = True
        for picker, name in zip(self.policy_pickers, self.session.policy_names, strict=True):
            picker.value = name
        self.seed_field.value = self.session.seed
        self._quiet = False
        self.message.value = html.escape(f"loaded {self.session.moves} actions from {source}")
        self.refresh()
        return True

    def _on_tick(self, change: dict[str, Any]) -> None:
        if change["new"] <= change["old"]:
            return  # the Play control was stopped and rewound: not a tick
        if not self.step():
            self.play.playing = False

    def _on_delay(self, change: dict[str, Any]) -> None:
        self.play.interval = int(change["new"])

    def _on_seen_by(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.refresh()

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
        """The event log lines as shown (hidden information left out for a seat's view).

        One line per action: its number, who acted, the action's text and what
        it caused.  For one seat's view, each action's text is the one the game
        gives that seat (``State.action_text_for``, asked before the action was
        applied): public moves, rolls and tiles in full; another seat's secret
        choice or draw masked ("exchange 2 Stuff-markers") or left out, so the
        line reads "N. Seat 1 — Seat 1 chooses a role card" (the events say what
        happened); and events whose ``seen_by`` leaves the seat out are not
        shown at all.

        Examples
        --------
        >>> import simlab
        >>> st = TurnStepper(simlab.load_game("broom_service", players=2), seed=1)
        >>> while st.session.state.phase != "choose":
        ...     _ = st.session.step()
        >>> _ = st.session.step(); st.seen_by.value = 0
        >>> st.log_text()[-1]
        '19. Seat 0: Seat 0 chooses Weather Fairy — Seat 0 chooses a role card'
        >>> st.seen_by.value = 1
        >>> st.log_text()[-1]
        '19. Seat 0 — Seat 0 chooses a role card'
        """
        seat = self.seat_shown
        names = self.session.game.seat_names()
        session = self.session
        lines: list[str] = []
        rows = zip(session.actors, session.actions, session.events, session.action_texts,
                   strict=True)
        for index, (actor, action, events, texts) in enumerate(rows, 1):
            who = "chance" if actor == CHANCE else names[actor]
            shown = str(action) if seat is None else texts[seat]
            head = f"{index}. {who}" + (f": {shown}" if shown is not None else "")
            said = [e.text for e in events if e.visible_to(seat)]
            if shown is not None and said == [shown]:
                said = []  # the event only repeats the action's text
            lines.append(head + (" — " + "; ".join(said) if said else ""))
        return lines

    def refresh(self) -> None:
        """Redraw picture, table, log, status and controls from the session."""
        session = self.session
        shown = self.shown_state()
        seat = self.seat_shown
        last = session.last_action
        seen = None if seat is None or last is None else session.action_texts[-1][seat]
        if seat is not None and last is not None and seen != str(last):  # not public
            caption = f"move {session.moves} by {_actor_name(session)}"
            caption += f": {seen}" if seen is not None else ""
            figure = render_state(shown, highlight=None, moves=session.moves, caption=caption)
        else:
            figure = render_state(shown, highlight=last, moves=session.moves)
        self.png = figure_png(figure, dpi=self.dpi)
        self.board.value = png_html(self.png, alt=f"{session.game.NAME} board")
        rows = state_summary(shown, moves=session.moves)
        self.table.value = _table_html(rows)
        lines = self.log_text()[-self.log_lines:]  # shown newest first
        self.log.value = (f'<div class="simlab-log" style="{_LOG_STYLE}">'
                          + "".join(f"<div>{html.escape(line)}</div>" for line in reversed(lines))
                          + "</div>")
        waiting = session.waiting_for
        if waiting is not None:
            legal = session.legal_actions()
            self.human_actions.options = [(str(a), i) for i, a in enumerate(legal)]
            self.human_actions.value = 0 if legal else None
            self.human_box.layout.display = ""
            self.play.playing = False
        else:
            self.human_actions.options = []
            self.human_box.layout.display = "none"
        status = f"move {session.moves} — to act: {who_acts(session.state)}"
        if waiting is not None:
            status += " (your decision: choose below and click “Do it”)"
        self.status.value = f'<span class="simlab-status">{html.escape(status)}</span>'
        self.back_button.disabled = session.moves == 0
        blocked = session.is_over or waiting is not None
        self.step_button.disabled = blocked
        self.turn_button.disabled = blocked

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


def _actor_name(session: StepSession) -> str:
    actor = session.actors[-1]
    return "chance" if actor == CHANCE else session.game.seat_names()[actor]


def _error(text: str) -> str:
    return f'<span style="color:#b22222">{html.escape(text)}</span>'


def _table_html(rows: dict[str, Any]) -> str:
    body = "".join(
        f"<tr><th style='text-align:left;padding-right:1em'>{html.escape(str(k))}</th>"
        f"<td>{html.escape(str(v))}</td></tr>" for k, v in rows.items()
    )
    return f'<table class="simlab-state">{body}</table>'
