"""Where component data lives, which set a game uses, and how a folder is checked.

The shipped reconstruction is ``data/<game>/`` in a checkout, ``simlab.data``
when installed.  Any folder laid out the same way can take its place
(``simlab.load_game(name, data=PATH)``): a :class:`ComponentSet` names the
folder and a content hash of its component files (every ``*.txt`` in it), which
records keep so that a replay against other components refuses.

Components are values, never process state: a game holds its set
(``game.component_set``) and its loaded components, and everything that plays,
parses, tells or draws reads them from the game it holds.  A game's
``load_components()`` called without a folder gives the shipped set (the
default of doctests and of a bare board drawing), never the set of some game
built earlier.  Inside :func:`components_scope` a game built without ``data=``
takes the scope's folder: that is how a study's ``data`` parameter reaches the
games its chunks build (the folder is read once, when the game is built; the
game keeps its set after the block ends).

Loaders report a bad line with :func:`problem` or inside :func:`line_problems`:
normally that raises the :class:`~simlab.core.errors.DataError`; under
:func:`collect_problems` (``simlab data check``) it is noted and the line
skipped, so that every problem of a folder is listed, not just the first.

Examples
--------
>>> data_dir("bedpans").name
'bedpans'
>>> shipped = component_set("bedpans")
>>> shipped.is_shipped, shipped.label, len(shipped.hash)
(True, 'shipped', 16)
"""

from __future__ import annotations

import hashlib
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import TypeVar

from simlab.core.errors import ConfigError, DataError

__all__ = [
    "ComponentSet",
    "ANY_GAME",
    "collect_problems",
    "component_loader",
    "component_set",
    "components_scope",
    "content_hash",
    "data_dir",
    "export_data",
    "last_line",
    "line_problems",
    "problem",
    "read_table",
    "scoped_folder",
]

_CHECKOUT = Path(__file__).resolve().parents[2] / "data"
T = TypeVar("T")


def data_dir(game: str) -> Path:
    """The folder of a game's component files (it may not exist yet)."""
    if (_CHECKOUT.parent / "pyproject.toml").is_file() and _CHECKOUT.is_dir():
        return _CHECKOUT / game
    spec = find_spec("simlab.data")  # installed: data/ ships as the package simlab.data
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - broken install
        return _CHECKOUT / game
    return Path(next(iter(spec.submodule_search_locations))) / game


# -- component sets ------------------------------------------------------------------------
def content_hash(folder: Path) -> str:
    """A hash of the data lines of every ``*.txt`` file of ``folder``: 16 hex digits.

    Comment lines (``#`` first) and blank lines are left out, so editing a
    note changes nothing; any other change of a line, or a file's name, does.

    Examples
    --------
    >>> import tempfile
    >>> a = Path(tempfile.mkdtemp()); _ = (a / "t.txt").write_text("x | 1\\n")
    >>> b = Path(tempfile.mkdtemp()); _ = (b / "t.txt").write_text("# my note\\nx | 1\\n")
    >>> content_hash(a) == content_hash(b)
    True
    >>> _ = (b / "t.txt").write_text("x | 2\\n"); content_hash(a) == content_hash(b)
    False
    """
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.txt")):
        digest.update(path.name.encode() + b"\0")
        for raw in path.read_bytes().splitlines():
            if raw.strip() and not raw.lstrip().startswith(b"#"):
                digest.update(raw + b"\n")
        digest.update(b"\0")
    return digest.hexdigest()[:16]


@dataclass(frozen=True, slots=True)
class ComponentSet:
    """The component files a game is played with.

    Attributes
    ----------
    game : str
        The game's registered name.
    folder : Path
        Where the files are.
    hash : str
        :func:`content_hash` of the folder when the set was made.
    is_shipped : bool
        Whether it is the shipped reconstruction (``data/<game>/``).
    """

    game: str
    folder: Path
    hash: str
    is_shipped: bool

    @property
    def label(self) -> str:
        """``shipped``, or the folder (with the hash when it holds the shipped files)."""
        if self.is_shipped:
            return "shipped"
        same = self.hash == _shipped(self.game).hash
        return f"{self.folder} (a copy of the shipped set)" if same else str(self.folder)


_SHIPPED: dict[str, ComponentSet] = {}


def _shipped(game: str) -> ComponentSet:
    if game not in _SHIPPED:
        folder = data_dir(game)
        _SHIPPED[game] = ComponentSet(game, folder, content_hash(folder), True)
    return _SHIPPED[game]


def resolve_folder(game: str, data: str | Path) -> Path:
    """The component folder of ``game`` that ``data`` names.

    ``data`` is a folder laid out like ``data/<game>/``, or a folder holding
    ``<game>/`` (a whole ``data/`` tree).

    Raises
    ------
    ConfigError
        ``data`` is not a folder, or holds no component files.
    """
    folder = Path(data).expanduser()
    if not folder.is_dir():
        raise ConfigError(f"{game}: component folder {str(data)!r} is not a folder")
    inner = folder / game
    if not any(folder.glob("*.txt")) and inner.is_dir():
        folder = inner
    if not any(folder.glob("*.txt")):
        raise ConfigError(f"{game}: component folder {str(data)!r} holds no component "
                          "files (*.txt); `simlab data export GAME DIR` writes a starting set")
    return folder.resolve()


