"""`simulate --compare` and `--assets`: the same file gives the same games and no flag,
an unbalanced deck is flagged, the outputs have their shape, bad input is one line."""

from __future__ import annotations

import csv
import io
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.assets import builtin_text
from sherwood_tui.workbench.compare import CSV_COLUMNS, PAIRING_COLUMNS, measures, seat_advantages, to_csv
from sherwood_tui.workbench.engine import GameResult

BLEEDING = catalog.get("bleeding-sherwood")


def simulate(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200"}  # tables as wide as they want: no line is wrapped
    return subprocess.run([sys.executable, "-m", "sherwood_tui", "simulate", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120, env=env)


def refused(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2 and result.stdout == "" and "Traceback" not in result.stderr, result
    assert result.stderr.count("\n") == 1, result.stderr
    return result.stderr.rstrip("\n")


def data_file(folder: Path, name: str, change=None) -> Path:
    """The built-in Bleeding Sherwood data (as `assets --export` writes it), changed by `change`."""
    data = json.loads(builtin_text(BLEEDING.asset))
    if change:
        change(data)
    path = folder / name
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def fewer_ten_point_peasants(data: dict) -> None:
    """Eight of the twelve plain 10-point Peasants leave the deck: games run out of Peasants."""
    tens = [p["name"] for p in data["peasants"] if p["value"] == 10 and p["special"] is None][:8]
    data["peasants"] = [p for p in data["peasants"] if p["name"] not in tens]


def result(seed: int, winners: list[int], scores: list[float], ending: str = "points", actions: int = 100) -> GameResult:
    return GameResult(seed=seed, winners=winners, scores=scores, actions=actions, rounds=10, ending=ending,
                      counts={"bids": 3.0})


# ----- the measures, without playing -----------------------------------------------


def test_the_same_games_on_both_sides_differ_in_nothing():
    games = [result(i, [i % 2], [10.0 + i, 5.0], "points" if i % 3 else "deck") for i in range(40)]
    rows = measures(games, ["sensible"] * 2, list(games))
    assert rows and all(m.diff is not None and m.diff.value == 0 and not m.beyond_noise for m in rows)
    keys = [m.key for m in rows]
    assert keys[:2] == ["win_rate.seat1", "win_rate.seat2"]
    assert {"score.seat1", "score.seat1_sd", "length.actions", "length.rounds", "ending.points", "ending.deck",
            "count.bids"} <= set(keys)


def test_an_ending_met_on_one_side_only_is_compared_with_none():
    a = [result(i, [0], [1.0, 0.0], "points") for i in range(50)]
    b = [result(i, [0], [1.0, 0.0], "deck") for i in range(50)]
    deck = {m.key: m for m in measures(a, ["random"] * 2, b)}["ending.deck"]
    assert deck.a.value == 0 and deck.b is not None and deck.b.value == 1 and deck.beyond_noise


def test_a_seat_winning_over_five_points_above_its_share_beyond_noise_is_flagged():
    clear = [result(i, [0] if i < 65 else [1], [1.0, 0.0]) for i in range(100)]  # 65%: fair 50%
    (flag,) = seat_advantages(clear, ["sensible"] * 2)
    assert flag.seat == 0 and flag.rate.low > 0.5
    close = [result(i, [0] if i < 55 else [1], [1.0, 0.0]) for i in range(100)]  # 55%: within noise
    assert seat_advantages(close, ["sensible"] * 2) == []
    assert seat_advantages(clear, ["sensible", "random"]) is None  # the better bot should win more


def test_csv_has_one_row_per_measure():
    games = [result(i, [i % 2], [float(i), 1.0]) for i in range(10)]
    rows = measures(games, ["random"] * 2, games)
    table = list(csv.reader(io.StringIO(to_csv(rows))))
    assert tuple(table[0]) == CSV_COLUMNS + PAIRING_COLUMNS and len(table) == len(rows) + 1
    assert all(len(line) == len(CSV_COLUMNS + PAIRING_COLUMNS) for line in table)
    assert {line[6] for line in table[1:]} <= {"yes", "no", ""}


# ----- the command -----------------------------------------------------------------


def test_a_file_compared_with_itself_gives_identical_results_and_no_flag(tmp_path):
    same = data_file(tmp_path, "same.json")
    out = simulate("bleeding-sherwood", "--players", "3", "--games", "16", "--seed", "5", "--jobs", "2",
                   "--compare", str(same), str(same), "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    a, b = report["a"]["summary"], report["b"]["summary"]
    assert a == b and a["games"] == 16
    assert all(m["diff"] == 0 and m["beyond_noise"] is False for m in report["measures"])
    assert report["seat_advantage"] == {"a": [], "b": []}
    # the built-in data against the exported copy plays the same games too
    builtin = simulate("bleeding-sherwood", "--players", "3", "--games", "16", "--seed", "5", "--jobs", "1",
                       "--compare", str(same), "--json")
    assert json.loads(builtin.stdout)["a"]["summary"] == a


def test_a_deliberately_unbalanced_deck_is_flagged(tmp_path):
    changed = data_file(tmp_path, "fewer-tens.json", fewer_ten_point_peasants)
    out = simulate("bleeding-sherwood", "--players", "4", "--games", "60", "--jobs", "2", "--compare", str(changed), "--csv")
    assert out.returncode == 0, out.stderr
    rows = {line["measure"]: line for line in csv.DictReader(io.StringIO(out.stdout))}
    assert list(next(csv.reader(io.StringIO(out.stdout)))) == list(CSV_COLUMNS + PAIRING_COLUMNS)
    deck = rows["ending.Peasant deck empty"]
    assert deck["beyond_noise"] == "yes" and float(deck["diff"]) > 0.4 and float(deck["low"]) > 0


def test_a_single_run_on_own_data_prints_intervals_charts_and_a_report(tmp_path):
    changed = data_file(tmp_path, "fewer-tens.json", fewer_ten_point_peasants)
    page = tmp_path / "report.html"
    out = simulate("bleeding-sherwood", "--players", "3", "--games", "12", "--jobs", "1", "--assets", str(changed),
                   "--report", str(page))
    assert out.returncode == 0, out.stderr
    for words in (f"on {changed}", "Wins and scores per seat", "Win rate per seat", "Scores per seat", "fair share",
                  "No seat advantage"):
        assert words in out.stdout
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "Win rate per seat" in html and "Scores per seat" in html
    assert not list(tmp_path.glob(".tmp-*"))  # written through a temporary file and a rename


def test_a_single_run_json_keeps_its_fields_and_adds_intervals():
    out = simulate("sheriff", "--players", "3", "--games", "6", "--jobs", "1", "--json")
    summary = json.loads(out.stdout)
    seat = summary["seats"][0]
    assert {"seat", "bot", "wins", "win_rate", "win_rate_ci", "score"} <= set(seat)
    low, high = seat["win_rate_ci"]
    assert 0 <= low <= seat["win_rate"] <= high <= 1
    assert set(summary["length"]["actions"]) == {"mean", "sd", "min", "max", "mean_ci"}
    assert isinstance(summary["seat_advantage"], list) and summary["data"] == "built-in data"


def test_every_combination_of_options_gets_a_row():
    out = simulate("sheriff", "--players", "3", "--games", "4", "--jobs", "2", "--option", "all", "--json")
    rows = json.loads(out.stdout)["variants"]
    keys = [o.key for o in catalog.get("sheriff").options]  # whichever options the game has
    assert [row["options"] for row in rows] == [dict(zip(keys, on)) for on in itertools.product((False, True), repeat=len(keys))]
    assert all(len(row["win_rates"]) == 3 and row["games"] == 4 and row["endings"] for row in rows)
    table = simulate("bleeding-sherwood", "--players", "3", "--games", "3", "--jobs", "1", "--option", "all")
    assert table.returncode == 0 and "Every combination of options" in table.stdout and "1996 rules: yes" in table.stdout


@pytest.mark.parametrize(
    "change,line",
    [
        (lambda d: d["peasants"][3].update(value="five"), "peasants[3].value: must be a whole number"),
        (lambda d: d.pop("goodes"), "goodes: is missing"),
    ],
)
def test_a_bad_data_file_is_refused_in_one_line_naming_the_field(tmp_path, change, line):
    bad = data_file(tmp_path, "bad.json", change)
    assert refused(simulate("bleeding-sherwood", "--games", "5", "--compare", str(bad))) == (
        f"sherwood-tui simulate: {bad}: {line}"
    )
    good = data_file(tmp_path, "good.json")
    assert line in refused(simulate("bleeding-sherwood", "--games", "5", "--compare", str(good), str(bad)))
    assert line in refused(simulate("bleeding-sherwood", "--games", "5", "--assets", str(bad)))


@pytest.mark.parametrize(
    "args,line",
    [
        (["--sweep", "winning_score=80,100", "--compare", "b.json"], "--sweep and --compare do not go together"),
        (["--restrict", "one-card", "--keep", "2"], "--restrict plays one data file with one --bots level"),
        (["--compare", "/nonexistent/b.json"], "/nonexistent/b.json: cannot be read"),
        (["--assets", "a.json", "--compare", "b.json"], "--assets and --compare do not go together"),
        (["--json", "--csv"], "choose one of --json and --csv"),
        (["--option", "all", "--option", "classic_1996"], "--option all runs every combination"),
        (["--keep-dir", "/tmp"], "--keep-dir needs --keep N"),
        (["--report", "/nonexistent/r.html"], "--report: no such folder: '/nonexistent'"),
        (["--keep", "2", "--keep-dir", "/etc/passwd"], "--keep-dir: '/etc/passwd' is a file, not a folder"),
    ],
)
def test_workbench_flags_are_checked_before_anything_runs(args, line):
    assert line in refused(simulate("bleeding-sherwood", "--games", "5", *args))
