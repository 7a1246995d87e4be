"""`sherwood-tui serve`: one long-running server of many tables, with a lobby.

A player connects over SSH with their key (any login name) and sees the lobby, a process
of its own (`sherwood-tui lobby`, table/lobby.py) that talks to this server over a Unix
socket (messages below). From the lobby they create a table (game, seats, bots and their
levels, options, private with a code or open), join one that waits for players, watch a
game in progress, go back to one of their own, or open a finished one (its final scores,
its log, a rematch) or replay it step by step as their seat saw it. A table waits in the lobby until every player's seat is taken; it
then starts as a `TableHost` of its own (table/host.py: its game, its save, its socket,
its bots, its talk), and the lobby processes of its players become their seat processes
(the same process on the same terminal: `seat_app.become`). A seat that leaves goes back
to the lobby; at a rematch, every terminal at the table goes on at the new one.

Everything is kept in the server's folder: `server.json` (its code, the tables and who
sits where, the keys it knows and their bells) written atomically on every change; each
table's save and side file (claims, talk) under `tables/`, written by its host after
every move; and the players' names and records in `people.sqlite` (table/people.py). A
server killed at any moment opens again with every table as it was.

Who may come in: a key the server knows, or a key that types the server's code once, at
the SSH door's join-code prompt (the door's rules for strangers, table/door.py, apply as
at a table); with `open_door`, any key, of which at most `DoorLimits.strangers` the
server does not know yet at once. A known key may also come in by its own browser link
(`web_token`, kept in `server.json`), when the server has a browser door
(table/web.py `start_serve_web`): its lobby there gives each table's own page.

Tables are made programmatically (a load test, say) with `TableServer.create_table(key,
game_id, seats, options, private)` then `join_table(key, table_id, code)` for each other
player; `table_ticket(key, table_id)` gives the socket and one-time ticket of a seat
process (`sherwood-tui seat --socket S --ticket T`), or a protocol client, for that key.

Lobby to server (one JSON object a line; at most LOBBY_BURST at once, then LOBBY_RATE a
second):
- `{"type": "hello", "ticket": T}` first (T: issued by the door for this key, or a
  seat's pass back to the lobby);
- `{"type": "name", "name": N}`: the key's display name (once);
- `{"type": "create", "game": G, "seats": [null, "sensible", ...], "options": {...},
  "private": P}`: a new table, its first seat the creator's (null: a player's seat,
  a level: a bot's);
- `{"type": "join", "table": ID, "code": C}`, `{"type": "watch", "table": ID, "code": C}`,
  `{"type": "open", "table": ID}` (one's own game, or a finished one), `{"type": "leave",
  "table": ID}` (a seat at a table still waiting), `{"type": "replay", "table": ID, "code":
  C}` (a finished game step by step, as the key's seat saw it), then `{"type":
  "replay_step", "table": ID, "step": N}` for each step the player goes to;
- `{"type": "bell", "on": B}`: the your-turn bell and title, on or off.
Server to lobby: `welcome` (name, bell, key, whether named, record lines), `tables` (the
listing, per key, when it changes), `created` (the table and its code), `refused` (why
not), `closed` (the server closes), `replay` and `replay_step` (one step of a finished
game as the key's seat saw it, or the public table for none: the server keeps the save
and makes each step, table/seat_replay.py, so the lobby holds only the step it shows),
and `go` (the seat's socket and ticket, and a pass back to the lobby): the lobby becomes
that seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sherwood_tui.core.errors import RuleError, SaveError
from sherwood_tui.core.levels import level_problem
from sherwood_tui.core.wording import listing, printable
from sherwood_tui.table.door import Budget, DoorLimits, Penalties, for_a_while
from sherwood_tui.table.host import (
    HELLO_WAIT,
    TICKET_LIFE,
    WATCH,
    Connection,
    TableHost,
    new_join_code,
    same_code,
)
from sherwood_tui.table.people import PeopleError, TablePeople
from sherwood_tui.table.protocol import SEAT_LINE_LIMIT, TableRefusal, read_message, send, serve_connection

SERVER_FILE = "server.json"
MAX_SERVER_FILE = 4 * 2**20
PASS_LIFE = 24 * 3600.0  # seconds a seat's pass back to the lobby stays good
PASSES_PER_KEY = 6  # a key's passes kept at once (the oldest go first)
MAX_PEOPLE = 10_000  # names kept (a key that gives one is known from then on)
WAITING_PER_KEY = 3  # tables a key may have waiting for players at once
MAX_TABLES = 200  # tables waiting or playing at once, in all
LISTED = 60  # rows of each part of the lobby's listing
FINISHED_LISTED = 10  # of a key's finished games
WATCHERS_KEPT = 50  # keys that watched a table, kept so that its end and replay are listed for them
FINISHED_KEPT = 500  # finished tables the server's file lists (their saves stay in tables/)
RETIRE_AFTER = TICKET_LIFE  # seconds a finished table's host stays open once nobody is at it
LISTING_EVERY = 0.25  # seconds between two listings sent to the lobbies (changes meanwhile: one listing)
LOBBY_BACKLOG = 32  # messages waiting for a lobby that does not read them: then it is closed
LOBBY_BURST = 20  # requests a lobby may make at once ...
LOBBY_RATE = 2.0  # ... then this many a second (more are refused, unread)
REPLAY_BURST = 60  # steps of a replay a lobby may ask for at once (each made here) ...
REPLAY_RATE = 20.0  # ... then this many a second
CODE_TRIES_BEFORE_PENALTY = 5  # wrong table codes of a key before it waits
NOT_KNOWN = "This key has not been to this server yet: connect again and type the server's code."
SERVER_CLOSING = "The server is closing. Your games wait: connect again when it is back."
GUEST = "guest-"


def step_json(at: Any) -> dict[str, Any]:
    """A replay's step as the lobby is sent it (table/seat_replay.py, loaded when a replay opens)."""
    from sherwood_tui.table.seat_replay import step_to_json

    return step_to_json(at)


