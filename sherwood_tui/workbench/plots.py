"""The charts of the HTML report (`simulate --report FILE.html`): SVG drawn with
matplotlib, to be embedded inline in the page (`report.write_html` lays the page out).

matplotlib is imported inside `draw` only, so a run without `--report` (and the app)
never loads it. Nothing is told apart by colour alone: each side or variant has a
hatching (bars, boxes), a marker and a line style of its own, its name on the axis or in
the legend, and every chart has a title and axis labels.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sherwood_tui.workbench.compare import Measure, against_first, seat_wins
from sherwood_tui.workbench.stats import Interval, wilson

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

# Okabe and Ito's palette (told apart by most colour-blind readers too), never alone.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999")
HATCHES = ("", "//", "\\\\", "xx", "..", "++", "oo", "--", "||", "**", "OO", "x.", "/.", "\\.", "+.", "|.")
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*", "<", ">", "h", "p")
LINES = ("-", "--", ":", "-.")
BAND_HATCHES = ("///", "\\\\\\", "xxx", "...", "+++", "|||")
WIDE = (11.0, 4.2)  # inches: a chart across the page
SMALL = (5.2, 3.4)  # a chart of the grid of measures
SHORT = 10  # a variant's name longer than this is numbered under its bar (#2) and named in the legend
NAMED = 24  # ... and on the axis of the charts across the variants, when longer than this


@dataclass(frozen=True)
class ChartData:
    """What a run's charts are drawn from: the games of each side.

    kind: "run" (one side), "comparison" (A and B), "variants" (a sweep, or three files
    or more: each against the first) or "options" (every combination, `--option all`).
    names: each side's name (A, B; `starting_gold=30`; a file; a set of options);
    legend: longer names for the legend (`A: built-in data`), else the names; swept: the
    variants are the points of a sweep, named FIELD=VALUE."""

    kind: str
    names: Sequence[str]
    sides: Sequence[Sequence[Any]]
    bots: Sequence[str]
    legend: Sequence[str] = ()
    swept: bool = False


@dataclass(frozen=True)
class Chart:
    """One drawn chart: its title, its SVG (an inline `<svg>` element) and whether it
    spans the page (else it is a small chart of a grid, under the heading `group`).
    A small chart also says what it drew: its y axis (`axis`: low, high, shared by
    every chart of the same measure), the sides or variants marked beyond noise
    (`flagged`), and whether its points are joined by a line (a sweep over numbers)."""

    title: str
    svg: str
    wide: bool = True
    group: str = ""
    axis: tuple[float, float] | None = None
    flagged: tuple[str, ...] = ()
    joined: bool = False


@dataclass
class _Series:
    """The sides as the charts name them, and where the charts of many variants put them."""

    ticks: list[str]  # on the axis, under each bar or box
    legend: list[str]  # in the legend
    names: list[str] = field(default_factory=list)  # in full
    axis: str = ""  # the swept field on the x axis of the charts across the variants
    xs: list[float] = field(default_factory=list)  # each variant's place on it (its value: numbers only)
    lines: list[str] = field(default_factory=list)  # each variant's line there (a grid: the other fields' values)


def _series(data: ChartData) -> _Series:
    names = list(data.names)
    legend = list(data.legend) or names
    if len(names) == 1 or max(len(name) for name in names) <= SHORT:
        found = _Series(names, legend, names)
    else:
        found = _Series([f"#{k + 1}" for k in range(len(names))], [f"#{k + 1}: {name}" for k, name in enumerate(legend)],
                        names)
    settings = _settings(names) if data.swept else None
    if settings is not None:
        _place(found, settings)
    return found


def _settings(names: Sequence[str]) -> list[list[tuple[str, str]]] | None:
    """The (field, value) pairs of each variant of a sweep (named `F1=V1, F2=V2`), or
    None when the names are not all of that form over the same fields."""
    found = []
    for name in names:
        pairs = [part.partition("=") for part in name.split(", ")]
        if any(not equals or not key for key, equals, _ in pairs):
            return None
        found.append([(key, value) for key, _, value in pairs])
    fields = [key for key, _ in found[0]]
    return found if all([key for key, _ in row] == fields for row in found) else None


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _place(series: _Series, settings: list[list[tuple[str, str]]]) -> None:
    """The x axis of a sweep's charts: the swept field whose values are all numbers (of
    several, the one with the most values); in a grid, a line per value of the others.
    With one swept field, the bars and boxes are named by its values."""
    fields = [key for key, _ in settings[0]]
    numeric = [i for i in range(len(fields)) if all(_number(row[i][1]) is not None for row in settings)]
    if len(fields) == 1:  # bars named by their value, and the legend by FIELD=VALUE (not numbered)
        series.ticks = [row[0][1] for row in settings]
        series.legend = [f"{key}={value}" for row in settings for key, value in row]
    if not numeric:
        series.axis = fields[0] if len(fields) == 1 else ""
        return
    at = max(numeric, key=lambda i: (len({row[i][1] for row in settings}), -i))
    series.axis = fields[at]
    series.xs = [_number(row[at][1]) or 0.0 for row in settings]
    series.lines = [", ".join(f"{key}={value}" for j, (key, value) in enumerate(row) if j != at) for row in settings]


ACROSS = "Each measure across the variants (95% confidence intervals)"
FLOWING = "How games flow (95% confidence intervals)"


def draw(data: ChartData) -> list[Chart]:
    """Every chart of a run: win rate and scores per seat (one bar or box per side or
    variant, grouped per seat); for many variants, each measure across them; else how
    games flow (`flow.py`) on each side. The fair share is drawn whatever the levels
    (with mixed levels, each level's rate per seat is judged against it too)."""
    from matplotlib import rc_context  # no pyplot: no window, no global figure

    series = _series(data)
    fair = 1 / len(data.bots)
    made: list[Chart] = []
    with rc_context(_STYLE):
        title = "Win rate per seat" + (" per combination of options" if data.kind == "options" else "")
        made.append(Chart(title, _svg(_win_rates(data, series, fair, title), salt="chart0")))
        made.append(Chart("Scores per seat", _svg(_scores(data, series), salt="chart1")))
        found = _across_values(data)
        axes = _shared_axes(found, fair)
        group = ACROSS if data.kind == "variants" else FLOWING
        for k, across in enumerate(found):
            axis = axes[_family(across.key)]
            figure = _across(series, across, fair, axis, data.kind)
            made.append(Chart(_title(across.label), _svg(figure, salt=f"chart{k + 2}"), False, group, axis,
                              tuple(name for name, hit in zip(series.names, across.flags) if hit), bool(series.xs)))
        return made


@dataclass(frozen=True)
class _Across:
    """One measure on every side or variant: its value with its 95% interval, and
    whether its difference from the first is beyond noise (never for the first)."""

    key: str
    label: str
    kind: str
    points: list[Interval]
    flags: list[bool]


def _across_values(data: ChartData) -> list[_Across]:
    """The measures drawn one chart each: for many variants every measure with an
    interval (flagged against the first, Holm's correction over the whole table, as the
    table flags them); else the flow measures of each side (a comparison's flagged as
    its table flags B - A; combinations of options unflagged: their table tests none)."""
    from sherwood_tui.workbench.compare import measures
    from sherwood_tui.workbench.flow import MEASURES

    bots = list(data.bots)
    tables = against_first(data.sides, bots) if len(data.sides) > 1 else [measures(data.sides[0], bots)]
    keys = _measure_keys(tables)
    if data.kind != "variants":
        flowing = {key for key, _, _ in MEASURES}
        keys = [key for key in keys if key[0] in flowing]
    found = []
    for key, label, kind in keys:
        points = _points(data, tables, key, kind) if len(data.sides) > 1 else [
            next(m.a for m in tables[0] if m.key == key)]
        by_key = [{m.key: m for m in rows} for rows in tables] if len(data.sides) > 1 else []
        flags = [False] + [data.kind != "options" and key in rows and rows[key].beyond_noise for rows in by_key]
        found.append(_Across(key, label, kind, points, flags))
    return found


def _family(key: str) -> str:
    """The measures that share one y axis: a measure's seats (`score.seat1`,
    `score.seat2`), its levels (`win_rate.expert`) with the seats, every ending; else
    the measure alone."""
    head = key.partition(".")[0]
    return head if head in ("win_rate", "score", "ending") else key


def _shared_axes(found: Sequence[_Across], fair: float) -> dict[str, tuple[float, float]]:
    """Each family's y axis, in the units drawn: from 0 (or below, for a negative value)
    to a little above the highest interval; shares at most 100%. So a small difference
    looks small (no 3.55-to-3.58 climb), and a measure's seats compare at a glance."""
    reach: dict[str, list[float]] = {}
    for across in found:
        scale = 100.0 if across.kind == "share" else 1.0
        values = [scale * v for p in across.points for v in (p.value, p.low, p.high) if not math.isnan(v)]
        if across.key.startswith("win_rate."):
            values.append(100 * fair)
        reach.setdefault(_family(across.key), []).extend(values)
    axes = {}
    for family, values in reach.items():
        low, high = min([0.0, *values]), max([0.0, *values])
        share = family in ("win_rate", "ending") or family == "flow.comeback"
        span = (high - low) or 1.0
        top = high + 0.06 * span
        axes[family] = (low - 0.06 * span if low < 0 else 0.0, min(100.0, top) if share and high <= 100 else top)
    return axes


_STYLE: dict[Any, Any] = {
    "svg.fonttype": "none",  # text stays text: readable, searchable, small
    "font.family": ["DejaVu Sans", "sans-serif"],
    "font.size": 9,
    "axes.titlesize": 11,
    "axes.titleweight": "bold",
    "axes.grid": True,
    "axes.grid.axis": "y",
    "grid.alpha": 0.35,
    "hatch.linewidth": 0.7,
    "legend.fontsize": 8,
    "legend.framealpha": 0.9,
}


def _svg(figure: Figure, salt: str) -> str:
    """The figure as an inline `<svg>` element: no XML prolog, no metadata, and ids of
    its own (`salt`), so several charts share one page."""
    from matplotlib import rc_context

    out = io.StringIO()
    with rc_context({"svg.hashsalt": salt}):
        figure.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None, "Format": None,
                                                                          "Type": None})
    text = out.getvalue()
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text[text.index("<svg"):], flags=re.S).strip()
    ids = set(re.findall(r'\bid="([^"]+)"', text))  # matplotlib numbers its groups alike in every figure
    text = re.sub(r'\bid="([^"]+)"', lambda found: f'id="{salt}-{found[1]}"', text)
    return re.sub(r'(url\(#|href="#)([^")]+)',
                  lambda found: f"{found[1]}{salt}-{found[2]}" if found[2] in ids else found[0], text)


