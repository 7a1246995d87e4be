"""`simulate --report FILE.html`: real charts, SVG drawn with matplotlib and embedded in
one self-contained page (nothing fetched from elsewhere), with the tables as text under
them; matplotlib is loaded by `--report` only."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from sherwood_tui import commands
from sherwood_tui.workbench.engine import GameResult
from sherwood_tui.workbench.plots import ChartData, draw

FAST = ("--players", "3", "--games", "6", "--jobs", "1")


def simulate(capsys, *args: str) -> str:
    assert commands.run(["simulate", *args]) == 0
    return capsys.readouterr().out


def charts(page: Path) -> list[str]:
    """The title of each chart of the page (its figure's label), in order."""
    html = page.read_text(encoding="utf-8")
    figures = re.findall(r'<figure aria-label="([^"]*)"><svg\b', html)
    assert len(figures) == html.count("<svg") == html.count("</svg>")
    return figures


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
    assert charts(page) == ["Win rate per seat", "Scores per seat"]
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
    assert charts(page) == ["Win rate per seat", "Scores per seat"]
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
    assert charts(page) == ["Win rate per seat per combination of options", "Scores per seat"]
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
