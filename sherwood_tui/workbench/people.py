"""Players known by name, and their record: the workbench's records file (records.py)
extended with people, for a table server's players (each an SSH key) and the hot-seat
app's named local players alike.

    people(id, key, name, folded, since)    -- key: "SHA256:..." (an SSH key), "local:NAME"
                                            -- (a hot-seat player), "bot:LEVEL" (a bot)
    played(game, seat, person)              -- who sat at each seat of a recorded game
    recorded(mark, game)                    -- a finished game recorded once (its save, its table)
    ratings(person, game, mu, sigma, games, wins)  -- per player and game (OpenSkill)
    lineups(game, players, options)         -- the hot-seat app's last line-up of each game

A finished game is a run of its own (runs.command: "table" or "hot-seat"; games.variant
the same; seats.bot: "human" or the bot's level), so every workbench query reads it. A
key registers a display name once (`register`); names are unique, whatever their case.
Ratings are OpenSkill's Plackett-Luce, as the tournament's (tournament.py): bots are
rated too (as people "bot:LEVEL"), so a player who only meets bots is rated against them.
Each change is one transaction: a game is recorded whole, or not at all."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sherwood_tui.core.contract import NAME_LIMIT, Player
from sherwood_tui.core.wording import printable
from sherwood_tui.workbench.records import RecordsError, Variant, data_fingerprint, write_run
from sherwood_tui.workbench.stats import SkillOrdinal

PEOPLE_SCHEMA = """
CREATE TABLE IF NOT EXISTS people (
    id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, folded TEXT NOT NULL UNIQUE,
    since TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS played (
    game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL, person INTEGER NOT NULL REFERENCES people(id),
    PRIMARY KEY (game, seat));
CREATE TABLE IF NOT EXISTS recorded (mark TEXT PRIMARY KEY, game INTEGER NOT NULL REFERENCES games(id));
CREATE TABLE IF NOT EXISTS ratings (
    person INTEGER NOT NULL REFERENCES people(id), game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
    games INTEGER NOT NULL, wins REAL NOT NULL, PRIMARY KEY (person, game));
CREATE TABLE IF NOT EXISTS lineups (game TEXT PRIMARY KEY, players TEXT NOT NULL, options TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS played_by ON played(person);
"""
LOCAL, BOT = "local:", "bot:"
HUMAN = "human"  # seats.bot of a person's seat


class PeopleError(Exception):
    """A name that cannot be registered, or a records file that cannot be used (one
    line a player understands)."""


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a display name (the one limit: at most NAME_LIMIT characters,
    printable, with a letter or a digit), or None."""
    shown = printable(name).strip()
    if shown != name.strip():
        return "A name has only printable characters."
    if len(shown) > NAME_LIMIT:
        return f"A name has at most {NAME_LIMIT} characters, not {len(shown)}."
    if not any(character.isalnum() for character in shown):
        return "A name needs a letter or a digit."
    return None


@dataclass(frozen=True)
class Person:
    id: int
    key: str
    name: str


@dataclass(frozen=True)
class GameRecord(SkillOrdinal):
    """A player's record at one game: games finished, wins (a shared win counts its
    share), and their OpenSkill rating (mu, sigma; `ordinal`, mu - 3 sigma, ranks)."""

    game: str
    games: int
    wins: float
    mu: float
    sigma: float


class PeopleBook:
    """The people and records of one SQLite file (made on first use)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """One transaction on the file (and its folder, made if missing), its tables made first."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            connection = sqlite3.connect(self.path, timeout=10)
        except OSError as err:
            raise PeopleError(f"{self.path}: cannot make its folder ({err.strerror or err})") from None
        except sqlite3.Error as err:
            raise PeopleError(f"{self.path}: cannot open the records ({err})") from None
        try:
            with connection:
                connection.executescript(PEOPLE_SCHEMA)
                yield connection
        except sqlite3.Error as err:
            raise PeopleError(f"{self.path}: cannot use the records ({err})") from None
        finally:
            connection.close()

    # ----- who is who ------------------------------------------------------------------
    def register(self, key: str, name: str) -> Person:
        """Give `key` (an SSH key's fingerprint) the display name `name`, once: a key
        that has one keeps it. PeopleError says why not (the name's problem, a name
        another key has, a key already named)."""
        problem = name_problem(name)
        if problem:
            raise PeopleError(problem)
        if key.startswith((LOCAL, BOT)) or not key:
            raise PeopleError("Only an SSH key registers a name.")
        name = name.strip()
        with self._connection() as connection:
            known = _person(connection, "key", key)
            if known is not None:
                raise PeopleError(f"This key is already known as {known.name}: a name is given once.")
            if _person(connection, "folded", name.casefold()) is not None:
                raise PeopleError(f"The name {name} is taken: choose another.")
            return _add(connection, key, name)

    def by_key(self, key: str) -> Person | None:
        """The person of `key`, if it has registered."""
        with self._connection() as connection:
            return _person(connection, "key", key)

    def local(self, name: str) -> Person:
        """The hot-seat app's local player called `name` (made on first use; a name
        one of the server's people holds is another person: local names live apart)."""
        with self._connection() as connection:
            return _local(connection, name)

    # ----- finished games --------------------------------------------------------------
    def record_game(self, session: Any, people: Mapping[int, Person], where: str, mark: str) -> bool:
        """Record the finished game of `session` once (`mark` names it: its save, or its
        table and game), each seat of `people` as that person, every other human seat as
        a local player of its name and each bot seat as its level; every seat's rating at
        this game is updated. False if it was recorded already."""
        from sherwood_tui.workbench.engine import GameResult

        game, state = session.game, session.state
        if not game.is_over(state):
            raise PeopleError("Only a finished game is recorded.")
        players: list[Player] = list(session.players)
        result = GameResult(
            seed=session.seed, winners=list(game.winners(state)), scores=[line.total for line in game.scores(state)],
            actions=len(session.actions), rounds=sum(1 for event in session.log if event.kind == "round_end"),
            ending=game.ending(state),
        )
        with self._connection() as connection:  # (the people's tables made: `also` runs in write_run's transaction)
            if connection.execute("SELECT 1 FROM recorded WHERE mark = ?", (mark,)).fetchone():
                return False
        bots = [player.bot or HUMAN for player in players]
        done = False

        def also(connection: sqlite3.Connection, run: int) -> None:
            nonlocal done
            if connection.execute("SELECT 1 FROM recorded WHERE mark = ?", (mark,)).fetchone():
                raise _AlreadyRecorded
            game_row = connection.execute("SELECT id FROM games WHERE run = ?", (run,)).fetchone()[0]
            seated = [people.get(seat) or (_bot(connection, player.bot) if player.bot else _local(connection, player.name))
                      for seat, player in enumerate(players)]
            connection.executemany("INSERT INTO played (game, seat, person) VALUES (?, ?, ?)",
                                   [(game_row, seat + 1, person.id) for seat, person in enumerate(seated)])
            connection.execute("INSERT INTO recorded (mark, game) VALUES (?, ?)", (mark, game_row))
            _rate(connection, game.id, seated, result)
            done = True

        try:
            write_run(self.path, game.id, where, data_fingerprint(json.dumps(session.options, sort_keys=True)),
                      [Variant(where, bots, [result])], also=also)
        except _AlreadyRecorded:
            return False
        except RecordsError as err:
            raise PeopleError(str(err)) from None
        return done

    def summary(self, person: Person) -> list[GameRecord]:
        """`person`'s record at each game they have finished, by game."""
        with self._connection() as connection:
            rows = connection.execute("SELECT game, games, wins, mu, sigma FROM ratings WHERE person = ? ORDER BY game",
                                      (person.id,)).fetchall()
        return [GameRecord(game, games, wins, mu, sigma) for game, games, wins, mu, sigma in rows]

    # ----- the hot-seat app's last line-up ---------------------------------------------
    def remember_lineup(self, game_id: str, players: Sequence[Player], options: Mapping[str, bool]) -> None:
        """Keep the line-up a game was last started with at this screen."""
        seats = [{"name": player.name, "bot": player.bot} for player in players]
        with self._connection() as connection:
            connection.execute("INSERT OR REPLACE INTO lineups (game, players, options) VALUES (?, ?, ?)",
                               (game_id, json.dumps(seats), json.dumps(dict(options))))

    def last_lineup(self, game_id: str) -> tuple[list[Player], dict[str, bool]] | None:
        """The line-up `game_id` was last started with (None: never, or unreadable)."""
        with self._connection() as connection:
            row = connection.execute("SELECT players, options FROM lineups WHERE game = ?", (game_id,)).fetchone()
        if row is None:
            return None
        try:
            players = [Player(name=seat["name"], bot=seat["bot"]) for seat in json.loads(row[0])]
            options = {str(key): bool(value) for key, value in json.loads(row[1]).items()}
        except (ValueError, TypeError, KeyError, AttributeError):
            return None
        return players, options


class _AlreadyRecorded(Exception):
    """Another process recorded the same game meanwhile: nothing is written."""


def _person(connection: sqlite3.Connection, column: str, value: str) -> Person | None:
    row = connection.execute(f"SELECT id, key, name FROM people WHERE {column} = ?", (value,)).fetchone()
    return None if row is None else Person(*row)


def _add(connection: sqlite3.Connection, key: str, name: str) -> Person:
    since = datetime.now(UTC).isoformat(timespec="seconds")
    folded = name.casefold() if not key.startswith((LOCAL, BOT)) else "\0" + key  # never a typed name
    person_id = connection.execute("INSERT INTO people (key, name, folded, since) VALUES (?, ?, ?, ?)",
                                   (key, name, folded, since)).lastrowid
    assert person_id is not None
    return Person(person_id, key, name)


def _local(connection: sqlite3.Connection, name: str) -> Person:
    key = LOCAL + name.strip().casefold()
    return _person(connection, "key", key) or _add(connection, key, name.strip())


def _bot(connection: sqlite3.Connection, level: str) -> Person:
    key = BOT + level
    return _person(connection, "key", key) or _add(connection, key, f"{level} bot")


def _rate(connection: sqlite3.Connection, game_id: str, seated: Sequence[Person], result: Any) -> None:
    """Update each seat's rating at `game_id` with this game (a person at two seats:
    the mean of the two updates, the game counted once)."""
    import statistics

    from openskill.models import PlackettLuce

    from sherwood_tui.workbench.tournament import places

    model = PlackettLuce()
    known: dict[int, tuple[float, float, int, float]] = {}
    for person in seated:
        row = connection.execute("SELECT mu, sigma, games, wins FROM ratings WHERE person = ? AND game = ?",
                                 (person.id, game_id)).fetchone()
        default = model.rating()
        known[person.id] = tuple(row) if row else (default.mu, default.sigma, 0, 0.0)
    entrants = [[model.rating(mu=known[person.id][0], sigma=known[person.id][1])] for person in seated]
    rated = model.rate(entrants, ranks=[float(place) for place in places(result)])
    share = 1.0 / len(result.winners) if result.winners else 0.0
    updates: dict[int, list[Any]] = {}
    wins: dict[int, float] = {}
    for seat, person in enumerate(seated):
        updates.setdefault(person.id, []).append(rated[seat][0])
        wins[person.id] = wins.get(person.id, 0.0) + (share if seat in result.winners else 0.0)
    for person_id, ratings in updates.items():
        _, _, games, won = known[person_id]
        connection.execute(
            "INSERT OR REPLACE INTO ratings (person, game, mu, sigma, games, wins) VALUES (?, ?, ?, ?, ?, ?)",
            (person_id, game_id, statistics.fmean(r.mu for r in ratings), statistics.fmean(r.sigma for r in ratings),
             games + 1, won + wins[person_id]))