def _figure(size: tuple[float, float]) -> tuple[Figure, Axes]:
    from matplotlib.figure import Figure

    figure = Figure(figsize=size, layout="constrained")
    return figure, figure.add_subplot()


def _style(k: int) -> dict[str, Any]:
    """The k-th side's look: a colour, a hatching, a marker and a line style."""
    return {"colour": COLOURS[k % len(COLOURS)], "hatch": HATCHES[k % len(HATCHES)],
            "marker": MARKERS[k % len(MARKERS)], "line": LINES[k % len(LINES)]}


def _positions(seats: int, sides: int) -> tuple[list[list[float]], float]:
    """Where each side's bar or box stands in each seat's group, and their width."""
    width = 0.8 / sides
    return [[seat + (k - (sides - 1) / 2) * width for seat in range(seats)] for k in range(sides)], width


def _seat_axis(ax: Axes, data: ChartData, series: _Series, at: list[list[float]]) -> None:
    """Seat names under each group; with several sides, each side's name under its own
    bar or box too (so the sides are told apart by their names)."""
    seats = len(data.bots)
    names = [f"Seat {i + 1}" + (f"\n{data.bots[i]}" if len(set(data.bots)) > 1 else "") for i in range(seats)]
    if len(data.sides) == 1:
        ax.set_xticks(range(seats), names)
        return
    ticks = [tick for _ in range(seats) for tick in series.ticks]
    places = [at[k][seat] for seat in range(seats) for k in range(len(data.sides))]
    longest = max(len(t) for t in series.ticks)
    turned = longest > 3 and len(places) > 12 or longest > 6
    ax.set_xticks(places, ticks, minor=True, rotation=90 if turned else 0, fontsize=7 if len(places) > 24 else 8)
    ax.set_xticks(range(seats), names)
    ax.xaxis.remove_overlapping_locs = False  # the middle side's name sits under its seat's name
    ax.tick_params(axis="x", which="major", length=0, pad=10 + (5.0 * longest if turned else 10))
    ax.tick_params(axis="x", which="minor", length=3)
    ax.grid(False, axis="x", which="both")
    ax.set_xlim(-0.5, seats - 0.5)


