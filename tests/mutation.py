"""The driver of ``make mutate``: mutmut 3 on chosen files, each mutant tried by its file's tests.

Not a test module (pytest collects no tests from it; it imports mutmut only
when run).  mutmut finds, in one stats run of the test selection of
``[tool.mutmut]``, which tests call each mutated function, and tries a
mutant with all of them; a function that every study calls (``summarize``)
would then run hundreds of tests per mutant.  This driver narrows each
function's tests to the test files that ``[tool.simlab.mutate.tests]`` of
pyproject.toml names for its source file (the mirrored test files and the
file's doctests), and tries only the mutants of the files given::

    python tests/mutation.py run [--max-children N] [--rerun-survivors] [FILE ...]
    python tests/mutation.py table [FILE ...]

``FILE`` is a source file or folder (``simlab/core/stats.py``,
``simlab/core/study``); none: every file in scope.  Given files, the stats
run runs only their test paths (a new set of paths makes mutmut forget the
verdicts in ``mutants/``: finish a file before the next).  Results stay in
``mutants/`` and a second ``run`` resumes where the first stopped;
``--rerun-survivors`` tries the surviving and the untested mutants again
(after new tests).
``table`` prints the mutants, killed, survived, untested and timed-out
counts per file (docs/mutation.md).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import sys
import tomllib
from collections import Counter
from pathlib import Path

SURVIVED = 0
KILLED = (1, 3)
NO_TESTS = (5, 33)
TIMEOUT = (24, -24, 36, 152, 255)


def _mutate_config() -> dict:
    """``[tool.simlab.mutate]`` of pyproject.toml."""
    config = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["simlab"]["mutate"]


def _tests_by_pattern() -> dict[str, list[str]]:
    """``{glob of a source file: [test paths]}`` from pyproject.toml."""
    return _mutate_config()["tests"]


def _skipped() -> tuple[str, ...]:
    """Test ids (or their beginnings) never used to try a mutant (``skip`` in pyproject.toml)."""
    return tuple(_mutate_config().get("skip", ()))


def _source_path(module: str) -> str:
    return module.replace(".", "/") + ".py"


def _narrow(table: dict[str, set[str]], patterns: dict[str, list[str]],
            skipped: tuple[str, ...] = ()) -> None:
    """Keep, for each mutated function, only the tests of its file's test paths.

    The doctests of the mutants' own copies of a docstring (``...x_search__mutmut_22``:
    mutmut writes every mutant as a function with the original's docstring) are left
    out: each runs the same example as the original function's doctest, through the
    same trampoline, so it tests nothing the original's does not (in search.py they were
    two thirds of the time a mutant took).  So are the tests ``skipped`` begins with.
    """
    from mutmut.utils.format_utils import get_module_from_key

    for key, tests in table.items():
        chosen = _test_paths(_source_path(get_module_from_key(key)), patterns)
        if chosen:
            table[key] = {t for t in tests if t.split("::")[0].startswith(tuple(chosen))
                          and "__mutmut_" not in t.partition("::")[2]
                          and not t.startswith(skipped)}


def _test_paths(path: str, patterns: dict[str, list[str]]) -> list[str]:
    """The test paths of source file ``path``: those of the first pattern it matches."""
    for pattern, chosen in patterns.items():
        if fnmatch.fnmatch(path, pattern):
            return list(chosen)
    return []


def _selection(files: list[str], patterns: dict[str, list[str]]) -> list[str] | None:
    """The test paths the mutants of ``files`` can be tried with (None: no files, all).

    The stats run then runs only these: a test outside them is never used to try
    one of these mutants (:func:`_narrow`), so running it there only costs time
    (the whole selection of ``[tool.mutmut]`` plays the game studies' tests).
    """
    if not files:
        return None
    sources = [str(p) for f in files
               for p in (sorted(Path(f).rglob("*.py")) if Path(f).is_dir() else [Path(f)])]
    chosen = dict.fromkeys(t for source in sources for t in _test_paths(source, patterns))
    # a pattern's test path may be the beginning of file names ("tests/core/test_study")
    return [str(p) for t in chosen for p in ([Path(t)] if Path(t).exists()
                                             else sorted(Path().glob(t + "*")))]


def _in_scope(path: str, files: list[str]) -> bool:
    return not files or any(path == f or path.startswith(f.rstrip("/") + "/") for f in files)


def run(files: list[str], max_children: int, rerun_survivors: bool,
        names: list[str] | None = None) -> None:
    import mutmut.__main__ as mm
    from mutmut.configuration import config
    from mutmut.state import state

    patterns = _tests_by_pattern()
    selection = _selection(files, patterns)
    if selection is not None:  # a new selection resets mutants/'s verdicts: finish a file first
        config().pytest_add_cli_args_test_selection = selection
    collect_stats = mm.collect_or_load_stats
    collect_mutants = mm.collect_source_file_mutation_data

    def collect_or_load_stats(*args, **kwargs):
        collect_stats(*args, **kwargs)
        _narrow(state().tests_by_mangled_function_name, patterns, _skipped())

    def collect_source_file_mutation_data(*, mutant_names):
        mutants, by_path = collect_mutants(mutant_names=mutant_names)
        again = (SURVIVED, *NO_TESTS)  # new tests may kill a survivor or reach an untested one
        chosen = [(m, name, None if rerun_survivors and result in again else result)
                  for m, name, result in mutants if _in_scope(str(m.path), files)]
        return chosen, by_path

    def tests_for_mutant_names(names):  # the clean run before the mutants: their tests only
        from mutmut.utils.format_utils import get_module_from_key

        return (names and mm_tests(names)) or {
            t for key, tests in state().tests_by_mangled_function_name.items()
            if _in_scope(_source_path(get_module_from_key(key)), files) for t in tests}

    mm_tests = mm.tests_for_mutant_names
    mm.tests_for_mutant_names = tests_for_mutant_names
    mm.collect_or_load_stats = collect_or_load_stats
    mm.collect_source_file_mutation_data = collect_source_file_mutation_data
    mm._run(tuple(names or ()), max_children)


def table(files: list[str]) -> None:
    """Per file: mutants, killed, survived, untested, timed out (from mutants/*.meta)."""
    print(f"{'file':44} {'mutants':>7} {'killed':>7} {'survived':>8} {'no tests':>8} "
          f"{'timeout':>7} {'not run':>7}")
    for meta in sorted(Path("mutants").rglob("*.py.meta")):
        path = str(meta.relative_to("mutants"))[: -len(".meta")]
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        if not codes or not _in_scope(path, files):
            continue
        count = Counter(codes.values())
        killed = sum(count[c] for c in KILLED)
        print(f"{path:44} {len(codes):7} {killed:7} {count[SURVIVED]:8} "
              f"{sum(count[c] for c in NO_TESTS):8} {sum(count[c] for c in TIMEOUT):7} "
              f"{count[None]:7}")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="tests/mutation.py", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    run_parser = sub.add_parser("run", help="try the mutants of FILE...")
    run_parser.add_argument("--max-children", type=int, default=1)
    run_parser.add_argument("--rerun-survivors", action="store_true")
    run_parser.add_argument("--mutant", action="append", default=[], metavar="NAME",
                            help="try only these mutants (again); a glob")
    run_parser.add_argument("files", nargs="*")
    table_parser = sub.add_parser("table", help="counts per file")
    table_parser.add_argument("files", nargs="*")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.files, args.max_children, args.rerun_survivors, args.mutant)
    else:
        table(args.files)


if __name__ == "__main__":
    sys.path.pop(0)  # this folder: tests/ is imported as a package, from mutants/
    main(sys.argv[1:])