def component_set(game: str, data: str | Path | None = None) -> ComponentSet:
    """The component set of ``game`` in ``data`` (hashed now), or the shipped one.

    Raises
    ------
    ConfigError
        ``data`` names no component folder.

    Examples
    --------
    >>> component_set("bad_doctor", data_dir("bad_doctor")).is_shipped
    True
    """
    if data is None:
        return _shipped(game)
    folder = resolve_folder(game, data)
    shipped = _shipped(game)
    if folder == shipped.folder.resolve():
        return shipped
    made = ComponentSet(game, folder, content_hash(folder), False)
    _KNOWN[folder] = made
    return made


#: Folder -> its set as last hashed (loaders key their caches on it).
_KNOWN: dict[Path, ComponentSet] = {}


def known_set(game: str, folder: Path | str) -> ComponentSet:
    """The set in ``folder``, hashed on first sight (a loader's cache key)."""
    path = Path(folder).resolve()
    found = _KNOWN.get(path)
    if found is not None and found.game == game:
        return found
    shipped = _shipped(game)
    if path == shipped.folder.resolve():
        return shipped
    made = ComponentSet(game, path, content_hash(path) if path.is_dir() else "", False)
    _KNOWN[path] = made
    return made


_SCOPE: ContextVar[dict[str, Path] | None] = ContextVar("simlab_components_scope", default=None)


#: The game name of a scope for whichever game is built (a study's).
ANY_GAME = "*"


@contextmanager
def components_scope(game: str, data: str | Path | None) -> Iterator[None]:
    """Within the block, ``game`` built without ``data=`` uses the folder ``data``.

    ``None`` leaves things as they are; ``game`` :data:`ANY_GAME` stands for
    every game (a study's chunks run in such a scope; the folder may then
    also be a ``data/`` tree holding ``<game>/``).

    Examples
    --------
    >>> with components_scope("bedpans", data_dir("bedpans")):
    ...     scoped_folder("bedpans").name
    'bedpans'
    >>> scoped_folder("bedpans") is None
    True
    """
    if data is None:
        yield
        return
    folders = dict(_SCOPE.get() or {})
    folders[game] = Path(data)
    token = _SCOPE.set(folders)
    try:
        yield
    finally:
        _SCOPE.reset(token)


def scoped_folder(game: str) -> Path | None:
    """The folder that :func:`components_scope` gives ``game`` here, if any."""
    folders = _SCOPE.get()
    return None if folders is None else folders.get(game, folders.get(ANY_GAME))


#: The parameter of every ``load_components`` (what :func:`component_loader` makes of it).
_FOLDER_PARAMETER = """Parameters
    ----------
    folder : path, ComponentSet or None
        A folder of component files laid out like ``data/{game}/``, or a game's
        ``component_set``; the shipped set when omitted.  Each set is read once (keyed by
        its folder and content hash), then served from the cache."""


def with_folder_parameter(doc: str | None, game: str) -> str:
    """``doc`` (a loader's docstring) with the ``folder`` parameter of ``load_components``
    documented after its summary: the loader of :func:`component_loader` takes it.

    Examples
    --------
    >>> doc = with_folder_parameter("Load every file.\\n\\n    Examples\\n    --------\\n", "dice")
    >>> [line.strip() for line in doc.splitlines()][:5]
    ['Load every file.', '', 'Parameters', '----------', 'folder : path, ComponentSet or None']
    >>> "``data/dice/``" in doc, doc.rstrip().endswith("Examples\\n    --------")
    (True, True)
    """
    summary, _, rest = (doc or "").partition("\n\n")
    summary = summary.rstrip()
    section = _FOLDER_PARAMETER.format(game=game)
    return f"{summary}\n\n    {section}\n\n{rest}" if rest else f"{summary}\n\n    {section}\n"


def component_loader(game: str) -> Callable[[Callable[[Path], T]], Callable[..., T]]:
    """Turn ``load(folder) -> Components`` into a cached ``load_components(folder=None)``.

    It takes a folder, a :class:`ComponentSet` (a game's ``component_set``), or
    nothing: then it loads the shipped set.  The cache is keyed on the folder and
    its content hash, so an edited folder is read again by the next game built on
    it, and two sets never share an entry.  Its docstring is ``load``'s, with this
    ``folder`` parameter documented (:func:`with_folder_parameter`), so that the games'
    loaders need not each say it again.
    """

    def wrap(load: Callable[[Path], T]) -> Callable[..., T]:
        cache: dict[tuple[Path, str], T] = {}

        def load_components(folder: Path | str | ComponentSet | None = None) -> T:
            if folder is None:
                components = _shipped(game)
            elif isinstance(folder, ComponentSet):
                components = folder
            else:
                components = known_set(game, folder)
            key = (components.folder, components.hash)
            found = cache.get(key)
            if found is None:
                found = cache[key] = load(components.folder)
            return found

        load_components.__doc__ = with_folder_parameter(load.__doc__, game)
        load_components.__name__ = "load_components"
        load_components.__qualname__ = "load_components"
        load_components.__module__ = load.__module__
        load_components.cache_clear = cache.clear  # type: ignore[attr-defined]
        load_components.uncached = load  # type: ignore[attr-defined]  # for `data check`
        return load_components

    return wrap


