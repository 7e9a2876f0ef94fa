"""The registry of studies: names to :class:`Study` objects, provider modules loaded on first use.

A game registers the module of each of its studies by name
(:func:`simlab.core.registry.register_study_module`, called from
the package of the games) so that listing studies imports no game; the
module registers the Study itself when it is imported.  A game's policy
ladder is declared as data (:class:`simlab.core.registry.Ladder`) and built
here on first use (:func:`simlab.core.study.policy_ladder.ladder_study`).
"""

from __future__ import annotations

import importlib
import sys

from simlab.core.errors import ConfigError
from simlab.core.registry import ladders, study_modules
from simlab.core.study.definition import Study

__all__ = ["get_study", "provider_module", "register_study", "study_names", "unregister_study"]

_REGISTRY: dict[str, Study] = {}
#: Study name -> module whose import registered it (what a spawned worker must import).
_REGISTERED_BY: dict[str, str] = {}


def register_study(study: Study) -> Study:
    """Add ``study`` to the registry and return it (usable at module level).

    The module that calls this is remembered: a worker process that does not
    know the study yet imports that module (or its registered provider module)
    to find it by name.

    Raises
    ------
    ConfigError
        If another study is already registered under the same name.

    Examples
    --------
    >>> s = register_study(Study("doc-demo", "Demo", (), run_chunk=print, summarize=print))
    >>> "doc-demo" in study_names()
    True
    >>> unregister_study("doc-demo") is s
    True
    """
    if not isinstance(study, Study):
        raise ConfigError(f"register_study needs a Study, got {type(study).__name__}")
    existing = _REGISTRY.get(study.name)
    if existing is not None and existing != study:
        raise ConfigError(f"study {study.name!r} is already registered")
    _REGISTRY[study.name] = study
    caller = sys._getframe(1).f_globals.get("__name__")
    if isinstance(caller, str):
        _REGISTERED_BY[study.name] = caller
    return study


def unregister_study(name: str) -> Study:
    """Remove a study from the registry and return it (for tests and notebooks)."""
    _REGISTERED_BY.pop(name, None)
    try:
        return _REGISTRY.pop(name)
    except KeyError:
        raise ConfigError(f"study {name!r} is not registered") from None


def study_names() -> list[str]:
    """Sorted names of the registered studies and of those a provider module registers.

    Examples
    --------
    >>> isinstance(study_names(), list)
    True
    """
    return sorted(set(_REGISTRY) | set(study_modules()))


def get_study(name: str) -> Study:
    """The study registered as ``name``, importing its provider module if needed.

    Raises
    ------
    ConfigError
        ``unknown study 'x'; known: a, b`` on one line.

    Examples
    --------
    >>> get_study("no-such-study")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    simlab.core.errors.ConfigError: unknown study 'no-such-study'; known: ...
    """
    study = _REGISTRY.get(name)
    module = study_modules().get(name)
    if study is None and module is not None:
        importlib.import_module(module)
        study = _REGISTRY.get(name)
    if study is None and name in ladders():  # declared as data in its game's table
        from simlab.core.study.policy_ladder import ladder_study

        built = ladder_study(name)
        study = None if built is None else register_study(built)
    if study is None:
        known = ", ".join(study_names()) or "(none)"
        raise ConfigError(f"unknown study {name!r}; known: {known}")
    return study


def provider_module(name: str) -> str | None:
    """The module a worker imports to find study ``name``: its provider, or its registrar."""
    return study_modules().get(name) or _REGISTERED_BY.get(name)