def guest_name(key: str) -> str:
    """The name of a key that has given none: "guest-" and a piece of its fingerprint."""
    return GUEST + re.sub(r"[^A-Za-z0-9]", "", key.removeprefix("SHA256:"))[:6].lower()


def guest_problem(name: str) -> str | None:
    """Why `name` cannot be a display name here besides the registry's one limit
    (`table/people.py`): a guest's name is the server's own, or None."""
    if name.strip().casefold().startswith(GUEST):
        return f"Names beginning with {GUEST!r} are the server's own."
    return None


@dataclass
class Place:
    """One seat of a served table: a bot's (its level) or a player's (their key, once
    taken, and the name they had then)."""

    bot: str | None = None
    key: str | None = None
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"bot": self.bot, "key": self.key, "name": self.name}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Place:
        bot, key = data.get("bot"), data.get("key")
        return cls(None if bot is None else str(bot), None if key is None else str(key), str(data.get("name", "")))


@dataclass(eq=False)
class ServedTable:
    """A table of the server: waiting for players, playing, or finished."""

    id: str
    game_id: str
    places: list[Place]
    options: dict[str, bool]
    code: str | None  # a private table's code (None: open to every known player)
    creator: str
    save: str | None = None  # its save's file name under tables/, once started
    finished: bool = False
    rematch: str | None = None  # the table of its rematch, once asked for
    watchers: list[str] = field(default_factory=list)  # keys that watched it (the first WATCHERS_KEPT)
    problem: str = ""  # why it could not be opened again
    host: TableHost | None = field(default=None, repr=False)
    retiring: bool = False  # a finished table's host closes soon (nobody is at it)

    @property
    def started(self) -> bool:
        return self.save is not None

    def seat_of(self, key: str) -> int | None:
        return next((seat for seat, place in enumerate(self.places) if place.key == key), None)

    def free_seats(self) -> int:
        return sum(1 for place in self.places if place.bot is None and place.key is None)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game_id, "places": [place.to_json() for place in self.places],
                "options": self.options, "code": self.code, "creator": self.creator, "save": self.save,
                "finished": self.finished, "rematch": self.rematch, "watchers": self.watchers}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ServedTable:
        return cls(id=str(data["id"]), game_id=str(data["game"]),
                   places=[Place.from_json(place) for place in data["places"]],
                   options={str(key): bool(value) for key, value in dict(data.get("options", {})).items()},
                   code=None if data.get("code") is None else str(data["code"]), creator=str(data["creator"]),
                   save=None if data.get("save") is None else str(data["save"]), finished=bool(data.get("finished")),
                   rematch=None if data.get("rematch") is None else str(data["rematch"]),
                   watchers=[str(key) for key in watchers_of(data)][:WATCHERS_KEPT])


def watchers_of(data: dict[str, Any]) -> list[Any]:
    """A table's watchers as the server's file has them (none if the entry is damaged)."""
    watchers = data.get("watchers")
    return watchers if isinstance(watchers, list) else []


@dataclass
class Member:
    """What the server keeps of a key it knows, besides its name (in the people's
    registry, `table/people.py`): its bell, and its own browser link's secret (once it
    has one)."""

    bell: bool = True
    web: str | None = None


@dataclass(eq=False)
class LobbyConnection:
    """A lobby process connected to the server."""

    key: str
    link: Connection  # its outbox and writer (a host connection's, without a seat)
    since: float = field(default_factory=time.monotonic)
    listed: list[dict[str, Any]] = field(default_factory=list)  # the listing it was sent last
    replay: tuple[str, Any] | None = None  # the table it replays, and its SeatReplay (one at a time)


