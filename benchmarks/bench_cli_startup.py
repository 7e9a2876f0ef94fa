"""Start-up of the ``simlab`` command: wall and CPU seconds, and what it imports.

Each command runs ``--repeats`` times as a fresh process of the console script
``simlab`` beside this Python; the best wall time and the best CPU time (user +
system of the child, ``RUSAGE_CHILDREN``) are kept.  The listing commands read
the catalog (:mod:`simlab.cli.catalog`), in three states of its cache:

- ``warm``: the cache exists (an earlier run wrote it), the everyday case;
- ``cold``: an empty cache folder each run (the first run after an install or an
  edit: builds the catalog and writes it);
- ``none``: a cache folder that cannot be written (``XDG_CACHE_HOME`` under a
  file): every run builds the catalog from the games, as it would without a cache.

``none - warm`` is what the cache saves on every run.  Then, for the warm state,
``python -X importtime``: the modules imported and their summed import time.

Usage::

    python benchmarks/bench_cli_startup.py [--repeats 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The commands measured (``dice`` reads no catalog: the floor of any command).
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--help",), ("games",), ("games", "--json"), ("info", "bedpans"), ("dice", "2d6"),
)
STATES = ("warm", "cold", "none")


def _simlab() -> str:
    script = Path(sys.executable).with_name("simlab")
    if not script.is_file():
        raise SystemExit(f"bench_cli_startup.py: no console script {script} (pip install -e .)")
    return str(script)


def _once(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``argv``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _env(cache: str) -> dict[str, str]:
    return {**os.environ, "XDG_CACHE_HOME": cache}


def measure(command: tuple[str, ...], state: str, repeats: int, root: Path) -> dict[str, Any]:
    """Best wall and CPU seconds of ``simlab COMMAND`` in cache ``state``."""
    argv = [_simlab(), *command]
    walls, cpus = [], []
    for i in range(repeats):
        if state == "warm":
            cache = root / "warm"
            if i == 0:
                _once(argv, _env(str(cache)))  # writes the cache; not counted
        elif state == "cold":
            cache = root / f"cold-{'-'.join(command)}-{i}"
        else:
            cache = root / "a-file" / "cache"  # under a file: cannot be made
        wall, cpu = _once(argv, _env(str(cache)))
        walls.append(wall)
        cpus.append(cpu)
    return {"command": "simlab " + " ".join(command), "state": state,
            "wall": round(min(walls), 3), "cpu": round(min(cpus), 3)}


def imports(command: tuple[str, ...], cache: Path) -> dict[str, Any]:
    """Modules imported by ``simlab COMMAND`` (warm cache) and their summed import time."""
    code = f"from simlab.cli import main; main({list(command)!r})"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code], env=_env(str(cache)),
                          check=True, capture_output=True, text=True)
    rows = [line.split("|") for line in done.stderr.splitlines()
            if line.startswith("import time:") and "self [us]" not in line]
    total = sum(int(r[0].split(":")[1]) for r in rows) / 1e6
    names = [r[2].strip() for r in rows]
    heavy = sorted({n.split(".")[0] for n in names} & {"pandas", "scipy", "matplotlib",
                                                       "networkx", "optuna"})
    return {"command": "simlab " + " ".join(command), "modules": len(names),
            "import_seconds": round(total, 3), "heavy": heavy,
            "games": sorted({n for n in names if n.count(".") == 2
                             and n.startswith("simlab.games.")})}


def run(repeats: int) -> dict[str, Any]:
    """Every command in every cache state, then the imports of the warm runs."""
    with tempfile.TemporaryDirectory(prefix="simlab-bench-") as tmp:
        root = Path(tmp)
        (root / "a-file").write_text("not a folder\n")
        rows = [measure(c, s, repeats, root) for c in COMMANDS for s in STATES]
        warm = [imports(c, root / "warm") for c in COMMANDS]
    return {"repeats": repeats, "load": os.getloadavg()[0], "rows": rows, "imports": warm}


def table(result: dict[str, Any]) -> str:
    """The figures as markdown tables."""
    by = {(r["command"], r["state"]): r for r in result["rows"]}
    lines = [f"best of {result['repeats']} fresh processes (wall s / CPU s); 1-minute load "
             f"{result['load']:.1f} at the end",
             "| command | warm cache | cold cache (first run) | no cache (built live) | "
             "none - warm (CPU) |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for command in dict.fromkeys(r["command"] for r in result["rows"]):
        cells = [f"{by[command, s]['wall']:.3f} / {by[command, s]['cpu']:.3f}" for s in STATES]
        saved = by[command, "none"]["cpu"] - by[command, "warm"]["cpu"]
        lines.append(f"| `{command}` | {' | '.join(cells)} | {saved:+.3f} |")
    lines += ["", "imports of the warm runs (`python -X importtime`, summed self times)",
              "| command | modules | import s | heavy packages | game modules |",
              "| --- | ---: | ---: | --- | --- |"]
    for r in result["imports"]:
        lines.append(f"| `{r['command']}` | {r['modules']} | {r['import_seconds']:.3f} | "
                     f"{', '.join(r['heavy']) or '-'} | {', '.join(r['games']) or '-'} |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per figure (best kept)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    result = run(args.repeats)
    print(json.dumps(result, indent=1) if args.json else table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
