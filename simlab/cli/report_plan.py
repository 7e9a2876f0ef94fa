"""What ``simlab report`` runs: the quick plan (the default) and the full one (``--full``).

The quick run answers in minutes on 2 cores: each study gets the games (and, for
the ladders, the policies) its headline needs, and every row that rests on too few
games is marked in its table and counted in ``index.md``.  ``--full`` is the long
run: every study at its own ``default_games`` and default parameters.

``expected`` is the seconds a study took on the 2-core development machine, idle,
measured (see docs/benchmarks.md); it weighs the report's progress and its estimate
of the time left, and is not a promise.

Examples
--------
>>> plan = report_plan("bedpans-ladder", full=False)
>>> plan.games, plan.params
(40, {'policies': 'random,heuristic'})
>>> report_plan("bedpans-ladder", full=True).params
{}
>>> finding_spec("bedpans-outcomes")[0]
'elder_win'
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ReportPlan", "finding_spec", "report_plan"]


@dataclass(frozen=True)
class ReportPlan:
    """The games, parameters and expected seconds of one study in a report."""

    games: int | None
    params: dict[str, str] = field(default_factory=dict)
    expected: float = 5.0


#: study -> (quick games, quick parameters, quick seconds, full seconds); the seconds
#: measured on the 2-core machine, idle (the full run at the study's default games).
_PLANS: dict[str, tuple[int | None, dict[str, str], float, float]] = {
    # the ladders' quick run: the fixed policies, 20 games or more a pairing; the search
    # player (mcts-30, seconds a game in Bedpans and Broom Service) is the full run's
    "bad-doctor-ladder": (120, {"policies": "random,greedy,bad,cautious"}, 2.0, 4.8),
    "bedpans-ladder": (40, {"policies": "random,heuristic"}, 5.0, 134.0),
    "broom-service-ladder": (200, {"policies": "random,brave,cowardly,brave-0.5,heuristic"},
                             8.0, 234.4),
    "hospital-rush-ladder": (120, {"policies": "random,honest,opportunist,greedy"}, 3.6, 15.6),
    # 20 games a Stuff kind (22 kinds), the headline's holder (an Elder)
    "bedpans-stuff": (440, {}, 14.0, 61.3),
    # the Variations at 3 players alone: 30 games a Variation
    "bedpans-variants": (330, {"players": "3"}, 9.0, 25.3),
    # the others answer in seconds at their default games
    "bad-doctor-complications": (None, {}, 2.3, 2.3),
    "bad-doctor-seats": (None, {}, 1.4, 1.4),
    "bedpans-escape": (None, {}, 3.3, 3.3),
    "bedpans-movement": (None, {}, 0.5, 0.5),
    "bedpans-outcomes": (None, {}, 6.0, 6.0),
    "broom-service-scores": (None, {}, 1.8, 1.8),
    "broom-service-steals": (None, {}, 1.3, 1.3),
    "hospital-rush-boards": (None, {}, 3.7, 3.7),
    "hospital-rush-patients": (None, {}, 1.5, 1.5),
    "hospital-rush-unfair": (None, {}, 3.0, 3.0),
}

_LEVEL = ("estimate", "low", "high")
#: What each study's finding reads: (quantity, only the rows with these values, the
#: estimate and interval columns).  Ladders: the ratings and decided pairings.
_FINDINGS: dict[str, tuple[str, dict[str, str], tuple[str, str, str]]] = {
    "bad-doctor-complications": ("deaths", {"variation": "all tiles"}, _LEVEL),
    "bad-doctor-seats": ("win", {}, _LEVEL),
    "bedpans-escape": ("escaped", {}, _LEVEL),
    "bedpans-movement": ("mean result", {}, _LEVEL),
    "bedpans-outcomes": ("elder_win", {}, _LEVEL),
    # the holder's win rate with the Stuff minus without, on matched seeds
    "bedpans-stuff": ("holder_win", {"arm": "with"}, ("worth", "worth_low", "worth_high")),
    "bedpans-variants": ("elder_win", {"arm": "variant"}, _LEVEL),
    "broom-service-scores": ("win", {}, _LEVEL),
    "broom-service-steals": ("stolen", {}, _LEVEL),
    "hospital-rush-boards": ("win", {}, _LEVEL),
    "hospital-rush-patients": ("cured", {}, _LEVEL),
    "hospital-rush-unfair": ("win", {}, _LEVEL),
}


def report_plan(name: str, *, full: bool) -> ReportPlan:
    """The plan of study ``name`` in a quick or full report.

    A study this table does not know (one registered later) runs at its default
    games in both, with a guessed 5 s.
    """
    quick_games, params, quick, slow = _PLANS.get(name, (None, {}, 5.0, 5.0))
    if full:
        return ReportPlan(None, {}, slow)
    return ReportPlan(quick_games, dict(params), quick)


def finding_spec(name: str) -> tuple[str, dict[str, str], tuple[str, str, str]] | None:
    """What study ``name``'s finding reads (see :func:`simlab.cli.findings.finding`); None
    for a study this table does not know (its first quantity is read)."""
    return _FINDINGS.get(name)
