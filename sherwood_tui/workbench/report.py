"""What `simulate` prints: tables and charts of one run, of a comparison, or of every
variant, on the terminal or as one self-contained HTML file (this module draws; the
HTML file's SVG charts are drawn by `plots.py`).

Every value shown comes from the summary or the measures (`compare.py`), which JSON
and CSV print as they are: the tables only lay them out.
"""

from __future__ import annotations

import errno
import html
import io
import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from sherwood_tui.workbench import charts
from sherwood_tui.workbench.compare import Advantage, Measure, describe, seat_wins
from sherwood_tui.workbench.stats import Interval, wilson

if TYPE_CHECKING:
    from sherwood_tui.workbench.plots import Chart, ChartData

NO_ADVANTAGE = "No seat advantage: no seat wins over 5 points above its fair share beyond noise."
MIXED_BOTS = "Seat advantage not judged: the seats have different bot levels."


def _ci(bounds: Sequence[float | None], scale: float = 1.0, digits: int = 1) -> str:
    """`[23.2, 27.1]`: an interval's bounds (`-` where there is none: too few games)."""
    low, high = bounds
    if low is None or high is None or math.isnan(low) or math.isnan(high):
        return "-"
    return f"[{_fixed(scale * low, digits)}, {_fixed(scale * high, digits)}]"


def _fixed(value: float, digits: int, sign: str = "") -> str:
    """`value` with `digits` decimals, never `-0.0`."""
    return f"{value if round(value, digits) else 0.0:{sign}.{digits}f}"


def figures_table(title: str, columns: Sequence[str], left: int = 1) -> Table:
    """A table whose first `left` columns are text (left) and the rest figures (right)."""
    table = Table(title=title, box=box.SIMPLE_HEAD)
    for i, name in enumerate(columns):
        table.add_column(name, justify="left" if i < left else "right")
    return table


def text_row(table: Table, cells: Iterable[str]) -> None:
    """A row of plain text (nothing read as Rich markup: `[` in a name stays a `[`)."""
    table.add_row(*(Text(cell) for cell in cells))


# ----- one run ------------------------------------------------------------------------


def run_renderables(summary: dict[str, Any], results: Sequence[Any], advantages: list[Advantage] | None) -> list[RenderableType]:
    """Today's three tables with 95% intervals, the seat-advantage line and the charts."""
    seats = figures_table("Wins and scores per seat (95% confidence intervals)",
                   ("Seat", "Bot", "Wins", "Win %", "Score mean", "Spread (sd)", "Min", "Max"), left=2)
    for s in summary["seats"]:
        sc = s["score"]
        text_row(seats, (str(s["seat"]), s["bot"], f"{s['wins']:g}", f"{100 * s['win_rate']:.1f} {_ci(s['win_rate_ci'], 100)}",
                     f"{sc['mean']:.1f} {_ci(sc['mean_ci'])}", f"{sc['sd']:.1f}", f"{sc['min']:g}", f"{sc['max']:g}"))
    levels = figures_table("Wins per bot level", ("Bot", "Seats", "Wins", "Win % per seat (95% CI)"))
    for level, row in summary["levels"].items():
        text_row(levels, (level, str(row["seats"]), f"{row['wins']:g}",
                      f"{100 * row['win_rate_per_seat']:.1f} {_ci(row['win_rate_ci'], 100)}"))
    other = figures_table("Game length, endings and counts (per game)", ("What", "Value", "95% CI"))
    for key, spread in summary["length"].items():
        text_row(other, (f"{key} (mean, sd, min, max)",
                     f"{spread['mean']:.1f}, {spread['sd']:.1f}, {spread['min']:g}, {spread['max']:g}", _ci(spread["mean_ci"])))
    for ending, count in summary["endings"].items():
        share = summary["ending_shares"][ending]
        text_row(other, (f"ended: {ending}", f"{count} ({100 * share['share']:.1f}%)", _ci(share["ci"], 100)))
    for key, value in summary["counts_per_game"].items():
        text_row(other, (key, f"{value:g}", _ci(summary["counts_ci"][key], digits=2)))
    return [seats, levels, other, flow_table(summary["flow"]), _advantage_text(advantages, ""),
            *run_charts([("", results)], summary["bots"])]


