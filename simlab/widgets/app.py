"""``simlab-app NOTEBOOK``: serve a notebook as a web app with Voilà, fetching nothing.

Voilà's own "lab" page template links Font Awesome from a CDN.  simlab's
widgets draw their own icons (inline SVG), so this launcher serves the page
with the template ``simlab`` shipped in this package (the "lab" template
without those links): a page that works offline and asks no third party
for anything.  Every other argument goes to Voilà as it is.

When the page is closed or reloaded, Voilà's page asks the server to shut
its kernel down, sending the ``_xsrf`` cookie with the request; but Voilà's
page handler never sets that cookie, so the server refuses the request and
the kernel is left running.  The launcher runs Voilà with a prelaunch hook
(:func:`set_xsrf_cookie`) that sets it.

Examples
--------
>>> command(["notebooks/bedpans-stepper.ipynb", "--port=8870"])[1:3]
['-m', 'simlab.widgets.app']
>>> "--template=simlab" in command(["x.ipynb"])
True
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["TEMPLATES", "command", "environment", "main", "serve", "set_xsrf_cookie"]

#: A Jupyter data directory holding ``voila/templates/simlab``.
TEMPLATES = Path(__file__).with_name("jupyter")


def environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's environment) with the template on ``JUPYTER_PATH``."""
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATES),
                                                        env.get("JUPYTER_PATH")]))
    return env


def command(args: Sequence[str]) -> list[str]:
    """The command line serving ``args`` (a notebook or folder, and Voilà options)."""
    extra = [] if any(a.startswith("--template") for a in args) else ["--template=simlab"]
    return [sys.executable, "-m", "simlab.widgets.app", *args, *extra]


def set_xsrf_cookie(handler: Any, notebook: Any = None, cwd: Any = None) -> None:
    """Voilà prelaunch hook: set the page's ``_xsrf`` cookie (the kernel shutdown sends it).

    Reading tornado's ``RequestHandler.xsrf_token`` sets the cookie on the
    response when the request has none.

    Examples
    --------
    >>> class Handler:
    ...     xsrf_token = b"2|abc"
    >>> set_xsrf_cookie(Handler()) is None
    True
    """
    _ = handler.xsrf_token


def serve(argv: Sequence[str]) -> None:  # pragma: no cover - runs a server
    """Run Voilà in this process on ``argv``, with :func:`set_xsrf_cookie` as prelaunch hook."""
    from traitlets.config import Config
    from voila.app import Voila

    config = Config()
    config.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
    Voila.launch_instance(argv=list(argv), config=config)


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - runs a server
    """Serve the arguments (``simlab-app notebooks/bedpans-stepper.ipynb``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    return subprocess.call(command(args), env=environment())


if __name__ == "__main__":  # pragma: no cover
    serve(sys.argv[1:])
