"""`simulate --until-ci WIDTH`: a comparison or sweep plays on in chunks (seeds seed..seed+k-1,
then on) until every compared measure's difference interval is narrower than WIDTH, with
`--games` as the cap; what it plays equals a plain run of as many games."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

from sherwood_tui.workbench.compare import Measure, until_ci_chunk, widest_difference
from sherwood_tui.workbench.stats import Interval


def simulate(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200", "SHERWOOD_TUI_SEARCH_WORKERS": "0"}
    return subprocess.run([sys.executable, "-m", "sherwood_tui", "simulate", *args, "--jobs", "1"], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=300, env=env)


def without_timing(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("seconds", "until_ci", "games")}


# ----- which intervals count, and the chunks ---------------------------------------


def test_a_share_counts_in_percentage_points_and_a_mean_in_its_own_units():
    rows = [Measure("win_rate.seat1", "Seat 1 win %", "share", Interval(0.5, 0.4, 0.6), diff=Interval(0.02, -0.03, 0.07)),
            Measure("score.seat1", "Seat 1 score", "mean", Interval(50, 48, 52), diff=Interval(1.0, 0.0, 2.0))]
    assert widest_difference([rows]) == (pytest.approx(10.0), "Seat 1 win %")


def test_spreads_and_single_sides_have_no_interval_to_wait_for():
    rows = [Measure("score.seat1_sd", "Seat 1 score sd", "sd", Interval(5, math.nan, math.nan),
                    diff=Interval(3.0, math.nan, math.nan)),
            Measure("score.seat1", "Seat 1 score", "mean", Interval(50, 48, 52))]
    width, label = widest_difference([rows])
    assert math.isnan(width) and label == ""


def test_an_interval_too_few_games_can_tell_never_stops_the_run():
    rows = [Measure("a", "A", "mean", Interval(1, 0, 2), diff=Interval(0.0, 0.0, 0.0)),
            Measure("b", "B", "mean", Interval(1, 0, 2), diff=Interval(0.5, math.nan, math.nan))]
    width, label = widest_difference([rows])
    assert math.isnan(width) and label == "B"


def test_the_chunk_is_a_tenth_of_the_cap_at_least_ten_games_at_most_the_cap():
    assert [until_ci_chunk(cap) for cap in (5, 10, 30, 100, 1001)] == [5, 10, 10, 10, 101]


# ----- the command -----------------------------------------------------------------


def test_a_sweep_whose_difference_is_constant_stops_after_the_first_chunk():
    done = simulate("sheriff", "--players", "3", "--sweep", "starting_gold=50,70", "--games", "100",
                    "--until-ci", "1", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["games"] == 10
    assert data["until_ci"] == {"width": 1.0, "cap": 100, "games": 10, "narrow": True, "widest": 0.0,
                                "widest_measure": data["until_ci"]["widest_measure"]}
    assert "10 games a side" in done.stderr and "narrow enough, stopping" in done.stderr


def test_the_cap_is_respected_when_the_intervals_stay_wide(tmp_path):
    data = tmp_path / "base.json"
    data.write_text(simulate_data(), encoding="utf-8")
    done = simulate("sheriff", "--players", "3", "--games", "25", "--compare", str(data), str(data),
                    "--salt", "1,2", "--until-ci", "0.001", "--json")
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["games"] == 25 and found["until_ci"]["games"] == 25 and found["until_ci"]["narrow"] is False
    assert [line.split(": ")[2].split(" games")[0] for line in done.stderr.splitlines() if "--until-ci" in line] == \
        ["10", "20", "25"]
    assert done.stderr.splitlines()[-1].endswith("the cap")


def test_the_result_equals_a_plain_run_of_the_same_games(tmp_path):
    data = tmp_path / "base.json"
    data.write_text(simulate_data(), encoding="utf-8")
    common = ("sheriff", "--players", "3", "--compare", str(data), str(data), "--salt", "1,2", "--json")
    chunked = simulate(*common, "--games", "25", "--until-ci", "0.001")
    plain = simulate(*common, "--games", "25")
    assert chunked.returncode == plain.returncode == 0, chunked.stderr + plain.stderr
    assert without_timing(json.loads(chunked.stdout)) == without_timing(json.loads(plain.stdout))


def test_a_sweep_stopped_early_equals_a_plain_run_of_the_games_it_played():
    chunked = simulate("sheriff", "--players", "3", "--sweep", "starting_gold=50,70", "--games", "100",
                       "--until-ci", "1", "--json")
    plain = simulate("sheriff", "--players", "3", "--sweep", "starting_gold=50,70", "--games", "10", "--json")
    assert chunked.returncode == plain.returncode == 0, chunked.stderr + plain.stderr
    assert without_timing(json.loads(chunked.stdout)) == without_timing(json.loads(plain.stdout))
    assert json.loads(chunked.stdout)["games"] == json.loads(plain.stdout)["games"] == 10


@pytest.mark.parametrize("extra", [(), ("--option", "all"), ("--restrict", "no-bribes", "--bots", "sensible")])
def test_until_ci_without_a_comparison_is_refused_in_one_line(extra):
    done = simulate("sheriff", "--players", "3", "--games", "5", "--until-ci", "2", *extra)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().count("\n") == 0 and "--until-ci needs a comparison" in done.stderr


@pytest.mark.parametrize("width", ["0", "-1", "nan", "inf", "wide"])
def test_a_width_that_is_not_above_zero_is_refused(width):
    done = simulate("sheriff", "--players", "3", "--sweep", "starting_gold=50,70", "--games", "5", "--until-ci", width)
    assert done.returncode == 2 and "--until-ci" in done.stderr and "width above 0" in done.stderr


def simulate_data() -> str:
    from sherwood_tui import catalog
    from sherwood_tui.core.assets import builtin_text

    return builtin_text(catalog.get("sheriff").asset)