def flow_table(found: dict[str, Any]) -> Table:
    """How games flowed (`summary.flow_summary`): each measure's mean, spread and interval."""
    table = figures_table("How games flow (per game; 95% confidence intervals)", ("What", "Mean, sd, min, max", "95% CI"))
    for key, label in (("lead_changes", "lead changes"), ("decided_round", "decided at round end"),
                       ("decided_share", "decided at (share of the game)"), ("margin", "winner's margin (points)")):
        spread = found[key]
        digits = 2 if key == "decided_share" else 1
        text_row(table, (label, f"{spread['mean']:.{digits}f}, {spread['sd']:.{digits}f}, {spread['min']:g}, {spread['max']:g}",
                     _ci(spread["mean_ci"], digits=digits)))
    text_row(table, ("comebacks (winner behind at half time)", f"{found['comebacks']} ({100 * found['comeback_rate']:.1f}%)",
                 _ci(found["comeback_ci"], 100)))
    table.caption = ("Read at each round end with the game's own scoring. Decided: from then on the winner stayed "
                     "ahead of every other seat; margin: the winner's score less the runner-up's.")
    return table


def _advantage_text(advantages: list[Advantage] | None, side: str) -> Text:
    """The seat-advantage line(s) of a side (None: not judged)."""
    prefix = f"{side}: " if side else ""
    if advantages is None:
        return Text(prefix + MIXED_BOTS)
    if not advantages:
        return Text(prefix + NO_ADVANTAGE)
    return Text("\n".join(f"{prefix}FLAG {describe(a)}" for a in advantages), style="bold")


# ----- charts -------------------------------------------------------------------------


def run_charts(sides: Sequence[tuple[str, Sequence[Any]]], bots: list[str]) -> list[RenderableType]:
    """The win-rate and score charts of one side ("" names it) or two ("A", "B")."""
    seats = len(bots)
    wins = {side: seat_wins(results, seats) for side, results in sides}
    rates, scores = [], []
    for seat in range(seats):
        for side, results in sides:
            name = f"Seat {seat + 1}" + (f" {side}" if side else "")
            rates.append(charts.Row(name, rate=wilson(wins[side][seat], len(results))))
            scores.append(charts.Row(name, scores=[r.scores[seat] for r in results]))
    fair = 1 / seats  # with mixed levels too: what each seat's rate is read against
    return [charts.win_rate_chart(rates, fair), charts.score_chart(scores)]


# ----- a comparison -------------------------------------------------------------------


def _figure(measure: Measure, value: Interval, difference: bool = False) -> str:
    """A value as the table shows it: shares in % (differences in points), means plain."""
    scale = 100.0 if measure.kind == "share" else 1.0
    digits = 1 if measure.kind == "share" or abs(value.value) >= 10 else 2
    text = _fixed(scale * value.value, digits, "+" if difference else "")
    if math.isnan(value.low):
        return text
    return f"{text}\n{_ci((value.low, value.high), scale, digits)}"  # the interval under its value


def comparison_renderables(rows: Sequence[Measure], advantages: dict[str, list[Advantage] | None],
                           sides: Sequence[tuple[str, Sequence[Any]]], bots: list[str]) -> list[RenderableType]:
    """One table of every measure (A, B, B - A with 95% intervals, beyond noise), the
    seat-advantage lines of each side and the charts."""
    table = figures_table("A against B, each with its 95% confidence interval", ("Measure", "A", "B", "B - A", "Beyond\nnoise"))
    for m in rows:
        assert m.b is not None and m.diff is not None
        flag = "" if m.kind == "sd" else "YES" if m.beyond_noise else "alone" if m.uncorrected else "no"
        text_row(table, (m.label, _figure(m, m.a), _figure(m, m.b), _figure(m, m.diff, difference=True), flag))
    tests = sum(1 for m in rows if not math.isnan(m.p))
    table.caption = ("Wins and endings in % of games (B - A in points). Beyond noise: YES when the 95% CI of "
                     f"B - A excludes 0 and the test stays rejected after Holm's correction over all {tests} "
                     "measures; alone: the CI excludes 0, but among so many measures that may be chance.")
    lines = [_advantage_text(found, side) for side, found in advantages.items()]
    return [table, *lines, *run_charts(sides, bots)]


# ----- many variants against the first (a sweep, three files or more) ----------------


