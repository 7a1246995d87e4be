"""A run's results summed up: wins per seat and per bot level, scores, lengths, endings,
the game's own counts and how games flowed (`flow.py`), each with its 95% interval; one
row per variant."""

from __future__ import annotations

import itertools
import math
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from sherwood_tui.workbench import flow
from sherwood_tui.workbench.compare import advantages_json, seat_advantages, seat_wins
from sherwood_tui.workbench.engine import GameResult
from sherwood_tui.workbench.stats import Interval, mean_interval, wilson

if TYPE_CHECKING:
    from sherwood_tui.workbench.engine import WithOptions


def _spread(values: Sequence[float]) -> dict[str, Any]:
    """Mean (with its 95% interval), sample sd, min and max."""
    found = mean_interval(values)
    return {
        "mean": round(found.mean.value, 2),
        "sd": round(found.sd, 2) if len(values) > 1 else 0.0,
        "min": min(values),
        "max": max(values),
        "mean_ci": _bounds(found.mean),
    }


def _bounds(interval: Interval, digits: int = 4) -> list[float | None]:
    return [None if math.isnan(v) else round(v, digits) for v in (interval.low, interval.high)]


def summarise(results: list[GameResult], bots: list[str]) -> dict[str, Any]:
    """Wins per seat and per bot level, scores, lengths, endings, game-specific counts,
    each with its 95% interval, and the seats with an advantage (None: not judged)."""
    n, games = len(bots), len(results)
    wins = seat_wins(results, n)
    seats = [
        {
            "seat": i + 1,
            "bot": bots[i],
            "wins": round(wins[i], 2),
            "win_rate": round(wins[i] / games, 4),
            "win_rate_ci": _bounds(wilson(wins[i], games)),
            "score": _spread([r.scores[i] for r in results]),
        }
        for i in range(n)
    ]
    levels = {}
    for level in sorted(set(bots)):
        members = [i for i in range(n) if bots[i] == level]
        total = sum(wins[i] for i in members)
        levels[level] = {
            "seats": len(members),
            "wins": round(total, 2),
            "win_rate_per_seat": round(total / games / len(members), 4),
            "win_rate_ci": _bounds(wilson(total, games * len(members))),
        }
    keys = sorted({k for r in results for k in r.counts})
    per_game = {k: mean_interval([r.counts.get(k, 0) for r in results]).mean for k in keys}
    endings = dict(Counter(r.ending for r in results).most_common())
    advantages = seat_advantages(results, bots)
    return {
        "games": games,
        "seats": seats,
        "levels": levels,
        "length": {"actions": _spread([r.actions for r in results]), "rounds": _spread([r.rounds for r in results])},
        "endings": endings,
        "ending_shares": {k: {"share": round(c / games, 4), "ci": _bounds(wilson(c, games))} for k, c in endings.items()},
        "counts_per_game": {k: round(v.value, 3) for k, v in per_game.items()},
        "counts_ci": {k: _bounds(v, 3) for k, v in per_game.items()},
        "seat_advantage": advantages_json(advantages),
        "flow": flow_summary(results),
    }


def flow_summary(results: list[GameResult]) -> dict[str, Any]:
    """How the games flowed (`flow.py`): lead changes, the decided round (and its share
    of the game), the winner's margin, each as a spread, and the comeback rate with its
    Wilson interval."""
    flows = [flow.flow_of(r) for r in results]
    comebacks = sum(f.comeback for f in flows)
    return {
        "lead_changes": _spread([f.lead_changes for f in flows]),
        "decided_round": _spread([f.decided_round for f in flows]),
        "decided_share": _spread([round(f.decided_share, 6) for f in flows]),
        "margin": _spread([f.margin for f in flows]),
        "comebacks": comebacks,
        "comeback_rate": round(comebacks / len(flows), 4) if flows else 0.0,
        "comeback_ci": _bounds(wilson(comebacks, len(flows))),
    }


def option_combinations(game: WithOptions) -> list[dict[str, bool]]:
    """Every combination of the game's options (`--option all`), all off first."""
    keys = [o.key for o in game.options]
    return [dict(zip(keys, values)) for values in itertools.product((False, True), repeat=len(keys))]


def options_label(game: WithOptions, options: dict[str, bool]) -> str:
    """`Royal Goods: yes` (or `none` for a game without options)."""
    labels = {o.key: o.label for o in game.options}
    return ", ".join(f"{labels.get(k, k)}: {'yes' if v else 'no'}" for k, v in options.items()) or "none"


def variant_row(game: WithOptions, options: dict[str, bool], results: list[GameResult], bots: list[str]) -> dict[str, Any]:
    """One row of `--option all`: win rate per seat, mean length, endings."""
    games = len(results)
    advantages = seat_advantages(results, bots)
    return {
        "options": options,
        "label": options_label(game, options),
        "games": games,
        "win_rates": [round(w / games, 4) for w in seat_wins(results, len(bots))],
        "actions": round(statistics.fmean(r.actions for r in results), 2),
        "rounds": round(statistics.fmean(r.rounds for r in results), 2),
        "endings": {k: round(c / games, 4) for k, c in Counter(r.ending for r in results).most_common()},
        "seat_advantage": advantages_json(advantages),
        "flow": flow_summary(results),
    }
