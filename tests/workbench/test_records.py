"""`simulate --records FILE.sqlite`: every game of a run in SQLite, runs appended, in the
schema docs/designers/records.md documents (read here with the standard library's sqlite3)."""

from __future__ import annotations

import itertools
import json
import sqlite3

from sherwood_tui import catalog, commands

SCHEMA = {
    "runs": ["id", "started", "game", "command", "data_fingerprint"],
    "games": ["id", "run", "variant", "seed", "players", "rounds", "actions", "ending"],
    "seats": ["game", "seat", "bot", "score", "won"],
    "counts": ["game", "name", "value"],
}


def simulate(*args: str) -> int:
    return commands.run(["simulate", *args])


def columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]


def games_of(db: sqlite3.Connection, run: int) -> list[tuple]:
    """A run's games with their seats and counts, without the rows' ids."""
    out = []
    for game, variant, seed, players, rounds, actions, ending in db.execute(
            "SELECT id, variant, seed, players, rounds, actions, ending FROM games WHERE run = ? ORDER BY id", (run,)):
        seats = db.execute("SELECT seat, bot, score, won FROM seats WHERE game = ? ORDER BY seat", (game,)).fetchall()
        counts = db.execute("SELECT name, value FROM counts WHERE game = ? ORDER BY name", (game,)).fetchall()
        out.append((variant, seed, players, rounds, actions, ending, tuple(seats), tuple(counts)))
    return out


def test_records_hold_every_game_in_the_documented_schema_and_match_the_table(tmp_path, capsys):
    path = tmp_path / "runs.sqlite"
    assert simulate("sheriff", "--players", "3", "--games", "6", "--seed", "5", "--jobs", "1",
                    "--records", str(path), "--json") == 0
    table = json.loads(capsys.readouterr().out)
    db = sqlite3.connect(path)
    assert {table: columns(db, table) for table in SCHEMA} == SCHEMA
    [(run, game, command, fingerprint)] = db.execute("SELECT id, game, command, data_fingerprint FROM runs").fetchall()
    assert game == "sheriff" and command.startswith("sherwood-tui simulate sheriff --players 3")
    assert len(fingerprint) == 16
    rows = games_of(db, run)
    assert [row[1] for row in rows] == [5, 6, 7, 8, 9, 10] and {row[0] for row in rows} == {"built-in data"}
    # each seat's wins and mean score are the table's
    for seat in table["seats"]:
        wins, score = db.execute("SELECT SUM(won), AVG(score) FROM seats WHERE seat = ?", (seat["seat"],)).fetchone()
        assert wins == seat["wins"] and round(score, 2) == seat["score"]["mean"]
    assert all(sum(won for _, _, _, won in row[6]) == 1.0 for row in rows)  # a win is shared out whole
    assert all(row[7] for row in rows)  # the game's own counts
    actions = db.execute("SELECT AVG(actions) FROM games").fetchone()[0]
    assert abs(actions - table["length"]["actions"]["mean"]) < 0.01
    counted = dict(db.execute("SELECT name, SUM(value) / 6.0 FROM counts GROUP BY name").fetchall())
    assert all(abs(counted.get(name, 0.0) - mean) < 0.01 for name, mean in table["counts_per_game"].items())


def test_runs_are_appended_and_the_same_whatever_jobs(tmp_path, capsys):
    path = tmp_path / "runs.sqlite"
    for jobs in ("1", "2"):
        assert simulate("bleeding-sherwood", "--players", "3", "--games", "8", "--seed", "2", "--bots",
                        "sensible,random,expert:2", "--jobs", jobs, "--records", str(path), "--json") == 0
    capsys.readouterr()
    db = sqlite3.connect(path)
    runs = [row[0] for row in db.execute("SELECT id FROM runs ORDER BY id")]
    assert len(runs) == 2
    first, second = (games_of(db, run) for run in runs)
    assert first == second and len(first) == 8
    assert [bot for _, bot, _, _ in first[0][6]] == ["sensible", "random", "expert:2"]


def test_variants_name_options_and_compared_files(tmp_path, capsys):
    path = tmp_path / "runs.sqlite"
    assert simulate("sheriff", "--players", "3", "--games", "2", "--option", "all", "--records", str(path), "--json") == 0
    mine = tmp_path / "mine.json"
    assert commands.run(["assets", "sheriff", "--export", str(mine)]) == 0
    assert simulate("sheriff", "--players", "3", "--games", "2", "--compare", str(mine), "--records", str(path),
                    "--json") == 0
    capsys.readouterr()
    db = sqlite3.connect(path)
    variants = db.execute("SELECT run, variant, COUNT(*) FROM games GROUP BY run, variant ORDER BY run, variant").fetchall()
    keys = [o.key for o in catalog.get("sheriff").options]  # whichever options the game has
    swept = sorted(",".join(f"{k}={'yes' if v else 'no'}" for k, v in zip(keys, on))
                   for on in itertools.product((False, True), repeat=len(keys)))
    assert variants == [*((1, name, 2) for name in swept), (2, "built-in data", 2), (2, "mine.json", 2)]


def test_a_file_that_is_not_records_gets_one_line_and_is_left_alone(tmp_path, capsys):
    path = tmp_path / "notes.sqlite"
    path.write_text("my notes, not a database\n" * 100)
    assert simulate("sheriff", "--players", "3", "--games", "2", "--records", str(path)) == 2
    assert simulate("sheriff", "--players", "3", "--games", "2", "--records", str(tmp_path / "no" / "r.sqlite")) == 2
    assert simulate("sheriff", "--players", "3", "--games", "2", "--records", str(tmp_path)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(line.startswith("sherwood-tui simulate: --records: ") for line in err)
    assert path.read_text() == "my notes, not a database\n" * 100
