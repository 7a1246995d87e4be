"""The messages between a table's host and its seat processes: one JSON object a line
over a local (Unix) socket, each with a "type".

Seat to host (small; the host refuses a longer line and closes the connection):
- `{"type": "hello", "ticket": T}`: first; `T` is the one-time ticket the host issued
  when this seat process was started for a connection (it says who this is: a key
  that has joined, at the SSH door's join-code prompt, or a browser seat's link).
- `{"type": "act", "actions": [A, ...]}`: the chosen decision, its moves in order as the
  game's action JSON (applied all or nothing); `{"type": "act", "action": A}`, one move,
  is still read.
- `{"type": "undo"}`: take back this seat's last decision, if the table allows it.
- `{"type": "seen", "log": N}`: the seat's terminal has shown the public log up to its
  N-th line (sent for every feed): when this seat connects again, its first feed's
  events are those after it (a round's end it missed: its summary).
- `{"type": "say", "text": T}`: a line of table talk (a seat's: at most `host.TALK_CELLS`
  characters, a few lines at once then one every few seconds; kept with the table).
- `{"type": "rematch"}`: at a server's finished table, a rematch with the same seats.
- `{"type": "bye"}`: the player leaves (the seat waits for them).

Host to seat:
- `{"type": "welcome", "game": ID, "seat": S, "name": N, "hints": H}`: joined (seat None:
  watching); `"bell": false` when this player's terminal is not to ring when they must
  decide, `"rematch": true` at a table that starts rematches (a server's).
- `{"type": "feed", "feed": F, "events": E, "status": ST, "moved": M}`: what the seat may
  see now (`wire.feed_to_json`), the public events of the steps since the last feed
  (`wire.events_to_json`), the table's status (`TableStatus` as JSON), and whether a
  decision made it (`M`: only then does the seat show the game's screens for the
  events, a reveal; a feed of who is connected, or an undo, shows none).
- `{"type": "news", "lines": L}`: what this seat alone learnt from its last move
  (`Game.private_news`: cards it drew), shown to it before its next screen.
- `{"type": "refused", "message": M}`: a move or an undo was refused; nothing changed.
- `{"type": "notice", "message": M}`: something the seat should be told in passing.
- `{"type": "talk", "lines": [{"name": N, "text": T, "at": L}, ...], "old": O}`: table
  talk, this table's only (`L`: the log's length as it was said; `O`: the lines said
  before this seat sat down, not news).
- `{"type": "moved", "socket": P, "ticket": T}`: the table's rematch has started: this
  terminal goes on at `P` with the ticket `T`.
- `{"type": "closed", "message": M}`: the host ends this connection (the seat was
  opened elsewhere, the table closed...); the seat app says `M` and exits.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from sherwood_tui.core.wording import listing

SEAT_LINE_LIMIT = 64 * 1024  # what a seat may send in one message
HOST_LINE_LIMIT = 32 * 2**20  # a feed with a long game's whole log fits easily


class ProtocolError(Exception):
    """A message that is not one of ours (too long, not JSON, no type)."""


class TableRefusal(Exception):
    """Why someone is refused a seat, in one line (shown to them as it is)."""


def encode(message: dict[str, Any]) -> bytes:
    """One message as its line."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes) -> dict[str, Any]:
    """One line as a message (ProtocolError if it is not one)."""
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("a message that is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message without a type")
    return message


async def read_message(reader: asyncio.StreamReader) -> dict[str, Any] | None:
    """The next message, or None at the end of the stream. The reader's own limit (set
    when the connection is opened: `limit=SEAT_LINE_LIMIT` on the host's side) bounds a
    line; a longer one raises ProtocolError."""
    try:
        line = await reader.readuntil(b"\n")
    except asyncio.IncompleteReadError as err:
        if err.partial.strip():
            raise ProtocolError("a message cut short") from None
        return None
    except asyncio.LimitOverrunError:
        raise ProtocolError("a message too long") from None
    except (ConnectionError, OSError):
        return None
    return decode(line)


async def send(writer: asyncio.StreamWriter, message: dict[str, Any]) -> bool:
    """Send one message; False if the other side has gone."""
    try:
        writer.write(encode(message))
        await writer.drain()
    except (ConnectionError, OSError, RuntimeError):
        return False
    return True


async def serve_connection(serve: Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]],
                           reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                           tasks: set[asyncio.Task[Any]]) -> None:
    """Serve one connection with `serve`, its task held in `tasks` meanwhile (a shutdown
    waits for them); a lost connection or a message not ours just ends it; the
    connection is closed in every case."""
    task = asyncio.current_task()
    if task is not None:
        tasks.add(task)
    try:
        await serve(reader, writer)
    except (ProtocolError, TimeoutError, ConnectionError, OSError):
        pass
    finally:
        if task is not None:
            tasks.discard(task)
        writer.close()


class Follower:
    """What a seat's app and a lobby's share: a connection to a host's (or server's)
    socket, a hello with the ticket, every message handed to `handle` until the
    connection ends, and `send`, which drops a message once the other side has gone."""

    socket_path: Path
    ticket: str
    writer: asyncio.StreamWriter | None = None

    async def follow(self) -> bool:
        """Follow the socket until the connection ends; False if it could not be opened.
        A message not ours ends it like a lost connection."""
        try:
            reader, writer = await asyncio.open_unix_connection(str(self.socket_path), limit=HOST_LINE_LIMIT)
        except OSError:
            return False
        self.writer = writer
        self.send({"type": "hello", "ticket": self.ticket})
        try:
            while (message := await read_message(reader)) is not None:
                self.handle(message)
        except ProtocolError:
            pass
        finally:
            self.writer = None
            writer.close()
        return True

    def send(self, message: dict[str, Any]) -> None:
        """Send a message (dropped once the other side has gone)."""
        if self.writer is None:
            return
        try:
            self.writer.write(encode(message))
        except (ConnectionError, OSError, RuntimeError):
            pass

    def handle(self, message: dict[str, Any]) -> None:
        """One message from the other side."""
        raise NotImplementedError


@dataclass(frozen=True)
class SeatStatus:
    """One seat as the table sees it."""

    name: str
    login: str  # the user name that takes this seat over SSH (`ssh login@host`)
    bot: str | None  # its bot level, if a bot plays it
    connected: bool  # a player's terminal is on this seat now
    away: bool  # a human seat with nobody connected (the game may wait for it)


@dataclass(frozen=True)
class TableStatus:
    """Who sits where, who is connected, and whom the game waits for."""

    seats: tuple[SeatStatus, ...]
    waiting_for: tuple[int, ...]  # the seats that must decide now
    spectators: int
    over: bool

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableStatus:
        seats = tuple(SeatStatus(**seat) for seat in data["seats"])
        return cls(seats, tuple(data["waiting_for"]), int(data["spectators"]), bool(data["over"]))

    def waiting_text(self, me: int | None = None) -> str:
        """ "Waiting for Marian (away) and Will." or "" when nobody is awaited; seat
        `me` (the reader's) is "you"."""
        names = ["you" if s == me else self.seats[s].name + (" (away)" if self.seats[s].away else "")
                 for s in self.waiting_for]
        return f"Waiting for {listing(names)}." if names else ""
