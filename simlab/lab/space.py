"""The tuner's search space: knobs on a game's options and on its component numbers.

A *knob* is one thing a designer may change: a typed option of the game
(:attr:`simlab.core.api.Game.OPTIONS`), or one number in one line of the
game's component files (``data/<game>/*.txt``: a count, a value, a score, a
hand size).  A :class:`Space` is a set of knobs read from a TOML *space file*;
its defaults are the rulebook's (the option's default, the shipped file's
number).  A trial's values become a game: the options are passed to
:func:`simlab.load_game` and the component numbers are written into a copy of
the data folder (:func:`simlab.core.data.export_data`), which the game is then
built on (``load_game(name, data=folder)``).

A space file::

    game = "bad_doctor"

    [options]
    optional_bonuses = [false, true]      # a list: the values to choose from
    goal = { low = 6, high = 10 }         # a range of whole numbers (step 1)

    [components.complication_cubes]       # one number of one component file
    file = "components.txt"               # the file in data/<game>/
    row = "complication_cubes"            # the line: its first field(s)
    field = 2                             # which field of that line (1 = the first)
    low = 10
    high = 20
    # absorb = "Puddle"                   # a row whose same field takes the change,
                                          # so that a total stays the same

Every mistake (an unknown option or row, a value the option or the loader
refuses, a file that is not TOML) is a :class:`~simlab.core.errors.ConfigError`
naming the space file and its line, raised by :func:`load_space` before any
game is played: it builds the game at every knob's ends (and at the joint end
of knobs that share an ``absorb`` row) to make sure.

The distance of a trial from the rulebook (the tuner's second objective) is
the sum over the knobs of 0 for a knob at its default, else
``0.5 + 0.5 * |value - default| / farthest`` for a number (``farthest``: the
range's farther end from the default) and 1 for a choice: a moved knob costs
between 0.5 and 1, so the distance counts the knobs moved and how far.

Examples
--------
>>> space = parse_space('''
... game = "bad_doctor"
... [options]
... goal = { low = 6, high = 10 }
... [components.cubes]
... file = "components.txt"
... row = "complication_cubes"
... field = 2
... low = 10
... high = 20
... ''', source="doc.toml")
>>> [k.name for k in space.knobs], space.defaults()
(['goal', 'cubes'], {'goal': 8, 'cubes': 15})
>>> space.distance({"goal": 8, "cubes": 20}), space.moved({"goal": 6, "cubes": 15})
(1.0, ['goal'])
"""

from __future__ import annotations

import re
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from simlab.core.data import data_dir, export_data
from simlab.core.errors import ConfigError, DataError, SimlabError

__all__ = [
    "Knob",
    "Space",
    "default_space_path",
    "field_spans",
    "load_space",
    "parse_space",
]

_KINDS = ("option", "component")


