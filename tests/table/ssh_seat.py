"""A player at their own terminal, for the end-to-end tests: an asyncssh client with a
pseudo-terminal, whose output is read by a terminal emulator (pyte), so that a test sees
the screen as the player does, and keeps every byte the seat was sent."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import asyncssh
import pyte

KEYS = {"enter": "\r", "up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D",
        "escape": "\x1b", "tab": "\t", "ctrl+q": "\x11", "space": " "}


class SshSeat:
    """One SSH connection to a table, with a screen of `size` (columns, rows)."""

    def __init__(self, conn: Any, process: Any, size: tuple[int, int]) -> None:
        self.conn, self.process = conn, process
        self.screen = pyte.Screen(*size)
        self.stream = pyte.ByteStream(self.screen)
        self.received = bytearray()  # every byte this seat was sent
        self.reader = asyncio.ensure_future(self._read())

    @classmethod
    async def connect(cls, port: int, login: str, key: Any, size: tuple[int, int] = (80, 24),
                      address: str = "127.0.0.1") -> SshSeat:
        """Connect from `address` (any of 127/8: players on other machines)."""
        conn = await asyncssh.connect("127.0.0.1", port, username=login, client_keys=[key],
                                      known_hosts=None, agent_path=None, config=None, local_addr=(address, 0))
        process = await conn.create_process(term_type="xterm-256color", term_size=size, encoding=None)
        return cls(conn, process, size)

    @classmethod
    async def join(cls, port: int, login: str, key: Any, code: str, address: str = "127.0.0.1") -> SshSeat:
        """A key's first time at a seat: the join code typed at the door's prompt."""
        seat = await cls.connect(port, login, key, address=address)
        await seat.wait_for("Join code:")
        await seat.type(code)
        seat.press("enter")
        return seat

    async def _read(self) -> None:
        while True:
            chunk = await self.process.stdout.read(65536)
            if not chunk:
                return
            self.received += chunk
            self.stream.feed(chunk)

    @property
    def ended(self) -> bool:
        return self.reader.done()

    def text(self) -> str:
        """The screen as the player sees it, one line a row."""
        return "\n".join(self.screen.display)

    def shows(self, *words: str) -> bool:
        flat = " ".join(self.text().split())
        return all(word in flat for word in words)

    async def wait_for(self, *words: str, timeout: float = 30.0) -> None:
        """Until every word is on the screen (AssertionError after `timeout`)."""
        deadline = time.monotonic() + timeout
        while not self.shows(*words):
            if time.monotonic() > deadline or self.ended:
                raise AssertionError(f"{words} never shown; the screen:\n{self.text()}")
            await asyncio.sleep(0.05)

    def press(self, *keys: str) -> None:
        for key in keys:
            self.process.stdin.write(KEYS.get(key, key).encode())

    async def type(self, text: str) -> None:
        for char in text:
            self.press(char)
            await asyncio.sleep(0.01)

    def resize(self, columns: int, rows: int) -> None:
        self.screen.resize(rows, columns)
        self.process.change_terminal_size(columns, rows)

    async def drop(self) -> None:
        """The connection dies (no goodbye)."""
        self.conn.abort()
        await asyncio.wait([self.reader], timeout=10)

    async def close(self) -> None:
        self.conn.close()
        await asyncio.wait([self.reader], timeout=10)