def export_data(game: str, target: str | Path) -> list[Path]:
    """Copy the shipped component files of ``game`` into ``target`` (made if missing).

    Raises
    ------
    ConfigError
        ``target`` exists and already holds component files.

    Examples
    --------
    >>> import tempfile
    >>> [p.name for p in export_data("bad_doctor", Path(tempfile.mkdtemp()) / "mine")]
    ['components.txt', 'patients.txt', 'tiles.txt']
    """
    folder = Path(target).expanduser()
    if folder.exists() and not folder.is_dir():
        raise ConfigError(f"{str(target)!r} is a file, not a folder")
    if folder.is_dir() and any(folder.glob("*.txt")):
        raise ConfigError(f"{str(target)!r} already holds component files; "
                          "export into an empty or new folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        written = []
        for path in sorted(data_dir(game).glob("*.txt")):
            written.append(Path(shutil.copy2(path, folder / path.name)))
    except OSError as err:
        raise ConfigError(f"cannot write to {str(target)!r} ({err.strerror})") from None
    return written


# -- problems: raised, or noted by `data check` --------------------------------------------
_PROBLEMS: ContextVar[list[DataError] | None] = ContextVar("simlab_data_problems",
                                                          default=None)


def problem(error: DataError) -> None:
    """Raise ``error``, or note it when problems are being collected.

    Examples
    --------
    >>> problems = collect_problems(lambda: problem(DataError("bad", file="a.txt", line=3)))
    >>> [str(p) for p in problems]
    ['a.txt:3: bad']
    """
    found = _PROBLEMS.get()
    if found is None:
        raise error
    if str(error) not in {str(p) for p in found}:
        found.append(error)


@contextmanager
def line_problems() -> Iterator[None]:
    """A block (one line's reading) whose :class:`DataError` is noted or raised.

    Under :func:`collect_problems` the error is noted and the rest of the block
    skipped: the loader goes on with the next line.
    """
    found = _PROBLEMS.get()
    before = 0 if found is None else len(found)
    try:
        yield
    except DataError as error:
        problem(error)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        if found is None or len(found) == before:
            raise
        # under collect_problems: a failure that follows from a problem just noted


def collect_problems(load: Callable[[], object]) -> list[DataError]:
    """Run ``load`` noting every problem instead of stopping at the first; return them.

    A failure that follows from problems already noted (a table left short by
    a skipped line) is not listed again.
    """
    found: list[DataError] = []
    token = _PROBLEMS.set(found)
    try:
        load()
    except DataError as error:
        if str(error) not in {str(p) for p in found}:
            found.append(error)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError) as error:
        if not found:
            found.append(DataError(f"cannot be read ({type(error).__name__}: {error})"))
    finally:
        _PROBLEMS.reset(token)
    return found


def read_table(path: Path, columns: int) -> Iterator[tuple[int, list[str]]]:
    """Yield ``(line number, fields)`` for each data line of a ``|``-separated file.

    Raises
    ------
    DataError
        The file is missing, or a line has the wrong number of fields
        (noted and skipped under :func:`collect_problems`).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.txt"
    >>> _ = p.write_text("# comment\\n a | b \\n\\n")
    >>> list(read_table(p, 2))
    [(2, ['a', 'b'])]
    """
    text = read_text(path)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = "" if raw.lstrip().startswith("#") else raw.strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split("|")]
        if len(fields) != columns:
            problem(DataError(
                f"expected {columns} fields separated by '|', found {len(fields)}: {raw.strip()!r}",
                file=str(path),
                line=number,
            ))
            continue
        yield number, fields


def last_line(path: Path) -> int | None:
    """The number of the last data line of ``path`` (where a short list ends), if any.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "t.txt"
    >>> _ = p.write_text("a | 1\\nb | 2\\n# end\\n")
    >>> last_line(p), last_line(p.with_name("none.txt"))
    (2, None)
    """
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    numbers = [i for i, raw in enumerate(lines, 1)
               if raw.strip() and not raw.lstrip().startswith("#")]
    return numbers[-1] if numbers else None


def read_text(path: Path) -> str:
    """The text of a component file (``""``, the problem noted, when unreadable)."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        problem(DataError(f"cannot read file ({err.strerror})", file=str(path)))
        return ""
