"""The balance report: verdict tables, seat and side fairness, length, drama, choices.

A :class:`BalanceReport` (what :func:`simlab.balance` returns) holds the games
played and their verdicts, and derives every table from them on demand.
``.write(out_dir)`` writes ``report.md``, a PNG per figure and the CSV behind
every table and figure; in a notebook it shows itself as Markdown/HTML.  Every
report is stamped with its command, seeds, commit and date (:func:`stamp`).

Examples
--------
>>> from simlab.lab.balance import balance
>>> report = balance("hospital_rush", players=3, policies="greedy", max_games=20,
...                  first_batch=20, command="doctest")
>>> report.seats.columns.tolist()[:4]
['seat', 'wins', 'share', 'low']
>>> "## Seat fairness" in report.markdown()
True
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as _scipy_stats

from simlab.core.api import Game
from simlab.core.stats import mean_interval, wilson_interval
from simlab.lab.metrics import MIN_GAMES, choice_table, versus_table
from simlab.lab.sequential import REFERENCE, Verdict, betting_cs
from simlab.lab.specs import spec_for

__all__ = ["BalanceReport", "markdown_table", "stamp"]


def _commit() -> str:
    """The commit of the simlab checkout (``+dirty`` with uncommitted changes), or "unknown"."""
    here = Path(__file__).resolve().parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=here,
                              capture_output=True, text=True, timeout=10, check=True).stdout
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                               cwd=here, capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head.strip() + ("+dirty" if dirty.strip() else "")


def stamp(command: str) -> dict[str, str]:
    """What every report is stamped with: the command, the commit and the date (UTC).

    Examples
    --------
    >>> sorted(stamp("simlab balance bedpans"))
    ['command', 'commit', 'date']
    """
    now = _dt.datetime.now(_dt.UTC).replace(microsecond=0)
    return {"command": command, "commit": _commit(), "date": now.isoformat()}


def _budget(game: Game, name: str, seat: int) -> str:
    """A policy name with its search budget, if it searches."""
    policy = game.make_policy(name, seat)
    settings = getattr(policy, "settings", None)
    if settings is None:
        return name
    depth = "to the end" if settings.depth is None else f"depth {settings.depth}"
    return f"{name} ({settings.budget} a decision, {depth}, {settings.rollout} rollouts)"


def _interval_text(low: float, high: float) -> str:
    return f"[{low:.3f}, {high:.3f}]"


def markdown_table(frame: pd.DataFrame, digits: int = 3) -> str:
    """A DataFrame as a GitHub Markdown table (no index).

    Examples
    --------
    >>> print(markdown_table(pd.DataFrame({"a": [1.5, 2.0], "b": ["x|y", True]})))
    | a | b |
    | --- | --- |
    | 1.500 | x\\|y |
    | 2 | yes |
    >>> print(markdown_table(pd.DataFrame({"decided_at": [None, 14]}, dtype=object)))
    | decided_at |
    | --- |
    |  |
    | 14 |
    """
    def cell(value: Any) -> str:
        if value is None or value is pd.NA:
            return ""
        if isinstance(value, bool | np.bool_):
            return "yes" if value else "no"
        if isinstance(value, float | np.floating):
            if math.isnan(value):
                return ""
            return f"{value:,.{digits}f}" if not float(value).is_integer() else f"{value:,.0f}"
        return str(value).replace("|", "\\|")

    head = "| " + " | ".join(str(c) for c in frame.columns) + " |"
    rule = "| " + " | ".join("---" for _ in frame.columns) + " |"
    rows = ["| " + " | ".join(cell(v) for v in row) + " |"
            for row in frame.itertuples(index=False)]
    return "\n".join([head, rule, *rows])


@dataclass
class BalanceReport:
    """The games of a balance run, their verdicts, and every table derived from them.

    Attributes
    ----------
    game : Game
        The game played (players, options, components).
    policies : tuple of str
        One policy a seat.
    games : pandas.DataFrame
        One row per game (:func:`simlab.lab.games.play_games`).
    verdicts : list of Verdict
        The verdict on every question after the last batch.
    margin, alpha : float
        ``D`` and the error rate of each verdict family.
    seed, max_games : int
        Root seed and the most games the run could play.
    stamp : dict
        ``command``, ``commit``, ``date``.
    """

    game: Game
    policies: tuple[str, ...]
    games: pd.DataFrame
    verdicts: list[Verdict]
    margin: float
    alpha: float
    seed: int
    max_games: int
    stamp: dict[str, str]
    _cache: dict[str, Any] = field(default_factory=dict, repr=False)

    # -- facts ----------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The game's registry name."""
        return self.game.NAME

    @property
    def players(self) -> int:
        """Seats."""
        return self.game.players

    @property
    def games_played(self) -> int:
        """Games the run played."""
        return len(self.games)

    @property
    def sides(self) -> dict[str, tuple[int, ...]]:
        """The game's sides ({} for a game of seats)."""
        return spec_for(self.game).sides(self.players)

    @property
    def verdict_table(self) -> pd.DataFrame:
        """One row per question: estimate, CS, verdict, games to decide it, and in words."""
        rows = [v.as_row() for v in self.verdicts]
        cols = ["question", "fair", "estimate", "low", "high", "verdict", "favours",
                "decided_at", "n", "alpha", "says"]
        return pd.DataFrame(rows)[cols] if rows else pd.DataFrame(columns=cols)

    def players_text(self) -> list[str]:
        """Each seat's player and budget."""
        return [f"seat {s}: {_budget(self.game, p, s)}" for s, p in enumerate(self.policies)]

    # -- seats ----------------------------------------------------------------------------
    @property
    def seats(self) -> pd.DataFrame:
        """Each seat's win share with its CS (at ``alpha / seats``, simultaneous) and fair share."""
        if "seats" not in self._cache:
            n = self.players
            rows = []
            fair = math.nan if self.sides else 1.0 / n  # seats of sides are not alike
            side_of = {s: name for name, seats in self.sides.items() for s in seats}
            for s in range(n):
                x = self.games[f"win_{s}"].to_numpy(float)
                lo, hi = betting_cs(x, self.alpha / n)
                rows.append({"seat": s, "wins": float(x.sum()), "share": float(x.mean()),
                             "low": float(lo[-1]), "high": float(hi[-1]), "fair": fair,
                             "player": self.policies[s],
                             **({"side": side_of.get(s, "")} if self.sides else {})})
            self._cache["seats"] = pd.DataFrame(rows)
        return self._cache["seats"]

    @property
    def balance_index(self) -> dict[str, float]:
        """Ludii's Balance, ``1 - (max - min seat win rate)``, with its interval.

        The interval follows from the seat CSs (simultaneous at ``alpha``):
        ``[1 - (max high - min low), 1 - max(0, max low - min high)]``.
        """
        seats = self.seats
        share, lo, hi = seats.share, seats.low, seats.high
        return {"balance": float(1 - (share.max() - share.min())),
                "low": float(max(0.0, 1 - (hi.max() - lo.min()))),
                "high": float(min(1.0, 1 - max(0.0, lo.max() - hi.min())))}

    @property
    def equal_seats_test(self) -> dict[str, Any]:
        """Chi-square test that the seats win equally often (scipy's ``chisquare``).

        In a game with sides, among the games the side of the side question
        won, over that side's seats.
        """
        seats = list(range(self.players))
        games = self.games
        sides = self.sides
        scope = "all games"
        if sides:
            side = spec_for(self.game).side_question
            seats = list(sides[side])
            games = games[games.side_win == 1.0]
            scope = f"games the {side} won, over the {side} seats"
        wins = np.array([games[f"win_{s}"].sum() for s in seats], dtype=float)
        if len(seats) < 2 or wins.sum() == 0:
            return {"scope": scope, "chi2": math.nan, "dof": len(seats) - 1,
                    "p_value": math.nan, "wins": wins.tolist()}
        result = _scipy_stats.chisquare(wins)
        return {"scope": scope, "chi2": float(result.statistic), "dof": len(seats) - 1,
                "p_value": float(result.pvalue), "wins": wins.tolist()}

    # -- side -----------------------------------------------------------------------------
    @property
    def side(self) -> pd.DataFrame:
        """Side win rates (Bedpans: Staff, Elders, undecided) with 95 % Wilson intervals."""
        if not self.sides:
            return pd.DataFrame(columns=["side", "wins", "games", "share", "low", "high"])
        g = self.games
        n = len(g)
        decided = g.winners > 0
        elders = int((g.side_win == 1.0).sum())
        counts = {spec_for(self.game).side_question: elders,
                  **{name: int((decided & (g.side_win == 0.0)).sum())
                     for name in self.sides if name != spec_for(self.game).side_question},
                  "nobody (a guard)": int((~decided).sum())}
        rows = []
        for name, k in counts.items():
            lo, hi = wilson_interval(k, n)
            rows.append({"side": name, "wins": k, "games": n, "share": k / n if n else math.nan,
                         "low": float(lo), "high": float(hi)})
        return pd.DataFrame(rows)

    # -- length ---------------------------------------------------------------------------
    @property
    def length(self) -> pd.DataFrame:
        """Turns and rounds: mean (95 % t), median, 10th and 90th percentile, min, max;
        and the share of games a guard ended (95 % Wilson)."""
        rows = []
        for column in ("turns", "rounds"):
            values = self.games[column].to_numpy(float)
            values = values[np.isfinite(values)]
            if not len(values):
                continue
            mean, lo, hi = mean_interval(values)
            rows.append({"quantity": column, "estimate": mean, "low": lo, "high": hi,
                         "median": float(np.median(values)),
                         "p10": float(np.percentile(values, 10)),
                         "p90": float(np.percentile(values, 90)),
                         "min": float(values.min()), "max": float(values.max())})
        guard = self.games.guard_ended.astype(bool)
        lo, hi = wilson_interval(int(guard.sum()), len(guard))
        rows.append({"quantity": "guard ended the game", "estimate": float(guard.mean()),
                     "low": float(lo), "high": float(hi)})
        return pd.DataFrame(rows)

    # -- drama ----------------------------------------------------------------------------
    @property
    def drama(self) -> pd.DataFrame:
        """Lead changes, comebacks and when the game was decided (95 % intervals)."""
        g = self.games
        if "lead_changes" not in g.columns:
            return pd.DataFrame(columns=["quantity", "estimate", "low", "high", "games"])
        rows = []
        mean, lo, hi = mean_interval(g.lead_changes.to_numpy(float))
        rows.append({"quantity": "lead changes per game", "estimate": mean, "low": lo,
                     "high": hi, "games": len(g)})
        single = g[g.decided_share.notna()]
        for column, text in (("trailed_half", "winner trailed at the half"),
                             ("trailed_3q", "winner trailed at three quarters")):
            values = single[column].dropna().astype(bool)
            k, n = int(values.sum()), len(values)
            low, high = wilson_interval(k, n) if n else (math.nan, math.nan)
            rows.append({"quantity": text, "estimate": k / n if n else math.nan,
                         "low": float(low), "high": float(high), "games": n})
        shares = single.decided_share.to_numpy(float)
        if len(shares):
            mean, lo, hi = mean_interval(shares)
            rows.append({"quantity": "decided after this share of the turns (mean)",
                         "estimate": mean, "low": lo, "high": hi, "games": len(shares)})
            early = int((shares <= 0.25).sum())
            low, high = wilson_interval(early, len(shares))
            rows.append({"quantity": "decided in the first quarter of the turns",
                         "estimate": early / len(shares), "low": float(low),
                         "high": float(high), "games": len(shares)})
            mean, lo, hi = mean_interval(single.decided_turn.to_numpy(float))
            rows.append({"quantity": "decided after turn (mean)", "estimate": mean,
                         "low": lo, "high": hi, "games": len(shares)})
        return pd.DataFrame(rows)

    # -- choices --------------------------------------------------------------------------
    @property
    def choices(self) -> pd.DataFrame:
        """What each choice is worth (per side where the game has sides)."""
        if "choices" not in self._cache:
            sides = self.sides or {"all seats": tuple(range(self.players))}
            frames = []
            for name, seats in sides.items():
                table = choice_table(self.games, seats)
                table.insert(0, "seats", name)
                frames.append(table)
            self._cache["choices"] = pd.concat(frames, ignore_index=True)
        return self._cache["choices"]

    @property
    def versus(self) -> pd.DataFrame:
        """One way of a choice against the other (Broom Service: each role brave against
        cowardly), over the (game, seat) units that made it only one way; empty for a game
        without such pairs."""
        arms = spec_for(self.game).versus
        if arms is None:
            return pd.DataFrame()
        table = versus_table(self.games, arms)
        first, second = arms
        return table.rename(columns={"with_n": f"{first}_n", "with_rate": f"{first}_rate",
                                     "without_n": f"{second}_n",
                                     "without_rate": f"{second}_rate"})

    # -- output ---------------------------------------------------------------------------
    def figures(self) -> dict[str, Any]:
        """Every figure of the report by file stem, with the table behind it."""
        from simlab.lab import figures

        return figures.report_figures(self)

    def header(self) -> list[str]:
        """The stamp lines: command, game, players and budgets, seeds, commit, date."""
        options = self.game.params["options"]
        last = int(self.games.game_index.max()) if len(self.games) else -1
        lines = [
            f"- command: `{self.stamp['command']}`",
            f"- game: {self.game.TITLE or self.name}, {self.players} players"
            + (f", options {options}" if options else "")
            + ("" if self.game.component_set.is_shipped
               else f", components {self.game.component_set.label}"),
            "- players: " + "; ".join(self.players_text()),
            f"- seeds: root seed {self.seed}, games 0-{last} "
            f"(each game's own seed is the `game_seed` column of games.csv; "
            f"`simlab.play(game, policies, seed=game_seed)` replays it)",
            f"- games: {self.games_played:,} played of at most {self.max_games:,}; "
            f"margin ±{self.margin:g}; alpha {self.alpha:g} per verdict family",
            f"- commit {self.stamp['commit']}, date {self.stamp['date']}",
        ]
        return lines

    def markdown(self, figure_dir: str | None = None) -> str:
        """The report as Markdown (with figure links into ``figure_dir`` if given)."""
        def fig(stem: str, alt: str) -> list[str]:
            return [f"![{alt}]({figure_dir}/{stem}.png)", ""] if figure_dir is not None else []

        out = [f"# Balance of {self.game.TITLE or self.name}, {self.players} players", "",
               *self.header(), "", "## Verdicts", "",
               f"Confidence sequences: {REFERENCE}. Seat questions are taken at alpha / "
               "seats each (Bonferroni), so the seat verdict of the game holds at alpha. "
               "Each row says *balanced within ±D* (the sequence lies inside fair ± D), "
               "*unbalanced* (it excludes fair: the side and by how much) or *inconclusive* "
               "at the games played.", "",
               markdown_table(self.verdict_table[["question", "fair", "estimate", "low",
                                                   "high", "decided_at", "says"]]), "",
               *fig("verdicts", "each question's confidence sequence by games played")]
        b = self.balance_index
        test = self.equal_seats_test
        out += ["## Seat fairness", "",
                "Each seat's share of the wins (a win shared by k seats counts 1/k), with its "
                "confidence sequence at alpha / seats."
                + (" The seats of different sides are not alike, so no seat has a fair share "
                   "here: the side balance below and the verdicts on the seats within a side "
                   "answer that." if self.sides else ""), "",
                markdown_table(self.seats), "",
                f"Balance (Ludii: 1 − (largest − smallest seat win rate)): {b['balance']:.3f} "
                f"{_interval_text(b['low'], b['high'])}.", "",
                f"Chi-square test of equal seats ({test['scope']}): chi² = {test['chi2']:.2f}, "
                f"{test['dof']} degrees of freedom, p = {test['p_value']:.3g}.", "",
                *fig("seats", "seat win shares")]
        if self.sides:
            out += ["## Side balance", "", "Win rates of the sides (95 % Wilson intervals).",
                    "", markdown_table(self.side), ""]
        out += ["## Length", "",
                f"A turn is {spec_for(self.game).turn_text}.", "",
                markdown_table(self.length), "", *fig("length", "turns and rounds")]
        drama = self.drama
        if len(drama):
            out += ["## Drama and decisiveness", "",
                    "From the game's own `evaluate(state)` after every turn (the leader is the "
                    "seat it rates strictly highest; the last point is the outcome). *Decided "
                    "after turn t*: the final winner led from turn t to the end.", "",
                    markdown_table(drama), "", *fig("drama", "drama")]
        choices = self.choices
        kind = spec_for(self.game).choice_kind
        if len(choices):
            shown = choices.copy()
            shown["too_few"] = shown.too_few.map({True: "too few games", False: ""})
            out += ["## What each choice is worth", "",
                    f"Choice: {kind}. Each (game, seat) is one unit: the win rate of the units "
                    "in which the seat made the choice against those in which it did not, and "
                    "the difference with a 95 % Agresti–Caffo interval (a guide: choices follow "
                    "the position, so this is association, not cause). Rows with fewer than "
                    f"{MIN_GAMES} units on either side are marked too few games.", "",
                    markdown_table(shown), "", *fig("choices", "choices")]
        versus = self.versus
        if len(versus):
            first, second = spec_for(self.game).versus  # type: ignore[misc]
            shown = versus.copy()
            shown["too_few"] = shown.too_few.map({True: "too few games", False: ""})
            out += [f"### {first.capitalize()} against {second}", "",
                    f"Each (game, seat) in which the seat played the choice only {first} or "
                    f"only {second}: the win rates of the two, and the difference "
                    f"({first} − {second}) with a 95 % Agresti–Caffo interval.", "",
                    markdown_table(shown), ""]
        return "\n".join(out) + "\n"

    def write(self, out_dir: str | os.PathLike[str], figure_dir: str = ".") -> Path:
        """Write ``report.md``, a PNG per figure and a CSV per table and figure into ``out_dir``.

        Returns
        -------
        Path
            The path of ``report.md``.
        """
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        tables = {"games": self.games, "verdicts": self.verdict_table, "seats": self.seats,
                  "side": self.side, "length": self.length, "drama": self.drama,
                  "choices": self.choices, "versus": self.versus,
                  "balance_index": pd.DataFrame([self.balance_index]),
                  "equal_seats_test": pd.DataFrame([{k: v for k, v in
                                                     self.equal_seats_test.items()
                                                     if k != "wins"}])}
        for stem, table in tables.items():
            if len(table.columns):  # a table the game does not have (versus) is not written
                table.to_csv(out / f"{stem}.csv", index=False)
        for stem, (figure, table) in self.figures().items():
            figure.savefig(out / f"{stem}.png", dpi=110)
            table.to_csv(out / f"{stem}_figure.csv", index=False)
        path = out / "report.md"
        path.write_text(self.markdown(figure_dir=figure_dir), encoding="utf-8")
        return path

    def _repr_markdown_(self) -> str:
        return self.markdown()

    def _repr_html_(self) -> str:
        import html

        rows = "".join(f"<li>{html.escape(line[2:])}</li>" for line in self.header())
        return (f"<h3>Balance of {html.escape(self.game.TITLE or self.name)}, "
                f"{self.players} players</h3><ul>{rows}</ul>"
                + self.verdict_table[["question", "estimate", "low", "high", "says"]]
                .to_html(index=False, float_format=lambda v: f"{v:.3f}")
                + self.seats.to_html(index=False, float_format=lambda v: f"{v:.3f}"))

    def __repr__(self) -> str:
        said = "; ".join(f"{v.question}: {v.text()}" for v in self.verdicts)
        return (f"<BalanceReport {self.name} {self.players} players, "
                f"{self.games_played} games: {said}>")
