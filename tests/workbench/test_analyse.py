"""`sherwood-tui analyse RECORDS`: the win rate and score of each card's, companion's or
mission's takers with their intervals, as a direct SQL recount of the records gives
them, and variants on the same seeds paired game by game."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from sherwood_tui import commands
from sherwood_tui.workbench.stats import mean_interval, wilson

TAKERS = """SELECT events.game, events.seat, won, score FROM events
            JOIN seats ON seats.game = events.game AND seats.seat = events.seat
            JOIN games ON games.id = events.game
            WHERE games.run = ? AND kind = ? AND subject = ? GROUP BY events.game, events.seat"""


def simulate(path: Path, *args: str) -> None:
    assert commands.run(["simulate", *args, "--jobs", "1", "--records", str(path), "--json"]) == 0


def analyse_json(capsys, *args: str) -> dict:
    capsys.readouterr()
    assert commands.run(["analyse", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def close(figure: dict, value: float, low: float, high: float) -> bool:
    return all(abs(a - b) < 1e-5 for a, b in zip((figure["value"], figure["low"], figure["high"]), (value, low, high)))


def recount(db: sqlite3.Connection, run: int, kind: str, subject: str) -> dict:
    """A subject's figures straight from the records."""
    games = db.execute("SELECT COUNT(*) FROM games WHERE run = ?", (run,)).fetchone()[0]
    times, with_it = db.execute(
        "SELECT COUNT(*), COUNT(DISTINCT events.game) FROM events JOIN games ON games.id = events.game "
        "WHERE games.run = ? AND kind = ? AND subject = ?", (run, kind, subject)).fetchone()
    takers = db.execute(TAKERS, (run, kind, subject)).fetchall()
    return {"times": times, "share": wilson(with_it, games), "takers": len(takers),
            "win": wilson(sum(row[2] for row in takers), len(takers)),
            "score": mean_interval([row[3] for row in takers]).mean,
            "win_rate": sum(row[2] for row in takers) / len(takers)}


def check_against_sql(db: sqlite3.Connection, run: int, row: dict) -> None:
    expected = recount(db, run, row["kind"], row["subject"])
    assert row["times"] == expected["times"] and row["takers"] == expected["takers"]
    assert close(row["share_of_games"], *(expected["share"].value, expected["share"].low, expected["share"].high))
    assert close(row["taker_win_rate"], expected["win"].value, expected["win"].low, expected["win"].high)
    assert abs(row["taker_win_rate"]["value"] - expected["win_rate"]) < 1e-6  # AVG(won) of the takers (JSON: 6 decimals)
    score = expected["score"]
    assert abs(row["taker_mean_score"]["value"] - score.value) < 1e-5
    if row["takers"] > 1:
        assert close(row["taker_mean_score"], score.value, score.low, score.high)


def test_analyse_gives_the_win_rate_of_the_player_who_took_each_bleeding_sherwood_peasant(tmp_path, capsys):
    path = tmp_path / "bleeding.sqlite"
    simulate(path, "bleeding-sherwood", "--players", "4", "--games", "30", "--seed", "3")
    found = analyse_json(capsys, str(path))
    db = sqlite3.connect(path)
    assert found["game"] == "bleeding-sherwood" and found["run"] == 1 and found["kinds"] == ["taken"]
    [variant] = found["variants"]
    assert variant["games"] == 30 and variant["fair_share"] == 0.25 and found["paired"] == []
    peasants = {name for (name,) in db.execute("SELECT DISTINCT subject FROM events WHERE kind = 'taken'")}
    assert {row["subject"] for row in variant["subjects"]} == peasants and len(peasants) > 20
    for row in variant["subjects"]:
        check_against_sql(db, 1, row)
    rates = [row["taker_win_rate"]["value"] for row in variant["subjects"]]
    assert rates == sorted(rates, reverse=True)  # the best takers first


def test_analyse_gives_the_wins_of_samirs_holder_in_sherwood(tmp_path, capsys):
    path = tmp_path / "sherwood.sqlite"
    simulate(path, "sheriff", "--players", "3", "--games", "2")  # another game's run first: --game finds the run
    simulate(path, "sherwood", "--players", "3", "--games", "30", "--seed", "2")
    simulate(path, "sheriff", "--players", "3", "--games", "2")
    found = analyse_json(capsys, str(path), "--game", "sherwood", "--kind", "companion gained")
    assert found["run"] == 2 and found["kinds"] == ["companion gained"]
    [samir] = [row for row in found["variants"][0]["subjects"] if row["subject"] == "Samir the Saracen"]
    assert samir["takers"] >= 3
    check_against_sql(sqlite3.connect(path), 2, samir)
    assert found == analyse_json(capsys, str(path), "--run", "2", "--kind", "companion gained")


