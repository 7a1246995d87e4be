"""The records' events: what each game's `note_step` says happened, in its documented
vocabulary, noted only when a run writes records, and written to the `events` table
(docs/designers/records.md) in the order of the game."""

from __future__ import annotations

import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from sherwood_tui import catalog, commands
from sherwood_tui.workbench.engine import GameResult, play_one
from sherwood_tui.workbench.events import EventRow, event_kinds, held_kinds
from sherwood_tui.workbench.records import SCHEMA_VERSION, Variant, write_run

ROOT = Path(__file__).resolve().parents[2]
GAME_IDS = [game.id for game in catalog.GAMES]
EVENTS_COLUMNS = ["game", "seq", "round", "seat", "kind", "subject", "value"]


def noted(game_id: str, seed: int, players: int = 3) -> GameResult:
    return play_one(game_id, players, ["sensible"] * players, {}, seed, events=True)


def rows_of(result: GameResult) -> list[EventRow]:
    assert result.events is not None
    return result.events.rows()


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_event_a_game_notes_is_of_its_vocabulary_and_its_seat_and_round_are_in_range(game_id):
    kinds = event_kinds(game_id)
    seen: Counter[str] = Counter()
    for seed in (1, 2):
        result = noted(game_id, seed)
        assert result.events
        rounds = [row[0] for row in rows_of(result)]
        assert rounds == sorted(rounds) and 1 <= rounds[0] and rounds[-1] <= result.rounds + 1
        for _, seat, kind, subject, value in rows_of(result):
            assert kind in kinds, kind
            assert seat is None or 1 <= seat <= 3
            assert isinstance(subject, str) and (value is None or isinstance(value, float))
            seen[kind] += 1
    assert held_kinds(game_id) and all(seen[kind] for kind in held_kinds(game_id))  # what analyse asks about happens


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_records_page_documents_every_kind_of_every_game(game_id):
    page = (ROOT / "docs" / "designers" / "records.md").read_text(encoding="utf-8")
    title = catalog.get(game_id).title
    section = page.split(f"### {title}", 1)[1].split("\n#", 1)[0]
    assert all(f"| `{kind}` |" in section for kind in event_kinds(game_id)), [
        kind for kind in event_kinds(game_id) if f"| `{kind}` |" not in section]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_run_that_writes_no_records_notes_no_events_and_plays_the_same_game(game_id):
    plain = play_one(game_id, 3, ["sensible"] * 3, {}, 4)
    with_events = noted(game_id, 4)
    assert plain.events is None and with_events.events
    assert (plain.moves, plain.scores, plain.counts) == (with_events.moves, with_events.scores, with_events.counts)


def test_bleeding_sherwood_the_peasants_taken_add_up_to_each_seats_score():
    for seed in (1, 2, 3):
        result = noted("bleeding-sherwood", seed)
        taken = Counter()
        for _, seat, kind, _, value in rows_of(result):
            if kind == "taken":
                taken[seat] += value
        assert [taken[seat] for seat in (1, 2, 3)] == result.scores
        peasants = [subject for _, _, kind, subject, _ in rows_of(result) if kind == "taken"]
        assert len(peasants) == len(set(peasants))  # a Peasant is taken once


def test_sheriff_events_agree_with_its_counts():
    for seed in (1, 2, 3):
        result = noted("sheriff", seed, 4)
        kinds = Counter(kind for _, _, kind, _, _ in rows_of(result))
        inspected = Counter(subject for _, _, kind, subject, _ in rows_of(result) if kind == "inspected")
        counts = result.counts
        assert inspected["lying bag"] == counts.get("lying bags caught", 0)
        assert inspected["honest bag"] == counts.get("honest bags opened", 0)
        assert kinds["bribe accepted"] == counts.get("bribes accepted", 0)
        assert kinds["bribe offered"] == counts.get("bribes offered", 0)
        assert kinds["threatened"] == counts.get("threats", 0)
        assert kinds["declared"] == counts["bags"]
        gold = sum(value for _, _, kind, _, value in rows_of(result) if kind == "bribe accepted")
        assert gold == counts.get("bribe gold accepted", 0)


