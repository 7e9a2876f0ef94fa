"""The ``simlab`` command: one module per subcommand, and the parts they share.

One module a command, each with ``add_parser(subparsers)`` and the function
that runs it:

==============  ====================================================
``games``       every game, its variants, policies and studies
``info``        one game's options, policies, components, rulings
``play``        one game played, its turn log or record
``replay``      a game record checked and its turn log printed
``dice``        a dice expression's exact distribution (and samples)
``study``       one registered Monte Carlo study
``report``      every registered study, tables, figures and findings
``balance``     the balance report of a game (the balance lab)
``data``        export and check component folders
``tune``        search a game's knobs for a fair game (Optuna)
==============  ====================================================

Shared by them: :mod:`~simlab.cli.command` (the parser, :func:`main`),
:mod:`~simlab.cli.args` (argument types, the one-line-error parser),
:mod:`~simlab.cli.output` (output files checked first, written atomically),
:mod:`~simlab.cli.progress` and :mod:`~simlab.cli.executor` (progress bar,
process pool or cluster, clean Ctrl-C), :mod:`~simlab.cli.findings` and
:mod:`~simlab.cli.report_plan` (what a report runs and finds),
:mod:`~simlab.cli.catalog` and :mod:`~simlab.cli.catalog_cache` (what the
listings show, without importing the games).

Examples
--------
>>> from simlab.cli import main
>>> main(["--version"])  # doctest: +ELLIPSIS
simlab ...
0
"""

from simlab.cli.command import build_parser, main

__all__ = ["build_parser", "main"]
