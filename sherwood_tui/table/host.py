"""The host of a table: the one process that owns a game played on many terminals.

It holds the game (a `Session`), its save (locked for the host's whole life, written
after every change) and a Unix socket that the seat processes connect to, one per
player's terminal (over SSH or in a browser) or spectator. Each connection says who it
is with a one-time ticket (`issue_ticket`, asked for by the SSH or web server when it
starts the seat process), then speaks the protocol of `table/protocol.py`.

Who may take a seat: an SSH key that has taken it before (the join code, typed at the SSH
door's prompt, binds a key to a seat for good: `claim`), or the holder of the seat's
secret browser link. The claims, the code and
the links are kept beside the save (`.NAME.table.json`, hidden like the lock: the save
list skips it), so a restarted host gives the same keys the same seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import secrets
import shutil
import socket
import sys
import tempfile
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sherwood_tui.core.contract import AnyGame
from sherwood_tui.core.errors import RuleError, SaveError
from sherwood_tui.core.levels import level_problem
from sherwood_tui.core.savelock import SaveLock
from sherwood_tui.core.session import Session
from sherwood_tui.core.steps import MAX_DECISION_MOVES
from sherwood_tui.core.wording import listing, printable
from sherwood_tui.table.door import Budget, DoorLimits
from sherwood_tui.table.protocol import (
    SEAT_LINE_LIMIT,
    SeatStatus,
    TableRefusal,
    TableStatus,
    read_message,
    send,
    serve_connection,
)
from sherwood_tui.table.wire import events_to_json, feed_to_json

WATCH = "watch"  # the login of spectators
TICKET_LIFE = 60.0  # seconds a ticket may wait for its seat process to say hello
HELLO_WAIT = 30.0  # seconds a new connection has to say hello
MAX_TABLE_FILE = 256 * 1024

REPLACED = "This seat was opened on another terminal."
NOT_JOINED = "This key has not joined the table yet: connect again and type the join code."
CLOSING = "The host has closed the table. Your seat waits: connect again when it opens again."
TALK_CELLS = 200  # the longest line of table talk
TALK_BURST = 5  # lines a seat may say at once ...
TALK_EVERY = 4.0  # ... then one each this many seconds
TALK_KEPT = 100  # lines of talk a table keeps (with its save), the oldest go first
TALK_SHOWN = 30  # lines a seat is sent as it sits down


def table_file(save: Path) -> Path:
    """The side file of a table's claims, code and links (hidden, beside the save)."""
    return save.with_name(f".{save.name}.table.json")


def login_of(name: str) -> str:
    """A player's name as an SSH user name: "Little John" is "little-john"."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def unique_logins(names: list[str]) -> tuple[str, ...]:
    """One login per seat: its name's slug ("seat3" when the name has no letters),
    made unique with a number ("robin-2"); never "watch"."""
    taken = {WATCH}
    logins = []
    for number, name in enumerate(names, start=1):
        base = login_of(name) or f"seat{number}"
        login, extra = base, 1
        while login in taken:
            extra += 1
            login = f"{base}-{extra}"
        taken.add(login)
        logins.append(login)
    return tuple(logins)


def new_join_code() -> str:
    """Eight random digits, as the host reads them out: "4821-0937"."""
    return f"{secrets.randbelow(10**4):04d}-{secrets.randbelow(10**4):04d}"


def same_code(typed: str, code: str) -> bool:
    """Whether the code typed is the join code (spaces and dashes aside)."""
    digits = re.sub(r"[\s-]", "", typed)[:64]
    return secrets.compare_digest(digits.encode(), code.replace("-", "").encode())


@dataclass
class Claims:
    """Who may sit where, kept beside the save: the join code, the SSH key of each
    claimed seat, the keys that may watch, and each human seat's browser link."""

    join_code: str
    seat_keys: dict[int, str] = field(default_factory=dict)
    watchers: set[str] = field(default_factory=set)
    links: dict[int, str] = field(default_factory=dict)
    # the table talk, oldest first: {"name", "text", "at": the log's length as it was said}
    talk: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def load(cls, path: Path, humans: list[int]) -> Claims:
        """The claims of `path`, or fresh ones (no file, or one that is not ours); each
        human seat gets a link."""
        claims = cls._read(path) or cls(new_join_code())
        claims.seat_keys = {seat: key for seat, key in claims.seat_keys.items() if seat in humans}
        claims.links = {seat: claims.links.get(seat) or secrets.token_urlsafe(16) for seat in humans}
        return claims

    @classmethod
    def _read(cls, path: Path) -> Claims | None:
        from sherwood_tui.core.saves import read_small_file

        try:
            data = json.loads(read_small_file(path, path.name, MAX_TABLE_FILE, "a table file"))
            code = data["join_code"]
            if not (isinstance(code, str) and re.fullmatch(r"\d{4}-\d{4}", code)):
                return None
            return cls(
                join_code=code,
                seat_keys={int(seat): str(key) for seat, key in dict(data["seat_keys"]).items()},
                watchers={str(key) for key in data["watchers"]},
                links={int(seat): str(token) for seat, token in dict(data["links"]).items()},
                talk=[{"name": str(line["name"]), "text": str(line["text"]), "at": int(line.get("at", 0))}
                      for line in list(data.get("talk", []))[-TALK_KEPT:]],
            )
        except (SaveError, ValueError, TypeError, KeyError):
            return None

    def save(self, path: Path) -> None:
        from sherwood_tui.core.saves import write_atomically

        data = {
            "join_code": self.join_code,
            "seat_keys": {str(seat): key for seat, key in self.seat_keys.items()},
            "watchers": sorted(self.watchers),
            "links": {str(seat): token for seat, token in self.links.items()},
            "talk": self.talk[-TALK_KEPT:],
        }
        write_atomically(path, json.dumps(data, indent=1))


