"""The bench's baseline and its measuring helpers (behaviour only: nothing here is timed)."""

from __future__ import annotations

import subprocess

import pytest

from sherwood_tui import bench, catalog


def history_problem() -> str | None:
    """Why this checkout cannot hold the baseline (no git, no .git, a shallow clone), or None."""
    try:
        inside = bench.git("rev-parse", "--is-inside-work-tree")
    except FileNotFoundError:
        return "git is not installed"
    if inside.returncode:
        return "not a git checkout"
    if bench.git("rev-parse", "--is-shallow-repository").stdout.strip() == b"true":
        return "a shallow clone"
    return None


def test_the_baseline_commit_is_in_the_history() -> None:
    problem = history_problem()
    if problem:
        pytest.skip(problem)
    assert len(bench.BASELINE_COMMIT) == 40
    assert bench.baseline_problem() is None
    assert bench.git("merge-base", "--is-ancestor", bench.BASELINE_COMMIT, "HEAD").returncode == 0


def test_a_missing_commit_is_named_with_how_to_fetch_it() -> None:
    if history_problem():
        pytest.skip(history_problem())
    problem = bench.baseline_problem("0" * 40)
    assert problem is not None and "0" * 40 in problem and "git fetch --unshallow" in problem
    with pytest.raises(bench.BaselineMissing), bench.baseline_tree("0" * 40):
        pass


def test_the_rules_loop_and_the_simulate_command_measure_this_code() -> None:
    per_second, actions = bench.games_per_second("bleeding-sherwood", 2, seconds=0.05, windows=1)
    assert per_second > 0 and actions > per_second
    assert bench.simulate_cpu("bleeding-sherwood", 2, "sensible", games=1) > 0


def test_a_failed_simulate_run_raises() -> None:
    with pytest.raises(subprocess.CalledProcessError, match="simulate"):
        bench.simulate_cpu("no-such-game", 2, games=1)


def test_the_search_rows_measure_the_expert_from_mid_game_positions(monkeypatch) -> None:
    """`bench --search`: playouts per second and the median and 95th-percentile decision
    (measured, not judged: nothing here is timed against a goal)."""
    real = bench.search_speed
    monkeypatch.setattr(bench, "search_speed",
                        lambda game_id, playouts=0, tree=None: real(game_id, positions=2, playouts=playouts, tree=tree))
    budget = catalog.get("bleeding-sherwood").default_playouts
    rows = bench.search_rows(("bleeding-sherwood",), baseline=None)  # (beside 8d1879c: `make bench`)
    assert [row[0].split(": ")[1] for row in rows] == [
        "expert playouts per CPU second (one core, mid-game)",
        f"expert decision at the default budget, {budget} playouts, median"]
    assert float(rows[0][1]) > 0 and rows[1][1].endswith(" s") and rows[1][2] == "<= 1 s"
    assert rows[1][3].startswith("95th percentile ")
    other = bench.search_rows(("bleeding-sherwood",), playouts=7, baseline=None)  # `--playouts 7`: not the goal's row
    assert other[1][0].endswith("expert decision at 7 playouts, median") and other[1][2] == "-"
