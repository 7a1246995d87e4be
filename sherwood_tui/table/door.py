"""What the SSH door gives those who are not (yet) at the table, as OpenSSH does: a small
budget of connections that have not authenticated, where a new one displaces the one
that has made the least progress (a pile of idle sockets cannot keep a player out), and
penalties for sources that keep failing to join (bad codes, abandoned prompts, handshakes
never finished), refused for a growing while (OpenSSH's `PerSourcePenalties`).

What one connection may make the host hold is bounded here too: a window's size
(`fit_window`), and how fast its keys reach its seat (`InputMeter`); the browser door
(table/web.py) uses them, and the startups' budget, as well.

No asyncssh and no sockets here: the SSH door (table/ssh.py) holds the connections and
asks these what to do; a clock is passed in, so the rules are tested without waiting."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from sherwood_tui.table.pty_bridge import SEAT_MEMORY, TERMINATE_GRACE

# How far a connection that has not authenticated has come (more is further).
CONNECTED = 0  # a TCP connection, nothing said yet
SPEAKING = 1  # it has sent its first bytes: the SSH handshake is under way
AUTHENTICATING = 2  # the handshake is done: it has named its login and offers keys
AUTHENTICATED = 3  # in: no longer a startup
CODE_TRIES = 3  # wrong join codes before a connection is closed

# ----- what one connection may make the host hold -----------------------------------
# A window's size, in cells: a seat draws at most this much. A window of 65535x65535 took
# a seat process past a gigabyte; at 1000x400 it stays within 70 MB. The widest screen
# made (8K, 7680x4320 pixels) holds 960x392 cells of a legible 8x11-pixel font.
MAX_COLUMNS = 1000
MAX_ROWS = 400
# Keys reach a seat at most at this rate (bytes a second): a fast typist makes 15 keys a
# second, auto-repeat 50, of at most 6 bytes each (an arrow with a modifier); a mouse
# moved steadily reports some 80 moves a second of 13 bytes. 1 KiB a second is above
# them all; a seat handles a few thousand keys a second, so it never falls behind.
INPUT_RATE = 1024.0
# ... after a burst of this many (a fast swipe of the mouse, a pasted name or code): a
# paste beyond it is cut.
INPUT_BURST = 16384


@dataclass(frozen=True)
class DoorLimits:
    """How much the SSH door gives those who are not seated (the defaults are a host's)."""

    # connections not yet authenticated, at once (a new one displaces the least advanced):
    # a whole table joining at once (6 players, more watchers than that) with room to
    # spare, and few enough that idle sockets cost nothing (a few KiB and a descriptor each)
    startups: int = 32
    first_bytes: float = 5.0  # seconds a new connection has to start speaking SSH
    login_grace: float = 20.0  # seconds from then to authenticate (OpenSSH's LoginGraceTime)
    # authenticated keys that hold no seat, at the join-code prompt at once: every new key
    # of a whole table at once (6 players and 10 watchers: 8 turned 7 of them away), and
    # a prompt costs the host a few KiB, no seat process
    strangers: int = 24
    code_time: float = 60.0  # seconds a stranger has to type the join code
    per_key: int = 3  # connections of one seated or watching key at once: one more closes its oldest
    idle_timeout: float = 1800.0  # seconds without a key before a connection is closed
    grace: float = TERMINATE_GRACE  # seconds a seat process has to end once its client has gone
    seat_memory: int = SEAT_MEMORY  # bytes a seat process may hold (resident) before it is closed


@dataclass(eq=False)
class Startup:
    """One connection that has not authenticated: how far it has come, and since when."""

    address: str
    since: float
    progress: int = CONNECTED
    drop: Callable[[], object] = field(default=lambda: None)  # ends the connection


Item = TypeVar("Item", bound=Startup)


class Startups(Generic[Item]):
    """The connections that have not authenticated yet: at most `budget` at once, and at
    most `per_address` of one address (None: no such cap)."""

    def __init__(self, budget: int, per_address: int | None = None) -> None:
        self.budget = max(1, budget)
        self.per_address = None if per_address is None else max(1, per_address)
        self.waiting: set[Item] = set()

    def admit(self, new: Item) -> Item | None:
        """Take `new` in; when its address has its share, the connection of that address
        that has made the least progress (the oldest of those) is displaced, else when
        the budget is full, the least advanced of all: it is returned, to be dropped. So
        whoever piles up connections pushes out their own first."""
        rivals: set[Item] | list[Item] = self.waiting
        if self.per_address is not None:
            same = [item for item in self.waiting if item.address == new.address]
            if len(same) >= self.per_address:
                rivals = same
        displaced = None
        if rivals is not self.waiting or len(self.waiting) >= self.budget:
            displaced = min(rivals, key=lambda item: (item.progress, item.since))
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


def fit_window(columns: int, rows: int) -> tuple[int, int]:
    """A window's size as a seat is given it: at least 1x1, at most MAX_COLUMNS x MAX_ROWS
    (a larger window shows the seat in its top left corner)."""
    return min(max(1, columns), MAX_COLUMNS), min(max(1, rows), MAX_ROWS)


PASTE_START = b"\x1b[200~"  # a terminal's bracketed paste (Textual asks for it)
PASTE_END = b"\x1b[201~"


class Budget:
    """Requests of one kind (a lobby's, a replay's steps, a seat's talk): `burst` at once,
    then `rate` a second (a token bucket)."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst, self.rate, self.left, self.clock = burst, rate, float(burst), time.monotonic()

    def take(self) -> bool:
        """One request more, if the budget has one (False: refuse it)."""
        now = time.monotonic()
        self.left, self.clock = min(self.burst, self.left + (now - self.clock) * self.rate), now
        if self.left < 1:
            return False
        self.left -= 1
        return True


class InputMeter:
    """What a connection's input may pass on to its seat: `rate` bytes a second after a
    burst of `burst` (a token bucket); what is over it is dropped, never kept, so a flood
    costs the host nothing to hold. Each piece passes whole or not at all (keys and mouse
    reports come one to a piece, so no escape sequence is cut), except a bracketed paste:
    its text is cut to what the bucket holds, but its end always passes (a seat never
    stays in a paste). A piece never ends inside a UTF-8 character: an unfinished one
    waits for the next piece (a seat refuses broken UTF-8)."""

    def __init__(self, rate: float = INPUT_RATE, burst: int = INPUT_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self.at = clock()
        self.pasting = False  # inside a bracketed paste
        self.cut = False  # ... whose text is being dropped: only its end passes
        self.carry = b""  # an unfinished UTF-8 character, or the start of a paste's end
        self.dropped = 0  # bytes dropped so far

    def take(self, data: bytes) -> bytes:
        """What of `data` (just received) passes on now."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        data, self.carry = _whole_characters(self.carry + data)
        out = bytearray()
        while data:
            if self.pasting:
                end = data.find(PASTE_END)
                text = data if end < 0 else data[:end]
                if end < 0:  # the end may have begun: keep its start for the next piece
                    keep = _marker_start(text, PASTE_END)
                    text, self.carry = text[:len(text) - keep], text[len(text) - keep:] + self.carry
                passing = 0 if self.cut else min(len(text), int(self.tokens))
                passing = _character_start(text, passing)
                out += text[:passing]
                self._spend(passing, len(text))
                self.cut = self.cut or passing < len(text)
                if end < 0:
                    break
                out += PASTE_END
                self.pasting = self.cut = False
                data = data[end + len(PASTE_END):]
                continue
            marker = min((at for at in (data.find(PASTE_START), data.find(PASTE_END)) if at >= 0), default=-1)
            piece = data if marker < 0 else data[:marker]
            passing = len(piece) if len(piece) <= self.tokens else 0
            out += piece[:passing]
            self._spend(passing, len(piece))
            if marker < 0:
                break
            # a paste's start or end always passes: an end out of place (its start came
            # in two pieces) ends the seat's paste all the same
            self.pasting = data.startswith(PASTE_START, marker)
            out += data[marker:marker + len(PASTE_START)]
            data = data[marker + len(PASTE_START):]
        return bytes(out)

    def _spend(self, passed: int, received: int) -> None:
        self.tokens -= passed
        self.dropped += received - passed


def _whole_characters(data: bytes) -> tuple[bytes, bytes]:
    """`data` split before an unfinished UTF-8 character at its end (if any)."""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte < 0x80:
            return data, b""
        if byte >= 0xC0:  # a lead byte: how long its character is
            length = 2 if byte < 0xE0 else 3 if byte < 0xF0 else 4
            return (data, b"") if back >= length else (data[:-back], data[-back:])
    return data, b""


def _character_start(data: bytes, index: int) -> int:
    """`index`, moved back to the start of the UTF-8 character it falls in."""
    while 0 < index < len(data) and 0x80 <= data[index] < 0xC0:
        index -= 1
    return index


def _marker_start(data: bytes, marker: bytes) -> int:
    """How many bytes at the end of `data` are the start of `marker`."""
    for length in range(min(len(marker) - 1, len(data)), 0, -1):
        if data.endswith(marker[:length]):
            return length
    return 0