@dataclass(frozen=True)
class Knob:
    """One thing a trial may change.

    Attributes
    ----------
    name : str
        The option's name, or the component knob's name in the space file.
    kind : str
        ``"option"`` or ``"component"``.
    default : Any
        The rulebook's value (the option default, the shipped file's number).
    choices : tuple or None
        The values to choose from (a categorical knob), or ``None`` for a range.
    low, high, step : int or float or None
        The range of a numeric knob.
    file, row, field, absorb : component knobs only
        Where the number is: the file, the line (its first fields), the
        1-based field; ``absorb`` names a row whose same field takes the
        change (``None``: none does).
    line : int
        The line of the space file that declares it.
    """

    name: str
    kind: str
    default: Any
    choices: tuple[Any, ...] | None = None
    low: int | float | None = None
    high: int | float | None = None
    step: int | float | None = None
    file: str = ""
    row: str = ""
    field: int = 0
    absorb: str | None = None
    line: int = 0

    def values(self) -> tuple[Any, ...]:
        """The knob's extreme values: every choice, or the two ends of the range."""
        return self.choices if self.choices is not None else (self.low, self.high)

    def suggest(self, trial: Any) -> Any:
        """Ask an Optuna ``trial`` for this knob's value (the Optuna parameter is its name)."""
        if self.choices is not None:
            return trial.suggest_categorical(self.name, list(self.choices))
        if isinstance(self.default, int) and not isinstance(self.default, bool) \
                and isinstance(self.low, int) and isinstance(self.high, int):
            return trial.suggest_int(self.name, self.low, self.high, step=int(self.step or 1))
        return trial.suggest_float(self.name, float(self.low), float(self.high),  # type: ignore[arg-type]
                                   step=None if self.step is None else float(self.step))

    def distance(self, value: Any) -> float:
        """0 at the default; 1 for another choice; 0.5 to 1 for another number (how far).

        Examples
        --------
        >>> k = Knob("goal", "option", 8, low=6, high=12)
        >>> k.distance(8), k.distance(10), k.distance(12), k.distance(6)
        (0.0, 0.75, 1.0, 0.75)
        """
        if value == self.default:
            return 0.0
        if self.choices is not None:
            return 1.0
        farthest = max(float(self.high) - self.default, self.default - float(self.low))  # type: ignore[arg-type]
        return 0.5 + 0.5 * abs(float(value) - self.default) / farthest if farthest else 1.0


