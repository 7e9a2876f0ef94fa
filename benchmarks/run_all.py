"""Run every benchmark script in this folder, one after the other.

Usage::

    python benchmarks/run_all.py            # every bench_*.py (bench_search: MCTS speed)
    python benchmarks/run_all.py dice study # only those whose name contains a word
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    scripts = sorted(HERE.glob("bench_*.py"))
    if argv:
        scripts = [s for s in scripts if any(word in s.stem for word in argv)]
    status = 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        status |= subprocess.run([sys.executable, str(script)], check=False).returncode
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
