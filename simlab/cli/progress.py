"""Progress of ``simlab study`` and ``simlab report``: a bar, or lines, and Ctrl-C said.

A tqdm bar on stderr (games done, rate, time left) unless ``--quiet`` or stderr
is not a terminal; then, unless ``--quiet``, a line every
:data:`PROGRESS_EVERY` seconds.  A run stopped with Ctrl-C ends with one line
saying how many games were played, and exit code :data:`INTERRUPTED`.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

__all__ = ["INTERRUPTED", "PROGRESS_EVERY", "Progress", "duration", "interrupted", "show_bar",
           "show_lines"]

#: Exit code of a run stopped with Ctrl-C (128 + SIGINT), as shells use.
INTERRUPTED = 130
#: Seconds between two progress lines when stderr is not a terminal.
PROGRESS_EVERY = 10.0


class Progress:
    """Counts games done; draws them as a tqdm bar on a terminal, or as lines when asked.

    :func:`simlab.core.study.run_study` takes it as its ``progress`` bar: it
    calls :meth:`update` after each chunk and :meth:`close` at the end, which
    leaves the bar open, so ``simlab report`` can run every study under one
    bar; :meth:`finish` closes it.

    ``lines``: with no bar (stderr is not a terminal: output redirected, a log
    file), print one line to stderr every ``every`` seconds: games done, time
    gone and the time left.  The time left is weighed by each stage's expected
    seconds (:meth:`stage`), so a report's slow studies count for what they cost.

    Examples
    --------
    >>> p = Progress(100, "demo", show=False)
    >>> p.update(30); p.close(); p.update(20); p.done
    50
    >>> p.finish()
    >>> p = Progress(100, "demo", show=False)
    >>> p.plan([(50, 9.0), (50, 1.0)]); p.stage(0); p.update(50); p.stage(1); p.update(25)
    >>> p.fraction()
    0.95
    """

    def __init__(self, total: int, desc: str, *, show: bool, lines: bool = False,
                 every: float | None = None) -> None:
        self.total, self.done, self.desc = total, 0, desc
        self.bar: Any = None
        self.lines = lines and not show
        self.every = PROGRESS_EVERY if every is None else every
        self.started = self.last = time.monotonic()
        self._stages: list[tuple[int, float]] = []  # (games, expected seconds)
        self._index = self._stage_done = 0
        if show:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=desc, unit="game", file=sys.stderr,
                            dynamic_ncols=True, smoothing=0.1)

    def plan(self, stages: list[tuple[int, float]]) -> None:
        """The stages to come (a report's studies): ``(games, expected seconds)`` each."""
        self._stages = [(max(int(g), 1), max(float(w), 1e-9)) for g, w in stages]

    def stage(self, index: int) -> None:
        """Stage ``index`` of :meth:`plan` begins."""
        self._index, self._stage_done = index, 0

    def fraction(self) -> float:
        """The share of the work done, each stage weighed by its expected seconds."""
        if not self._stages:
            return self.done / self.total if self.total else 1.0
        weights = [w for _, w in self._stages]
        games, weight = self._stages[self._index]
        gone = sum(weights[:self._index]) + weight * min(self._stage_done / games, 1.0)
        return round(gone / sum(weights), 12)

    def update(self, n: int) -> None:
        """``n`` more games are done."""
        self.done += n
        self._stage_done += n
        if self.bar is not None:
            self.bar.update(n)
        elif self.lines and time.monotonic() - self.last >= self.every:
            self.line()

    def line(self) -> None:
        """Print one progress line on stderr: games done, time gone and left."""
        self.last = now = time.monotonic()
        gone = now - self.started
        share = self.fraction()
        left = f", about {duration(gone / share - gone)} left" if 0 < share < 1 else ""
        print(f"simlab: {self.desc}: {self.done:,} of {self.total:,} games, "
              f"{duration(gone)} gone{left}", file=sys.stderr, flush=True)

    def close(self) -> None:
        """End of one study: the bar stays (``finish`` closes it)."""

    def describe(self, desc: str) -> None:
        """Name what the bar is counting now (the study, in a report)."""
        if self.bar is not None:
            self.bar.set_description_str(desc)
        self.desc = desc

    def write(self, line: str) -> None:
        """Print ``line`` on stdout without tearing the bar."""
        if self.bar is not None:
            self.bar.write(line, file=sys.stdout)
        else:
            print(line, flush=True)

    def finish(self) -> None:
        """Close the bar."""
        if self.bar is not None:
            self.bar.close()


def duration(seconds: float) -> str:
    """``seconds`` as a person reads a wait: ``42 s``, ``3 min 05 s``.

    Examples
    --------
    >>> duration(42.4), duration(185)
    ('42 s', '3 min 05 s')
    """
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    return f"{seconds // 60} min {seconds % 60:02d} s"


def show_lines(args: argparse.Namespace) -> bool:
    """Progress lines when there is no bar: not ``--quiet``, stderr not a terminal."""
    return not args.quiet and not show_bar(args)


def show_bar(args: argparse.Namespace) -> bool:
    """A bar: not ``--quiet``, and stderr is a terminal."""
    if args.quiet:
        return False
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def interrupted(progress: Progress, total: int, what: str) -> int:
    """Close the bar, say how many of ``total`` games were played; the exit code.

    Examples
    --------
    >>> p = Progress(40, "demo", show=False); p.update(12)
    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as err:
    ...     code = interrupted(p, 40, "")
    >>> code, err.getvalue()
    (130, 'simlab: interrupted after 12 of 40 games; no file was written\\n')
    """
    progress.finish()
    print(f"simlab: interrupted after {progress.done} of {total} games{what}; "
          "no file was written", file=sys.stderr)
    return INTERRUPTED
