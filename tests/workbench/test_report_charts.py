"""`simulate --report FILE.html`: real charts, SVG drawn with matplotlib and embedded in
one self-contained page (nothing fetched from elsewhere), with the tables as text under
them; matplotlib is loaded by `--report` only."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

from rich.console import Console

from sherwood_tui import commands
from sherwood_tui.workbench.engine import GameResult
from sherwood_tui.workbench.plots import ChartData, draw

FAST = ("--players", "3", "--games", "6", "--jobs", "1")
FLOW = ["Lead changes per game", "Decided at (share of the game)", "Winner's margin (points)",
        "Comebacks (winner behind at half time)"]  # small charts of how games flow, under the wide ones


def simulate(capsys, *args: str) -> str:
    assert commands.run(["simulate", *args]) == 0
    return capsys.readouterr().out


def charts(page: Path) -> list[str]:
    """The title of each chart of the page (its figure's label), in order."""
    html = page.read_text(encoding="utf-8")
    figures = re.findall(r'<figure aria-label="([^"]*)"><svg\b', html)
    assert len(figures) == html.count("<svg") == html.count("</svg>")
    return [unescape(title) for title in figures]


def self_contained(page: Path) -> str:
    """The page, checked to be one file that fetches nothing: no src or href that leaves
    it, no script, stylesheet link, image, frame or @import."""
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and html.count("<html") == 1 and html.rstrip().endswith("</html>")
    assert not re.search(r"""\b(?:src|href)\s*=\s*["']?\s*(?:https?:|//|file:|data:)""", html, re.I)
    assert not re.search(r"<(?:script|link|img|iframe|object|embed)\b|@import|url\((?!#)", html, re.I)
    assert all(target.startswith("#") for target in re.findall(r"""\bhref\s*=\s*["']([^"']*)""", html))
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "two charts share an id"
    assert not list(page.parent.glob(".tmp-*"))  # written through a temporary file and a rename
    return html


def text_of(html: str) -> str:
    """The visible words of the page's SVG text and tables."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_single_run_draws_win_rates_and_scores_over_its_tables(capsys, tmp_path):
    page = tmp_path / "one.html"
    simulate(capsys, "sheriff", *FAST, "--report", str(page))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["one.html"]
    assert page.stat().st_mode & 0o777 == 0o644  # readable like the other exported files
    html = self_contained(page)
    assert charts(page) == ["Win rate per seat", "Scores per seat", *FLOW]
    words = text_of(html)
    for seen in ("Win % of games (95% CI)", "fair share (33%)", "95% CI (error bar)", "Seat 1", "Seat 3",
                 "Score at the end of a game", "median", "mean"):
        assert seen in words, seen
    assert html.index("</svg>") < html.index("<pre>")  # the tables under the charts, as text
    assert "Wins and scores per seat" in words and "No seat advantage" in words
    assert "Histogram: 16 bins" not in words  # the terminal's character charts are drawn instead


def test_a_comparison_draws_a_and_b_side_by_side_per_seat(capsys, tmp_path):
    other = tmp_path / "rich.json"
    assert commands.run(["assets", "sheriff", "--export", str(other)]) == 0
    data = json.loads(other.read_text())
    data["starting_gold"] = 70
    other.write_text(json.dumps(data))
    capsys.readouterr()
    page = tmp_path / "ab.html"
    simulate(capsys, "sheriff", *FAST, "--compare", str(other), "--report", str(page))
    html = self_contained(page)
    assert charts(page) == ["Win rate per seat", "Scores per seat", *FLOW]
    words = text_of(html)
    assert "A: built-in data" in words and f"B: {other}" in words and "side (A, B)" in words
    assert "A against B, each with its 95% confidence interval" in words


def test_a_sweep_draws_each_measure_across_the_swept_values(capsys, tmp_path):
    page = tmp_path / "sweep.html"
    out = simulate(capsys, "sheriff", *FAST, "--sweep", "starting_gold=31,53,77", "--json", "--report", str(page))
    html = self_contained(page)
    measures = list(dict.fromkeys(m["label"] for m in json.loads(out)["measures"] if m["kind"] != "sd"))
    titles = charts(page)
    assert titles[:2] == ["Win rate per seat", "Scores per seat"]
    assert [t.lower() for t in titles[2:]] == [m.lower() for m in measures]  # one small chart each
    for must in ("Seat 1 win %", "Seat 3 score", "Actions per game", "Inspections per game"):
        assert must in titles, must
    words = text_of(html)
    assert "starting_gold" in words and "95% CI (hatched band, dotted edges)" in words
    assert "starting_gold=77" in words and "#3" not in words  # bars named by their value, not numbered
    win_rates = re.findall(r"<text[^>]*>([^<]*)</text>", html[:html.index("</svg>")])
    assert [win_rates.count(v) for v in ("31", "53", "77")] == [3, 3, 3]  # under each seat's group (3 seats)
    assert "Every variant against the first (starting_gold=31)" in words
    assert "In the charts, each row is a seat" not in words  # that line reads the character charts


def test_every_combination_of_options_draws_win_rates_per_combination(capsys, tmp_path):
    page = tmp_path / "options.html"
    simulate(capsys, "sheriff", *FAST, "--option", "all", "--report", str(page))
    self_contained(page)
    assert charts(page) == ["Win rate per seat per combination of options", "Scores per seat", *FLOW]
    assert "Royal Goods: yes" in text_of(page.read_text(encoding="utf-8"))


def test_a_grid_draws_a_line_per_value_of_the_other_field():
    def game(seed: int, gold: int) -> GameResult:
        return GameResult(seed, [seed % 2], [gold + seed, gold - seed], 10 + seed, 2, "complete", {"fines": seed % 3})

    names = [f"gold={g}, hand=h{h}" for g in (30, 50, 70) for h in (5, 6)]
    sides = [[game(seed, 30 + 20 * (k // 2)) for seed in range(5)] for k in range(len(names))]
    drawn = draw(ChartData("variants", names, sides, ["sensible", "expert"], swept=True))
    titles = [c.title for c in drawn]
    assert titles[:2] == ["Win rate per seat", "Scores per seat"] and [c.wide for c in drawn[:2]] == [True, True]
    for must in ("Seat 1 win %", "Expert win % per seat", "Seat 2 score", "Actions per game", "Ended: complete",
                 "Fines per game"):
        assert must in titles, must
    across = [c for c in drawn if not c.wide]
    assert across and all(">gold<" in c.svg and ">hand=h5 (band: 95% CI)<" in c.svg and ">hand=h6 (band" in c.svg for c in across)
    assert all(c.svg.startswith("<svg") and "<metadata" not in c.svg for c in drawn)


def test_a_run_without_report_never_imports_matplotlib(tmp_path):
    code = """
import sys
from rich.console import Console

from sherwood_tui import commands
run = ["simulate", "sheriff", "--players", "3", "--games", "2", "--jobs", "1", "--json"]
assert commands.run(run) == 0
print("plain:", any(m == "matplotlib" or m.startswith("matplotlib.") for m in sys.modules))
assert commands.run([*run, "--report", sys.argv[1]]) == 0
print("report:", "matplotlib" in sys.modules)
"""
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "r.html")], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith(("plain:", "report:"))]
    assert lines == ["plain: False", "report: True"]  # and the check can see it


# ----- honest charts: one axis per measure from 0, flags, points for files, the fair line -----


def close_scores(seed: int, shift: float, winner: int = 0) -> GameResult:
    """A game whose seat 1 scores about 1000 (+ shift): the values differ by little."""
    points = [[500.0 + seed % 3, 400.0], [1000.0 + shift + seed % 3, 900.0 + seed % 5]]
    return GameResult(seed, [winner], points[-1], 100, 2, "end", {}, "m", [v for scores in points for v in scores])


def small(drawn, title: str):
    return next(chart for chart in drawn if chart.title == title and not chart.wide)


def test_a_measure_is_drawn_on_one_axis_from_zero_shared_by_its_seats():
    sides = [[close_scores(seed, shift) for seed in range(40)] for shift in (0.0, 0.5, 1.0)]
    drawn = draw(ChartData("variants", ["a.json", "b.json", "c.json"], sides, ["sensible"] * 2))
    one, two = small(drawn, "Seat 1 score"), small(drawn, "Seat 2 score")
    assert one.axis is not None and one.axis[0] == 0 and one.axis[1] > 1000  # no 1000-to-1002 climb
    assert one.axis == two.axis  # the measure's seats share one axis
    rates = [small(drawn, f"Seat {seat} win %") for seat in (1, 2)]
    assert rates[0].axis == rates[1].axis and rates[0].axis is not None and rates[0].axis[0] == 0
    assert ">0<" in one.svg.replace(" ", "")  # the axis is labelled from 0


def test_file_variants_are_points_and_a_swept_number_is_a_line():
    sides = [[close_scores(seed, shift) for seed in range(10)] for shift in (0.0, 3.0, 6.0)]
    files = draw(ChartData("variants", ["a.json", "b.json", "c.json"], sides, ["sensible"] * 2))
    swept = draw(ChartData("variants", ["gold=30", "gold=50", "gold=70"], sides, ["sensible"] * 2, swept=True))
    assert not any(chart.joined for chart in files) and all(chart.joined for chart in swept if not chart.wide)
    assert "hatched band" not in small(files, "Seat 1 score").svg and "bar: 95% CI" in small(files, "Seat 1 score").svg
    assert "hatched band" in small(swept, "Seat 1 score").svg


def test_a_difference_beyond_noise_is_marked_as_the_table_flags_it():
    sides = [[close_scores(seed, shift) for seed in range(30)] for shift in (0.0, 0.0, 25.0)]
    drawn = draw(ChartData("variants", ["base.json", "same.json", "rich.json"], sides, ["sensible"] * 2))
    score = small(drawn, "Seat 1 score")
    assert score.flagged == ("rich.json",) and "beyond noise against the first (Holm)" in score.svg
    assert small(drawn, "Actions per game").flagged == ()  # the same in every variant
    assert "beyond noise" not in small(drawn, "Actions per game").svg
    pair = draw(ChartData("comparison", ["A", "B"], [sides[0], sides[2]], ["sensible"] * 2))
    assert [c.group for c in pair if not c.wide] == ["How games flow (95% confidence intervals)"] * 4
    margin = small(pair, "Winner's margin (points)")  # seat 1 wins by 25 more in every game
    assert margin.flagged == ("B",) and "beyond noise against A (Holm)" in margin.svg and not margin.joined


def test_the_fair_share_line_stays_when_the_levels_are_mixed():
    sides = [[close_scores(seed, shift, winner=seed % 2) for seed in range(12)] for shift in (0.0, 1.0, 2.0)]
    drawn = draw(ChartData("variants", ["a.json", "b.json", "c.json"], sides, ["sensible", "expert"]))
    assert "fair share (50%)" in drawn[0].svg
    assert "fair share (50%)" in small(drawn, "Expert win % per seat").svg
    from sherwood_tui.workbench.report import run_charts, show

    out = io.StringIO()
    show("", run_charts([("", sides[0])], ["sensible", "expert"]), Console(file=out, width=120))
    assert "┊ fair share" in out.getvalue()
