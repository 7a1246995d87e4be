"""Terminal charts of a simulator run as Rich renderables (this module draws).

Nothing is told apart by colour: each chart says in words what its marks mean, and
the sides of a comparison are named A and B on every row.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich import box
from rich.table import Table
from rich.text import Text

from sherwood_tui.workbench.stats import Interval

BAR = 40  # cells of a win-rate bar
BOX = 24  # cells of a box plot
BINS = 16  # cells (bins) of a score histogram
SPARKS = " ▁▂▃▄▅▆▇█"


@dataclass(frozen=True)
class Row:
    """One row of a chart: its name ("Seat 1", "Seat 1 B") and what it shows."""

    name: str
    rate: Interval | None = None
    scores: Sequence[float] = ()


def win_rate_chart(rows: Sequence[Row], fair: float | None) -> Table:
    """Win rate per seat: a bar to the estimate with its 95% interval."""
    highs = [r.rate.high for r in rows if r.rate is not None and not math.isnan(r.rate.high)]
    top = min(1.0, max(0.1, math.ceil(max(highs, default=0.0) * 10) / 10))
    legend = "█ below the 95% CI  ░ the 95% CI  ┃ the estimate" + ("  ┊ fair share" if fair is not None else "")
    table = Table(title="Win rate per seat", caption=legend, box=box.SIMPLE, show_edge=False)
    table.add_column("Seat", no_wrap=True)
    table.add_column(Text(_scale(top, BAR, "%")), no_wrap=True)
    table.add_column("Win % (95% CI)", justify="right", no_wrap=True)
    for row in rows:
        assert row.rate is not None
        table.add_row(row.name, Text(_bar(row.rate, top, fair)), Text(_percent(row.rate)))
    return table


def _bar(rate: Interval, top: float, fair: float | None) -> str:
    """One bar: solid below the interval, shaded through it, the estimate's cell marked."""
    width = top / BAR
    mark = min(BAR - 1, int(rate.value / width))
    cells = []
    for i in range(BAR):
        middle = (i + 0.5) * width
        if i == mark:
            cells.append("┃")
        elif fair is not None and i * width <= fair < (i + 1) * width:
            cells.append("┊")
        elif middle < rate.low:
            cells.append("█")
        elif middle <= rate.high:
            cells.append("░")
        else:
            cells.append(" ")
    return "".join(cells)


def _scale(top: float, width: int, unit: str) -> str:
    """A header line `0% ... 50%` as wide as a bar."""
    right = f"{100 * top:g}{unit}"
    return "0" + right.rjust(width - 1)


def _percent(rate: Interval) -> str:
    if math.isnan(rate.low):
        return f"{100 * rate.value:.1f}"
    return f"{100 * rate.value:.1f} [{100 * rate.low:.1f}, {100 * rate.high:.1f}]"


def score_chart(rows: Sequence[Row]) -> Table:
    """Score distribution per seat: a histogram and a box plot over one shared scale."""
    values = [v for row in rows for v in row.scores]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if high == low:
        high = low + 1
    legend = f"Histogram: {BINS} bins, {low:g} to {high:g} (· none).  Box: ├ lowest, ═ middle half, ┃ median, ┤ highest."
    table = Table(title="Scores per seat", caption=legend, box=box.SIMPLE, show_edge=False)
    table.add_column("Seat", no_wrap=True)
    table.add_column("Histogram", no_wrap=True)
    table.add_column(Text(f"{low:g}".ljust(BOX // 2) + f"{high:g}".rjust(BOX - BOX // 2)), no_wrap=True)
    table.add_column("Min/median/max", justify="right", no_wrap=True)
    for row in rows:
        scores = list(row.scores)
        if not scores:
            continue
        table.add_row(row.name, Text(_histogram(scores, low, high)), Text(_box(scores, low, high)),
                      Text(f"{min(scores):g} / {statistics.median(scores):g} / {max(scores):g}"))
    return table


def _histogram(scores: list[float], low: float, high: float) -> str:
    counts = [0] * BINS
    for s in scores:
        counts[min(BINS - 1, int((s - low) / (high - low) * BINS))] += 1
    most = max(counts)
    return "".join(SPARKS[math.ceil(c / most * (len(SPARKS) - 1))] if c else "·" for c in counts)


def _box(scores: list[float], low: float, high: float) -> str:
    """├──═══┃═══──┤ on the shared scale (a single game: its one mark)."""
    at: Callable[[float], int] = lambda v: min(BOX - 1, int((v - low) / (high - low) * BOX))
    q1, median, q3 = statistics.quantiles(scores, n=4, method="inclusive") if len(scores) > 1 else [scores[0]] * 3
    cells = [" "] * BOX
    for i in range(at(min(scores)), at(max(scores)) + 1):
        cells[i] = "─"
    for i in range(at(q1), at(q3) + 1):
        cells[i] = "═"
    cells[at(min(scores))] = "├"
    cells[at(max(scores))] = "┤"
    cells[at(median)] = "┃"
    return "".join(cells)
