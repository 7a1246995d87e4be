"""What the SSH door gives those who are not (yet) at the table, as OpenSSH does: a small
budget of connections that have not authenticated, where a new one displaces the one
that has made the least progress (a pile of idle sockets cannot keep a player out), and
penalties for sources that keep failing to join (bad codes, abandoned prompts, handshakes
never finished), refused for a growing while (OpenSSH's `PerSourcePenalties`).

No asyncssh and no sockets here: the SSH door (table/ssh.py) holds the connections and
asks these two what to do; a clock is passed in, so the rules are tested without waiting."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from sherwood_tui.table.pty_bridge import TERMINATE_GRACE

# How far a connection that has not authenticated has come (more is further).
CONNECTED = 0  # a TCP connection, nothing said yet
SPEAKING = 1  # it has sent its first bytes: the SSH handshake is under way
AUTHENTICATING = 2  # the handshake is done: it has named its login and offers keys
AUTHENTICATED = 3  # in: no longer a startup
CODE_TRIES = 3  # wrong join codes before a connection is closed


@dataclass(frozen=True)
class DoorLimits:
    """How much the SSH door gives those who are not seated (the defaults are a host's)."""

    startups: int = 10  # connections not yet authenticated, at once (a new one displaces one)
    first_bytes: float = 5.0  # seconds a new connection has to start speaking SSH
    login_grace: float = 20.0  # seconds from then to authenticate (OpenSSH's LoginGraceTime)
    strangers: int = 8  # authenticated keys that hold no seat, at the join-code prompt at once
    code_time: float = 60.0  # seconds a stranger has to type the join code
    per_key: int = 3  # connections of one seated or watching key at once: one more closes its oldest
    idle_timeout: float = 1800.0  # seconds without a key before a connection is closed
    grace: float = TERMINATE_GRACE  # seconds a seat process has to end once its client has gone


@dataclass(eq=False)
class Startup:
    """One connection that has not authenticated: how far it has come, and since when."""

    address: str
    since: float
    progress: int = CONNECTED
    drop: Callable[[], object] = field(default=lambda: None)  # ends the connection


Item = TypeVar("Item", bound=Startup)


class Startups(Generic[Item]):
    """The connections that have not authenticated yet: at most `budget` at once."""

    def __init__(self, budget: int) -> None:
        self.budget = max(1, budget)
        self.waiting: set[Item] = set()

    def admit(self, new: Item) -> Item | None:
        """Take `new` in; when the budget is full, the connection that has made the least
        progress (the oldest of those) is displaced: it is returned, to be dropped."""
        displaced = None
        if len(self.waiting) >= self.budget:
            displaced = min(self.waiting, key=lambda item: (item.progress, item.since))
            self.waiting.discard(displaced)
        self.waiting.add(new)
        return displaced

    def leave(self, item: Item) -> None:
        """`item` has authenticated or gone."""
        self.waiting.discard(item)


@dataclass
class _Record:
    failures: int = 0  # since the last penalty (or since it was forgotten)
    penalties: int = 0  # how many penalties so far: each lasts twice the one before
    until: float = 0.0  # refused until then
    last: float = 0.0  # the last failure or penalty


class Penalties:
    """Failures counted per source (an address, a key); at `threshold` failures in a row
    the source is refused for `first` seconds, then twice as long each time again, at
    most `longest`. A source quiet for `forget` seconds past its penalty starts afresh.
    At most `most` sources are remembered (the least recent are forgotten first)."""

    def __init__(self, *, threshold: int = 5, first: float = 30.0, longest: float = 3600.0,
                 forget: float = 900.0, most: int = 4096, clock: Callable[[], float] = time.monotonic) -> None:
        self.threshold, self.first, self.longest = threshold, first, longest
        self.forget, self.most, self.clock = forget, most, clock
        self.records: OrderedDict[str, _Record] = OrderedDict()

    def refused_for(self, source: str) -> float:
        """Seconds `source` is still refused (0: it is not)."""
        record = self.records.get(source)
        return 0.0 if record is None else max(0.0, record.until - self.clock())

    def fail(self, source: str) -> float:
        """Count a failure of `source`; the seconds of the penalty it now starts, or 0."""
        now = self.clock()
        record = self.records.pop(source, None) or _Record()
        if record.until > now:  # refused already: nothing more to count
            self.records[source] = record
            return 0.0
        if now - record.last > self.forget:
            record = _Record()
        record.last = now
        record.failures += 1
        penalty = 0.0
        if record.failures >= self.threshold:
            record.failures = 0
            record.penalties += 1
            penalty = min(self.longest, self.first * 2 ** min(record.penalties - 1, 30))
            record.until = record.last = now + penalty
        self.records[source] = record
        while len(self.records) > self.most:
            self.records.popitem(last=False)
        return penalty


def for_a_while(seconds: float) -> str:
    """A wait in words: "30 seconds", "2 minutes", "1 hour"."""
    for unit, size in (("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = max(1, round(seconds / size))
            return f"{count} {unit}{'s' * (count != 1)}"
    count = max(1, round(seconds))
    return f"{count} second{'s' * (count != 1)}"


class CodeLine:
    """The join code as a stranger types it on a raw terminal: digits, dashes and spaces
    are echoed, Backspace takes one back, escape sequences (arrows...) are ignored.
    `feed` returns what to echo and, once Enter ends the line (then `text` is it), the
    bytes typed after it."""

    MOST = 40  # characters of a code (the real one has nine)
    TYPED = frozenset(b"0123456789- ")
    ENTER = frozenset(b"\r\n")
    BACKSPACE = frozenset(b"\x7f\x08")
    LEAVE = frozenset(b"\x03\x04")  # Ctrl+C, Ctrl+D

    def __init__(self) -> None:
        self.text = ""
        self.escape = 0  # 0: plain; 1: after ESC; 2: inside a CSI sequence
        self.left = False  # Ctrl+C or Ctrl+D: the stranger leaves

    def feed(self, data: bytes) -> tuple[bytes, bytes | None]:
        """Take typed bytes up to an Enter: what to echo, and None while no Enter came,
        else the bytes after it (for the next line, once this one is read and cleared)."""
        echo = bytearray()
        for index, byte in enumerate(data):
            if self.escape == 1:
                self.escape = 2 if byte in b"[O" else 0
            elif self.escape == 2:
                if 0x40 <= byte <= 0x7E:
                    self.escape = 0
            elif byte == 0x1B:
                self.escape = 1
            elif byte in self.LEAVE:
                self.left = True
                return bytes(echo), b""
            elif byte in self.ENTER:
                return bytes(echo), data[index + 1:]
            elif byte in self.BACKSPACE:
                if self.text:
                    self.text = self.text[:-1]
                    echo += b"\x08 \x08"
            elif byte in self.TYPED and len(self.text) < self.MOST:
                self.text += chr(byte)
                echo.append(byte)
        return bytes(echo), None

    def clear(self) -> None:
        self.text, self.escape = "", 0