def against_first_renderables(names: Sequence[str], tables: Sequence[Sequence[Measure]],
                              advantages: Sequence[list[Advantage] | None], sides: Sequence[Sequence[Any]],
                              bots: list[str]) -> list[RenderableType]:
    """One table: each measure, a row per variant (the first with its value, every other
    with its value and its difference from the first, with 95% intervals, beyond noise
    after Holm's correction over the whole table), then each variant's seat-advantage
    line and the charts."""
    title = f"Every variant against the first ({names[0]}), each with its 95% confidence interval"
    fields = {name.partition("=")[0] for name in names}
    column, shown = "Variant", list(names)
    if len(fields) == 1 and all("=" in name and ", " not in name for name in names):  # one swept field
        column, shown = fields.pop(), [name.partition("=")[2] for name in names]
    table = figures_table(title, ("Measure", column, "Value", "- first", "Beyond\nnoise"), left=2)
    keys = list(dict.fromkeys(m.key for rows in tables for m in rows))
    by_key = [{m.key: m for m in rows} for rows in tables]
    for key in keys:
        first = next(rows[key] for rows in by_key if key in rows)
        text_row(table, (first.label, shown[0], _figure(first, first.a), "", ""))
        for name, rows in zip(shown[1:], by_key):
            m = rows.get(key)
            if m is None or m.b is None or m.diff is None:
                continue
            flag = "" if m.kind == "sd" else "YES" if m.beyond_noise else "alone" if m.uncorrected else "no"
            text_row(table, ("", name, _figure(m, m.b), _figure(m, m.diff, difference=True), flag))
    tests = sum(1 for rows in tables for m in rows if not math.isnan(m.p))
    table.caption = ("Wins and endings in % of games (differences in points). Beyond noise: YES when the 95% CI "
                     f"of the difference excludes 0 and the test stays rejected after Holm's correction over all "
                     f"{tests} tests of the table; alone: the CI excludes 0, but among so many tests that may be chance.")
    lines = [_advantage_text(found, name) for name, found in zip(names, advantages)]
    if column != "Variant":
        lines.append(Text(f"In the charts, each row is a seat at one value of {column}."))
    return [table, *lines, *run_charts(list(zip(shown, sides)), bots)]


# ----- restricted play -----------------------------------------------------------------


def restricted_renderables(data: dict[str, Any]) -> list[RenderableType]:
    """What a restriction costs: the restricted seat's win rate against the fair share
    and the other seats', and its score against theirs, each with its 95% interval."""
    table = figures_table(f"What \"{data['says']}\" is worth (95% confidence intervals)", ("Measure", "Value", "95% CI"))
    pct: Callable[[dict[str, Any]], tuple[str, str]] = lambda x: (
        _fixed(100 * x["value"], 1), _ci((x["low"], x["high"]), 100))
    text_row(table, (f"win %, the restricted seat ({data['level']}+{data['restriction']})",
                 *pct(data["restricted_win_rate"])))
    text_row(table, (f"win % per seat, the others ({data['level']})", *pct(data["unrestricted_win_rate_per_seat"])))
    text_row(table, ("fair share %", _fixed(100 * data["fair_share"], 1), ""))
    text_row(table, ("cost: fair share - restricted win % (points)", *pct(data["cost_in_win_rate"])))
    margin = data["score_margin"]
    text_row(table, ("score: restricted - the others' mean, per game", _fixed(margin["value"], 1),
                 _ci((margin["low"], margin["high"]))))
    cost = data["cost_in_win_rate"]
    verdict = ("the restriction costs wins, beyond noise" if cost["low"] is not None and cost["low"] > 0 else
               "the restriction gains wins, beyond noise" if cost["high"] is not None and cost["high"] < 0 else
               "no cost in wins beyond noise at this many games")
    table.caption = f"The restricted seat goes round the table, {data['games'] // data['players']} games each: {verdict}."
    return [table]


# ----- every variant ------------------------------------------------------------------


def variants_renderables(rows: Sequence[dict[str, Any]]) -> list[RenderableType]:
    """One row per combination of options (`--option all`)."""
    table = figures_table("Every combination of options", ("Options", "Win % per seat", "Actions", "Rounds", "Lead\nchanges",
                                                    "Decided\nat", "Margin", "Come-\nbacks", "How games end",
                                                    "Seat advantage"))
    table.columns[1].no_wrap = True
    for row in rows:
        endings = ", ".join(f"{name} {100 * share:.0f}%" for name, share in row["endings"].items())
        flags = ", ".join(f"seat {a['seat']}" for a in row["seat_advantage"]) if row["seat_advantage"] is not None else "-"
        flowed = row["flow"]
        text_row(table, (row["label"], " / ".join(f"{100 * r:.1f}" for r in row["win_rates"]), f"{row['actions']:.1f}",
                     f"{row['rounds']:.1f}", f"{flowed['lead_changes']['mean']:.1f}",
                     f"{100 * flowed['decided_share']['mean']:.0f}%", f"{flowed['margin']['mean']:.1f}",
                     f"{100 * flowed['comeback_rate']:.0f}%", endings, flags or "none"))
    return [table]


# ----- printing and the HTML file ----------------------------------------------------


SHARED = 0o644  # a report is a file to share, as the exported data files are (saves stay 0600)
PIPED_WIDTH = 10_000  # columns of a pipe or a file: whole lines, never cut at 80


