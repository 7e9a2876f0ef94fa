"""The one error tree of simlab.

Every error a user can cause is a :class:`SimlabError`.  The command line
prints ``str(error)`` on one line and exits with code 2; nothing else about
the error is shown.

Examples
--------
>>> from simlab.core.errors import DataError
>>> str(DataError("unknown malady 'purple'", file="tiles.txt", line=12))
"tiles.txt:12: unknown malady 'purple'"
>>> issubclass(DataError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "SimlabError",
    "IllegalActionError",
    "DataError",
    "ConfigError",
    "DiceSyntaxError",
]


class SimlabError(ValueError):
    """Base of every error that simlab raises for a user's input."""


class IllegalActionError(SimlabError):
    """An action that is not legal in the state it was applied to.

    The state it was applied to is left exactly as it was.
    """


class ConfigError(SimlabError):
    """A bad option, parameter, name or value given by the user."""


class DataError(SimlabError):
    """A component file that does not hold what it should.

    Parameters
    ----------
    message : str
        What was expected and what was found.
    file : str, optional
        The file at fault.
    line : int, optional
        The 1-based line in that file.
    key : str, optional
        The key (or tile, card, field) at fault, where there is no line.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        key: str | None = None,
    ) -> None:
        self.message = message
        self.file = file
        self.line = line
        self.key = key
        where = ""
        if file is not None:
            where = str(file)
            if line is not None:
                where += f":{line}"
        if key is not None:
            where = f"{where} [{key}]" if where else f"[{key}]"
        super().__init__(f"{where}: {message}" if where else message)

    def __reduce__(self):  # keep pickling (process pools) working
        return (_rebuild_data_error, (self.message, self.file, self.line, self.key))


def _rebuild_data_error(message, file, line, key):  # pragma: no cover - pickling
    return DataError(message, file=file, line=line, key=key)


class DiceSyntaxError(ConfigError):
    """A dice expression that cannot be read.

    The message quotes the expression and points at the character where
    reading failed.

    Parameters
    ----------
    message : str
        What was expected.
    expr : str
        The whole expression.
    pos : int
        The 0-based position in ``expr`` where reading failed.
    """

    def __init__(self, message: str, expr: str, pos: int) -> None:
        self.message = message
        self.expr = expr
        self.pos = pos
        super().__init__(f"bad dice expression {expr!r} at column {pos + 1}: {message}")

    def __reduce__(self):  # pragma: no cover - pickling
        return (DiceSyntaxError, (self.message, self.expr, self.pos))