def _legend(ax: Axes, handles: list[Any]) -> None:
    """The legend beside the chart, on its right."""
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0,
              ncol=1 if len(handles) <= 16 else 2)


def _bounds(rate: Interval, scale: float) -> tuple[float, float]:
    """How far an interval reaches below and above its value (0 where there is none)."""
    if math.isnan(rate.low) or math.isnan(rate.high):
        return 0.0, 0.0
    return scale * (rate.value - rate.low), scale * (rate.high - rate.value)


def _win_rates(data: ChartData, series: _Series, fair: float | None, title: str) -> Figure:
    """Win % per seat with the 95% interval as error bars, one bar per side in each
    seat's group, the fair share as a line."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    figure, ax = _figure(WIDE)
    seats = len(data.bots)
    at, width = _positions(seats, len(data.sides))
    handles: list[Any] = []
    top = 0.0
    for k, results in enumerate(data.sides):
        look = _style(k)
        wins = seat_wins(results, seats)
        rates = [wilson(w, len(results)) for w in wins]
        values = [100 * r.value if not math.isnan(r.value) else 0.0 for r in rates]
        reach = [_bounds(r, 100) for r in rates]
        top = max(top, *(v + up for v, (_, up) in zip(values, reach)))
        ax.bar(at[k], values, width * 0.9, color=look["colour"], alpha=0.55, hatch=look["hatch"], edgecolor="#222222",
               linewidth=0.8)
        ax.errorbar(at[k], values, yerr=[[d for d, _ in reach], [u for _, u in reach]], fmt="none", ecolor="#111111",
                    elinewidth=1.1, capsize=4 if len(data.sides) < 8 else 2)
        handles.append(Patch(facecolor=look["colour"], alpha=0.55, hatch=look["hatch"], edgecolor="#222222",
                             label=series.legend[k]))
    handles.append(Line2D([], [], color="#111111", marker="|", markersize=10, linestyle="none", label="95% CI (error bar)"))
    if fair is not None:
        ax.axhline(100 * fair, color="#111111", linestyle="--", linewidth=1.2)
        handles.append(Line2D([], [], color="#111111", linestyle="--", label=f"fair share ({100 * fair:.0f}%)"))
        top = max(top, 100 * fair)
    ax.set_ylim(0, min(100.0, max(10.0, math.ceil(top / 10 + 0.5) * 10)))
    ax.set_title(title)
    ax.set_ylabel("Win % of games (95% CI)")
    ax.set_xlabel("Seat" if len(data.sides) == 1 else f"Seat, and {_side_word(data, series)} within it")
    _seat_axis(ax, data, series, at)
    _legend(ax, handles)
    return figure


def _side_word(data: ChartData, series: _Series) -> str:
    if data.kind == "comparison":
        return "side (A, B)"
    if data.kind == "options":
        return "combination of options"
    return series.axis if series.axis and not any(series.lines) else "variant"


def _scores(data: ChartData, series: _Series) -> Figure:
    """The score distribution per seat as box plots (one per side in each seat's group):
    the box the middle half, its line the median, a diamond the mean, the whiskers to
    1.5 times the box's height, circles the games beyond."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    figure, ax = _figure(WIDE)
    seats = len(data.bots)
    at, width = _positions(seats, len(data.sides))
    handles: list[Any] = []
    for k, results in enumerate(data.sides):
        look = _style(k)
        boxes = ax.boxplot([[r.scores[seat] for r in results] for seat in range(seats)], positions=at[k],
                           widths=width * 0.75, patch_artist=True, showmeans=True, manage_ticks=False,
                           medianprops={"color": "#111111", "linewidth": 1.6},
                           meanprops={"marker": "D", "markerfacecolor": "white", "markeredgecolor": "#111111",
                                      "markersize": 5},
                           flierprops={"marker": "o", "markersize": 3, "markerfacecolor": "none",
                                       "markeredgecolor": "#444444"})
        for patch in boxes["boxes"]:
            patch.set(facecolor=look["colour"], alpha=0.55, hatch=look["hatch"], edgecolor="#222222")
        if len(data.sides) > 1:
            handles.append(Patch(facecolor=look["colour"], alpha=0.55, hatch=look["hatch"], edgecolor="#222222",
                                 label=series.legend[k]))
    handles += [
        Patch(facecolor="white", edgecolor="#222222", label="box: the middle half of games"),
        Line2D([], [], color="#111111", linewidth=1.6, label="median"),
        Line2D([], [], marker="D", markerfacecolor="white", markeredgecolor="#111111", linestyle="none", label="mean"),
        Line2D([], [], marker="o", markerfacecolor="none", markeredgecolor="#444444", markersize=4, linestyle="none",
               label="games past the whiskers (1.5 box heights)"),
    ]
    ax.set_title("Scores per seat")
    ax.set_ylabel("Score at the end of a game")
    ax.set_xlabel("Seat" if len(data.sides) == 1 else f"Seat, and {_side_word(data, series)} within it")
    _seat_axis(ax, data, series, at)
    _legend(ax, handles)
    return figure


# ----- many variants: each measure across them -----------------------------------------


def _measure_keys(tables: Sequence[Sequence[Measure]]) -> list[tuple[str, str, str]]:
    """(key, label, kind) of every measure with an interval, in the table's order."""
    found: dict[str, tuple[str, str, str]] = {}
    for rows in tables:
        for m in rows:
            if m.kind != "sd" and m.key not in found:
                found[m.key] = (m.key, m.label, m.kind)
    return list(found.values())


def _points(data: ChartData, tables: Sequence[Sequence[Measure]], key: str, kind: str) -> list[Interval]:
    """The measure's value (with its 95% interval) on every variant. A measure missing
    from a variant's pair is one neither of them ever met (a count or an ending): 0."""
    by_key = [{m.key: m for m in rows} for rows in tables]
    first = next(rows[key].a for rows in by_key if key in rows)
    points = [first]
    for results, rows in zip(data.sides[1:], by_key):
        m = rows.get(key)
        if m is not None and m.b is not None:
            points.append(m.b)
        else:
            points.append(wilson(0, len(results)) if kind == "share" else Interval(0.0, 0.0, 0.0))
    return points


def _title(label: str) -> str:
    """`actions per game` -> `Actions per game`."""
    return label[:1].upper() + label[1:]


# The y axis of a measure, by the start of its key (as compare.py names them).
UNITS = (("win_rate.", "Win % of games"), ("ending.", "% of games"), ("score.", "Points"), ("length.actions", "Actions"),
         ("length.rounds", "Rounds"), ("count.", "Count per game"), ("flow.lead_changes", "Lead changes"),
         ("flow.decided_share", "Share of the game"), ("flow.margin", "Points"), ("flow.comeback", "% of games"))


def _across(series: _Series, across: _Across, fair: float, axis: tuple[float, float], kind: str) -> Figure:
    """One measure across the sides or variants, on its family's shared axis. Over a
    swept number (x: its value; a grid: a line per value of the other fields, each with
    a marker, a line style and a hatching of its own) the values are joined by a line
    with the 95% interval as a hatched band; otherwise (files, sides, combinations:
    no order between them) each is a point with its interval as an error bar, never
    joined. A ring marks a value whose difference from the first is beyond noise."""
    from matplotlib.lines import Line2D

    figure, ax = _figure(SMALL)
    scale = 100.0 if across.kind == "share" else 1.0
    xs = series.xs or [float(k) for k in range(len(across.points))]
    handles: list[Any] = []
    names: list[str] = []
    if series.xs:
        _joined(ax, series, across, scale, handles, names)
    else:
        values = [scale * p.value for p in across.points]
        reach = [_bounds(p, scale) for p in across.points]
        ax.errorbar(xs, values, yerr=[[d for d, _ in reach], [u for _, u in reach]], fmt="o", color="#111111",
                    markersize=6, ecolor="#111111", elinewidth=1.2, capsize=4, linestyle="none")
        handles.append(Line2D([], [], color="#111111", marker="o", linestyle="none"))
        names.append("value (bar: 95% CI)")
    hits = [(x, scale * p.value) for x, p, hit in zip(xs, across.points, across.flags) if hit]
    if hits:
        ax.plot([x for x, _ in hits], [y for _, y in hits], linestyle="none", marker="o", markersize=14,
                markerfacecolor="none", markeredgecolor="#D55E00", markeredgewidth=2.0)
        handles.append(Line2D([], [], linestyle="none", marker="o", markersize=10, markerfacecolor="none",
                              markeredgecolor="#D55E00", markeredgewidth=2.0))
        first = "A" if kind == "comparison" else "the first"
        names.append(f"beyond noise against {first} (Holm)")
    if across.key.startswith("win_rate."):
        ax.axhline(100 * fair, color="#111111", linestyle="--", linewidth=1.0)
        handles.append(Line2D([], [], color="#111111", linestyle="--"))
        names.append(f"fair share ({100 * fair:.0f}%)")
    ax.set_ylim(*axis)
    ax.set_title(_title(across.label))
    unit = next((unit for start, unit in UNITS if across.key.startswith(start)), "Mean per game")
    ax.set_ylabel(unit + (" (95% CI)" if across.kind == "share" else " (mean, 95% CI)"))
    if series.xs:
        ax.set_xticks(sorted(set(xs)), [f"{x:g}" for x in sorted(set(xs))])
        ax.set_xlabel(series.axis)
    else:  # the names, or their numbers when one is long
        ticks = series.names if max(len(name) for name in series.names) <= NAMED else series.ticks
        turned = max(len(t) for t in ticks) > 4 or len(xs) > 8
        ax.set_xticks(xs, ticks, rotation=30 if turned else 0, ha="right" if turned else "center",
                      rotation_mode="anchor")
        ax.set_xlim(-0.5, len(xs) - 0.5)
        numbered = ticks[0].startswith("#")
        word = {"comparison": "Side", "run": "", "options": "Combination of options"}.get(kind, "Variant")
        ax.set_xlabel(series.axis or word + (" (numbered in the win-rate chart's legend)" if numbered else ""))
    figure.legend(handles, names, loc="outside lower center", ncol=min(3, len(handles)), fontsize=7, frameon=False)
    return figure


def _joined(ax: Axes, series: _Series, across: _Across, scale: float, handles: list[Any], names: list[str]) -> None:
    """The values over the swept number, a line per value of the other fields, each
    with its 95% interval as a hatched band with dotted edges."""
    from matplotlib.colors import to_rgba
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    lines = series.lines or [""] * len(across.points)
    for k, line in enumerate(dict.fromkeys(lines)):
        look = _style(k) if len(set(lines)) > 1 else {**_style(0), "colour": "#111111", "marker": "o", "line": "-"}
        band = COLOURS[k % len(COLOURS)]
        at = sorted((x, p) for x, p, name in zip(series.xs, across.points, lines) if name == line)
        x = [spot for spot, _ in at]
        values, lows, highs = ([scale * getattr(p, part) for _, p in at] for part in ("value", "low", "high"))
        ax.fill_between(x, lows, highs, linewidth=0.0, facecolor=to_rgba(band, 0.14))
        ax.fill_between(x, lows, highs, linewidth=0.0, facecolor="none", edgecolor=to_rgba(band, 0.55),
                        hatch=BAND_HATCHES[k % len(BAND_HATCHES)])
        for edge in (lows, highs):
            ax.plot(x, edge, color=band, linestyle=":", linewidth=0.9)
        ax.plot(x, values, color=look["colour"], marker=look["marker"], markersize=5, linestyle=look["line"], linewidth=1.5)
        handles.append(Line2D([], [], color=look["colour"], marker=look["marker"], linestyle=look["line"]))
        names.append(f"{line} (band: 95% CI)" if line else "value")
        if len(set(lines)) == 1:
            handles.append((Patch(facecolor=to_rgba(band, 0.14), linewidth=0.0),
                            Patch(facecolor="none", edgecolor=to_rgba(band, 0.55), hatch=BAND_HATCHES[0], linewidth=0.0)))
            names.append("95% CI (hatched band, dotted edges)")


def draw_tournament(data: dict[str, Any]) -> list[Chart]:
    """A tournament's charts (its `summary`): each level's OpenSkill rating (mu with
    mu - 3 sigma to mu + 3 sigma) and its win rate with its 95% interval against the
    fair share, a marker and hatching per level besides its colour."""
    from matplotlib import rc_context

    made: list[tuple[str, Figure]] = []
    with rc_context(_STYLE):
        ratings = data["ratings"]
        figure, ax = _figure(WIDE)
        for k, r in enumerate(ratings):
            look = _style(k)
            ax.errorbar([k], [r["mu"]], yerr=[[3 * r["sigma"]], [3 * r["sigma"]]], fmt=look["marker"],
                        color=look["colour"], capsize=6, markersize=9, label=r["level"])
        ax.set_xticks(range(len(ratings)), [r["level"] for r in ratings])
        ax.set_ylabel("OpenSkill mu (bars: mu ± 3 sigma)")
        ax.set_title("OpenSkill rating per level (Plackett-Luce), best first")
        _legend(ax, ax.get_legend_handles_labels()[0])
        made.append(("OpenSkill rating per level", figure))
        rates = data["win_rates"]
        figure, ax = _figure(WIDE)
        for k, w in enumerate(rates):
            look = _style(k)
            value = 100 * (w["win_rate"] or 0.0)
            low, high = (100 * b for b in w["win_rate_ci"]) if w["win_rate_ci"] else (value, value)
            ax.bar([k], [value], color=look["colour"], hatch=look["hatch"], edgecolor="black", alpha=0.85,
                   label=w["level"])
            ax.errorbar([k], [value], yerr=[[value - low], [high - value]], fmt="none", ecolor="black", capsize=6)
        ax.axhline(100 * data["fair_share"], linestyle="--", color="black", label="fair share")
        ax.set_xticks(range(len(rates)), [w["level"] for w in rates])
        ax.set_ylabel("win % of the seats it played (95% CI)")
        ax.set_title("Win rate per level")
        _legend(ax, ax.get_legend_handles_labels()[0])
        made.append(("Win rate per level", figure))
        return [Chart(title, _svg(figure, salt=f"tour{k}")) for k, (title, figure) in enumerate(made)]
