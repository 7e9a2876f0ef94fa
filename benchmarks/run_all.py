"""Run every benchmark script in this folder, one after the other; write docs/benchmarks.md.

Usage::

    python benchmarks/run_all.py            # every bench_*.py (bench_search: MCTS speed)
    python benchmarks/run_all.py dice study # only those whose name contains a word
    python benchmarks/run_all.py --markdown docs/benchmarks.md          # the figures page
    python benchmarks/run_all.py --markdown docs/benchmarks.md --quick  # smaller runs

With ``--markdown FILE`` each script's output becomes one section of FILE, stamped
with the date, the commit, the machine (CPU, cores, memory) and its load (the
1-minute load average before and after the script, under ``nice`` or not), the
command line that made it and the seconds it took.  ``--quick`` runs each script
with the smaller options below (and says so in every stamp): the figures are then
noisier, not different in kind.  The page is written whole (atomically) at the end;
a script that fails is stamped with its exit code and its error output.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent

#: Smaller options for ``--quick`` (a script missing here runs as it is).
QUICK: dict[str, list[str]] = {
    "bench_bad_doctor": ["--games", "200", "--conservation-games", "1000"],
    "bench_dice": ["--n", "1000000", "--repeats", "2"],
    "bench_hospital_rush": ["--reliability", "1000"],
    "bench_layout_bfs": ["--games", "4", "--repeats", "2"],
    "bench_peers": ["--rounds", "2", "--seconds", "0.5"],
    "bench_primitives": ["--positions", "2", "--calls", "50"],
    "bench_search": ["--decisions", "5"],
    "bench_search_games": ["--players", "4", "--games", "1"],
    "bench_study": ["--quick"],
}

#: What each script measures, for the page's headings.
TITLES: dict[str, str] = {
    "bench_bad_doctor": "Bad Doctor: random and greedy play, conservation of components",
    "bench_bedpans": "Bedpans & Broomsticks: random and heuristic play",
    "bench_broom_service": "Broom Service: random and heuristic play",
    "bench_cli_startup": "Start-up of the simlab command, with and without the catalog cache",
    "bench_dice": "Dice: exact distributions and sampling",
    "bench_hospital_rush": "Hospital Rush: random and greedy play, reliability",
    "bench_layout_bfs": "Bedpans: reach within a roll on the layout graph",
    "bench_movement": "Bedpans movement study",
    "bench_peers": "Against catanatron (the optional extra `peers`)",
    "bench_primitives": "Primitives: clone, legal actions, apply, resample_hidden",
    "bench_search": "Search players: seconds a decision",
    "bench_search_games": "Search players: CPU seconds per whole game, mcts on every seat",
    "bench_study": "Studies: games a second, memory, processes",
}


def _git(*args: str) -> str:
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=False, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return done.stdout.strip() or "unknown"


def _cpu() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _memory() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                return f"{int(line.split()[1]) / 2**20:.0f} GiB"
    except (OSError, ValueError):
        pass
    return "unknown memory"


def machine() -> str:
    """The machine in one line: CPU, cores, memory, OS and Python."""
    return (f"{_cpu()}, {os.cpu_count()} cores, {_memory()}; {platform.system()} "
            f"{platform.release()}; Python {platform.python_version()}")


def load() -> float:
    """The 1-minute load average (processes running or waiting for a core)."""
    try:
        return os.getloadavg()[0]
    except OSError:  # pragma: no cover - not on this machine
        return float("nan")


def commit() -> str:
    """The commit measured, with ``+ changes`` when the tree differs from it."""
    head = _git("rev-parse", "--short", "HEAD")
    dirty = _git("status", "--porcelain", "--untracked-files=no")
    return head + (" + uncommitted changes" if dirty not in ("", "unknown") else "")


def _run(script: Path, extra: list[str], capture: bool) -> tuple[int, str, str, float]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(script), *extra], check=False,
                          capture_output=capture, text=True)
    return done.returncode, done.stdout or "", done.stderr or "", time.monotonic() - started


def section(script: Path, extra: list[str], quick: bool) -> str:
    """Run ``script`` and give its section of the page: heading, stamp, output."""
    before = load()
    code, out, err, seconds = _run(script, extra, capture=True)
    after = load()
    nice = os.nice(0)
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join(["python", f"benchmarks/{script.name}", *extra])
    stamp = [f"- **date** {when}; **commit** {commit()}",
             f"- **machine** {machine()}",
             f"- **load** {before:.1f} before, {after:.1f} after (1-minute load average; "
             f"niceness {nice})",
             f"- **command** `{command}`" + (" (the `--quick` options of run_all.py)"
                                              if quick and extra else ""),
             f"- **took** {seconds:.0f} s" + ("" if code == 0 else f"; exit code {code}")]
    body = out.strip() or "(no output)"
    if code != 0 and err.strip():
        body += "\n\n" + "\n".join(err.strip().splitlines()[-5:])
    title = TITLES.get(script.stem, script.stem)
    return "\n".join([f"## {title}", "", f"`{script.name}`", "", *stamp, "", "```text", body,
                      "```", ""])


def page(scripts: list[Path], quick: bool) -> str:
    """The whole benchmarks page."""
    head = ["# Benchmarks", "",
            "Generated by `python benchmarks/run_all.py --markdown docs/benchmarks.md"
            + (" --quick" if quick else "") + "`; do not edit by hand. Each section is one "
            "script's output, stamped with the date, commit, machine and load it ran "
            "under. On a shared machine the load varies from section to section: compare "
            "figures only under like loads. Older figures are in git's history of this "
            "file and of README.md.", ""]
    parts = []
    for script in scripts:
        print(f"== {script.name}", file=sys.stderr, flush=True)
        parts.append(section(script, QUICK.get(script.stem, []) if quick else [], quick))
    return "\n".join(head + parts)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("words", nargs="*", help="only scripts whose name holds a word")
    parser.add_argument("--markdown", metavar="FILE", help="write the figures page to FILE")
    parser.add_argument("--quick", action="store_true",
                        help="smaller runs (stamped as such): minutes, not an hour")
    args = parser.parse_args(argv)
    scripts = sorted(HERE.glob("bench_*.py"))
    if args.words:
        scripts = [s for s in scripts if any(word in s.stem for word in args.words)]
    if args.markdown:
        target = Path(args.markdown)
        if not target.parent.is_dir():
            print(f"run_all.py: --markdown: no folder {str(target.parent)!r}", file=sys.stderr)
            return 2
        text = page(scripts, args.quick)
        tmp = target.with_name(f".{target.name}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
        print(f"wrote {target}", file=sys.stderr)
        return 0
    status = 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        extra = QUICK.get(script.stem, []) if args.quick else []
        status |= _run(script, extra, capture=False)[0]
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