@dataclass(frozen=True)
class Space:
    """A game's knobs, read from a space file (see the module's docstring).

    Attributes
    ----------
    game : str
        The registered game.
    knobs : tuple of Knob
        The knobs, in the file's order.
    source : str
        The space file (for messages).
    players : int or None
        The seats the file was written for (``players = N``), if it says.
    """

    game: str
    knobs: tuple[Knob, ...]
    source: str = "<space>"
    players: int | None = None
    notes: str = field(default="", compare=False)
    text: str = field(default="", compare=False, repr=False)

    def knob(self, name: str) -> Knob:
        """The knob ``name``.

        Raises
        ------
        ConfigError
            No such knob (the message lists them).
        """
        for knob in self.knobs:
            if knob.name == name:
                return knob
        raise ConfigError(f"{self.source}: no knob {name!r}; knobs: "
                          f"{', '.join(k.name for k in self.knobs)}")

    def defaults(self) -> dict[str, Any]:
        """Every knob at the rulebook's value."""
        return {k.name: k.default for k in self.knobs}

    def complete(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """``params`` with every knob it leaves out at its default.

        Raises
        ------
        ConfigError
            ``params`` names a knob the space does not have.
        """
        for name in params:
            self.knob(name)
        return {k.name: params.get(k.name, k.default) for k in self.knobs}

    def distance(self, params: Mapping[str, Any]) -> float:
        """How far ``params`` is from the rulebook (the sum of :meth:`Knob.distance`)."""
        full = self.complete(params)
        return round(sum(k.distance(full[k.name]) for k in self.knobs), 12)

    def moved(self, params: Mapping[str, Any]) -> list[str]:
        """The knobs ``params`` moves off the rulebook's value."""
        full = self.complete(params)
        return [k.name for k in self.knobs if full[k.name] != k.default]

    def describe(self, params: Mapping[str, Any]) -> str:
        """The moved knobs in words, ``"rulebook"`` when none moved.

        Examples
        --------
        >>> space = parse_space('game = "bad_doctor"\\n[options]\\ngoal = {low = 6, high = 10}')
        >>> space.describe({"goal": 7}), space.describe({})
        ('goal 8 -> 7', 'rulebook')
        """
        full = self.complete(params)
        moved = [f"{k.name} {k.default} -> {full[k.name]}" for k in self.knobs
                 if full[k.name] != k.default]
        return "; ".join(moved) or "rulebook"

    def options(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The game options of ``params`` (every option knob, defaults included)."""
        full = self.complete(params)
        return {k.name: full[k.name] for k in self.knobs if k.kind == "option"}

    def needs_data(self, params: Mapping[str, Any]) -> bool:
        """Whether ``params`` moves a component knob (else the shipped files serve)."""
        full = self.complete(params)
        return any(full[k.name] != k.default for k in self.knobs if k.kind == "component")

    def write_data(self, params: Mapping[str, Any], folder: str | Path) -> Path | None:
        """Write the component files of ``params`` into ``folder``; ``None`` if none moved.

        The shipped files are copied (``simlab data export``) and each moved
        component knob's number is written into its line, the rest of the
        line (and every comment) kept.

        Raises
        ------
        DataError
            An ``absorb`` row would go below 0.
        ConfigError
            ``folder`` already holds component files, or cannot be written.
        """
        if not self.needs_data(params):
            return None
        full = self.complete(params)
        target = Path(folder)
        export_data(self.game, target)
        edits: dict[str, dict[tuple[str, int], int | float]] = {}
        for knob in self.knobs:
            if knob.kind != "component" or full[knob.name] == knob.default:
                continue
            file_edits = edits.setdefault(knob.file, {})
            file_edits[(knob.row, knob.field)] = full[knob.name]
            if knob.absorb is not None:
                key = (knob.absorb, knob.field)
                base = file_edits.get(key, _read_number(target / knob.file, knob.absorb,
                                                        knob.field, self.source, knob.line))
                file_edits[key] = base - (full[knob.name] - knob.default)
        for name, changes in edits.items():
            path = target / name
            lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
            for (row, index), value in changes.items():
                number = _find_row(lines, row, path.name, self.source, 0)
                if isinstance(value, int | float) and value < 0:
                    raise DataError(f"{row!r} field {index} would be {value} (below 0)",
                                    file=path.name, line=number + 1)
                lines[number] = _replace_field(lines[number], index, _number_text(value))
            path.write_text("".join(lines), encoding="utf-8")
        return target

    def check(self, players: int | None = None) -> None:
        """Build the game at every knob's ends (options and component numbers).

        Every option value, and every component number (the joint ends of the
        knobs that share an ``absorb`` row too), is given to the game as a
        trial would give it, and its first state made, so that the game's own
        checks and its component loader judge it before any game is played.

        Raises
        ------
        ConfigError
            A value the game or its loader refuses, naming the space file's line.
        """
        import simlab

        trials: list[tuple[Knob | None, dict[str, Any]]] = []
        for knob in self.knobs:
            trials += [(knob, {knob.name: value}) for value in knob.values()]
        groups: dict[tuple[str, str, int], list[Knob]] = {}
        for knob in self.knobs:
            if knob.kind == "component" and knob.absorb is not None:
                groups.setdefault((knob.file, knob.absorb, knob.field), []).append(knob)
        for members in groups.values():
            if len(members) > 1:
                trials.append((members[0], {k.name: k.high for k in members}))
                trials.append((members[0], {k.name: k.low for k in members}))
        with tempfile.TemporaryDirectory(prefix="simlab-space-") as scratch:
            for number, (at, params) in enumerate(trials):
                where = f"{self.source}:{at.line}" if at is not None else self.source
                try:
                    folder = self.write_data(params, Path(scratch) / str(number))
                    game = simlab.load_game(self.game, players=players, data=folder,
                                            **self.options(params))
                    game.new_initial_state()
                except SimlabError as err:
                    shown = ", ".join(f"{k}={v!r}" for k, v in params.items())
                    raise ConfigError(f"{where}: {shown} is refused: "
                                      f"{str(err).splitlines()[0]}") from None


def default_space_path(game: str) -> Path:
    """The space file shipped for ``game``: ``data/<game>/space.toml``.

    Examples
    --------
    >>> default_space_path("bedpans").name
    'space.toml'
    """
    return data_dir(game) / "space.toml"


def load_space(path: str | Path | None, game: str, *, players: int | None = None,
               check: bool = True) -> Space:
    """Read a space file (the game's shipped one when ``path`` is ``None``) and check it.

    Raises
    ------
    ConfigError
        The file cannot be read, is not TOML, names another game, an unknown
        option or component row, or a value the game refuses (file and line).

    Examples
    --------
    >>> space = load_space(None, "hospital_rush", check=False)
    >>> space.game, len(space.knobs) > 3
    ('hospital_rush', True)
    """
    from simlab.core.registry import canonical_name

    name = canonical_name(game)
    file = Path(path) if path is not None else default_space_path(name)
    if path is None and not file.is_file():
        raise ConfigError(f"{name} ships no space file ({file.name}); give one with --space FILE")
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as err:
        raise ConfigError(f"cannot read space file {str(file)!r} ({err.strerror})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{file}: space file is not UTF-8 text") from None
    space = parse_space(text, source=str(file), game=name)
    if check:
        space.check(players if players is not None else space.players)
    return space


def parse_space(text: str, *, source: str = "<space>", game: str | None = None) -> Space:
    """Read the text of a space file into a :class:`Space` (without building any game).

    Raises
    ------
    ConfigError
        Not TOML (with the line), a key or value the format does not know, an
        unknown option or component row, a default outside the range.
    """
    from simlab.core.registry import canonical_name, game_class

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        line = getattr(err, "lineno", None) or _line_from_message(str(err))
        reason = getattr(err, "msg", str(err).split(" (at ")[0])
        raise ConfigError(f"{source}:{line}: not a TOML space file ({reason})") from None
    lines = text.splitlines()

    def fail(line: int, message: str) -> ConfigError:
        return ConfigError(f"{source}:{line}: {message}")

    unknown = sorted(set(data) - {"game", "players", "notes", "options", "components"})
    if unknown:
        raise fail(_line_of(lines, unknown[0]), f"unknown key {unknown[0]!r} (a space file "
                   "has game, players, notes, [options] and [components.NAME])")
    named = data.get("game", game)
    if not isinstance(named, str):
        raise fail(_line_of(lines, "game"), "game must be a game's name")
    name = canonical_name(named)
    if game is not None and name != canonical_name(game):
        raise fail(_line_of(lines, "game"), f"the space is for {name}, not {game}")
    cls = game_class(name)
    players = data.get("players")
    if players is not None and (not isinstance(players, int) or isinstance(players, bool)
                                or not cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS):
        raise fail(_line_of(lines, "players"), f"players must be {cls.MIN_PLAYERS} to "
                   f"{cls.MAX_PLAYERS}, not {players!r}")
    knobs: list[Knob] = []
    options = {o.name: o for o in cls.OPTIONS}
    for key, spec in _table(data, "options", lines, fail).items():
        line = _line_of(lines, key, "options")
        option = options.get(key)
        if option is None:
            raise fail(line, f"{name} has no option {key!r}; options: {', '.join(options)}")
        knobs.append(_option_knob(option, spec, line, fail))
    for key, spec in _table(data, "components", lines, fail).items():
        line = _line_of(lines, key, "components")
        if key in options:
            raise fail(line, f"component knob {key!r} has an option's name")
        if not isinstance(spec, dict):
            raise fail(line, f"[components.{key}] must be a table (file, row, field, low, high)")
        knobs.append(_component_knob(name, key, spec, line, fail))
    if not knobs:
        raise fail(1, "the space has no knob ([options] or [components.NAME])")
    notes = data.get("notes", "")
    return Space(name, tuple(knobs), source, players, str(notes), text)


# -- reading the parts of a space file -----------------------------------------------------
def _table(data: dict, key: str, lines: list[str], fail: Any) -> dict[str, Any]:
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise fail(_line_of(lines, key), f"{key} must be a table ([{key}])")
    return table


def _option_knob(option: Any, spec: Any, line: int, fail: Any) -> Knob:
    default = option.default
    if isinstance(spec, list):
        if not spec:
            raise fail(line, f"option {option.name!r}: an empty list of values")
        try:
            values = tuple(option.convert(v) for v in spec)
        except ConfigError as err:
            raise fail(line, str(err)) from None
        if default not in values:
            values = (default, *values)
        return Knob(option.name, "option", default, choices=values, line=line)
    if isinstance(spec, dict):
        bad = sorted(set(spec) - {"low", "high", "step"})
        if bad:
            raise fail(line, f"option {option.name!r}: unknown key {bad[0]!r} (low, high, step)")
        if isinstance(default, bool) or not isinstance(default, int | float):
            takes = (f"one of {', '.join(map(str, option.choices))}" if option.choices
                     else type(default).__name__)
            raise fail(line, f"option {option.name!r} takes {takes}; give a list of values, "
                       "not a range")
        low, high, step = _range(spec, option.name, line, fail, type(default))
        try:
            for value in (low, high):
                option.convert(value)
        except ConfigError as err:
            raise fail(line, str(err)) from None
        if not low <= default <= high:
            raise fail(line, f"option {option.name!r}: the range {low}..{high} leaves out "
                       f"the rulebook's {default}")
        if option.choices is not None:
            stepping = step or 1
            steps = [low + i * stepping for i in range(int((high - low) / stepping) + 1)]
            refused = [v for v in steps if v not in option.choices]
            if refused:
                raise fail(line, f"option {option.name!r} takes one of "
                           f"{', '.join(map(str, option.choices))}, not {refused[0]!r}")
        return Knob(option.name, "option", default, low=low, high=high, step=step, line=line)
    raise fail(line, f"option {option.name!r}: give a list of values or "
               "{ low = ..., high = ... }")


def _range(spec: dict, name: str, line: int, fail: Any, kind: type) -> tuple[Any, Any, Any]:
    try:
        low, high = spec["low"], spec["high"]
    except KeyError as missing:
        raise fail(line, f"{name!r}: the range needs {missing.args[0]}") from None
    step = spec.get("step")
    for value in (low, high, step):
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int | float) or \
                (kind is int and not isinstance(value, int)):
            raise fail(line, f"{name!r}: low, high and step are "
                       f"{'whole numbers' if kind is int else 'numbers'}, not {value!r}")
    if low >= high:
        raise fail(line, f"{name!r}: low {low} is not below high {high}")
    if step is not None and step <= 0:
        raise fail(line, f"{name!r}: step must be above 0, not {step}")
    return low, high, step


def _component_knob(game: str, name: str, spec: dict, line: int, fail: Any) -> Knob:
    bad = sorted(set(spec) - {"file", "row", "field", "low", "high", "step", "absorb"})
    if bad:
        raise fail(line, f"component knob {name!r}: unknown key {bad[0]!r} "
                   "(file, row, field, low, high, step, absorb)")
    for key in ("file", "row", "field"):
        if key not in spec:
            raise fail(line, f"component knob {name!r} needs {key}")
    file, row, index = spec["file"], spec["row"], spec["field"]
    if not isinstance(file, str) or "/" in file or "\\" in file or not file.endswith(".txt"):
        raise fail(line, f"component knob {name!r}: file is a *.txt of data/{game}/, "
                   f"not {file!r}")
    path = data_dir(game) / file
    if not path.is_file():
        shipped = ", ".join(sorted(p.name for p in data_dir(game).glob("*.txt")))
        raise fail(line, f"component knob {name!r}: {game} has no file {file!r}; "
                   f"files: {shipped}")
    if not isinstance(index, int) or isinstance(index, bool) or index < 1:
        raise fail(line, f"component knob {name!r}: field is a whole number from 1, "
                   f"not {index!r}")
    source = f"{path.name}"
    try:
        default = _read_number(path, str(row), index, source, line)
    except ConfigError as err:
        raise fail(line, f"component knob {name!r}: {err}") from None
    absorb = spec.get("absorb")
    if absorb is not None:
        try:
            _read_number(path, str(absorb), index, source, line)
        except ConfigError as err:
            raise fail(line, f"component knob {name!r}: absorb: {err}") from None
    low, high, step = _range(spec, name, line, fail, type(default))
    if not low <= default <= high:
        raise fail(line, f"component knob {name!r}: the range {low}..{high} leaves out "
                   f"the shipped {default}")
    return Knob(name, "component", default, low=low, high=high, step=step, file=str(file),
                row=str(row), field=index, absorb=None if absorb is None else str(absorb),
                line=line)


# -- component lines ------------------------------------------------------------------------
def field_spans(line: str) -> list[tuple[int, int]]:
    """The ``(start, end)`` of each field of a component line (``|``-separated or spaced).

    Comments (from ``#``) are left out; a field's span holds no surrounding blanks.

    Examples
    --------
    >>> field_spans("Walker | 2 | P | residents")
    [(0, 6), (9, 10), (13, 14), (17, 26)]
    >>> line = "markers_for_players  3 18"
    >>> [line[a:b] for a, b in field_spans(line)]
    ['markers_for_players', '3', '18']
    """
    body = line.split("#", 1)[0].rstrip("\r\n")
    if "|" in body:
        spans, start = [], 0
        for part in body.split("|"):
            stripped = part.strip()
            offset = start + (len(part) - len(part.lstrip())) if stripped else start
            spans.append((offset, offset + len(stripped)))
            start += len(part) + 1
        return spans
    return [m.span() for m in re.finditer(r"\S+", body)]


def _fields(line: str) -> list[str]:
    return [line[a:b] for a, b in field_spans(line)]


def _find_row(lines: Sequence[str], row: str, file: str, source: str, line: int) -> int:
    """The index of the one line of ``lines`` whose first fields are ``row``."""
    want = row.split() if "|" not in row else [row]
    found = []
    for number, raw in enumerate(lines):
        fields = _fields(raw)
        if not fields:
            continue
        if fields[0] == row or (len(want) > 1 and [f for f in fields[:len(want)]] == want):
            found.append(number)
    if len(found) != 1:
        what = "no line" if not found else f"{len(found)} lines"
        raise ConfigError(f"{file} has {what} starting with {row!r}")
    return found[0]


def _read_number(path: Path, row: str, index: int, source: str, line: int) -> int | float:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as err:
        raise ConfigError(f"cannot read {path.name} ({err.strerror})") from None
    number = _find_row(lines, row, path.name, source, line)
    fields = _fields(lines[number])
    if index > len(fields):
        raise ConfigError(f"{path.name}:{number + 1}: {row!r} has {len(fields)} fields, "
                          f"not {index}")
    text = fields[index - 1]
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            raise ConfigError(f"{path.name}:{number + 1}: field {index} of {row!r} is "
                              f"{text!r}, not a number") from None


def _replace_field(line: str, index: int, text: str) -> str:
    start, end = field_spans(line)[index - 1]
    return line[:start] + text + line[end:]


def _number_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _line_of(lines: list[str], key: str, table: str | None = None) -> int:
    """The 1-based line declaring ``key`` (in ``[table]`` or as ``[table.key]``), else 1."""
    header = re.compile(rf"^\s*\[\s*{re.escape(table)}\s*\.\s*\"?{re.escape(key)}\"?\s*\]") \
        if table else None
    inside = table is None
    for number, raw in enumerate(lines, start=1):
        text = raw.strip()
        if header is not None and header.match(text):
            return number
        if text.startswith("["):
            inside = table is not None and re.fullmatch(rf"\[\s*{re.escape(table)}\s*\]",
                                                       text) is not None
            continue
        if inside and re.match(rf"^\"?{re.escape(key)}\"?\s*=", text):
            return number
        if table is None and re.match(rf"^\[?\s*{re.escape(key)}\b", text):
            return number
    return 1


def _line_from_message(message: str) -> int:
    found = re.search(r"line (\d+)", message)
    return int(found[1]) if found else 1
