"""Records: every game of a run written to an SQLite file (`simulate --records FILE`),
runs appended to the same file, in a schema kept stable (docs/designers/records.md documents it):

    runs(id, started, game, command, data_fingerprint)
    games(id, run, variant, seed, players, rounds, actions, ending)
    seats(game, seat, bot, score, won)       -- won: the seat's share of the win, 0 to 1
    counts(game, name, value)                -- the game's own counts (stats.py)
    events(game, seq, round, seat, kind, subject, value)  -- what happened, in order (events.py)
    flow(game, lead_changes, decided_round, decided_share, margin, comeback)  -- how it flowed (flow.py)
    tuning(run, evaluation, variant, ...)    -- `tune`'s evaluations (tune.py writes it: `also`)
    people, played, recorded, ratings, lineups  -- players known by name and their games (people.py)

A variant names what its games played on: "built-in data", a data file by its name, a
sweep's value as FIELD=VALUE, a set of options as KEY=yes,...; seats count from 1, as
the tables do. A run is written in one transaction: a run stopped halfway leaves none of
it behind. A file written before a table existed gains it (empty for the old runs) when
a run is appended; `PRAGMA user_version` says which schema wrote the file last
(SCHEMA_VERSION; 0: before it was kept).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from sherwood_tui.workbench.flow import flow_of

if TYPE_CHECKING:
    from sherwood_tui.workbench.engine import GameResult

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY, started TEXT NOT NULL, game TEXT NOT NULL,
    command TEXT NOT NULL, data_fingerprint TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY, run INTEGER NOT NULL REFERENCES runs(id), variant TEXT NOT NULL,
    seed INTEGER NOT NULL, players INTEGER NOT NULL, rounds INTEGER NOT NULL,
    actions INTEGER NOT NULL, ending TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, bot TEXT NOT NULL,
    score REAL NOT NULL, won REAL NOT NULL, PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS counts (
    game INTEGER NOT NULL REFERENCES games(id), name TEXT NOT NULL, value REAL NOT NULL,
    PRIMARY KEY (game, name));
CREATE TABLE IF NOT EXISTS events (
    game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, round INTEGER NOT NULL, seat INTEGER,
    kind TEXT NOT NULL, subject TEXT NOT NULL, value REAL, PRIMARY KEY (game, seq));
CREATE TABLE IF NOT EXISTS flow (
    game INTEGER PRIMARY KEY REFERENCES games(id), lead_changes INTEGER NOT NULL, decided_round INTEGER NOT NULL,
    decided_share REAL NOT NULL, margin REAL NOT NULL, comeback INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS games_of_run ON games(run);
CREATE INDEX IF NOT EXISTS events_by_kind ON events(kind, subject);
"""
SCHEMA_VERSION = 3  # 2: the events table; 3: the flow table


@dataclass(frozen=True)
class Variant:
    """The games of one variant of a run, and the bot of each seat."""

    name: str
    bots: Sequence[str]
    results: Sequence[GameResult]


class RecordsError(Exception):
    """The records file cannot be written (one line: which file and why)."""


def file_problem(path: Path) -> str | None:
    """Why records cannot go to `path` (asked before a run plays), or None."""
    if path.is_dir():
        return f"{path} is a folder"
    if not path.parent.is_dir():
        return f"{path}: there is no folder {path.parent}"
    if path.exists():
        try:
            connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                connection.execute("PRAGMA schema_version").fetchone()
            finally:
                connection.close()
        except sqlite3.Error as err:
            return f"{path}: not a records file ({err})"
    return None


def data_fingerprint(text: str) -> str:
    """A data file's fingerprint in `runs.data_fingerprint`: the first 16 hex digits of
    the SHA-256 of its text."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def write_run(path: Path, game: str, command: str, fingerprint: str, variants: Sequence[Variant],
              started: datetime | None = None, also: Callable[[sqlite3.Connection, int], None] | None = None) -> int:
    """Append one run with all its games to the SQLite file `path` (made if missing);
    its run id. `also(connection, run)` writes more of the run in its transaction.
    RecordsError if the file cannot be written or is not such a file."""
    when = (started or datetime.now(UTC)).isoformat(timespec="seconds")
    try:
        connection = sqlite3.connect(path)
    except sqlite3.Error as err:
        raise RecordsError(f"{path}: cannot open it ({err})") from None
    try:
        with connection:  # one transaction: all of the run, or nothing
            connection.executescript(SCHEMA)
            connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            run = connection.execute("INSERT INTO runs (started, game, command, data_fingerprint) VALUES (?, ?, ?, ?)",
                                     (when, game, command, fingerprint)).lastrowid
            for variant in variants:
                for result in variant.results:
                    _write_game(connection, run, variant, result)
            if also is not None and run is not None:
                also(connection, run)
    except sqlite3.Error as err:
        raise RecordsError(f"{path}: cannot write the records ({err})") from None
    finally:
        connection.close()
    assert run is not None
    return run


def _write_game(connection: sqlite3.Connection, run: int | None, variant: Variant, result: GameResult) -> None:
    players = len(result.scores)
    game = connection.execute(
        "INSERT INTO games (run, variant, seed, players, rounds, actions, ending) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (run, variant.name, result.seed, players, result.rounds, result.actions, result.ending)).lastrowid
    share = 1.0 / len(result.winners) if result.winners else 0.0
    connection.executemany(
        "INSERT INTO seats (game, seat, bot, score, won) VALUES (?, ?, ?, ?, ?)",
        [(game, seat + 1, variant.bots[seat], result.scores[seat], share if seat in result.winners else 0.0)
         for seat in range(players)])
    connection.executemany("INSERT INTO counts (game, name, value) VALUES (?, ?, ?)",
                           [(game, name, value) for name, value in sorted(result.counts.items())])
    connection.executemany("INSERT INTO events (game, seq, round, seat, kind, subject, value) VALUES (?, ?, ?, ?, ?, ?, ?)",
                           [(game, seq, *row) for seq, row in enumerate(result.events.rows() if result.events else (), 1)])
    flowed = flow_of(result)
    connection.execute("INSERT INTO flow (game, lead_changes, decided_round, decided_share, margin, comeback) "
                       "VALUES (?, ?, ?, ?, ?, ?)", (game, flowed.lead_changes, flowed.decided_round,
                                                     flowed.decided_share, flowed.margin, flowed.comeback))
