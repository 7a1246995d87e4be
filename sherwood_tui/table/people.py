"""Players known by name at a table server: what the lobby calls. Each SSH key registers
a display name once; every finished game of a table is recorded for its players; the
lobby shows each player's games, wins and OpenSkill rating per game. The records live
in one SQLite file (the workbench's records schema with people: workbench/people.py).

    people = TablePeople(folder / "people.sqlite")
    people.register(key, "Marian")           # PeopleError: why not, in one line
    people.lookup(key)                       # Person, or None
    people.record(host)                      # once its game is over (once only)
    people.summary_lines(key)                # the lobby's lines for that player
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sherwood_tui.workbench.people import GameRecord, PeopleBook, PeopleError, Person, name_problem

if TYPE_CHECKING:
    from sherwood_tui.table.host import TableHost

__all__ = ["GameRecord", "PeopleError", "Person", "TablePeople", "name_problem", "record_line"]
WHERE = "table"  # runs.command and games.variant of a table's games


class TablePeople:
    """The people of a server, and their records, in the SQLite file `path`."""

    def __init__(self, path: Path) -> None:
        self.book = PeopleBook(path)

    def register(self, key: str, name: str) -> Person:
        """Give `key` its display name, once (PeopleError says why not)."""
        return self.book.register(key, name)

    def lookup(self, key: str) -> Person | None:
        """The person of `key`, if it has registered a name."""
        return self.book.by_key(key)

    def record(self, host: TableHost, mark: str | None = None) -> bool:
        """Record the finished game of `host` for its players (each claimed seat as its
        key's person; a seat whose key has no name, as a local player of the seat's name;
        bots as their level). Once: False when it was recorded already. `mark` names the
        game (default: its save file and seed, the table's and game's own)."""
        people: dict[int, Person] = {}
        for seat, key in host.claims.seat_keys.items():
            person = self.book.by_key(key)
            if person is not None:
                people[seat] = person
        return self.book.record_game(host.session, people, WHERE, mark or f"{WHERE}:{host.save_path.resolve()}:{host.session.seed}")

    def summary(self, key: str) -> list[GameRecord]:
        person = self.book.by_key(key)
        return [] if person is None else self.book.summary(person)

    def summary_lines(self, key: str) -> list[str]:
        """The lobby's lines for `key`'s player: one per game they have finished."""
        return [record_line(record) for record in self.summary(key)]


def record_line(record: GameRecord) -> str:
    """"Sheriff of Nottingham: 3 games, 1 win, rating 4.2" (the rating: OpenSkill's
    ordinal, mu - 3 sigma, which rises as a player proves their skill)."""
    from sherwood_tui import catalog

    try:
        title = catalog.get(record.game).title
    except (ValueError, LookupError):
        title = record.game
    games = f"{record.games} game{'s' * (record.games != 1)}"
    wins = f"{record.wins:g} win{'s' * (record.wins != 1)}"
    return f"{title}: {games}, {wins}, rating {record.ordinal:.1f}"