class _Printing(Console):
    """A command's console: a reader that went away (`| head`) raises BrokenPipeError,
    for `__main__` to end quietly as it does for any output (Rich would exit with 1)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, "the reader went away")


def printing_console() -> Console:
    """Where a command prints its tables: stdout, as wide as the terminal; to a pipe or a
    file (where Rich would assume 80 columns and cut the tables' cells), wide enough
    that every line goes out whole."""
    console = _Printing()
    return console if console.is_terminal else _Printing(width=PIPED_WIDTH)


def progress_bar() -> Any:
    """A command's progress bars (rich.progress.Progress, not yet started), gone when
    they stop: on stderr, so that stdout holds only the results; None if stderr is no
    terminal (a file or a pipe gets nothing, not even the blank line Rich would end with)."""
    from rich.progress import Progress

    console = Console(stderr=True)
    return Progress(transient=True, console=console) if console.is_terminal else None


def show(header: str, parts: Sequence[RenderableType], console: Console | None = None) -> None:
    console = console or printing_console()
    console.print(Text(header))
    for part in parts:
        console.print(part)


def write_tournament_html(path: Path, header: str, parts: Sequence[RenderableType], data: dict[str, Any]) -> None:
    """A tournament's page, written atomically: its charts (`plots.draw_tournament`),
    then its tables as text."""
    from sherwood_tui.core.saves import write_atomically
    from sherwood_tui.workbench import plots

    write_atomically(path, html_page(header, [_text(part) for part in parts], plots.draw_tournament(data)), mode=SHARED)


def write_html(path: Path, header: str, parts: Sequence[RenderableType], charts: ChartData | None = None) -> None:
    """One self-contained HTML file, written atomically: the charts of `charts` (SVG
    drawn by `plots.py` with matplotlib, inline) and under them the tables as the
    terminal prints them; nothing is fetched from elsewhere. Without `charts`, the
    terminal's own character charts stay among the tables."""
    from sherwood_tui.core.saves import write_atomically

    drawn: list[Chart] = []
    if charts is not None:
        from sherwood_tui.workbench import plots

        drawn = plots.draw(charts)
    write_atomically(path, html_page(header, [_text(part) for part in parts if not (drawn and _text_chart(part))], drawn), mode=SHARED)


TEXT_CHARTS = ("Win rate per seat", "Scores per seat")  # charts.py's titles: the SVG charts draw them


def _text_chart(part: RenderableType) -> bool:
    """A character chart, or the line that reads one (the page draws them as SVG)."""
    if isinstance(part, Text):
        return part.plain.startswith("In the charts, each row is")
    return isinstance(part, Table) and part.title in TEXT_CHARTS


def _text(part: RenderableType) -> str:
    """A table or a line as the terminal shows it (no colours), 120 columns wide."""
    console = Console(record=True, file=io.StringIO(), width=120, color_system=None)
    console.print(part)
    return console.export_text().rstrip()


PAGE_STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; margin: 1.5em auto; max-width: 1180px; color: #111;
       background: #fff; line-height: 1.4; padding: 0 1em; }
h1 { font-size: 1.25em; } h2 { font-size: 1.1em; margin-top: 1.6em; border-bottom: 1px solid #bbb; }
figure { margin: 0.8em 0; } figure svg { max-width: 100%; height: auto; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); gap: 0.4em 1em; }
.grid figure { margin: 0; }
pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; line-height: 1.25;
      overflow-x: auto; background: #f6f6f6; padding: 0.6em; border: 1px solid #ddd; }
"""


SMALL_CHARTS = ("Each chart's axis starts at 0 (lower only for a negative value), and the charts of one measure "
                "(its seats, its levels, every ending) share one axis. Sides and files are points, never joined; "
                "only the values of a swept number are joined by a line. A ring marks a difference from the first "
                "that is beyond noise, as the table flags it (Holm's correction).")


def html_page(header: str, texts: Sequence[str], drawn: Sequence[Chart]) -> str:
    """The page: the header, the charts (wide ones one under another, small ones in a
    grid), then each table or line as text."""
    esc: Callable[[str], str] = lambda text: html.escape(text, quote=True)
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{esc(header)}</title>", f"<style>{PAGE_STYLE}</style>", "</head>", "<body>",
           f"<h1>{esc(header)}</h1>"]
    if drawn:
        out.append("<h2>Charts</h2>")
        out += [f'<figure aria-label="{esc(chart.title)}">{chart.svg}</figure>' for chart in drawn if chart.wide]
        for group in dict.fromkeys(chart.group for chart in drawn if not chart.wide):
            out.append(f"<h2>{esc(group or 'Each measure')}</h2>")
            out.append(f"<p>{SMALL_CHARTS}</p>")
            out.append('<div class="grid">')
            out += [f'<figure aria-label="{esc(chart.title)}">{chart.svg}</figure>' for chart in drawn
                    if not chart.wide and chart.group == group]
            out.append("</div>")
        out.append("<h2>Tables</h2>")
    out += [f"<pre>{esc(text)}</pre>" for text in texts if text]
    out += ["</body>", "</html>", ""]
    return "\n".join(out)
