"""Fixtures of the `simlab` command's tests: run it in this process, and a cache folder
of the tests' own."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence

import pytest

from simlab.cli import main


@pytest.fixture(scope="session", autouse=True)
def _own_cache_folder(tmp_path_factory) -> Iterator[None]:
    """The catalog cache of these tests (and of the commands they start) lives in a
    folder of their own, not in the user's ``~/.cache``."""
    saved = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
    yield
    if saved is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = saved


@pytest.fixture
def run(capsys) -> Callable[[Sequence[object]], tuple[int, str, str]]:
    """``run(argv)``: ``simlab ARGV`` in this process; its exit code, stdout and stderr
    (each item of ``argv`` as text, so paths may be given as they are)."""

    def run(argv: Sequence[object]) -> tuple[int, str, str]:
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run