class TableServer:
    """Many tables and their lobby (see the module's docstring)."""

    def __init__(self, folder: Path, *, bot_delay: float = 0.8, hints: bool = True, code: str | None = None,
                 open_door: bool = False, limits: DoorLimits | None = None, bell: bool = True) -> None:
        self.folder = folder
        self.tables_folder = folder / "tables"
        self.bot_delay = bot_delay
        self.hints = hints
        self.open_door = open_door
        self.limits = limits or DoorLimits()
        self.bell = bell  # a new player's bell (each may turn theirs off in the lobby)
        self.tables: dict[str, ServedTable] = {}
        self.members: dict[str, Member] = {}  # the keys this server knows
        self.people = TablePeople(folder / "people.sqlite")  # names and records
        self._names: dict[str, str] = {}  # the registered names looked up so far
        self.code = code or new_join_code()
        self.next_number = 1
        self.tickets: dict[str, tuple[str, float]] = {}  # lobby ticket: (key, expires at)
        self.passes: dict[str, tuple[str, float]] = {}  # a seat's way back to the lobby
        self.lobbies: set[LobbyConnection] = set()
        self.penalties = Penalties(threshold=CODE_TRIES_BEFORE_PENALTY)
        self.save_problem = ""
        self.listeners: list[Callable[[], None]] = []
        self._folder = Path(tempfile.mkdtemp(prefix="sherwood-serve-"))
        self.socket_path = self._folder / "lobby.sock"
        self._server: asyncio.AbstractServer | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listing_due = False
        self.web_base: str | None = None  # the browser door's http://HOST:PORT, once it is open
        self._web_keys: dict[str, str] = {}  # a browser link's secret -> its key (as looked up)

    # ----- opening and closing ------------------------------------------------------
    async def start(self) -> None:
        """Read the server's file, open every unfinished table again, and listen."""
        import os

        try:
            self.tables_folder.mkdir(parents=True, exist_ok=True)
            self._load()
        except BaseException:
            shutil.rmtree(self._folder, ignore_errors=True)
            raise
        for table in self.tables.values():
            if table.started and not table.finished:
                await self._resume(table)
        self._server = await asyncio.start_unix_server(self._welcome, path=str(self.socket_path), limit=SEAT_LINE_LIMIT)
        os.chmod(self.socket_path, 0o600)
        self._write()

    async def close(self) -> None:
        """Say goodbye to every lobby, close every table (each saves), stop listening."""
        for lobby in list(self.lobbies):
            lobby.link.close(SERVER_CLOSING)
        if self._server is not None:
            self._server.close()
            self._server = None
        hosts = [table.host for table in self.tables.values() if table.host is not None]
        for table in self.tables.values():
            table.host = None
        await asyncio.gather(*(host.close() for host in hosts), return_exceptions=True)  # each saves
        tasks = list(self._tasks)
        if tasks:
            await asyncio.wait(tasks, timeout=2)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        self._write()
        shutil.rmtree(self._folder, ignore_errors=True)

    def _load(self) -> None:
        """The tables and people of the server's file (none when there is no file)."""
        from sherwood_tui.core.saves import read_small_file

        path = self.folder / SERVER_FILE
        if not path.exists():
            return
        try:
            data = json.loads(read_small_file(path, path.name, MAX_SERVER_FILE, "a server file"))
            self.code = str(data.get("code") or self.code)
            self.next_number = int(data.get("next", 1))
            self.members = {str(key): Member(bool(member.get("bell", True)),
                                             None if member.get("web") is None else str(member["web"]))
                            for key, member in dict(data.get("members", {})).items()}
            for item in data.get("tables", []):
                table = ServedTable.from_json(item)
                self.tables[table.id] = table
        except (SaveError, ValueError, TypeError, KeyError, AttributeError) as err:
            raise SaveError(f"{path}: not a server file sherwood-tui can read ({err.__class__.__name__})") from None

    def _write(self) -> None:
        from sherwood_tui.core.saves import write_atomically

        data = {"format": "sherwood-tui-server", "code": self.code, "next": self.next_number,
                "members": {key: {"bell": member.bell, "web": member.web} for key, member in self.members.items()},
                "tables": [table.to_json() for table in self.tables.values()]}
        try:
            write_atomically(self.folder / SERVER_FILE, json.dumps(data, indent=1))
        except OSError as err:
            self.save_problem = f"Could not keep the server's tables: {err.strerror or err.__class__.__name__}"
        else:
            self.save_problem = ""

    async def _resume(self, table: ServedTable) -> None:
        """Open a started table's save again (a problem is kept on the table: it is
        listed, not played)."""
        assert table.save is not None
        try:
            host = TableHost.resume(self.tables_folder / table.save, bot_delay=self.bot_delay, hints=self.hints)
        except SaveError as err:
            table.problem = str(err)
            return
        await self._open(table, host)

    async def _open(self, table: ServedTable, host: TableHost) -> None:
        """Start a table's host, its seats bound to its players' keys."""
        for seat, place in enumerate(table.places):
            if place.key is not None and host.claims.seat_keys.get(seat) != place.key:
                host.take(seat, place.key)
        host.bell_for = self.bell_of
        host.rematch = lambda: self._rematch(table)
        table.host = host
        host.listeners.append(lambda: self._table_changed(table))
        await host.start()

    # ----- who may come in (the SSH door asks: `DoorSource`) -------------------------
    def recognises(self, key: str) -> bool:
        return key in self.members

    def joining(self, login: str, key: str) -> str | None:
        if key in self.members or self.open_door:
            return None
        return "sherwood-tui server: a key's first time here."

    def claim(self, login: str, key: str, code: str) -> bool:
        if not same_code(code, self.code):
            return False
        self._know(key)
        return True

    def holder(self, login: str) -> str | None:
        return None  # every login is the lobby's

    def issue_ticket(self, login: str, key: str) -> str:
        """A one-time ticket for a lobby process of `key` (TableRefusal: why not)."""
        if key not in self.members:
            if not self.open_door:
                raise TableRefusal(NOT_KNOWN)
            newcomers = sum(1 for lobby in self.lobbies if lobby.key not in self.members)
            if newcomers >= self.limits.strangers:
                raise TableRefusal("Too many new players are in the lobby at once: try again in a minute.")
        now = time.monotonic()
        self.tickets = {t: entry for t, entry in self.tickets.items() if entry[1] > now}
        ticket = secrets.token_urlsafe(24)
        self.tickets[ticket] = (key, now + TICKET_LIFE)
        return ticket

    def seat_command(self, ticket: str) -> list[str]:
        """The command line of a lobby process for `ticket`."""
        return [sys.executable, "-m", "sherwood_tui", "lobby", f"--socket={self.socket_path}", f"--ticket={ticket}"]

    def _know(self, key: str) -> None:
        if key not in self.members:
            if len(self.members) >= MAX_PEOPLE:
                raise TableRefusal("This server knows as many players as it can: ask its host.")
            self.members[key] = Member(bell=self.bell)
            self._write()

    def name_of(self, key: str) -> str:
        """The name `key` registered (`table/people.py`), or its guest name."""
        name = self._names.get(key)
        if name is None:
            try:
                person = self.people.lookup(key)
            except PeopleError:
                person = None
            if person is None:
                return guest_name(key)
            name = self._names[key] = person.name
        return name

    def records_of(self, key: str) -> list[str]:
        """The lobby's lines of `key`'s record: its games, wins and rating per game."""
        try:
            return self.people.summary_lines(key)[:8]
        except PeopleError:
            return []

    def bell_of(self, key: str) -> bool:
        member = self.members.get(key)
        return self.bell if member is None else member.bell

    # ----- tables ----------------------------------------------------------------------
    def create_table(self, key: str, game_id: str, seats: list[str | None], options: dict[str, bool] | None = None,
                     private: bool = False) -> ServedTable:
        """A new table made by `key`, who takes its first seat (`seats`: None for a
        player's seat, a bot level for a bot's); RuleError or ValueError with a line
        when it cannot be. It starts at once if it needs no other player."""
        from sherwood_tui import catalog
        from sherwood_tui.core.contract import Player

        info = catalog.get(game_id)
        game = info.load()
        if not seats or seats[0] is not None:
            raise ValueError("The first seat is yours: a player's seat.")
        for level in seats:
            problem = None if level is None else level_problem(level)
            if problem:
                raise ValueError(problem)
        game.check_players([Player(name=f"Seat {n}") for n in range(1, len(seats) + 1)])
        chosen = game.check_options(dict(options or {})).as_dict()
        waiting = [t for t in self.tables.values() if not t.started]
        if sum(1 for t in waiting if t.creator == key) >= WAITING_PER_KEY:
            raise ValueError(f"You have {WAITING_PER_KEY} tables waiting for players already.")
        if sum(1 for t in self.tables.values() if not t.finished and not t.problem) >= MAX_TABLES:
            raise ValueError("The server has as many tables as it can hold: join one, or try later.")
        self._know(key)
        table = ServedTable(id=str(self.next_number), game_id=info.id,
                            places=[Place(bot=level) for level in seats], options=chosen,
                            code=new_join_code() if private else None, creator=key)
        self.next_number += 1
        table.places[0].key, table.places[0].name = key, self.name_of(key)
        self.tables[table.id] = table
        self._write()
        if table.free_seats() == 0:
            self._start_soon(table)
        self._relist()
        return table

    def join_table(self, key: str, table_id: str, code: str = "") -> int:
        """`key` takes a free player's seat at a waiting table (its seat; TableRefusal
        says why not). The last seat taken starts the table."""
        table = self._table(table_id)
        seat = table.seat_of(key)
        if seat is not None:
            return seat
        if table.started:
            raise TableRefusal(f"Table {table.id} has started: watch it instead.")
        self._check_code(key, table, code)
        seat = next((n for n, place in enumerate(table.places) if place.bot is None and place.key is None), None)
        if seat is None:
            raise TableRefusal(f"Table {table.id} is full.")
        self._know(key)
        table.places[seat].key, table.places[seat].name = key, self.name_of(key)
        self._write()
        if table.free_seats() == 0:
            self._start_soon(table)
        self._relist()
        return seat

    def leave_table(self, key: str, table_id: str) -> None:
        """`key` gives up its seat at a waiting table (its creator: the table goes)."""
        table = self._table(table_id)
        seat = table.seat_of(key)
        if table.started or seat is None:
            raise TableRefusal(f"You have no seat waiting at table {table.id}.")
        if table.creator == key:
            del self.tables[table.id]
        else:
            table.places[seat].key, table.places[seat].name = None, ""
        self._write()
        self._relist()

    def table_ticket(self, key: str, table_id: str, code: str = "") -> tuple[Path, str]:
        """The socket of a started table and a one-time ticket for a seat process of
        `key` there: its seat if it holds one, else watching (a private table's code
        once). TableRefusal says why not."""
        table = self._table(table_id)
        host = table.host
        if host is None:
            if table.problem:
                raise TableRefusal(f"Table {table.id} cannot be played: {table.problem}")
            if table.finished:
                raise TableRefusal(f"Table {table.id} is over: it opens in a moment.")
            raise TableRefusal(f"Table {table.id} has not started: it waits for players.")
        seat = table.seat_of(key)
        if seat is None and not host.recognises(key):
            if key not in table.watchers:  # (a watcher was let in once)
                self._check_code(key, table, code)
            host.take(None, key)
        if seat is None and key not in table.watchers and len(table.watchers) < WATCHERS_KEPT:
            table.watchers.append(key)  # (its end is then listed for them, to replay)
            self._write()
        login = WATCH if seat is None else host.logins()[seat]
        return host.socket_path, host.issue_ticket(login, key)

    def replay_for(self, key: str, table_id: str, code: str = "") -> tuple[Path, int | None]:
        """A finished table's save and the seat of `key` there, for its replay (None: it
        sat nowhere, and sees the public table only; a private table's code once).
        TableRefusal says why not."""
        table = self._table(table_id)
        if not table.finished or table.save is None:
            raise TableRefusal(f"Table {table.id} is not over: there is nothing to replay yet.")
        if table.problem:
            raise TableRefusal(f"Table {table.id} cannot be replayed: {table.problem}")
        seat = table.seat_of(key)
        if seat is None and key not in table.watchers:  # (a watcher was let in once)
            self._check_code(key, table, code)
        return self.tables_folder / table.save, seat

    def open_replay(self, key: str, table_id: str, code: str = "") -> Any:
        """A finished table's `SeatReplay` as `key`'s seat saw it (`replay_for`), made here:
        the lobby is sent one step at a time. TableRefusal says why not."""
        from sherwood_tui.table.seat_replay import SeatReplay
        from sherwood_tui.workbench.replay import Replay

        save, seat = self.replay_for(key, table_id, code)
        try:
            return SeatReplay(Replay.open(save), seat)
        except (SaveError, ValueError):  # (its words name the server's folders: not said)
            raise TableRefusal(f"Table {printable(table_id)[:12]} cannot be replayed: its save is gone or damaged.") from None

    def _table(self, table_id: str) -> ServedTable:
        table = self.tables.get(str(table_id))
        if table is None:
            raise TableRefusal(f"There is no table {printable(str(table_id))[:12]!r}.")
        return table

    def _check_code(self, key: str, table: ServedTable, code: str) -> None:
        """TableRefusal unless the table is open or `code` is its code (wrong codes count
        against the key: a few in a row and it waits)."""
        if table.code is None:
            return
        wait = self.penalties.refused_for(key)
        if wait > 0:
            raise TableRefusal(f"Too many wrong table codes: try again in {for_a_while(wait)}.")
        if not same_code(str(code), table.code):
            self.penalties.fail(key)
            raise TableRefusal(f"Table {table.id} is private: that is not its code.")

    def _start_soon(self, table: ServedTable) -> None:
        self._later(self._start_table(table))

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run `work` in its own task (`close` waits for it)."""
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _reopen(self, lobby: LobbyConnection, table: ServedTable, code: str) -> None:
        """Open a finished table's save again for a lobby that asks for it (its final
        scores, its log; a rematch), then send the lobby there."""
        if table.host is None:
            await self._resume(table)
        try:
            self._go(lobby, table, code)
        except TableRefusal as refusal:
            lobby.link.post({"type": "refused", "message": str(refusal)})
        self._table_changed(table)

    def _retire_when_empty(self, table: ServedTable) -> None:
        """A finished table nobody is at any more closes after a while (it opens again
        when asked for)."""
        host = table.host
        if host is None or not table.finished or host.seats or host.spectators or table.retiring:
            return
        table.retiring = True

        def check() -> None:
            table.retiring = False
            if table.host is host and not host.seats and not host.spectators:
                table.host = None
                self._later(host.close())

        asyncio.get_running_loop().call_later(RETIRE_AFTER, check)

    async def _start_table(self, table: ServedTable) -> None:
        """Every seat is taken: the game starts, and its players' lobbies go to it."""
        from sherwood_tui import catalog
        from sherwood_tui.core.contract import Player
        from sherwood_tui.core.saves import new_save_path
        from sherwood_tui.core.session import Session

        if table.started:
            return
        game = catalog.get(table.game_id).load()
        session = Session(game, self._players(table, Player), table.options)
        path = new_save_path(table.game_id, self.tables_folder)
        host = TableHost(session, path, bot_delay=self.bot_delay, hints=self.hints)
        table.save = path.name
        await self._open(table, host)
        self._write()
        self._relist()
        newest: dict[str, LobbyConnection] = {}  # a key's newest lobby goes (its others stay)
        for lobby in self.lobbies:
            if table.seat_of(lobby.key) is not None and lobby.since >= newest.get(lobby.key, lobby).since:
                newest[lobby.key] = lobby
        for lobby in newest.values():
            with contextlib.suppress(TableRefusal):
                self._go(lobby, table)

    @staticmethod
    def _players(table: ServedTable, player: Any) -> list[Any]:
        """The game's players: each seat's name, made unique ("Robin 2"), bots named
        for their level ("Sensible bot")."""
        names: list[str] = []
        taken: set[str] = set()
        for place in table.places:
            base = place.name if place.bot is None else f"{place.bot.split(':')[0].capitalize()} bot"
            name, extra = base, 1
            while name.casefold() in taken:
                extra += 1
                name = f"{base} {extra}"
            taken.add(name.casefold())
            names.append(name)
        return [player(name=name, bot=place.bot) for name, place in zip(names, table.places, strict=True)]

    async def _rematch(self, table: ServedTable) -> TableHost | None:
        """The rematch of a finished table (made once): the same seats, bots, options,
        keys and watchers, a new deal."""
        if not table.finished:
            return None
        if table.rematch is not None:
            again = self.tables.get(table.rematch)
            return None if again is None else again.host
        again = ServedTable(id=str(self.next_number), game_id=table.game_id,
                            places=[Place(place.bot, place.key, place.name) for place in table.places],
                            options=dict(table.options), code=table.code, creator=table.creator)
        self.next_number += 1
        table.rematch = again.id
        self.tables[again.id] = again
        await self._start_table(again)
        if again.host is not None and table.host is not None:
            for watcher in table.host.claims.watchers:
                again.host.take(None, watcher)
        return again.host

    def _table_changed(self, table: ServedTable) -> None:
        host = table.host
        if host is not None and host.session.is_over and not table.finished:
            table.finished = True
            try:
                self.people.record(host)  # each player's games, wins and rating
            except PeopleError as err:
                self.save_problem = f"Could not record the game of table {table.id}: {err}"
            self._forget_old_tables()
            self._write()
        self._retire_when_empty(table)
        self._relist()

    def _forget_old_tables(self) -> None:
        """The server's file lists the last FINISHED_KEPT finished tables (the saves of
        older ones stay in tables/)."""
        finished = [t for t in self.tables.values() if t.finished and t.host is None]
        for table in finished[: max(0, len(finished) - FINISHED_KEPT)]:
            del self.tables[table.id]

    # ----- the lobby's listing ------------------------------------------------------------
    def listing_for(self, key: str) -> list[dict[str, Any]]:
        """The lobby's rows for `key`: their own games (rejoin, or a seat they wait at),
        tables waiting for players (join), games in progress (watch), the finished games
        they played or watched (newest first)."""
        mine: list[dict[str, Any]] = []
        waiting: list[dict[str, Any]] = []
        playing: list[dict[str, Any]] = []
        finished: list[dict[str, Any]] = []
        for table in reversed(list(self.tables.values())):
            seat = table.seat_of(key)
            row = self._row(table, key)
            if table.finished:
                if (seat is not None or key in table.watchers) and len(finished) < FINISHED_LISTED:
                    finished.append(row | {"part": "finished", "action": "open"})
            elif seat is not None:
                mine.append(row | {"part": "mine", "action": "open" if table.started else "wait"})
            elif not table.started:
                if len(waiting) < LISTED:
                    waiting.append(row | {"part": "waiting", "action": "join"})
            elif len(playing) < LISTED and not table.problem:
                playing.append(row | {"part": "playing", "action": "watch"})
        return [*mine[:LISTED], *waiting, *playing, *finished]

    def _row(self, table: ServedTable, key: str) -> dict[str, Any]:
        from sherwood_tui import catalog

        title = catalog.get(table.game_id).title
        names = [place.name if place.bot is None else f"{place.bot} bot" for place in table.places if place.key or place.bot]
        free = table.free_seats()
        if table.problem:
            state = table.problem
        elif not table.started:
            state = f"waits for {free} player{'s' * (free != 1)}"
        elif table.finished:
            state = "finished"
        else:
            host = table.host
            state = "playing" if host is None else ("your turn" if self._awaits(table, key) else "playing")
        seated = table.seat_of(key) is not None
        return {"table": table.id, "game": title, "players": listing(names), "state": state,
                "private": table.code is not None, "code": table.code if seated and table.creator == key else None,
                "options": [name for name, on in table.options.items() if on]}

    @staticmethod
    def _awaits(table: ServedTable, key: str) -> bool:
        host, seat = table.host, table.seat_of(key)
        if host is None or seat is None or host.session.is_over:
            return False
        return seat in host.game.to_act(host.session.state)

    def _relist(self) -> None:
        """Send every lobby its listing soon (once, however many changes come first)."""
        for listener in list(self.listeners):
            listener()
        if self._listing_due or not self.lobbies:
            return
        self._listing_due = True
        asyncio.get_running_loop().call_later(LISTING_EVERY, self._send_listings)

    def _send_listings(self) -> None:
        self._listing_due = False
        for lobby in list(self.lobbies):
            if lobby.link.outbox.qsize() > LOBBY_BACKLOG:  # it reads nothing: it holds nothing more
                lobby.link.writer.close()
                continue
            rows = self.listing_for(lobby.key)
            if rows != lobby.listed:  # (a move at a table changes most lobbies' listing in nothing)
                lobby.listed = rows
                lobby.link.post({"type": "tables", "tables": rows})

    # ----- a lobby's connection --------------------------------------------------------------
    async def _welcome(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await serve_connection(self._serve, reader, writer, self._tasks)

    def _ticket_key(self, ticket: str) -> str | None:
        """The key of a lobby ticket or a seat's pass back (each used once), or None."""
        now = time.monotonic()
        for book in (self.tickets, self.passes):
            entry = book.pop(ticket, None)
            if entry is not None and entry[1] >= now:
                return entry[0]
        return None

    def issue_pass(self, key: str) -> str:
        """A pass back to the lobby for a seat of `key` (good for PASS_LIFE, once)."""
        now = time.monotonic()
        own = sorted((t for t, entry in self.passes.items() if entry[0] == key), key=lambda t: self.passes[t][1])
        for old in own[: max(0, len(own) - PASSES_PER_KEY + 1)]:
            del self.passes[old]
        self.passes = {t: entry for t, entry in self.passes.items() if entry[1] > now}
        ticket = secrets.token_urlsafe(24)
        self.passes[ticket] = (key, now + PASS_LIFE)
        return ticket

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hello = await asyncio.wait_for(read_message(reader), HELLO_WAIT)
        key = self._ticket_key(str(hello.get("ticket"))) if hello and hello["type"] == "hello" else None
        if key is None:
            await send(writer, {"type": "closed", "message": "This connection was not expected (or came too late): connect again."})
            return
        if not await send(writer, self.welcome_of(key)):
            return
        lobby = LobbyConnection(key, Connection(None, key, writer, log_mark=0, task=asyncio.current_task()))
        sender = asyncio.get_running_loop().create_task(lobby.link.deliver())
        self.lobbies.add(lobby)
        lobby.listed = self.listing_for(key)
        lobby.link.post({"type": "tables", "tables": lobby.listed})
        try:
            requests, steps = Budget(LOBBY_BURST, LOBBY_RATE), Budget(REPLAY_BURST, REPLAY_RATE)
            while (message := await read_message(reader)) is not None and message["type"] != "bye":
                budget = steps if message["type"] == "replay_step" else requests  # (a replay's own)
                if not budget.take():
                    lobby.link.post({"type": "refused", "message": "Not so fast: wait a moment."})
                    await asyncio.sleep(1 / budget.rate)  # (its next requests wait unread)
                    continue
                try:
                    self._asked(lobby, message)
                except TableRefusal as refusal:
                    lobby.link.post({"type": "refused", "message": str(refusal)})
                except (RuleError, ValueError) as err:
                    lobby.link.post({"type": "refused", "message": " ".join(str(err).split())})
        finally:
            self.lobbies.discard(lobby)
            lobby.link.outbox.put_nowait(None)
            await sender

    def welcome_of(self, key: str) -> dict[str, Any]:
        """What a lobby is told of its player: their name, bell and record, and their own
        browser link when the server has a browser door."""
        welcome = {"type": "welcome", "name": self.name_of(key), "bell": self.bell_of(key), "key": key,
                   "named": key in self._names or self.name_of(key) != guest_name(key), "records": self.records_of(key)}
        if self.web_base is not None and key in self.members:
            welcome["link"] = f"{self.web_base}/lobby/{self.web_token(key)}"
        return welcome

    # ----- the browser door (table/web.py: `start_serve_web`) ------------------------------
    def web_token(self, key: str) -> str:
        """The secret of `key`'s own browser link (made once, kept in the server's file):
        whoever has the link is that key in the browser."""
        member = self.members[key]
        if member.web is None:
            member.web = secrets.token_urlsafe(24)
            self._write()
        return member.web

    def web_key(self, token: str) -> str | None:
        """The key whose browser link has the secret `token`, or None."""
        if not self._web_keys or token not in self._web_keys:
            self._web_keys = {member.web: key for key, member in self.members.items() if member.web is not None}
        key = self._web_keys.get(token)
        member = None if key is None else self.members.get(key)
        return key if member is not None and member.web == token else None

    def _asked(self, lobby: LobbyConnection, message: dict[str, Any]) -> None:
        """One request of a lobby (TableRefusal, RuleError or ValueError: refused)."""
        key, kind = lobby.key, message["type"]
        table_id = str(message.get("table", ""))[:12]
        code = str(message.get("code") or "")[:64]
        if kind == "name":
            self.give_name(key, str(message.get("name", "")))
            lobby.link.post(self.welcome_of(key))
        elif kind == "bell":
            self._know(key)
            self.members[key].bell = message.get("on") is not False
            self._write()
            lobby.link.post(self.welcome_of(key))
        elif kind == "create":
            seats = message.get("seats")
            if not isinstance(seats, list) or not all(level is None or isinstance(level, str) for level in seats):
                raise ValueError("That is not a table's seats.")
            options = message.get("options") or {}
            if not isinstance(options, dict):
                raise ValueError("That is not a table's options.")
            table = self.create_table(key, str(message.get("game", "")), seats[:16], options,
                                      private=bool(message.get("private")))
            lobby.link.post({"type": "created", "table": table.id, "code": table.code})
        elif kind == "join":
            self.join_table(key, table_id, code)
        elif kind == "leave":
            self.leave_table(key, table_id)
        elif kind == "replay":
            replay = self.open_replay(key, table_id, code)
            lobby.replay = (table_id, replay)
            lobby.link.post({"type": "replay", "table": table_id, "title": replay.title, "viewer": replay.viewer,
                             "seat": replay.seat, "at": step_json(replay.position)})
        elif kind == "replay_step":
            step = message.get("step")
            if lobby.replay is None or lobby.replay[0] != table_id or type(step) is not int:
                raise TableRefusal("That replay is closed: press r on the game again.")
            lobby.link.post({"type": "replay_step", "table": table_id, "at": step_json(lobby.replay[1].go(step))})
        elif kind in ("watch", "open"):
            table = self._table(table_id)
            if table.finished and table.host is None and table.started and not table.problem:
                self._later(self._reopen(lobby, table, code))  # its final scores and log, and a rematch
            else:
                self._go(lobby, table, code)

    def give_name(self, key: str, name: str) -> None:
        """`key` is known by `name` from now on, once (ValueError: why not)."""
        name = " ".join(name.split())
        problem = guest_problem(name)
        if problem:
            raise ValueError(problem)
        self._know(key)
        try:
            self.people.register(key, name)
        except PeopleError as err:
            raise ValueError(str(err)) from None
        self._names[key] = name
        for table in self.tables.values():  # a seat at a table not yet started takes it too
            seat = table.seat_of(key)
            if seat is not None and not table.started:
                table.places[seat].name = name
        self._write()
        self._relist()

    def _go(self, lobby: LobbyConnection, table: ServedTable, code: str = "") -> None:
        """Send a lobby to a started table: its seat there, or to watch."""
        socket_path, ticket = self.table_ticket(lobby.key, table.id, code)
        go = {"type": "go", "socket": str(socket_path), "ticket": ticket, "back": self.issue_pass(lobby.key),
              "bell": self.bell_of(lobby.key), "table": table.id}
        if self.web_base is not None and lobby.key in self.members:  # a browser's lobby opens the seat's own page
            go["link"] = f"{self.web_base}/seat/{self.web_token(lobby.key)}/{table.id}"
        lobby.link.post(go)

    def status_lines(self) -> list[str]:
        """What the server's log says of its tables now."""
        playing = [t for t in self.tables.values() if t.host is not None and not t.finished]
        waiting = [t for t in self.tables.values() if not t.started]
        return [f"{len(playing)} table{'s' * (len(playing) != 1)} playing, {len(waiting)} waiting for players, "
                f"{len(self.lobbies)} in the lobby."]
