"""Fixtures for real-browser tests: Debian chromium via Python Playwright, and servers.

Skipped with a reason when /usr/bin/chromium is missing, except in CI (``CI``
set), where a missing browser is a failure.  ``playwright install`` is never
used: it downloads a browser.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path(os.environ.get("SIMLAB_CHROMIUM", "/usr/bin/chromium"))
#: A laptop's screen: the size the steppers are laid out for.
VIEWPORT = {"width": 1366, "height": 768}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


def _require_chromium() -> None:
    if CHROMIUM.exists():
        return
    message = (f"{CHROMIUM} is missing: install it with "
               "`apt-get install -y chromium` (never `playwright install`)")
    if os.environ.get("CI"):
        pytest.fail(f"in CI the browser tests must run, but {message}")
    pytest.skip(message)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    _require_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - in the test extras
        if os.environ.get("CI"):
            pytest.fail("playwright is not installed (test extras)")
        pytest.skip("playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                      args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport=VIEWPORT)  # type: ignore[attr-defined]
    page = context.new_page()
    page.set_default_timeout(90_000)
    yield page
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


def free_port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_STREAM)) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_env() -> dict[str, str]:
    """The environment of the servers: the repository importable, as in the tests."""
    path = os.pathsep.join([str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])
    return {**os.environ, "PYTHONPATH": path, "MPLBACKEND": "Agg"}


def jupyter_command(name: str) -> list[str]:
    """``python -m <name>`` of this interpreter, or the script beside it."""
    script = Path(sys.executable).with_name(name)
    if script.exists():
        return [str(script)]
    found = shutil.which(name)
    return [found] if found else [sys.executable, "-m", name.replace("-", "")]


@contextlib.contextmanager
def serve(command: list[str], url: str, cwd: Path, log: Path, timeout: float = 60.0,
          env: dict[str, str] | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """Start a server (its own process group), wait until ``url`` answers, stop it after."""
    with log.open("wb") as out:
        proc = subprocess.Popen(command, cwd=cwd, env=env or server_env(), stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"server exited with {proc.returncode}: "
                                       f"{log.read_text(errors='replace')[-2000:]}")
                try:
                    with urllib.request.urlopen(url, timeout=5):
                        break
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    if time.monotonic() > deadline:
                        raise RuntimeError(f"no answer from {url} after {timeout:.0f} s: "
                                           f"{log.read_text(errors='replace')[-2000:]}") \
                            from None
                    time.sleep(0.3)
            yield proc
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, 15)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, 9)
                proc.wait(timeout=10)


def voila_app(notebook: Path, log: Path) -> tuple[str, contextlib.AbstractContextManager[
        subprocess.Popen[bytes]]]:
    """A notebook served as a web app (``simlab-app``): its URL, and its server to enter."""
    from simlab.widgets.app import command, environment

    port = free_port()
    args = [str(notebook), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    url = f"http://127.0.0.1:{port}/"
    return url, serve(command(args), url, cwd=notebook.parent, log=log,
                      env=environment(server_env()))
