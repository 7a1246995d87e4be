"""A/A runs: how often the workbench flags a difference or a seat advantage where there
is none. The false-positive figures of the docs (docs/contributors/benchmarks.md) are these
measurements (the suite repeats them: tests/workbench/test_calibration.py).

- Comparisons: the built-in data against itself, each side on seeds of its own (so the
  two sides are independent samples of one game): the share of runs with any measure
  beyond noise, after Holm's correction and (for contrast) measure by measure.
- Seat advantage: tables where every seat truly has the same chance (each game's winner
  drawn evenly): the share of runs that flag some seat.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sherwood_tui.workbench.compare import ADVANTAGE, measures, seat_advantages, seat_wins
from sherwood_tui.workbench.engine import GameResult, run
from sherwood_tui.workbench.stats import wilson


@dataclass(frozen=True)
class FalseFlags:
    """Out of `runs` A/A runs, how many flagged something: after the correction, and
    without it."""

    runs: int
    corrected: int
    uncorrected: int


def comparison_false_flags(game_id: str, players: int, runs: int, games: int, seed: int = 1,
                           bot: str = "random") -> FalseFlags:
    """`runs` comparisons of the built-in data with itself, `games` games a side, every
    side on seeds of its own."""
    bots = [bot] * players
    corrected = uncorrected = 0
    for k in range(runs):
        a = run(game_id, players, games, seed + 2 * k * games, bots, {})
        b = run(game_id, players, games, seed + (2 * k + 1) * games, bots, {})
        rows = measures(a, bots, b)
        corrected += any(m.beyond_noise for m in rows)
        uncorrected += any(m.uncorrected for m in rows)
    return FalseFlags(runs, corrected, uncorrected)


def seat_false_flags(players: int, runs: int, games: int, seed: int = 1) -> FalseFlags:
    """`runs` runs of `games` games at fair tables (the winner of each drawn evenly):
    how many flag a seat advantage (`uncorrected`: with each seat judged alone)."""
    rnd = random.Random(seed)
    bots = ["fair"] * players
    corrected = uncorrected = 0
    for _ in range(runs):
        results = [GameResult(seed=i, winners=[rnd.randrange(players)], scores=[0.0] * players, actions=0,
                              rounds=0, ending="") for i in range(games)]
        found = seat_advantages(results, bots)
        corrected += bool(found)
        uncorrected += bool(alone_advantages(results, players))
    return FalseFlags(runs, corrected, uncorrected)


def alone_advantages(results: list[GameResult], players: int) -> list[int]:
    """The seats that the test without correction would flag (each seat alone)."""
    fair = 1 / players
    rates = [wilson(w, len(results)) for w in seat_wins(results, players)]
    return [seat for seat, rate in enumerate(rates) if rate.value - fair > ADVANTAGE and rate.low > fair]
