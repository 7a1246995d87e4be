"""Paired comparisons: when both sides play the same seeds, each difference is computed
game by game (a zero-width interval when every game moved alike), the share of games that
played differently is given, and unmatched games fall back to independent samples;
`--salt` draws other games from the same data (the A/A check from the command line)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

import pytest

from sherwood_tui import catalog
from sherwood_tui.core.assets import builtin_text
from sherwood_tui.core.limits import MAX_SEED
from sherwood_tui.workbench.compare import matched, measures, played_differently
from sherwood_tui.workbench.engine import GameResult, run, salted_seed
from sherwood_tui.workbench.stats import mean_difference, mean_interval, paired_difference, wilson


def result(seed: int, scores: list[float], winners: list[int] | None = None, moves: str = "m", actions: int = 100) -> GameResult:
    won = winners if winners is not None else [max(range(len(scores)), key=lambda i: scores[i])]
    return GameResult(seed=seed, winners=won, scores=scores, actions=actions, rounds=10, ending="points",
                      counts={"bids": 3.0}, moves=moves)


def by_key(rows):
    return {m.key: m for m in rows}


def simulate(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "200", "SHERWOOD_TUI_SEARCH_WORKERS": "0"}
    return subprocess.run([sys.executable, "-m", "sherwood_tui", "simulate", *args], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300, env=env)


# ----- the statistics --------------------------------------------------------------


def test_a_difference_alike_in_every_game_has_a_zero_width_interval():
    diff, p = paired_difference([10.0, 30.0, 55.0, 12.0], [30.0, 50.0, 75.0, 32.0])
    assert (diff.value, diff.low, diff.high) == (20.0, 20.0, 20.0)
    assert p == 0.0


def test_no_difference_in_any_game_is_no_evidence_of_one():
    diff, p = paired_difference([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert (diff.value, diff.low, diff.high) == (0.0, 0.0, 0.0)
    assert p == 1.0


def test_the_paired_interval_is_students_t_on_the_game_by_game_differences():
    a, b = [3.0, 5.0, 9.0, 4.0, 7.0], [4.0, 5.5, 11.0, 4.0, 9.0]
    diff, p = paired_difference(a, b)
    expected = mean_interval([y - x for x, y in zip(a, b)]).mean
    assert (diff.value, diff.low, diff.high) == pytest.approx((expected.value, expected.low, expected.high))
    # differences 1, 0.5, 2, 0, 2: mean 1.1, standard error 0.4, t = 2.75 on 4 degrees of freedom
    assert p == pytest.approx(0.0514, abs=0.0005)
    assert diff.low < 0 < diff.high  # the interval and the test agree: just short of 95%


def test_a_paired_difference_needs_as_many_games_on_each_side():
    with pytest.raises(ValueError):
        paired_difference([1.0, 2.0], [1.0])


# ----- the measures ----------------------------------------------------------------


def test_every_score_moved_alike_gives_its_exact_difference_beyond_noise():
    a = [result(s, [10.0 + s, 30.0 - s]) for s in range(20)]
    b = [result(s, [20.0 + s, 40.0 - s]) for s in range(20)]
    rows = by_key(measures(a, ["sensible"] * 2, b))
    score = rows["score.seat1"]
    assert score.paired and (score.diff.value, score.diff.low, score.diff.high) == (10.0, 10.0, 10.0)
    assert score.beyond_noise
    unpaired = mean_difference(mean_interval([r.scores[0] for r in a]), mean_interval([r.scores[0] for r in b]))
    assert unpaired.high - unpaired.low > 5  # as independent samples, the same games look uncertain
    win = rows["win_rate.seat1"]
    assert win.paired and (win.diff.value, win.diff.low, win.diff.high) == (0.0, 0.0, 0.0)
    assert not win.beyond_noise


def test_games_on_different_seeds_are_compared_as_independent_samples():
    a = [result(s, [10.0 + s, 30.0 - s]) for s in range(20)]
    b = [result(s + 100, [20.0 + s, 40.0 - s]) for s in range(20)]
    assert not matched(a, b)
    rows = by_key(measures(a, ["sensible"] * 2, b))
    assert not any(m.paired for m in rows.values())
    assert rows["score.seat1"].diff.high - rows["score.seat1"].diff.low > 5
    assert played_differently(a, b) is None


def test_the_share_of_games_played_differently_counts_moves_not_scores():
    a = [result(s, [10.0, 5.0], moves=f"game{s}") for s in range(10)]
    b = [result(s, [30.0, 25.0], moves=f"game{s}") for s in range(8)]
    b += [result(s, [10.0, 5.0], moves="other") for s in range(8, 10)]
    changed = played_differently(a, b)
    assert changed is not None and (changed.successes, changed.trials) == (2, 10)


def test_a_changed_winner_is_a_game_played_differently():
    a = [result(0, [10.0, 5.0])]
    b = [result(0, [10.0, 5.0], winners=[1])]
    changed = played_differently(a, b)
    assert changed is not None and changed.successes == 1


def test_paired_differences_keep_holms_correction_over_the_table():
    a = [result(s, [10.0 + s % 3, 8.0]) for s in range(30)]
    b = [result(s, [10.0 + s % 3 + (1 if s == 0 else 0), 8.0]) for s in range(30)]
    rows = by_key(measures(a, ["sensible"] * 2, b))
    assert rows["score.seat1"].paired
    assert not rows["score.seat1"].beyond_noise  # one game of thirty moved: noise
    assert all(not math.isnan(m.p) for m in rows.values() if m.kind != "sd")


# ----- the command -----------------------------------------------------------------


def test_a_starting_gold_sweep_moves_every_score_by_exactly_its_step():
    done = simulate("sheriff", "--players", "4", "--sweep", "starting_gold=50,70", "--games", "20", "--json",
                    "--jobs", "1")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    later = data["variants"][1]
    assert later["paired"] is True
    assert later["played_differently"]["changed"] == 0 and later["played_differently"]["share"] == 0
    scores = [m for m in data["measures"] if m["measure"].startswith("score.seat") and m["kind"] == "mean"]
    assert len(scores) == 4
    for m in scores:
        assert m["paired"] and (m["diff"], m["low"], m["high"]) == (20, 20, 20) and m["beyond_noise"]


def test_the_table_says_the_comparison_is_paired_and_how_many_games_changed():
    done = simulate("sheriff", "--players", "3", "--sweep", "starting_gold=50,70", "--games", "6", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    assert "starting_gold=70: paired (the same 6 seeds, differences game by game); 0 games played differently" in done.stdout


# ----- --salt: other games from the same data ------------------------------------------


def test_a_salt_draws_other_games_and_the_same_salt_the_same_ones():
    first = salted_seed(1, 7, 100)
    assert first != 1 and salted_seed(1, 7, 100) == first
    assert salted_seed(1, 8, 100) != first and salted_seed(2, 7, 100) != first
    assert all(0 <= salted_seed(seed, salt, 1000) <= MAX_SEED - 999 for seed in (0, MAX_SEED - 999) for salt in range(50))


def test_one_salt_per_side_makes_the_sides_independent_and_compares_them_unpaired(tmp_path):
    data = tmp_path / "sheriff.json"
    data.write_text(builtin_text(catalog.get("sheriff").asset), encoding="utf-8")
    done = simulate("sheriff", "--players", "3", "--games", "30", "--compare", str(data), str(data),
                    "--salt", "1,2", "--json", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["salt"] == [1, 2] and out["first_seeds"] == [salted_seed(1, 1, 33), salted_seed(1, 2, 33)]
    assert out["paired"] is False and out["played_differently"] is None
    assert not any(m["paired"] for m in out["measures"])
    assert not any(m["beyond_noise"] for m in out["measures"])  # the same data: nothing to find
    assert out["a"]["summary"] != out["b"]["summary"]  # yet other games on each side


def test_one_salt_for_the_run_keeps_the_sides_paired_and_names_the_real_first_seed():
    done = simulate("sheriff", "--players", "3", "--sweep", "starting_gold=50,70", "--games", "5", "--salt", "9",
                    "--json", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["salt"] == 9 and out["seed"] == salted_seed(1, 9, 8)
    assert out["variants"][1]["paired"] is True


@pytest.mark.parametrize("salt", ["1,2,3", "-1", "x"])
def test_a_salt_that_does_not_fit_the_run_is_refused_in_one_line(salt):
    done = simulate("sheriff", "--players", "3", "--games", "5", "--salt", salt)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1, done
    assert "--salt" in done.stderr


@pytest.mark.slow
def test_a_a_checks_with_salts_flag_beyond_noise_within_the_stated_rate():
    """The A/A check of the docs, repeated: the built-in data against itself, each side
    with a salt of its own; Holm's correction keeps false flags near one run in 20."""
    bots, runs, games, flagged = ["random"] * 4, 40, 30, 0
    for k in range(runs):
        a = run("sheriff", 4, games, salted_seed(1, 2 * k, games), bots, {})
        b = run("sheriff", 4, games, salted_seed(1, 2 * k + 1, games), bots, {})
        flagged += any(m.beyond_noise for m in measures(a, bots, b))
    assert wilson(flagged, runs).low <= 0.05, flagged
