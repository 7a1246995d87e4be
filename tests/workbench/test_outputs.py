"""What a comparison prints: the CSV has the pairing columns the JSON has (paired or not,
the unpaired difference, the share of games played differently), the JSON keeps the
unpaired difference of a paired measure under its own name, and the progress bars go to
stderr in every output mode, never to stdout."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sherwood_tui.workbench.compare import PAIRING_COLUMNS, measure_json, measures, to_csv
from sherwood_tui.workbench.engine import GameResult
from tests.test_cli import progress_and_output


def game(seed: int, scores: list[float]) -> GameResult:
    return GameResult(seed=seed, winners=[max(range(2), key=scores.__getitem__)], scores=scores, actions=50 + seed % 7,
                      rounds=5, ending="points", moves="m")


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SHERWOOD_TUI_SEARCH_WORKERS": "0"}
    return subprocess.run([sys.executable, "-m", "sherwood_tui", "simulate", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300, env=env)


def test_a_paired_measure_keeps_its_unpaired_difference_named_as_such():
    a = [game(seed, [float(seed % 5), 3.0]) for seed in range(30)]
    b = [game(seed, [float(seed % 5) + 2, 3.0]) for seed in range(30)]  # every game's seat 1: +2
    score = next(m for m in measures(a, ["sensible"] * 2, b) if m.key == "score.seat1")
    row = measure_json(score)
    assert row["paired"] and (row["diff"], row["low"], row["high"]) == (2, 2, 2)
    assert row["unpaired_diff"] == 2 and row["unpaired_low"] < 2 < row["unpaired_high"]  # independent samples: wider
    assert 0 <= row["unpaired_p"] < row["p"] + 1


def test_an_unpaired_measure_has_no_unpaired_copy():
    a = [game(seed, [1.0, 3.0]) for seed in range(10)]
    b = [game(seed + 100, [2.0, 3.0]) for seed in range(10)]  # other seeds: not matched
    row = measure_json(next(m for m in measures(a, ["sensible"] * 2, b) if m.key == "score.seat1"))
    assert row["paired"] is False and "unpaired_diff" not in row


def test_the_csv_of_a_comparison_has_the_pairing_columns_the_json_has():
    a = [game(seed, [float(seed % 5), 30.0]) for seed in range(30)]
    b = [game(seed, [float(seed % 5) + 2, 30.0]) for seed in range(30)]  # the same winner: no game played differently
    rows = measures(a, ["sensible"] * 2, b)
    from sherwood_tui.workbench.compare import played_differently

    table = {line["measure"]: line for line in csv.DictReader(io.StringIO(to_csv(rows, played_differently(a, b))))}
    assert set(PAIRING_COLUMNS) <= set(next(iter(table.values())))
    score = table["score.seat1"]
    assert score["paired"] == "yes" and float(score["diff"]) == 2 and float(score["unpaired_diff"]) == 2
    assert float(score["unpaired_low"]) < 2 < float(score["unpaired_high"])
    assert score["played_differently"] == "0" and float(score["played_differently_high"]) > 0  # Wilson's interval


def test_a_sweeps_csv_says_it_is_paired_and_no_game_played_differently():
    out = simulate("sheriff", "--players", "3", "--games", "10", "--jobs", "1", "--sweep", "starting_gold=50,70", "--csv")
    assert out.returncode == 0, out.stderr
    rows = {line["measure"]: line for line in csv.DictReader(io.StringIO(out.stdout))}
    score = rows["score.seat1"]
    assert score["paired"] == "yes" and (score["diff"], score["low"], score["high"]) == ("20", "20", "20")
    assert score["unpaired_diff"] == "20" and float(score["unpaired_low"]) < 20
    assert score["played_differently"] == "0"


def test_an_unpaired_comparisons_csv_leaves_the_pairing_cells_empty(tmp_path: Path):
    data = tmp_path / "same.json"
    assert subprocess.run([sys.executable, "-m", "sherwood_tui", "assets", "sheriff", "--export", str(data)],
                          capture_output=True, stdin=subprocess.DEVNULL, timeout=120).returncode == 0
    out = simulate("sheriff", "--players", "3", "--games", "8", "--jobs", "1", "--compare", str(data), str(data),
                   "--salt", "1,2", "--csv")
    assert out.returncode == 0, out.stderr
    score = {line["measure"]: line for line in csv.DictReader(io.StringIO(out.stdout))}["score.seat1"]
    assert score["paired"] == "no" and score["unpaired_diff"] == "" and score["played_differently"] == ""


FAST = ["simulate", "sheriff", "--players", "3", "--games", "30", "--jobs", "1", "--sweep", "starting_gold=50,70"]


@pytest.mark.parametrize("mode", ["table", "--json", "--csv", "--report"])
def test_a_sweeps_progress_is_on_stderr_in_every_output_mode(mode: str, tmp_path: Path):
    extra = {"table": [], "--json": ["--json"], "--csv": ["--csv"], "--report": ["--report", str(tmp_path / "r.html")]}
    terminal, out = progress_and_output([*FAST, *extra[mode]])
    assert "starting_gold=70" in terminal and "━" in terminal  # a bar per variant
    assert "━" not in out and "\x1b" not in out and "\r" not in out
    if mode == "--json":
        json.loads(out)
    elif mode == "--csv":
        assert out.startswith("measure,variant,first,")
    else:
        assert "Every variant against the first" in out
    if mode == "--report":
        assert (tmp_path / "r.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