@dataclass(eq=False)
class Connection:
    """One seat process connected to the host (`seat` None: a spectator)."""

    seat: int | None
    key: str
    writer: asyncio.StreamWriter
    log_mark: int  # the log's length at this connection's last feed
    task: asyncio.Task[Any] | None = None  # the host's task serving it
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)

    def post(self, message: dict[str, Any]) -> None:
        self.outbox.put_nowait(message)

    def close(self, message: str) -> None:
        """Say goodbye with `message`, then hang up (after what is queued)."""
        self.post({"type": "closed", "message": message})
        self.outbox.put_nowait(None)

    async def deliver(self) -> None:
        """Send what is posted, in order, until told to stop or the seat has gone."""
        while (message := await self.outbox.get()) is not None:
            if not await send(self.writer, message):
                break
        self.writer.close()


class TableHost:
    """The host of one game on many terminals (see the module's docstring)."""

    def __init__(self, session: Session, save_path: Path, *, bot_delay: float = 0.8,
                 own_data: tuple[str, ...] = (), lock: SaveLock | None = None, hints: bool = True) -> None:
        """A host for `session`, saved to `save_path`: its lock is taken now (SaveError
        when another process plays it), unless `lock` already holds it."""
        self.session = session
        self.game: AnyGame = session.game
        self.save_path = save_path
        self.bot_delay = bot_delay
        self.hints = hints  # the seats' h key shows the expert's choice (`host --no-hints`: not)
        self.closing = threading.Event()  # set when the table closes: an expert's search stops
        self.own_data = own_data  # the `--assets` items the seat processes need too
        self.new_save = not save_path.exists()  # a new game's: no file yet (see `forget_unopened`)
        self.lock = lock or SaveLock(save_path).acquire()
        self.claims = Claims.load(table_file(save_path), session.humans)
        self.join_code = self.claims.join_code
        self._logins = unique_logins([player.name for player in session.players])
        # away human seats a bot plays for now, with its level: the session's hand-off
        # policy counts them as bots (for undo, and for when bots move)
        self.stand_ins: dict[int, str] = session.handoff.stand_ins
        # how much of the log each seat's terminal has shown (its seat process says so
        # with "seen"): a seat that connects again is sent what it missed since
        self.seen: dict[int, int] = {}
        self.seats: dict[int, Connection] = {}  # the connection on each seat
        self.spectators: set[Connection] = set()
        self.tickets: dict[str, tuple[str, str, float]] = {}  # ticket: (login, key, expires at)
        self.listeners: list[Callable[[], None]] = []
        self.save_problem = ""  # why the last save failed ("" when it did not)
        self.bot_problem = ""  # which bot failed, where the crash file is
        self.notices: deque[str] = deque(maxlen=20)  # the doors' last log lines (penalties), newest last
        self.notices_said = 0  # how many there have been
        # whether a key's seat rings the terminal's bell (and titles it) when it must decide
        self.bell_for: Callable[[str], bool] = lambda key: True
        # each seat's talk: the lines it may say now (`TALK_EVERY` adds one), and when that
        # was counted (a seat's, not a connection's: connecting again gives none back)
        self.talk_budgets: dict[int, Budget] = {}
        # a server's: the table of the rematch of this finished one, started (None: none)
        self.rematch: Callable[[], Awaitable[TableHost | None]] | None = None
        self._folder = Path(tempfile.mkdtemp(prefix="sherwood-table-"))
        self.socket_path = self._folder / "host.sock"
        self._server: asyncio.AbstractServer | None = None
        self._bots: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    @classmethod
    def resume(cls, save_path: Path, *, bot_delay: float = 0.8, own_data: tuple[str, ...] = (),
               hints: bool = True) -> TableHost:
        """A host for the game saved in `save_path` (SaveError with one line if it
        cannot be played, or another process plays it)."""
        from sherwood_tui.core.saves import load_session

        lock = SaveLock(save_path).acquire()  # first: the file read is then ours
        try:
            session = load_session(save_path)
        except BaseException:
            lock.release()
            raise
        return cls(session, save_path, bot_delay=bot_delay, own_data=own_data, lock=lock, hints=hints)

    # ----- who sits where -----------------------------------------------------------
    def logins(self) -> tuple[str, ...]:
        return self._logins

    def link_tokens(self) -> dict[int, str]:
        return dict(self.claims.links)

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays `seat` now (a bot seat, or an away seat handed to one)."""
        return self.session.handoff.is_bot(seat)

    def _seat_of_login(self, login: str) -> int | None:
        """The seat that `login` takes (None: watching); TableRefusal if there is none."""
        if login == WATCH:
            return None
        if login in self._logins:
            return self._logins.index(login)
        humans = [self._logins[seat] for seat in self.session.humans]
        asked = printable(login)[:40]
        raise TableRefusal(f"There is no seat {asked!r} at this table; the seats are "
                           f"{', '.join(humans)} (or {WATCH}, to watch).")

    def recognises(self, key: str) -> bool:
        """Whether the SSH key `key` holds a seat, or has watched, at this table."""
        return key in self.claims.watchers or key in self.claims.seat_keys.values()

    def joining(self, login: str, key: str) -> str | None:
        """None when `key` may take the seat of `login` (or watch) as it is; otherwise
        the heading of its join-code prompt. TableRefusal when it may not have it."""
        seat = self._seat_of_login(login)
        self._check_seat(seat, key)
        if self._known(seat, key):
            return None
        where = "to watch" if seat is None else f"as {self.session.player_name(seat)}"
        return f"{self.game.title}: joining the table {where}."

    def holder(self, login: str) -> str | None:
        """The SSH key that holds the seat of `login` (None: free, watching, or no such
        seat)."""
        seat = self._logins.index(login) if login in self._logins else None
        return None if seat is None else self.claims.seat_keys.get(seat)

    def claim(self, login: str, key: str, code: str) -> bool:
        """Whether `code` is the join code: if so, `key` holds the seat of `login` (or may
        watch) for good. TableRefusal when the seat was taken meanwhile."""
        seat = self._seat_of_login(login)
        self._check_seat(seat, key)
        if not same_code(code, self.join_code):
            return False
        self._bind(seat, key)
        return True

    def _check_seat(self, seat: int | None, key: str) -> None:
        """TableRefusal when the SSH key `key` may never sit at `seat` (a bot's, or
        another key's)."""
        refusal = self._seat_refusal(seat, key)
        if refusal:
            raise TableRefusal(refusal)

    def _seat_refusal(self, seat: int | None, key: str) -> str:
        """Why the SSH key `key` may never sit at `seat` (a bot's, or another key's), or ""."""
        if seat is None:
            return ""
        name = self.session.player_name(seat)
        if self.session.players[seat].bot is not None:
            return f"{name} is played by a bot at this table."
        owner = self.claims.seat_keys.get(seat)
        return f"{name}'s seat was taken by another key." if owner is not None and owner != key else ""

    def take(self, seat: int | None, key: str) -> None:
        """`key` holds `seat` (None: may watch) for good, as a right join code gives it
        (a server's lobby seats its players so)."""
        self._bind(seat, key)

    def issue_ticket(self, login: str, key: str) -> str:
        """A one-time ticket for a seat process of `key` on the seat of `login` (or
        watching), valid for TICKET_LIFE seconds; TableRefusal says why not (an SSH key
        must have joined first: `claim`)."""
        seat = self._seat_of_login(login)
        if key.startswith("link:"):
            token = key.removeprefix("link:")
            if seat is None or not secrets.compare_digest(token.encode(), self.claims.links.get(seat, "").encode()):
                raise TableRefusal("This link is not a seat of this table.")
        else:
            refusal = self._refusal(seat, key)
            if refusal:
                raise TableRefusal(refusal)
        now = time.monotonic()
        self.tickets = {t: entry for t, entry in self.tickets.items() if entry[2] > now}
        ticket = secrets.token_urlsafe(24)
        self.tickets[ticket] = (login, key, now + TICKET_LIFE)
        return ticket

    def door_notice(self, line: str) -> None:
        """A line of a door's log (a source refused for a while): kept, and shown on the
        host's terminal."""
        self.notices.append(line)
        self.notices_said += 1
        for listener in list(self.listeners):
            listener()

    def seat_command(self, ticket: str) -> list[str]:
        """The command line of a seat process for `ticket` (`--name=value`: a ticket may
        begin with "-")."""
        command = [sys.executable, "-m", "sherwood_tui", "seat", f"--socket={self.socket_path}", f"--ticket={ticket}"]
        command += [f"--assets={item}" for item in self.own_data]
        return command

    def status(self) -> TableStatus:
        session = self.session
        seats = tuple(
            SeatStatus(
                name=player.name,
                login=self._logins[seat],
                bot=player.bot or self.stand_ins.get(seat),
                connected=seat in self.seats,
                away=player.bot is None and seat not in self.seats,
            )
            for seat, player in enumerate(session.players)
        )
        over = session.is_over
        waiting = () if over else tuple(self.game.to_act(session.state))
        return TableStatus(seats, waiting, len(self.spectators), over)

    def hand_to_bot(self, seat: int, level: str = "sensible") -> None:
        """Let a bot play an away human seat until its player comes back (ValueError
        with the reason when the seat is not one)."""
        session = self.session
        problem = level_problem(level)
        if problem:
            raise ValueError(problem)
        if not 0 <= seat < len(session.players) or session.players[seat].bot is not None:
            raise ValueError("Only a player's seat can be handed to a bot.")
        name = session.player_name(seat)
        if seat in self.seats:
            raise ValueError(f"{name} is at the table: only an away seat can be handed to a bot.")
        if self.stand_ins.get(seat) == level:
            return
        self.stand_ins[seat] = level
        session.note(f"A {level} bot plays for {name} while they are away.")
        self._changed()

    @property
    def problem(self) -> str:
        """What the host's terminal should say went wrong ("" when nothing did)."""
        return " ".join(part for part in (self.save_problem, self.bot_problem) if part)

    # ----- opening and closing ------------------------------------------------------
    async def start(self) -> None:
        """Listen for seat processes, save, and let the bots play."""
        self._server = await asyncio.start_unix_server(self._welcome, path=str(self.socket_path), limit=SEAT_LINE_LIMIT)
        os.chmod(self.socket_path, 0o600)
        self._save_claims()
        self._changed()

    async def close(self) -> None:
        """Tell every seat the table is closed, stop, save, and let the save go."""
        self.closing.set()
        if self._bots is not None:
            self._bots.cancel()
        for connection in [*self.seats.values(), *self.spectators]:
            connection.close(CLOSING)
        if self._server is not None:
            self._server.close()
            self._server = None
        seated = {connection.task for connection in [*self.seats.values(), *self.spectators]}
        tasks = list(self._tasks)
        for task in tasks:
            if task not in seated:
                task.cancel()  # still joining: nothing to say goodbye to
        if tasks:  # the goodbyes go out; connections that do not end soon are cut
            await asyncio.wait(tasks, timeout=2)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        self.seats.clear()
        self.spectators.clear()
        self._save()
        self.lock.release()
        shutil.rmtree(self._folder, ignore_errors=True)

    def forget_unopened(self) -> None:
        """After `close`, for a table that never opened (its port was taken): a new
        game's save and side file go, so that no game nobody could join is listed as in
        progress (a resumed save stays as it was)."""
        if self.new_save:
            for path in (self.save_path, table_file(self.save_path)):
                with contextlib.suppress(OSError):
                    path.unlink(missing_ok=True)

    # ----- after every change -------------------------------------------------------
    def _changed(self, moved: bool = False) -> None:
        """Save, send every connection what it may see now (`moved`: after a decision,
        whose events the feeds carry), wake the bots, tell the host's terminal."""
        self._save()
        status = self.status().to_json()
        for seat, connection in self.seats.items():
            self._send_feed(connection, feed_to_json(self.session.feed(seat, private=True)), status, moved)
        if self.spectators:
            public = feed_to_json(self.session.feed(None))
            for connection in self.spectators:
                self._send_feed(connection, public, status, moved)
        self._wake_bots()
        for listener in list(self.listeners):
            listener()

    def _send_feed(self, connection: Connection, feed: dict[str, Any], status: dict[str, Any],
                   moved: bool = False) -> None:
        """Send `feed` with the public events since this connection's last feed (and
        whether they are a decision's: the seat shows the game's screens for those)."""
        log = self.session.log
        events = log[min(connection.log_mark, len(log)) :]
        connection.log_mark = len(log)
        connection.post({"type": "feed", "feed": feed, "events": events_to_json(events), "status": status,
                         "moved": moved})

    def _save(self) -> None:
        from sherwood_tui.core.saves import write_save

        try:
            write_save(self.session, self.save_path)
        except OSError as err:
            self.save_problem = f"Could not save the game: {err.strerror or err.__class__.__name__}"
        else:
            self.save_problem = ""

    def _save_claims(self) -> None:
        try:
            self.claims.save(table_file(self.save_path))
        except OSError as err:
            self.save_problem = f"Could not keep the seats' keys: {err.strerror or err.__class__.__name__}"

    # ----- bots -----------------------------------------------------------------------
    def _bot_due(self) -> int | None:
        """The seat of the bot that moves now (`Session.bot_turn`: as the hot-seat app's
        bots, when no human must decide), or None."""
        turn = self.session.bot_turn()
        return None if turn is None else turn.seat

    def _wake_bots(self) -> None:
        if self._server is not None and (self._bots is None or self._bots.done()) and self._bot_due() is not None:
            self._bots = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        """Bots move one at a time, `bot_delay` apart, as long as one is due: the
        session's bot turns, as the hot-seat app plays them (`Session.bot_turn`)."""
        while self._bot_due() is not None:
            await asyncio.sleep(self.bot_delay)
            turn = self.session.bot_turn()  # the table may have changed meanwhile
            if turn is None:
                return
            try:
                if turn.thinks:  # a second or more: the event loop goes on
                    decision = await asyncio.to_thread(turn.decide, self.closing.is_set)
                    if self.closing.is_set() or not turn.current():
                        continue  # the table changed meanwhile (a move, an undo): think again
                else:
                    decision = turn.decide()
                turn.play(decision)
            except Exception as error:  # a bug: said on every terminal; the game waits
                self._bot_failed(turn.seat, error)
                return
            self._changed(moved=True)  # (this runner goes on: `_wake_bots` starts no other)

    def _bot_failed(self, seat: int, error: Exception) -> None:
        from sherwood_tui.ui.lifecycle import write_crash_report

        where = write_crash_report(error).rpartition("; ")[2]
        self.bot_problem = f"{self.session.player_name(seat)}'s bot failed ({where}); the game cannot go on."
        for connection in [*self.seats.values(), *self.spectators]:
            connection.post({"type": "notice", "message": self.bot_problem})
        for listener in list(self.listeners):
            listener()

    # ----- one connection -------------------------------------------------------------
    async def _welcome(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """A seat process has connected: check its ticket, ask for the join code when
        its key has not taken the seat yet, then serve it until it leaves."""
        await serve_connection(self._serve, reader, writer, self._tasks)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        hello = await asyncio.wait_for(read_message(reader), HELLO_WAIT)
        entry = self.tickets.pop(str(hello.get("ticket")), None) if hello and hello["type"] == "hello" else None
        if entry is None or entry[2] < time.monotonic():
            await send(writer, {"type": "closed", "message": "This connection was not expected (or came too late): connect again."})
            return
        login, key, _ = entry
        seat = self._seat_of_login(login)
        refusal = self._refusal(seat, key)
        if refusal:
            await send(writer, {"type": "closed", "message": refusal})
            return
        name = "Spectator" if seat is None else self.session.player_name(seat)
        welcome = {"type": "welcome", "game": self.game.id, "seat": seat, "name": name, "hints": self.hints}
        if not self.bell_for(key):  # (said only when off, and a rematch only when there is one)
            welcome["bell"] = False
        if self.rematch is not None:
            welcome["rematch"] = True
        if not await send(writer, welcome):
            return
        connection = Connection(seat, key, writer, log_mark=self._shown_mark(seat), task=asyncio.current_task())
        sender = asyncio.get_running_loop().create_task(connection.deliver())
        if self.claims.talk:
            connection.post({"type": "talk", "lines": self.claims.talk[-TALK_SHOWN:], "old": True})
        self._sit(connection)
        try:
            await self._listen(reader, connection)
        finally:
            self._leave(connection)
            connection.outbox.put_nowait(None)
            await sender

    def _shown_mark(self, seat: int | None) -> int:
        """Where a new connection's first feed starts the events it is sent: a seat that
        has been shown the game before gets what its terminal missed since (a round's end
        there: its summary); a new seat or a spectator, nothing before now."""
        length = len(self.session.log)
        return length if seat is None else min(self.seen.get(seat, length), length)

    def _refusal(self, seat: int | None, key: str) -> str:
        """Why `key` may not have `seat` now (a bot's, another key's, or never claimed by
        this SSH key; a browser link is its own claim), or ""."""
        if key.startswith("link:"):
            return ""
        return self._seat_refusal(seat, key) or ("" if self._known(seat, key) else NOT_JOINED)

    def _known(self, seat: int | None, key: str) -> bool:
        """Whether `key` has taken `seat` (or may watch) before."""
        return key in self.claims.watchers if seat is None else self.claims.seat_keys.get(seat) == key

    def _bind(self, seat: int | None, key: str) -> None:
        if seat is None:
            self.claims.watchers.add(key)
        else:
            self.claims.seat_keys[seat] = key
        self._save_claims()

    def _sit(self, connection: Connection) -> None:
        """Put a welcomed connection on its seat (replacing a stale one), hand the seat
        back from a bot, and show everyone."""
        seat = connection.seat
        if seat is None:
            self.spectators.add(connection)
        else:
            stale = self.seats.get(seat)
            if stale is not None:
                stale.close(REPLACED)
            self.seats[seat] = connection
            level = self.stand_ins.pop(seat, None)
            if level is not None:
                name = self.session.player_name(seat)
                self.session.note(f"{name} is back: the {level} bot no longer plays for them.")
                connection.post({"type": "notice", "message": f"Welcome back, {name}: your seat is yours again."})
        if self.bot_problem:
            connection.post({"type": "notice", "message": self.bot_problem})
        self._changed()

    def _leave(self, connection: Connection) -> None:
        """A connection has ended: its seat is away (unless it was replaced)."""
        if connection.seat is None:
            if connection in self.spectators:
                self.spectators.discard(connection)
                self._changed()
        elif self.seats.get(connection.seat) is connection:
            del self.seats[connection.seat]
            self._changed()

    async def _listen(self, reader: asyncio.StreamReader, connection: Connection) -> None:
        """Serve a seated connection's messages until it leaves or is replaced."""
        while True:
            message = await read_message(reader)
            if message is None or message["type"] == "bye":
                return
            if connection.seat is not None and self.seats.get(connection.seat) is not connection:
                return  # replaced: its seat is another terminal's now
            if message["type"] == "act":
                moves = message.get("actions", [message.get("action")])
                why = self._act(connection, moves)
            elif message["type"] == "undo":
                why = self._undo(connection)
            elif message["type"] == "seen":
                self._saw(connection, message.get("log"))
                continue
            elif message["type"] == "say":
                why = self._talk(connection, message.get("text"))
            elif message["type"] == "rematch":
                why = await self._rematch(connection)
            else:
                continue  # a code sent twice, or a message of a later version
            if why:
                connection.post({"type": "refused", "message": why})

    def _talk(self, connection: Connection, text: Any) -> str:
        """A line of table talk from a seat: kept with the table, sent to everyone at it
        (this table only); why not (too long, too fast, a spectator's), or ""."""
        seat = connection.seat
        if seat is None:
            return "Spectators watch: they do not talk at the table."
        line = " ".join(printable(str(text)).split()) if isinstance(text, str) else ""
        if not line:
            return ""
        if len(line) > TALK_CELLS:
            return f"A line of table talk has at most {TALK_CELLS} characters."
        budget = self.talk_budgets.setdefault(seat, Budget(TALK_BURST, 1 / TALK_EVERY))
        if not budget.take():
            return "Not so fast: wait a moment before you say more."
        said = {"name": self.session.player_name(seat), "text": line, "at": len(self.session.log)}
        self.claims.talk = [*self.claims.talk, said][-TALK_KEPT:]
        self._save_claims()
        for other in [*self.seats.values(), *self.spectators]:
            other.post({"type": "talk", "lines": [said]})
        return ""

    async def _rematch(self, connection: Connection) -> str:
        """A seat asks for a rematch of the finished game: every terminal at the table
        moves to it (the same seats), or why not."""
        if connection.seat is None:
            return "Spectators watch: a seat asks for a rematch."
        if not self.session.is_over:
            return "The game is not over yet."
        if self.rematch is None:
            return "This table has no rematch: its host starts a new game."
        again = await self.rematch()
        if again is None:
            return "The rematch could not start."
        for other in [*self.seats.values(), *self.spectators]:
            login = WATCH if other.seat is None else again.logins()[other.seat]
            try:
                ticket = again.issue_ticket(login, other.key)
            except TableRefusal:
                continue
            other.post({"type": "moved", "socket": str(again.socket_path), "ticket": ticket})
        return ""

    def _saw(self, connection: Connection, log: Any) -> None:
        """A seat's terminal has shown the log up to `log` (see `_shown_mark`)."""
        if connection.seat is not None and type(log) is int and 0 <= log <= len(self.session.log):
            self.seen[connection.seat] = log

    def _act(self, connection: Connection, data: Any) -> str:
        """Play a seat's decision (its moves in order, all or nothing); why not (nothing
        changed), or ""."""
        from pydantic import ValidationError

        seat = connection.seat
        if seat is None:
            return "Spectators watch: they cannot move."
        if not isinstance(data, list) or not 1 <= len(data) <= MAX_DECISION_MOVES:
            return f"That is not a move of {self.game.title}."
        try:
            moves = [self.game.parse_action(item) for item in data]
        except (ValidationError, ValueError, TypeError):
            return f"That is not a move of {self.game.title}."
        if any(move.seat != seat for move in moves):
            return f"You play {self.session.player_name(seat)}: you cannot move for another seat."
        try:
            self.session.submit(moves)
        except RuleError as err:
            return str(err)
        news = self.session.private_news()
        if news:  # what this player alone learnt (cards they drew): before the new feeds
            connection.post({"type": "news", "lines": news})
        self._changed(moved=True)
        return ""

    def _undo(self, connection: Connection) -> str:
        """Take back a seat's last decision (its small moves too) and the bot moves
        after it, as the hot seat does (`HandOff.undo`: while no other player has
        decided since and nothing since was final); why not, or ""."""
        seat, session = connection.seat, self.session
        if seat is None:
            return "Spectators watch: they have no decision to take back."
        try:
            session.handoff.undo(seat)
        except RuleError as err:
            return str(err)
        noted = len(session.log) - 1  # the log lost the events taken back, then got the undo's note
        for other in [*self.seats.values(), *self.spectators]:
            other.log_mark = min(other.log_mark, noted)
        self.seen = {where: min(mark, noted) for where, mark in self.seen.items()}
        self._changed()
        return ""


def status_line(status: TableStatus, problem: str = "") -> str:
    """Who is where, in one line: "Connected: Robin. Away: Marian (a sensible bot
    plays). Waiting for Marian (away)." (and a save problem, if any)."""
    connected = [seat.name for seat in status.seats if seat.connected]
    away = [seat.name + (f" (a {seat.bot} bot plays)" if seat.bot else "") for seat in status.seats if seat.away]
    parts = [f"Connected: {listing(connected) or 'nobody'}."]
    if away:
        parts.append(f"Away: {listing(away)}.")
    if status.spectators:
        parts.append(f"{status.spectators} watching.")
    parts.append("The game is over." if status.over else status.waiting_text())
    if problem:
        parts.append(problem)
    return " ".join(part for part in parts if part)


# ----- a host with its SSH and web servers ------------------------------------------------
SEATS_LEAVING = 4.0  # seconds the servers wait, once the table closes, for the seats to leave


@dataclass
class TableSettings:
    """Where a table listens (port 0: any free port)."""

    listen: str = "127.0.0.1"
    ssh_port: int = 2222
    web_port: int | None = 8080  # None: no browser seats
    host_key: Path | None = None  # None: in the data folder
    door: DoorLimits = field(default_factory=DoorLimits)  # what the SSH door gives strangers


class OpenTable:
    """A started host with its SSH server and (unless switched off) its web server."""

    def __init__(self, host: TableHost, settings: TableSettings) -> None:
        self.host = host
        self.settings = settings
        self.ssh: Any = None
        self.web: Any = None

    async def start(self) -> None:
        """Start the host and its servers (OSError when a port cannot be had: all stop)."""
        from sherwood_tui.core.paths import data_dir
        from sherwood_tui.table.ssh import start_ssh_server

        settings = self.settings
        await self.host.start()
        try:
            key = settings.host_key or data_dir() / "ssh_host_ed25519_key"
            self.ssh = await start_ssh_server(self.host, settings.listen, settings.ssh_port, key,
                                              limits=settings.door, say=self.host.door_notice)
            if settings.web_port is not None:
                from sherwood_tui.table.web import start_web_server

                self.web = await start_web_server(self.host, settings.listen, settings.web_port,
                                                  self.host.link_tokens(), self.host.logins(),
                                                  say=self.host.door_notice)
        except BaseException:
            await self.close()
            self.host.forget_unopened()  # a new game nobody could join is no game in progress
            raise

    async def close(self) -> None:
        """The host says goodbye to every seat first; the seats then end by themselves
        (the servers wait a moment for that), and the servers stop."""
        await self.host.close()
        if self.ssh is not None:
            with contextlib.suppress(Exception):
                await self.ssh.close(wait=SEATS_LEAVING)
        if self.web is not None:
            with contextlib.suppress(Exception):
                await self.web.close()
        self.web = self.ssh = None

    def address(self) -> str:
        """The address players type: the listening one, or this machine's name when it
        listens on all of them."""
        listen = self.settings.listen
        return socket.gethostname() if listen in ("", "0.0.0.0", "::") else listen

    def instructions(self) -> list[str]:
        """What the host reads out to the players: per seat the command (and link),
        the join code, and the host key's fingerprint."""
        host, session = self.host, self.host.session
        address = self.address()
        port = self.ssh.port if self.ssh is not None else self.settings.ssh_port
        lines = [f"{self.host.game.title}: {listing(p.name for p in session.players)}.",
                 f"Join code: {host.join_code}  (each SSH key asks for it once)"]
        if self.ssh is not None:
            lines.append(f"Host key: {self.ssh.fingerprint}")
        links = host.link_tokens()
        width = max(len("Watch"), *(len(p.name) for p in session.players))
        for seat, player in enumerate(session.players):
            label = f"{player.name}:".ljust(width + 2)
            if player.bot is not None:
                lines.append(f"{label}a {player.bot} bot")
                continue
            lines.append(f"{label}ssh -p {port} {host.logins()[seat]}@{address}")
            if self.web is not None:
                lines.append(f"{' ' * len(label)}or in a browser: {self.web.url(links[seat])}")
        lines.append(f"{'Watch:'.ljust(width + 2)}ssh -p {port} {WATCH}@{address}")
        return lines
