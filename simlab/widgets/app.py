"""``simlab-app NOTEBOOK``: serve a notebook as a web app with Voilà, fetching nothing.

Voilà's own "lab" page template links Font Awesome from a CDN.  simlab's
widgets draw their own icons (inline SVG), so this launcher serves the page
with the template ``simlab`` shipped in this package (the "lab" template
without those links): a page that works offline and asks no third party
for anything.  Every other argument goes to Voilà as it is.

Examples
--------
>>> command(["notebooks/bedpans-stepper.ipynb", "--port=8870"])[1:3]
['-m', 'voila']
>>> "--template=simlab" in command(["x.ipynb"])
True
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["TEMPLATES", "command", "environment", "main"]

#: A Jupyter data directory holding ``voila/templates/simlab``.
TEMPLATES = Path(__file__).with_name("jupyter")


def environment(base: dict[str, str] | None = None) -> dict[str, str]:
    """``base`` (default: this process's environment) with the template on ``JUPYTER_PATH``."""
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join(filter(None, [str(TEMPLATES),
                                                        env.get("JUPYTER_PATH")]))
    return env


def command(args: Sequence[str]) -> list[str]:
    """The Voilà command line for ``args`` (a notebook or folder, and Voilà options)."""
    extra = [] if any(a.startswith("--template") for a in args) else ["--template=simlab"]
    return [sys.executable, "-m", "voila", *args, *extra]


def main(argv: Sequence[str] | None = None) -> int:  # pragma: no cover - runs a server
    """Run Voilà on the arguments (``simlab-app notebooks/bedpans-stepper.ipynb``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    return subprocess.call(command(args), env=environment())


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