def test_sherwood_a_companion_is_gained_by_winning_its_mission():
    for seed in (1, 2, 3):
        result = noted("sherwood", seed)
        gained = [(seat, subject) for _, seat, kind, subject, _ in rows_of(result) if kind == "companion gained"]
        assert len(gained) == result.counts.get("missions won: Companion", 0)
        assert len(set(subject for _, subject in gained)) == len(gained)  # each companion joins one band
        won = sum(1 for _, _, kind, _, _ in rows_of(result) if kind == "mission won")
        chosen = sum(1 for _, _, kind, _, _ in rows_of(result) if kind == "reward chosen")
        assert won == len(gained) + chosen  # a mission won gives a companion or a reward to choose


def test_simulate_records_write_each_games_events_in_order(tmp_path):
    path = tmp_path / "runs.sqlite"
    assert commands.run(["simulate", "bleeding-sherwood", "--players", "3", "--games", "3", "--seed", "7",
                         "--jobs", "1", "--records", str(path), "--json"]) == 0
    db = sqlite3.connect(path)
    assert [row[1] for row in db.execute("PRAGMA table_info(events)")] == EVENTS_COLUMNS
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    for seed in (7, 8, 9):
        rows = db.execute("SELECT seq, round, seat, kind, subject, value FROM events JOIN games ON games.id = "
                          "events.game WHERE seed = ? ORDER BY seq", (seed,)).fetchall()
        expected = rows_of(noted("bleeding-sherwood", seed))
        assert rows == [(seq, *row) for seq, row in enumerate(expected, 1)]


def test_a_records_file_written_before_events_gains_the_table_when_a_run_is_added(tmp_path):
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    with old:
        old.executescript("""
            CREATE TABLE runs (id INTEGER PRIMARY KEY, started TEXT NOT NULL, game TEXT NOT NULL,
                               command TEXT NOT NULL, data_fingerprint TEXT NOT NULL);
            CREATE TABLE games (id INTEGER PRIMARY KEY, run INTEGER NOT NULL, variant TEXT NOT NULL,
                                seed INTEGER NOT NULL, players INTEGER NOT NULL, rounds INTEGER NOT NULL,
                                actions INTEGER NOT NULL, ending TEXT NOT NULL);
            CREATE TABLE seats (game INTEGER NOT NULL, seat INTEGER NOT NULL, bot TEXT NOT NULL,
                                score REAL NOT NULL, won REAL NOT NULL, PRIMARY KEY (game, seat));
            CREATE TABLE counts (game INTEGER NOT NULL, name TEXT NOT NULL, value REAL NOT NULL,
                                 PRIMARY KEY (game, name));
            INSERT INTO runs VALUES (1, '2026-01-01T00:00:00+00:00', 'sheriff', 'sherwood-tui simulate sheriff', 'x');
            INSERT INTO games VALUES (1, 1, 'built-in data', 1, 3, 9, 300, 'rounds');
        """)
    old.close()
    result = noted("sheriff", 1)
    write_run(path, "sheriff", "test", "fingerprint", [Variant("built-in data", ["sensible"] * 3, [result])])
    db = sqlite3.connect(path)
    assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 2  # the old run is still there
    assert db.execute("SELECT COUNT(*) FROM events WHERE game = 2").fetchone()[0] == len(rows_of(result))
    assert db.execute("SELECT COUNT(*) FROM events WHERE game = 1").fetchone()[0] == 0


def events_by_seed(path: Path) -> dict[int, int]:
    db = sqlite3.connect(path)
    return dict(db.execute("SELECT seed, COUNT(events.game) FROM games LEFT JOIN events ON events.game = games.id "
                           "GROUP BY games.id").fetchall())


def test_a_tournament_and_a_restricted_run_write_their_games_events(tmp_path):
    tour = tmp_path / "tour.sqlite"
    assert commands.run(["tournament", "sheriff", "--bots", "sensible,random", "--players", "3", "--games", "4",
                         "--jobs", "1", "--records", str(tour), "--json"]) == 0
    restricted = tmp_path / "restricted.sqlite"
    assert commands.run(["simulate", "bleeding-sherwood", "--players", "3", "--games", "3", "--jobs", "1",
                         "--restrict", "one-card", "--json", "--records", str(restricted)]) == 0
    for path in (tour, restricted):
        counts = events_by_seed(path)
        assert counts and all(counts.values()), counts  # every game has its events