def test_variants_on_the_same_seeds_are_paired_game_by_game(tmp_path, capsys):
    """With 50 and 70 starting Gold, sensible Sheriff bots play every game alike: every
    event happens as often, and each taker's score moves by exactly 20."""
    path = tmp_path / "gold.sqlite"
    simulate(path, "sheriff", "--players", "4", "--games", "12", "--sweep", "starting_gold=50,70")
    found = analyse_json(capsys, str(path), "--kind", "smuggled", "--kind", "declared")
    assert [v["name"] for v in found["variants"]] == ["starting_gold=50", "starting_gold=70"]
    paired = found["paired"]
    assert paired and {p["variant"] for p in paired} == {"starting_gold=70"}
    for p in paired:
        assert p["seeds"] == 12 and p["times_per_game_difference"] == {"value": 0.0, "low": 0.0, "high": 0.0}
        if p["seeds_taken_in_both"] >= 2:
            assert close(p["taker_score_difference"], 20, 20, 20) and "score" in p["beyond_noise"]
            assert p["taker_win_rate_difference"] == {"value": 0.0, "low": 0.0, "high": 0.0}
            assert "times" not in p["beyond_noise"]
    capsys.readouterr()
    assert commands.run(["analyse", str(path), "--kind", "declared"]) == 0
    table = capsys.readouterr().out
    assert "starting_gold=70 minus starting_gold=50, game by game (12 seeds played by both" in table
    assert "+20.0 [20.0, 20.0] *" in table


def test_a_bad_records_file_or_run_is_one_line_and_status_2(tmp_path, capsys):
    path = tmp_path / "runs.sqlite"
    simulate(path, "sheriff", "--players", "3", "--games", "2")
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(old) as db:
        db.executescript("CREATE TABLE runs (id INTEGER PRIMARY KEY); CREATE TABLE games (id INTEGER PRIMARY KEY);"
                         "CREATE TABLE seats (game INTEGER);")
    (tmp_path / "notes.txt").write_text("not a database, and long enough to say so " * 40)
    cases = [
        ([str(tmp_path / "missing.sqlite")], "there is no such file"),
        ([str(tmp_path / "notes.txt")], "not a records file"),
        ([str(old)], "hold no events"),
        ([str(path), "--run", "9"], "there is no run 9 (runs 1 to 1)"),
        ([str(path), "--run", "1", "--game", "sherwood"], "run 1 played sheriff, not sherwood"),
        ([str(path), "--game", "sherwood"], "holds no run of sherwood"),
        ([str(path), "--kind", "taken"], "--kind: sheriff has no event kind 'taken' (kinds: declared, threatened,"),
    ]
    for args, why in cases:
        capsys.readouterr()
        assert commands.run(["analyse", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("sherwood-tui analyse: ") and why in err and err.count("\n") == 1, err


@pytest.mark.parametrize("kind", ["mission failed"])
def test_a_kind_without_a_seat_is_counted_without_takers(tmp_path, capsys, kind):
    path = tmp_path / "sherwood.sqlite"
    simulate(path, "sherwood", "--players", "3", "--games", "4")
    rows = analyse_json(capsys, str(path), "--kind", kind)["variants"][0]["subjects"]
    assert rows and all(row["times"] > 0 and row["takers"] == 0 and row["taker_win_rate"]["value"] is None
                        for row in rows)


def test_a_large_run_says_on_stderr_that_it_is_being_read(tmp_path, capsys, monkeypatch):
    from sherwood_tui.workbench import analyse

    path = tmp_path / "runs.sqlite"
    simulate(path, "bleeding-sherwood", "--players", "3", "--games", "3")
    monkeypatch.setattr(analyse, "SLOW_GAMES", 2)
    capsys.readouterr()
    assert commands.run(["analyse", str(path), "--json"]) == 0
    done = capsys.readouterr()
    assert done.err == "sherwood-tui analyse: reading the events of 3 games of run 1\n"
    assert json.loads(done.out)["run"] == 1  # stdout holds only the figures
