"""`sherwood-tui analyse RECORDS [--run N] [--game GAME] [--kind KIND ...] [--json]`: per
card, companion or mission, how often it was taken and how its takers fared, with 95%
intervals, and the difference between variants paired by seed (workbench/analyse.py).
A table (or JSON) on stdout; a line on stderr while a large run is read; problems get
one line and exit status 2."""

from __future__ import annotations

import argparse
import json
import math
import sys

from rich.console import RenderableType
from rich.text import Text

from sherwood_tui.core.wording import printable
from sherwood_tui.workbench.analyse import AnalyseError, Analysis, Paired, VariantFigures, analyse
from sherwood_tui.workbench.report import figures_table, text_row
from sherwood_tui.workbench.stats import Interval


def main(args: argparse.Namespace) -> int:
    def say(text: str) -> None:
        print(f"sherwood-tui analyse: {text}", file=sys.stderr)

    try:
        done = analyse(args.records, args.run, args.game, args.kind, progress=say)
    except AnalyseError as err:
        say(str(err))
        return 2
    if args.json:
        print(json.dumps(done.to_json(), indent=1))
        return 0
    from sherwood_tui.workbench import report

    report.show(_header(done), renderables(done))
    return 0


def _header(done: Analysis) -> str:
    return (f"{printable(str(done.records))}, run {done.run} ({done.game}): {printable(done.command)}\n"
            f"kinds: {', '.join(done.kinds)}; 95% intervals (Wilson for rates, t for means)")


def _figure(interval: Interval, scale: float = 1.0, digits: int = 1, sign: str = "") -> str:
    """`52.1 [40.3, 63.7]`, or `-` where there is nothing to tell."""
    if math.isnan(interval.value):
        return "-"
    value = f"{scale * interval.value:{sign}.{digits}f}"
    if math.isnan(interval.low) or math.isnan(interval.high):
        return value
    return f"{value} [{scale * interval.low:.{digits}f}, {scale * interval.high:.{digits}f}]"


def _variant_table(variant: VariantFigures, many: bool) -> RenderableType:
    fair = "" if math.isnan(variant.fair_share) else f", fair share {100 * variant.fair_share:.1f}%"
    title = f"{printable(variant.name) + ': ' if many else ''}{variant.games} games{fair}"
    table = figures_table(title, ["kind", "subject", "times", "in games %", "takers", "takers' win %", "takers' mean score"],
                          left=2)
    for s in variant.subjects:
        text_row(table, (
            s.kind, printable(s.subject), str(s.times), _figure(s.games, 100), str(s.takers),
            _figure(s.win_rate, 100), _figure(s.score)))
    return table


def _paired_table(rows: list[Paired]) -> RenderableType:
    first = rows[0]
    table = figures_table(f"{printable(first.variant)} minus {printable(first.against)}, game by game "
                          f"({first.seeds} seeds played by both; * beyond noise, Holm)",
                          ["kind", "subject", "times a game", "taken in both", "takers' win (points)", "takers' score"], left=2)
    for p in rows:
        flag: dict[str, str] = {measure: " *" for measure in p.beyond_noise}
        text_row(table, (
            p.kind, printable(p.subject), _figure(p.times, 1, 2, "+") + flag.get("times", ""), str(p.both),
            _figure(p.win_rate, 100, 1, "+") + flag.get("win_rate", ""), _figure(p.score, 1, 1, "+") + flag.get("score", "")))
    return table


def renderables(done: Analysis) -> list[RenderableType]:
    """The tables: one per variant, then one per variant set against the first."""
    parts: list[RenderableType] = [_variant_table(v, len(done.variants) > 1) for v in done.variants]
    by_variant: dict[str, list[Paired]] = {}
    for p in done.paired:
        by_variant.setdefault(p.variant, []).append(p)
    parts += [_paired_table(rows) for rows in by_variant.values()]
    if not any(v.subjects for v in done.variants):
        parts.append(Text(f"No events of the kinds {', '.join(done.kinds)} in this run."))
    return parts
