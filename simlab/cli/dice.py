"""``simlab dice EXPR``: the exact distribution of a dice expression, and samples of it.

Reads no catalog and imports no game; scipy only with ``--samples`` (its
chi-square test of the samples against the exact distribution).

Examples
--------
>>> from simlab.cli import main
>>> main(["dice", "2d6", "--json"])  # doctest: +ELLIPSIS
{
 "expression": "2d6",
 "mean": 7.0,
...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from simlab.cli.args import count, print_json

__all__ = ["add_parser", "dice_command"]


def add_parser(sub: Any) -> None:
    """Add the ``dice`` subcommand to ``sub`` (an argparse subparsers object)."""
    p = sub.add_parser("dice", help="exact distribution of a dice expression, e.g. 3d3kl2")
    p.add_argument("expr")
    p.add_argument("--samples", type=count("samples"), default=0, help="also sample N rolls")
    p.add_argument("--seed", type=count("seed"), default=0, help="seed for the samples")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(run=dice_command)


def dice_command(args: argparse.Namespace) -> int:
    """Run ``simlab dice``."""
    from simlab.core import dice

    expr = dice.parse(args.expr)
    dist = dice.distribution(expr)
    result: dict[str, Any] = {
        "expression": str(expr),
        "mean": float(dice.mean(expr)),
        "variance": float(dice.variance(expr)),
        "distribution": {str(k): str(v) for k, v in dist.items()},
    }
    observed = None
    if args.samples:
        import numpy as np

        from simlab.core.stats import chisquare_gof  # scipy and pandas: only for samples

        values = dice.sample(expr, args.samples, seed=args.seed)
        keys, counts = np.unique(values, return_counts=True)
        observed = {int(k): int(c) for k, c in zip(keys, counts, strict=True)}
        result["samples"] = args.samples
        result["seed"] = args.seed
        result["observed"] = {str(k): v for k, v in observed.items()}
        result["sample_mean"] = float(values.mean())
        result["chisquare_p"] = chisquare_gof(observed, dist)
    if args.json:
        print_json(result)
        return 0
    print(f"{result['expression']}: mean {result['mean']:.4f}, variance {result['variance']:.4f}")
    header = f"{'value':>6} {'exact':>12} {'p':>9}"
    if observed is not None:
        header += f" {'observed':>10}"
    print(header)
    for value, p in dist.items():
        line = f"{value:>6} {p!s:>12} {float(p):9.5f}"
        if observed is not None:
            line += f" {observed.get(value, 0) / args.samples:10.5f}"
        print(line)
    if observed is not None:
        print(f"chi-square goodness of fit p = {result['chisquare_p']:.4g} "
              f"({args.samples} samples, seed {args.seed})")
    return 0
