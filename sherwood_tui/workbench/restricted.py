"""Restricted play (Jaffe et al., 2012, "Evaluating competitive game balance with
restricted play"): what a strategy is worth, measured by keeping one seat's bot from it
("expert+honest") among unrestricted bots of the same level, and seeing what it loses.

The restricted seat goes round the table: a run of G games plays G / players games
with seat 1 restricted, as many with seat 2, and so on (seeds in blocks, so the same
command gives the same games whatever `--jobs`), and seat advantage cancels out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sherwood_tui.workbench.engine import GameResult, run
from sherwood_tui.workbench.stats import Interval, mean_interval, wilson


@dataclass(frozen=True)
class RestrictedRun:
    """The games of a restricted-play run, by the seat that was restricted."""

    level: str
    restriction: str
    players: int
    by_seat: list[tuple[int, list[str], list[GameResult]]]  # (restricted seat, bots, games)

    def shares(self) -> tuple[float, float, int]:
        """The restricted seats' wins, the other seats' wins, and the games."""
        mine = others = 0.0
        games = 0
        for seat, _, results in self.by_seat:
            for result in results:
                games += 1
                for winner in result.winners:
                    share = 1 / len(result.winners)
                    if winner == seat:
                        mine += share
                    else:
                        others += share
        return mine, others, games

    def summary(self) -> dict[str, Any]:
        """The restricted seat's win rate against the fair share and the other seats',
        and its score against the others' mean in the same game, each with its 95% CI."""
        mine, others, games = self.shares()
        fair = 1 / self.players
        rate = wilson(mine, games)
        rest = wilson(others, games * (self.players - 1))
        margins = [result.scores[seat] - (sum(result.scores) - result.scores[seat]) / (self.players - 1)
                   for seat, _, results in self.by_seat for result in results]
        margin = mean_interval(margins).mean
        cost = Interval(fair - rate.value, fair - rate.high, fair - rate.low)
        return {"level": self.level, "restriction": self.restriction, "players": self.players, "games": games,
                "fair_share": fair, "restricted_win_rate": _json(rate), "unrestricted_win_rate_per_seat": _json(rest),
                "cost_in_win_rate": _json(cost), "score_margin": _json(margin)}


def _json(interval: Interval) -> dict[str, float | None]:
    number: Callable[[float], float | None] = lambda v: None if math.isnan(v) else round(v, 6)
    return {"value": number(interval.value), "low": number(interval.low), "high": number(interval.high)}


def play(game_id: str, players: int, games: int, seed: int, level: str, restriction: str,
         options: dict[str, bool], jobs: int = 1, progress: Callable[[int], None] | None = None,
         events: bool = False) -> RestrictedRun:
    """`games` games (rounded up to a multiple of `players`), the restricted seat going
    round: seat k's block plays seeds `seed + k * games / players` onwards (`events`:
    with their events, for the records)."""
    block = -(-games // players)
    by_seat = []
    for seat in range(players):
        bots = [f"{level}+{restriction}" if k == seat else level for k in range(players)]
        results = run(game_id, players, block, seed + seat * block, bots, options, jobs, progress, events)
        by_seat.append((seat, bots, results))
    return RestrictedRun(level, restriction, players, by_seat)
